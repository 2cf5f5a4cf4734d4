#include "solvers/ik/scale_target/scale_target.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

// A joint's uniform factor in `pose` relative to rest: the geometric mean of the three
// components' ratios (exactly the factor when the scale is rest.scale * f).
float factor_of(const Transform& local, const Transform& rest) {
  const glm::vec3 ratio = glm::abs(local.scale / rest.scale);
  return std::cbrt(ratio.x * ratio.y * ratio.z);
}

// |product of the chain joints' factors - goal|. The product is taken in double: factors
// up to max_scale multiply past float's range long before double's; an error beyond
// float's range still reads as the largest float, never as infinity.
float scale_error(const Skeleton& skeleton, const Pose& pose, const std::vector<int>& path,
                  float goal) {
  double product = 1.0;
  for (int j : path)
    product *= factor_of(pose.local[static_cast<size_t>(j)], skeleton.rest[static_cast<size_t>(j)]);
  const double error = std::fabs(product - static_cast<double>(goal));
  return static_cast<float>(std::min(error, static_cast<double>(std::numeric_limits<float>::max())));
}

}  // namespace

SolveResult solve_scale_target(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                               Workspace& ws, Trace* trace) {
  SolveResult result;
  const Params& params = chain.params;
  if (!is_valid_chain(skeleton, chain, pose, ws)) return result;
  if (!(params.min_scale > 0.0f) || !(params.max_scale >= params.min_scale) ||
      !std::isfinite(params.max_scale))
    return result;
  if (!fill_chain_path(skeleton, chain.root, chain.effector, ws.path)) return result;

  const float goal = chain.goal.scale;
  const float error_before = scale_error(skeleton, pose, ws.path, goal);
  trace_begin(trace, ws.path, pose, error_before, 1);

  // What the free joints must make together: the goal over the locked joints' factors.
  float remaining = goal;
  int free_joints = 0;
  for (int j : ws.path) {
    if (is_locked(ws, j))
      remaining /=
          factor_of(pose.local[static_cast<size_t>(j)], skeleton.rest[static_cast<size_t>(j)]);
    else
      ++free_joints;
  }
  // Even share, clamped; a clamped joint's shortfall is re-spread over the joints after it.
  float share = remaining > 0.0f
                    ? std::pow(remaining, 1.0f / static_cast<float>(std::max(free_joints, 1)))
                    : params.min_scale;
  int left = free_joints;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    const size_t j = static_cast<size_t>(ws.path[k]);
    if (is_locked(ws, static_cast<int>(j))) continue;
    const float factor = std::clamp(share, params.min_scale, params.max_scale);
    if (factor != share) trace_clamped(trace, static_cast<int>(k));
    pose.local[j].scale = skeleton.rest[j].scale * factor;
    --left;
    if (remaining > 0.0f) {
      remaining /= factor;
      if (factor != share && left > 0) share = std::pow(remaining, 1.0f / static_cast<float>(left));
    }
  }

  result.iterations = 1;
  result.error = scale_error(skeleton, pose, ws.path, goal);
  trace_iteration(trace, pose, result.error);
  const float tolerance =
      params.tolerance_relative ? params.tolerance * std::fabs(goal) : params.tolerance;
  result.status = result.error <= tolerance ? SolveStatus::reached : SolveStatus::unreachable;
  return result;
}

}  // namespace ik
