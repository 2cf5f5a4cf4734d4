// Helpers shared by the glTF importer tests: temporary files, .glb assembly, world
// positions by forward kinematics, a glTF ground.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "io/gltf/base64.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/pose.h"

namespace gltf_test {

inline std::string tmp_path(const std::string& file_name) { return std::string(IKSCOPE_TEST_TMP) + "/" + file_name; }

inline std::string sample_path(const std::string& relative) {
  return std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/" + relative;
}

inline void write_bytes(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

inline void write_text(const std::string& path, const std::string& text) {
  write_bytes(path, std::vector<unsigned char>(text.begin(), text.end()));
}

inline std::vector<unsigned char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void put_u32(std::vector<unsigned char>& out, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) out.push_back(static_cast<unsigned char>((v >> (8 * k)) & 0xFFu));
}

inline void set_u32(std::vector<unsigned char>& bytes, size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) bytes[at + static_cast<size_t>(k)] = static_cast<unsigned char>((v >> (8 * k)) & 0xFFu);
}

// A well-formed .glb: header, JSON chunk padded with spaces, optional BIN chunk padded
// with zeros.
inline std::vector<unsigned char> make_glb(std::string json, std::vector<unsigned char> bin = {}) {
  while (json.size() % 4 != 0) json += ' ';
  while (bin.size() % 4 != 0) bin.push_back(0);
  std::vector<unsigned char> out;
  const size_t total = 12 + 8 + json.size() + (bin.empty() ? 0 : 8 + bin.size());
  put_u32(out, 0x46546C67u);  // "glTF"
  put_u32(out, 2);
  put_u32(out, static_cast<std::uint32_t>(total));
  put_u32(out, static_cast<std::uint32_t>(json.size()));
  put_u32(out, 0x4E4F534Au);  // "JSON"
  out.insert(out.end(), json.begin(), json.end());
  if (!bin.empty()) {
    put_u32(out, static_cast<std::uint32_t>(bin.size()));
    put_u32(out, 0x004E4942u);  // "BIN\0"
    out.insert(out.end(), bin.begin(), bin.end());
  }
  return out;
}

// World rest position of every joint that came from a glTF node, by node index.
inline std::map<int, glm::vec3> world_by_node(const ik::Skeleton& skeleton) {
  std::vector<glm::mat4> world;
  ik::fk_all(skeleton, ik::rest_pose(skeleton), world);
  std::map<int, glm::vec3> positions;
  for (int i = 0; i < skeleton.joint_count(); ++i)
    if (skeleton.source_node[static_cast<size_t>(i)] >= 0)
      positions[skeleton.source_node[static_cast<size_t>(i)]] = ik::position_of(world[static_cast<size_t>(i)]);
  return positions;
}

// Index of the joint made from glTF node `node`, or -1.
inline int joint_of_node(const ik::Skeleton& skeleton, int node) {
  for (int i = 0; i < skeleton.joint_count(); ++i)
    if (skeleton.source_node[static_cast<size_t>(i)] == node) return i;
  return -1;
}

// True if one of the rig's warnings contains `text`.
inline bool any_warning_contains(const ik::ImportedRig& rig, const std::string& text) {
  for (const std::string& w : rig.warnings)
    if (w.find(text) != std::string::npos) return true;
  return false;
}

// Every warning, one a line (for a failing assertion's message).
inline std::string all_warnings(const ik::ImportedRig& rig) {
  std::string text;
  for (const std::string& w : rig.warnings) text += w + "\n";
  return text;
}

// A glTF ground (io/gltf/gltf_ground.h) of one mesh: a 2 x 2 square at z in [-1, 1] rising 0.5 along +Z (positions and
// 16-bit indices in a base64 buffer), under a node with `node_extra` (e.g. a translation),
// drawn as `mode` (4: triangles).
inline std::string ramp_ground_gltf(const std::string& node_extra, int mode = 4, int last_index = 3) {
  const float p[] = {-1, 0, -1, 1, 0, -1, 1, 0.5f, 1, -1, 0.5f, 1};
  const std::uint16_t index[] = {0, 1, 2, 0, 2, static_cast<std::uint16_t>(last_index)};
  std::string bytes(sizeof p + sizeof index, '\0');
  std::memcpy(&bytes[0], p, sizeof p);
  std::memcpy(&bytes[sizeof p], index, sizeof index);
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
  "nodes":[{"mesh":0)" +
         node_extra + R"(}],
  "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1,"mode":)" +
         std::to_string(mode) + R"(}]}],
  "buffers":[{"byteLength":60,"uri":"data:application/octet-stream;base64,)" +
         ik::base64_encode(bytes) + R"("}],
  "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":12}],
  "accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[-1,0,-1],"max":[1,0.5,1]},
               {"bufferView":1,"componentType":5123,"count":6,"type":"SCALAR"}]})";
}

}  // namespace gltf_test
