// Jacobian-transpose and damped-least-squares IK (the IK guide's §Jacobian, corrected copy;
// Buss, "Introduction to Inverse Kinematics with Jacobian Transpose, Pseudoinverse and
// Damped Least Squares methods").
//
// Angles. Each chain joint (the chain's tree, solver_common.h) that is not locked gives
// the Jacobian one column per rotational degree of freedom: a hinge (params.use_limits
// and a hinge JointLimits) one column about its hinge axis, any other joint three
// columns about its own local X, Y and Z axes. A step Δθ turns the joint's local rotation
// about those axes, R <- R * exp(Δθ_x X + Δθ_y Y + Δθ_z Z), renormalised; then, with
// params.use_limits, the rotation is clamped into skeleton.limits (limits.h). CCD uses the
// same per-joint, per-axis angles, which is what lets "CCD then DLS" (ccd_dls.h) hand one
// solver's result to the other.
//
// Rows. The main effector first, then each extra effector in order: 3 position rows
// (x, y, z: model space in compute_jacobian, the root's parent frame inside the solvers,
// see Steps), and 3 orientation rows when its goal has use_orientation (the
// rotation vector of goal * effector⁻¹, times params.orientation_weight). An effector's
// rows are scaled by sqrt(weight), so the step minimises Σ weight · |row error|².
//
// Columns are analytic, from one forward pass (chain_frames) per iteration. Turning joint
// j by θ about its own unit axis u moves a point p below it by
//     ∂p/∂θ = A (a × A⁻¹ (p - p_j)),     a = R_j u (in the parent's frame),
// where A is the model-space linear part of the parent. When A is a rotation times a
// positive uniform scale this is the familiar  ω × (p - p_j)  with ω = A a / |A a| the
// model-space axis; under a non-uniformly scaled or mirrored parent the general form is
// used (it is exact: the turn happens before the parent's linear map). The orientation
// rows are ω (times ±1 for a mirrored parent). With params.finite_difference, the columns
// are instead central differences of the effector's memoised transform (the seed's
// finite-difference column, step params.fd_step rad).
//
// Steps. Each position error row is clamped to a quarter of the chain's length (Buss's
// error clamping: the linear model only holds for small moves), and a goal beyond reach
// is aimed at just past full reach on the line toward it, so the chain settles straight
// toward it instead of thrashing about its singular straight pose. params.max_step_angle
// (when > 0) scales the whole step down so that no joint turns more than that in one
// iteration, which keeps the step's direction. The solvers work in
// the chain root's parent frame, where bone lengths do not change as the chain turns
// whatever scale the ancestors carry; errors are reported in model space.
//
// Stopping: reached (error <= tolerance), unreachable (a goal beyond reach; the loop runs
// until the chain stops straightening), stalled (no progress over a few iterations,
// solver_common's StallDetector), or max_iterations. Before the loop, a chain lying
// straight on the line of its goal is bumped (the guide's colinear advice), since no
// column could then move the effector along the line.
//
// Cost per iteration is linear in the number of joints N: the forward pass, J (m x n, m
// the rows, n ≈ 3N) and JJᵀ (m x m) are O(N); the m x m solve does not depend on N. No
// N x N matrix is ever formed.
//
// Scratch. The solvers' preallocated state is JacobianScratch (below), kept in
// scratch_of<JacobianScratch>(workspace): named, typed buffers sized once per solve before the iteration loop,
// so a second solve of the same chain allocates nothing. Where the code is:
// jacobian_problem.h (private) describes the split into files.
//
// Pole (Goal::use_pole, pole.h), transpose and DLS alike: solve_with_pole aims and turns the
// chain into the pole's plane before the iterations (so the steps start in it) and applies a
// final twist about the root -> effector line after them, a motion in the Jacobian's null
// space for the position goal (the effector does not move; an orientation goal is kept by
// counter-turning the effector). With limits, a twist a limit would clamp is made at the
// next joint toward the middle, or not at all (pole.h).
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"

