// The full-body solve (full_body.h): the table of contents; the steps are in
// full_body_step.cpp, behind full_body_problem.h.
//
// Index:
//   set_frame            the root's parent frame
//   step_within_limits   one step, solved again while the limits clamp (the clamping loop)
//   iterate              the damped, task-priority iterations with undo of worse steps
//   restart_from_stall   a solve from rest that stalls starts again elsewhere in the limits
//   pull_toward_reference  the joints the goals leave free go back toward the reference pose
//   correct_pins         pin-only Gauss-Newton over the joints only the pins use
//   (level_pinned_feet   a pinned foot stays as level as in the reference pose: full_body_feet.cpp)
//   raise_heels          a foot its ankle cannot stand level rises on its toes (depth_below)
//   keep_heels_risen     a warm-started solve starts with the pins where the last one rose
//   (point_knees_over_toes  each pinned leg turned so its knee points where its toes do:
//                        full_body_feet.cpp)
//   (hang_free_limbs     a free arm turned toward hanging as the body bends: full_body_hang.cpp)
//   solve_full_body      prepare -> start pose -> frame -> frames -> the pins' last rise ->
//                        lengths -> goals -> evaluate -> bump -> iterate -> restarts -> pull
//                        toward the reference -> correct pins -> level the pinned feet ->
//                        raise the heels -> knees over the toes -> free arms hang -> status
#include "solvers/ik/full_body/full_body.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "solvers/ik/full_body/full_body_problem.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

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
// The clamping loop solves one step at most this many times (step_within_limits).
constexpr int kClampPasses = 4;
// Restarts of a solve from rest that stalls (restart_from_stall): at most this many, each
// only with at least kRestartIterations iterations left. The first goes to the middle of the
// limits; later ones kRestartBlend of the way from the stalled pose toward a random pose
// within kRestartSpread of each limit range (around its middle). The root, whose rotation has
// no limits, goes kRestartBlend of the way toward its rest rotation, turned by a random
// angle of up to kRootTurn about each axis after the first restart.
constexpr int kRestarts = 16;
constexpr int kRestartIterations = 6;
constexpr float kRestartBlend = 0.5f;
constexpr float kRestartSpread = 0.7f;
constexpr float kRootTurn = 0.3f;
// A solve from rest also counts as stalled when, after kSlowAfter iterations, its error has
// not halved over the last kSlowWindow: that basin costs more iterations than a restart.
constexpr int kSlowAfter = 8;
constexpr int kSlowWindow = 3;

void set_full_body_frame(Body& b, const Pose& pose) {
  const glm::mat4 parent = parent_world(b.skeleton, pose, b.chain.root);
  b.model_linear = glm::mat3(parent);
  b.frame_origin = glm::vec3(parent[3]);
  b.frame_rotation = rotation_of(b.model_linear);
}

struct Progress {
  float objective = 0.0f;
  float worst = 0.0f;    // the largest effector error, model units
  float metric = 0.0f;   // the largest error over its tolerance
  float balance = 0.0f;  // the balance's error (FullBodyScratch::balance_error)
  int iterations = 0;
  bool stalled = false;
};

void measure(Body& b, const Pose& pose, Progress& p) {
  update_frames(b, pose);
  p.objective = evaluate(b, p.worst, p.metric);
  p.balance = b.scratch.balance_error;
}

// Back to the tree's pose in `saved` and the progress `before` it: a try that did not pay
// (a balance step, a pull, a restart) is undone; the iterations it spent stay counted.
void undo_to(Body& b, const std::vector<Transform>& saved, Pose& pose, const Progress& before, Progress& p) {
  restore_tree(b, saved, pose);
  const int iterations = p.iterations;
  p = before;
  p.iterations = iterations;
  measure(b, pose, p);
}

// The balance still wants iterations: it is on and off its target by more than its
// tolerance.
bool balance_unsettled(const Body& b, const Progress& p) {
  return b.balance_rows > 0 && p.balance > kBalanceTolerance * b.tolerance;
}

