// Rebuilding a chain's rotations from wanted joint positions: the last step of FABRIK
// and of the mass-spring solver, which both work on positions and must hand back a
// real rotation pose (local rotations only change; translations and scales stay).
#pragma once

#include <vector>

#include "solvers/ik/chain.h"

namespace ik {

struct BallRangeCache;  // limits.h

// Walks the chain's tree top-down (workspace.path, tree_parent, first_child,
// next_sibling as filled by fill_chain_tree / fill_tree_children) and, for every joint
// that has children in the tree and is not locked, sets its local rotation so that its
// bones point from the joint's actual position toward `targets` of those children:
//
//   * one child c: rotation = shortest turn of the REST bone direction (rest rotation *
//     scale * c's translation, in the parent's frame) onto the wanted direction (the
//     model-space offset targets[c] - position mapped into the parent's frame by the
//     inverse of its linear part), times the rest rotation. Starting from rest each time
//     means twist never accumulates over solves (the guide's warning). With use_limits,
//     when c is a limited hinge with one child of its own, that turn is then rolled about
//     the bone so that the hinge can swing its own bone onto that child's target (a hinge
//     reaches only a cone about its axis; without the roll FABRIK stalls on an elbow).
//   * several children (a branch point): the rotation that best matches every child's
//     bone direction, weighted by child_weights (nullptr: all 1) — Wahba's problem,
//     solved by rotation extraction iterations (Mueller et al. 2016) started from the
//     heaviest child's shortest turn.
//
// Then, when use_limits, the rotation is clamped into the joint's limits (the joint is
// marked in trace->clamped when that changed it). Because each joint's frame is
// recomputed from its parent's final frame, `positions` (model space, actual, one per tree
// joint) and `lengths` (model-space length of the bone from each joint's tree parent; 0
// for the root) describe exactly the pose written. workspace.linear receives the frames'
// linear parts. All vectors must already have one entry per tree joint. Returns how many
// joints the limits clamped. `ball_ranges` (optional, one per skeleton joint, kept across
// solves): a per-axis ball joint's prepared ranges (limits.h), so a rotation surely inside
// them skips the clamp's angle reading -- a third of FABRIK's time per joint-iteration
// under limits went to it.
int aim_chain_tree(const Skeleton& skeleton, Workspace& workspace, bool use_limits, const glm::mat4& parent_of_root,
                   const std::vector<glm::vec3>& targets, const float* child_weights, Pose& pose,
                   std::vector<glm::vec3>& positions, std::vector<float>& lengths, Trace* trace,
                   std::vector<BallRangeCache>* ball_ranges = nullptr);

// aim_rigid_path's scratch, overwritten by every call. Its caller keeps one and sizes it
// before its iterations (FabrikScratch::rigid_aim), so the rebuild itself allocates nothing.
struct RigidAimScratch {
  // Per bone k (from path[k] to path[k + 1]), what does not wait for the joints above.
  struct Bone {
    glm::vec3 rest_direction;    // the REST bone direction: rest rotation of path[k] times the
                                 // translation of path[k + 1], in path[k]'s parent frame (a
                                 // uniform scale does not turn it); not normalised
    glm::vec3 wanted_direction;  // the wanted bone direction, targets[k + 1] - targets[k] seen
                                 // in the root parent's frame (up to a positive length)
  };
  std::vector<Bone> bones;        // one per path joint (the last entry unused)
  std::vector<float> norms;       // per bone: |rest_direction| |wanted_direction|
  std::vector<glm::quat> worlds;  // per path joint k: its rotation in the root parent's frame
                                  // (the product of the local rotations of path[0 .. k])

  // One entry per joint of a path of `joints` joints.
  void resize(size_t joints);
};

// The same rebuild for the case FABRIK meets most: a plain path (workspace.path, each
// joint's parent the one before it) whose joints above the last are neither locked nor
// limited (the caller checks) and have a positive uniform scale, under a root whose parent
// frame is a similarity. Every frame is then a rotation times a scale, so this works with
// quaternions in the frame of the root's parent instead of 3x3 frames and their inverses.
// Joint k's bone is aimed along targets[k + 1] - targets[k] (model space): for targets
// that form a chain with the bone lengths (FABRIK's positions, the straight line toward an
// unreachable goal) that is where aim_chain_tree's rule (from the joint's actual position
// toward targets[k + 1]) points too, up to rounding, and it does not wait for the actual
// positions. Writes the local rotations of path[0 .. n-2] (the shortest turn of the REST
// bone direction, then the rest rotation) and returns the effector's model-space position
// in the pose written. `scratch` must be sized for the path (RigidAimScratch::resize); it
// is overwritten.
glm::vec3 aim_rigid_path(const Skeleton& skeleton, const std::vector<int>& path,
                         const glm::mat4& parent_of_root, const glm::vec3* targets, Pose& pose,
                         RigidAimScratch& scratch);

// aim_chain_tree with use_limits on a rigid path (as aim_rigid_path's: a plain path whose
// joints above the last have a positive uniform scale, under a root whose parent frame is a
// similarity; the caller checks): the same rule (each bone from its joint's actual position
// toward targets[k + 1]), the same hinge roll and clamp, with each joint's frame kept as a
// quaternion and a scale in the frame of the root's parent instead of a 3x3 frame and its
// inverse. Locked joints may be anywhere on the path. Writes the rotations, `positions` and
// `lengths` as aim_chain_tree does, but not workspace.linear. FABRIK's passes under limits
// use it: a pass costs about half of aim_chain_tree's. Compiled once (not dispatched, see
// isa_dispatch.h): under limits an ulp can change which pass clamps and where the solve
// stops, and one copy gives the same result on every x86-64 processor.
int aim_limited_rigid_path(const Skeleton& skeleton, const Workspace& workspace, const glm::mat4& parent_of_root,
                           const std::vector<glm::vec3>& targets, Pose& pose, std::vector<glm::vec3>& positions,
                           std::vector<float>& lengths, Trace* trace, std::vector<BallRangeCache>& ball_ranges);

// The rotation Q maximising sum_i w_i * dot(Q * u_i, d_i) for unit directions u_i, d_i
// (Wahba's problem), given a = sum_i w_i * d_i * transpose(u_i): the rotation maximising
// <a, Q> (Frobenius), refined from `start` by rotation extraction iterations.
glm::quat rotation_maximising(const glm::mat3& a, const glm::quat& start);

}  // namespace ik
