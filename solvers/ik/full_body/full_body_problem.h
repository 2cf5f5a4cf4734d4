// The full-body solver's insides (private to solvers/full_body*.cpp): one solve's fixed
// facts (Body) and the named steps solve_full_body (full_body.cpp) runs:
//
//   prepare -> start pose -> frames -> evaluate -> bump -> iterate (jacobian -> step ->
//   apply, while a limit clamps: fix and step again -> frames -> evaluate, undo if worse)
//   -> restarts from a stall -> the pull toward the reference pose -> pin correction ->
//   the pinned feet levelled (full_body_feet.cpp) -> the heels raised -> the knees over the
//   toes -> the free arms hung (full_body_hang.cpp) -> status
//
// The frame: everything is in the root's parent frame (positions and linear parts of the
// tree joints in Workspace::positions / linear, chain_frames with an identity parent);
// errors are mapped to model space through the parent's linear part.
//
// Index:
//   Body                     the solve's fixed facts and scratch; stiffness_of, below
//   full_body_prepare.cpp:   prepare_body, update_frames, set_lengths, set_goals
//   full_body_step.cpp:      evaluate, build_jacobian, limit_step, begin_step, apply_step,
//                            fix_clamped_joints, add_fixed_step, save_pose, restore_pose,
//                            bump_colinear_joints
//   full_body_priority.cpp:  priority_step
//   full_body_hang.cpp:      set_pull_targets, hang_free_limbs
//   full_body_feet.cpp:      turnable_pins, reference_parent_frame, reference_up, frame_up,
//                            depth_below, level_pinned_feet, point_knees_over_toes
#pragma once

#include <glm/gtc/matrix_transform.hpp>

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace full_body_detail {

// Largest turn of one joint in one iteration (radians) unless params.max_step_angle is
// smaller; largest root translation per iteration, as a fraction of the reach L.
constexpr float kMaxTurn = 0.5f;
constexpr float kMaxShift = 0.25f;
// Error clamping: an effector's position error row is at most this fraction of L; the
// balance's, kLongestBalanceRow.
constexpr float kLongestErrorRow = 0.25f;
constexpr float kLongestBalanceRow = 0.05f;
// The pins' damping, as a fraction of the others'.
constexpr float kPinDamping = 0.1f;
// The damping (a fraction of the reach L) of the projection of a task into the null space of
// the tasks before it: far below their own damping, so a lower task moves a higher one by
// well under a hundredth of its error (with the tasks' own damping in the projection, the
// balance moved a reached hand by a tenth of its own move).
constexpr float kProjectionDamping = 1e-2f;
// Weight of a pin's error in the objective that decides whether a step is kept.
constexpr float kPinObjectiveWeight = 100.0f;
// The colinear bump's turn.
constexpr float kBumpAngle = 0.05f;
// Pin-only Gauss-Newton iterations after the main loop.
constexpr int kPinIterations = 8;

struct Body {
  const Skeleton& skeleton;
  const Chain& chain;
  const Params& params;
  Workspace& workspace;
  FullBodyScratch& scratch;
  int effectors = 0;
  int rows = 0;                                      // m
  int pinned_rows = 0;                               // m1: the pinned effectors' rows come first
  int balance_rows = 0;                              // m3: the balance's two rows come last (or none)
  int columns = 0;                                   // n
  int live_columns = 0;  // the first columns, those a row may read (full_body_prepare.cpp); the rest stay 0 in J
  int translation_column = -1;                       // the root's translation columns (3), or -1 if it is held
  glm::mat3 model_linear{1.0f};                      // the root's parent frame -> model space, linear part
  glm::vec3 frame_origin{0.0f};                      // and its origin in model space
  glm::quat frame_rotation{1.0f, 0.0f, 0.0f, 0.0f};  // its rotation part
  float reach = 1.0f;                                // L: the longest root -> effector path, frame units
  float tolerance = 0.0f;                            // model units
  float pin_tolerance = 0.0f;                        // model units
  float lambda = 0.0f;                               // frame units
  float min_gain = 0.0f;                             // least decrease of the objective a kept step must bring
  float max_turn = kMaxTurn;
  bool use_limits = true;
  bool any_pinned = false;
  // Balance (FullBodyScratch::balance): the frame's horizontal unit axes (across model +Y),
  // the target of the centre of mass, the body's mass.
  glm::vec3 horizontal[2] = {glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 0.0f, 1.0f)};
  glm::vec3 balance_target{0.0f};
  float total_mass = 0.0f;
  bool balancing = false;
  float metric_without_pins = 0.0f;  // evaluate's metric with the pins held to the tolerance, not kPinTolerance of it
                                     // // the step includes the balance's task (only once the effectors are reached)
};