// Baerlocher and Boulic's clamping loop: a joint the step pushed into its limit is held in
// the direction the clamp took away (a hinge: its one column; a ball joint: the blocked
// direction, free to slide along the limit; clamped again: wholly) and the step is solved
// again, so the joints that can still move make up for it in the same step. Without it the
// step keeps pressing on a limit, the other joints never take over, and the solve creeps
// along the limit for many iterations or stalls there.
bool step_within_limits(Body& b, Pose& pose, Trace* trace, float damping, bool pins_only) {
  begin_step(b);
  save_pose(b, pose);
  for (int pass = 1;; ++pass) {
    if (!priority_step(b, damping, pins_only)) return false;
    add_fixed_step(b);
    limit_step(b);
    if (apply_step(b, pose) == 0 || pass == kClampPasses) break;
    fix_clamped_joints(b, pose);
    restore_pose(b, pose);
  }
  trace_clamped_joints(b, trace);
  return true;
}

// One step of the balance (FullBodyScratch::balance) once the effectors are reached: the
// balance's task below the pins and the effectors, kept only if every effector stays within
// its tolerance and the balance comes at least a twentieth nearer; else undone, and the
// settling ends (so the balance never costs an effector its goal, and a balance that cannot
// be met does not move the pose frame after frame). False when it ends.
bool settle_balance(Body& b, Pose& pose, Trace* trace, Progress& p, float damping) {
  save_tree(b, pose, b.scratch.settle_local);
  const Progress before = p;
  b.balancing = true;
  build_jacobian(b, pose);
  bool solved = step_within_limits(b, pose, trace, damping, false);
  b.balancing = false;
  measure(b, pose, p);
  ++p.iterations;
  // The balance's move is in the effectors' null space to first order only: where it moved
  // an effector off its goal, one effector step brings it back (a predictor and a
  // corrector) before the move is judged.
  if (solved && b.metric_without_pins > 1.0f && p.iterations < b.params.max_iterations) {
    build_jacobian(b, pose);
    solved = step_within_limits(b, pose, trace, damping, false);
    measure(b, pose, p);
    ++p.iterations;
  }
  const bool kept = solved && b.metric_without_pins <= 1.0f && p.balance < 0.95f * before.balance;
  if (!kept) undo_to(b, b.scratch.settle_local, pose, before, p);
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
  return kept;
}

// How far the turnable tree joints are from their pull targets (set_pull_targets: the
// reference pose's turns, FullBodyScratch::reference_pose, else rest, a free arm's tipped):
// Σ stiffness · angle² over the joints with columns, plus the root's translation stiffness
// times its offset² in units of L -- the metric in which the weighted least-norm step is
// shortest, so a step back onto the goals after a pull undoes only the part of the pull the
// goals need.
float reference_distance(const Body& b, const Pose& pose) {
  float distance = 0.0f;
  for (size_t k = 0; k < b.workspace.path.size(); ++k) {
    if (b.scratch.first_column[k] < 0) continue;
    const int j = b.workspace.path[k];
    const glm::vec3 turn =
        rotation_vector_between(pose.local[static_cast<size_t>(j)].rotation, b.scratch.pull_target[k]);
    distance += stiffness_of(b, j) * glm::dot(turn, turn);
  }
  if (b.translation_column >= 0) {
    const glm::vec3 offset =
        pose.local[static_cast<size_t>(b.chain.root)].translation - reference_local(b, b.chain.root).translation;
    distance += b.scratch.root_translation_stiffness * glm::dot(offset, offset) / (b.reach * b.reach);
  }
  return distance;
}

// Every turnable tree joint `fraction` of the way to its pull target (inside its limits),
// and the root's translation (when the solve may move it) to its own.
void blend_toward_reference(const Body& b, Pose& pose, float fraction) {
  for (size_t k = 0; k < b.workspace.path.size(); ++k) {
    if (b.scratch.first_column[k] < 0) continue;
    const int j = b.workspace.path[k];
    glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
    local = glm::normalize(glm::slerp(local, b.scratch.pull_target[k], fraction));
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(j)];
    if (b.use_limits && limits.enabled)
      clamp_to_limits(limits, b.skeleton.rest[static_cast<size_t>(j)].rotation, local);
  }
  if (b.translation_column >= 0) {
    glm::vec3& root = pose.local[static_cast<size_t>(b.chain.root)].translation;
    root = glm::mix(root, reference_local(b, b.chain.root).translation, fraction);
  }
}

