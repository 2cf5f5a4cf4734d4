// Retargeting by roles (retarget.h).
#include "solvers/rig/retarget.h"

#include <algorithm>
#include <cmath>

#include "solvers/anim/joint_paths.h"
#include "solvers/anim/pose.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/solver_common.h"
#include "solvers/rig/default_limits.h"

namespace ik {

namespace {

bool is_limb_role(Role r) {
  switch (r) {
    case Role::clavicle:
    case Role::upper_arm:
    case Role::forearm:
    case Role::hand:
    case Role::finger:
    case Role::thigh:
    case Role::shin:
    case Role::foot:
    case Role::toe:
      return true;
    default:
      return false;
  }
}

const JointRole& role_at(const RetargetRig& rig, int j) { return (*rig.roles)[static_cast<size_t>(j)]; }

// The joints holding `role`, in depth-first order (a spine's or neck's segments from the
// hips up).
std::vector<int> joints_with(const RetargetRig& rig, Role role) {
  std::vector<int> out;
  for (int j = 0; j < rig.skeleton->joint_count(); ++j)
    if (role_at(rig, j).role == role) out.push_back(j);
  return out;
}

// Segment k (0-based) of `count` onto a run of `source_count`: first onto first, last
// onto last, the others in proportion.
int segment_onto(int k, int count, int source_count) {
  if (count <= 1 || source_count <= 1) return 0;
  return static_cast<int>(std::lround(static_cast<double>(k) * (source_count - 1) / (count - 1)));
}

int joint_with_role(const RetargetRig& rig, const JointRole& want) {
  for (int j = 0; j < rig.skeleton->joint_count(); ++j)
    if (role_at(rig, j) == want) return j;
  return -1;
}

// Joint j's bone direction in model space at rest (the mean direction to its children).
glm::vec3 rest_bone_world(const Skeleton& s, const std::vector<glm::mat4>& rest_world, int j) {
  const glm::vec3 local = rest_bone_direction(s, j);
  const glm::vec3 world = glm::mat3(rest_world[static_cast<size_t>(j)]) * local;
  const float length = glm::length(world);
  return length > 1e-12f ? world / length : glm::vec3(0.0f, 1.0f, 0.0f);
}

// Hips to ankle at rest, through the knee, averaged over both legs.
float leg_length_at_rest(const RetargetRig& rig, const std::vector<glm::mat4>& rest_world) {
  float total = 0.0f;
  int legs = 0;
  for (Side side : {Side::left, Side::right}) {
    const int thigh = first_joint_with_role(*rig.roles, Role::thigh, side);
    const int shin = first_joint_with_role(*rig.roles, Role::shin, side);
    const int foot = first_joint_with_role(*rig.roles, Role::foot, side);
    if (thigh < 0 || shin < 0 || foot < 0) continue;
    total += glm::distance(position_of(rest_world[static_cast<size_t>(thigh)]),
                           position_of(rest_world[static_cast<size_t>(shin)])) +
             glm::distance(position_of(rest_world[static_cast<size_t>(shin)]),
                           position_of(rest_world[static_cast<size_t>(foot)]));
    ++legs;
  }
  return legs > 0 ? total / static_cast<float>(legs) : 0.0f;
}

std::string missing_legs(const RetargetRig& rig, const char* which) {
  if (first_joint_with_role(*rig.roles, Role::hips, Side::centre) < 0)
    return std::string("the ") + which + " has no hips";
  for (Side side : {Side::left, Side::right})
    for (Role role : {Role::thigh, Role::shin, Role::foot})
      if (first_joint_with_role(*rig.roles, role, side) < 0)
        return std::string("the ") + which + " has no " + side_name(side) + " " + role_name(role) +
               " (its joints' roles give no legs)";
  return "";
}

}  // namespace

RetargetMap map_by_roles(const RetargetRig& source, const RetargetRig& target, const RetargetOptions& options,
                         std::string& problem) {
  RetargetMap map;
  problem = missing_legs(source, "source");
  if (problem.empty()) problem = missing_legs(target, "target");
  if (!problem.empty()) return map;
  const int n = target.skeleton->joint_count();
  map.source_joint.assign(static_cast<size_t>(n), -1);
  // The numbered runs map by place along them.
  for (Role run : {Role::spine, Role::neck}) {
    const std::vector<int> from = joints_with(source, run), onto = joints_with(target, run);
    if (from.empty()) continue;
    for (size_t k = 0; k < onto.size(); ++k)
      map.source_joint[static_cast<size_t>(onto[k])] = from[static_cast<size_t>(
          segment_onto(static_cast<int>(k), static_cast<int>(onto.size()), static_cast<int>(from.size())))];
  }
  for (int t = 0; t < n; ++t) {
    const JointRole& r = role_at(target, t);
    if (r.role == Role::none || r.role == Role::twist || r.role == Role::spine || r.role == Role::neck) continue;
    if (r.role == Role::finger && !options.fingers) continue;
    map.source_joint[static_cast<size_t>(t)] = joint_with_role(source, r);
  }
  map.source_hips = first_joint_with_role(*source.roles, Role::hips, Side::centre);
  map.target_hips = first_joint_with_role(*target.roles, Role::hips, Side::centre);
  std::vector<glm::mat4> source_rest, target_rest;
  fk_all(*source.skeleton, rest_pose(*source.skeleton), source_rest);
  fk_all(*target.skeleton, rest_pose(*target.skeleton), target_rest);
  const float source_leg = leg_length_at_rest(source, source_rest),
              target_leg = leg_length_at_rest(target, target_rest);
  map.root_scale = source_leg > 1e-9f ? target_leg / source_leg : 1.0f;
  // The facing: the source turned about +Y so its forward is the target's.
  glm::vec3 source_forward, source_left, target_forward, target_left;
  character_directions(*source.skeleton, *source.roles, source_forward, source_left);
  character_directions(*target.skeleton, *target.roles, target_forward, target_left);
  const auto flat = [](glm::vec3 v) {
    v.y = 0.0f;
    return glm::length(v) > 1e-6f ? glm::normalize(v) : glm::vec3(0.0f, 0.0f, 1.0f);
  };
  map.facing = rotation_between(flat(source_forward), flat(target_forward));
  map.source_hips_rest = position_of(source_rest[static_cast<size_t>(map.source_hips)]);
  map.target_hips_rest = position_of(target_rest[static_cast<size_t>(map.target_hips)]);
  for (const MappingEdit& edit : options.edits) {
    const int t = find_joint(*target.skeleton, edit.joint);
    const int s = edit.follows.empty() ? -1 : find_joint(*source.skeleton, edit.follows);
    if (t < 0 || (s < 0 && !edit.follows.empty())) {
      problem =
          t < 0 ? "the target has no joint '" + edit.joint + "'" : "the source has no joint '" + edit.follows + "'";
      return map;
    }
    map.source_joint[static_cast<size_t>(t)] = s;
  }
  return map;
}

bool operator==(const MappingEdit& a, const MappingEdit& b) { return a.joint == b.joint && a.follows == b.follows; }

bool operator==(const RetargetOptions& a, const RetargetOptions& b) {
  return a.fingers == b.fingers && a.edits == b.edits;
}

glm::vec3 carried_place(const RetargetMap& map, const glm::vec3& source_place) {
  return map.target_hips_rest + map.root_scale * (map.facing * (source_place - map.source_hips_rest)) +
         glm::vec3(0.0f, map.floor_shift, 0.0f);
}

std::vector<glm::vec3> carried_path(const Skeleton& source, const Clip& clip, const RetargetMap& map, int joint,
                                    float start, float rate, int frames) {
  std::vector<glm::vec3> path = joint_paths(source, clip, start, rate, frames, {joint});
  for (glm::vec3& p : path) p = carried_place(map, p);
  return path;
}

std::vector<float> clip_key_times(const Clip& clip) {
  std::vector<float> times;
  for (const ClipChannel& c : clip.channels) times.insert(times.end(), c.times.begin(), c.times.end());
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  if (times.empty()) times.push_back(clip.start);
  return times;
}

namespace {

// The move along +Y that puts a retargeted clip floor to floor: key by key, the target's
// lowest point should stand above the rest's lowest (`rest_lowest`) as far as the source's
// stands above its floor (its lowest over the clip), scaled; the median of those moves over
// the keys (the proportions differ: a crouch reads a little apart from a walk). A capture's
// floor need not be where its zero pose stands (CMU's BVH has the hips at the origin and
// the floor 0.97 m below them in the motion): from the hips' path alone the humanoid walked
// a metre above its own floor. 0 without keys.
float floor_to_floor(const std::vector<float>& source_lowest, const std::vector<float>& target_lowest,
                     float rest_lowest, float scale) {
  const float source_floor =
      source_lowest.empty() ? 0.0f : *std::min_element(source_lowest.begin(), source_lowest.end());
  std::vector<float> moves;
  for (size_t k = 0; k < target_lowest.size() && k < source_lowest.size(); ++k)
    if (std::isfinite(target_lowest[k]) && std::isfinite(source_lowest[k]) && std::isfinite(rest_lowest))
      moves.push_back(rest_lowest + scale * (source_lowest[k] - source_floor) - target_lowest[k]);
  if (moves.empty()) return 0.0f;
  std::nth_element(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(moves.size() / 2), moves.end());
  return moves[moves.size() / 2];
}

}  // namespace

Clip retarget_clip(const RetargetRig& source, const Clip& clip, const RetargetRig& target, const RetargetMap& map,
                   const std::string& name, float* floor_shift) {
  const Skeleton& ss = *source.skeleton;
  const Skeleton& ts = *target.skeleton;
  const int n = ts.joint_count();
  std::vector<glm::mat4> source_rest, target_rest;
  const Pose source_rest_pose = rest_pose(ss), target_rest_pose = rest_pose(ts);
  fk_all(ss, source_rest_pose, source_rest);
  fk_all(ts, target_rest_pose, target_rest);

  const glm::quat& facing = map.facing;

  // Per mapped target joint: its rest world rotation aligned to the source's rest (limbs),
  // and the source's rest world rotation (turned to the target's facing).
  std::vector<glm::quat> aligned_rest(static_cast<size_t>(n)), source_rest_rotation(static_cast<size_t>(n));
  for (int t = 0; t < n; ++t) {
    const int s = map.source_joint[static_cast<size_t>(t)];
    if (s < 0) continue;
    const glm::quat target_rotation = rotation_of(target_rest[static_cast<size_t>(t)]);
    glm::quat align(1.0f, 0.0f, 0.0f, 0.0f);
    if (is_limb_role(role_at(target, t).role))
      align = rotation_between(rest_bone_world(ts, target_rest, t), facing * rest_bone_world(ss, source_rest, s));
    aligned_rest[static_cast<size_t>(t)] = glm::normalize(align * target_rotation);
    source_rest_rotation[static_cast<size_t>(t)] =
        glm::normalize(facing * rotation_of(source_rest[static_cast<size_t>(s)]));
  }

  // Which target joints move: the mapped ones (rotation) and the hips (translation).
  Clip out;
  out.name = name;
  std::vector<int> channel_of(static_cast<size_t>(n), -1);
  for (int t = 0; t < n; ++t) {
    if (map.source_joint[static_cast<size_t>(t)] < 0) continue;
    channel_of[static_cast<size_t>(t)] = static_cast<int>(out.channels.size());
    ClipChannel c;
    c.joint = t;
    c.property = ClipProperty::rotation;
    out.channels.push_back(std::move(c));
  }
  ClipChannel hips_translation;
  hips_translation.joint = map.target_hips;
  hips_translation.property = ClipProperty::translation;

  const std::vector<float> times = clip_key_times(clip);
  Pose source_pose = source_rest_pose;
  std::vector<glm::mat4> source_world;
  std::vector<glm::quat> world_rotation(static_cast<size_t>(n));
  std::vector<glm::mat4> target_world(static_cast<size_t>(n));
  // Floor to floor: per key, the lowest point of the source and of the target's hips
  // subtree; and the hips' parent frame.
  const int hips_end = map.target_hips >= 0 ? ts.subtree_end[static_cast<size_t>(map.target_hips)] : 0;
  std::vector<float> source_lowest, target_lowest;
  source_lowest.reserve(times.size());
  target_lowest.reserve(times.size());
  glm::mat3 hips_parent_linear(1.0f);
  for (float time : times) {
    sample_clip(clip, time, source_pose);
    fk_all(ss, source_pose, source_world);
    float source_low = INFINITY, target_low = INFINITY;
    for (const glm::mat4& m : source_world) source_low = std::min(source_low, m[3].y);
    for (int t = 0; t < n; ++t) {
      const int parent = ts.parent[static_cast<size_t>(t)];
      const glm::quat parent_rotation =
          parent >= 0 ? world_rotation[static_cast<size_t>(parent)] : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
      const glm::mat4 parent_world = parent >= 0 ? target_world[static_cast<size_t>(parent)] : glm::mat4(1.0f);
      Transform local = ts.rest[static_cast<size_t>(t)];
      const int s = map.source_joint[static_cast<size_t>(t)];
      if (s >= 0) {
        // The source bone's world turn away from its rest, on top of the aligned rest.
        const glm::quat source_now = glm::normalize(facing * rotation_of(source_world[static_cast<size_t>(s)]));
        const glm::quat turn = source_now * glm::inverse(source_rest_rotation[static_cast<size_t>(t)]);
        const glm::quat world = glm::normalize(turn * aligned_rest[static_cast<size_t>(t)]);
        local.rotation = glm::normalize(glm::inverse(parent_rotation) * world);
        glm::vec4& key = out.channels[static_cast<size_t>(channel_of[static_cast<size_t>(t)])].values.emplace_back();
        key = glm::vec4(local.rotation.x, local.rotation.y, local.rotation.z, local.rotation.w);
      }
      if (t == map.target_hips) {
        hips_parent_linear = glm::mat3(parent_world);
        const glm::vec3 hips = carried_place(map, position_of(source_world[static_cast<size_t>(map.source_hips)]));
        local.translation = glm::vec3(glm::inverse(parent_world) * glm::vec4(hips, 1.0f));
        hips_translation.values.emplace_back(local.translation, 0.0f);
      }
      world_rotation[static_cast<size_t>(t)] = glm::normalize(parent_rotation * local.rotation);
      target_world[static_cast<size_t>(t)] = parent_world * to_matrix(local);
      if (t >= map.target_hips && t < hips_end)
        target_low = std::min(target_low, target_world[static_cast<size_t>(t)][3].y);
    }
    source_lowest.push_back(source_low);
    target_lowest.push_back(target_low);
  }
  float rest_lowest = INFINITY;
  for (int t = std::max(map.target_hips, 0); t < hips_end; ++t)
    rest_lowest = std::min(rest_lowest, target_rest[static_cast<size_t>(t)][3].y);
  const float shift = floor_to_floor(source_lowest, target_lowest, rest_lowest, map.root_scale);
  const glm::vec3 local_shift = glm::inverse(hips_parent_linear) * glm::vec3(0.0f, shift, 0.0f);
  for (glm::vec4& key : hips_translation.values) key += glm::vec4(local_shift, 0.0f);
  if (floor_shift != nullptr) *floor_shift = shift;
  for (ClipChannel& c : out.channels) c.times = times;
  hips_translation.times = times;
  out.channels.push_back(std::move(hips_translation));
  set_time_range(out);
  return out;
}

int carry_contacts(const RetargetMap& map, const std::vector<FootContacts>& source, std::vector<FootContacts>& target) {
  int carried = 0;
  for (FootContacts& foot : target) {
    if (foot.joint < 0 || foot.joint >= static_cast<int>(map.source_joint.size())) continue;
    const int s = map.source_joint[static_cast<size_t>(foot.joint)];
    for (const FootContacts& from : source)
      if (s >= 0 && from.joint == s) {
        foot.plants = from.plants;
        ++carried;
        break;
      }
  }
  return carried;
}

}  // namespace ik
