#include "io/gltf/gltf_motion_export.h"

#include <cmath>
#include <cstring>
#include <glm/gtc/quaternion.hpp>

#include "io/gltf/gltf_document.h"
#include "io/gltf/gltf_export.h"
#include "io/gltf/gltf_joint_nodes.h"
#include "solvers/anim/clip_playback.h"

namespace ik {
using Json = nlohmann::ordered_json;  // the name io/json/json_read.h gives it

namespace {

// Values a glTF float accessor holds; a key differs from rest when any differs by more.
constexpr float kUnmoved = 1e-6f;

bool differs(const glm::vec4& a, const glm::vec4& b) {
  return glm::any(glm::greaterThan(glm::abs(a - b), glm::vec4(kUnmoved)));
}

glm::vec4 rotation_xyzw(const glm::quat& q) { return {q.x, q.y, q.z, q.w}; }

// One property of one joint's node over every frame: the values its sampler keys.
struct Track {
  int node = -1;
  const char* path = "";  // "translation", "rotation", "scale"
  int components = 3;
  std::vector<glm::vec4> values;
};

// The buffer the clip's keys go in, built as accessors are added.
struct KeyBuffer {
  std::string bytes;
  Json views = Json::array();
  Json accessors = Json::array();
  int first_view = 0;      // index the first new bufferView gets in the file
  int first_accessor = 0;  // likewise for accessors
  int buffer = 0;          // the new buffer's index

