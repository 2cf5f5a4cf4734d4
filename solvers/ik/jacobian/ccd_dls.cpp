#include "solvers/ik/jacobian/ccd_dls.h"

#include <algorithm>

#include "solvers/ik/ccd/ccd.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {

namespace {

SolveResult solve_ccd_dls_without_pole(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                                       Trace* trace) {
  SolveResult result;  // invalid_input
  const Params& params = chain.params;
  // Everything checked before the CCD sweeps touch the pose.
  if (!is_valid_chain(skeleton, chain, pose, workspace) || !valid_jacobian_params(params)) return result;
  // The trace follows the chain's tree (what DLS writes); the CCD sweeps work on the path
  // to the main effector, which is the tree when there are no extra effectors.
  if (!fill_chain_tree(skeleton, chain, workspace.path, workspace.tree_parent)) return result;
  const bool tree_is_path = chain.extra_effectors.empty();
  apply_start_pose(skeleton, params, workspace, workspace.path, pose);

  // CCD seed: ccd_sweep wants the main path in workspace.path, tree_parent a plain chain.
  const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
  workspace.positions.resize(workspace.path.size());
  workspace.linear.resize(workspace.path.size());
  chain_frames(pose, workspace.path, workspace.tree_parent, parent_of_root, workspace.positions, workspace.linear);
  const int effector = find_in_sorted(workspace.path, chain.effector);
  const float chain_length = path_length(workspace.positions, workspace.tree_parent, effector);
  const float tolerance = resolve_tolerance(params, chain_length);
  const float initial_error = effector_error(chain.goal, workspace.positions[static_cast<size_t>(effector)],
                                             workspace.linear[static_cast<size_t>(effector)],
                                             params.orientation_weight);
  trace_begin(trace, workspace.path, pose, initial_error, params.max_iterations);
  fill_chain_path(skeleton, chain.root, chain.effector, workspace.path);
  for (size_t k = 0; k < workspace.path.size(); ++k) workspace.tree_parent[k] = static_cast<int>(k) - 1;
  Trace* ccd_trace = tree_is_path ? trace : nullptr;  // clamp marks index the path
  const LoopOutcome seed = iterate_until_done(
      std::min(kCcdSeedSweeps, params.max_iterations), tolerance, initial_error,
      [&] { return ccd_sweep(skeleton, chain, chain.goal.position, parent_of_root, pose, workspace, ccd_trace); },
      [&](float error) { trace_iteration(trace, pose, error); });

  // DLS refinement from where CCD left the chain, with the remaining iterations.
  Params refine = params;
  refine.max_iterations = params.max_iterations - seed.iterations;
  refine.warm_start = true;
  result = solve_jacobian(skeleton, chain, refine, JacobianMethod::damped_least_squares, pose, workspace, trace, true);
  result.iterations += seed.iterations;
  return result;
}

}  // namespace

SolveResult solve_ccd_dls(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                          Trace* trace) {
  if (chain.goal.use_pole)
    return solve_with_pole(solve_ccd_dls_without_pole, skeleton, chain, pose, workspace, trace);
  return solve_ccd_dls_without_pole(skeleton, chain, pose, workspace, trace);
}

}  // namespace ik
