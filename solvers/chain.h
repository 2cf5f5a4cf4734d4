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
// allocates nothing inside its iteration loop: scratch lives in `workspace`, whose
// buffers only grow. Invalid input (NaN, infinite or too distant goal, see
// kMaxGoalCoordinate; bad joint indices) returns
// invalid_input and leaves the pose untouched.
//
// Spaces: every position and orientation in a Goal is in model space (the space of
// forward kinematics' world matrices, see pose.h).
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/pose.h"

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
};

// The largest goal coordinate a solver accepts, scene units; a goal farther out is invalid
// input. Squared distances of points this far apart stay inside float's range (3 * (2e18)^2
// < 3.4e38); beyond it an error or a direction can overflow to infinity.
inline constexpr float kMaxGoalCoordinate = 1e18f;

// A goal for one effector, in model space.
struct Goal {
  glm::vec3 position{0.0f};
  bool use_orientation = false;               // 6-D goal for solvers that support it
  glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};  // wanted model-space rotation of the effector
  glm::vec3 pole{0.0f, 0.0f, 1.0f};           // bend direction hint (analytic solvers), model space
  glm::vec3 up{0.0f, 1.0f, 0.0f};             // goal's up vector (three-bone solver), model space
  float scale = 1.0f;                         // wanted scale (scale-target solver)
};

// An additional effector on the same chain: mid-chain, or the tip of a branch below the
// chain's root (multi-effector FABRIK and Jacobian solvers).
struct EffectorGoal {
  int joint = -1;
  Goal goal;
  float weight = 1.0f;
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
};

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

// The mass-spring solver's simulation state for one chain; it lives across solves because
// the particles' velocities are the difference between `current` and `previous`.
struct MassSpringState {
  int root = -1;      // the chain this state belongs to; a different chain (or joint count)
  int effector = -1;  // restarts the simulation from the pose, at rest
  std::vector<glm::vec3> current;   // particle positions, one per chain joint, in the frame
                                    // of the chain root's parent (see mass_spring.h)
  std::vector<glm::vec3> previous;  // positions one substep earlier
  std::vector<float> lengths;       // rest distance of each particle from the previous one
  double pending_substeps = 0.0;    // simulated time not yet run, in substeps (< 1 after a solve)
};

// One joint's ball limits prepared for the quick inside test (limits.h: prepare_ball_ranges,
// ball_surely_inside), kept across solves in Workspace::ball_ranges. The entry remembers the
// limit values it was prepared from and is used only while the joint's limits are still
// exactly those values (cached_ball_ranges compares them bit for bit), so a Workspace shared
// by different skeletons, chains or edited limits never reads another joint's ranges.
struct BallRangeCache {
  bool prepared = false;  // `limits` and `ranges` are filled
  bool ball = false;      // prepare_ball_ranges accepted the limits (else: no quick test)
  JointLimits limits;     // the limits the entry was prepared from
  glm::vec3 ranges[3]{};  // prepare_ball_ranges' output when `ball`
};

// Scratch memory shared by all solvers. Buffers only grow; a solver sizes what it needs
// once, before its iteration loop.
struct Workspace {
  std::vector<std::uint8_t> locked;   // per joint: 1 = an earlier chain owns it, do not move
  std::vector<glm::mat4> world;       // per joint model-space transforms
  std::vector<int> path;
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> positions2;
  std::vector<float> lengths;
  std::vector<float> floats;          // angle vectors, Jacobian storage, ...
  std::vector<float> floats2;
  std::vector<glm::quat> rotations;

  // Added with solver_common.h (tree-shaped chains, incremental frames):
  std::vector<int> tree_parent;       // per chain joint: position in `path` of its parent in the
                                      // chain's tree, -1 for the chain root
  std::vector<glm::mat3> linear;      // per chain joint: model-space linear part (rotation and
                                      // scale; may shear under a non-uniformly scaled parent)
  std::vector<glm::vec3> vectors;     // per chain joint scratch (goal positions, memoised offsets)
  std::vector<glm::vec3> vectors2;
  std::vector<float> weights;         // per chain joint scratch (goal weights)
  std::vector<std::uint8_t> flags;    // per chain joint scratch
  std::vector<int> first_child;       // per chain joint: first child in the chain's tree, -1 none
  std::vector<int> next_sibling;      // per chain joint: next child of the same parent, -1 none
  std::vector<int> order;             // scene_solve: the order the chains are solved in

  // Persistent per-chain state (not scratch): the mass-spring solver's particles. A solve
  // uses mass_spring[chain_slot]; scene_solve sets chain_slot to the chain's index in the
  // scene, a caller solving one chain directly may leave it at 0.
  int chain_slot = 0;
  std::vector<MassSpringState> mass_spring;

  // Persistent per skeleton joint (not scratch): the Jacobian solvers' prepared ball limits,
  // valid only for the exact limit values each entry records (BallRangeCache).
  std::vector<BallRangeCache> ball_ranges;
};

}  // namespace ik