// The light pull toward the reference pose (FullBodyScratch::reference_pull), once the
// effectors are reached and the balance, if on, has settled: every joint the pull's fraction
// of the way back to the reference (a predictor), then at most kPullCorrections effector
// steps back onto the goals (the correctors, which move in the goals' row space and so give
// back only what the goals need). Kept when every effector is within its tolerance again,
// the pose came at least kMinPullGain nearer the reference and the balance, if on, is still
// within its tolerance; else undone, as if never tried (a pose the goals hold wholly is left
// exactly as it is, and the iterations and the trace count only a pull that was kept, as one
// iteration). So a body left crouched by a reach that has come back up straightens again
// over the next frames, and a free hand drifts back to where the clip or the rest pose has
// it. The balance comes first: while it has not settled the pull is not tried (it was, and
// kept when it left the balance no worse: of 55,107 such tries in BM_FullBodyDrag's drags
// none was kept, and they cost the program's Mixamo drag a sixth of its time).
constexpr int kPullCorrections = 2;
constexpr float kMinPullGain = 0.01f;
void pull_toward_reference(Body& b, Pose& pose, Trace* trace, Progress& p) {
  if (balance_unsettled(b, p) || p.iterations >= b.params.max_iterations) return;
  set_pull_targets(b);
  const float distance = reference_distance(b, pose);
  if (!(distance > 0.0f)) return;
  save_tree(b, pose, b.scratch.settle_local);
  const Progress before = p;
  blend_toward_reference(b, pose, b.scratch.reference_pull);
  measure(b, pose, p);
  bool solved = true;
  for (int c = 0; c < kPullCorrections && solved && b.metric_without_pins > 1.0f; ++c) {
    build_jacobian(b, pose);
    solved = step_within_limits(b, pose, trace, 1.0f, false);
    measure(b, pose, p);
  }
  const bool kept = solved && b.metric_without_pins <= 1.0f && !balance_unsettled(b, p) &&
                    reference_distance(b, pose) < (1.0f - kMinPullGain) * distance;
  if (!kept) {
    undo_to(b, b.scratch.settle_local, pose, before, p);  // the correctors counted no iteration
    return;
  }
  ++p.iterations;
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
}

// The damped iterations, until `last_iteration` (-1: params.max_iterations). `cold`: a solve
// from rest, which may restart (see kSlowAfter).
void iterate_full_body(Body& b, Pose& pose, Trace* trace, Progress& p, bool cold, int last_iteration = -1) {
  if (last_iteration < 0) last_iteration = b.params.max_iterations;
  StallDetector stall(p.metric, 1.0f);
  float damping = 1.0f;
  float metrics[kSlowWindow] = {};  // the last kSlowWindow metrics, a ring
  int steps = 0;
  while (p.iterations < last_iteration) {
    if (p.metric <= 1.0f) {
      if (!balance_unsettled(b, p) || !settle_balance(b, pose, trace, p, damping)) break;
      continue;
    }
    b.balancing = false;
    build_jacobian(b, pose);
    const Progress before = p;
    const bool solved = step_within_limits(b, pose, trace, damping, false);
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
    if (p.metric <= 1.0f) continue;  // reached: the balance may settle next
    if (stall.stalled_after(p.metric)) {
      p.stalled = true;
      break;
    }
    const float window_ago = metrics[steps % kSlowWindow];
    metrics[steps % kSlowWindow] = p.metric;
    ++steps;
    if (cold && steps >= kSlowAfter && p.metric > 0.5f * window_ago) {
      p.stalled = true;
      break;
    }
  }
  b.balancing = false;
}

// The middle of a joint's limits: where a restart pulls it (see restart_from_stall).
glm::quat limits_middle(const JointLimits& l, const glm::quat& rest) {
  if (l.hinge) return rest * glm::angleAxis(0.5f * (l.min.x + l.max.x), ik::hinge_axis(l));
  if (l.cone) {
    const float length = glm::length(l.bone_axis);
    const glm::vec3 axis = length > 1e-6f ? l.bone_axis / length : glm::vec3(0.0f, 1.0f, 0.0f);
    return rest * l.cone_middle * glm::angleAxis(0.5f * (l.twist_min + l.twist_max), axis);
  }
  return rest * from_xyz_angles(0.5f * (l.min + l.max));
}

// A stall short of the goals with iterations left is, on a rig with limits, nearly always a
// local minimum where joints press on their limits: without limits the reachability
// benchmark reaches 100 % on both rigs. A restart moves every limited joint the solve turns:
// the first to the middle of its limits (off the limits, where a rig at rest usually is), a
// later one half-way from where it stalled toward a random rotation inside its limits (a
// different basin, not too far from this one: a far jump costs as many iterations as the
// first attempt). Then it iterates again with the damping schedule reset; a restart that
// ends no better is undone. The random rotations come from a fixed seed per restart, so the
// same input gives the same output. Counted as one iteration (it changes the pose, and the
// trace shows it).
float next_unit(std::uint32_t& state) {  // xorshift32, in [0, 1)
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return static_cast<float>(state >> 8) * (1.0f / 16777216.0f);
}

