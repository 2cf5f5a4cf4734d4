// The 7-axis arm, after the KUKA LBR iiwa 14 R820: 0.36 m from the floor to joint 2,
// 0.42 m from joint 2 to joint 4, 0.40 m from joint 4 to joint 6, 0.126 m from joint 6 to
// the flange, ranges of +-170/120/170/120/170/120/175 degrees; joint axes alternate
// between the link's own axis (roll joints 1, 3, 5, 7) and a perpendicular (pitch
// joints 2, 4, 6). The roll joints sit part-way along their links.
//
// Every joint sits on its parent's +Y axis (the link axis) at the link length, and its
// rest rotation is its rest angle about its own hinge axis; so the hinge axis is the
// same vector in the joint's rest frame as in its unrotated frame, and a hinge angle of
// 0 in the extras means "as at rest". The rest angles bend the arm forward, elbow up,
// flange pointing forward and down — far from the stretched (singular) pose. Roll joints
// lie on their link's axis by design, as on the real arm.
#include <string>

#include "assets/generator/rigs.h"

namespace rigs {
namespace {

constexpr float kDegPerRad = 57.29577951308232f;

struct ArmJoint {
  const char* name;
  float link_length;    // distance from the previous joint along its +Y, metres
  glm::vec3 axis;       // hinge axis in the joint's own rest frame
  float rest_deg;       // rest angle about `axis`, from the stretched upright pose
  float range_deg;      // the joint turns within [-range, +range] of the stretched pose
  float radius;         // preview mesh half-width
};

}  // namespace

Rig make_arm7() {
  const glm::vec3 roll(0.0f, 1.0f, 0.0f);   // along the link
  const glm::vec3 pitch(1.0f, 0.0f, 0.0f);  // across it: positive tips the link towards +Z
  const ArmJoint joints[] = {
      {"Joint1", 0.1575f, roll, 30.0f, 170.0f, 0.075f},
      {"Joint2", 0.2025f, pitch, 40.0f, 120.0f, 0.07f},
      {"Joint3", 0.2045f, roll, 10.0f, 170.0f, 0.065f},
      {"Joint4", 0.2155f, pitch, 60.0f, 120.0f, 0.06f},
      {"Joint5", 0.1845f, roll, -15.0f, 170.0f, 0.055f},
      {"Joint6", 0.2155f, pitch, 50.0f, 120.0f, 0.05f},
      {"Joint7", 0.0810f, roll, 20.0f, 175.0f, 0.045f},
  };
  const float flange_length = 0.045f;  // joint 7 to the flange face

  Rig rig;
  rig.name = "arm7";
  rig.color = glm::vec3(0.95f, 0.45f, 0.08f);
  // The base is bolted down: a ball joint with a zero range.
  int parent = add_joint(rig, "Base", -1, ik::Transform{}, 0.11f, ball_limits({0, 0, 0}, {0, 0, 0}));
  for (const ArmJoint& a : joints) {
    ik::Transform rest;
    rest.translation = glm::vec3(0.0f, a.link_length, 0.0f);
    rest.rotation = glm::angleAxis(a.rest_deg / kDegPerRad, a.axis);
    // The extras hold angles relative to rest: [-range - rest, range - rest].
    const RigLimits limits = hinge_limits(a.axis, -a.range_deg - a.rest_deg, a.range_deg - a.rest_deg);
    parent = add_joint(rig, a.name, parent, rest, a.radius, limits);
  }
  ik::Transform flange;
  flange.translation = glm::vec3(0.0f, flange_length, 0.0f);
  add_joint(rig, "Flange_end", parent, flange, 0.04f);
  quantize(rig);
  check(rig);
  return rig;
}

}  // namespace rigs
