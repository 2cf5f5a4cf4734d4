// FABRIK under joint limits (fabrik.h, params.use_limits): what the solve does besides the
// clamp in the forward pass (aim_chain_tree clamps each joint as it aims it), for a plain
// chain with one goal. (Turning the backward pass's proposed parent bone into a hinge's
// bend range, as in the FABRIK paper's constraint handling, was tried: it reached no more
// of the everyday-pose suite and cost about 25 % more per iteration.)
//
//   * The start is clamped into the limits (a rig's rest may lie outside them) and kept as
//     the best pose seen (BestPose): the result is never farther from the goal than that.
//   * A hinge at (or near) straight cannot start to bend by FABRIK's moves when the goal is
//     nearer than the straight limb (every proposal lies on the limb's own line):
//     bend_straight_hinges bends such a hinge, once before the passes, so that the
//     root-to-effector distance matches the goal's (the law of cosines over the two parts
//     of the chain the hinge joins), to the side its range allows.
//   * After that bend, and after every pass the limits clamped, aim_root_at_goal turns the
//     root (inside its limits) so that the root-to-effector line points at the goal before
//     the next pass. Why: the backward pass puts each joint on the line toward where it was,
//     so a limb whose hinge bends one way only settles where the pass's proposal is one the
//     clamp undoes (a knee raised from standing: the proposed knee lies level with the
//     foot's goal, behind it, and the hinge cannot bend forward to it). Turned about the
//     root first, the bent limb already points at the goal, and for a two-bone limb the
//     bend and the turn together are the closed form. On the everyday-pose suite this took
//     FABRIK from 168 to 286 of 288 poses (DLS: 276). A pass that clamps nothing leaves the
//     next one plain FABRIK, so limits that never bind give the positions-only result.
#pragma once

#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

// Bends the nearly straight limited hinges of the path (in `pose`) toward the goal's
// distance, as described above. Returns true if it changed the pose (the caller then
// recomputes the frames).
bool bend_straight_hinges(const Skeleton& skeleton, const Workspace& ws, const glm::vec3& goal, Pose& pose);

// Turns the path's root (in `pose`, inside its limits) so that the root-to-effector line
// points at the goal; `parent` is the rotation of the root's parent frame (rotation_of of
// its linear part, goal_error.h). Returns true if it changed the pose; ws.positions are then turned with
// the root and ws.linear is left as it was (the backward pass reads positions only, and the
// forward pass rebuilds the frames).
bool aim_root_at_goal(const Skeleton& skeleton, Workspace& ws, const glm::quat& parent, const glm::vec3& goal,
                      Pose& pose);

// The path's local rotations of the best pose seen, and its error.
struct BestPose {
  std::vector<glm::quat> rotations;  // one per path joint
  float error = 0.0f;
  void keep(const std::vector<int>& path, const Pose& pose, float pose_error);
  // Writes the kept rotations back when `error` is worse; true if it did.
  bool restore_if_better(const std::vector<int>& path, Pose& pose, float error) const;
};

}  // namespace ik
