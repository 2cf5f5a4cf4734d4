// An independent forward kinematics for tests and the soak: matrices composed directly
// with GLM (translate * mat4_cast * scale), not ik::fk / ik::to_matrix, so the checks do
// not trust the code they check. Header only, no test framework.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"

namespace iktest {

// T * R * S of one joint (parent space).
inline glm::mat4 local_matrix(const ik::Transform& t) {
  return glm::translate(glm::mat4(1.0f), t.translation) * glm::mat4_cast(t.rotation) *
         glm::scale(glm::mat4(1.0f), t.scale);
}

// Model-space matrix of `joint`: the local matrices of its ancestors, root first.
inline glm::mat4 world_matrix(const ik::Skeleton& skeleton, const ik::Pose& pose, int joint) {
  glm::mat4 m(1.0f);
  for (int j = joint; j >= 0; j = skeleton.parent[static_cast<size_t>(j)])
    m = local_matrix(pose.local[static_cast<size_t>(j)]) * m;
  return m;
}

inline glm::vec3 world_position(const ik::Skeleton& skeleton, const ik::Pose& pose, int joint) {
  return glm::vec3(world_matrix(skeleton, pose, joint)[3]);
}

}  // namespace iktest