// A random angle within kRestartSpread of [min, max] around its middle; `angle` itself for a
// range of a full turn or more.
float random_in(float min, float max, float angle, std::uint32_t& rng) {
  if (!(max - min < kTwoPi)) return angle;
  return 0.5f * (min + max) + 0.5f * (max - min) * kRestartSpread * (2.0f * next_unit(rng) - 1.0f);
}

glm::quat limits_random(const JointLimits& l, const glm::quat& rest, const glm::quat& local, std::uint32_t& rng) {
  const glm::quat offset = glm::conjugate(rest) * local;
  if (l.hinge) return rest * glm::angleAxis(random_in(l.min.x, l.max.x, 0.0f, rng), ik::hinge_axis(l));
  if (l.cone) {
    // Uniform over the ellipse of swing vectors (as the benchmark samples), scaled by kRestartSpread.
    const float radius = kRestartSpread * std::sqrt(next_unit(rng)), angle = kTwoPi * next_unit(rng);
    SwingTwist reading;
    reading.swing =
        radius * glm::vec2(std::cos(angle) * std::min(l.swing.x, kPi), std::sin(angle) * std::min(l.swing.y, kPi));
    reading.twist = random_in(l.twist_min, l.twist_max, swing_twist_angles(l, offset).twist, rng);
    return rest * from_swing_twist(l, reading);
  }
  glm::vec3 a = xyz_angles_near_limits(l, offset);
  for (int i = 0; i < 3; ++i) a[i] = random_in(l.min[i], l.max[i], a[i], rng);
  return rest * from_xyz_angles(a);
}

void restart_from_stall(Body& b, Pose& pose, Trace* trace, Progress& p, int restart) {
  const FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  std::uint32_t rng = 0x9e3779b9u + 7919u * static_cast<std::uint32_t>(restart);
  for (size_t k = 0; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    const int joint = ws.path[k];
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(joint)];
    const bool limited = b.use_limits && limits.enabled;
    if (!limited && k != 0) continue;
    const glm::quat& rest = b.skeleton.rest[static_cast<size_t>(joint)].rotation;
    glm::quat& rotation = pose.local[static_cast<size_t>(joint)].rotation;
    glm::quat target;
    if (!limited) {  // the root
      glm::vec3 turn(0.0f);
      if (restart > 0)
        for (int axis = 0; axis < 3; ++axis) turn[axis] = kRootTurn * (2.0f * next_unit(rng) - 1.0f);
      target = rest * from_xyz_angles(turn);
    } else {
      target = restart == 0 ? limits_middle(limits, rest) : limits_random(limits, rest, rotation, rng);
    }
    if (glm::dot(target, rotation) < 0.0f) target = -target;
    rotation = glm::normalize(glm::slerp(rotation, target, restart == 0 && limited ? 1.0f : kRestartBlend));
    if (!limited) continue;
    clamp_to_limits(limits, limits.hinge ? s.hinge_axis[k] : ik::hinge_axis(limits), rest, rotation);
  }
  measure(b, pose, p);
  ++p.iterations;
  p.stalled = false;
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
}

bool pins_missed(const Body& b) {
  for (int i = 0; i < b.effectors; ++i)
    if (effector_pinned(b.chain, i) && b.scratch.effector_error[static_cast<size_t>(i)] > b.pin_tolerance) return true;
  return false;
}

// The pins exactly: a few undamped-ish Gauss-Newton steps on the pinned rows over the joints
// that only pinned effectors hang from (a leg below the hips), which cannot move any other
// effector. A step that makes the pins worse is undone and tried again with eight times the
// damping (a long undamped step off a leg pressed into its limits overshoots), at most
// kPinIterations steps in all.
void correct_pins(Body& b, Pose& pose, Trace* trace, Progress& p) {
  float damping = 1.0f;
  for (int k = 0; k < kPinIterations && pins_missed(b); ++k) {
    build_jacobian(b, pose);
    const Progress before = p;
    if (!step_within_limits(b, pose, trace, damping, true)) {
      restore_pose(b, pose);
      return;
    }
    measure(b, pose, p);
    ++p.iterations;
    if (!(p.objective < before.objective)) {
      restore_pose(b, pose);
      measure(b, pose, p);
      damping *= 8.0f;
    }
    if (trace != nullptr) trace_iteration(trace, pose, p.worst);
  }
}