// The stiffness of skeleton joint `joint` (1 when none is given).
inline float stiffness_of(const Body& b, int joint) {
  const std::vector<float>& s = b.scratch.stiffness;
  return s.empty() ? 1.0f : s[static_cast<size_t>(joint)];
}

// Skeleton joint `joint`'s local transform in the reference pose (FullBodyScratch::
// reference_pose, else the rest pose): what the balance and the feet keep.
inline const Transform& reference_local(const Body& b, int joint) {
  const Pose* reference = b.scratch.reference_pose;
  return reference != nullptr ? reference->local[static_cast<size_t>(joint)]
                              : b.skeleton.rest[static_cast<size_t>(joint)];
}

// The same, or the rest pose's with `at_rest` (a pinned foot the reference lifts stands as at
// rest: lifted_in_reference).
inline const Transform& stand_local(const Body& b, int joint, bool at_rest) {
  return at_rest ? b.skeleton.rest[static_cast<size_t>(joint)] : reference_local(b, joint);
}

// A local transform's linear part: its rotation times its scale.
inline glm::mat3 linear_of(const Transform& t) {
  return glm::mat3_cast(t.rotation) * glm::mat3(glm::scale(glm::mat4(1.0f), t.scale));
}

// True if `joint` is `ancestor` or below it (DFS order: its subtree is one index range).
inline bool below(const Skeleton& skeleton, int ancestor, int joint) {
  return joint >= ancestor && joint < skeleton.subtree_end[static_cast<size_t>(ancestor)];
}

// (effector_joint, effector_goal, effector_pinned: solvers/ik/chain.h.)
// The weight of effector i's rows: 1 for a pin (pins are met first whatever their weight).
inline float row_weight(const Chain& chain, int i) {
  if (i == 0) return 1.0f;
  const EffectorGoal& e = chain.extra_effectors[static_cast<size_t>(i - 1)];
  return e.pinned ? 1.0f : e.weight;
}

