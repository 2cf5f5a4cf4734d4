// A rig from an ArmSpec (arm_specs.h): fixed base, one hinge per spec joint, flange end.
//
// Joint frames. In the zero configuration each joint gets the frame R0 whose +Y runs along
// its link (towards the next joint, or the flange) and whose +X is the joint's axis when
// the axis runs across the link; when the axis runs along the link (+Y), +X is the
// parent's +X made perpendicular to the link. The hinge axis in the joint's own frame,
// a = R0ᵀ w (w the model-space axis), is then +Y or +X.
//
// Rest transforms, local to the parent joint p:
//   translation = R0_pᵀ (P - P_p)                     (P: the joint's point, model space)
//   rotation    = (R0_pᵀ R0) * rotation(a, rest angle)
// so that turning joint i by θ from rest about a (the extras' convention, local = rest *
// offset) turns it by rest + θ from the zero configuration about its axis, as the spec's
// product of exponentials does. Computed in double, stored in float and quantised.
#include <cmath>
#include <stdexcept>

#include <glm/gtc/quaternion.hpp>

#include "assets/generator/arm_specs.h"
#include "assets/generator/rigs.h"

namespace rigs {
namespace {

glm::dvec3 perpendicular_part(const glm::dvec3& v, const glm::dvec3& unit) { return v - glm::dot(v, unit) * unit; }

// The joint's zero-configuration frame (columns X, Y, Z in model space).
glm::dmat3 joint_frame(const glm::dvec3& link, const glm::dvec3& axis, const glm::dmat3& parent_frame) {
  const glm::dvec3 y = glm::normalize(link);
  glm::dvec3 x = perpendicular_part(axis, y);
  if (glm::length(x) < 1e-9) x = perpendicular_part(parent_frame[0], y);
  if (glm::length(x) < 1e-9) x = perpendicular_part(parent_frame[2], y);
  x = glm::normalize(x);
  return glm::dmat3(x, y, glm::cross(x, y));
}

ik::Transform local_transform(const glm::dmat3& parent_frame, const glm::dvec3& parent_point, const glm::dmat3& frame,
                              const glm::dvec3& point, const glm::dquat& offset) {
  const glm::dmat3 to_parent = glm::transpose(parent_frame);
  ik::Transform t;
  t.translation = glm::vec3(to_parent * (point - parent_point));
  t.rotation = glm::quat(glm::normalize(glm::quat_cast(to_parent * frame) * offset));
  return t;
}

}  // namespace

Rig make_serial_arm(const ArmSpec& spec) {
  const size_t n = spec.joints.size();
  if (n == 0) throw std::runtime_error(spec.name + ": no joints");
  Rig rig;
  rig.name = spec.name;
  rig.color = spec.color;
  // The base is bolted down: a ball joint with a zero range, at the origin, unrotated.
  int parent = add_joint(rig, "Base", -1, ik::Transform{}, spec.base_radius, ball_limits({0, 0, 0}, {0, 0, 0}));
  glm::dmat3 parent_frame(1.0);
  glm::dvec3 parent_point(0.0);
  for (size_t i = 0; i < n; ++i) {
    const ArmJointSpec& j = spec.joints[i];
    const glm::dvec3 point = to_model(j.point);
    const glm::dvec3 next = to_model(i + 1 < n ? spec.joints[i + 1].point : spec.flange_point);
    const glm::dvec3 axis = glm::normalize(to_model(j.axis));
    const glm::dmat3 frame = joint_frame(next - point, axis, parent_frame);
    const glm::dvec3 local_axis = glm::transpose(frame) * axis;
    const glm::dquat offset = glm::angleAxis(j.rest_deg * kPi / 180.0, local_axis);
    const ik::Transform rest = local_transform(parent_frame, parent_point, frame, point, offset);
    // Extras hold the range relative to rest. A range of a full turn or more is no limit
    // at all; it is written as [-360, 360] about rest (the schema's widest).
    double min_deg = j.min_deg - j.rest_deg, max_deg = j.max_deg - j.rest_deg;
    if (j.max_deg - j.min_deg >= 360.0) {
      min_deg = -360.0;
      max_deg = 360.0;
    }
    parent = add_joint(rig, j.name, parent, rest, j.radius,
                       hinge_limits(glm::vec3(local_axis), static_cast<float>(min_deg), static_cast<float>(max_deg)));
    parent_frame = frame;
    parent_point = point;
  }
  // The flange keeps joint n's frame (as every _end joint keeps its parent's).
  ik::Transform flange;
  flange.translation = glm::vec3(glm::transpose(parent_frame) * (to_model(spec.flange_point) - parent_point));
  add_joint(rig, "Flange_end", parent, flange, 0.03f);
  quantize(rig);
  check(rig);
  return rig;
}

Rig make_panda() { return make_serial_arm(panda_spec()); }
Rig make_ur5() { return make_serial_arm(ur5_spec()); }

}  // namespace rigs
