#include "solvers/ik/ccd/ccd.h"

#include <algorithm>

#include "solvers/ik/effector_orientation.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

// The colinear bump's angle (radians): enough to give the joints above a direction to fold
// in, small next to any real pose.
constexpr float kBumpAngle = 0.05f;

const glm::vec3 kAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

// The angle about unit `axis` that turns `from` onto `to`, both projected on the plane
// across the axis: atan2 of the projections' cross (along the axis) and dot products.
// `fallback` when either projection vanishes (the angle does not matter there).
float angle_about(const glm::vec3& from, const glm::vec3& to, const glm::vec3& axis,
                  float fallback) {
  const glm::vec3 f = from - axis * glm::dot(from, axis);
  const glm::vec3 t = to - axis * glm::dot(to, axis);
  if (!(glm::dot(f, f) > 1e-12f * glm::dot(from, from)) ||
      !(glm::dot(t, t) > 1e-12f * glm::dot(to, to)))
    return fallback;
  return atan2_fast(glm::dot(axis, glm::cross(f, t)), glm::dot(f, t));
}

// `wanted`, moved at most max_step from `current` the short way round (0 = no limit).
float ccd_limit_step(float current, float wanted, float max_step) {
  if (!(max_step > 0.0f)) return wanted;
  return current + glm::clamp(wrap_angle(wanted - current), -max_step, max_step);
}

// `turn` shortened to at most max_step radians (0 = no limit).
glm::quat limit_turn(glm::quat turn, float max_step) {
  if (!(max_step > 0.0f)) return turn;
  if (turn.w < 0.0f) turn = -turn;
  const glm::vec3 v(turn.x, turn.y, turn.z);
  const float s = glm::length(v);
  if (!(2.0f * std::atan2(s, turn.w) > max_step)) return turn;
  return glm::angleAxis(max_step, v / s);
}

// `angle` clamped into [min, max]; sets `clamped` if that moved it.
float clamp_axis(float angle, float min, float max, bool& clamped) {
  const float c = clamp_angle(angle, min, max);
  if (std::fabs(wrap_angle(c - angle)) > 1e-6f) clamped = true;
  return c;
}

// The new local rotation of one joint. `u`: the effector's offset from the joint in its
// own frame, scaled (S * e) — the local rotation turns it into the parent's frame. `t`:
// the goal's offset from the joint in the parent's frame.
glm::quat solve_joint(const JointLimits& limits, bool use_limits, const glm::quat& rest,
                      const glm::quat& current, const glm::vec3& u, const glm::vec3& t,
                      float max_step, bool& clamped) {
  if (!use_limits || !limits_active(limits))
    return glm::normalize(limit_turn(rotation_between(current * u, t), max_step) * current);

  // local = rest * offset, so the offset has to turn u onto the goal seen from the rest frame.
  const glm::vec3 goal_in_rest = glm::conjugate(rest) * t;
  if (limits.cone && !limits.hinge) {
    // A cone: the free turn, then clamped (its swing and twist are not per-axis angles).
    glm::quat turned = glm::normalize(limit_turn(rotation_between(current * u, t), max_step) * current);
    if (clamp_to_limits(limits, rest, turned)) clamped = true;
    return turned;
  }
  const glm::quat offset = glm::conjugate(rest) * current;
  if (limits.hinge) {
    const glm::vec3 axis = hinge_axis(limits);
    const float now = twist_angle(offset, axis);
    const float wanted = ccd_limit_step(now, angle_about(u, goal_in_rest, axis, now), max_step);
    return rest * glm::angleAxis(clamp_axis(wanted, limits.min.x, limits.max.x, clamped), axis);
  }
  // offset = Rx(a.x) Ry(a.y) Rz(a.z): for each axis in turn, the axes before it are undone
  // on the goal and the axes after it applied to the effector; then the 1-D solve.
  glm::vec3 a = xyz_angles_near_limits(limits, offset);
  glm::vec3 goal = goal_in_rest;
  for (int axis = 0; axis < 3; ++axis) {
    glm::vec3 effector = u;
    for (int after = 2; after > axis; --after)
      effector = glm::angleAxis(a[after], kAxes[after]) * effector;
    const float wanted = ccd_limit_step(a[axis], angle_about(effector, goal, kAxes[axis], a[axis]), max_step);
    a[axis] = clamp_axis(wanted, limits.min[axis], limits.max[axis], clamped);
    goal = glm::angleAxis(-a[axis], kAxes[axis]) * goal;
  }
  return rest * from_xyz_angles(a);
}

// The stuck state the colinear bump is for: the joint points the effector straight at
// the goal, the goal is nearer than the effector (the chain must fold), and the joint is
// colinear with its parent and child, so no joint's turn alone brings the effector closer.
// All vectors in the parent's frame (colinearity and ratios along a line survive the
// mapping to model space).
bool stuck_colinear(const glm::vec3& effector, const glm::vec3& goal, const glm::vec3& parent_bone,
                    const glm::vec3& child_bone) {
  return glm::dot(parent_bone, parent_bone) > 0.0f && glm::dot(child_bone, child_bone) > 0.0f &&
         glm::dot(effector, goal) > 0.0f &&
         glm::dot(goal, goal) < glm::dot(effector, effector) * 0.996f &&
         nearly_colinear(effector, goal, 1e-3f) && nearly_colinear(parent_bone, child_bone, 1e-3f);
}

}  // namespace

