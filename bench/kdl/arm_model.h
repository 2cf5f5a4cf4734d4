// A serial arm read from a .gltf rig in double precision, and its forward kinematics.
//
// This is the one place the KDL comparison (and its tests) take an arm's numbers from:
// the glTF file the generator wrote (assets/generator/arm_specs.h is its source). It
// reads the JSON itself (nlohmann/json parses every number as a double), independently
// of ikscope's importer, which works in float.
//
// What it accepts: the first node of the default scene that has children is the base
// (a fixed transform); below it, a line of nodes with one child each, every one a hinge
// (extras.ikscope.hinge_axis, min_deg, max_deg, see assets/README.md), ending in one leaf
// without a hinge: the flange. Nodes in TRS form (no matrix), no scale.
//
// Angles follow the rig's convention: joint i's local rotation is rest_i * R(axis_i, θ_i),
// θ relative to rest, in [min_i, max_i]; axis_i in the joint's own rest frame.
//
// Header only, so that the gtest executables in tests/ can use it without a library.
#pragma once

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

namespace armbench {

struct ArmHinge {
  std::string name;
  glm::dvec3 translation{0.0};  // parent frame, metres
  glm::dquat rotation{1.0, 0.0, 0.0, 0.0};  // rest rotation, normalised
  glm::dvec3 axis{1.0, 0.0, 0.0};  // unit, the joint's own rest frame
  double min = 0.0;  // radians, relative to rest
  double max = 0.0;
};

struct ArmModel {
  std::string path;
  std::string base_name, flange_name;
  glm::dvec3 base_translation{0.0};  // model space
  glm::dquat base_rotation{1.0, 0.0, 0.0, 0.0};
  std::vector<ArmHinge> hinges;
  glm::dvec3 flange_translation{0.0};  // joint n's frame
  glm::dquat flange_rotation{1.0, 0.0, 0.0, 0.0};

  int dof() const { return static_cast<int>(hinges.size()); }
};

// A rigid transform in double: p_parent = rotation * p + translation.
struct Pose3 {
  glm::dmat3 rotation{1.0};
  glm::dvec3 translation{0.0};
};

inline Pose3 operator*(const Pose3& a, const Pose3& b) {
  return {a.rotation * b.rotation, a.rotation * b.translation + a.translation};
}

inline Pose3 make_pose(const glm::dvec3& translation, const glm::dquat& rotation) {
  return {glm::mat3_cast(rotation), translation};
}

namespace detail {

inline bool read_vector(const nlohmann::json& j, size_t count, double* out) {
  if (!j.is_array() || j.size() != count) return false;
  for (size_t i = 0; i < count; ++i) {
    if (!j[i].is_number()) return false;
    out[i] = j[i].get<double>();
  }
  return true;
}

// The node's translation and rotation (glTF order x, y, z, w); false if it has a matrix
// or a scale other than 1.
inline bool read_trs(const nlohmann::json& node, glm::dvec3& t, glm::dquat& q) {
  if (node.contains("matrix")) return false;
  if (node.contains("scale")) {
    double s[3];
    if (!read_vector(node["scale"], 3, s) || s[0] != 1.0 || s[1] != 1.0 || s[2] != 1.0) return false;
  }
  t = glm::dvec3(0.0);
  q = glm::dquat(1.0, 0.0, 0.0, 0.0);
  if (node.contains("translation") && !read_vector(node["translation"], 3, &t.x)) return false;
  if (node.contains("rotation")) {
    double r[4];
    if (!read_vector(node["rotation"], 4, r)) return false;
    q = glm::normalize(glm::dquat(r[3], r[0], r[1], r[2]));
  }
  return true;
}

inline const nlohmann::json* hinge_block(const nlohmann::json& node) {
  if (!node.contains("extras") || !node["extras"].is_object()) return nullptr;
  const nlohmann::json& extras = node["extras"];
  if (!extras.contains("ikscope") || !extras["ikscope"].contains("hinge_axis")) return nullptr;
  return &extras["ikscope"];
}

}  // namespace detail

// Reads `path` into `out`; false with a one-line `error` if the file is not a serial arm
// as described above.
inline bool read_arm_gltf(const std::string& path, ArmModel& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = path + ": cannot open";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, false);
  if (doc.is_discarded() || !doc.contains("nodes") || !doc.contains("scenes")) {
    error = path + ": not a glTF JSON file";
    return false;
  }
  const nlohmann::json& nodes = doc["nodes"];
  const int scene = doc.value("scene", 0);
  int node = -1;
  for (const nlohmann::json& root : doc["scenes"][static_cast<size_t>(scene)]["nodes"]) {
    const nlohmann::json& candidate = nodes[root.get<size_t>()];
    if (candidate.contains("children")) {
      node = root.get<int>();
      break;
    }
  }
  if (node < 0) {
    error = path + ": no node with children in the scene";
    return false;
  }
  ArmModel arm;
  arm.path = path;
  const auto fail = [&](const std::string& why) {
    error = path + ": node " + std::to_string(node) + ": " + why;
    return false;
  };
  if (!detail::read_trs(nodes[static_cast<size_t>(node)], arm.base_translation, arm.base_rotation))
    return fail("matrix or scale (need TRS without scale)");
  arm.base_name = nodes[static_cast<size_t>(node)].value("name", "");
  for (;;) {
    const nlohmann::json& parent = nodes[static_cast<size_t>(node)];
    if (!parent.contains("children")) break;
    if (parent["children"].size() != 1) return fail("more than one child (need a serial arm)");
    node = parent["children"][0].get<int>();
    const nlohmann::json& n = nodes[static_cast<size_t>(node)];
    const nlohmann::json* hinge = detail::hinge_block(n);
    if (hinge == nullptr) {
      if (n.contains("children")) return fail("a joint without a hinge_axis before the end");
      if (!detail::read_trs(n, arm.flange_translation, arm.flange_rotation)) return fail("matrix or scale");
      arm.flange_name = n.value("name", "");
      break;
    }
    ArmHinge h;
    h.name = n.value("name", "");
    if (!detail::read_trs(n, h.translation, h.rotation)) return fail("matrix or scale");
    if (!detail::read_vector((*hinge)["hinge_axis"], 3, &h.axis.x) || glm::length(h.axis) == 0.0)
      return fail("bad hinge_axis");
    h.axis = glm::normalize(h.axis);
    if (!hinge->contains("min_deg") || !hinge->contains("max_deg") || !(*hinge)["min_deg"].is_number() ||
        !(*hinge)["max_deg"].is_number())
      return fail("hinge without min_deg / max_deg");
    const double rad_per_deg = 3.14159265358979323846 / 180.0;
    h.min = (*hinge)["min_deg"].get<double>() * rad_per_deg;
    h.max = (*hinge)["max_deg"].get<double>() * rad_per_deg;
    arm.hinges.push_back(h);
  }
  if (arm.hinges.empty()) return fail("no hinge below the base");
  out = arm;
  return true;
}

