// A glTF file's bytes loaded into tinygltf's model as the importer loads them (steps 2 to 4
// of io/gltf/gltf_import.cpp): a .glb's container checked, the JSON parsed and checked where
// tinygltf is lenient, buffers read through the importer's file hooks (no writes, image
// pixels skipped). For readers that want more of the file than the rig: the ground mesh
// (gltf_ground.h).
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ik {

// `name` is the file's name (its extension tells .glb), `base_dir` the folder its external
// buffers are read from ("" = none). False with `problem` (without the file's name) when
// the file cannot be loaded; tinygltf's notes and the checks' in `warnings`. tinygltf may
// throw on inputs it did not expect: callers catch.
bool load_gltf_model(const unsigned char* data, std::size_t size, const std::string& name, const std::string& base_dir,
                     tinygltf::Model& model, nlohmann::json& doc, std::vector<std::string>& warnings,
                     std::string& problem);

// A file's bytes as the importer reads them (a regular file, at most 4 GiB); false with
// `problem` (without the name), "out of memory" too where the bytes cannot be held.
bool read_gltf_bytes(const std::string& path, std::vector<unsigned char>& bytes, std::string& problem);

// "<name>: <problem>" on one line, whatever bytes either holds: the importers' one message.
std::string gltf_error_line(const std::string& name, const std::string& problem);

}  // namespace ik
