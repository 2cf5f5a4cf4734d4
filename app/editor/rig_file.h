// Opening a rig file of any kind the program reads: glTF (.gltf, .glb) or BVH motion capture
// (.bvh: the mocap skeleton with its clip, io/bvh/bvh_import.h). The one place that picks the
// importer by the file's name, for the program, sessions and --analyse alike.
#pragma once

#include <string>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"

namespace app {

// The kinds, as the Open dialog and the messages name them.
inline constexpr const char* kRigFileKinds = ".gltf, .glb, .bvh";

// Loads `path` with the importer its extension names (.bvh: `bvh`'s units and up axis; any
// other name: glTF). On failure returns false, leaves `rig` untouched and sets `error` to the
// importer's one line.
bool import_rig_file(const std::string& path, const ik::BvhOptions& bvh, ik::ImportedRig& rig, std::string& error);

// The exports write the rig's own glTF file back with the pose or motion in it: false with
// `error` set (one line naming the file) for a rig that came from a BVH file.
bool exportable_rig(const ik::ImportedRig& rig, std::string& error);

}  // namespace app