// Rotation by `angle` radians about the unit `axis`.
inline glm::dmat3 rotation_about(const glm::dvec3& axis, double angle) {
  return glm::mat3_cast(glm::angleAxis(angle, axis));
}

// Model-space pose of the flange for joint angles `theta` (relative to rest, one per hinge).
inline Pose3 flange_pose(const ArmModel& arm, const double* theta) {
  Pose3 world = make_pose(arm.base_translation, arm.base_rotation);
  for (size_t i = 0; i < arm.hinges.size(); ++i) {
    const ArmHinge& h = arm.hinges[i];
    world = world * make_pose(h.translation, h.rotation);
    world.rotation = world.rotation * rotation_about(h.axis, theta[i]);
  }
  return world * make_pose(arm.flange_translation, arm.flange_rotation);
}

// Rotation vector (axis times angle, radians) of the rotation matrix r.
inline glm::dvec3 rotation_vector(const glm::dmat3& r) {
  const glm::dquat q = glm::quat_cast(r);
  const glm::dvec3 v(q.x, q.y, q.z);
  const double s = glm::length(v);
  if (s < 1e-300) return glm::dvec3(0.0);
  // Angle in [0, pi] whatever the sign of w: the shorter way round.
  const double angle = 2.0 * std::atan2(s, std::fabs(q.w));
  return (q.w < 0.0 ? -angle : angle) / s * v;
}

// The 6-D error of `actual` against `wanted`, as TRAC-IK measures it (KDL::diff): position
// difference and the rotation vector of actual * wantedᵀ, both in model space. `pose_ok`
// if every one of the six components is within `tolerance` (metres, radians).
struct PoseError {
  glm::dvec3 position{0.0};
  glm::dvec3 rotation{0.0};
  double largest() const {
    double m = 0.0;
    for (int i = 0; i < 3; ++i) m = std::fmax(m, std::fmax(std::fabs(position[i]), std::fabs(rotation[i])));
    return m;
  }
};

inline PoseError pose_error(const Pose3& wanted, const Pose3& actual) {
  return {actual.translation - wanted.translation, rotation_vector(actual.rotation * glm::transpose(wanted.rotation))};
}

// The same error with its components along the target's own axes (the lengths are the
// same; the components, and so the largest of them, are not): position difference and
// rotation vector of wantedᵀ * actual, rotated into the wanted frame. TRAC-IK's own
// convergence test (KDL::diffRelative against Twist::Zero, per component) measures this.
inline PoseError pose_error_in_target_frame(const Pose3& wanted, const Pose3& actual) {
  const glm::dmat3 to_target = glm::transpose(wanted.rotation);
  return {to_target * (actual.translation - wanted.translation), rotation_vector(to_target * actual.rotation)};
}

// Moves each angle of `theta` by whole turns into its hinge's range, allowing `slack`
// radians past a limit; false if one cannot be (or is not finite). A solver without limits
// may land a full turn out, which is the same pose.
inline bool into_limits(const ArmModel& arm, std::vector<double>& theta, double slack) {
  constexpr double kTwoPi = 6.283185307179586476925;
  for (size_t i = 0; i < theta.size(); ++i) {
    const ArmHinge& h = arm.hinges[i];
    double& t = theta[i];
    if (!std::isfinite(t)) return false;
    const double low = h.min - slack, high = h.max + slack;
    if (t < low) t += kTwoPi * std::ceil((low - t) / kTwoPi);
    if (t > high) t -= kTwoPi * std::ceil((t - high) / kTwoPi);
    if (t < low || t > high) return false;
  }
  return true;
}

}  // namespace armbench
