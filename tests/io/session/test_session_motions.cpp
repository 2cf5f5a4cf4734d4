// The session's "motions" section (io/session/session_motions.h): imported clips' sources
// saved relative to the session's folder and loaded back absolute, with their clip names,
// BVH units, fingers and mapping edits; an older session has none; each bad entry fails the load with one message
// naming the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "io/session/session.h"
#include "tests/io/session/session_test_util.h"

namespace {

using OrderedJson = nlohmann::ordered_json;
using session_test::humanoid;
using session_test::humanoid_path;

const auto* const kMotionsFolder =
    ::testing::AddGlobalTestEnvironment(new session_test::CleanFolder("session_motions"));

ik::Session with_motions() {
  ik::Session s;
  s.rig_path = humanoid_path();
  ik::SessionMotion walk;
  walk.source = std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_01.bvh";
  walk.clip = "131_01";
  s.motions.push_back(walk);
  ik::SessionMotion hop = walk;
  hop.source = std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_03.bvh";
  hop.clip = "hop";
  hop.source_clip = "131_03";
  hop.bvh.units = ik::BvhUnits::cmu;
  hop.bvh.z_up = true;
  hop.options.fingers = false;
  hop.options.edits = {{"LeftHand", "lhand"}, {"RightHand", ""}};
  s.motions.push_back(hop);
  ik::SessionMotion scaled = walk;
  scaled.clip = "walk at 5 cm";
  scaled.bvh.metres_per_unit = 0.05f;
  s.motions.push_back(scaled);
  return s;
}

std::string save_motions(const ik::Session& session, const std::string& name) {
  const std::string path = session_test::session_dir() + "/" + name;
  std::string error;
  EXPECT_TRUE(ik::save_session(path, humanoid(), session, error)) << error;
  return path;
}

}  // namespace

TEST(SessionMotions, SavedRelativeAndLoadedExactly) {
  const ik::Session saved = with_motions();
  const std::string path = save_motions(saved, "motions.json");
  std::ifstream in(path);
  const OrderedJson doc = OrderedJson::parse(in);
  // Written against the session's folder, as the rig's path is.
  EXPECT_EQ(doc["motions"][0]["source"].get<std::string>().rfind("../", 0), 0u) << doc["motions"][0]["source"];
  EXPECT_EQ(doc["motions"][1]["bvh_units"], "cmu");
  EXPECT_EQ(doc["motions"][2]["bvh_units"], "0.0500000007");
  ik::Session loaded;
  std::string error;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error)) << error;
  ASSERT_EQ(loaded.motions.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const ik::SessionMotion &a = saved.motions[i], &b = loaded.motions[i];
    EXPECT_TRUE(std::filesystem::equivalent(a.source, b.source)) << b.source;
    EXPECT_EQ(a.clip, b.clip);
    EXPECT_EQ(a.source_clip, b.source_clip);
    EXPECT_EQ(a.bvh.units, b.bvh.units);
    EXPECT_EQ(a.bvh.z_up, b.bvh.z_up);
    EXPECT_FLOAT_EQ(a.bvh.metres_per_unit, b.bvh.metres_per_unit);
    EXPECT_TRUE(a.options == b.options) << i;
  }
  // Written only where they are not the defaults.
  EXPECT_FALSE(doc["motions"][0].contains("fingers"));
  EXPECT_FALSE(doc["motions"][0].contains("mapping"));
  EXPECT_EQ(doc["motions"][1]["fingers"], false);
  EXPECT_EQ(doc["motions"][1]["mapping"][1]["follows"], "");
}

TEST(SessionMotions, AnOlderSessionHasNone) {
  ik::Session plain;
  plain.rig_path = humanoid_path();
  const std::string path = save_motions(plain, "plain.json");
  std::ifstream in(path);
  EXPECT_FALSE(OrderedJson::parse(in).contains("motions"));
  ik::Session loaded;
  std::string error;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error)) << error;
  EXPECT_TRUE(loaded.motions.empty());
}

TEST(SessionMotions, EachBadEntryIsOneMessageNamingTheKey) {
  const std::string good = save_motions(with_motions(), "good.json");
  std::ifstream in(good);
  const OrderedJson doc = OrderedJson::parse(in);
  const std::vector<session_test::BadEdit> cases = {
      {"empty_source", [](OrderedJson& d) { d["motions"][0]["source"] = ""; }, "motions[0].source: must not be empty"},
      {"no_clip", [](OrderedJson& d) { d["motions"][1].erase("clip"); }, "motions[1]"},
      {"clip_twice", [](OrderedJson& d) { d["motions"][1]["clip"] = "131_01"; },
       "motions[1].clip: clip '131_01' is listed twice"},
      {"unknown_units", [](OrderedJson& d) { d["motions"][0]["bvh_units"] = "furlongs"; },
       "motions[0].bvh_units: unknown BVH units 'furlongs'"},
      {"z_up_not_bool", [](OrderedJson& d) { d["motions"][1]["z_up"] = "yes"; }, "motions[1].z_up"},
      {"fingers_not_bool", [](OrderedJson& d) { d["motions"][1]["fingers"] = 1; }, "motions[1].fingers"},
      {"mapping_not_array", [](OrderedJson& d) { d["motions"][1]["mapping"] = "LeftHand"; },
       "motions[1].mapping: must be an array"},
      {"edit_empty_joint", [](OrderedJson& d) { d["motions"][1]["mapping"][0]["joint"] = ""; },
       "motions[1].mapping[0].joint: must not be empty"},
      {"edit_no_follows", [](OrderedJson& d) { d["motions"][1]["mapping"][1].erase("follows"); },
       "motions[1].mapping[1]: missing 'follows'"},
      {"not_an_array",
       [](OrderedJson& d) {
         d["motions"] = {{"source", "a.bvh"}};
       },
       "motions: must be an array"},
  };
  session_test::expect_each_edit_fails(doc, cases);
}