namespace ik {

// Jacobian transpose: Δθ = α Jᵀ e with Buss's step α = <e, J Jᵀ e> / |J Jᵀ e|², which
// minimises |e - α J Jᵀ e| along that direction.
SolveResult solve_jacobian_transpose(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                     Workspace& workspace, Trace* trace);

// Damped least squares: Δθ = Jᵀ (J Jᵀ + λ² I)⁻¹ e with λ = params.lambda (times the
// chain's length when params.tolerance_relative), solved by Cholesky (in closed form when
// there are 3 rows). With limits on, one effector and an orientation goal the limits cannot give
// (a foot's past the ankle's), the six-row steps settle off the position too (each clamp
// undoes part of the step): the solve then finishes on the position alone, warm, in the
// iterations the chain allows a solve, so the effector stands at its goal with the orientation
// as near as the limits let it; the result is stalled, its error the whole goal's, and the
// finish counts as one iteration (one entry of the trace).
SolveResult solve_dls(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                      Trace* trace);

// True if the Params fields the Jacobian solvers read are usable: max_iterations >= 0,
// lambda, max_step_angle and orientation_weight finite and >= 0, fd_step finite and > 0
// when finite_difference. (Anything else is invalid input.)
bool valid_jacobian_params(const Params& params);

// Both solvers, with the method and the Params given explicitly (CCD -> DLS runs the DLS
// part with its own iteration budget). `continue_trace`: append to a trace another solver
// has begun for the same chain (its error entries continue) instead of starting it.
enum class JacobianMethod { transpose, damped_least_squares };
SolveResult solve_jacobian(const Skeleton& skeleton, const Chain& chain, const Params& params,
                           JacobianMethod method, Pose& pose, Workspace& workspace, Trace* trace,
                           bool continue_trace);

// The Jacobian at `pose` as the solvers build it (rows and columns as above, analytic or
// finite-difference per chain.params.finite_difference), row-major into `out`
// (out[r * columns + c]). main_effector_only: only the main effector's rows (3 or 6).
// Returns false (out untouched) on invalid input.
bool compute_jacobian(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                      bool main_effector_only, std::vector<float>& out, int& rows, int& columns);

// The singular values of the main effector's Jacobian at `pose` (3 x n for a position
// goal, 6 x n with orientation), for the UI: the square roots of the eigenvalues of the
// 3x3 or 6x6 J Jᵀ (Jacobi iteration, double precision), largest first. A straight chain
// reaching along its own line has a zero singular value; the condition number then is
// infinite.
struct JacobianSpectrum {
  int rows = 0;                   // 3 or 6 (0 after invalid input)
  int columns = 0;                // angle columns (unlocked degrees of freedom)
  float singular_values[6] = {};  // the first `rows` entries are used
  float condition = 0.0f;         // largest / smallest singular value (inf if smallest is 0)
};
bool jacobian_spectrum(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                       JacobianSpectrum& out);

// ---- The solvers' scratch (scratch_of<JacobianScratch>(workspace)) -------------------------------------------
//
// "The solve's frame" below is the frame the solve works in: the chain root's parent frame
// inside the solvers, model space in compute_jacobian and jacobian_spectrum (see Steps).
// "Tree joint k" is the chain joint at Workspace::path[k]. m is the number of rows, n the
// number of columns (see above). Buffers only grow: each holds at least what the current
// solve needs, and entries past that are left over from an earlier, larger solve.

// A hinge tracked by its angle from one step to the next (limits.h, "Hinges tracked by
// their angle"): the step moves the angle, which is clamped as a number.
struct HingeState {
  float angle = 0.0f;            // radians about the hinge axis, from its rest rotation
  bool swing_to_report = false;  // the start pose had a swing off the axis (hinge_angle), which
                                 // the first step removes: report that step as a clamp
};

// A ball joint's quick "surely inside its limits" test (limits.h, ball_surely_inside):
// (cos m, sin m, cos h) per axis. ranges[2] = (2, 2, 2), "never surely inside", for a joint
// without one (no ball limits, or params.use_limits off).
struct BallTest {
  glm::vec3 ranges[3]{};
};

struct JacobianScratch : SolverScratchOf<JacobianScratch> {
  // ---- Per effector i (0 the main one, then the chain's extra effectors in order) --------
  std::vector<int> effector_tree_index;      // its tree joint (position in Workspace::path)
  std::vector<float> effector_row_scale;     // sqrt(its weight): its rows are scaled by it
  std::vector<glm::vec3> effector_goal;      // its goal's position, in the solve's frame
  std::vector<glm::vec3> effector_aim;       // where the steps pull it, in the solve's frame:
                                             // its goal, or just past full reach toward it
  std::vector<glm::vec3> effector_position;  // where it is at the last error evaluation,
                                             // in the solve's frame (the columns read it)

  // ---- Per tree joint k, fixed for the solve ------------------------------------------------
  std::vector<std::uint8_t> column_count;  // its columns: 0 locked, 1 hinge, 3 ball joint
  std::vector<glm::vec3> hinge_axis;       // a hinge's unit axis in its own frame, else 0
  std::vector<float> inverse_frame_scale;  // 1 / the uniform scale of its frame (solve's frame
                                           // units per own unit; read only when all are uniform)
  std::vector<BallTest> ball_test;         // copied from ball_ranges for the solve

  // ---- Per tree joint k, changed by every step ---------------------------------------------
  std::vector<HingeState> hinge;       // a hinge's angle (column_count[k] == 1)
  std::vector<glm::vec3> fused_lever;  // the fused iteration's per-joint vector for Δθ = Jᵀ y:
                                       // r = sqrt(weight) (effector - joint) for a ball joint,
                                       // the column a x r for a hinge with axis a

  // ---- One iteration's matrices and vectors -------------------------------------------------
  std::vector<float> jacobian;     // J, m x n, row-major: jacobian[r * n + c]
  std::vector<float> step;         // Δθ, n: the turn of every column's axis, radians
  std::vector<float> error;        // e, m: the error rows the step reduces
  std::vector<float> jg;           // J g for the transpose step's g = Jᵀ e, m
  std::vector<float> y;            // m: DLS's (J Jᵀ + λ² I) y = e, Δθ = Jᵀ y
  std::vector<float> gram;         // J Jᵀ, m x m, both triangles, kept for a second solve
  std::vector<float> damped_gram;  // J Jᵀ + λ² I, m x m, factored in place by Cholesky

  // ---- Persistent per skeleton joint (not scratch) -----------------------------------------
  // The prepared ball limits, valid only for the exact limit values each entry records
  // (limits.h, BallRangeCache): kept across solves, so a solve prepares only what changed.
  std::vector<BallRangeCache> ball_ranges;
};

}  // namespace ik
