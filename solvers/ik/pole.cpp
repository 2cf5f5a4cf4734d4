// Pole targets: the shared geometry and solve_with_pole (pole.h).
//
// Index:
//   geometry        pole_side, bend_side, angle_about_axis, wanted_bend_side,
//                   pole_turn_allowance, bends_against_pole, is_valid_pole
//   turning joints  turn_joint (a model-space turn of one joint, kept in its local rotation)
//   the chain       plain_chain_frames, pre_bend, turn_to_pole (the turn about pivot -> effector)
//   the solve       solve_with_pole: save -> pre-bend and turn -> solve -> turn -> trace
#include "solvers/ik/pole.h"

#include <algorithm>
#include <cmath>

#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {

PoleSide pole_side(const glm::vec3& root, const glm::vec3& line_end, const glm::vec3& pole_target, float twist) {
  PoleSide out;
  const glm::vec3 line = line_end - root, to_pole = pole_target - root;
  const float line2 = glm::dot(line, line), pole2 = glm::dot(to_pole, to_pole);
  if (!(line2 > 0.0f) || !(pole2 > 0.0f)) return out;
  const glm::vec3 axis = line / std::sqrt(line2);
  const glm::vec3 perpendicular = to_pole - axis * glm::dot(to_pole, axis);
  const float perpendicular2 = glm::dot(perpendicular, perpendicular);
  out.sine = std::sqrt(perpendicular2 / pole2);
  if (!(perpendicular2 > 1e-12f * pole2)) return out;
  out.direction = perpendicular / std::sqrt(perpendicular2);
  if (twist != 0.0f) out.direction = glm::angleAxis(twist, axis) * out.direction;
  out.valid = true;
  return out;
}

glm::vec3 bend_side(const glm::vec3* positions, int count) {
  glm::vec3 sum(0.0f);
  if (count < 3) return sum;
  const glm::vec3 root = positions[0];
  const glm::vec3 line = positions[count - 1] - root;
  const float line2 = glm::dot(line, line);
  for (int k = 1; k + 1 < count; ++k) {
    const glm::vec3 offset = positions[k] - root;
    sum += line2 > 0.0f ? offset - line * (glm::dot(offset, line) / line2) : offset;
  }
  return sum;
}

float angle_about_axis(const glm::vec3& from, const glm::vec3& to, const glm::vec3& axis) {
  const glm::vec3 a = from - axis * glm::dot(from, axis), b = to - axis * glm::dot(to, axis);
  if (!(glm::dot(a, a) > 0.0f) || !(glm::dot(b, b) > 0.0f)) return 0.0f;
  return std::atan2(glm::dot(axis, glm::cross(a, b)), glm::dot(a, b));
}

glm::vec3 wanted_bend_side(const PoleSide& pole, const glm::vec3& current, const glm::vec3& axis, float max_turn) {
  const glm::vec3 now = current - axis * glm::dot(current, axis);
  const bool has_current = glm::dot(now, now) > 1e-20f;
  if (!has_current) return pole.valid ? pole.direction : glm::vec3(0.0f);
  const glm::vec3 now_unit = glm::normalize(now);
  if (!pole.valid) return now_unit;
  if (pole.sine >= kPoleBandSine) return pole.direction;
  // Inside the band: keep the bend, turned toward the pole's side by at most max_turn.
  const float angle = angle_about_axis(now_unit, pole.direction, axis);
  const float turn = std::clamp(angle, -max_turn, max_turn);
  return glm::angleAxis(turn, axis) * now_unit;
}

float pole_turn_allowance(const glm::vec3& root, const glm::vec3& effector, const glm::vec3& goal) {
  const glm::vec3 a = effector - root, b = goal - root;
  float step = 0.0f;
  if (glm::dot(a, a) > 0.0f && glm::dot(b, b) > 0.0f) step = std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
  return kPoleTurnPerGoalStep * step + kPoleTurnFloor;
}