  // Appends `floats` (count * components) as one bufferView + accessor; returns the
  // accessor's index in the file.
  int add(const std::vector<float>& floats, int count, const char* type, bool with_bounds) {
    const size_t offset = bytes.size();
    bytes.append(reinterpret_cast<const char*>(floats.data()), floats.size() * sizeof(float));
    views.push_back({{"buffer", buffer}, {"byteOffset", offset}, {"byteLength", floats.size() * sizeof(float)}});
    Json accessor = {{"bufferView", first_view + static_cast<int>(views.size()) - 1},
                     {"componentType", 5126},
                     {"count", count},
                     {"type", type}};
    if (with_bounds) {  // an animation input: min and max are required
      accessor["min"] = {floats.front()};
      accessor["max"] = {floats.back()};
    }
    accessors.push_back(accessor);
    return first_accessor + static_cast<int>(accessors.size()) - 1;
  }
};

bool check_motion(const Skeleton& skeleton, const BakedMotion& motion, std::string& problem) {
  if (motion.name.empty()) {
    problem = "the clip needs a name";
    return false;
  }
  if (motion.frames.empty()) {
    problem = "the motion has no frames";
    return false;
  }
  if (!(motion.rate >= kMinFrameRate && motion.rate <= kMaxFrameRate) || !std::isfinite(motion.start) ||
      !(std::fabs(motion.start) <= kMaxClipTime)) {
    problem = "the frame rate must be 1 to 1000 per second and the start time finite";
    return false;
  }
  for (size_t f = 0; f < motion.frames.size(); ++f)
    if (!pose_fits(skeleton, motion.frames[f], problem)) {
      problem = "frame " + std::to_string(f) + ": " + problem;
      return false;
    }
  return true;
}

// Every node's property that the motion moves away from the node's rest value.
bool build_tracks(const Skeleton& skeleton, const JointNodes& nodes, const BakedMotion& motion,
                  std::vector<Track>& tracks, std::string& problem) {
  Track first_rotation;  // the first joint's, kept in case nothing moves
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int node = nodes.node_of_joint[static_cast<size_t>(j)];
    if (node < 0) continue;
    Transform rest;
    if (!node_transform(nodes, j, skeleton.rest[static_cast<size_t>(j)], rest)) rest = Transform{};
    Track t{node, "translation", 3, {}}, r{node, "rotation", 4, {}}, s{node, "scale", 3, {}};
    bool moved_t = false, moved_r = false, moved_s = false;
    for (size_t f = 0; f < motion.frames.size(); ++f) {
      Transform local;
      if (!node_transform(nodes, j, motion.frames[f].local[static_cast<size_t>(j)], local)) {
        problem = "frame " + std::to_string(f) + ": " + node_label(static_cast<size_t>(node)) + " ('" +
                  skeleton.name[static_cast<size_t>(j)] +
                  "'): its transform cannot be written as translation, rotation and scale";
        return false;
      }
      glm::quat q = glm::normalize(local.rotation);
      // Same hemisphere as the previous key (or as rest for the first), so LINEAR
      // interpolation between keys turns the short way.
      const glm::quat previous =
          r.values.empty() ? rest.rotation
                           : glm::quat(r.values.back().w, r.values.back().x, r.values.back().y, r.values.back().z);
      if (glm::dot(q, previous) < 0.0f) q = -q;
      t.values.push_back(glm::vec4(local.translation, 0.0f));
      r.values.push_back(rotation_xyzw(q));
      s.values.push_back(glm::vec4(local.scale, 0.0f));
      moved_t = moved_t || differs(t.values.back(), glm::vec4(rest.translation, 0.0f));
      // q and -q are one rotation.
      moved_r = moved_r || (differs(r.values.back(), rotation_xyzw(rest.rotation)) &&
                            differs(r.values.back(), -rotation_xyzw(rest.rotation)));
      moved_s = moved_s || differs(s.values.back(), glm::vec4(rest.scale, 0.0f));
    }
    if (moved_t) tracks.push_back(std::move(t));
    if (moved_r)
      tracks.push_back(std::move(r));
    else if (first_rotation.node < 0)
      first_rotation = std::move(r);
    if (moved_s) tracks.push_back(std::move(s));
  }
  // A still motion is still a clip, and a glTF animation needs a channel: the first
  // joint's rotation is keyed then.
  if (tracks.empty()) tracks.push_back(std::move(first_rotation));
  return true;
}

// Replaces the document's animations by one clip keying `tracks` at `times`.
void write_clip(GltfDocument& document, const std::string& name, const std::vector<float>& times,
                const std::vector<Track>& tracks) {
  Json& gltf = document.json;
  // The keys go at the end of buffer 0 when it has bytes (in a .glb that is the BIN chunk;
  // a second buffer would have to be a data URI, which validators warn about there), else
  // into a new buffer.
  KeyBuffer keys;
  const bool append = !document.buffers.empty() && document.buffers[0].has_value();
  keys.buffer = append ? 0 : static_cast<int>(document.buffers.size());
  if (append) {
    keys.bytes = std::move(*document.buffers[0]);
    keys.bytes.resize((keys.bytes.size() + 3) / 4 * 4, '\0');  // floats start 4-aligned
  }
  keys.first_view = gltf.contains("bufferViews") ? static_cast<int>(gltf["bufferViews"].size()) : 0;
  keys.first_accessor = gltf.contains("accessors") ? static_cast<int>(gltf["accessors"].size()) : 0;
  const int input = keys.add(times, static_cast<int>(times.size()), "SCALAR", true);
  Json samplers = Json::array(), channels = Json::array();
  for (const Track& track : tracks) {
    std::vector<float> floats;
    for (const glm::vec4& v : track.values)
      for (int c = 0; c < track.components; ++c) floats.push_back(v[c]);
    const int output =
        keys.add(floats, static_cast<int>(track.values.size()), track.components == 4 ? "VEC4" : "VEC3", false);
    channels.push_back({{"sampler", samplers.size()}, {"target", {{"node", track.node}, {"path", track.path}}}});
    samplers.push_back({{"input", input}, {"interpolation", "LINEAR"}, {"output", output}});
  }
  for (Json& view : keys.views) gltf["bufferViews"].push_back(std::move(view));
  for (Json& accessor : keys.accessors) gltf["accessors"].push_back(std::move(accessor));
  if (append) {
    gltf["buffers"][0]["byteLength"] = keys.bytes.size();
    document.buffers[0] = std::move(keys.bytes);
  } else {
    gltf["buffers"].push_back({{"byteLength", keys.bytes.size()}});
    document.buffers.push_back(std::move(keys.bytes));
  }
  gltf["animations"] = Json::array({{{"name", name}, {"channels", channels}, {"samplers", samplers}}});
}

}  // namespace

bool export_motion_gltf(const std::string& source_rig_path, const Skeleton& skeleton, const BakedMotion& motion,
                        const std::string& out_path, std::string& error) {
  if (!check_export_path(source_rig_path, out_path, error)) return false;
  std::string problem;
  if (!check_motion(skeleton, motion, problem)) {
    error = out_path + ": cannot export the motion: " + problem;
    return false;
  }
  GltfDocument document;
  if (!read_gltf_document(source_rig_path, document, error)) return false;
  JointNodes nodes;
  std::vector<Track> tracks;
  if (!map_joint_nodes(document.json, skeleton, nodes, problem) ||
      !build_tracks(skeleton, nodes, motion, tracks, problem) ||
      !pose_joint_nodes(document.json, skeleton, motion.frames.front(), problem)) {
    error = source_rig_path + ": " + problem;
    return false;
  }
  const float start = std::max(motion.start, 0.0f);
  std::vector<float> times(motion.frames.size());
  for (size_t f = 0; f < times.size(); ++f) times[f] = time_of_frame(static_cast<int>(f), start, motion.rate);
  write_clip(document, motion.name, times, tracks);
  return write_gltf_document(out_path, document, error);
}

}  // namespace ik
