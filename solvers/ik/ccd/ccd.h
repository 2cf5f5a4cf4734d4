// CCD — Cyclic Coordinate Descent (IK guide section 3, corrected copy 003, with the
// errata: getJoint(i, ...) means `node`, the angle index is node*3+axis; and the "Simple
// Inverse Kinematics" article).
//
// One iteration is one sweep from the effector's parent up to the chain root. Each joint
// turns so that the direction from it to the effector points at the goal, solved in
// closed form in the joint's parent frame (where its local rotation acts):
//   * a free joint (no limits, or params.use_limits off): the shortest turn of the
//     effector direction onto the goal direction;
//   * a hinge (limits.hinge): one angle about the hinge axis, from the two directions
//     projected on the plane across the axis, clamped to [min.x, max.x];
//   * a limited ball joint: three angles, X then Y then Z of offset = Rx Ry Rz (rest
//     frame), each solved with the axes before it applied to the goal and the axes after
//     it applied to the effector, each clamped to its [min, max];
//   * a swing-twist cone (limits.cone): the free joint's turn, then clamp_to_limits.
// params.max_step_angle (when > 0) limits each joint's turn per iteration.
//
// Memoised so a sweep is O(N): the frames of all chain joints are computed once per sweep
// (joints above the one being solved have not moved yet in this sweep), and the effector's
// position is carried up the chain in the frame of the joint being solved:
//   e[N-1] = 0,   e[k] = T[k+1] + R[k+1] * S[k+1] * e[k+1]
// using each joint's new rotation as soon as it is solved.
//
// Colinear bump (the guide's advice): when a joint, its parent and its child are on one
// line with the goal also on it, nearer than the effector (the chain would have to fold,
// but no single joint's turn helps), the joint is bent by a small angle toward goal.pole.
//
// Single effector: Chain::extra_effectors is ignored. The effector's own rotation is not
// changed. Error: distance from effector to goal.
//
// Params used: max_iterations, tolerance, tolerance_relative, max_step_angle, use_limits,
// warm_start.
//
// Scratch: the Workspace's common chain fields only (path, tree_parent, and positions and
// linear as the frames at the start of the sweep); CCD has no scratch of its own.
//
// Pole (Goal::use_pole, pole.h): solve_with_pole aims and turns the chain into the pole's
// plane before the sweeps (the colinear bump then rarely fires) and turns it about root ->
// effector into that plane after them, which leaves the effector in place.
#pragma once

#include "solvers/ik/chain.h"

namespace ik {

SolveResult solve_ccd(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                      Workspace& workspace, Trace* trace);

// One CCD sweep over the chain whose joints are workspace.path (as filled by
// fill_chain_path) toward `goal` (model space); for solvers that refine CCD (CCD -> DLS).
// `parent_of_root` is parent_world(path[0]). Marks clamped joints in the trace (indices
// into path). Returns the effector's distance to the goal after the sweep.
float ccd_sweep(const Skeleton& skeleton, const Chain& chain, const glm::vec3& goal,
                const glm::mat4& parent_of_root, Pose& pose, Workspace& workspace, Trace* trace);

}  // namespace ik