bool bends_against_pole(const glm::vec3* positions, int count, const glm::vec3& pole_target, float twist) {
  const PoleSide pole = pole_side(positions[0], positions[count - 1], pole_target, twist);
  return pole.valid && glm::dot(bend_side(positions, count), pole.direction) < 0.0f;
}

float polyline_length(const glm::vec3* positions, int count) {
  float length = 0.0f;
  for (int k = 1; k < count; ++k) length += glm::length(positions[k] - positions[k - 1]);
  return length;
}

glm::vec3 pole_target_on_side(const glm::vec3* positions, int count, const glm::vec3& side) {
  const glm::vec3 axis = direction_or(positions[count - 1] - positions[0], glm::vec3(0.0f, 1.0f, 0.0f));
  const glm::vec3 across = direction_or(side - axis * glm::dot(side, axis), any_perpendicular(axis));
  return positions[count / 2] + across * (0.5f * polyline_length(positions, count));
}

glm::vec3 pole_target_from_bend(const glm::vec3* positions, int count, const glm::vec3& fallback_side) {
  const float length = polyline_length(positions, count);
  const glm::vec3 side = bend_side(positions, count);
  return pole_target_on_side(positions, count,
                             glm::dot(side, side) > 1e-12f * length * length ? side : fallback_side);
}

bool is_valid_pole(const Goal& goal) { return is_finite(goal.pole_target) && is_finite(goal.pole_twist); }

