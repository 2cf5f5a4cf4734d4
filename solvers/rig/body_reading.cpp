// Index: a foot's lowest point; the knee's and the foot's directions; read_body;
// describe_body, body_looks_plausible.
#include "solvers/rig/body_reading.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace {

// The lowest point along `up` of a foot (every joint from it down but the tips the importer
// added: a made-up point half a bone past the toe, which no foot of the file has).
// With `ground` (not nullptr), each point's height over the ground under it: the ground's
// surface stands for the clip's floor wherever the feet are (as the feet's cleanup lays it).
float lowest_point(const Skeleton& skeleton, const std::vector<glm::mat4>& world, int foot, const glm::vec3& up,
                   const Ground* ground = nullptr) {
  float lowest = INFINITY;
  for (int j = foot; j < skeleton.subtree_end[static_cast<size_t>(foot)]; ++j)
    if (skeleton.is_added_tip.empty() || skeleton.is_added_tip[static_cast<size_t>(j)] == 0) {
      const glm::vec3 p = position_of(world[static_cast<size_t>(j)]);
      lowest = std::min(lowest, glm::dot(p, up) - (ground != nullptr ? ground_height(*ground, p.x, p.z) : 0.0f));
    }
  return lowest;
}

// The lower of both feet's lowest points.
float lowest_of_feet(const Skeleton& skeleton, const std::vector<glm::mat4>& world, const int foot[2],
                     const glm::vec3& up, const Ground* ground = nullptr) {
  return std::min(lowest_point(skeleton, world, foot[0], up, ground),
                  lowest_point(skeleton, world, foot[1], up, ground));
}

// `v` without its part along `up`, normalised; zero if nothing is left.
glm::vec3 flat(const glm::vec3& v, const glm::vec3& up) { return direction_or(v - up * glm::dot(v, up), glm::vec3(0.0f)); }

}  // namespace

float lowest_foot_point(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                        std::vector<glm::mat4>& world) {
  const int foot[2] = {first_joint_with_role(roles, Role::foot, Side::left),
                       first_joint_with_role(roles, Role::foot, Side::right)};
  if (foot[0] < 0 || foot[1] < 0 || pose.local.size() != static_cast<size_t>(skeleton.joint_count())) return INFINITY;
  fk_all(skeleton, pose, world);
  return lowest_of_feet(skeleton, world, foot, glm::vec3(0.0f, 1.0f, 0.0f));
}

float lowest_foot_point(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose) {
  std::vector<glm::mat4> world;
  return lowest_foot_point(skeleton, roles, pose, world);
}

