// The full-body solver's insides (private to solvers/full_body*.cpp): one solve's fixed
// facts (Body) and the named steps solve_full_body (full_body.cpp) runs:
//
//   prepare -> start pose -> frames -> evaluate -> bump -> iterate (jacobian -> step ->
//   apply -> frames -> evaluate, undo if worse) -> pin correction -> status
//
// The frame: everything is in the root's parent frame (positions and linear parts of the
// tree joints in Workspace::positions / linear, chain_frames with an identity parent);
// errors are mapped to model space through the parent's linear part.
//
// Index:
//   Body                  the solve's fixed facts and scratch
//   full_body_priority.cpp: priority_step
//   full_body_step.cpp:   prepare_body, update_frames, evaluate, build_jacobian,
//                         limit_step, apply_step, save_pose, restore_pose,
//                         bump_colinear_joints
#pragma once

#include "solvers/chain.h"
#include "solvers/full_body.h"
#include "solvers/skeleton.h"
#include "solvers/workspace.h"

namespace ik {
namespace full_body_detail {

// Largest turn of one joint in one iteration (radians) unless params.max_step_angle is
// smaller; largest root translation per iteration, as a fraction of the reach L.
constexpr float kMaxTurn = 0.5f;
constexpr float kMaxShift = 0.25f;
// Error clamping: an effector's position error row is at most this fraction of L.
constexpr float kLongestErrorRow = 0.25f;
// The pins' damping, as a fraction of the others'.
constexpr float kPinDamping = 0.1f;
// Weight of a pin's error in the objective that decides whether a step is kept.
constexpr float kPinObjectiveWeight = 100.0f;
// The colinear bump's turn.
constexpr float kBumpAngle = 0.05f;
// The weight of a joint's columns, relative to 1 / stiffness, in the step after its limit
// clamped it.
constexpr float kClampedWeight = 0.05f;
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
  int columns = 0;                                   // n
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
};

inline bool is_pinned(const Chain& chain, int i) {
  return i > 0 && chain.extra_effectors[static_cast<size_t>(i - 1)].pinned;
}
inline int effector_joint(const Chain& chain, int i) {
  return i == 0 ? chain.effector : chain.extra_effectors[static_cast<size_t>(i - 1)].joint;
}
inline const Goal& effector_goal(const Chain& chain, int i) {
  return i == 0 ? chain.goal : chain.extra_effectors[static_cast<size_t>(i - 1)].goal;
}
// The weight of effector i's rows: 1 for a pin (pins are met first whatever their weight).
inline float effector_weight(const Chain& chain, int i) {
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
// Each effector's goal in the root's parent frame.
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
// Turns the joints by the step, clamps them into their limits (marking the trace).
void apply_step(Body& b, Pose& pose, Trace* trace);
void save_pose(Body& b, const Pose& pose);
void restore_pose(Body& b, Pose& pose);
// The guide's colinear bump for every straight joint above an effector that is not done.
// True if it turned one (the frames are then stale).
bool bump_colinear_joints(Body& b, Pose& pose);

}  // namespace full_body_detail
}  // namespace ik
