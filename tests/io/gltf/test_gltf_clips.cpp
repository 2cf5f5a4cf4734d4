// The clip importer (io/gltf/gltf_clips.h) on the shared samples that carry clips and on clips
// written here, checked against values worked out independently of the importer: this
// file reads the glTF JSON and buffers itself, interpolates the keys itself (glm's mix and
// slerp), composes the node hierarchy itself, and compares world positions with forward
// kinematics of the pose ik::sample_clip gives.
//
// Index:
//   An independent reader  ClipDocument, read_document, floats, NodeTrs, rest_nodes, animated_nodes, node_worlds
//   The samples            CesiumMan, RiggedFigure and RiggedSimple against their files; CesiumMan's clip list
//   Clips written here     STEP and CUBICSPLINE keys; a broken channel skips its clip only (times not
//                          increasing, counts, node or sampler out of range, a NaN key, an unknown path, the
//                          wrong accessor type)
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <glm/gtc/type_ptr.hpp>
#include <nlohmann/json.hpp>

#include "solvers/anim/clip.h"
#include "tests/support/gltf_test_util.h"

namespace {

using Json = nlohmann::json;

// ---- An independent reader: the JSON, float accessors, node locals -------------------

struct ClipDocument {
  Json json;
  std::vector<std::vector<unsigned char>> buffers;
};

ClipDocument read_document(const std::string& gltf_path) {
  ClipDocument doc;
  std::ifstream in(gltf_path);
  doc.json = Json::parse(in);
  const std::string folder = gltf_path.substr(0, gltf_path.find_last_of('/') + 1);
  for (const Json& b : doc.json["buffers"]) doc.buffers.push_back(gltf_test::read_bytes(folder + b["uri"].get<std::string>()));
  return doc;
}

// Float accessor `index` as rows of `width` floats.
std::vector<std::vector<float>> floats(const ClipDocument& doc, int index) {
  const Json& a = doc.json["accessors"][static_cast<size_t>(index)];
  EXPECT_EQ(a["componentType"].get<int>(), 5126) << "the samples' keys are floats";
  const std::string type = a["type"];
  const int width = type == "SCALAR" ? 1 : type == "VEC3" ? 3 : 4;
  const Json& view = doc.json["bufferViews"][a["bufferView"].get<size_t>()];
  const size_t stride = view.value("byteStride", 0) != 0 ? view["byteStride"].get<size_t>() : 4 * static_cast<size_t>(width);
  const size_t offset = view.value("byteOffset", 0) + a.value("byteOffset", size_t{0});
  const std::vector<unsigned char>& bytes = doc.buffers[view["buffer"].get<size_t>()];
  std::vector<std::vector<float>> rows(a["count"].get<size_t>(), std::vector<float>(static_cast<size_t>(width)));
  for (size_t i = 0; i < rows.size(); ++i)
    for (int c = 0; c < width; ++c) std::memcpy(&rows[i][static_cast<size_t>(c)], &bytes[offset + i * stride + 4 * static_cast<size_t>(c)], 4);
  return rows;
}

struct NodeTrs {
  bool matrix = false;
  glm::mat4 m{1.0f};
  glm::vec3 t{0.0f}, s{1.0f};
  glm::quat r{1.0f, 0.0f, 0.0f, 0.0f};
  glm::mat4 local() const {
    if (matrix) return m;
    return glm::translate(glm::mat4(1.0f), t) * glm::mat4_cast(r) * glm::scale(glm::mat4(1.0f), s);
  }
};

std::vector<NodeTrs> rest_nodes(const ClipDocument& doc) {
  std::vector<NodeTrs> nodes;
  for (const Json& n : doc.json["nodes"]) {
    NodeTrs trs;
    if (n.contains("matrix")) {
      trs.matrix = true;
      std::vector<float> m = n["matrix"].get<std::vector<float>>();
      trs.m = glm::make_mat4(m.data());
    }
    if (n.contains("translation")) trs.t = glm::vec3(n["translation"][0], n["translation"][1], n["translation"][2]);
    if (n.contains("scale")) trs.s = glm::vec3(n["scale"][0], n["scale"][1], n["scale"][2]);
    if (n.contains("rotation")) trs.r = glm::quat(n["rotation"][3], n["rotation"][0], n["rotation"][1], n["rotation"][2]);
    nodes.push_back(trs);
  }
  return nodes;
}

// Animation `a` applied at `time` to the rest nodes: LINEAR by glm::mix / glm::slerp.
std::vector<NodeTrs> animated_nodes(const ClipDocument& doc, int a, float time) {
  std::vector<NodeTrs> nodes = rest_nodes(doc);
  const Json& animation = doc.json["animations"][static_cast<size_t>(a)];
  for (const Json& channel : animation["channels"]) {
    const Json& sampler = animation["samplers"][channel["sampler"].get<size_t>()];
    EXPECT_EQ(sampler.value("interpolation", std::string("LINEAR")), "LINEAR");
    const std::vector<std::vector<float>> t = floats(doc, sampler["input"]);
    const std::vector<std::vector<float>> v = floats(doc, sampler["output"]);
    size_t k = 0;
    float u = 0.0f;
    if (time <= t.front()[0]) {
      k = 0;
    } else if (time >= t.back()[0]) {
      k = t.size() - 1;
    } else {
      while (t[k + 1][0] <= time) ++k;
      u = (time - t[k][0]) / (t[k + 1][0] - t[k][0]);
    }
    const size_t k1 = std::min(k + 1, t.size() - 1);
    NodeTrs& node = nodes[channel["target"]["node"].get<size_t>()];
    const std::string path = channel["target"]["path"];
    if (path == "rotation") {
      const glm::quat q0(v[k][3], v[k][0], v[k][1], v[k][2]), q1(v[k1][3], v[k1][0], v[k1][1], v[k1][2]);
      node.r = glm::slerp(q0, q1, u);  // glm takes the shorter arc
    } else {
      const glm::vec3 a0(v[k][0], v[k][1], v[k][2]), a1(v[k1][0], v[k1][1], v[k1][2]);
      (path == "translation" ? node.t : node.s) = glm::mix(a0, a1, u);
    }
  }
  return nodes;
}

// World matrices of the nodes, parents first by recursion from the scene roots.
std::vector<glm::mat4> node_worlds(const ClipDocument& doc, const std::vector<NodeTrs>& nodes) {
  std::vector<glm::mat4> world(nodes.size(), glm::mat4(1.0f));
  std::vector<int> parent(nodes.size(), -1);
  for (size_t i = 0; i < nodes.size(); ++i)
    for (const Json& c : doc.json["nodes"][i].value("children", Json::array())) parent[c.get<size_t>()] = static_cast<int>(i);
  std::function<glm::mat4(size_t)> world_of = [&](size_t i) {
    return parent[i] < 0 ? nodes[i].local() : world_of(static_cast<size_t>(parent[i])) * nodes[i].local();
  };
  for (size_t i = 0; i < nodes.size(); ++i) world[i] = world_of(i);
  return world;
}

// ---- The samples --------------------------------------------------------------------

void expect_clip_matches_file(const std::string& relative) {
  SCOPED_TRACE(relative);
  const std::string path = gltf_test::sample_path(relative);
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  const ClipDocument doc = read_document(path);
  ASSERT_EQ(rig.clips.size(), doc.json["animations"].size());
  const float size = glm::length(rig.bounds_max - rig.bounds_min);
  for (size_t a = 0; a < rig.clips.size(); ++a) {
    const ik::Clip& clip = rig.clips[a];
    EXPECT_EQ(clip.channels.size(), doc.json["animations"][a]["channels"].size());
    // Key times, the start, between keys, the end, and past it.
    std::vector<float> times = {clip.start, clip.end, clip.end + 1.0f, clip.start - 1.0f};
    for (int i = 1; i < 12; ++i) times.push_back(clip.start + clip.duration() * (static_cast<float>(i) / 12.0f + 0.013f));
    const std::vector<std::vector<float>> keys = floats(doc, doc.json["animations"][a]["samplers"][0]["input"]);
    for (size_t k = 0; k < keys.size(); k += 7) times.push_back(keys[k][0]);
    for (const float time : times) {
      SCOPED_TRACE("t = " + std::to_string(time));
      ik::Pose pose = ik::rest_pose(rig.skeleton);
      ik::sample_clip(clip, time, pose);
      std::vector<glm::mat4> world;
      ik::fk_all(rig.skeleton, pose, world);
      const std::vector<glm::mat4> expected = node_worlds(doc, animated_nodes(doc, static_cast<int>(a), time));
      for (int j = 0; j < rig.skeleton.joint_count(); ++j) {
        const int node = rig.skeleton.source_node[static_cast<size_t>(j)];
        if (node < 0) continue;
        const glm::vec3 got = ik::position_of(world[static_cast<size_t>(j)]);
        const glm::vec3 want(expected[static_cast<size_t>(node)][3]);
        EXPECT_LT(glm::length(got - want), 1e-5f * size + 1e-6f) << rig.skeleton.name[static_cast<size_t>(j)];
      }
    }
  }
}

TEST(GltfClips, CesiumManWalkMatchesTheFile) { expect_clip_matches_file("CesiumMan/glTF/CesiumMan.gltf"); }
TEST(GltfClips, RiggedFigureMatchesTheFile) { expect_clip_matches_file("RiggedFigure/glTF/RiggedFigure.gltf"); }
TEST(GltfClips, RiggedSimpleMatchesTheFile) { expect_clip_matches_file("RiggedSimple/glTF/RiggedSimple.gltf"); }

TEST(GltfClips, SampleClipListAndRanges) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(gltf_test::sample_path("CesiumMan/glTF-Binary/CesiumMan.glb"), rig, error)) << error;
  ASSERT_EQ(rig.clips.size(), 1u);
  EXPECT_EQ(rig.clips[0].name, "animation 0");  // the file names none
  EXPECT_NEAR(rig.clips[0].start, 0.0416666f, 1e-6f);
  EXPECT_NEAR(rig.clips[0].end, 2.0f, 1e-6f);
  EXPECT_EQ(rig.clips[0].channels.size(), 57u);
  // The root joint hangs below Z_UP and Armature: its channels are composed with them.
  EXPECT_FALSE(rig.clips[0].frames.empty());
}

