// A ground read from a glTF file (.gltf, .glb): the triangles of every mesh its scene places
// (the default scene, else the first, else every node), in model space with the nodes'
// transforms, as a mesh ground (solvers/anim/ground.h, ground_mesh.h) whose top surface the
// feet are cleaned up on. Primitives that are not triangles (lines, points, strips, fans)
// are left out; skins and morph targets are not applied (a ground is at rest).
#pragma once

#include <cstddef>
#include <string>

#include "solvers/anim/ground.h"

namespace ik {

// On failure returns false, leaves `out` alone and sets `error` to one line naming the file
// and the problem (unreadable, not glTF, a broken accessor, no triangles, too many).
bool read_ground_file(const std::string& path, Ground& out, std::string& error);

// The same from memory: `name` for messages and the extension, `base_dir` for external
// buffers ("" = none). `out.source` is `name`.
bool read_ground_memory(const unsigned char* data, std::size_t size, const std::string& name,
                        const std::string& base_dir, Ground& out, std::string& error);

// `spec` as the command line and sessions give a ground: a .gltf/.glb file (read, relative
// to the current folder) or one of parse_ground's words.
bool read_ground_spec(const std::string& spec, Ground& out, std::string& error);

}  // namespace ik