float ccd_sweep(const Skeleton& skeleton, const Chain& chain, const glm::vec3& goal,
                const glm::mat4& parent_of_root, Pose& pose, Workspace& ws, Trace* trace) {
  const std::vector<int>& path = ws.path;
  const int n = static_cast<int>(path.size());
  const Params& params = chain.params;
  ws.positions.resize(path.size());
  ws.linear.resize(path.size());
  // Frames of every chain joint, once: a joint's frame only depends on the joints above
  // it, which this sweep (going up) has not turned yet when it reaches the joint.
  chain_frames(pose, path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  const glm::mat3 root_parent_linear(parent_of_root);
  const glm::vec3 root_parent_position(parent_of_root[3]);

  glm::vec3 e(0.0f);  // the effector, in the frame of joint k+1 (then of k)
  for (int k = n - 2; k >= 0; --k) {
    const Transform& child = pose.local[static_cast<size_t>(path[static_cast<size_t>(k + 1)])];
    e = child.translation + child.rotation * (child.scale * e);  // now in joint k's frame
    const size_t j = static_cast<size_t>(path[static_cast<size_t>(k)]);
    if (is_locked(ws, static_cast<int>(j))) continue;
    Transform& local = pose.local[j];
    const glm::mat3 to_parent_frame =
        glm::inverse(k == 0 ? root_parent_linear : ws.linear[static_cast<size_t>(k - 1)]);
    const glm::vec3 u = local.scale * e;
    const glm::vec3 t = to_parent_frame * (goal - ws.positions[static_cast<size_t>(k)]);
    const glm::quat& rest = skeleton.rest[j].rotation;
    const JointLimits& limits = skeleton.limits[j];
    bool clamped = false;
    glm::quat r = solve_joint(limits, params.use_limits, rest, local.rotation, u, t,
                              params.max_step_angle, clamped);

    const glm::vec3 child_offset = local.scale * child.translation;
    if (k >= 1 && stuck_colinear(r * u, t, local.translation, r * child_offset)) {
      // Bend toward the pole (in the parent's frame), about the hinge axis for a hinge.
      const glm::vec3 bone = r * child_offset;
      const bool hinged = params.use_limits && limits.enabled && limits.hinge;
      const glm::vec3 axis = hinged
                                 ? rest * hinge_axis(limits)
                                 : direction_or(glm::cross(bone, to_parent_frame * chain.goal.pole),
                                                any_perpendicular(bone));
      for (float sign : {1.0f, -1.0f}) {
        glm::quat bent = glm::angleAxis(sign * kBumpAngle, axis) * r;
        if (params.use_limits) clamp_to_limits(limits, rest, bent);
        if (!nearly_colinear(local.translation, bent * child_offset, 1e-3f)) {
          r = bent;
          break;
        }
      }
    }
    local.rotation = r;
    if (clamped) trace_clamped(trace, k);
  }
  const Transform& root = pose.local[static_cast<size_t>(path[0])];
  const glm::vec3 effector =
      root_parent_position +
      root_parent_linear * (root.translation + root.rotation * (root.scale * e));
  return glm::length(effector - goal);
}

namespace {

SolveResult solve_ccd_without_pole(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws,
                                   Trace* trace) {
  SolveResult result;
  if (!is_valid_chain(skeleton, chain, pose, ws)) return result;
  if (!fill_chain_path(skeleton, chain.root, chain.effector, ws.path)) return result;
  use_path_as_tree(ws);
  const size_t n = ws.path.size();
  const Params& params = chain.params;

  apply_start_pose(skeleton, params, ws, ws.path, pose);
  const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  const float chain_length = path_length(ws.positions, ws.tree_parent, static_cast<int>(n) - 1);
  const float tolerance = resolve_tolerance(params, chain_length);
  const glm::vec3 goal = chain.goal.position;
  const float initial_error = glm::length(ws.positions[n - 1] - goal);
  // A goal beyond the reach leaves at least this error; under non-uniform scales the
  // reach depends on the direction, so an upper bound of it keeps the floor a true floor.
  const float root_distance = glm::length(goal - ws.positions[0]);
  const float reach = reach_upper_bound(pose, ws.path, parent_of_root);
  const float error_floor = std::max(0.0f, root_distance - reach);
  trace_begin(trace, ws.path, pose, initial_error, params.max_iterations);

  const LoopOutcome loop = iterate_until_done(
      params.max_iterations, tolerance, initial_error,
      [&] { return ccd_sweep(skeleton, chain, goal, parent_of_root, pose, ws, trace); },
      [&](float error) { trace_iteration(trace, pose, error); }, error_floor);
  result.iterations = loop.iterations;
  result.error = loop.error;
  result.status =
      final_status(loop.error, tolerance, root_distance > reach * (1.0f + 1e-5f), loop.stalled);
  return result;
}

}  // namespace

SolveResult solve_ccd(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws, Trace* trace) {
  const SolveResult result = chain.goal.use_pole
                                 ? solve_with_pole(solve_ccd_without_pole, skeleton, chain, pose, ws, trace)
                                 : solve_ccd_without_pole(skeleton, chain, pose, ws, trace);
  // A goal's orientation: the effector's own joint turned to it (effector_orientation.h).
  if (result.status != SolveStatus::invalid_input) orient_effector_joint(skeleton, chain, pose, ws);
  return result;
}

}  // namespace ik