// ---- Clips written here: STEP, CUBICSPLINE, and broken ones -------------------------

// A two-joint rig (nodes 0 -> 1, a skin over both) plus one mesh-less node 2, with
// animations whose channels and samplers are given as JSON; `keys` is the BIN chunk
// (little-endian floats), addressed by accessors given as JSON too.
std::vector<unsigned char> rig_with_animations(const Json& animations, const Json& accessors, const Json& views,
                                               const std::vector<float>& keys) {
  std::vector<unsigned char> bin(keys.size() * 4);
  std::memcpy(bin.data(), keys.data(), bin.size());
  Json doc = {{"asset", {{"version", "2.0"}}},
              {"scene", 0},
              {"scenes", {{{"nodes", {0, 2}}}}},
              {"nodes",
               {{{"name", "hip"}, {"children", {1}}},
                {{"name", "knee"}, {"translation", {0.0, -1.0, 0.0}}},
                {{"name", "prop"}}}},
              {"skins", {{{"joints", {0, 1}}}}},
              {"buffers", {{{"byteLength", bin.size()}}}},
              {"bufferViews", views},
              {"accessors", accessors},
              {"animations", animations}};
  return gltf_test::make_glb(doc.dump(), bin);
}

ik::ImportedRig import_bytes(const std::vector<unsigned char>& glb, const std::string& name) {
  const std::string path = gltf_test::tmp_path(name);
  gltf_test::write_bytes(path, glb);
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  return rig;
}

