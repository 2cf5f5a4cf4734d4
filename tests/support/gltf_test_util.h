// Helpers shared by the glTF importer tests: temporary files, .glb assembly, world
// positions by forward kinematics.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/anim/pose.h"

namespace gltf_test {

inline std::string tmp_path(const std::string& file_name) {
  return std::string(IKSCOPE_TEST_TMP) + "/" + file_name;
}

inline std::string sample_path(const std::string& relative) {
  return std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/" + relative;
}

inline void write_bytes(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

inline void write_text(const std::string& path, const std::string& text) {
  write_bytes(path, std::vector<unsigned char>(text.begin(), text.end()));
}

inline std::vector<unsigned char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in),
                                    std::istreambuf_iterator<char>());
}

inline void put_u32(std::vector<unsigned char>& out, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) out.push_back(static_cast<unsigned char>((v >> (8 * k)) & 0xFFu));
}

inline void set_u32(std::vector<unsigned char>& bytes, size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k)
    bytes[at + static_cast<size_t>(k)] = static_cast<unsigned char>((v >> (8 * k)) & 0xFFu);
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
      positions[skeleton.source_node[static_cast<size_t>(i)]] =
          ik::position_of(world[static_cast<size_t>(i)]);
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

}  // namespace gltf_test
