// Serial robot arms described as their makers' data sheets give them: every joint's axis
// and a point on it in the arm's zero configuration, its range, and the flange position.
// The generator (serial_arm.cpp) turns a spec into a rig; tests/assets/test_arm_rigs.cpp checks
// the written rig against the spec (product-of-exponentials forward kinematics below).
//
// Header only, with no dependency beyond GLM, so that tests can use it without the
// generator.
//
// Frames. Specs are written in the data sheet's robot frame: metres, z up, x forward.
// to_model() turns them into glTF model space (y up, the arm facing +Z): robot x -> model
// +Z, y -> +X, z -> +Y (a cyclic permutation, so a rotation).
//
// Where a joint sits on its axis does not change the flange's motion; the points are
// chosen so that every link between neighbouring joints runs along or across the axis of
// the joint it leaves (the rig's hinge axes are then +Y or +X of the joint's frame, see
// serial_arm.cpp) and no two joints coincide.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace rigs {

struct ArmJointSpec {
  std::string name;
  glm::dvec3 point;    // a point on the axis, zero configuration, robot frame, metres
  glm::dvec3 axis;     // unit axis, zero configuration, robot frame (positive turns by the right hand)
  double min_deg;      // range, degrees from the zero configuration
  double max_deg;
  double rest_deg;     // the rig's rest angle, degrees from the zero configuration
  float radius;        // preview mesh half-width, metres
};

struct ArmSpec {
  std::string name;         // file name without .gltf
  glm::vec3 color;          // preview mesh colour, linear RGB
  float base_radius;
  std::vector<ArmJointSpec> joints;
  glm::dvec3 flange_point;  // zero configuration, robot frame
};

// Robot frame (z up, x forward) -> glTF model space (y up, facing +Z).
inline glm::dvec3 to_model(const glm::dvec3& robot) { return {robot.y, robot.z, robot.x}; }

constexpr double kPi = 3.14159265358979323846;

// After the Franka Emika Panda (Franka's published modified Denavit-Hartenberg table:
// d1 = 0.333, d3 = 0.316, a4 = 0.0825, a5 = -0.0825, d5 = 0.384, a7 = 0.088, flange
// 0.107 along joint 7's axis; ranges +-166, +-101, +-166, -176..-4, +-166, -1..215,
// +-166 degrees). In the zero configuration the arm stands up to 1.033 m, joint 7 sits
// 0.088 m forward and the flange points down at 0.926 m. Rest: Franka's "ready" pose.
inline ArmSpec panda_spec() {
  ArmSpec s;
  s.name = "panda";
  s.color = glm::vec3(0.85f, 0.86f, 0.88f);
  s.base_radius = 0.1f;
  s.joints = {
      {"Joint1", {0, 0, 0.15}, {0, 0, 1}, -166, 166, 0, 0.075f},
      {"Joint2", {0, 0, 0.333}, {0, 1, 0}, -101, 101, -45, 0.07f},
      {"Joint3", {0, 0, 0.649}, {0, 0, 1}, -166, 166, 0, 0.065f},
      {"Joint4", {0.0825, 0, 0.649}, {0, -1, 0}, -176, -4, -135, 0.06f},
      {"Joint5", {0, 0, 0.75}, {0, 0, 1}, -166, 166, 0, 0.055f},
      {"Joint6", {0, 0, 1.033}, {0, -1, 0}, -1, 215, 90, 0.05f},
      {"Joint7", {0.088, 0, 1.033}, {0, 0, -1}, -166, 166, 45, 0.045f},
  };
  s.flange_point = {0.088, 0, 0.926};
  return s;
}

// After the Universal Robots UR5 (its standard Denavit-Hartenberg table: d1 = 0.089159,
// a2 = -0.425, a3 = -0.39225, d4 = 0.10915, d5 = 0.09465, d6 = 0.0823; every joint
// +-360 degrees). In the zero configuration the arm lies stretched along -x at the
// shoulder's height. Rest: shoulder raised, elbow bent, wrist turned down.
inline ArmSpec ur5_spec() {
  ArmSpec s;
  s.name = "ur5";
  s.color = glm::vec3(0.25f, 0.55f, 0.85f);
  s.base_radius = 0.075f;
  s.joints = {
      {"Joint1", {0, 0, 0.045}, {0, 0, 1}, -360, 360, 30, 0.06f},
      {"Joint2", {0, 0, 0.089159}, {0, -1, 0}, -360, 360, -60, 0.06f},
      {"Joint3", {-0.425, 0, 0.089159}, {0, -1, 0}, -360, 360, 80, 0.05f},
      {"Joint4", {-0.81725, 0, 0.089159}, {0, -1, 0}, -360, 360, -110, 0.04f},
      {"Joint5", {-0.81725, -0.10915, 0.089159}, {0, 0, -1}, -360, 360, -90, 0.04f},
      {"Joint6", {-0.81725, -0.10915, -0.005491}, {0, -1, 0}, -360, 360, 20, 0.035f},
  };
  s.flange_point = {-0.81725, -0.19145, -0.005491};
  return s;
}

// Rotation by `angle` radians about the unit `axis` through `point`, as a 4x4 matrix.
inline glm::dmat4 screw_motion(const glm::dvec3& point, const glm::dvec3& axis, double angle) {
  // Rodrigues: R = I + sin(a) K + (1 - cos(a)) K^2, K the cross-product matrix of axis.
  const double c = std::cos(angle), s = std::sin(angle), t = 1.0 - c;
  const double x = axis.x, y = axis.y, z = axis.z;
  glm::dmat3 r;  // column-major: r[col][row]
  r[0] = {t * x * x + c, t * x * y + s * z, t * x * z - s * y};
  r[1] = {t * x * y - s * z, t * y * y + c, t * y * z + s * x};
  r[2] = {t * x * z + s * y, t * y * z - s * x, t * z * z + c};
  glm::dmat4 m(r);
  // Turning about a line through `point`: p -> R (p - point) + point.
  m[3] = glm::dvec4(point - r * point, 1.0);
  return m;
}

// Forward kinematics of the spec (product of exponentials): the model-space motion of the
// last link from the zero configuration to joint angles `angles_rad` (from zero, one per
// joint): exp(1) * exp(2) * ... * exp(n), each about its zero-configuration axis.
inline glm::dmat4 spec_motion(const ArmSpec& spec, const std::vector<double>& angles_rad) {
  glm::dmat4 m(1.0);
  for (size_t i = 0; i < spec.joints.size(); ++i) {
    const ArmJointSpec& j = spec.joints[i];
    m = m * screw_motion(to_model(j.point), to_model(j.axis), angles_rad[i]);
  }
  return m;
}

}  // namespace rigs
