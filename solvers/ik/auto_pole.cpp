// Index: the chain's joints (effector up to root); model transforms in a pose or at rest;
// the first hinge's bend side; automatic_pole.
#include "solvers/ik/auto_pole.h"

#include <array>
#include <cmath>

#include "solvers/ik/goal_space.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/pole.h"

namespace ik {
namespace {

// The chain's joints root first into `path`; their count, or 0 if the effector is not below
// the root or the chain is longer than the array.
int chain_joints(const Skeleton& skeleton, const Chain& chain, std::array<int, kMaxAutoPoleJoints>& path) {
  const int n = skeleton.joint_count();
  if (chain.root < 0 || chain.root >= n || chain.effector < 0 || chain.effector >= n) return 0;
  int count = 0;
  for (int j = chain.effector; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) {
    if (count == kMaxAutoPoleJoints) return 0;
    path[static_cast<size_t>(count++)] = j;
    if (j == chain.root) {
      for (int a = 0, b = count - 1; a < b; ++a, --b)
        std::swap(path[static_cast<size_t>(a)], path[static_cast<size_t>(b)]);
      return count;
    }
  }
  return 0;  // the root is not an ancestor of the effector
}

// Joint j's model transform in `pose`, or at rest when `pose` is nullptr.
glm::mat4 model_transform(const Skeleton& skeleton, const Pose* pose, int j) {
  if (pose != nullptr) return joint_model_transform(skeleton, *pose, j);
  glm::mat4 m(1.0f);
  for (; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) m = to_matrix(skeleton.rest[static_cast<size_t>(j)]) * m;
  return m;
}

// The bend side of a straight chain: the first interior joint with an enabled hinge swings
// the bone below it about its model axis; the chain bends away from that swing, the way the
// hinge's range reaches farther from its angle in the reference. Zero if there is none.
glm::vec3 hinge_bend_side(const Skeleton& skeleton, const Pose* reference, const int* path, int count,
                          const glm::vec3* positions) {
  for (int k = 1; k + 1 < count; ++k) {
    const int j = path[k];
    const JointLimits& l = skeleton.limits[static_cast<size_t>(j)];
    if (!l.enabled || !l.hinge) continue;
    const glm::mat4 model = model_transform(skeleton, reference, j);
    const glm::vec3 axis = glm::normalize(glm::mat3(model) * hinge_axis(l));
    const glm::vec3 below = positions[k + 1] - positions[k];
    const glm::quat rest = skeleton.rest[static_cast<size_t>(j)].rotation;
    const glm::quat local = reference != nullptr ? reference->local[static_cast<size_t>(j)].rotation : rest;
    const float angle = twist_angle(glm::conjugate(rest) * local, hinge_axis(l));
    const float toward = (l.max.x - angle) >= (angle - l.min.x) ? 1.0f : -1.0f;
    const glm::vec3 swing = toward * glm::cross(axis, below);
    if (glm::dot(swing, swing) > 1e-12f) return -glm::normalize(swing);
  }
  return glm::vec3(0.0f);
}

}  // namespace

bool automatic_pole(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Pose* reference, Goal& goal) {
  std::array<int, kMaxAutoPoleJoints> path{};
  const int count = chain_joints(skeleton, chain, path);
  if (count < 3) return false;
  if (reference != nullptr && reference->local.size() != static_cast<size_t>(skeleton.joint_count()))
    reference = nullptr;
  std::array<glm::vec3, kMaxAutoPoleJoints> positions;
  for (int k = 0; k < count; ++k)
    positions[static_cast<size_t>(k)] = position_of(model_transform(skeleton, reference, path[static_cast<size_t>(k)]));
  float length = 0.0f;
  for (int k = 1; k < count; ++k)
    length += glm::length(positions[static_cast<size_t>(k)] - positions[static_cast<size_t>(k - 1)]);
  const glm::vec3 bent = bend_side(positions.data(), count);
  glm::vec3 side = bent;
  // Bent by less than 1 % of the chain's length: read as straight.
  if (!(glm::dot(bent, bent) > 1e-4f * length * length)) {
    side = hinge_bend_side(skeleton, reference, path.data(), count, positions.data());
    if (glm::dot(side, side) == 0.0f) return false;
  }
  // Where pole_target_from_bend (pole.h) puts it: the middle joint plus the side (across the
  // root -> effector line) times half the chain's length.
  const glm::vec3 line = direction_or(positions[static_cast<size_t>(count - 1)] - positions[0], glm::vec3(0, 1, 0));
  const glm::vec3 across = side - line * glm::dot(side, line);
  if (!(glm::dot(across, across) > 1e-12f)) return false;
  const glm::vec3 target = positions[static_cast<size_t>(count / 2)] + glm::normalize(across) * (0.5f * length);
  // Carried with the root from the reference to the pose being solved.
  const glm::vec3 root_now = position_of(joint_model_transform(skeleton, pose, chain.root));
  const glm::vec3 moved = target + (root_now - positions[0]);
  if (!std::isfinite(moved.x) || !std::isfinite(moved.y) || !std::isfinite(moved.z)) return false;
  goal.use_pole = true;
  goal.pole_target = moved;
  return true;
}

}  // namespace ik
