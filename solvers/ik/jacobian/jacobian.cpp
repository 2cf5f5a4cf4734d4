// The Jacobian solvers' public functions (jacobian.h). solve_jacobian is the table of
// contents of a solve; the steps it names live in jacobian_problem.cpp (set-up, frames,
// error), jacobian_columns.cpp (J), jacobian_step.cpp (the general iteration) and
// jacobian_fused.cpp (the fused iteration), behind jacobian_problem.h.
//
// Index:
//   valid_jacobian_params
//   solve_jacobian            prepare -> start pose -> frame -> columns -> path -> frames ->
//                             bump -> hinges -> lengths -> aims -> iterate -> status
//   solve_jacobian_transpose, solve_dls
//   compute_jacobian, jacobian_spectrum   J at a pose in model space, and its singular values
#include "solvers/ik/jacobian/jacobian.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "solvers/base/dense.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/jacobian/jacobian_problem.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {

using namespace jacobian_detail;

namespace {

// Starts the trace, or with `continue_trace` makes room in one another solver began, so
// that the loop does not allocate.
void begin_trace(const Problem& p, const Pose& pose, Trace* trace, bool continue_trace) {
  if (!continue_trace) {
    trace_begin(trace, p.workspace.path, pose, p.model_error, p.params.max_iterations);
  } else if (trace != nullptr) {
    const size_t more = static_cast<size_t>(p.params.max_iterations);
    trace->error.reserve(trace->error.size() + more);
    if (trace->record_poses) trace->poses.reserve(trace->poses.size() + more * trace->joints.size());
  }
}

// The iterations: each runs the fused or the general iteration (the same step either way,
// traced or not), then measures the error in plain code. A traced solve also reads the
// model-space error of every iteration; an untraced one measures it after the loop, and the
// two agree to the bit.
LoopOutcome iterate_jacobian(Problem& p, Pose& pose, Trace* trace, JacobianMethod method, float initial_error,
                             float shortfall) {
  auto step = [&]() {
    if (p.fused)
      fused_iteration(p, pose, trace, method);
    else
      general_iteration(p, pose, trace, method);
    return evaluate(p, trace != nullptr);
  };
  auto record = [&](float) {
    if (trace != nullptr) trace_iteration(trace, pose, p.model_error);  // spares an untraced solve the call
  };
  // A goal beyond reach: no tolerance to stop at; the error above the floor keeps falling
  // as the chain straightens toward the goal, until that stalls. Otherwise the frame-space
  // error must come within the tolerance divided by how much the frame map can stretch a
  // length (its largest singular value), so that the model-space error surely does; and by
  // the rounding of reading that error through the frame map (a few ulps of the goals'
  // distance from the origin: a chain far from it read 4e-7 over a tolerance of 5e-3).
  float farthest_goal = glm::length(p.chain.goal.position);
  for (const EffectorGoal& extra : p.chain.extra_effectors)
    farthest_goal = std::max(farthest_goal, glm::length(extra.goal.position));
  const float rounding = 8.0f * std::numeric_limits<float>::epsilon() * farthest_goal;
  const float stop_within =
      shortfall > 0.0f ? 0.0f : std::max(0.0f, p.tolerance - rounding) / (largest_stretch(p) * p.frame_scale);
  return iterate_until_done(p.params.max_iterations, stop_within, initial_error, step, record, shortfall);
}

// DLS with one effector whose orientation the limits cannot give (a foot's past the ankle's):
// the six-row steps settle where a clamp undoes what each step does, a few millimetres off the
// position as well as short of the orientation. A person puts the foot down where it goes and
// turns it as far as the ankle lets. True when that happened: the whole goal not reached, the
// position part over the tolerance, the goal within reach.
bool needs_position_first_finish(const Problem& p, JacobianMethod method, const SolveResult& result, float shortfall) {
  if (method != JacobianMethod::damped_least_squares || p.effectors != 1 || !p.chain.goal.use_orientation ||
      !p.params.use_limits || shortfall > 0.0f || result.status == SolveStatus::reached)
    return false;
  const JacobianScratch& s = p.scratch;
  return glm::length(s.effector_goal[0] - s.effector_position[0]) / p.frame_scale > p.tolerance;  // model units
}

// The finish: the same solve on the position alone, warm from where the first ended (the
// chain copied once into workspace.position_first_chain; nothing allocated after the first
// time). The ankle stays where its limit held it; the hip and knee move the foot onto its
// goal, turning it by what that takes, in as many iterations as the chain allows a solve
// (it stops once within the tolerance). With four (the first version) the Mixamo-style
// rig's foot stayed 1.6 cm short for six frames of the cleaned CMU walk (a nearly straight
// leg, damped) and slid 6.7 mm as it caught up; up a 15 degree ramp, its foot turned to the
// slope, DLS skated 1 % (BENCHMARKS.md). The finish is one more iteration in the result and the trace (its
// pose and the whole goal's error, orientation included, as every entry before it: its own
// position-only iterations are not traced).
SolveResult position_first_finish(const Skeleton& skeleton, const Chain& chain, const Params& params, Pose& pose,
                                  Workspace& workspace, Trace* trace, SolveResult first) {
  Chain& position_only = workspace.position_first_chain;
  position_only = chain;
  position_only.goal.use_orientation = false;
  Params warm = params;
  warm.warm_start = true;
  warm.max_iterations = params.max_iterations;
  const SolveResult second = solve_jacobian(skeleton, position_only, warm, JacobianMethod::damped_least_squares, pose,
                                            workspace, nullptr, false);
  if (second.status == SolveStatus::invalid_input) return first;
  const glm::mat4 world =
      parent_world(skeleton, pose, chain.effector) * to_matrix(pose.local[static_cast<size_t>(chain.effector)]);
  SolveResult out = first;
  out.iterations = first.iterations + 1;
  out.error = effector_error(chain.goal, glm::vec3(world[3]), glm::mat3(world), params.orientation_weight);
  trace_iteration(trace, pose, out.error);
  out.status = SolveStatus::stalled;  // the position reached, the orientation as near as the limits let it
  return out;
}

// J at `pose`, in model space, into scratch.jacobian (compute_jacobian, jacobian_spectrum).
bool model_space_jacobian(Problem& p, const Pose& pose, bool main_only) {
  if (!prepare(p, pose, main_only)) return false;
  set_frame(p, pose, false);
  prepare_columns(p, pose);
  update_frames(p, pose);
  set_aims(p);
  evaluate(p, true);  // the effectors' positions, which the columns use
  build_jacobian(p, pose);
  return true;
}

}  // namespace

