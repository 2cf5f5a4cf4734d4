// The full-body solve (full_body.h): the table of contents; the steps are in
// full_body_step.cpp, behind full_body_problem.h.
//
// Index:
//   set_frame          the root's parent frame
//   iterate            the damped, task-priority iterations with undo of worse steps
//   correct_pins       pin-only Gauss-Newton over the joints only the pins use
//   solve_full_body    prepare -> start pose -> frame -> frames -> lengths -> goals ->
//                      evaluate -> bump -> iterate -> correct pins -> status
#include "solvers/full_body.h"

#include <algorithm>
#include <cmath>

#include "solvers/full_body_problem.h"
#include "solvers/goal_error.h"
#include "solvers/limits.h"
#include "solvers/solver_common.h"
#include "solvers/workspace.h"

namespace ik {

using namespace full_body_detail;

namespace {

// Damping scale range of the Levenberg-Marquardt schedule (times Body::lambda).
constexpr float kMinDamping = 1.0f / 64.0f;
constexpr float kMaxDamping = 1024.0f;
// A kept step lowers the objective by at least this fraction of it (and by Body::min_gain):
// creeping along a plateau of conflicting goals by smaller gains would move a warm-started
// pose a little in every frame although its goals stand still.
constexpr float kMinRelativeGain = 1e-3f;
// Restarts after a stall of a solve from rest (restart_from_stall): at most this many, each only with at least
// kRestartIterations iterations left, pulling limited joints this far toward the middle of
// their limits.
constexpr int kRestarts = 3;
constexpr int kRestartIterations = 8;
constexpr float kRestartPull = 1.0f;

void set_frame(Body& b, const Pose& pose) {
  const glm::mat4 parent = parent_world(b.skeleton, pose, b.chain.root);
  b.model_linear = glm::mat3(parent);
  b.frame_origin = glm::vec3(parent[3]);
  b.frame_rotation = rotation_of(b.model_linear);
}

struct Progress {
  float objective = 0.0f;
  float worst = 0.0f;   // the largest effector error, model units
  float metric = 0.0f;  // the largest error over its tolerance
  int iterations = 0;
  bool stalled = false;
};

void measure(Body& b, const Pose& pose, Progress& p) {
  update_frames(b, pose);
  p.objective = evaluate(b, p.worst, p.metric);
}

void iterate(Body& b, Pose& pose, Trace* trace, Progress& p) {
  StallDetector stall(p.metric, 1.0f);
  float damping = 1.0f;
  while (p.iterations < b.params.max_iterations && p.metric > 1.0f) {
    build_jacobian(b, pose);
    const bool solved = priority_step(b, damping, false);
    limit_step(b);
    save_pose(b, pose);
    const Progress before = p;
    apply_step(b, pose, trace);
    measure(b, pose, p);
    // A step that made the weighted error worse is undone, with more damping next time: the
    // linear model did not hold (near a singularity, or effectors pulling against each other).
    if (!solved || !(p.objective <= before.objective - std::max(b.min_gain, kMinRelativeGain * before.objective))) {
      restore_pose(b, pose);
      p.objective = before.objective;
      measure(b, pose, p);
      damping = std::min(damping * 4.0f, kMaxDamping);
    } else {
      damping = std::max(damping * 0.5f, kMinDamping);
    }
    ++p.iterations;
    if (trace != nullptr) trace_iteration(trace, pose, p.worst);
    if (!std::isfinite(p.worst)) {
      p.stalled = true;
      break;
    }
    if (p.metric <= 1.0f) break;
    if (stall.stalled_after(p.metric)) {
      p.stalled = true;
      break;
    }
  }
}

// The middle of a joint's limits: where a restart pulls it (see restart_from_stall).
glm::quat limits_middle(const JointLimits& l, const glm::quat& rest) {
  if (l.hinge) return rest * glm::angleAxis(0.5f * (l.min.x + l.max.x), ik::hinge_axis(l));
  if (l.cone) {
    const float length = glm::length(l.bone_axis);
    const glm::vec3 axis = length > 1e-6f ? l.bone_axis / length : glm::vec3(0.0f, 1.0f, 0.0f);
    return rest * glm::angleAxis(0.5f * (l.twist_min + l.twist_max), axis);
  }
  return rest * from_xyz_angles(0.5f * (l.min + l.max));
}

// A stall short of the goals with iterations left is, on a rig with limits, nearly always a
// local minimum where joints press on their limits (the damped step does not know the limits;
// the clamp only cuts a clamped joint's weight for the next step): without limits the
// reachability benchmark reaches 100 % on both rigs. A restart moves every limited joint the
// solve turns to the middle of its limits (kRestartPull of the way: off the limits,
// deterministic), then iterates again with the damping schedule reset; a restart that ends no
// better is undone. Counted as one iteration (it changes the pose, and the trace shows it).
void restart_from_stall(Body& b, Pose& pose, Trace* trace, Progress& p) {
  const FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    const int joint = ws.path[k];
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(joint)];
    if (!b.use_limits || !limits.enabled) continue;
    const glm::quat& rest = b.skeleton.rest[static_cast<size_t>(joint)].rotation;
    glm::quat& rotation = pose.local[static_cast<size_t>(joint)].rotation;
    glm::quat middle = limits_middle(limits, rest);
    if (glm::dot(middle, rotation) < 0.0f) middle = -middle;
    rotation = glm::normalize(glm::slerp(rotation, middle, kRestartPull));
    clamp_to_limits(limits, limits.hinge ? s.hinge_axis[k] : ik::hinge_axis(limits), rest, rotation);
  }
  measure(b, pose, p);
  ++p.iterations;
  p.stalled = false;
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
}

