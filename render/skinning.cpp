#include "render/skinning.h"

#include <cstddef>

namespace render {

bool skinning_matrices(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& world,
                       std::vector<glm::mat4>& out) {
  out.clear();
  const std::size_t n = mesh.skeleton_joint.size();
  if (mesh.inverse_bind.size() != n) return false;
  for (const int joint : mesh.skeleton_joint)
    if (joint < 0 || static_cast<std::size_t>(joint) >= world.size()) return false;
  out.resize(n);
  for (std::size_t k = 0; k < n; ++k)
    out[k] = world[static_cast<std::size_t>(mesh.skeleton_joint[k])] * mesh.inverse_bind[k];
  return true;
}

void skin_vertices(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& matrices,
                   std::vector<glm::vec3>& positions, std::vector<glm::vec3>* normals) {
  const std::size_t n = mesh.positions.size();
  positions.resize(n);
  if (normals != nullptr) normals->resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    // Blending the matrices, then applying the blend once, equals blending the four
    // transformed points (the map is linear in the matrix); it is what the shader does.
    glm::mat4 blended(0.0f);
    for (int i = 0; i < 4; ++i) blended += mesh.weights[v][i] * matrices[mesh.joints[v][i]];
    positions[v] = glm::vec3(blended * glm::vec4(mesh.positions[v], 1.0f));
    if (normals != nullptr) {
      const glm::vec3 normal = glm::mat3(blended) * mesh.normals[v];
      const float length = glm::length(normal);
      (*normals)[v] = length > 0.0f ? normal / length : mesh.normals[v];
    }
  }
}

bool skinned_bounds(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& world,
                    glm::vec3& box_min, glm::vec3& box_max) {
  std::vector<glm::mat4> matrices;
  if (mesh.positions.empty() || !skinning_matrices(mesh, world, matrices)) return false;
  std::vector<glm::vec3> positions;
  skin_vertices(mesh, matrices, positions);
  box_min = box_max = positions[0];
  for (const glm::vec3& p : positions) {
    box_min = glm::min(box_min, p);
    box_max = glm::max(box_max, p);
  }
  return true;
}

}  // namespace render
