#include "assets/generator/rig.h"

#include <cmath>
#include <set>
#include <stdexcept>

namespace rigs {
namespace {

// Rounds to a multiple of `step` in double precision, so the decimal written by the
// JSON writer is short ("0.44", not "0.4399999976158142").
float round_to(float value, double step) {
  const double rounded = std::round(static_cast<double>(value) / step) * step;
  return static_cast<float>(rounded + 0.0);  // + 0.0 turns -0.0 into 0.0 ("-0.0" reads oddly)
}

glm::vec3 round_to(const glm::vec3& v, double step) {
  return {round_to(v.x, step), round_to(v.y, step), round_to(v.z, step)};
}

}  // namespace

RigLimits hinge_limits(const glm::vec3& axis, float min_deg, float max_deg) {
  RigLimits l;
  l.kind = RigLimits::Kind::hinge;
  l.hinge_axis = glm::normalize(axis);
  l.min_deg = min_deg;
  l.max_deg = max_deg;
  return l;
}

RigLimits ball_limits(const glm::vec3& min_deg, const glm::vec3& max_deg) {
  RigLimits l;
  l.kind = RigLimits::Kind::ball;
  l.ball_min_deg = min_deg;
  l.ball_max_deg = max_deg;
  return l;
}

int add_joint(Rig& rig, const std::string& name, int parent, const ik::Transform& rest, float radius,
              const RigLimits& limits) {
  RigJoint j;
  j.name = name;
  j.parent = parent;
  j.rest = rest;
  j.radius = radius;
  j.limits = limits;
  rig.joints.push_back(j);
  return static_cast<int>(rig.joints.size()) - 1;
}

std::vector<glm::mat4> world_rest_matrices(const Rig& rig) {
  std::vector<glm::mat4> world(rig.joints.size());
  for (size_t i = 0; i < rig.joints.size(); ++i) {
    const RigJoint& j = rig.joints[i];
    // Readers normalise the quaternion; do the same so the bind matrices agree.
    ik::Transform t = j.rest;
    t.rotation = glm::normalize(t.rotation);
    const glm::mat4 local = ik::to_matrix(t);
    world[i] = j.parent < 0 ? local : world[static_cast<size_t>(j.parent)] * local;
  }
  return world;
}

void quantize(Rig& rig) {
  for (RigJoint& j : rig.joints) {
    j.rest.translation = round_to(j.rest.translation, 1e-6);
    // A quaternion and its negation are the same rotation: keep w >= 0 so files
    // read the same way whichever sign the maths produced.
    glm::quat q = glm::normalize(j.rest.rotation);
    if (q.w < 0.0f) q = -q;
    j.rest.rotation = glm::quat(round_to(q.w, 1e-7), round_to(q.x, 1e-7), round_to(q.y, 1e-7),
                                round_to(q.z, 1e-7));
    j.rest.scale = glm::vec3(1.0f);
    j.radius = round_to(j.radius, 1e-4);
    RigLimits& l = j.limits;
    l.hinge_axis = round_to(l.hinge_axis, 1e-6);
    l.min_deg = round_to(l.min_deg, 0.1);
    l.max_deg = round_to(l.max_deg, 0.1);
    l.ball_min_deg = round_to(l.ball_min_deg, 0.1);
    l.ball_max_deg = round_to(l.ball_max_deg, 0.1);
  }
}

void check(const Rig& rig) {
  std::set<std::string> names;
  for (size_t i = 0; i < rig.joints.size(); ++i) {
    const RigJoint& j = rig.joints[i];
    if (j.parent >= static_cast<int>(i) || j.parent < -1)
      throw std::runtime_error(rig.name + ": joint '" + j.name + "' does not come after its parent");
    if (!names.insert(j.name).second)
      throw std::runtime_error(rig.name + ": joint name '" + j.name + "' is used twice");
    if (j.limits.kind == RigLimits::Kind::hinge && j.limits.min_deg > j.limits.max_deg)
      throw std::runtime_error(rig.name + ": joint '" + j.name + "' has min_deg > max_deg");
  }
}

}  // namespace rigs
