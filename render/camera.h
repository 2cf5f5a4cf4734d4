// An orbit camera around a target point. Plain maths, no GL: usable in tests.
#pragma once

#include <glm/glm.hpp>

namespace render {

struct Ray {
  glm::vec3 origin;
  glm::vec3 direction;  // unit
};

struct Camera {
  glm::vec3 target{0.0f, 1.0f, 0.0f};  // model space, the point orbited around
  float distance = 4.0f;               // from target to eye, scene units
  float yaw = 0.6f;                    // radians about +Y, 0 = looking down -Z
  float pitch = 0.25f;                 // radians above the horizon
  float fov_y = 0.7853982f;            // vertical field of view, radians (45 deg)

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;  // near/far follow the distance
  float near_plane() const;                  // distance / 100
  float far_plane() const;                   // distance * 1000
  glm::vec3 forward() const;                 // unit, from the eye towards the target

  // Mouse helpers; deltas in pixels (window pixels grow rightwards and downwards),
  // viewport height in the same pixels.
  // orbit: the scene turns with the mouse (0.005 rad per pixel); pitch stays short of
  // the poles. The distance and the target are unchanged.
  void orbit(float dx_pixels, float dy_pixels);
  // pan: moves the target in the view plane so the point under the mouse (at the
  // target's depth) follows the mouse.
  void pan(float dx_pixels, float dy_pixels, float viewport_height);
  // zoom: positive steps (wheel up) move closer; each step divides the distance by 1.15.
  void zoom(float wheel_steps);
  // Frames an axis-aligned box (model space) so all of it is visible with a small margin,
  // from the current direction: both the vertical and the horizontal field of view
  // (aspect = width / height) are honoured. Sets target and distance.
  void frame(const glm::vec3& box_min, const glm::vec3& box_max, float aspect);
  // The ray through a point of the viewport, for picking. px, py in pixels from the
  // top-left corner of the viewport (pass x + 0.5 for the centre of pixel x); use the same
  // pixel units for the point and the viewport size (window pixels for mouse events).
  Ray ray_through(float px, float py, float viewport_width, float viewport_height) const;
};

}  // namespace render
