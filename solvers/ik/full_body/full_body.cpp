// The full-body solve (full_body.h): the table of contents; the steps are in
// full_body_step.cpp, behind full_body_problem.h.
//
// Index:
//   set_frame            the root's parent frame
//   step_within_limits   one step, solved again while the limits clamp (the clamping loop)
//   iterate              the damped, task-priority iterations with undo of worse steps
//   restart_from_stall   a solve from rest that stalls starts again elsewhere in the limits
//   correct_pins         pin-only Gauss-Newton over the joints only the pins use
//   level_pinned_feet    a pinned foot stays as level as in the reference pose (turnable_pins,
//                        reference_up)
//   raise_heels          a foot its ankle cannot stand level rises on its toes (depth_below)
//   solve_full_body      prepare -> start pose -> frame -> frames -> lengths -> goals ->
//                        evaluate -> bump -> iterate -> restarts -> correct pins -> level
//                        the pinned feet -> status
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
  if (!kept) {
    restore_tree(b, b.scratch.settle_local, pose);
    const int iterations = p.iterations;
    p = before;
    p.iterations = iterations;
    measure(b, pose, p);
  }
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
  return kept;
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

// The pinned effectors whose own turn the solve may set afterwards (effector indices): no
// orientation goal, free to turn (not locked, not held by an infinite stiffness: it has
// columns), and no other effector below them (their turn moves nothing the solve measured).
void turnable_pins(const Body& b, std::vector<int>& effectors) {
  effectors.clear();
  for (int i = 0; i < b.effectors; ++i) {
    const int j = effector_joint(b.chain, i);
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(i)];
    if (!effector_pinned(b.chain, i) || effector_goal(b.chain, i).use_orientation ||
        b.scratch.first_column[static_cast<size_t>(k)] < 0)
      continue;
    bool carries_another = false;
    for (int other = 0; other < b.effectors; ++other)
      carries_another |= effector_joint(b.chain, other) != j && below(b.skeleton, j, effector_joint(b.chain, other));
    if (!carries_another) effectors.push_back(i);
  }
}

// The model-space frame (linear part) of tree joint k's parent, from the frames of the last
// update_frames (the pose's: every change of the pose is measured).
glm::mat3 model_parent_frame(const Body& b, int k) {
  const int t = b.workspace.tree_parent[static_cast<size_t>(k)];
  return t < 0 ? b.model_linear : b.model_linear * b.workspace.linear[static_cast<size_t>(t)];
}

// Tree joint k's parent frame (linear part) in the root's parent frame, in the reference pose.
glm::mat3 reference_parent_frame(const Body& b, int k) {
  const Workspace& ws = b.workspace;
  glm::mat3 parent(1.0f);
  for (int t = ws.tree_parent[static_cast<size_t>(k)]; t >= 0; t = ws.tree_parent[static_cast<size_t>(t)])
    parent = linear_of(reference_local(b, ws.path[static_cast<size_t>(t)])) * parent;
  return parent;
}

// The direction in tree joint k's own frame (its rotation's, without its scale) that is the
// world's up in the reference pose, under the root's parent frame as it is now.
glm::vec3 reference_up(const Body& b, int k) {
  const Transform& local = reference_local(b, b.workspace.path[static_cast<size_t>(k)]);
  return glm::conjugate(local.rotation) * (glm::inverse(b.model_linear * reference_parent_frame(b, k)) * b.scratch.up);
}

// The world's up in the root's parent frame, unit.
glm::vec3 frame_up(const Body& b) {
  return direction_or(glm::inverse(b.model_linear) * b.scratch.up, glm::vec3(0.0f, 1.0f, 0.0f));
}

// How far the lowest point of skeleton joint `foot` and the joints below it lies below the
// foot's origin along `up` (frame units, >= 0), the foot's frame being `foot_linear` (root's
// parent frame) and the joints below it as `pose` has them (nullptr: the reference pose).
float depth_below(const Body& b, const Pose* pose, int foot, const glm::mat3& foot_linear, const glm::vec3& up) {
  std::vector<glm::mat4>& frames = b.scratch.foot_frames;
  const int end = b.skeleton.subtree_end[static_cast<size_t>(foot)];
  size_at_least(frames, static_cast<size_t>(end - foot));
  frames[0] = glm::mat4(1.0f);
  float depth = 0.0f;
  for (int d = foot + 1; d < end; ++d) {
    const Transform& local = pose != nullptr ? pose->local[static_cast<size_t>(d)] : reference_local(b, d);
    const int parent = b.skeleton.parent[static_cast<size_t>(d)];
    frames[static_cast<size_t>(d - foot)] = frames[static_cast<size_t>(parent - foot)] * to_matrix(local);
    depth = std::max(depth, -glm::dot(foot_linear * glm::vec3(frames[static_cast<size_t>(d - foot)][3]), up));
  }
  return depth;
}

