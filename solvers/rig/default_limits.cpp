// Index: has_any_limits; rest_frames (world rest positions and rotations); bone directions;
// character_directions; hinge_toward (knee, elbow); default_limits_from_roles (each role's
// anatomical frame and range).
#include "solvers/rig/default_limits.h"

#include <cmath>

#include "solvers/anim/pose.h"
#include "solvers/ik/limits.h"
#include "solvers/rig/anatomical_limits.h"

namespace ik {
namespace {

// A knee's or elbow's smallest bend from straight. Not 0: a straight hinge held at its limit
// is a stationary point for a gradient solver (bending either way moves the effector the
// same to first order, and the pull toward a goal ahead is the wrong way), so DLS stalls
// there with the leg straight; 3° starts every solve bent the anatomical way.
constexpr float kMinimumBend = 3.0f * kRadiansPerDegree;
// The knee's and the elbow's flexion (anatomical_limits.h gives the source).
constexpr float kKneeFlexion = 135.0f;
constexpr float kElbowFlexion = 150.0f;

// Model-space rest positions and rotations (the rotations compose the rest rotations only:
// scales are taken as uniform, as in every rig these defaults are meant for).
struct RestFrames {
  std::vector<glm::vec3> position;
  std::vector<glm::quat> rotation;
};

RestFrames rest_frames(const Skeleton& skeleton) {
  RestFrames frames;
  std::vector<glm::mat4> world;
  fk_all(skeleton, rest_pose(skeleton), world);
  const size_t n = world.size();
  frames.position.resize(n);
  frames.rotation.resize(n);
  for (size_t i = 0; i < n; ++i) {
    frames.position[i] = position_of(world[i]);
    const int p = skeleton.parent[i];
    const glm::quat parent = p < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : frames.rotation[static_cast<size_t>(p)];
    frames.rotation[i] = glm::normalize(parent * skeleton.rest[i].rotation);
  }
  return frames;
}

// `v` normalised, or `fallback` if it is (nearly) zero or not finite.
glm::vec3 unit_or(const glm::vec3& v, const glm::vec3& fallback) {
  const float length = std::sqrt(glm::dot(v, v));
  return length > 1e-8f && std::isfinite(length) ? v / length : fallback;
}

// The mean direction from joint j to its children in j's own rest frame (+Y for a leaf).
glm::vec3 local_bone(const Skeleton& skeleton, int j) {
  glm::vec3 sum(0.0f);
  for (int c = j + 1; c < skeleton.subtree_end[static_cast<size_t>(j)];
       c = skeleton.subtree_end[static_cast<size_t>(c)])
    sum += unit_or(skeleton.rest[static_cast<size_t>(c)].translation, glm::vec3(0.0f));
  return unit_or(sum, glm::vec3(0.0f, 1.0f, 0.0f));
}

// The same in model space.
glm::vec3 world_bone(const Skeleton& skeleton, const RestFrames& frames, int j) {
  return unit_or(frames.rotation[static_cast<size_t>(j)] * local_bone(skeleton, j), glm::vec3(0.0f, 1.0f, 0.0f));
}

// The position of the first joint with `role` (any side), if there is one.
bool role_position(const std::vector<JointRole>& roles, const RestFrames& frames, Role role, glm::vec3& out) {
  const int j = first_joint_with_role(roles, role, Side::centre);
  if (j < 0 || static_cast<size_t>(j) >= frames.position.size()) return false;
  out = frames.position[static_cast<size_t>(j)];
  return true;
}

void directions_from_frames(const std::vector<JointRole>& roles, const RestFrames& frames, glm::vec3& forward,
                            glm::vec3& left) {
  const auto side_pair = [&](Role role, glm::vec3& out) {
    const int l = first_joint_with_role(roles, role, Side::left), r = first_joint_with_role(roles, role, Side::right);
    if (l < 0 || r < 0 || static_cast<size_t>(std::max(l, r)) >= frames.position.size()) return false;
    out = frames.position[static_cast<size_t>(l)] - frames.position[static_cast<size_t>(r)];
    return glm::dot(out, out) > 1e-12f;
  };
  glm::vec3 side(1.0f, 0.0f, 0.0f);
  if (!side_pair(Role::thigh, side) && !side_pair(Role::upper_arm, side) && !side_pair(Role::clavicle, side))
    side = glm::vec3(1.0f, 0.0f, 0.0f);
  side = unit_or(side, glm::vec3(1.0f, 0.0f, 0.0f));
  glm::vec3 up(0.0f, 1.0f, 0.0f), base, top;
  if (role_position(roles, frames, Role::hips, base)) {
    for (Role r : {Role::head, Role::neck, Role::chest, Role::spine})
      if (role_position(roles, frames, r, top) && glm::length(top - base) > 1e-6f) {
        up = glm::normalize(top - base);
        break;
      }
  }
  forward = unit_or(glm::cross(side, up), glm::vec3(0.0f, 0.0f, 1.0f));
  left = unit_or(glm::cross(up, forward), side);
}

// A hinge at joint j whose positive angle swings j's bone toward `toward` (model space),
// bending up to `bend_deg` from straight (the line of the parent's bone).
JointLimits hinge_toward(const Skeleton& skeleton, const RestFrames& frames, int j, const glm::vec3& toward,
                         float bend_deg) {
  const int p = skeleton.parent[static_cast<size_t>(j)];
  const glm::vec3 bone = world_bone(skeleton, frames, j);
  const glm::vec3 upper =
      p < 0 ? bone : unit_or(frames.position[static_cast<size_t>(j)] - frames.position[static_cast<size_t>(p)], bone);
  // Turning the bone about a = bone × toward moves it toward `toward`'s part across the bone.
  glm::vec3 axis = glm::cross(bone, toward);
  if (glm::length(axis) < 0.3f) {
    // The bone points (nearly) along `toward` at rest: the rest bend's own plane, turned
    // so that a positive angle bends further (away from the upper bone).
    const glm::vec3 bend_axis = glm::cross(upper, bone);
    if (glm::length(bend_axis) > 1e-3f) axis = bend_axis;
  }
  axis = unit_or(axis, unit_or(glm::cross(bone, glm::vec3(0.0f, 0.0f, 1.0f)), glm::vec3(1.0f, 0.0f, 0.0f)));
  // The rest bend, measured the same way round: the angle from the upper bone to this one.
  const float rest_bend = std::atan2(glm::dot(glm::cross(upper, bone), axis), glm::dot(upper, bone));
  JointLimits l;
  l.enabled = true;
  l.hinge = true;
  l.hinge_axis = unit_or(glm::conjugate(frames.rotation[static_cast<size_t>(j)]) * axis, glm::vec3(0, 0, 1));
  l.min = glm::vec3(kMinimumBend - rest_bend, 0.0f, 0.0f);
  l.max = glm::vec3(std::max(bend_deg * kRadiansPerDegree - rest_bend, 0.0f), 0.0f, 0.0f);
  return l;
}

}  // namespace

glm::vec3 rest_bone_direction(const Skeleton& skeleton, int j) { return local_bone(skeleton, j); }

bool has_any_limits(const Skeleton& skeleton) {
  for (const JointLimits& l : skeleton.limits)
    if (l.enabled) return true;
  return false;
}

void character_directions(const Skeleton& skeleton, const std::vector<JointRole>& roles, glm::vec3& forward,
                          glm::vec3& left) {
  directions_from_frames(roles, rest_frames(skeleton), forward, left);
}

std::vector<JointLimits> default_limits_from_roles(const Skeleton& skeleton, const std::vector<JointRole>& roles) {
  const int n = skeleton.joint_count();
  std::vector<JointLimits> limits(static_cast<size_t>(n));
  const RestFrames frames = rest_frames(skeleton);
  glm::vec3 forward, left;
  directions_from_frames(roles, frames, forward, left);
  const glm::vec3 up = glm::cross(forward, left);
  const auto limited = [&](int j) {
    return static_cast<size_t>(j) < roles.size() && !skeleton.is_added_tip[static_cast<size_t>(j)] &&
           !skeleton.is_leaf(j);
  };
  // The spine's and the neck's ranges are shared by the joints that carry them.
  int spine_segments = 0, neck_segments = 0;
  for (int j = 0; j < n; ++j) {
    if (!limited(j)) continue;
    const Role role = roles[static_cast<size_t>(j)].role;
    spine_segments += role == Role::spine || role == Role::chest;
    neck_segments += role == Role::neck || role == Role::head;
  }
  for (int j = 0; j < n; ++j) {
    if (!limited(j)) continue;  // nothing to turn
    const Role role = roles[static_cast<size_t>(j)].role;
    const glm::vec3 bone = world_bone(skeleton, frames, j);
    // The limb's outward side: its own side's, else the side its bone points to.
    const float side_sign = roles[static_cast<size_t>(j)].side == Side::right  ? -1.0f
                            : roles[static_cast<size_t>(j)].side == Side::left ? 1.0f
                            : glm::dot(bone, left) < 0.0f                      ? -1.0f
                                                                               : 1.0f;
    const glm::vec3 lateral = side_sign * left;
    // Directions across the bone (for joints whose neutral is their rest).
    const auto across = [&](const glm::vec3& toward, const glm::vec3& fallback) {
      const glm::vec3 a = toward - glm::dot(toward, bone) * bone;
      return glm::dot(a, a) > 0.04f ? glm::normalize(a) : fallback;
    };
    AnatomicalFrame frame;
    glm::vec3 sole_axis(0.0f);  // a foot's cone axis (model space), else the bone
    AnatomicalJoint table = AnatomicalJoint::shoulder;
    int segments = 1;
    switch (role) {
      case Role::upper_arm:
      case Role::thigh:
        // The arm at the side, the leg straight down: not the rest (a T- or A-pose).
        frame.neutral = -up;
        frame.flexion_toward = forward;
        frame.abduction_toward = lateral;
        frame.twist_in_sign = glm::dot(glm::cross(frame.neutral, forward), -lateral) > 0.0f ? 1.0f : -1.0f;
        table = role == Role::upper_arm ? AnatomicalJoint::shoulder : AnatomicalJoint::hip;
        break;
      case Role::hand: {
        // In line with the forearm at rest; palm down and thumb forward (T- and A-poses),
        // or, for a hand hanging down, palm in.
        frame.neutral = bone;
        frame.flexion_toward = across(-up, -lateral);       // toward the palm
        frame.abduction_toward = across(forward, forward);  // toward the thumb (radial)
        table = AnatomicalJoint::wrist;
        break;
      }
      case Role::foot: {
        // Flat at rest. The cone is about the sole's long axis (the bone laid flat, heel to
        // toe), not the bone: inversion and eversion roll the foot about that axis, and a
        // bone pointing 28 degrees down to the toe's base (Mixamo's) mixed them with turning
        // the toes in and out. Flexion is the toes going down (plantarflexion), abduction out.
        const glm::vec3 flat = bone - glm::dot(bone, up) * up;
        sole_axis = glm::dot(flat, flat) > 0.04f ? glm::normalize(flat) : bone;
        frame.neutral = sole_axis;
        frame.flexion_toward = -up;
        frame.abduction_toward = lateral - glm::dot(lateral, sole_axis) * sole_axis;
        frame.twist_in_sign = glm::dot(glm::cross(sole_axis, -up), -lateral) > 0.0f ? 1.0f : -1.0f;
        table = AnatomicalJoint::ankle;
        break;
      }
      case Role::clavicle:
        frame.neutral = bone;
        frame.flexion_toward = across(forward, forward);  // protraction
        frame.abduction_toward = across(up, up);          // elevation
        table = AnatomicalJoint::clavicle;
        break;
      case Role::spine:
      case Role::chest:
      case Role::neck:
      case Role::head:
        frame.neutral = bone;
        frame.flexion_toward = across(forward, forward);
        frame.abduction_toward = across(left, left);
        table = role == Role::neck || role == Role::head ? AnatomicalJoint::cervical : AnatomicalJoint::thoracolumbar;
        segments = table == AnatomicalJoint::cervical ? neck_segments : spine_segments;
        break;
      case Role::shin:
        limits[static_cast<size_t>(j)] = hinge_toward(skeleton, frames, j, -forward, kKneeFlexion);
        continue;
      case Role::forearm:
        limits[static_cast<size_t>(j)] = hinge_toward(skeleton, frames, j, forward, kElbowFlexion);
        continue;
      default:
        continue;  // hips, eyes, jaw, fingers, toes, tail, twist bones, none: free
    }
    limits[static_cast<size_t>(j)] = anatomical_cone_limits(
        frame, range_per_segment(range_of_motion(table), segments), cone_per_segment(anatomical_cone(table), segments),
        frames.rotation[static_cast<size_t>(j)],
        role == Role::foot ? glm::conjugate(frames.rotation[static_cast<size_t>(j)]) * sole_axis
                           : local_bone(skeleton, j));
  }
  return limits;
}

}  // namespace ik
