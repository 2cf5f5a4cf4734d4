// Chain, Goal, Params, Trace, SolveResult, Workspace: the contract between the IK
// solvers, the scene-level solve and the program.
//
// A solver is a free function (see solver_table.h):
//
//   SolveResult solve_xxx(const Skeleton& skeleton, const Chain& chain, Pose& pose,
//                         Workspace& workspace, Trace* trace);
//
// It reads the skeleton and the chain, reads and writes `pose` (local transforms of the
// chain's joints only, and never of a joint marked in workspace.locked), appends to
// `trace` if one is given, and returns a SolveResult. It never reads global state and
// allocates nothing inside its iteration loop: scratch lives in `workspace`
// (solvers/ik/workspace.h), whose buffers only grow. Invalid input (NaN, infinite or too distant goal, see
// kMaxGoalCoordinate; bad joint indices) returns
// invalid_input and leaves the pose untouched.
//
// Spaces: every position and orientation in a Goal is in model space (the space of
// forward kinematics' world matrices, see pose.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/anim/pose.h"

namespace ik {

enum class SolveStatus : std::uint8_t {
  reached,         // error <= tolerance
  max_iterations,  // ran out of iterations while still improving
  stalled,         // the error stopped decreasing before reaching the tolerance
  unreachable,     // the goal is farther than the chain can reach; chain ends straight toward it
  invalid_input,   // NaN/inf goal, bad indices, ... ; pose untouched
};
const char* to_string(SolveStatus status);

struct SolveResult {
  SolveStatus status = SolveStatus::invalid_input;
  int iterations = 0;  // iterations actually run
  float error = 0.0f;  // final error, scene units (position distance, plus weighted
                       // orientation error for 6-D goals; see each solver)
  // One line on why the solve ended as it did, when the status alone does not say it (the
  // spline solver: "the curve is shorter than the chain: its end runs straight on past the
  // goal"); a string literal, never freed; nullptr when there is nothing to add.
  const char* note = nullptr;
};

// The largest goal coordinate a solver accepts, scene units; a goal farther out is invalid
// input. Squared distances of points this far apart stay inside float's range (3 * (2e18)^2
// < 3.4e38); beyond it an error or a direction can overflow to infinity.
inline constexpr float kMaxGoalCoordinate = 1e18f;

// The most control points a chain's spline may have (Chain::spline_points): a handful is what
// a user drags; the bound keeps a session from asking for a huge curve.
inline constexpr int kMaxSplinePoints = 32;

// A goal for one effector, in model space.
struct Goal {
  glm::vec3 position{0.0f};
  bool use_orientation = false;               // 6-D goal for solvers that support it
  glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};  // wanted model-space rotation of the effector
  glm::vec3 pole{0.0f, 0.0f, 1.0f};           // bend direction hint (analytic solvers), model space
  glm::vec3 up{0.0f, 1.0f, 0.0f};             // goal's up vector (three-bone solver), model space
  float scale = 1.0f;                         // wanted scale (scale-target solver)
  // Pole target (solvers/ik/pole.h). Off: every solver behaves as without one, `pole` above
  // stays a direction hint. On: `pole_target` is a POINT in model space, and the chain
  // bends in the plane through its root, the goal and that point, its middle on the
  // point's side, the side turned by `pole_twist` radians about the root -> goal line.
  bool use_pole = false;
  glm::vec3 pole_target{0.0f, 0.0f, 1.0f};    // model space, a point
  float pole_twist = 0.0f;                    // radians, right-handed about root -> goal
  // A pole that follows the motion (auto_pole.h): each solve, use_pole and pole_target of the
  // goal the solver is handed come from the animated pose (else the rest); pole_twist applies.
  bool auto_pole = false;
};

// An additional effector on the same chain: mid-chain, or the tip of a branch below the
// chain's root (multi-effector FABRIK and Jacobian solvers).
struct EffectorGoal {
  int joint = -1;
  Goal goal;
  float weight = 1.0f;
  // A hard goal (feet on the floor): the full-body solver meets pinned goals first and moves
  // the other effectors only in ways that keep them (full_body.h). Other solvers ignore it.
  bool pinned = false;
};

// Solver parameters. Every field has a documented default and unit; the solver table
// says which fields each solver uses and the UI ranges.
struct Params {
  int max_iterations = 16;           // iterations per solve
  float tolerance = 1e-3f;           // stop when error <= this; see tolerance_relative
  bool tolerance_relative = true;    // tolerance is a fraction of the chain's length
  float lambda = 0.1f;               // DLS damping, scene units (relative to chain length
                                     // when tolerance_relative is set)
  bool finite_difference = false;    // Jacobian columns by finite difference instead of analytic
  float fd_step = 1e-3f;             // finite-difference step, radians
  float max_step_angle = 0.0f;       // per-joint, per-iteration rotation clamp, radians; 0 = none
  bool use_limits = true;            // honour skeleton.limits
  bool warm_start = true;            // start from the given pose (path dependent) or from rest
  float orientation_weight = 1.0f;   // scene units per radian in 6-D error and Jacobian rows
  // Mass-spring:
  glm::vec3 gravity{0.0f, -9.81f, 0.0f};  // scene units / s^2, model space
  float mass = 1.0f;                 // kg per particle
  float damping = 0.02f;             // fraction of velocity lost per substep
  float time_step = 1.0f / 60.0f;    // s of simulated time per solve (one frame)
  float substep = 1.0f / 240.0f;     // s per fixed substep
  int constraint_iterations = 8;     // distance-constraint passes per substep
  // Scale target:
  float min_scale = 0.25f;
  float max_scale = 4.0f;
  // Soft reach near full extension (soft_reach.h): the fraction of the chain's reach over
  // which a goal is drawn in so the limb never snaps straight; 0 = off.
  float soft_reach = 0.0f;
};