// A foot the ankle's range cannot stand as level as the reference has it (the shin leaning
// past the ankle's dorsiflexion over its pin) would put its toes into the floor: a person's
// heel rises there, the foot standing on its toes. Where a levelled foot's lowest point (of
// it and the joints below it) lies farther below its ankle along up than in the reference
// pose (`depths`), by more than the solve's tolerance, its pin rises by the difference from
// its goal (FullBodyScratch::pin_rise says by how much), the legs are solved to the risen
// pins (correct_pins; where they alone cannot reach, straight or at their limits, the whole
// body a few iterations, the hips rising too) and the feet levelled again; a few rounds, as
// each rise straightens the leg a little. A rise the body cannot reach (the pins missed
// after it where they were met before) is undone.
constexpr int kHeelRounds = 3;
constexpr int kHeelIterations = 8;  // per round, when the legs alone cannot reach the risen pins
void raise_heels(Body& b, Pose& pose, const std::vector<int>& feet, const std::vector<glm::vec3>& ups,
                 const std::vector<float>& depths, Trace* trace, Progress& p) {
  const glm::vec3 up = frame_up(b);
  // Model units to frame units along up; a rise under the solve's tolerance is not made.
  const float to_frame = glm::length(glm::inverse(b.model_linear) * b.scratch.up);
  const float least_rise = b.tolerance * to_frame, pin_slack = b.pin_tolerance * to_frame;
  const bool pins_met = !pins_missed(b);
  b.scratch.pin_rise_before = b.scratch.pin_rise;  // to go back to
  bool risen = false;
  for (int round = 0; round < kHeelRounds; ++round) {
    update_frames(b, pose);
    bool moved = false;
    for (size_t e = 0; e < feet.size(); ++e) {
      const int i = feet[e];
      const int k = b.scratch.effector_tree_index[static_cast<size_t>(i)];
      const int foot = b.workspace.path[static_cast<size_t>(k)];
      const float rise = depth_below(b, &pose, foot, b.workspace.linear[static_cast<size_t>(k)], up) - depths[e];
      const glm::vec3 goal = glm::inverse(b.model_linear) * (effector_goal(b.chain, i).position - b.frame_origin);
      const glm::vec3 wanted = rise > least_rise ? goal + rise * up : goal;
      glm::vec3& pin = b.scratch.goal_position[static_cast<size_t>(i)];
      if (glm::length(wanted - pin) <= pin_slack) continue;
      pin = wanted;
      b.scratch.pin_rise[static_cast<size_t>(i)] = b.model_linear * (wanted - goal);
      moved = true;
    }
    if (!moved) break;
    if (!risen) save_tree(b, pose, b.scratch.best_local);
    risen = true;
    measure(b, pose, p);
    correct_pins(b, pose, trace, p);
    // The legs alone could not reach (straight, or at their limits): the whole body moves,
    // the hips rising with the pins.
    if (pins_missed(b)) iterate_full_body(b, pose, trace, p, false, p.iterations + kHeelIterations);
    level_pinned_feet(b, pose, feet, ups, trace);
  }
  if (!risen) return;
  measure(b, pose, p);
  if (!pins_met || !pins_missed(b)) return;
  // The rise is out of the body's reach: back to the pins and the pose before it.
  b.scratch.pin_rise = b.scratch.pin_rise_before;
  set_goals(b);
  restore_tree(b, b.scratch.best_local, pose);
  measure(b, pose, p);
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
}

// A warm-started solve (the program's frames) starts with each foot's pin where the last
// solve raised it (FullBodyScratch::pin_rise, which set_goals adds), so a heel that stays up
// over a drag is not brought down to the user's pin by the iterations and raised again by
// raise_heels in every frame (a third of a Mixamo-style rig's frame, dragging a hand far
// forward). raise_heels still measures each frame's rise afresh and moves a pin that
// should be lower. Any other solve, and any effector not a foot now, starts from no rise.
void keep_heels_risen(Body& b, const std::vector<int>& feet) {
  std::vector<glm::vec3>& rise = b.scratch.pin_rise;
  const size_t count = static_cast<size_t>(b.effectors);
  if (!b.scratch.heels_rise || !b.params.warm_start || rise.size() != count) {
    rise.assign(count, glm::vec3(0.0f));
    return;
  }
  for (size_t i = 0; i < count; ++i)
    if (std::find(feet.begin(), feet.end(), static_cast<int>(i)) == feet.end()) rise[i] = glm::vec3(0.0f);
}

}  // namespace