bool valid_jacobian_params(const Params& params) {
  return params.max_iterations >= 0 && std::isfinite(params.lambda) && params.lambda >= 0.0f &&
         std::isfinite(params.max_step_angle) && params.max_step_angle >= 0.0f &&
         std::isfinite(params.orientation_weight) && params.orientation_weight >= 0.0f &&
         (!params.finite_difference || (std::isfinite(params.fd_step) && params.fd_step > 0.0f));
}

SolveResult solve_jacobian(const Skeleton& skeleton, const Chain& chain, const Params& params, JacobianMethod method,
                           Pose& pose, Workspace& workspace, Trace* trace, bool continue_trace) {
  SolveResult result;  // invalid_input
  Problem p{skeleton, chain, params, workspace, scratch_of<JacobianScratch>(workspace)};
  if (!prepare(p, pose, false)) return result;  // invalid input: the pose is left untouched
  apply_start_pose(skeleton, params, workspace, workspace.path, pose);

  set_frame(p, pose, true);                               // work in the chain root's parent frame
  prepare_columns(p, pose);                               // what each joint's columns are
  choose_path(p);                                         // the fused or the general iteration
  update_frames(p, pose);                                 // the first forward pass
  if (bump_if_colinear(p, pose)) update_frames(p, pose);  // a straight chain on its goal's line
  read_hinge_angles(p, pose);                             // hinges are stepped by their angle
  set_lengths(p, method);                                 // tolerance, λ, error clamping
  const float shortfall = set_aims(p);                    // > 0: a goal beyond reach
  const float initial_error = evaluate(p, true);
  begin_trace(p, pose, trace, continue_trace);
  const LoopOutcome outcome = iterate_jacobian(p, pose, trace, method, initial_error, shortfall);
  if (trace == nullptr) evaluate(p, true);  // the final pose's model-space error
  result.status = final_status(p.model_error, p.tolerance, shortfall > 0.0f, outcome.stalled);
  result.iterations = outcome.iterations;
  result.error = p.model_error;
  if (needs_position_first_finish(p, method, result, shortfall))
    return position_first_finish(skeleton, chain, params, pose, workspace, trace, result);
  return result;
}

