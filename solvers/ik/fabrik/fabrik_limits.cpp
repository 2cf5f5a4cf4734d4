// FABRIK under joint limits (fabrik_limits.h): the bend of a straight hinge, the root's turn toward
// the goal, the best pose.
#include "solvers/ik/fabrik/fabrik_limits.h"

#include <algorithm>
#include <cmath>

#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace {

// The signed angle from `from` to `to` about the unit `axis`, both seen in the plane square to
// it (0 when either has no direction there).
float signed_bend(const glm::vec3& from, const glm::vec3& to, const glm::vec3& axis) {
  const glm::vec3 f = from - axis * glm::dot(from, axis), t = to - axis * glm::dot(to, axis);
  return std::atan2(glm::dot(glm::cross(f, t), axis), glm::dot(f, t));
}

// `bend` in [lo, hi], read on the circle when the range reaches past +-pi.
float clamp_bend(float bend, float lo, float hi) {
  if (bend < lo && bend + kTwoPi <= hi) return bend + kTwoPi;
  if (bend > hi && bend - kTwoPi >= lo) return bend - kTwoPi;
  return std::min(hi, std::max(lo, bend));
}

// Joint k's hinge in the current pose: its model-space axis, its angle and the angle's range,
// or false if k is not a limited, unlocked hinge.
bool hinge_now(const Skeleton& skeleton, const Workspace& ws, const Pose& pose, size_t k, glm::vec3& axis,
               float& angle) {
  const int j = ws.path[k];
  const JointLimits& limits = skeleton.limits[static_cast<size_t>(j)];
  if (!limits.enabled || !limits.hinge || is_locked(ws, j)) return false;
  const glm::vec3 local_axis = hinge_axis(limits);
  const glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
  axis = direction_or(ws.linear[k - 1] * rotate(local, local_axis), glm::vec3(0.0f));
  if (!(glm::dot(axis, axis) > 0.0f)) return false;
  bool swing = false;
  angle = hinge_angle(local_axis, skeleton.rest[static_cast<size_t>(j)].rotation, local, swing);
  return true;
}

}  // namespace

bool bend_straight_hinges(const Skeleton& skeleton, const Workspace& ws, const glm::vec3& goal, Pose& pose) {
  const size_t n = ws.path.size();
  const std::vector<glm::vec3>& p = ws.positions;
  const float wanted = glm::length(goal - p[0]);
  // Below this bend (radians) a hinge counts as straight: FABRIK's proposals then lie too
  // near the limb's line to bend it in useful steps.
  constexpr float kStraight = 0.25f;
  for (size_t k = 1; k + 1 < n; ++k) {
    glm::vec3 axis;
    float angle = 0.0f;
    if (!hinge_now(skeleton, ws, pose, k, axis, angle)) continue;
    const float a = glm::length(p[k] - p[0]), c = glm::length(p[n - 1] - p[k]);
    if (!(a > 0.0f && c > 0.0f) || wanted >= (a + c) * 0.999f) continue;
    const float bend = signed_bend(p[k] - p[0], p[n - 1] - p[k], axis);
    if (std::fabs(bend) > kStraight) continue;
    // The bend that puts the effector at the goal's distance (law of cosines).
    const float cos_inner = std::min(1.0f, std::max(-1.0f, (a * a + c * c - wanted * wanted) / (2.0f * a * c)));
    const float needed = kPi - std::acos(cos_inner);
    const JointLimits& limits = skeleton.limits[static_cast<size_t>(ws.path[k])];
    const float lo = bend + (limits.min.x - angle), hi = bend + (std::max(limits.min.x, limits.max.x) - angle);
    // The side the range allows (the one whose clamp keeps more of the bend).
    const float plus = clamp_bend(needed, lo, hi), minus = clamp_bend(-needed, lo, hi);
    const float target = std::fabs(plus - needed) <= std::fabs(minus + needed) ? plus : minus;
    if (std::fabs(target) <= std::fabs(bend)) continue;
    float new_angle = angle + (target - bend);
    clamp_hinge_angle(limits, new_angle);
    const size_t j = static_cast<size_t>(ws.path[k]);
    pose.local[j].rotation = hinge_rotation(hinge_axis(limits), skeleton.rest[j].rotation, new_angle);
    return true;  // one hinge at a time: the others' positions are stale now
  }
  return false;
}

bool aim_root_at_goal(const Skeleton& skeleton, Workspace& ws, const glm::quat& parent, const glm::vec3& goal,
                      Pose& pose) {
  const int root = ws.path[0];
  if (is_locked(ws, root)) return false;
  std::vector<glm::vec3>& p = ws.positions;
  const glm::vec3 to_goal = goal - p[0], to_end = p.back() - p[0];
  if (!(glm::dot(to_goal, to_goal) > 0.0f && glm::dot(to_end, to_end) > 0.0f)) return false;
  glm::quat& local = pose.local[static_cast<size_t>(root)].rotation;
  const glm::quat before = local;
  local = turned_in_model(local, parent, rotation_between(to_end, to_goal));
  const JointLimits& limits = skeleton.limits[static_cast<size_t>(root)];
  if (limits.enabled) clamp_to_limits(limits, skeleton.rest[static_cast<size_t>(root)].rotation, local);
  if (!(std::fabs(glm::dot(before, local)) < 1.0f - 1e-7f)) return false;
  // The turn the root took (after its clamp), in model space, carries the joints below it.
  const glm::quat turn = parent * local * glm::conjugate(before) * glm::conjugate(parent);
  for (size_t k = 1; k < p.size(); ++k) p[k] = p[0] + turn * (p[k] - p[0]);
  return true;
}

void BestPose::keep(const std::vector<int>& path, const Pose& pose, float pose_error) {
  rotations.resize(path.size());
  for (size_t k = 0; k < path.size(); ++k) rotations[k] = pose.local[static_cast<size_t>(path[k])].rotation;
  error = pose_error;
}

bool BestPose::restore_if_better(const std::vector<int>& path, Pose& pose, float pose_error) const {
  if (!(error < pose_error) || rotations.size() != path.size()) return false;
  for (size_t k = 0; k < path.size(); ++k) pose.local[static_cast<size_t>(path[k])].rotation = rotations[k];
  return true;
}

}  // namespace ik
