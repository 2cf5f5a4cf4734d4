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

// A pin whose foot the reference pose holds higher than this fraction of the reach above it
// is lifted there (lifted_in_reference).
constexpr float kLiftedPin = 0.03f;
// A foot tilted by less than this is left as it is (level_pinned_feet).
constexpr float kPinTiltSlack = 1e-5f;  // radians
// point_knees_over_toes: a knee whose turn to its toes is under kKneeSlack is left as it is
// (radians: turning it in every frame of a drag cost 8 % of the Mixamo-style rig's frame at
// 0.6 degrees), and a turn must bring it nearer by kKneeGain (radians); a leg whose knee lies
// nearer its hip -> ankle line than kStraightLeg of the line is straight (no way to point);
// toes whose part across up is under kToesUpright of the foot point straight down (a foot
// on tiptoe: no way to read), and a hip -> ankle line within asin(kLineAcrossToes) of the
// normal of the toes' upright plane (lying across it) has no turn into it; the hip's share
// of the turn is found by kKneeHalvings halvings.
constexpr float kKneeSlack = 3.5e-2f;  // 2 degrees
constexpr float kKneeGain = 1e-3f;
constexpr float kStraightLeg = 0.01f;
constexpr float kToesUpright = 0.02f;
constexpr float kLineAcrossToes = 0.1f;
constexpr int kKneeHalvings = 6;
// ... and a turn that takes the foot's lowest point deeper below its ankle than this fraction
// of the leg is not made.
constexpr float kDeeperSlack = 1e-3f;

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

// Tree joint k's parent frame (linear part) in the root's parent frame, in the reference pose
// (`at_rest`: the rest pose).
glm::mat3 reference_parent_frame(const Body& b, int k, bool at_rest) {
  const Workspace& ws = b.workspace;
  glm::mat3 parent(1.0f);
  for (int t = ws.tree_parent[static_cast<size_t>(k)]; t >= 0; t = ws.tree_parent[static_cast<size_t>(t)])
    parent = linear_of(stand_local(b, ws.path[static_cast<size_t>(t)], at_rest)) * parent;
  return parent;
}

// The direction in tree joint k's own frame (its rotation's, without its scale) that is the
// world's up in the reference pose (`at_rest`: the rest pose), under the root's parent frame
// as it is now.
glm::vec3 reference_up(const Body& b, int k, bool at_rest) {
  const Transform& local = stand_local(b, b.workspace.path[static_cast<size_t>(k)], at_rest);
  return glm::conjugate(local.rotation) *
         (glm::inverse(b.model_linear * reference_parent_frame(b, k, at_rest)) * b.scratch.up);
}

// True if the reference pose has pinned effector i (tree joint k) lifted off its pin: higher
// along up than its goal by more than kLiftedPin of the reach (a clip's swing foot, while the
// pin holds the foot on the ground).
bool lifted_in_reference(const Body& b, int i, int k) {
  if (b.scratch.reference_pose == nullptr) return false;
  const Workspace& ws = b.workspace;
  glm::mat4 frame(1.0f);
  for (int t = k; t >= 0; t = ws.tree_parent[static_cast<size_t>(t)])
    frame = to_matrix(reference_local(b, ws.path[static_cast<size_t>(t)])) * frame;
  const glm::vec3 goal = glm::inverse(b.model_linear) * (effector_goal(b.chain, i).position - b.frame_origin);
  return glm::dot(glm::vec3(frame[3]) - goal, frame_up(b)) > kLiftedPin * b.reach;
}

// The world's up in the root's parent frame, unit.
glm::vec3 frame_up(const Body& b) {
  return direction_or(glm::inverse(b.model_linear) * b.scratch.up, glm::vec3(0.0f, 1.0f, 0.0f));
}

