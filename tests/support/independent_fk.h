// An independent forward kinematics for tests and the soak: matrices composed directly
// with GLM (T * R * S, the axes turned by the quaternion), not ik::fk / ik::to_matrix, so
// the checks do not trust the code they check. Header only, no test framework.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"

namespace iktest {

// T * R * S of one joint (parent space): each column the joint's scaled axis turned by its
// rotation (the quaternion applied to a vector, not a rotation matrix), then the
// translation. Not translate * mat4_cast * scale: the tests' own code is compiled without
// optimisation, where those two 4x4 products were most of a long test's time.
inline glm::mat4 local_matrix(const ik::Transform& t) {
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(t.rotation * glm::vec3(t.scale.x, 0.0f, 0.0f), 0.0f);
  m[1] = glm::vec4(t.rotation * glm::vec3(0.0f, t.scale.y, 0.0f), 0.0f);
  m[2] = glm::vec4(t.rotation * glm::vec3(0.0f, 0.0f, t.scale.z), 0.0f);
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
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

// The model-space positions of `path` (joints each the parent of the next, as path_of gives
// them): one walk down from the first joint's parent instead of one walk up per joint.
inline std::vector<glm::vec3> path_positions(const ik::Skeleton& skeleton, const ik::Pose& pose,
                                             const std::vector<int>& path) {
  std::vector<glm::vec3> out;
  if (path.empty()) return out;
  const int above = skeleton.parent[static_cast<size_t>(path.front())];
  glm::mat4 m = above >= 0 ? world_matrix(skeleton, pose, above) : glm::mat4(1.0f);
  for (int j : path) {
    m = m * local_matrix(pose.local[static_cast<size_t>(j)]);
    out.push_back(glm::vec3(m[3]));
  }
  return out;
}

}  // namespace iktest