namespace {

// Turns `joint` by the model-space rotation `turn` about its own position; parent_linear
// is its parent's model-space linear part (rotation times scale: its rotation is used).
void turn_joint_to_pole(Pose& pose, int joint, const glm::mat3& parent_linear, const glm::quat& turn) {
  const glm::quat parent = rotation_of(parent_linear);
  glm::quat& local = pose.local[static_cast<size_t>(joint)].rotation;
  local = turned_in_model(local, parent, turn);
}

// Frames of the path in workspace.path (a plain chain) into workspace.positions / linear.
void plain_chain_frames(const Skeleton& skeleton, const Pose& pose, Workspace& ws, glm::mat4& parent_of_root) {
  use_path_as_tree(ws);
  parent_of_root = parent_world(skeleton, pose, ws.path[0]);
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
}

// A (nearly) straight chain has no bend side: bend its middle joint by a small angle so
// that the chain's middle moves toward `side`. Returns true if it bent.
bool pre_bend(Pose& pose, const Workspace& ws, const glm::mat4& parent_of_root, const glm::vec3& side) {
  const int n = static_cast<int>(ws.path.size());
  const int k = (n - 1) / 2;  // an interior joint for n >= 3
  if (is_locked(ws, ws.path[static_cast<size_t>(k)])) return false;
  const glm::vec3 bone = ws.positions[static_cast<size_t>(k) + 1] - ws.positions[static_cast<size_t>(k)];
  const glm::vec3 axis = glm::cross(side, bone);  // turns the bones below k toward -side
  if (!(glm::dot(axis, axis) > 0.0f)) return false;
  const glm::mat3 parent_linear = k == 0 ? glm::mat3(parent_of_root) : ws.linear[static_cast<size_t>(k) - 1];
  turn_joint_to_pole(pose, ws.path[static_cast<size_t>(k)], parent_linear, glm::angleAxis(0.2f, glm::normalize(axis)));
  return true;
}

// Turns the chain about its pivot -> effector line so that its bend side is the wanted one
// (wanted_bend_side, at most max_turn inside the band), counter-turning the effector for
// an orientation goal. With limits, each pivot takes the largest part of the turn its
// limits allow (a bisection) and the next joint toward the middle the rest; what none can
// take is left (the reach comes first). aim_at_goal (the pre-bend): first turn the root so that root -> effector
// points at the goal, and bend a straight chain slightly toward the pole's side.
void turn_to_pole(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws, float max_turn,
                  bool aim_at_goal) {
  const int n = static_cast<int>(ws.path.size());
  const int root = ws.path[0], effector = ws.path.back();
  if (n < 3) return;
  glm::mat4 parent_of_root;
  plain_chain_frames(skeleton, pose, ws, parent_of_root);
  const glm::vec3* p = ws.positions.data();
  if (aim_at_goal && !is_locked(ws, root)) {  // the pre-bend's first step: root -> effector onto root -> goal
    const glm::vec3 to_goal = chain.goal.position - p[0], to_end = p[n - 1] - p[0];
    if (glm::dot(to_goal, to_goal) > 0.0f && glm::dot(to_end, to_end) > 0.0f) {
      turn_joint_to_pole(pose, root, glm::mat3(parent_of_root), rotation_between(to_end, to_goal));
      const JointLimits& limits = skeleton.limits[static_cast<size_t>(root)];
      if (chain.params.use_limits && limits.enabled)
        clamp_to_limits(limits, skeleton.rest[static_cast<size_t>(root)].rotation,
                        pose.local[static_cast<size_t>(root)].rotation);
      plain_chain_frames(skeleton, pose, ws, parent_of_root);
    }
  }
  const PoleSide root_pole = pole_side(p[0], p[n - 1], chain.goal.pole_target, chain.goal.pole_twist);
  const float length = path_length(ws.positions, ws.tree_parent, n - 1);
  if (aim_at_goal && root_pole.valid && glm::length(bend_side(p, n)) <= 1e-3f * length &&
      pre_bend(pose, ws, parent_of_root, root_pole.direction))
    plain_chain_frames(skeleton, pose, ws, parent_of_root);
  // The pivot: the root, and with limits the next joints toward the middle for what the
  // root's limits leave of the turn (a clavicle root cannot swing the arm round; its upper
  // arm can). Turning about pivot -> effector keeps the effector where it is.
  const bool orient = chain.goal.use_orientation && !is_locked(ws, effector);
  for (int k = 0; k < n / 2; ++k) {
    const glm::quat effector_parent = rotation_of(ws.linear[static_cast<size_t>(n) - 2]);
    const int pivot = ws.path[static_cast<size_t>(k)];
    if (is_locked(ws, pivot)) continue;
    const glm::vec3 line = p[n - 1] - p[k];
    if (!(glm::dot(line, line) > 0.0f)) return;
    const glm::vec3 axis = glm::normalize(line);
    const PoleSide pole = pole_side(p[k], p[n - 1], chain.goal.pole_target, chain.goal.pole_twist);
    const glm::vec3 side = bend_side(p + k, n - k);
    const float angle = angle_about_axis(side, wanted_bend_side(pole, side, axis, max_turn), axis);
    if (!(std::fabs(angle) > 1e-7f)) return;  // already on the wanted side
    glm::quat& pivot_local = pose.local[static_cast<size_t>(pivot)].rotation;
    const glm::quat saved = pivot_local;
    const glm::mat3 parent_linear = k == 0 ? glm::mat3(parent_of_root) : ws.linear[static_cast<size_t>(k) - 1];
    const JointLimits& limits = skeleton.limits[static_cast<size_t>(pivot)];
    const bool limited = chain.params.use_limits && limits.enabled;
    // The largest part of the turn this joint takes within its limits (all of it without).
    auto fits = [&](float fraction) {
      pivot_local = saved;
      turn_joint_to_pole(pose, pivot, parent_linear, glm::angleAxis(fraction * angle, axis));
      glm::quat clamped = pivot_local;
      return !limited || !clamp_to_limits(limits, skeleton.rest[static_cast<size_t>(pivot)].rotation, clamped);
    };
    float fraction = 1.0f;
    if (!fits(1.0f)) {
      float lo = 0.0f, hi = 1.0f;
      for (int step = 0; step < 12; ++step) (fits(0.5f * (lo + hi)) ? lo : hi) = 0.5f * (lo + hi);
      fraction = lo;
      fits(fraction);
    }
    if (orient) {  // the effector's model rotation as before: L' = P^-1 turn^-1 P L
      glm::quat& local = pose.local[static_cast<size_t>(effector)].rotation;
      const glm::quat undo = glm::angleAxis(-fraction * angle, axis);
      local = turned_in_model(local, effector_parent, undo);
    }
    if (fraction == 1.0f) return;
    plain_chain_frames(skeleton, pose, ws, parent_of_root);  // the rest of the turn: the next joint down
  }
}

// automatic_pole_rests on the chain's frames as plain_chain_frames left them in `ws`.
bool automatic_pole_rests_in_frames(const Chain& chain, const Workspace& ws, float* error) {
  if (!chain.goal.auto_pole || !chain.params.warm_start || ws.path.size() < 2) return false;
  const size_t n = ws.path.size();
  const float at_start =
      effector_error(chain.goal, ws.positions[n - 1], ws.linear[n - 1], chain.params.orientation_weight);
  if (!(at_start <= resolve_tolerance(chain.params, polyline_length(ws.positions.data(), static_cast<int>(n)))))
    return false;
  if (error != nullptr) *error = at_start;
  return true;
}

}  // namespace

