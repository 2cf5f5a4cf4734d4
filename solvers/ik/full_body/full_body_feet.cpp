// The full-body solve's pinned feet (full_body_problem.h): which pins are feet, the
// reference pose's frames and up, how deep a foot reaches below its ankle, and the levelling
// of a pinned foot to its tilt in the reference pose. The heels' rise, which solves again,
// is in full_body.cpp (raise_heels).
#include <algorithm>
#include <cmath>

#include "solvers/ik/full_body/full_body_problem.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace full_body_detail {

namespace {

// The model-space frame (linear part) of tree joint k's parent, from the frames of the last
// update_frames (the pose's: every change of the pose is measured).
glm::mat3 model_parent_frame(const Body& b, int k) {
  const int t = b.workspace.tree_parent[static_cast<size_t>(k)];
  return t < 0 ? b.model_linear : b.model_linear * b.workspace.linear[static_cast<size_t>(t)];
}

// A foot tilted by less than this is left as it is (level_pinned_feet).
constexpr float kPinTiltSlack = 1e-5f;  // radians

}  // namespace

// The pinned effectors whose own turn the solve may set afterwards (effector indices): no
// orientation goal, free to turn (not locked, not held by an infinite stiffness: it has
// columns), and no other effector below them (their turn moves nothing the solve measured).
void turnable_pins(const Body& b, std::vector<int>& effectors) {
  effectors.clear();
  for (int i = 0; i < b.effectors; ++i) {
    const int j = effector_joint(b.chain, i);
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(i)];
    if (!effector_pinned(b.chain, i) || effector_goal(b.chain, i).use_orientation ||
        b.scratch.first_column[static_cast<size_t>(k)] < 0)
      continue;
    bool carries_another = false;
    for (int other = 0; other < b.effectors; ++other)
      carries_another |= effector_joint(b.chain, other) != j && below(b.skeleton, j, effector_joint(b.chain, other));
    if (!carries_another) effectors.push_back(i);
  }
}

// Tree joint k's parent frame (linear part) in the root's parent frame, in the reference pose.
glm::mat3 reference_parent_frame(const Body& b, int k) {
  const Workspace& ws = b.workspace;
  glm::mat3 parent(1.0f);
  for (int t = ws.tree_parent[static_cast<size_t>(k)]; t >= 0; t = ws.tree_parent[static_cast<size_t>(t)])
    parent = linear_of(reference_local(b, ws.path[static_cast<size_t>(t)])) * parent;
  return parent;
}

// The direction in tree joint k's own frame (its rotation's, without its scale) that is the
// world's up in the reference pose, under the root's parent frame as it is now.
glm::vec3 reference_up(const Body& b, int k) {
  const Transform& local = reference_local(b, b.workspace.path[static_cast<size_t>(k)]);
  return glm::conjugate(local.rotation) * (glm::inverse(b.model_linear * reference_parent_frame(b, k)) * b.scratch.up);
}

// The world's up in the root's parent frame, unit.
glm::vec3 frame_up(const Body& b) {
  return direction_or(glm::inverse(b.model_linear) * b.scratch.up, glm::vec3(0.0f, 1.0f, 0.0f));
}

// How far the lowest point of skeleton joint `foot` and the joints below it lies below the
// foot's origin along `up` (frame units, >= 0), the foot's frame being `foot_linear` (root's
// parent frame) and the joints below it as `pose` has them (nullptr: the reference pose).
float depth_below(const Body& b, const Pose* pose, int foot, const glm::mat3& foot_linear, const glm::vec3& up) {
  std::vector<glm::mat4>& frames = b.scratch.foot_frames;
  const int end = b.skeleton.subtree_end[static_cast<size_t>(foot)];
  size_at_least(frames, static_cast<size_t>(end - foot));
  frames[0] = glm::mat4(1.0f);
  float depth = 0.0f;
  for (int d = foot + 1; d < end; ++d) {
    const Transform& local = pose != nullptr ? pose->local[static_cast<size_t>(d)] : reference_local(b, d);
    const int parent = b.skeleton.parent[static_cast<size_t>(d)];
    frames[static_cast<size_t>(d - foot)] = frames[static_cast<size_t>(parent - foot)] * to_matrix(local);
    depth = std::max(depth, -glm::dot(foot_linear * glm::vec3(frames[static_cast<size_t>(d - foot)][3]), up));
  }
  return depth;
}

// A pinned foot stands as level as it stands in the reference pose (`ups`: the direction in
// its own frame that is the world's up there, FullBodyScratch::up), as far as its limits let
// it: the solve turns the joints above it, which would otherwise tilt it with them (a shin
// leaning forward over a pinned ankle took the toes into the floor). Only the tilt is undone,
// by the shortest turn: the way the foot points stays the solve's (a body turning round may
// pivot on its feet). A foot tilted by less than kPinTiltSlack is left as it is: setting it
// would only add rounding, frame after frame. Writes the last traced pose too.
void level_pinned_feet(const Body& b, Pose& pose, const std::vector<int>& feet, const std::vector<glm::vec3>& ups,
                       Trace* trace) {
  const glm::vec3& world_up = b.scratch.up;
  for (size_t e = 0; e < feet.size(); ++e) {
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(feet[e])];
    const int j = b.workspace.path[static_cast<size_t>(k)];
    glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
    const glm::mat3 parent = model_parent_frame(b, k);
    const glm::vec3 up = direction_or(parent * (local * ups[e]), world_up);
    const float level_now = glm::dot(up, world_up);
    if (!(level_now < std::cos(kPinTiltSlack))) continue;
    // The model-space turn T, seen in the parent's frame: P⁻¹ T P (a rotation, P mirrored or not).
    const glm::mat3 turn = glm::inverse(parent) * glm::mat3_cast(rotation_between(up, world_up)) * parent;
    glm::quat levelled = glm::normalize(rotation_of(turn) * local);
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(j)];
    if (b.use_limits && limits.enabled)
      clamp_to_limits(limits, b.skeleton.rest[static_cast<size_t>(j)].rotation, levelled);
    // Kept only if it stands the foot more level: a foot its limit holds tilted would
    // otherwise be turned and clamped back to a slightly different place in every frame of a
    // warm-started solve, creeping along its limit while nothing else moves.
    const glm::vec3 up_levelled = direction_or(parent * (levelled * ups[e]), world_up);
    if (!(std::acos(std::min(1.0f, glm::dot(up_levelled, world_up))) <
          std::acos(std::min(1.0f, level_now)) - kPinTiltSlack))
      continue;
    local = levelled;
    if (trace == nullptr || !trace->record_poses) continue;
    const size_t count = trace->joints.size();
    if (trace->poses.size() >= count)
      trace->poses[trace->poses.size() - count + static_cast<size_t>(k)].rotation = local;
  }
}

}  // namespace full_body_detail
}  // namespace ik
