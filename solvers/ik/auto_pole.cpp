// Index: the chain's joints (effector up to root); their model transforms in a pose or at
// rest; the first hinge's bend side; the rest's side in the root's frame; automatic_pole.
#include "solvers/ik/auto_pole.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "solvers/ik/goal_space.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/pole.h"

namespace ik {
namespace {

float smoothstep01(float x) {
  const float t = std::clamp(x, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

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

// The model transforms of the path's joints (root first; each joint's parent is the one
// before it) in `reference`, or at rest when it is nullptr: the root's by walking up from it,
// the others one multiplication each.
void path_transforms(const Skeleton& skeleton, const Pose* reference, const int* path, int count, glm::mat4* model) {
  const auto local = [&](int j) {
    return to_matrix(reference != nullptr ? reference->local[static_cast<size_t>(j)] : skeleton.rest[static_cast<size_t>(j)]);
  };
  model[0] = glm::mat4(1.0f);
  for (int j = path[0]; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) model[0] = local(j) * model[0];
  for (int k = 1; k < count; ++k) model[k] = model[k - 1] * local(path[k]);
}

// The bend side of a straight chain: the first interior joint with an enabled hinge swings
// the bone below it about its model axis; the chain bends away from that swing, the way the
// hinge's range reaches farther from its angle in the reference. Zero if there is none.
glm::vec3 hinge_bend_side(const Skeleton& skeleton, const Pose* reference, const int* path, int count,
                          const glm::mat4* model) {
  for (int k = 1; k + 1 < count; ++k) {
    const int j = path[k];
    const JointLimits& l = skeleton.limits[static_cast<size_t>(j)];
    if (!l.enabled || !l.hinge) continue;
    const glm::vec3 axis = glm::normalize(glm::mat3(model[k]) * hinge_axis(l));
    const glm::vec3 below = position_of(model[k + 1]) - position_of(model[k]);
    const glm::quat rest = skeleton.rest[static_cast<size_t>(j)].rotation;
    const glm::quat local = reference != nullptr ? reference->local[static_cast<size_t>(j)].rotation : rest;
    const float angle = twist_angle(glm::conjugate(rest) * local, hinge_axis(l));
    const float toward = (l.max.x - angle) >= (angle - l.min.x) ? 1.0f : -1.0f;
    const glm::vec3 swing = toward * glm::cross(axis, below);
    if (glm::dot(swing, swing) > 1e-12f) return -glm::normalize(swing);
  }
  return glm::vec3(0.0f);
}

// The chain's bend side at rest (as bent, else its first hinge's), in the root joint's own
// frame; zero if the rest gives none.
glm::vec3 rest_side_in_root(const Skeleton& skeleton, const int* path, int count) {
  std::array<glm::mat4, kMaxAutoPoleJoints> model;
  path_transforms(skeleton, nullptr, path, count, model.data());
  std::array<glm::vec3, kMaxAutoPoleJoints> positions;
  for (int k = 0; k < count; ++k) positions[static_cast<size_t>(k)] = position_of(model[static_cast<size_t>(k)]);
  const float length = polyline_length(positions.data(), count);
  glm::vec3 side = bend_side(positions.data(), count);
  if (!(glm::dot(side, side) > 1e-4f * length * length))
    side = hinge_bend_side(skeleton, nullptr, path, count, model.data());
  if (glm::dot(side, side) == 0.0f) return side;
  return glm::normalize(glm::inverse(glm::mat3(model[0])) * glm::normalize(side));
}

}  // namespace

bool automatic_pole(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Pose* reference, Goal& goal) {
  std::array<int, kMaxAutoPoleJoints> path{};
  const int count = chain_joints(skeleton, chain, path);
  if (count < 3) return false;
  if (reference != nullptr && reference->local.size() != static_cast<size_t>(skeleton.joint_count()))
    reference = nullptr;
  std::array<glm::mat4, kMaxAutoPoleJoints> model;
  path_transforms(skeleton, reference, path.data(), count, model.data());
  std::array<glm::vec3, kMaxAutoPoleJoints> positions;
  for (int k = 0; k < count; ++k) positions[static_cast<size_t>(k)] = position_of(model[static_cast<size_t>(k)]);
  const float length = polyline_length(positions.data(), count);
  const glm::vec3 bend = bend_side(positions.data(), count);
  // The side the root's frame carries from rest: defined however straight the reference is.
  const glm::vec3 in_root = rest_side_in_root(skeleton, path.data(), count);
  glm::vec3 side = bend;
  if (glm::dot(in_root, in_root) > 0.0f) {
    const glm::vec3 carried = glm::normalize(glm::mat3(model[0]) * in_root);
    const float bent = length > 0.0f ? glm::length(bend) / length : 0.0f;
    const float weight = smoothstep01((bent - kStraightBend) / (kBentBend - kStraightBend));
    side = weight > 0.0f ? weight * glm::normalize(bend) + (1.0f - weight) * carried : carried;
  } else if (!(glm::dot(bend, bend) > 1e-4f * length * length)) {
    side = hinge_bend_side(skeleton, reference, path.data(), count, model.data());
  }
  const glm::vec3 line = positions[static_cast<size_t>(count - 1)] - positions[0];
  if (glm::dot(side, side) < 1e-12f || nearly_colinear(side, line)) return false;
  const glm::vec3 target = pole_target_on_side(positions.data(), count, side);
  // Carried with the root from the reference to the pose being solved.
  const glm::vec3 root_now = position_of(joint_model_transform(skeleton, pose, chain.root));
  const glm::vec3 moved = target + (root_now - positions[0]);
  if (!std::isfinite(moved.x) || !std::isfinite(moved.y) || !std::isfinite(moved.z)) return false;
  goal.use_pole = true;
  goal.pole_target = moved;
  return true;
}

}  // namespace ik