// How far the lowest point of skeleton joint `foot` and the joints below it lies below the
// foot's origin along `up` (frame units, >= 0), the foot's frame being `foot_linear` (root's
// parent frame) and the joints below it as `pose` has them (nullptr: the reference pose, or
// `at_rest` the rest pose).
float depth_below(const Body& b, const Pose* pose, int foot, const glm::mat3& foot_linear, const glm::vec3& up,
                  bool at_rest) {
  std::vector<glm::mat4>& frames = b.scratch.foot_frames;
  const int end = b.skeleton.subtree_end[static_cast<size_t>(foot)];
  size_at_least(frames, static_cast<size_t>(end - foot));
  frames[0] = glm::mat4(1.0f);
  float depth = 0.0f;
  for (int d = foot + 1; d < end; ++d) {
    const Transform& local = pose != nullptr ? pose->local[static_cast<size_t>(d)] : stand_local(b, d, at_rest);
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

namespace {

// `v` across the world's `up` (its part along up taken away).
glm::vec3 across(const glm::vec3& v, const glm::vec3& up) { return v - up * glm::dot(v, up); }

// The angle between where the knee points (`knee_points`, off the hip -> ankle line) and
// where the toes point, both seen from above, radians; as the body's reading measures it
// (solvers/rig/body_reading.h, "knee off the toes").
float knee_off_toes(const glm::vec3& knee_points, const glm::vec3& toes, const glm::vec3& up) {
  return angle_across(knee_points, toes, up);
}

// The turn about the hip -> ankle `line` (unit) that takes the knee (`knee_points`: off the
// line, across it) to point, seen from above, where the toes do: the knee then lies in the
// upright plane through the line along the toes. False when there is none (the toes point
// along up, the line lies across that plane) or the knee is turned there already.
bool turn_to_toes(const glm::vec3& line, const glm::vec3& knee_points, const glm::vec3& toes, const glm::vec3& up,
                  float& angle) {
  const glm::vec3 toes_flat = across(toes, up);
  if (!(glm::length(toes_flat) > kToesUpright * glm::length(toes))) return false;
  glm::vec3 target = glm::cross(line, glm::cross(up, glm::normalize(toes_flat)));  // across the line, in that plane
  if (glm::dot(target, toes_flat) < 0.0f) target = -target;
  if (!(glm::length(target) > kLineAcrossToes)) return false;
  angle = std::atan2(glm::dot(glm::cross(knee_points, target), line), glm::dot(knee_points, target));
  return std::fabs(angle) >= kKneeSlack;
}

}  // namespace

// Each pinned foot's leg turned about its hip -> ankle line until the knee points where the
// toes do (FullBodyScratch::knees_over_toes): the turn moves the knee and the shin only, the
// ankle stays on its pin and the foot keeps its own turn in the world (its ankle turned back
// by as much), so nothing the solve measured moves. As far as the hip's and the ankle's
// limits let it: the largest part of the turn the hip's range holds (halving), the foot then
// clamped into its ankle's range, and kept only if the knee ends nearer its toes. A leg whose
// hip also carries another effector, a straight leg, or a foot without a joint below it (no
// toes to point along) is left as it is.
bool point_knees_over_toes(Body& b, Pose& pose, const std::vector<int>& feet, Trace* trace) {
  const Workspace& ws = b.workspace;
  const glm::vec3 up = frame_up(b);
  bool turned = false;
  for (const int i : feet) {
    const int k = b.scratch.effector_tree_index[static_cast<size_t>(i)];
    const int knee = ws.tree_parent[static_cast<size_t>(k)];
    const int hip = knee < 0 ? -1 : ws.tree_parent[static_cast<size_t>(knee)];
    if (hip < 0 || b.scratch.column_count[static_cast<size_t>(hip)] != 3) continue;
    const int foot = ws.path[static_cast<size_t>(k)], hip_joint = ws.path[static_cast<size_t>(hip)];
    const int toe = foot + 1;
    if (toe >= b.skeleton.subtree_end[static_cast<size_t>(foot)]) continue;
    bool carries_another = false;
    for (int other = 0; other < b.effectors; ++other)
      carries_another |= other != i && below(b.skeleton, hip_joint, effector_joint(b.chain, other));
    if (carries_another) continue;

    // Frames (linear parts) in the root's parent frame: the hip's parent, the shin, the foot.
    const int above_hip = ws.tree_parent[static_cast<size_t>(hip)];
    const glm::mat3 hip_parent = above_hip < 0 ? glm::mat3(1.0f) : ws.linear[static_cast<size_t>(above_hip)];
    const glm::mat3 shin = ws.linear[static_cast<size_t>(knee)];
    glm::quat& hip_local = pose.local[static_cast<size_t>(hip_joint)].rotation;
    glm::quat& foot_local = pose.local[static_cast<size_t>(foot)].rotation;
    const glm::mat3 foot_frame = shin * linear_of(pose.local[static_cast<size_t>(foot)]);
    const glm::vec3 toes = foot_frame * pose.local[static_cast<size_t>(toe)].translation;
    const std::vector<glm::vec3>& at = ws.positions;
    const glm::vec3 leg = at[static_cast<size_t>(k)] - at[static_cast<size_t>(hip)];
    const glm::vec3 bend = at[static_cast<size_t>(knee)] - at[static_cast<size_t>(hip)];
    const glm::vec3 line = direction_or(leg, glm::vec3(0.0f));
    const glm::vec3 knee_points = bend - line * glm::dot(bend, line);
    if (glm::length(knee_points) < kStraightLeg * glm::length(leg)) continue;  // straight: no way to point
    float angle = 0.0f;
    if (!turn_to_toes(line, knee_points, toes, up, angle)) continue;

    // The hip turned by `part` of the angle, inside its range.
    const JointLimits& hip_limits = b.skeleton.limits[static_cast<size_t>(hip_joint)];
    const bool hip_limited = b.use_limits && hip_limits.enabled;
    const glm::quat& hip_rest = b.skeleton.rest[static_cast<size_t>(hip_joint)].rotation;
    const auto turn_by = [&](float part) { return glm::mat3_cast(glm::angleAxis(part * angle, line)); };
    const auto hip_turned = [&](const glm::mat3& turn) {
      return glm::normalize(rotation_of(glm::inverse(hip_parent) * turn * hip_parent) * hip_local);
    };
    float part = 1.0f;
    if (hip_limited && !within_limits(hip_limits, hip_rest, hip_turned(turn_by(1.0f)))) {
      float inside = 0.0f, outside = 1.0f;
      for (int halving = 0; halving < kKneeHalvings; ++halving) {
        const float middle = 0.5f * (inside + outside);
        (within_limits(hip_limits, hip_rest, hip_turned(turn_by(middle))) ? inside : outside) = middle;
      }
      part = inside;
    }
    if (std::fabs(part * angle) < kKneeSlack) continue;
    const glm::mat3 turn = turn_by(part);
    // The foot keeps its turn in the world: S⁻¹ T⁻¹ S F for the shin S turned by T.
    glm::quat foot_kept = glm::normalize(rotation_of(glm::inverse(shin) * glm::transpose(turn) * shin) * foot_local);
    const JointLimits& ankle_limits = b.skeleton.limits[static_cast<size_t>(foot)];
    if (b.use_limits && ankle_limits.enabled)
      clamp_to_limits(ankle_limits, b.skeleton.rest[static_cast<size_t>(foot)].rotation, foot_kept);
    // Kept only if the knee then points nearer the toes (the ankle's clamp may turn the toes
    // with the leg) and the foot reaches no deeper below its ankle (the clamp may tilt it).
    Transform foot_after = pose.local[static_cast<size_t>(foot)];
    foot_after.rotation = foot_kept;
    const glm::mat3 foot_frame_after = turn * shin * linear_of(foot_after);
    const glm::vec3 toes_after = foot_frame_after * pose.local[static_cast<size_t>(toe)].translation;
    if (!(knee_off_toes(turn * knee_points, toes_after, up) < knee_off_toes(knee_points, toes, up) - kKneeGain))
      continue;
    if (depth_below(b, &pose, foot, foot_frame_after, up) >
        depth_below(b, &pose, foot, foot_frame, up) + kDeeperSlack * glm::length(leg))
      continue;
    hip_local = hip_turned(turn);
    foot_local = foot_kept;
    turned = true;
    if (trace == nullptr || !trace->record_poses) continue;
    const size_t count = trace->joints.size();
    if (trace->poses.size() < count) continue;
    const size_t last = trace->poses.size() - count;
    trace->poses[last + static_cast<size_t>(hip)].rotation = hip_local;
    trace->poses[last + static_cast<size_t>(k)].rotation = foot_local;
  }
  if (turned) update_frames(b, pose);
  return turned;
}

}  // namespace full_body_detail
}  // namespace ik
