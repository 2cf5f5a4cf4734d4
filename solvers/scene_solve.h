// The scene-level solve: every enabled chain of a scene on one pose, in the order the IK
// guide advises.
//
//   1. Chains whose solver solves scale goals (SolverInfo::scale_goal) run first: scale
//      is less tied to the other goals, and the position solvers then work with the
//      scaled bones.
//   2. The other chains run in depth-first order of their effectors (effector index
//      ascending; chains with the same effector in the order given). Since the spine is
//      first in the DFS order, a head's look goal bends the spine before an arm reaches.
//   3. A chain never moves what an earlier chain owns: after a (position) chain is solved,
//      its joints (the path to its effector and to each extra effector) and every
//      ancestor of its root are marked in workspace.locked, and later chains leave the
//      rotations of marked joints alone — so an earlier chain's effector stays where its
//      solve put it. Scale chains lock nothing (they own scales, not rotations).
//
// A chain whose solver index is out of the table, or whose input is invalid, gets
// invalid_input and changes nothing; the others are still solved. A disabled chain is not
// solved: its result stays a default SolveResult (invalid_input, 0 iterations), its trace
// is left as it was.
#pragma once

#include <vector>

#include "solvers/chain.h"
#include "solvers/workspace.h"

namespace ik {

// Solves `chains` on `pose`. `results` gets one entry per chain (same order). If `traces`
// is given it is resized to one per chain and chain i records into (*traces)[i] (set
// record_poses there beforehand to get poses). workspace.chain_slot is set to each
// chain's index while it is solved (per-chain state such as the mass-spring particles);
// workspace.locked is all zero again on return.
void solve_scene(const Skeleton& skeleton, const std::vector<Chain>& chains, Pose& pose,
                 Workspace& workspace, std::vector<SolveResult>& results,
                 std::vector<Trace>* traces = nullptr);

// The order solve_scene runs the enabled chains in (indices into `chains`).
void scene_solve_order(const std::vector<Chain>& chains, std::vector<int>& order);

}  // namespace ik
