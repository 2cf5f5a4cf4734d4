// Linear blend skinning maths, GL-free (part of ikscope_view): the skinning matrices the
// renderer uploads every frame, and a CPU reference of what shaders/skinned.vert does
// with them, for tests and for bounds.
//
// For a vertex v (bind space) with joints j0..j3 and weights w0..w3 (summing to 1):
//
//     skinned(v) = sum_i w_i * model_from_bind[j_i] * v                (model space)
//     model_from_bind[k] = world[mesh.skeleton_joint[k]] * mesh.inverse_bind[k]
//
// In the rest pose of a file whose rest pose is its bind pose, model_from_bind[k] is the
// same matrix for every k (the bind space's placement in the world, often the identity)
// and the mesh comes out undeformed.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "io/gltf/skinned_mesh.h"

namespace render {

// Fills `out` with one model_from_bind matrix per skin joint of `mesh`. `world` is the
// skeleton's model-space joint matrices (forward kinematics of the pose). Returns false,
// with `out` empty, if a skin joint's skeleton index is outside `world` (the mesh belongs
// to another skeleton).
bool skinning_matrices(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& world,
                       std::vector<glm::mat4>& out);

// The skinned vertices (model space), as the vertex shader computes them: positions by
// the blended matrix, normals by its upper 3x3 then renormalised (exact for rotations and
// uniform scale, which is what joints carry). `normals` may be null. `matrices` must come
// from skinning_matrices for this mesh.
void skin_vertices(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& matrices,
                   std::vector<glm::vec3>& positions, std::vector<glm::vec3>* normals = nullptr);

// The axis-aligned box around the skinned positions (model space); false if the mesh has no
// vertex or `world` does not fit it.
bool skinned_bounds(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& world,
                    glm::vec3& box_min, glm::vec3& box_max);

}  // namespace render
