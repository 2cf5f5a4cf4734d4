// The tentacle: a base joint at the origin and 32 segments rising along +Y.
//
// Built joint by joint in local terms: each segment sits on its parent's +Y axis at the
// parent's bone length, and is turned by a small bend about its local +X (curling
// forward, towards +Z) and a small twist about its local +Y (so the bends do not all
// lie in one plane and the rest curve is a gentle spiral). The bend grows towards the
// tip, as a real tentacle curls more at its end; every joint is bent by at least
// 2 degrees, so no joint is colinear with its neighbours (the IK guide's warning).
#include <cmath>
#include <cstdio>

#include "assets/generator/rigs.h"

namespace rigs {
namespace {

constexpr float kDegPerRad = 57.29577951308232f;

glm::quat about(const glm::vec3& axis, float degrees) { return glm::angleAxis(degrees / kDegPerRad, axis); }

}  // namespace

Rig make_tentacle() {
  const int segments = 32;             // joints after the base
  const float first_length = 0.09f;    // base -> first segment, metres
  const float length_ratio = 0.96f;    // each bone is this much shorter than its parent
  const float first_radius = 0.06f;
  const float base_bend_deg = 2.0f;    // bend at the first segment ...
  const float extra_tip_bend_deg = 6.0f;  // ... growing quadratically by this much at the tip
  const float twist_deg = 3.0f;

  Rig rig;
  rig.name = "tentacle";
  rig.color = glm::vec3(0.55f, 0.30f, 0.65f);
  // Every segment may bend 40 degrees either way and twist a little.
  const RigLimits segment_limits = ball_limits({-40, -15, -40}, {40, 15, 40});

  int parent = add_joint(rig, "Base", -1, ik::Transform{}, first_radius * 1.2f);
  float bone_length = first_length;  // length of the bone from `parent` to the next joint
  float radius = first_radius;
  for (int i = 1; i <= segments + 1; ++i) {
    const bool end = i == segments + 1;
    char name[32];
    if (end)
      std::snprintf(name, sizeof name, "Tentacle_end");
    else
      std::snprintf(name, sizeof name, "Tentacle%02d", i);

    ik::Transform rest;
    rest.translation = glm::vec3(0.0f, bone_length, 0.0f);
    if (!end) {
      const float t = static_cast<float>(i - 1) / static_cast<float>(segments - 1);  // 0 .. 1
      const float bend = base_bend_deg + extra_tip_bend_deg * t * t;
      rest.rotation = about({0, 1, 0}, twist_deg) * about({1, 0, 0}, bend);
    }
    radius *= length_ratio;
    parent = add_joint(rig, name, parent, rest, radius, end ? RigLimits{} : segment_limits);
    bone_length *= length_ratio;
  }
  quantize(rig);
  check(rig);
  return rig;
}

}  // namespace rigs