bool pins_missed(const Body& b) {
  for (int i = 0; i < b.effectors; ++i)
    if (is_pinned(b.chain, i) && b.scratch.effector_error[static_cast<size_t>(i)] > b.pin_tolerance) return true;
  return false;
}

// The pins exactly: a few undamped-ish Gauss-Newton steps on the pinned rows over the joints
// that only pinned effectors hang from (a leg below the hips), which cannot move any other
// effector. A step that makes the pins worse is undone and ends the correction.
void correct_pins(Body& b, Pose& pose, Trace* trace, Progress& p) {
  for (int k = 0; k < kPinIterations && pins_missed(b); ++k) {
    build_jacobian(b, pose);
    if (!priority_step(b, 1.0f, true)) return;
    limit_step(b);
    save_pose(b, pose);
    const Progress before = p;
    apply_step(b, pose, trace);
    measure(b, pose, p);
    ++p.iterations;
    if (!(p.objective < before.objective)) {
      restore_pose(b, pose);
      measure(b, pose, p);
      if (trace != nullptr) trace_iteration(trace, pose, p.worst);
      return;
    }
    if (trace != nullptr) trace_iteration(trace, pose, p.worst);
  }
}

}  // namespace

SolveResult solve_full_body(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                            Trace* trace) {
  Body b{skeleton, chain, chain.params, workspace, workspace.full_body};
  SolveResult result;
  if (!prepare_body(b, pose)) return result;  // invalid_input, pose untouched

  if (!chain.params.warm_start) {
    // From rest, but a joint of infinite stiffness is held where it is (like a locked one).
    for (size_t k = 0; k < workspace.path.size(); ++k)
      b.scratch.saved_local[k] = pose.local[static_cast<size_t>(workspace.path[k])];
    apply_start_pose(skeleton, chain.params, workspace, workspace.path, pose);
    for (size_t k = 0; k < workspace.path.size(); ++k)
      if (b.scratch.first_column[k] < 0) pose.local[static_cast<size_t>(workspace.path[k])] = b.scratch.saved_local[k];
    if (b.translation_column >= 0)
      pose.local[static_cast<size_t>(chain.root)].translation =
          skeleton.rest[static_cast<size_t>(chain.root)].translation;
  }
  set_frame(b, pose);
  Progress p;
  update_frames(b, pose);
  set_lengths(b);
  set_goals(b);
  p.objective = evaluate(b, p.worst, p.metric);
  if (p.metric > 1.0f && bump_colinear_joints(b, pose)) measure(b, pose, p);

  trace_begin(trace, workspace.path, pose, p.worst, chain.params.max_iterations + kPinIterations + kRestarts);
  iterate(b, pose, trace, p);
  // Only from rest: a warm-started solve (the program's frames, a drag) keeps following the
  // pose it is given rather than jump to another basin, and its cost per frame stays as it was.
  const int restarts = chain.params.warm_start ? 0 : kRestarts;
  for (int restart = 0; restart < restarts && p.stalled && p.metric > 1.0f &&
                        p.iterations + kRestartIterations <= b.params.max_iterations;
       ++restart) {
    const Progress before = p;
    for (size_t k = 0; k < workspace.path.size(); ++k)
      b.scratch.best_local[k] = pose.local[static_cast<size_t>(workspace.path[k])];
    restart_from_stall(b, pose, trace, p);
    iterate(b, pose, trace, p);
    if (!(p.metric < before.metric)) {  // no better: back to the pose before the restart
      for (size_t k = 0; k < workspace.path.size(); ++k)
        pose.local[static_cast<size_t>(workspace.path[k])] = b.scratch.best_local[k];
      const int iterations = p.iterations;
      p = before;
      p.iterations = iterations + 1;  // the way back is a step of the trace too
      measure(b, pose, p);
      if (trace != nullptr) trace_iteration(trace, pose, p.worst);
    }
  }
  if (b.any_pinned && pins_missed(b)) correct_pins(b, pose, trace, p);

  result.iterations = p.iterations;
  result.error = p.worst;
  if (p.metric <= 1.0f)
    result.status = SolveStatus::reached;
  else if (p.stalled || !std::isfinite(p.worst))
    result.status = SolveStatus::stalled;
  else
    result.status = SolveStatus::max_iterations;
  return result;
}

}  // namespace ik
