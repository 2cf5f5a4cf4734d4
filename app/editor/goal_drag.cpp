#include "app/editor/goal_drag.h"

namespace app {

const char* drag_plane_name(DragPlane plane) {
  switch (plane) {
    case DragPlane::ground:
      return "ground";
    case DragPlane::limb:
      return "limb";
    case DragPlane::view:
      break;
  }
  return "view";
}

glm::vec3 drag_plane_normal(DragPlane plane, const glm::vec3& ray_direction, const glm::vec3& root,
                            const glm::vec3& middle, const glm::vec3& effector) {
  const glm::vec3 facing = -ray_direction;
  glm::vec3 normal = facing;
  if (plane == DragPlane::ground) {
    normal = glm::vec3(0.0f, 1.0f, 0.0f);
  } else if (plane == DragPlane::limb) {
    const glm::vec3 across = glm::cross(middle - root, effector - root);
    const float size = glm::length(middle - root) * glm::length(effector - root);
    if (!(glm::length(across) > 0.02f * size)) return facing;  // straighter than about 1 degree
    normal = glm::normalize(across);
  }
  // sin(10 degrees): a plane seen nearer edge-on than that turns a small mouse move into a long throw.
  if (std::fabs(glm::dot(normal, ray_direction)) < 0.17f) return facing;
  return glm::dot(normal, facing) < 0.0f ? -normal : normal;
}

}  // namespace app
