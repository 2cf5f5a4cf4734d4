// Writes a Rig as one self-contained glTF 2.0 file: nodes in TRS form (one per joint, plus
// one for the skinned mesh), a skin listing every joint with its inverse bind matrix, the
// preview mesh, and the binary buffer embedded as a base64 data: URI. Joint limits go
// into each joint node's "extras" (schema in assets/README.md).
//
// The output is deterministic: the same rig gives the same bytes on every run.
#pragma once

#include <string>

#include "assets/generator/rig.h"

namespace rigs {

// The whole .gltf file as text (JSON, two-space indented, ending in a newline).
std::string gltf_text(const Rig& rig);

}  // namespace rigs
