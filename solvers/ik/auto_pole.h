// A pole that follows the motion (Goal::auto_pole): the pole target made each frame from a
// reference pose instead of placed by hand, so a walking knee keeps pointing the way the
// clip points it and an elbow keeps its side, without keys.
//
// The reference pose is the animated pose of the frame (the clip before IK) when there is
// one, else the rest pose. The pole target is the one pole_target_from_bend (pole.h) would
// place for the chain in that pose: its middle joint plus its bend side times half its
// length, so the solved limb bends in the plane the reference bends in. Where the reference
// chain is straight (a T-pose's leg) the bend side is the one its first hinge bends toward:
// the joint above the hinge moves against the way the hinge swings the bone below it (a
// knee that swings the shin backward points forward), the way its range reaches farther
// from the reference angle. A straight chain without a hinge has no side: no pole then.
// The target is carried with the chain's root from where the reference has it to where the
// pose being solved has it (a spine bent by an earlier chain takes the arm's pole along).
//
// Inside pole.h's band (the goal near the root -> pole line) the solvers keep the bend and
// turn it at a bounded rate, as for any pole: the bend plane never jumps.
#pragma once

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"

namespace ik {

// The longest chain (joints from root to effector) that gets an automatic pole.
inline constexpr int kMaxAutoPoleJoints = 64;

// Sets goal.use_pole and goal.pole_target from `reference` (nullptr or of another size: the
// rest pose) for `chain` solved on `pose`, as the header says. Returns false, goal untouched,
// when the chain gives no side (straight without a hinge, fewer than three joints, longer
// than kMaxAutoPoleJoints, or indices out of range). Allocates nothing.
bool automatic_pole(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Pose* reference, Goal& goal);

}  // namespace ik
