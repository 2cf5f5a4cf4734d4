// Index: the table and its cones; per segment; anatomical_direction; anatomical_cone_limits
// (the middle lined up with the joint's frame).
#include "solvers/rig/anatomical_limits.h"

#include <algorithm>
#include <cmath>

#include "solvers/ik/limits.h"

namespace ik {
namespace {

struct TableRow {
  RangeOfMotion range;
  AnatomicalCone cone;
};

// anatomical_limits.h says where each number comes from. Half angles rounded up to 0.5°.
//     flex    ext     abd     add    in      out   horizontal       middle f, a    half f, a
const TableRow kTable[] = {
    {{180.0f, 60.0f, 180.0f, 30.0f, 70.0f, 90.0f, 45.0f, 130.0f}, {59.0f, 45.0f, 122.0f, 89.0f}},  // shoulder
    {{80.0f, 70.0f, 20.0f, 30.0f, 80.0f, 80.0f, 0.0f, 0.0f}, {5.0f, -5.0f, 75.5f, 25.5f}},         // wrist
    {{120.0f, 30.0f, 45.0f, 30.0f, 45.0f, 45.0f, 0.0f, 0.0f}, {43.0f, 7.0f, 77.0f, 46.5f}},        // hip
    {{50.0f, 20.0f, 15.0f, 15.0f, 35.0f, 15.0f, 0.0f, 0.0f}, {15.0f, 0.0f, 35.0f, 17.0f}},         // ankle
    {{15.0f, 15.0f, 45.0f, 10.0f, 20.0f, 20.0f, 0.0f, 0.0f}, {0.0f, 16.0f, 18.0f, 29.5f}},         // clavicle
    {{80.0f, 25.0f, 35.0f, 35.0f, 45.0f, 45.0f, 0.0f, 0.0f}, {27.0f, 0.0f, 53.0f, 40.5f}},         // thoracolumbar
    {{45.0f, 45.0f, 45.0f, 45.0f, 60.0f, 60.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 45.0f, 45.0f}},          // cervical
};

// The neutral's flexion and abduction axes: turning the neutral about them by a positive
// angle swings it toward flexion_toward and abduction_toward.
void anatomical_axes(const AnatomicalFrame& frame, glm::vec3& flexion_axis, glm::vec3& abduction_axis) {
  flexion_axis = direction_or(glm::cross(frame.neutral, frame.flexion_toward), glm::vec3(1.0f, 0.0f, 0.0f));
  abduction_axis = direction_or(glm::cross(frame.neutral, frame.abduction_toward), glm::vec3(0.0f, 0.0f, 1.0f));
}

// The rotation taking the orthonormal frame (a, b, a x b) onto (c, d, c x d).
glm::quat frame_turn(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d) {
  const glm::mat3 from(a, b, glm::cross(a, b)), to(c, d, glm::cross(c, d));
  return glm::normalize(glm::quat_cast(to * glm::transpose(from)));
}

}  // namespace

const RangeOfMotion& range_of_motion(AnatomicalJoint joint) { return kTable[static_cast<int>(joint)].range; }

const AnatomicalCone& anatomical_cone(AnatomicalJoint joint) { return kTable[static_cast<int>(joint)].cone; }

RangeOfMotion range_per_segment(const RangeOfMotion& range, int segments) {
  const float k = 1.0f / static_cast<float>(std::max(segments, 1));
  RangeOfMotion r = range;
  r.flexion *= k;
  r.extension *= k;
  r.abduction *= k;
  r.adduction *= k;
  r.twist_in *= k;
  r.twist_out *= k;
  r.horizontal_abduction *= k;
  r.horizontal_adduction *= k;
  return r;
}

AnatomicalCone cone_per_segment(const AnatomicalCone& cone, int segments) {
  const float k = 1.0f / static_cast<float>(std::max(segments, 1));
  return {cone.middle_flexion * k, cone.middle_abduction * k, cone.half_flexion * k, cone.half_abduction * k};
}

glm::vec3 anatomical_direction(const AnatomicalFrame& frame, float flexion_degrees, float abduction_degrees) {
  glm::vec3 flexion_axis, abduction_axis;
  anatomical_axes(frame, flexion_axis, abduction_axis);
  return rotation_from_vector((flexion_degrees * flexion_axis + abduction_degrees * abduction_axis) * kRadiansPerDegree) *
         frame.neutral;
}

JointLimits anatomical_cone_limits(const AnatomicalFrame& frame, const RangeOfMotion& range, const AnatomicalCone& cone,
                                   const glm::quat& rest_rotation, const glm::vec3& rest_bone) {
  glm::vec3 flexion_axis, abduction_axis;
  anatomical_axes(frame, flexion_axis, abduction_axis);
  const glm::quat to_middle =
      rotation_from_vector((cone.middle_flexion * flexion_axis + cone.middle_abduction * abduction_axis) * kRadiansPerDegree);
  // The middle's bone and its flexion and abduction axes, in the joint's rest frame.
  const glm::quat to_rest_frame = glm::conjugate(rest_rotation);
  const glm::vec3 middle = direction_or(to_rest_frame * (to_middle * frame.neutral), rest_bone);
  const glm::vec3 middle_flexion_axis = to_rest_frame * (to_middle * flexion_axis);
  const glm::vec3 middle_abduction_axis = to_rest_frame * (to_middle * abduction_axis);

  // The cone's own axes (u, bone, v) turned onto (one of ±the middle's two axes, middle,
  // ...): the half angle about u is the half angle about the axis u lands on. Of the four,
  // the turn with the least twist about the bone.
  const glm::vec3 bone = direction_or(rest_bone, glm::vec3(0.0f, 1.0f, 0.0f));
  glm::vec3 u, v;
  cone_axes(bone, u, v);
  struct Candidate {
    glm::vec3 target;
    bool flexion_about_u;
  };
  const Candidate candidates[] = {{middle_flexion_axis, true},
                                  {-middle_flexion_axis, true},
                                  {middle_abduction_axis, false},
                                  {-middle_abduction_axis, false}};
  glm::quat best_turn(1.0f, 0.0f, 0.0f, 0.0f);
  float best_twist = 10.0f;
  bool flexion_about_u = true;
  for (const Candidate& c : candidates) {
    const glm::vec3 target = direction_or(c.target - glm::dot(c.target, middle) * middle, glm::vec3(0.0f));
    if (glm::dot(target, target) < 0.5f) continue;
    const glm::quat turn = frame_turn(u, bone, target, middle);
    const float twist = twist_angle(turn, bone);
    if (std::fabs(twist) < std::fabs(best_twist)) {
      best_twist = twist;
      best_turn = turn;
      flexion_about_u = c.flexion_about_u;
    }
  }
  if (best_twist > 9.0f) best_twist = 0.0f;

  JointLimits l;
  l.enabled = true;
  l.cone = true;
  l.bone_axis = bone;
  l.cone_middle = best_turn;
  const float half_flexion = std::min(cone.half_flexion * kRadiansPerDegree, kPi);
  const float half_abduction = std::min(cone.half_abduction * kRadiansPerDegree, kPi);
  l.swing = flexion_about_u ? glm::vec2(half_flexion, half_abduction) : glm::vec2(half_abduction, half_flexion);
  // The rest reads a twist of -best_twist from the middle (the turn is a swing after that
  // twist): the anatomical range is counted from the rest's own roll.
  const float in = range.twist_in * kRadiansPerDegree, out = range.twist_out * kRadiansPerDegree;
  const float low = frame.twist_in_sign > 0.0f ? -out : -in, high = frame.twist_in_sign > 0.0f ? in : out;
  l.twist_min = std::max(low - best_twist, -kPi);
  l.twist_max = std::min(high - best_twist, kPi);
  return l;
}

}  // namespace ik
