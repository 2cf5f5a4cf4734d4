// The effector's own turn: how a position solver (FABRIK, CCD) honours a goal's orientation.
//
// The effector's position depends only on the joints above it, so once a position solve has
// put it, its own joint is free: turned so that its model-space rotation is the goal's, the
// orientation is met without moving the position the solve reached -- as the analytic
// limbs do (analytic.cpp, orient_effector) and as engines' two-bone IK keeps the end bone's
// rotation. Inside the joint's limits when the chain uses them (a foot whose ankle cannot
// give the goal's tilt stops at its limit, and the goal reading names it); a locked
// effector (an earlier chain owns it, scene_solve.h) is left alone.
#pragma once

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

// Turns chain.effector's local rotation in `pose` as above when chain.goal.use_orientation
// (the goal in model space, as solvers are handed it). True if it changed the pose.
bool orient_effector_joint(const Skeleton& skeleton, const Chain& chain, Pose& pose, const Workspace& workspace);

}  // namespace ik