// Times (0, 1, 2) at floats 0-2, translations at 3-11 (STEP) or 3-29 (CUBICSPLINE).
TEST(GltfClips, StepAndCubicSplineClipsWrittenHere) {
  std::vector<float> keys = {0, 1, 2, 0, 0, 0, 1, 0, 0, 2, 0, 0};
  // CUBICSPLINE: three keys x (in, value, out), values 0, 1, 4 along x, tangents 1 / 2 / 0.
  const std::vector<float> cubic = {0, 0, 0, 0, 0, 0, 1, 0, 0,  2, 0, 0, 1, 0, 0, 2, 0, 0,
                                    0, 0, 0, 4, 0, 0, 0, 0, 0};
  keys.insert(keys.end(), cubic.begin(), cubic.end());
  const Json views = {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", keys.size() * 4}}};
  const Json accessors = {
      {{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "SCALAR"}, {"min", {0.0}}, {"max", {2.0}}},
      {{"bufferView", 0}, {"byteOffset", 12}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}},
      {{"bufferView", 0}, {"byteOffset", 48}, {"componentType", 5126}, {"count", 9}, {"type", "VEC3"}}};
  const Json animation = {{"name", "moves"},
                          {"samplers",
                           {{{"input", 0}, {"output", 1}, {"interpolation", "STEP"}},
                            {{"input", 0}, {"output", 2}, {"interpolation", "CUBICSPLINE"}}}},
                          {"channels",
                           {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}},
                            {{"sampler", 1}, {"target", {{"node", 1}, {"path", "translation"}}}},
                            {{"sampler", 0}, {"target", {{"node", 2}, {"path", "translation"}}}}}}};
  const ik::ImportedRig rig = import_bytes(rig_with_animations(Json::array({animation}), accessors, views, keys), "clip_step_cubic.glb");
  ASSERT_EQ(rig.clips.size(), 1u);
  const ik::Clip& clip = rig.clips[0];
  EXPECT_EQ(clip.name, "moves");
  ASSERT_EQ(clip.channels.size(), 2u);  // the prop node is not a joint
  bool noted = false;
  for (const std::string& w : rig.warnings) noted = noted || w == "clip 'moves': 1 channel on nodes that are not joints skipped";
  EXPECT_TRUE(noted);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  const int hip = ik::find_joint(rig.skeleton, "hip"), knee = ik::find_joint(rig.skeleton, "knee");
  ik::sample_clip(clip, 1.5f, pose);
  EXPECT_EQ(pose.local[static_cast<size_t>(hip)].translation.x, 1.0f);  // STEP holds key 1
  // CUBICSPLINE between keys 1 and 2 at u = 0.5, dt = 1: p0 = 1, out0 = 2, p1 = 4, in1 = 0:
  // 0.5·1 + 0.125·2 + 0.5·4 + (-0.125)·0 = 2.75.
  EXPECT_NEAR(pose.local[static_cast<size_t>(knee)].translation.x, 2.75f, 1e-6f);
}