// ---- Chain groups (what part of a character a chain poses; bulk enable / disable) ----
enum class ChainGroup : std::uint8_t { other, fingers, limbs, spine, head, tail };
inline constexpr int kChainGroupCount = 6;
const char* to_string(ChainGroup group);  // "other", "fingers", "limbs", "spine", "head", "tail"
bool chain_group_from_string(const char* text, ChainGroup& out);  // false if unknown

// One IK chain: the joints from `root` down to `effector` (ascending indices), plus
// optional extra effectors, a solver and its parameters.
struct Chain {
  int root = 0;
  int effector = 0;
  Goal goal;                          // goal of `effector`
  std::vector<EffectorGoal> extra_effectors;
  int solver = 0;                     // index into the solver table (solver_table.h)
  Params params;
  bool enabled = true;
  // IK weight (the IK/FK blend, solvers/scene/ik_blend.h): 1 = the solved joints as solved,
  // 0 = as animated (the clip's pose, or rest), between = per-joint slerp / lerp.
  float ik_weight = 1.0f;
  // ---- Group and goal space (solvers/ik/goal_space.h) ----
  ChainGroup group = ChainGroup::other;
  // -1: `goal` is pinned in model space. Else `goal`'s position and orientation are an
  // offset in this joint's frame (its model transform in the pose being solved), so the
  // goal rides with the joint: finger goals with the hand, eye goals with the head. Must
  // not be at or below `root` (the chain would chase its own goal).
  int follow_joint = -1;
  // An aim (look-at) chain: the goal's position is a look target, not where the effector
  // goes. The solve asks for the effector to stay where it is and turn so that its local
  // `aim_axis` points at the target (an orientation goal, so the solver must have
  // orientation goals, e.g. DLS).
  bool aim = false;
  glm::vec3 aim_axis{0.0f, 0.0f, 1.0f};  // in the effector's own frame, unit
  // ---- Goals driven by motion (solvers/ik/goal_space.h) ----
  // none: pinned or following `follow_joint` as above. animated: the goal follows the
  // effector of the animated pose (the clip at the current time) and `goal`'s position and
  // orientation are a model-space offset from it (IK as an adjustment on top of the clip;
  // a zero offset asks for the clip's pose; the extra effectors' goals are offsets from their
  // own animated joints in the same way). path: the goal follows the recorded goal path of
  // this chain named `follow_path`, at the current time, looping. Both ignore follow_joint.
  enum class Motion : std::uint8_t { none, animated, path };
  Motion motion = Motion::none;
  std::string follow_path;  // with Motion::path: the path's name (GoalPath::name)
  // ---- Spline IK (solvers/ik/spline/spline.h) ----
  // The curve's control points between the chain's root and its goal, in order, model space
  // (within kMaxGoalCoordinate; at most kMaxSplinePoints): the spline solver lays the chain
  // along the curve from the root through these to the goal. Other solvers ignore them.
  std::vector<glm::vec3> spline_points;
};

// Caller-owned record of a solve, for plotting and stepping.
struct Trace {
  bool record_poses = false;          // set by the caller before solving
  std::vector<float> error;           // error before iteration 1, then after each iteration
  // When record_poses: the local transforms of the chain's joints (chain_path order)
  // before iteration 1 and after each iteration, flattened: poses[k * joints + j].
  std::vector<int> joints;
  std::vector<Transform> poses;
  // Joints that a limit clamped at least once during the solve (chain_path order, 0/1).
  std::vector<std::uint8_t> clamped;

  void clear() {
    error.clear();
    joints.clear();
    poses.clear();
    clamped.clear();
  }
};

// A chain's effectors by one index: 0 is the chain's own (its effector and goal, weight 1,
// never pinned), 1 .. extra_effectors.size() the extra effectors in order.
inline int effector_count(const Chain& chain) { return 1 + static_cast<int>(chain.extra_effectors.size()); }
inline int effector_joint(const Chain& chain, int i) {
  return i == 0 ? chain.effector : chain.extra_effectors[static_cast<size_t>(i - 1)].joint;
}
inline const Goal& effector_goal(const Chain& chain, int i) {
  return i == 0 ? chain.goal : chain.extra_effectors[static_cast<size_t>(i - 1)].goal;
}
inline Goal& effector_goal(Chain& chain, int i) {
  return i == 0 ? chain.goal : chain.extra_effectors[static_cast<size_t>(i - 1)].goal;
}
inline float effector_weight(const Chain& chain, int i) {
  return i == 0 ? 1.0f : chain.extra_effectors[static_cast<size_t>(i - 1)].weight;
}
inline bool effector_pinned(const Chain& chain, int i) {
  return i > 0 && chain.extra_effectors[static_cast<size_t>(i - 1)].pinned;
}

// Scratch and state the solvers keep between solves: solvers/ik/workspace.h.
struct Workspace;

}  // namespace ik
