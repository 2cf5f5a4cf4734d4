// Skinned meshes out of a loaded glTF model (the importer's step after the skeleton).
//
// Every node with both a `mesh` and a `skin` gives one SkinnedMesh (skinned_mesh.h): its
// primitives drawn as TRIANGLES merged into one vertex and index list, the skin's joints
// mapped to skeleton joints (through Skeleton::source_node) and its inverse bind matrices.
//
// Read: POSITION and NORMAL (VEC3 float; smooth normals are computed where the file has
// none or a broken one), JOINTS_n (VEC4 unsigned byte or short) and WEIGHTS_n (VEC4 float,
// or normalised unsigned byte or short) for every n the file has (the four largest
// influences of a vertex are kept and renormalised), indices of any of the three index
// types or none, honouring each bufferView's byteStride and each accessor's byteOffset.
// Ignored: texture coordinates, materials, morph targets (the base shape is drawn).
//
// Nothing here stops the skeleton from loading: every index, count, type and byte range
// is checked before it is used, and a primitive (or a whole mesh, if its skin is broken)
// that fails a check is skipped with a one-line warning naming the node, the primitive and
// the problem. So is a primitive whose mode is not TRIANGLES.
#pragma once

#include <tiny_gltf.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/gltf/skinned_mesh.h"
#include "solvers/anim/skeleton.h"

namespace ik {

// Caps on what one file may make the importer allocate for its meshes (a small file can
// reuse one large accessor in many primitives or nodes). Past them, meshes are skipped.
constexpr std::size_t kMaxSkinnedVertices = std::size_t{1} << 22;  // 4 Mi, all meshes
constexpr std::size_t kMaxSkinnedIndices = std::size_t{3} << 22;   // 12 Mi, all meshes
// Skin joint indices are 16-bit (glm::u16vec4 in SkinnedMesh::joints).
constexpr std::size_t kMaxSkinJoints = 65536;

// The document without what only meshes use: meshes, accessors and animations go, and so
// do the nodes' `mesh`, the skins' `inverseBindMatrices` and the bufferViews' `byteStride`;
// buffers, bufferViews and images stay (a missing .bin is still an error). tinygltf
// refuses a whole file for one broken accessor or primitive ("accessor[3] invalid
// bufferView"); the importer then loads this instead, so only the meshes are lost.
std::string json_without_meshes(const nlohmann::json& doc);

// `skeleton` is the skeleton built from the same model. Appends nothing to `meshes` for a
// file without skinned meshes; problems go to `warnings` (one line each, no path).
void skinned_meshes_from_model(const tinygltf::Model& model, const Skeleton& skeleton,
                               std::vector<SkinnedMesh>& meshes,
                               std::vector<std::string>& warnings);

}  // namespace ik
