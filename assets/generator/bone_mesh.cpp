#include "assets/generator/bone_mesh.h"

#include <cmath>

namespace rigs {
namespace {

// Appends one flat-shaded quad (two triangles, own vertices so the normal is the face's),
// wound counter-clockwise as seen from outside: `inside` is any point inside the box.
void add_quad(SkinnedMesh& mesh, const std::array<glm::vec3, 4>& corners, const glm::vec3& inside,
              std::uint16_t joint) {
  glm::vec3 normal = glm::normalize(glm::cross(corners[1] - corners[0], corners[2] - corners[0]));
  const glm::vec3 centre = 0.25f * (corners[0] + corners[1] + corners[2] + corners[3]);
  const bool flip = glm::dot(normal, centre - inside) < 0.0f;
  if (flip) normal = -normal;

  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  for (const glm::vec3& c : corners) {
    mesh.positions.push_back(c);
    mesh.normals.push_back(normal);
    mesh.joints.push_back({joint, 0, 0, 0});
    mesh.weights.push_back(glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
  }
  const std::uint32_t order[6] = {0, 1, 2, 0, 2, 3};
  const std::uint32_t flipped[6] = {0, 2, 1, 0, 3, 2};
  for (int k = 0; k < 6; ++k) mesh.indices.push_back(base + (flip ? flipped[k] : order[k]));
}

// A box whose cross-sections are squares perpendicular to start -> end: half-width
// `start_half` at start, `end_half` at end. `side_hint` orients the squares (it is made
// perpendicular to the bone). Planar faces: each side joins two parallel edges.
void add_tapered_box(SkinnedMesh& mesh, const glm::vec3& start, const glm::vec3& end, float start_half,
                     float end_half, const glm::vec3& side_hint, std::uint16_t joint) {
  const glm::vec3 along = glm::normalize(end - start);
  const glm::vec3 u = glm::normalize(side_hint - along * glm::dot(side_hint, along));
  const glm::vec3 v = glm::cross(along, u);
  // Corner k of a square: signs (+,+), (-,+), (-,-), (+,-) on (u, v), going round.
  const float su[4] = {1.0f, -1.0f, -1.0f, 1.0f};
  const float sv[4] = {1.0f, 1.0f, -1.0f, -1.0f};
  std::array<glm::vec3, 4> a, b;
  for (int k = 0; k < 4; ++k) {
    a[static_cast<size_t>(k)] = start + start_half * (su[k] * u + sv[k] * v);
    b[static_cast<size_t>(k)] = end + end_half * (su[k] * u + sv[k] * v);
  }
  const glm::vec3 inside = 0.5f * (start + end);
  add_quad(mesh, a, inside, joint);
  add_quad(mesh, b, inside, joint);
  for (size_t k = 0; k < 4; ++k) {
    const size_t next = (k + 1) % 4;
    add_quad(mesh, {a[k], a[next], b[next], b[k]}, inside, joint);
  }
}

}  // namespace

SkinnedMesh make_bone_mesh(const Rig& rig, const std::vector<glm::mat4>& world) {
  SkinnedMesh mesh;
  for (size_t c = 0; c < rig.joints.size(); ++c) {
    const int p = rig.joints[c].parent;
    if (p < 0) continue;
    const glm::mat4& owner = world[static_cast<size_t>(p)];
    const glm::vec3 start(owner[3]);
    const glm::vec3 end(world[c][3]);
    const glm::vec3 bone = end - start;
    if (glm::length(bone) < 1e-3f) continue;
    // Orient the squares by the owner's local X axis (model space), or its Z axis when
    // the bone runs along X (a pelvis or clavicle bone leaving sideways).
    const glm::vec3 dir = glm::normalize(bone);
    glm::vec3 hint = glm::normalize(glm::vec3(owner[0]));
    if (std::fabs(glm::dot(hint, dir)) > 0.7f) hint = glm::normalize(glm::vec3(owner[2]));
    add_tapered_box(mesh, start, end, rig.joints[static_cast<size_t>(p)].radius, rig.joints[c].radius, hint,
                    static_cast<std::uint16_t>(p));
  }
  return mesh;
}

}  // namespace rigs
