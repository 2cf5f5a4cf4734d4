#include "assets/generator/placed_joints.h"

#include <cmath>
#include <stdexcept>

namespace rigs {
namespace {

constexpr float kDegPerRad = 57.29577951308232f;

// The angle between the bone into `joint` and the bone out of it, degrees: 0 = straight.
float bend_deg(const glm::vec3& parent, const glm::vec3& joint, const glm::vec3& child) {
  const glm::vec3 in = glm::normalize(joint - parent);
  const glm::vec3 out = glm::normalize(child - joint);
  return std::acos(glm::clamp(glm::dot(in, out), -1.0f, 1.0f)) * kDegPerRad;
}

}  // namespace

int place(std::vector<PlacedJoint>& joints, const std::string& name, int parent, const glm::vec3& position,
          float radius, const RigLimits& limits, float full_flexion_deg) {
  PlacedJoint j;
  j.name = name;
  j.parent = parent;
  j.position = position;
  j.radius = radius;
  j.limits = limits;
  j.full_flexion_deg = full_flexion_deg;
  joints.push_back(j);
  return static_cast<int>(joints.size()) - 1;
}

Rig make_frames(const std::string& name, const std::vector<PlacedJoint>& placed) {
  const size_t n = placed.size();
  std::vector<int> first_child(n, -1);
  for (size_t i = n; i-- > 0;)
    if (placed[i].parent >= 0) first_child[static_cast<size_t>(placed[i].parent)] = static_cast<int>(i);

  Rig rig;
  rig.name = name;
  std::vector<glm::quat> model_rotation(n);
  for (size_t i = 0; i < n; ++i) {
    const PlacedJoint& j = placed[i];
    const glm::vec3 parent_position = j.parent >= 0 ? placed[static_cast<size_t>(j.parent)].position : glm::vec3(0.0f);
    const glm::quat parent_rotation =
        j.parent >= 0 ? model_rotation[static_cast<size_t>(j.parent)] : glm::quat(1, 0, 0, 0);

    RigLimits limits = j.limits;
    if (first_child[i] < 0) {
      model_rotation[i] = parent_rotation;
    } else {
      const glm::vec3 child = placed[static_cast<size_t>(first_child[i])].position;
      const glm::vec3 y = glm::normalize(child - j.position);
      glm::vec3 hint(1.0f, 0.0f, 0.0f);
      if (j.full_flexion_deg > 0.0f) {
        if (j.parent < 0) throw std::runtime_error(name + ": hinge '" + j.name + "' has no parent");
        hint = glm::cross(glm::normalize(j.position - parent_position), y);
        if (glm::length(hint) < 1e-3f) throw std::runtime_error(name + ": hinge '" + j.name + "' is straight at rest");
        // Relative to rest: straighten to 5 degrees short of straight (a straight
        // limb is a singular pose for the solvers), bend up to full flexion.
        const float bend = bend_deg(parent_position, j.position, child);
        limits = hinge_limits(glm::vec3(1.0f, 0.0f, 0.0f), -(bend - 5.0f), j.full_flexion_deg - bend);
      } else if (std::fabs(glm::dot(hint, y)) > 0.8f) {
        hint = glm::vec3(0.0f, 1.0f, 0.0f);
      }
      const glm::vec3 x = glm::normalize(hint - y * glm::dot(hint, y));
      const glm::vec3 z = glm::cross(x, y);
      model_rotation[i] = glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
    }

    ik::Transform rest;
    const glm::quat to_parent = glm::conjugate(parent_rotation);
    rest.rotation = glm::normalize(to_parent * model_rotation[i]);
    rest.translation = to_parent * (j.position - parent_position);
    add_joint(rig, j.name, j.parent, rest, j.radius, limits);
  }
  return rig;
}

}  // namespace rigs