namespace {

SolveResult solve_transpose_without_pole(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                         Workspace& workspace, Trace* trace) {
  return solve_jacobian(skeleton, chain, chain.params, JacobianMethod::transpose, pose, workspace, trace, false);
}

SolveResult solve_dls_without_pole(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                                   Trace* trace) {
  return solve_jacobian(skeleton, chain, chain.params, JacobianMethod::damped_least_squares, pose, workspace, trace,
                        false);
}

}  // namespace

SolveResult solve_jacobian_transpose(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                                     Trace* trace) {
  if (chain.goal.use_pole)
    return solve_with_pole(solve_transpose_without_pole, skeleton, chain, pose, workspace, trace);
  return solve_transpose_without_pole(skeleton, chain, pose, workspace, trace);
}

SolveResult solve_dls(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace, Trace* trace) {
  if (chain.goal.use_pole) return solve_with_pole(solve_dls_without_pole, skeleton, chain, pose, workspace, trace);
  return solve_dls_without_pole(skeleton, chain, pose, workspace, trace);
}

bool compute_jacobian(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                      bool main_effector_only, std::vector<float>& out, int& rows, int& columns) {
  Problem p{skeleton, chain, chain.params, workspace, scratch_of<JacobianScratch>(workspace)};
  if (!model_space_jacobian(p, pose, main_effector_only)) return false;
  rows = p.rows;
  columns = p.columns;
  const float* jacobian = p.scratch.jacobian.data();
  out.assign(jacobian, jacobian + static_cast<size_t>(rows) * static_cast<size_t>(columns));
  return true;
}

bool jacobian_spectrum(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                       JacobianSpectrum& out) {
  out = JacobianSpectrum{};
  Problem p{skeleton, chain, chain.params, workspace, scratch_of<JacobianScratch>(workspace)};
  if (!model_space_jacobian(p, pose, true)) return false;
  // J Jᵀ in double (3x3 or 6x6), then its eigenvalues: the squared singular values.
  const int m = p.rows, n = p.columns;
  const float* jacobian = p.scratch.jacobian.data();
  double jjt[36], eigenvalues[6];
  for (int r = 0; r < m; ++r)
    for (int s = 0; s < m; ++s) {
      double sum = 0.0;
      for (int c = 0; c < n; ++c) sum += static_cast<double>(jacobian[r * n + c]) * jacobian[s * n + c];
      jjt[r * m + s] = sum;
    }
  symmetric_eigenvalues(jjt, m, eigenvalues);
  out.rows = m;
  out.columns = n;
  for (int r = 0; r < m; ++r) out.singular_values[r] = static_cast<float>(std::sqrt(std::max(0.0, eigenvalues[r])));
  const float smallest = out.singular_values[m - 1];
  out.condition = smallest > 0.0f ? out.singular_values[0] / smallest : INFINITY;
  return true;
}

}  // namespace ik