// A pinned foot stands as level as it stands in the reference pose (`ups`: the direction in
// its own frame that is the world's up there, FullBodyScratch::up), as far as its limits let
// it: the solve turns the joints above it, which would otherwise tilt it with them (a shin
// leaning forward over a pinned ankle took the toes into the floor). Only the tilt is undone,
// by the shortest turn: the way the foot points stays the solve's (a body turning round may
// pivot on its feet). A foot tilted by less than kPinTiltSlack is left as it is: setting it
// would only add rounding, frame after frame. Writes the last traced pose too.
constexpr float kPinTiltSlack = 1e-5f;  // radians
void level_pinned_feet(const Body& b, Pose& pose, const std::vector<int>& feet, const std::vector<glm::vec3>& ups,
                       Trace* trace) {
  const glm::vec3& world_up = b.scratch.up;
  for (size_t e = 0; e < feet.size(); ++e) {
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(feet[e])];
    const int j = b.workspace.path[static_cast<size_t>(k)];
    glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
    const glm::mat3 parent = model_parent_frame(b, k);
    const glm::vec3 up = direction_or(parent * (local * ups[e]), world_up);
    const float level_now = glm::dot(up, world_up);
    if (!(level_now < std::cos(kPinTiltSlack))) continue;
    // The model-space turn T, seen in the parent's frame: P⁻¹ T P (a rotation, P mirrored or not).
    const glm::mat3 turn = glm::inverse(parent) * glm::mat3_cast(rotation_between(up, world_up)) * parent;
    glm::quat levelled = glm::normalize(rotation_of(turn) * local);
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(j)];
    if (b.use_limits && limits.enabled)
      clamp_to_limits(limits, b.skeleton.rest[static_cast<size_t>(j)].rotation, levelled);
    // Kept only if it stands the foot more level: a foot its limit holds tilted would
    // otherwise be turned and clamped back to a slightly different place in every frame of a
    // warm-started solve, creeping along its limit while nothing else moves.
    const glm::vec3 up_levelled = direction_or(parent * (levelled * ups[e]), world_up);
    if (!(std::acos(std::min(1.0f, glm::dot(up_levelled, world_up))) <
          std::acos(std::min(1.0f, level_now)) - kPinTiltSlack))
      continue;
    local = levelled;
    if (trace == nullptr || !trace->record_poses) continue;
    const size_t count = trace->joints.size();
    if (trace->poses.size() >= count)
      trace->poses[trace->poses.size() - count + static_cast<size_t>(k)].rotation = local;
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
  set_goals(b);  // the rise is out of the body's reach: back to the pose before it
  std::fill(b.scratch.pin_rise.begin(), b.scratch.pin_rise.end(), glm::vec3(0.0f));
  restore_tree(b, b.scratch.best_local, pose);
  measure(b, pose, p);
  if (trace != nullptr) trace_iteration(trace, pose, p.worst);
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
  b.scratch.pin_rise.assign(static_cast<size_t>(b.effectors), glm::vec3(0.0f));
  std::vector<float>& depths = b.scratch.pin_depths;
  depths.clear();
  for (const int i : feet) {
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(i)];
    ups.push_back(reference_up(b, k));
    if (!b.scratch.heels_rise) continue;
    const int foot = workspace.path[static_cast<size_t>(k)];
    const glm::mat3 reference_frame = reference_parent_frame(b, k) * linear_of(reference_local(b, foot));
    depths.push_back(depth_below(b, nullptr, foot, reference_frame, frame_up(b)));
  }
  set_lengths(b);
  set_goals(b);
  p.objective = evaluate(b, p.worst, p.metric);
  p.balance = b.scratch.balance_error;
  if (p.metric > 1.0f && bump_colinear_joints(b, pose)) measure(b, pose, p);

  trace_begin(
      trace, workspace.path, pose, p.worst,
      chain.params.max_iterations + kPinIterations + kRestarts + kHeelRounds * (kPinIterations + kHeelIterations) + 1);
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
      restore_tree(b, b.scratch.best_local, pose);
      const int iterations = p.iterations;
      p = before;
      p.iterations = iterations + 1;  // the way back is a step of the trace too
      measure(b, pose, p);
      if (trace != nullptr) trace_iteration(trace, pose, p.worst);
    }
  }
  if (b.any_pinned && pins_missed(b)) correct_pins(b, pose, trace, p);
  level_pinned_feet(b, pose, feet, ups, trace);
  if (b.scratch.heels_rise) raise_heels(b, pose, feet, ups, depths, trace, p);

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