// One broken channel: the clip goes with one warning naming the clip and the channel
// (`channel`: the first one the problem shows in); the skeleton loads, and a good clip in
// the same file (keying the knee's scale from the same keys) stays.
void expect_broken_clip(const Json& bad_sampler, const Json& bad_channel, const std::vector<float>& keys,
                        Json accessors, int channel, const std::string& problem) {
  SCOPED_TRACE(problem);
  const Json views = {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", (keys.size() + 8) * 4}}};
  // The good clip's own keys and accessors, appended: times 0 and 1, then two scales.
  const size_t good = accessors.size();
  accessors.push_back({{"bufferView", 0}, {"byteOffset", 32}, {"componentType", 5126}, {"count", 2}, {"type", "SCALAR"}});
  accessors.push_back({{"bufferView", 0}, {"byteOffset", (keys.size() + 2) * 4}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}});
  const Json good_clip = {{"name", "good"},
                          {"samplers", {{{"input", good}, {"output", good + 1}}}},
                          {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "scale"}}}}}}};
  const Json broken_clip = {{"name", "broken"},
                            {"samplers", {bad_sampler}},
                            {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "scale"}}}}, bad_channel}}};
  std::vector<float> all_keys = keys;
  all_keys.insert(all_keys.end(), {0.0f, 1.0f, 1.0f, 1.0f, 1.0f, 2.0f, 2.0f, 2.0f});
  const ik::ImportedRig rig =
      import_bytes(rig_with_animations(Json::array({broken_clip, good_clip}), accessors, views, all_keys), "clip_broken.glb");
  ASSERT_EQ(rig.clips.size(), 1u) << "warnings: " << ::testing::PrintToString(rig.warnings);
  EXPECT_EQ(rig.clips[0].name, "good");
  const std::string start = "clip 'broken', channel " + std::to_string(channel) + " (";
  int found = 0;
  for (const std::string& w : rig.warnings)
    if (w.rfind(start, 0) == 0 && w.find(problem) != std::string::npos && w.find("clip skipped") != std::string::npos)
      ++found;
  EXPECT_EQ(found, 1) << "warnings: " << ::testing::PrintToString(rig.warnings);
  EXPECT_EQ(rig.skeleton.joint_count(), 3);  // hip, knee and the knee's added tip (the prop is no joint)
}

