// Analytic two-bone and three-bone IK (the devlog seed 001, with its errata).
//
// Both solve in one step (iterations = 1), without trigonometric calls, and take the
// standard solver signature (chain.h). They work in the "limb frame": the model-space
// frame of the chain root's parent (the model frame itself when the root has no parent),
// where rotating the chain's joints is a rigid motion whatever scale the parents carry,
// so a target reached there is reached in model space too.
//
// Two-bone: the chain is root -> middle -> effector (exactly two bones, three joints).
//   1. Bend the middle joint about its bend axis until |effector - root| is the target
//      distance d clamped into [|l1 - l2|, l1 + l2] (law of cosines). The bend axis is the
//      middle joint's hinge axis when limits are on and it is a hinge, else the normal of
//      the plane root-middle-effector, else (a straight or folded limb) root->effector x pole.
//   2. Turn the root (shortest arc) so root->effector points at the target.
//   3. Twist the root about root->target so the middle joint lies on the pole side.
//   An unreachable target is not skipped: the limb ends straight (or fully folded) on the
//   line toward it, and the status says unreachable.
//   Goal::use_orientation: the effector joint's rotation is set to Goal::orientation.
//
// Three-bone: root -> b -> c -> effector (exactly three bones). The last link must point
// along Goal::up (model space), so c must sit at target - l3 * up. The two-bone solve
// brings c there, with the three links coplanar (the seed's roll: the bend plane contains
// `up`, the middle joint on the side of Goal::pole); then c turns so its link points along
// `up`. If c's target is out of the first two links' range the status is unreachable.
//
// How (analytic.cpp, two_bone_fast.cpp): in the common case (b bends about the limb
// plane's normal, neither a nor b locked, a target off the root and off the pole's line)
// steps 1-3 are one closed form, the same code for every limb; a hinge elbow, a locked
// joint, a straight limb or a degenerate target take them one after the other. A two-bone
// limb at the skeleton's root with nothing locked, no limit, no orientation goal and no
// extra effector takes a fast path that runs the same closed form; a trace does not take a
// solve off it (traced and untraced solves give the same pose, bit for bit).
//
// Both: joints marked in workspace.locked are not written; with params.use_limits each
// written rotation is clamped to skeleton.limits afterwards (status `stalled` if that
// keeps the goal from being reached). When that clamp would leave the effector off the
// target and the root has limits, the limb's swivel (its turn about root -> target, which
// keeps the effector on target) is searched first for the one whose clamped pose ends
// nearest (36 samples, then a bisection): a ball shoulder then reaches what DLS reaches
// (tests/solvers/ik/analytic/test_analytic_limbs.cpp); the pole's swivel is kept whenever
// it reaches. Exactness assumes a uniform scale on the root (and
// on b for three-bone); a non-uniform scale there distorts the links' lengths as they
// turn, and the result is only close.
//
// Pole (Goal::use_pole, pole.h): `pole` above is then the pole's side (pole_side: the
// perpendicular from the root -> goal line toward Goal::pole_target, turned by pole_twist),
// or, within the band around the root -> pole line, the limb's own bend turned toward it by
// at most the allowance; the fast path is not taken. Three-bone then bends in the pole's
// plane instead of rolling onto `up` (the last link still points along `up`).
#pragma once

#include "solvers/ik/chain.h"

namespace ik {

SolveResult solve_two_bone(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                           Trace* trace);

SolveResult solve_three_bone(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                             Trace* trace);

}  // namespace ik
