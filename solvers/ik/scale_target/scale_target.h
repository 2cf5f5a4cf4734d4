// Scale target (IK guide section 6, with its errata: the constrained branch needs min, max
// and scales all the same size — `&&`, not `||` — and the sign test is on the goal scale).
//
// Distributes a wanted scale over the chain so that the effector's scale, relative to its
// rest scale, becomes goal.scale: every joint from the root to the effector (inclusive)
// gets a uniform factor f_i (its local scale becomes rest.scale * f_i), and the product of
// the factors is the goal. The factors are spread evenly (f = goal^(1/N)) and clamped per
// joint into [params.min_scale, params.max_scale]; when a joint is clamped, what it could
// not take is spread evenly over the joints after it, counting from the root, so the
// leftover gathers toward the effector. Locked joints keep their factor and the others
// share the rest.
//
// A goal scale of zero or below cannot be made from positive factors: every free joint
// takes min_scale and the status is unreachable. Error: |achieved - goal.scale|; reached
// when it is within params.tolerance (times goal.scale when tolerance_relative), otherwise
// unreachable (a clamp bound). One iteration. Only scales change; rotations and
// translations are left alone, so a scene solves scale chains before position chains.
//
// Invalid input (besides the common checks): a non-finite goal scale, or min_scale not in
// (0, max_scale].
//
// Params used: tolerance, tolerance_relative, min_scale, max_scale.
//
// Scratch: workspace.path only; scale target has no scratch of its own.
#pragma once

#include "solvers/ik/chain.h"

namespace ik {

SolveResult solve_scale_target(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                               Workspace& workspace, Trace* trace);

}  // namespace ik
