// Export of the posed skeleton as glTF: the source file itself, with each posed joint's
// node given the pose's local transform, everything else (meshes, skins, materials,
// extensions, extras) kept as it was — except the source's animations, which are left
// out: every client that plays or applies a clip would show the clip on the posed nodes
// instead of the pose (Blender applies the first clip on import).
//
// Which node gets what, given how the importer built the skeleton (gltf_import.h):
//   * A joint's node is skeleton.source_node. Added tips (skeleton.is_added_tip) have no
//     node and are skipped.
//   * A joint whose transform in the pose equals its rest transform keeps its node
//     untouched (a `matrix` stays a matrix).
//   * A joint node with TRS whose parent node is its parent joint (or that is a scene
//     root): its rotation, and its translation / scale where the pose changed them, are
//     replaced by the pose's; unchanged ones keep the file's own numbers.
//   * The importer folds non-joint nodes into the joint below them ("Armature", "Z_UP"
//     above a root, or a plain node between two joints): the joint's rest transform is
//     B * L, with B the product of those nodes' transforms and L the node's own. The node
//     then gets L' = inverse(B) * P, P the pose's local transform, so the file's world
//     transform of the joint is what forward kinematics of the pose gives.
//   * A joint node that had a `matrix` gets TRS instead (the matrix is removed).
//
// Output, chosen by the extension of `out_path` (see gltf_document.h): .gltf with every
// buffer and image embedded as base64 data URIs, one self-contained file; or .glb with
// buffer 0 in the BIN chunk. Written atomically (temporary file and rename).
#pragma once

#include <string>

#include "solvers/anim/pose.h"

namespace ik {

// `skeleton` must be the one imported from `source_rig_path`, and `pose` a pose of it.
// Refuses to write over the source file. On failure returns false and sets `error` to
// one line naming the file: an output name not ending in .gltf/.glb, the source itself as
// output, an unreadable source, a skeleton that does not match the source's nodes, a pose
// of the wrong size or with a non-finite or zero-scale transform, a write error.
bool export_posed_gltf(const std::string& source_rig_path, const Skeleton& skeleton,
                       const Pose& pose, const std::string& out_path, std::string& error);

// The checks every export makes on its output name: it ends in .gltf or .glb and is not
// the source. False with `error` set ("<out_path>: ...") otherwise.
bool check_export_path(const std::string& source_rig_path, const std::string& out_path, std::string& error);

}  // namespace ik
