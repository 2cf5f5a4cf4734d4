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
// Joint limits (params.use_limits): the rotations are rebuilt and clamped joint by joint in
// the forward pass (each joint aims at its child's backward position, then is clamped), and
// the next iteration starts from that pose. On a plain chain with one goal a straight
// limited hinge is bent toward the goal's distance first, and the best pose seen is the result, so a start inside the
// limits is never left for a pose farther from the goal (fabrik_limits.h). Without limits, with no branch point, no
// locked joint and no non-uniform scale in the chain (bone lengths then do not depend on the rotations), iterations run
// on positions only and the rotations are rebuilt once at the end — the same result, faster.
//
// An unreachable goal (single effector farther than the chain's length): the chain is laid
// straight toward it in one iteration; status unreachable. A straight chain whose goal
// lies on its own line is bent slightly toward goal.pole first (the guide's colinear
// bump), so it can fold.
//
// Params used: max_iterations, tolerance, tolerance_relative, use_limits, warm_start.
//
// Pole (Goal::use_pole, pole.h): solve_with_pole turns the chain's root so root -> effector
// points at the goal, bends a straight chain toward the pole's side and turns the chain about
// root -> effector into the pole's plane before the passes (which keep that plane), then turns
// it into the plane again after them; the effector stays where the passes put it.
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/chain_aim.h"
#include "solvers/ik/fabrik/fabrik_limits.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"

namespace ik {

// FABRIK's scratch (scratch_of<FabrikScratch>(workspace), workspace.h). Every vector holds
// one entry per tree joint k, in
// Workspace::path order, and is sized once per solve before the iterations; members a path
// does not use keep whatever size they had. The current positions and frames are the
// Workspace's common `positions` and `linear`.
struct FabrikScratch : SolverScratchOf<FabrikScratch> {
  // The passes.
  std::vector<glm::vec3> backward;  // model space: where the backward pass puts k (from
                                    // its child's backward position, or its goal)
  std::vector<float> bone_lengths;  // model-space length of the bone tree_parent(k) -> k,
                                    // 0 for the root; the bones of the current pose
  // The goals (the chain's effector and its extra effectors).
  std::vector<glm::vec3> goals;         // model space: k's goal, the weighted mean when several
                                        // effectors name k; read only where goal_weights[k] > 0
                                        // (the rigid path sets the last joint's only)
  std::vector<float> goal_weights;      // total weight of the effectors on k; 0 = k has no goal
  std::vector<float> subtree_weight;    // total goal weight in k's subtree: its say in its
                                        // parent's backward average, and its bone's weight in
                                        // a branch point's best-fit rotation
  std::vector<std::uint8_t> averages;   // 1 if k's backward position is the weighted average
                                        // of several proposals (its children's, its goal)
  std::vector<glm::vec3> proposal_sum;  // backward pass, joints that average: the running sum
                                        // of their weighted proposals (model space)
  std::vector<float> proposal_weight;   // ... and the running sum of those weights
  // The rotation rebuild.
  std::vector<glm::vec3> straight_line;   // model space: the chain laid straight from the root
                                          // toward an unreachable goal, the rebuild's targets
  std::vector<glm::vec3> posed;           // model space: k in the pose the rebuild wrote from
                                          // the fast path's positions (equal to them up to
                                          // rounding; the error is measured here)
  std::vector<float> posed_bone_lengths;  // the bone lengths of that pose (not read)
  RigidAimScratch rigid_aim;              // the rebuild's own, on the rigid path (aim_rigid_path)
  // Under limits, a plain path with one goal (fabrik_limits.h).
  BestPose best;  // the best pose seen in this solve
  // Per skeleton joint, kept across solves (not scratch): its ball limits prepared for the
  // quick inside test of each pass's clamp (aim_chain_tree, limits.h).
  std::vector<BallRangeCache> ball_ranges;
};

SolveResult solve_fabrik(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace, Trace* trace);

}  // namespace ik