const FullBodyScratch& full_body_scratch(const Workspace& workspace) {
  static const FullBodyScratch none;
  const FullBodyScratch* found = find_scratch_of<FullBodyScratch>(workspace);
  return found != nullptr ? *found : none;
}

SolveResult solve_full_body(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                            Trace* trace) {
  Body b{skeleton, chain, chain.params, workspace, scratch_of<FullBodyScratch>(workspace)};
  SolveResult result;
  if (!prepare_body(b, pose)) return result;  // invalid_input, pose untouched

  if (!chain.params.warm_start) {
    // From rest, but a joint of infinite stiffness is held where it is (like a locked one).
    save_pose(b, pose);
    apply_start_pose(skeleton, chain.params, workspace, workspace.path, pose);
    for (size_t k = 0; k < workspace.path.size(); ++k)
      if (b.scratch.first_column[k] < 0) pose.local[static_cast<size_t>(workspace.path[k])] = b.scratch.saved_local[k];
    if (b.translation_column >= 0)
      pose.local[static_cast<size_t>(chain.root)].translation =
          skeleton.rest[static_cast<size_t>(chain.root)].translation;
  }
  set_full_body_frame(b, pose);
  Progress p;
  update_frames(b, pose);
  std::vector<int>& feet = b.scratch.turnable_pins;
  std::vector<glm::vec3>& ups = b.scratch.pin_ups;
  turnable_pins(b, feet);
  ups.clear();
  keep_heels_risen(b, feet);
  set_lengths(b);
  std::vector<float>& depths = b.scratch.pin_depths;
  depths.clear();
  for (const int i : feet) {
    // A pinned foot stands as the reference pose stands it, unless the reference has it in
    // the air (a clip's swing foot under a pin): then as at rest.
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(i)];
    const bool at_rest = lifted_in_reference(b, i, k);
    ups.push_back(reference_up(b, k, at_rest));
    if (!b.scratch.heels_rise) continue;
    const int foot = workspace.path[static_cast<size_t>(k)];
    const glm::mat3 stand_frame = reference_parent_frame(b, k, at_rest) * linear_of(stand_local(b, foot, at_rest));
    depths.push_back(depth_below(b, nullptr, foot, stand_frame, frame_up(b), at_rest));
  }
  set_goals(b);
  p.objective = evaluate(b, p.worst, p.metric);
  p.balance = b.scratch.balance_error;
  if (p.metric > 1.0f && bump_colinear_joints(b, pose)) measure(b, pose, p);

  trace_begin(
      trace, workspace.path, pose, p.worst,
      chain.params.max_iterations + kPinIterations + kRestarts + kHeelRounds * (kPinIterations + kHeelIterations) + 2);
  iterate_full_body(b, pose, trace, p, !chain.params.warm_start);
  // Only from rest: a warm-started solve (the program's frames, a drag) keeps following the
  // pose it is given rather than jump to another basin, and its cost per frame stays as it was.
  const int restarts = chain.params.warm_start ? 0 : kRestarts;
  for (int restart = 0; restart < restarts && p.stalled && p.metric > 1.0f &&
                        p.iterations + kRestartIterations <= b.params.max_iterations;
       ++restart) {
    const Progress before = p;
    save_tree(b, pose, b.scratch.best_local);
    restart_from_stall(b, pose, trace, p, restart);
    iterate_full_body(b, pose, trace, p, true);
    if (!(p.metric < before.metric)) {  // no better: back to the pose before the restart
      undo_to(b, b.scratch.best_local, pose, before, p);
      ++p.iterations;  // the way back is a step of the trace too
      if (trace != nullptr) trace_iteration(trace, pose, p.worst);
    }
  }
  if (b.scratch.reference_pull > 0.0f && p.metric <= 1.0f) pull_toward_reference(b, pose, trace, p);
  if (b.any_pinned && pins_missed(b)) correct_pins(b, pose, trace, p);
  level_pinned_feet(b, pose, feet, ups, trace);
  if (b.scratch.heels_rise) raise_heels(b, pose, feet, ups, depths, trace, p);
  if (b.scratch.knees_over_toes && point_knees_over_toes(b, pose, feet, trace))
    level_pinned_feet(b, pose, feet, ups, trace);
  hang_free_limbs(b, pose, trace);

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
