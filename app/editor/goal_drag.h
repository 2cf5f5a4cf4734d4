// The maths of dragging a goal: in a plane through the goal -- the one facing the camera,
// the horizontal one or the limb's (the viewport toolbar's Drag choice) -- or along one model
// axis while X, Y or Z is held. Plain functions, tested in tests/app/editor/test_goal_drag.cpp.
#pragma once

#include <cmath>

#include "render/camera.h"

namespace app {

// The plane a goal drag moves the goal in, through the goal: facing the camera (the screen's
// plane), horizontal (along the ground: the height stays), or the limb's plane (through the
// chain's root, middle joint and effector: the limb bends in it).
enum class DragPlane { view, ground, limb };
inline constexpr DragPlane kDragPlanes[] = {DragPlane::view, DragPlane::ground, DragPlane::limb};
const char* drag_plane_name(DragPlane plane);  // "view", "ground", "limb"

// The normal of that plane for a drag whose mouse ray runs along `ray_direction` (unit).
// The ground or limb plane gives way to the view plane where the mouse could not move the
// goal in it: seen within about 10 degrees of edge-on, or (the limb's) a straight limb with no
// plane.
glm::vec3 drag_plane_normal(DragPlane plane, const glm::vec3& ray_direction, const glm::vec3& root,
                            const glm::vec3& middle, const glm::vec3& effector);

// Where `ray` meets the plane through `point` with normal `normal`. False if the ray
// runs parallel to the plane or the plane is behind the ray's origin.
inline bool ray_plane_hit(const render::Ray& ray, const glm::vec3& point, const glm::vec3& normal,
                          glm::vec3& hit) {
  const float denom = glm::dot(ray.direction, normal);
  if (std::fabs(denom) < 1e-6f) return false;
  const float t = glm::dot(point - ray.origin, normal) / denom;
  if (!(t > 0.0f)) return false;
  hit = ray.origin + t * ray.direction;
  return true;
}

// The point of the line origin + s * axis (axis unit) closest to `ray`. When the ray
// runs along the axis, there is no best point: `origin` is returned.
inline glm::vec3 closest_point_on_axis(const render::Ray& ray, const glm::vec3& origin,
                                       const glm::vec3& axis) {
  // Minimise |origin + s*axis - (ray.origin + t*dir)|: the two normal equations give
  // s = (b*e - c*d) / (a*c - b*b) with a = axis.axis = 1, c = dir.dir = 1.
  const glm::vec3 w = origin - ray.origin;
  const float b = glm::dot(axis, ray.direction);
  const float d = glm::dot(axis, w);
  const float e = glm::dot(ray.direction, w);
  const float denom = 1.0f - b * b;
  if (denom < 1e-6f) return origin;
  const float s = (b * e - d) / denom;
  return origin + s * axis;
}

}  // namespace app