// Validates (false: invalid input, nothing written), fills the tree, sizes the scratch
// and sets the columns and rows.
bool prepare_body(Body& b, const Pose& pose);
// The tree's frames in the root's parent frame.
void update_frames(Body& b, const Pose& pose);
// After the frames: the reach L and everything measured in it (tolerances, damping).
void set_lengths(Body& b);
// Each effector's goal in the root's parent frame, and the balance's target.
void set_goals(Body& b);
// Error rows (clamped, weighted) and each effector's model-space error. Returns the
// objective (weighted squared errors, pins weighted up); `worst` is the largest effector
// error and `metric` the largest error over its tolerance (<= 1: done).
float evaluate(Body& b, float& worst, float& metric);
// J from the current frames.
void build_jacobian(Body& b, const Pose& pose);
// The task-priority step into scratch.step with damping scale `damping`. pins_only: the
// pinned rows alone, over the masked columns (the pin correction). False if a small
// system could not be solved (the step is then zero).
bool priority_step(Body& b, float damping, bool pins_only);
// Scales the step down so no joint turns more than max_turn and the root moves at most
// kMaxShift L.
void limit_step(Body& b);
// The start of an iteration's step (after build_jacobian): every column free at its weight
// 1 / stiffness about its joint's own axes, nothing fixed, task_error = error.
void begin_step(Body& b);
// Turns the joints by the step and clamps them into their limits (scratch.clamped says
// which). Returns how many were clamped that the clamping loop has not wholly fixed.
int apply_step(Body& b, Pose& pose);
// The clamping loop's move (full_body.cpp: step_within_limits), after apply_step: a clamped
// ball joint not fixed yet is held in the direction its clamp took away from the step (its
// columns turned so the last one is that direction, fixed at the turn the clamp left); a
// hinge, or a ball joint clamped again, is held wholly at the turn the clamp left (from
// saved_local to the pose). Held columns get weight 0; task_error = error - J fixed_step.
void fix_clamped_joints(Body& b, const Pose& pose);
// Adds the fixed joints' turns to the step (the free columns' step has 0 there).
void add_fixed_step(Body& b);
// Marks every joint the step clamped or fixed in the trace.
void trace_clamped_joints(const Body& b, Trace* trace);
// The tree's local transforms (path order) into `into` / back from `from`; save_pose and
// restore_pose use saved_local (the pose before a step).
void save_tree(const Body& b, const Pose& pose, std::vector<Transform>& into);
void restore_tree(const Body& b, const std::vector<Transform>& from, Pose& pose);
void save_pose(Body& b, const Pose& pose);
void restore_pose(Body& b, Pose& pose);
// The guide's colinear bump for every straight joint above an effector that is not done.
// True if it turned one (the frames are then stale).
bool bump_colinear_joints(Body& b, Pose& pose);

// What the pull toward the reference pose pulls each tree joint toward, into
// scratch.pull_target (full_body_hang.cpp): its reference turn, or for a free hanging joint
// (FullBodyScratch::hanging_joints) that turn tipped down as far as its parent has bent from
// the reference. After update_frames (it reads the parents' frames).
void set_pull_targets(Body& b);
// Each free hanging joint set to its pull target, inside its limits, where that brings it
// nearer (it moves no goal). True if it set one (the frames are then updated).
bool hang_free_limbs(Body& b, Pose& pose, Trace* trace);

// The pinned feet (full_body_feet.cpp).
// The pinned effectors whose own turn the solve may set afterwards (effector indices): no
// orientation goal, free to turn, no other effector below them.
void turnable_pins(const Body& b, std::vector<int>& effectors);
// Tree joint k's parent frame (linear part) in the root's parent frame, in the reference pose
// (`at_rest`: the rest pose).
glm::mat3 reference_parent_frame(const Body& b, int k, bool at_rest = false);
// The direction in tree joint k's own frame that is the world's up in the reference pose
// (`at_rest`: the rest pose).
glm::vec3 reference_up(const Body& b, int k, bool at_rest = false);
// True if the reference pose holds pinned effector i (tree joint k) lifted off its pin (a
// clip's swing foot): its foot then stands as at rest. After set_lengths.
bool lifted_in_reference(const Body& b, int i, int k);
// The world's up in the root's parent frame, unit.
glm::vec3 frame_up(const Body& b);
// How far the lowest point of skeleton joint `foot` and the joints below it lies below the
// foot's origin along `up` (frame units, >= 0); `pose` nullptr: the reference pose (`at_rest`:
// the rest pose).
float depth_below(const Body& b, const Pose* pose, int foot, const glm::mat3& foot_linear, const glm::vec3& up,
                  bool at_rest = false);
// Each of `feet` (effector indices) turned back to as level as `ups` (its up in its own frame)
// says, inside its limits, where that stands it more level.
void level_pinned_feet(const Body& b, Pose& pose, const std::vector<int>& feet, const std::vector<glm::vec3>& ups,
                       Trace* trace);
// Each of `feet` (effector indices) with a knee and a hip above it: the leg turned about its
// hip -> ankle line so the knee points where the toes do, inside the hip's and the ankle's
// limits, the foot keeping its turn in the world (FullBodyScratch::knees_over_toes). True if
// it turned one (the frames are then updated).
bool point_knees_over_toes(Body& b, Pose& pose, const std::vector<int>& feet, Trace* trace);

}  // namespace full_body_detail
}  // namespace ik
