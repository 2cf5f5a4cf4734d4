#include "solvers/ik/goal_error.h"

#include <cmath>

#include "solvers/ik/solver_common.h"

namespace ik {

glm::quat rotation_of(const glm::mat3& linear) {
  const glm::vec3 x = direction_or(linear[0], glm::vec3(1, 0, 0));
  const glm::vec3 y_raw = linear[1] - x * glm::dot(x, linear[1]);
  const glm::vec3 y = direction_or(y_raw, any_perpendicular(x));
  return glm::normalize(glm::quat_cast(glm::mat3(x, y, glm::cross(x, y))));
}

glm::vec3 rotation_vector_between(const glm::quat& from, const glm::quat& to) {
  glm::quat d = to * glm::conjugate(from);
  if (d.w < 0.0f) d = -d;  // the same rotation; this sign is the shorter way round
  const glm::vec3 v(d.x, d.y, d.z);
  const float s = glm::length(v);
  if (!(s > 1e-12f)) return glm::vec3(2.0f * v.x, 2.0f * v.y, 2.0f * v.z);  // angle ~ 2 |v|
  return v * (2.0f * std::atan2(s, d.w) / s);
}

float effector_error(const Goal& goal, const glm::vec3& position, const glm::mat3& linear,
                     float orientation_weight) {
  float error = glm::length(goal.position - position);
  if (goal.use_orientation) {
    const glm::vec3 r = rotation_vector_between(rotation_of(linear), glm::normalize(goal.orientation));
    error += orientation_weight * glm::length(r);
  }
  return error;
}

}  // namespace ik
