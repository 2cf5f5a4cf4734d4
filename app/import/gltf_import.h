// glTF 2.0 import: .gltf (external or base64-embedded buffers) and .glb -> ImportedRig.
//
// Needs no window: tests, benchmarks and batch tools use it directly.
//
// Which nodes become joints: the union of the joints of every skin in the file; each
// joint's parent is its nearest ancestor node that is also a joint. Non-joint
// ancestors (an "Armature" or "Z_UP" node) are folded into the root joints' rest
// transforms, so forward kinematics of the skeleton gives the glTF world positions.
// A file with no skin: every node of the hierarchy is a joint.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "solvers/skeleton.h"

namespace ik {

struct ImportedRig {
  std::string path;                 // the file it came from
  Skeleton skeleton;                // built, validated, DFS order, tips added
  glm::vec3 bounds_min{0.0f};       // rest-pose joint positions' bounding box, model space
  glm::vec3 bounds_max{0.0f};
  int skin_count = 0;
  std::vector<std::string> warnings;  // non-fatal problems (e.g. an undecodable required extension)
};

// Loads a .gltf or .glb file. On failure returns false, leaves `out` untouched and sets
// `error` to one line: "<path>: <problem>".
bool import_gltf_file(const std::string& path, ImportedRig& out, std::string& error);

// The same from bytes in memory (fuzzing, tests). `name` is used in messages and to pick
// the container by extension (".glb", else JSON, or binary if the data starts with
// "glTF"); external buffers are looked up relative to `base_dir`.
bool import_gltf_memory(const unsigned char* data, std::size_t size, const std::string& name,
                        const std::string& base_dir, ImportedRig& out, std::string& error);

}  // namespace ik
