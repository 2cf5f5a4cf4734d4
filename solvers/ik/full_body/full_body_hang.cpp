// The full-body solve's free arms (full_body_problem.h: set_pull_targets, hang_free_limbs):
// what the pull toward the reference pose pulls each joint toward -- its turn in the
// reference pose, but for a free hanging joint (FullBodyScratch::hanging_joints) that turn
// tipped down toward hanging as the body above it bends -- and, after the solve, each free
// hanging joint set there.
#include <algorithm>
#include <cmath>

#include "solvers/ik/full_body/full_body_problem.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace full_body_detail {

namespace {

// The parent's tip from the reference at which a free limb hangs straight down.
constexpr float kFullHang = 1.04719755f;  // 60 degrees
// A turn that brings a hanging joint nearer its target by less than this (in the cosine of
// half the angle between them: about 0.1 degree near the target) is not made: it would only
// add rounding, frame after frame.
constexpr float kHangSlack = 4e-7f;

// Skeleton joint `joint`'s index in the tree, or -1.
int index_in_tree(const Body& b, int joint) {
  const std::vector<int>& path = b.workspace.path;
  const auto it = std::find(path.begin(), path.end(), joint);
  return it == path.end() ? -1 : static_cast<int>(it - path.begin());
}

// The first effector below tree joint k (its tree joint), or -1.
int effector_below(const Body& b, int k) {
  const int joint = b.workspace.path[static_cast<size_t>(k)];
  for (int i = 0; i < b.effectors; ++i)
    if (effector_joint(b.chain, i) != joint && below(b.skeleton, joint, effector_joint(b.chain, i)))
      return b.scratch.effector_tree_index[static_cast<size_t>(i)];
  return -1;
}

// Free hanging tree joint k's pull target: its reference turn, under its parent as the pose
// has it now, then turned about its own position so the line from it to the limb's end
// (effector `end`, as the reference pose holds the limb) tips toward the world's down by
// `bend` of the angle between them. `bend` grows with how far the parent's frame has tipped
// the world's up from where the reference has it: smoothstep of that angle over kFullHang,
// so a slight lean leaves the limb nearly be and a body bent 60 degrees lets it hang. A turn
// about up tips nothing: the limb turns with the body as in the reference.
glm::quat hung_turn(const Body& b, int k, int end) {
  const Workspace& ws = b.workspace;
  const Transform& reference = reference_local(b, ws.path[static_cast<size_t>(k)]);
  const int t = ws.tree_parent[static_cast<size_t>(k)];
  const glm::mat3 parent = t < 0 ? glm::mat3(1.0f) : ws.linear[static_cast<size_t>(t)];
  const glm::mat3 parent_reference = reference_parent_frame(b, k);
  const glm::vec3 up = frame_up(b);
  const glm::vec3 tipped_up = direction_or(parent * (glm::inverse(parent_reference) * up), up);
  const float tipped = std::min(1.0f, std::acos(std::clamp(glm::dot(tipped_up, up), -1.0f, 1.0f)) / kFullHang);
  const float bend = tipped * tipped * (3.0f - 2.0f * tipped);  // smoothstep: a slight lean leaves the arm be

  glm::mat4 limb(1.0f);  // the end's frame in joint k's own, as the reference holds the limb
  for (int u = end; u != k && u >= 0; u = ws.tree_parent[static_cast<size_t>(u)])
    limb = to_matrix(reference_local(b, ws.path[static_cast<size_t>(u)])) * limb;
  const glm::vec3 along = parent * (linear_of(reference) * glm::vec3(limb[3]));
  const glm::vec3 down = -up;
  const glm::vec3 d = direction_or(along, down);
  const float to_down = std::acos(std::clamp(glm::dot(d, down), -1.0f, 1.0f));
  if (!(bend * to_down > 0.0f)) return reference.rotation;
  const glm::vec3 axis = direction_or(glm::cross(d, down), any_perpendicular(d));
  const glm::mat3 tip = glm::mat3_cast(glm::angleAxis(bend * to_down, axis));
  return glm::normalize(rotation_of(glm::inverse(parent) * tip * parent) * reference.rotation);
}

// Calls visit(k, end) for every free hanging tree joint k (FullBodyScratch::hanging_joints:
// turnable, no weighted or pinned effector below it) with `end` the effector below it.
template <typename Visit>
void for_each_free_hanging_joint(const Body& b, Visit&& visit) {
  for (const int joint : b.scratch.hanging_joints) {
    const int k = index_in_tree(b, joint);
    if (k < 0 || b.scratch.first_column[static_cast<size_t>(k)] < 0 || b.scratch.holds_below[static_cast<size_t>(k)])
      continue;
    const int end = effector_below(b, k);
    if (end >= 0) visit(k, end);
  }
}

}  // namespace

void set_pull_targets(Body& b) {
  const std::vector<int>& path = b.workspace.path;
  std::vector<glm::quat>& target = b.scratch.pull_target;
  size_at_least(target, path.size());
  for (size_t k = 0; k < path.size(); ++k) target[k] = reference_local(b, path[k]).rotation;
  for_each_free_hanging_joint(b, [&](int k, int end) { target[static_cast<size_t>(k)] = hung_turn(b, k, end); });
}

bool hang_free_limbs(Body& b, Pose& pose, Trace* trace) {
  bool turned = false;
  for_each_free_hanging_joint(b, [&](int k, int end) {
    const int j = b.workspace.path[static_cast<size_t>(k)];
    glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
    const glm::quat target = hung_turn(b, k, end);
    glm::quat hung = target;
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(j)];
    if (b.use_limits && limits.enabled) clamp_to_limits(limits, b.skeleton.rest[static_cast<size_t>(j)].rotation, hung);
    // Kept only if it comes nearer the target: one its limit holds back would otherwise be
    // turned and clamped back to a slightly different place in every frame, creeping along
    // the limit while nothing else moves.
    if (!(std::abs(glm::dot(hung, target)) > std::abs(glm::dot(local, target)) + kHangSlack)) return;
    local = hung;
    turned = true;
    if (trace == nullptr || !trace->record_poses) return;
    const size_t count = trace->joints.size();
    if (trace->poses.size() >= count)
      trace->poses[trace->poses.size() - count + static_cast<size_t>(k)].rotation = local;
  });
  if (turned) update_frames(b, pose);
  return turned;
}

}  // namespace full_body_detail
}  // namespace ik
