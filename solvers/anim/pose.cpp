#include "solvers/anim/pose.h"

namespace ik {

Pose rest_pose(const Skeleton& skeleton) { return Pose{skeleton.rest}; }

void fk(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& world, int from, int to) {
  if (to < 0) to = skeleton.joint_count();
  for (int i = from; i < to; ++i) {
    const glm::mat4 local = to_matrix(pose.local[static_cast<size_t>(i)]);
    const int p = skeleton.parent[static_cast<size_t>(i)];
    world[static_cast<size_t>(i)] = p < 0 ? local : world[static_cast<size_t>(p)] * local;
  }
}

void translate_in_model_space(const Skeleton& skeleton, Pose& pose, int joint, const glm::vec3& offset) {
  if (joint < 0 || joint >= skeleton.joint_count() || pose.local.size() != skeleton.rest.size()) return;
  glm::mat4 parent(1.0f);
  for (int j = skeleton.parent[static_cast<size_t>(joint)]; j >= 0; j = skeleton.parent[static_cast<size_t>(j)])
    parent = to_matrix(pose.local[static_cast<size_t>(j)]) * parent;
  pose.local[static_cast<size_t>(joint)].translation += glm::inverse(glm::mat3(parent)) * offset;
}

void fk_all(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& world) {
  world.resize(static_cast<size_t>(skeleton.joint_count()));
  fk(skeleton, pose, world);
}

}  // namespace ik
