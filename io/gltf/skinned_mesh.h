// A skinned mesh as the importer extracts it from a glTF file (io/gltf/gltf_mesh.h):
// plain arrays, ready to upload or to skin on the CPU. Header only (GLM and the standard
// library), so the renderer can read it without linking the importer.
//
// Spaces. Vertices are in the mesh's bind space: the space the file's inverse bind
// matrices map from. Skin joint k's skinning matrix
//
//     model_from_bind_k = world[skeleton_joint[k]] * inverse_bind[k]
//
// (world = forward kinematics of the current pose, model space) carries a vertex bound
// to k from bind space into the skeleton's model space, and a vertex is the weighted sum
// over its four joints (linear blend skinning). As the glTF spec says, the transform of
// the node that holds the mesh plays no part: the joints alone place the mesh. The
// skeleton's model space is glTF's world space (the importer folds non-joint ancestors
// into the root joints), which is the space the file's inverse bind matrices expect.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace ik {

struct SkinnedMesh {
  std::string name;  // the glTF mesh's name, else its node's, else "mesh N"
  int node = -1;     // the glTF node that holds the mesh and the skin
  int skin = -1;     // the glTF skin

  // Per vertex, bind space. Every primitive of the glTF mesh drawn as triangles is
  // merged in here (indices offset accordingly).
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;      // unit length (computed if the file has none)
  std::vector<glm::u16vec4> joints;    // skin joint indices: into skeleton_joint
  std::vector<glm::vec4> weights;      // non-negative, summing to 1
  std::vector<std::uint32_t> indices;  // triangles, three per triangle, counter-clockwise
                                       // seen from the front (glTF's winding)

  // Per skin joint k (the order of the glTF skin's `joints`).
  std::vector<int> skeleton_joint;      // index into the ik::Skeleton (DFS order)
  std::vector<glm::mat4> inverse_bind;  // bind space -> joint k's own frame at bind time;
                                        // identity if the file gives none

  int vertex_count() const { return static_cast<int>(positions.size()); }
  int triangle_count() const { return static_cast<int>(indices.size() / 3); }
};

}  // namespace ik
