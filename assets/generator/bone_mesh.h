// The preview mesh of a rig: one tapered box per bone, rigidly skinned to the joint the
// bone leaves from, so a glTF viewer shows a body that follows the skeleton.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "assets/generator/rig.h"

namespace rigs {

struct SkinnedMesh {
  // Per vertex, model space (= bind space: the mesh node has no transform).
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;                      // unit length
  std::vector<std::array<std::uint16_t, 4>> joints;    // skin joint indices = rig joint indices
  std::vector<glm::vec4> weights;                      // (1, 0, 0, 0): one joint per vertex
  std::vector<std::uint32_t> indices;                  // triangles, counter-clockwise from outside
};

// A box from every joint to each of its children (bones shorter than 1 mm are skipped),
// `radius` of the parent wide at the parent, `radius` of the child wide at the child.
// `world` holds the rig's model-space rest matrices (world_rest_matrices).
SkinnedMesh make_bone_mesh(const Rig& rig, const std::vector<glm::mat4>& world);

}  // namespace rigs
