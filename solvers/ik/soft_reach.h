// Soft reach near full extension (soft IK for limbs, as engines' "soft" leg IK): a limb that
// follows a goal at constant speed toward full extension straightens ever faster (its
// middle joint's angle changes as 1 / sin of its half-bend), so the knee or elbow snaps
// straight and pops. Softness s (Params::soft_reach, a fraction of the chain's reach L)
// draws a goal farther than L - s from the root in along the root-to-goal line:
//
//     d' = d                                   for d <= L - s
//     d' = (L - s) + s (1 - exp(-(d - L + s) / s))   beyond
//
// so the limb approaches full extension smoothly and never quite gets there (at d = L it
// stops s / e short). For a two-bone limb of equal bones the middle joint's angular speed at
// d = L - s is 1 / sqrt(s/L (2 - s/L)) times the goal's speed over the bone length: s = 5 %
// of the reach keeps it just below twice the speed at 80 % of the reach, 10 % near equal to
// it (measured per solver in tests/solvers/ik/test_soft_reach.cpp, the speed read across 8
// frames: with 10 % every limb solver's peak is 1.05-1.30x its speed at 80 % of the reach,
// 3.6-9.3x without).
//
// It changes the goal, not the solver, so every solver that takes a limb gets it the same
// way (solve_chain, solvers/scene/solver_table.h, applies it); a chain with extra effectors
// and the scale, curve and full-body solvers are not softened.
#pragma once

#include "solvers/anim/pose.h"
#include "solvers/ik/chain.h"

namespace ik {

// The soft distance d' above for a goal `distance` from the root, the chain's `reach` and
// the softness as a length `softness` (= soft_reach * reach). `distance` itself when the
// softness is not positive or the goal lies inside L - s.
float soft_reach_distance(float distance, float reach, float softness);

// The longest path soften_goal measures (a limb has a handful of joints).
inline constexpr int kMaxSoftReachJoints = 64;

// When chain.params.soft_reach > 0: the goal's position drawn in toward the chain's root as
// above, the reach being the sum of the bone lengths from the root to the effector in `pose`
// (model space). Returns true if that moved the goal by more than the chain's tolerance
// (worth saying in the status); the goal is untouched when the chain is not a path of at most
// kMaxSoftReachJoints joints. Allocates nothing.
bool soften_goal(const Skeleton& skeleton, const Pose& pose, Chain& chain);

}  // namespace ik
