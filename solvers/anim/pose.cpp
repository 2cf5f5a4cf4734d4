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

void fk_all(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& world) {
  world.resize(static_cast<size_t>(skeleton.joint_count()));
  fk(skeleton, pose, world);
}

}  // namespace ik