const Json kTimesAndScales = {
    {{"bufferView", 0}, {"componentType", 5126}, {"count", 2}, {"type", "SCALAR"}},
    {{"bufferView", 0}, {"byteOffset", 8}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}}};

TEST(GltfClips, TimesNotIncreasing) {
  expect_broken_clip({{"input", 0}, {"output", 1}},
                     {{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}},
                     {1, 0.5f, 1, 1, 1, 2, 2, 2}, kTimesAndScales, 0, "times are not increasing");
}

TEST(GltfClips, CountsDoNotMatch) {
  Json accessors = kTimesAndScales;
  accessors[1]["count"] = 1;
  expect_broken_clip({{"input", 0}, {"output", 1}, {"interpolation", "CUBICSPLINE"}},
                     {{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}},
                     {0, 1, 1, 1, 1, 2, 2, 2}, accessors, 0, "1 values for 2 keys (CUBICSPLINE needs 6)");
}

TEST(GltfClips, NodeOutOfRange) {
  expect_broken_clip({{"input", 0}, {"output", 1}}, {{"sampler", 0}, {"target", {{"node", 9}, {"path", "translation"}}}},
                     {0, 1, 1, 1, 1, 2, 2, 2}, kTimesAndScales, 1, "node 9 is out of range (the file has 3 nodes)");
}

TEST(GltfClips, NanKey) {
  expect_broken_clip({{"input", 0}, {"output", 1}},
                     {{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}},
                     {0, 1, 1, NAN, 1, 2, 2, 2}, kTimesAndScales, 0, "value 0 is not finite");
}

TEST(GltfClips, UnknownPath) {
  expect_broken_clip({{"input", 0}, {"output", 1}}, {{"sampler", 0}, {"target", {{"node", 0}, {"path", "colour"}}}},
                     {0, 1, 1, 1, 1, 2, 2, 2}, kTimesAndScales, 1, "unknown path 'colour'");
}

TEST(GltfClips, SamplerOutOfRange) {
  expect_broken_clip({{"input", 0}, {"output", 1}},
                     {{"sampler", 4}, {"target", {{"node", 0}, {"path", "translation"}}}},
                     {0, 1, 1, 1, 1, 2, 2, 2}, kTimesAndScales, 1, "sampler 4 is out of range");
}

TEST(GltfClips, WrongAccessorType) {
  expect_broken_clip({{"input", 0}, {"output", 0}},
                     {{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}},
                     {0, 1, 1, 1, 1, 2, 2, 2}, kTimesAndScales, 0, "output (values): accessor 0 is SCALAR, not VEC3");
}

}  // namespace
