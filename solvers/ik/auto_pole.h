// A pole that follows the motion (Goal::auto_pole): the pole target made each frame from a
// reference pose instead of placed by hand, so a walking knee keeps pointing the way the
// clip points it and an elbow keeps its side, without keys.
//
// The reference pose is the animated pose of the frame (the clip before IK) when there is
// one, else the rest pose. The pole target is the chain's middle joint in that pose plus its
// bend side times half its length, so the solved limb bends in the plane the reference
// bends in. The bend side: the reference's own bend where it is bent (its middle joints off
// the root -> effector line by at least kBentBend of the chain's length); where it is nearly
// straight (under kStraightBend), the side the root joint's frame carries from rest -- the
// rest's bend, or for a straight rest (a T-pose's leg) the side its first hinge bends toward
// (a knee that swings the shin backward points forward) -- since a nearly straight capture's
// bend side swings 60-146 degrees from frame to frame, backward included; eased between.
// A straight chain without a hinge or a rest bend has no side: no pole then.
// The target is carried with the chain's root from where the reference has it to where the
// pose being solved has it (a spine bent by an earlier chain takes the arm's pole along).
//
// A goal the pose already reaches (the animated pose under IK on a clip, its goals following
// the animation) is left as it is: the pole steers only a chain that has to move
// (pole.h's automatic_pole_rests).
//
// Inside pole.h's band (the goal near the root -> pole line) the solvers keep the bend and
// turn it at a bounded rate, as for any pole: the bend plane never jumps.
#pragma once

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"

namespace ik {

// How bent the reference is, as its bend side's length over the chain's: up to
// kStraightBend its bend says nothing and the side is the one the root carries from rest;
// from kBentBend on it is the reference's own.
inline constexpr float kStraightBend = 0.05f;
inline constexpr float kBentBend = 0.15f;

// The longest chain (joints from root to effector) that gets an automatic pole.
inline constexpr int kMaxAutoPoleJoints = 64;

// Sets goal.use_pole and goal.pole_target from `reference` (nullptr or of another size: the
// rest pose) for `chain` solved on `pose`, as the header says. Returns false, goal untouched,
// when the chain gives no side (straight without a hinge, fewer than three joints, longer
// than kMaxAutoPoleJoints, or indices out of range). Allocates nothing.
bool automatic_pole(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Pose* reference, Goal& goal);

}  // namespace ik
