// FABRIK under joint limits (fabrik.h, params.use_limits): what the passes do besides the
// clamp in the forward pass (aim_chain_tree clamps each joint as it aims it), for a plain
// chain with one goal.
//
//   * A limited hinge (an elbow, a knee) bends in one plane and only so far, which the
//     plain backward pass does not know: it proposes the parent on the line toward its old
//     place, which may straighten the hinge past its limit or bend it the wrong way, and
//     the forward pass then clamps that proposal away, iteration after iteration (the
//     stall). As in the FABRIK paper's constraint handling (Aristidou and Lasenby 2011,
//     section 4), the backward pass here turns the proposed parent bone about the hinge's
//     axis (its axis in the current pose) until the bend at the hinge is inside the
//     hinge's range: prepare_hinge_bends reads the axes and the bend ranges of the current
//     pose, backward_pass_path_limited uses them.
//   * A hinge at (or near) straight cannot start to bend by FABRIK's moves when the goal is
//     nearer than the straight limb (every proposal lies on the limb's own line):
//     bend_straight_hinges bends such a hinge, once before the passes, so that the
//     root-to-effector distance matches the goal's (the law of cosines over the two parts
//     of the chain the hinge joins), to the side its range allows.
//   * The best pose seen is kept (BestPose), so the result is never farther from the goal
//     than the start.
#pragma once

#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

// A path joint's hinge as the backward pass sees it in the current pose.
struct HingeBend {
  bool active = false;         // a limited, unlocked hinge between two bones of the path
  glm::vec3 axis{0.0f};        // model space, unit
  float lo = 0.0f, hi = 0.0f;  // the allowed signed bend (radians, about `axis`) from the parent bone to the child bone
};

// One HingeBend per path joint (ws.path, a plain path: tree_parent[k] = k - 1), from the
// current positions and frames (ws.positions, ws.linear, as aim_chain_tree leaves them) and
// the pose's local rotations.
void prepare_hinge_bends(const Skeleton& skeleton, const Workspace& ws, const Pose& pose,
                         std::vector<HingeBend>& bends);

// The backward pass of a plain path with one goal on its last joint (goal = b[n-1]): each
// joint's parent on the line toward its old place at the bone's length, that bone then turned
// about a limited hinge's axis into the hinge's bend range. Fills backward[1 .. n-1].
void backward_pass_path_limited(const std::vector<glm::vec3>& positions, const std::vector<float>& lengths,
                                const std::vector<HingeBend>& bends, const glm::vec3& goal,
                                std::vector<glm::vec3>& backward);

// Bends the nearly straight limited hinges of the path (in `pose`) toward the goal's
// distance, as described above. Returns true if it changed the pose (the caller then
// recomputes the frames).
bool bend_straight_hinges(const Skeleton& skeleton, const Workspace& ws, const glm::vec3& goal, Pose& pose);

// The path's local rotations of the best pose seen, and its error.
struct BestPose {
  std::vector<glm::quat> rotations;  // one per path joint
  float error = 0.0f;
  void keep(const std::vector<int>& path, const Pose& pose, float pose_error);
  // Writes the kept rotations back when `error` is worse; true if it did.
  bool restore_if_better(const std::vector<int>& path, Pose& pose, float error) const;
};

}  // namespace ik
