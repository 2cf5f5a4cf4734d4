// The JSON side of glTF import: parsing, and the checks tinygltf 2.7 does not make.
//
// tinygltf reads a property of the wrong type as if it were absent ("nodes": 5 gives
// no nodes, "translation": [1, "a", 3] gives no translation), truncates integers to
// int, and recurses without limit into nested `extras`. So before tinygltf sees a
// document, it is parsed here with nlohmann::json (which parses iteratively) and every
// property the skeleton depends on is checked for type and shape, as well as the
// buffer and bufferView ranges tinygltf would otherwise index out of bounds.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ik {

// Deepest nesting of arrays and objects accepted. glTF itself needs about 6 levels;
// the rest is room for `extras`. tinygltf converts extras recursively, so a deeper
// document could overflow the stack.
constexpr int kMaxJsonDepth = 64;

// Parses `text` (`size` bytes, not necessarily NUL-terminated). On failure returns false
// and sets `problem`: "invalid JSON at line L, column C: ..." or "JSON nesting is deeper
// than 64 levels".
bool parse_json_text(const char* text, std::size_t size, nlohmann::json& doc, std::string& problem);

// Checks the root, `asset`, and the type and shape of every property the importer or
// tinygltf's buffer handling relies on (see gltf_json_check.cpp for the list). Non-fatal
// oddities go to `warnings`. On failure returns false and sets `problem`, which names the
// object and the property: "node 2: 'translation' must be an array of 3 numbers, ...".
bool check_gltf_json(const nlohmann::json& doc, std::vector<std::string>& warnings,
                     std::string& problem);

// The names in `extensionsRequired` (check_gltf_json guarantees they are strings).
std::vector<std::string> required_extensions(const nlohmann::json& doc);

// The document reduced to what a skeleton needs: asset, scene, scenes, nodes, skins,
// extensionsUsed. Used when a required extension (Draco, meshopt, ...) would make
// tinygltf refuse data the skeleton does not need.
std::string skeleton_only_json(const nlohmann::json& doc);

}  // namespace ik
