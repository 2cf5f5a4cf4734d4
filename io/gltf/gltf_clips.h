// A glTF file's animations as Clips (solvers/anim/clip.h), the importer's step after the
// skeleton.
//
// Each animation is one clip, named by its `name` (or "animation N"). Each channel whose
// target node is a joint of the skeleton and whose path is translation, rotation or scale
// becomes a ClipChannel, with its sampler's interpolation (STEP, LINEAR, CUBICSPLINE),
// input times (SCALAR float) and output values (VEC3 float; rotations VEC4 float or
// normalised byte / short, as glTF allows).
//
// Skipped with one note per clip (not errors): channels on nodes that are not joints
// (meshes, cameras, the "Armature" above the root), morph-target weights, and channels
// without a target node.
//
// A broken clip never stops the skeleton from loading: an out-of-range sampler, node or
// accessor, times not strictly increasing, a value count that does not match the keys
// (three per key for CUBICSPLINE), a NaN or infinite key, a zero rotation, an unknown
// interpolation or path drops that clip with one warning naming the clip and the channel
// ("clip 'Walk', channel 3 (node 5 rotation): times are not increasing (...); clip
// skipped"); the other clips load.
#pragma once

#include <tiny_gltf.h>

#include <string>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"

namespace ik {

// Caps on what one file may make the importer allocate for its clips (a small file can
// reuse one large accessor in many channels). Past them, the remaining clips are skipped.
constexpr std::size_t kMaxClipKeys = std::size_t{1} << 24;  // 16 Mi keys, all clips

// Appends the model's clips to `clips`, problems to `warnings` (one line each, no path).
// `skeleton` was built from the same model (joints found through Skeleton::source_node).
void clips_from_model(const tinygltf::Model& model, const Skeleton& skeleton, std::vector<Clip>& clips,
                      std::vector<std::string>& warnings);

}  // namespace ik