bool automatic_pole_rests(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& ws, float* error) {
  if (!chain.goal.auto_pole || !chain.params.warm_start) return false;
  if (!fill_chain_path(skeleton, chain.root, chain.effector, ws.path)) return false;
  glm::mat4 parent_of_root;
  plain_chain_frames(skeleton, pose, ws, parent_of_root);
  return automatic_pole_rests_in_frames(chain, ws, error);
}

SolveResult solve_with_pole(PoleFreeSolver solve, const Skeleton& skeleton, const Chain& chain, Pose& pose,
                            Workspace& ws, Trace* trace) {
  SolveResult result;  // invalid_input
  if (!is_valid_pole(chain.goal) || !is_valid_chain(skeleton, chain, pose, ws)) return result;
  if (!fill_chain_path(skeleton, chain.root, chain.effector, ws.path)) return result;
  const size_t n = ws.path.size();
  ws.pole_start.resize(n);
  for (size_t k = 0; k < n; ++k) ws.pole_start[k] = pose.local[static_cast<size_t>(ws.path[k])].rotation;

  // Pre-bend (warm starts only: a cold start puts the rest pose back inside the solver).
  glm::mat4 parent_of_root;
  plain_chain_frames(skeleton, pose, ws, parent_of_root);
  if (automatic_pole_rests_in_frames(chain, ws, nullptr)) return solve(skeleton, chain, pose, ws, trace);
  const float max_turn = pole_turn_allowance(ws.positions[0], ws.positions[n - 1], chain.goal.position);
  // Not for a pole that follows the motion: it is where the animated pose bends, which the
  // pose being solved starts from (or from the last frame's), and aiming the root at the
  // goal each frame only unsettles a warm start (CCD's foot on CesiumMan's cleaned walk
  // drifted 2.6 mm with it, 1.1 without).
  if (chain.params.warm_start && !chain.goal.auto_pole) turn_to_pole(skeleton, chain, pose, ws, max_turn, true);

  result = solve(skeleton, chain, pose, ws, trace);
  if (result.status == SolveStatus::invalid_input) {  // put the pre-bend back
    fill_chain_path(skeleton, chain.root, chain.effector, ws.path);
    for (size_t k = 0; k < n; ++k) pose.local[static_cast<size_t>(ws.path[k])].rotation = ws.pole_start[k];
    return result;
  }
  if (!chain.extra_effectors.empty()) return result;

  // The final turn about root -> effector (the effector stays where the solver put it).
  fill_chain_path(skeleton, chain.root, chain.effector, ws.path);
  turn_to_pole(skeleton, chain, pose, ws, max_turn, false);
  // The trace ends on the pose the solve returns.
  if (trace != nullptr && !trace->error.empty()) {
    trace->error.back() = result.error;
    const size_t joints = trace->joints.size();
    if (trace->record_poses && trace->poses.size() >= joints) {
      Transform* last = trace->poses.data() + (trace->poses.size() - joints);
      for (size_t j = 0; j < joints; ++j) last[j] = pose.local[static_cast<size_t>(trace->joints[j])];
    }
  }
  return result;
}

}  // namespace ik