BodyReading read_body(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose, float floor,
                      const Ground* ground) {
  BodyReading r;
  const int n = skeleton.joint_count();
  if (pose.local.size() != static_cast<size_t>(n) || roles.size() < static_cast<size_t>(n)) return r;
  const auto find = [&](Role role, Side side) { return first_joint_with_role(roles, role, side); };
  const int hips = find(Role::hips, Side::centre);
  int head = find(Role::head, Side::centre);
  if (head < 0) head = find(Role::neck, Side::centre);
  const int thigh[2] = {find(Role::thigh, Side::left), find(Role::thigh, Side::right)};
  const int shin[2] = {find(Role::shin, Side::left), find(Role::shin, Side::right)};
  const int foot[2] = {find(Role::foot, Side::left), find(Role::foot, Side::right)};
  if (hips < 0 || head < 0 || std::min({thigh[0], thigh[1], shin[0], shin[1], foot[0], foot[1]}) < 0) return r;
  r.valid = true;

  // Up is the world's (model +Y, glTF's up: the ground the program draws and the full-body
  // solve's FullBodyScratch::up), not the body's own hips -> head line, which leans with the
  // rest pose's spine (the built-in humanoid's by 24 degrees: toes slid back read as through
  // the floor).
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  std::vector<glm::mat4> rest_world, world;
  fk_all(skeleton, rest_pose(skeleton), rest_world);
  fk_all(skeleton, pose, world);
  const auto at = [&](const std::vector<glm::mat4>& w, int j) { return position_of(w[static_cast<size_t>(j)]); };
  r.leg_length = glm::length(at(rest_world, shin[0]) - at(rest_world, thigh[0])) +
                 glm::length(at(rest_world, foot[0]) - at(rest_world, shin[0]));

  for (int j = 0; j < n; ++j) {
    const JointLimits& l = skeleton.limits[static_cast<size_t>(j)];
    if (!l.enabled || !limits_active(l)) continue;
    ++r.limited_joints;
    const glm::quat& rest = skeleton.rest[static_cast<size_t>(j)].rotation;
    const glm::quat& local = pose.local[static_cast<size_t>(j)].rotation;
    if (l.hinge) {
      // A straight knee or elbow stands at its hinge's nearer end (default limits start a
      // few degrees bent, default_limits.h): that is how a person stands, not a limit
      // reached. Only the end farther from the rest angle (full flexion) counts.
      const float angle = twist_angle(glm::conjugate(rest) * local, hinge_axis(l));
      const float far_end = std::fabs(l.max.x) >= std::fabs(l.min.x) ? l.max.x : l.min.x;
      if (std::fabs(angle - far_end) <= kBodyAtLimitMargin || (far_end > 0.0f ? angle > far_end : angle < far_end))
        ++r.joints_at_limit;
      continue;
    }
    if (at_limit(l, rest, local, kBodyAtLimitMargin)) ++r.joints_at_limit;
  }

  const float level = std::min(lowest_of_feet(skeleton, rest_world, foot, up, ground), floor);
  const float lowest[2] = {lowest_point(skeleton, world, foot[0], up, ground),
                           lowest_point(skeleton, world, foot[1], up, ground)};
  r.feet_below_ground = std::max(0.0f, level - std::min(lowest[0], lowest[1]));

  for (int s = 0; s < 2; ++s) {
    // A foot off the ground is not judged: a swinging leg's knee goes where the step takes it.
    if (lowest[s] - level > kFootOffGround * r.leg_length) continue;
    const glm::vec3 hip = at(world, thigh[s]), knee = at(world, shin[s]), ankle = at(world, foot[s]);
    const glm::vec3 line = ankle - hip;
    const float line2 = glm::dot(line, line);
    if (!(line2 > 0.0f)) continue;
    const glm::vec3 offset = (knee - hip) - line * (glm::dot(knee - hip, line) / line2);
    if (glm::length(offset) < 0.01f * r.leg_length) continue;  // straight: no knee direction
    const int toe = foot[s] + 1 < skeleton.subtree_end[static_cast<size_t>(foot[s])] ? foot[s] + 1 : -1;
    if (toe < 0) continue;
    const glm::vec3 knee_points = flat(offset, up), foot_points = flat(at(world, toe) - ankle, up);
    if (glm::dot(knee_points, knee_points) == 0.0f || glm::dot(foot_points, foot_points) == 0.0f) continue;
    const float degrees = angle_across(knee_points, foot_points, up) * 57.2957795f;
    r.worst_knee_off_toes_degrees = std::max(r.worst_knee_off_toes_degrees, degrees);
  }

  r.head_above_hips = glm::dot(at(world, head) - at(world, hips), up) > 0.0f;
  return r;
}

bool body_looks_plausible(const BodyReading& r) {
  return r.valid && r.joints_at_limit == 0 && r.feet_below_ground <= 0.01f * r.leg_length &&
         r.worst_knee_off_toes_degrees <= kKneeOffToesDegrees && r.head_above_hips;
}

namespace {

// The four parts in order, each in its good form when it holds; `only_off`: the others only.
std::string body_parts(const BodyReading& r, bool only_off) {
  char buffer[256];
  std::string out;
  const auto add = [&](bool holds, const std::string& part) {
    if (only_off && holds) return;
    out += (out.empty() ? "" : " · ") + part;
  };
  std::snprintf(buffer, sizeof buffer, "%d joint%s at %s limit", r.joints_at_limit, r.joints_at_limit == 1 ? "" : "s",
                r.joints_at_limit == 1 ? "its" : "their");
  add(r.joints_at_limit == 0, r.joints_at_limit == 0 ? "no joint at its limit" : buffer);
  const bool on_ground = r.feet_below_ground <= 0.01f * r.leg_length;
  std::snprintf(buffer, sizeof buffer, "feet %.1f cm below the ground", 100.0f * r.feet_below_ground);
  add(on_ground, on_ground ? "feet on the ground" : buffer);
  const bool over_toes = r.worst_knee_off_toes_degrees <= kKneeOffToesDegrees;
  std::snprintf(buffer, sizeof buffer, "knee %.0f° off the toes", r.worst_knee_off_toes_degrees);
  add(over_toes, over_toes ? "knees over the toes" : buffer);
  add(r.head_above_hips, r.head_above_hips ? "head above the hips" : "head below the hips");
  return out;
}

}  // namespace

std::string describe_body(const BodyReading& r) {
  if (!r.valid) return "no reading: the roles give no hips, head and two legs";
  return body_parts(r, false);
}

std::string describe_body_problems(const BodyReading& r) {
  if (!r.valid) return describe_body(r);
  return body_parts(r, true);
}

}  // namespace ik
