// FABRIK — Forward And Backward Reaching Inverse Kinematics (Aristidou and Lasenby 2011;
// IK guide section 2, with its errata: the forward loop runs to N-1, and bone i-1 -> i
// has length lengths[i-1]).
//
// Works on joint positions in model space. One iteration:
//   backward: the effector is put on its goal, then each joint, from the effector up, is
//     put on the line toward its old position at its bone's length from its child;
//   forward: the root goes back to where it was, then each joint, from the root down, is
//     put on the line toward its backward position at its bone's length from its parent.
// Afterwards each joint's local rotation is rebuilt from its REST bone direction (the
// shortest turn onto the new direction, then the rest rotation), so the result is a real
// rotation pose: only local rotations change, translations and scales keep their values.
//
// Several effectors (Chain::extra_effectors, weights as given): mid-chain effectors pull
// their joint toward their goal in the backward pass (weighted average of the goal and
// the position proposed by the joint's child); branch tips below the root make a tree
// whose branch points ("sub-bases") take the weighted centroid of the positions proposed
// by each branch, and whose rotation is the best fit to all its bones. The error is the
// largest distance from an effector to its goal.
//
// Joint limits (params.use_limits): the rotations are rebuilt and clamped after every
// iteration and the next iteration starts from the clamped pose. Without limits, with no
// branch point, no locked joint and no non-uniform scale in the chain (bone lengths then do
// not depend on the rotations), iterations run on positions only and the rotations are
// rebuilt once at the end — the same result, faster.
//
// An unreachable goal (single effector farther than the chain's length): the chain is laid
// straight toward it in one iteration; status unreachable. A straight chain whose goal
// lies on its own line is bent slightly toward goal.pole first (the guide's colinear
// bump), so it can fold.
//
// Params used: max_iterations, tolerance, tolerance_relative, use_limits, warm_start.
#pragma once

#include "solvers/chain.h"
#include "solvers/chain_aim.h"

namespace ik {

// FABRIK's scratch (Workspace::fabrik), sized once per solve before the iterations.
struct FabrikScratch {
  RigidAimScratch rigid_aim;  // the rotation rebuild's on the rigid path (aim_rigid_path)
};

SolveResult solve_fabrik(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                         Workspace& workspace, Trace* trace);

}  // namespace ik
