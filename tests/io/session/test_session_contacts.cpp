// The session's "contacts" section (io/session/session_contacts.h) and its "ground": settings,
// edited plants and the ground saved and loaded exactly (a mesh ground as its file, relative
// to the session); older sessions without them load;
// each bad entry (reversed, overlapping or out-of-order plants, a joint or clip listed
// twice, a setting out of range, a ground that is none or a file that is missing) fails the load with one message
// naming the file and the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/gltf/gltf_ground.h"
#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "tests/io/session/session_test_util.h"
#include "tests/support/gltf_test_util.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using session_test::humanoid;
using session_test::humanoid_path;

const auto* const kContactsFolder =
    ::testing::AddGlobalTestEnvironment(new session_test::CleanFolder("session_contacts"));

ik::Session with_contacts() {
  ik::Session s;
  s.rig_path = humanoid_path();
  s.has_contacts = true;
  s.contacts.settings.height = 0.07f;
  s.contacts.settings.speed = 0.8f;
  s.contacts.settings.min_plant = 0.2f;
  s.contacts.settings.max_gap = 0.05f;
  ik::SessionClipContacts clip;
  clip.clip = "walk";
  clip.feet.push_back({ik::find_joint(humanoid(), "LeftFoot"), {{0.0f, 0.4f}, {0.9f, 1.3f}}});
  clip.feet.push_back({ik::find_joint(humanoid(), "RightFoot"), {{0.45f, 0.85f}}});
  s.contacts.clips.push_back(clip);
  clip.clip = "run";
  clip.feet = {{ik::find_joint(humanoid(), "LeftFoot"), {}}};
  s.contacts.clips.push_back(clip);
  s.has_ground = true;
  s.ground = {ik::GroundKind::stairs, 0.2f};
  return s;
}

std::string save(const ik::Session& session, const std::string& name) {
  const std::string path = session_test::session_dir() + "/" + name;
  std::string error;
  EXPECT_TRUE(ik::save_session(path, humanoid(), session, error)) << error;
  return path;
}

TEST(SessionContacts, SavedAndLoadedExactly) {
  const ik::Session saved = with_contacts();
  const std::string path = save(saved, "contacts.json");
  ik::Session loaded;
  std::string error;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error)) << error;
  ASSERT_TRUE(loaded.has_contacts);
  EXPECT_EQ(loaded.contacts.settings.height, 0.07f);
  EXPECT_EQ(loaded.contacts.settings.speed, 0.8f);
  EXPECT_EQ(loaded.contacts.settings.min_plant, 0.2f);
  EXPECT_EQ(loaded.contacts.settings.max_gap, 0.05f);
  ASSERT_EQ(loaded.contacts.clips.size(), 2u);
  EXPECT_TRUE(loaded.has_ground);
  EXPECT_EQ(loaded.ground.kind, ik::GroundKind::stairs);
  EXPECT_EQ(loaded.ground.value, 0.2f);
  for (size_t c = 0; c < 2; ++c) {
    EXPECT_EQ(loaded.contacts.clips[c].clip, saved.contacts.clips[c].clip);
    EXPECT_TRUE(ik::same_contacts(loaded.contacts.clips[c].feet, saved.contacts.clips[c].feet));
  }
}

// A ground read from a glTF mesh: written relative to the session, read again from beside it.
TEST(SessionContacts, AMeshGroundIsItsFileBesideTheSession) {
  const std::string ground_path = session_test::session_dir() + "/ramp-ground.gltf";
  gltf_test::write_text(ground_path, gltf_test::ramp_ground_gltf(""));
  ik::Session s = with_contacts();
  std::string error;
  ASSERT_TRUE(ik::read_ground_file(ground_path, s.ground, error)) << error;
  const std::string path = save(s, "mesh_ground.json");
  std::ifstream in(path);
  const Json doc = Json::parse(in);
  EXPECT_EQ(doc["ground"], "ramp-ground.gltf");
  ik::Session loaded;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error)) << error;
  EXPECT_EQ(loaded.ground.kind, ik::GroundKind::mesh);
  EXPECT_EQ(loaded.ground.source, ground_path);
  EXPECT_NEAR(ik::ground_height(loaded.ground, 0.0f, 0.5f), ik::ground_height(s.ground, 0.0f, 0.5f), 1e-6f);
}

TEST(SessionContacts, AnOlderSessionHasNone) {
  ik::Session s = with_contacts();
  s.has_contacts = false;
  const std::string path = save(s, "no_contacts.json");
  ik::Session loaded;
  std::string error;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error)) << error;
  EXPECT_FALSE(loaded.has_contacts);
  EXPECT_TRUE(loaded.contacts.clips.empty());
}

TEST(SessionContacts, EachBadEntryIsOneMessageNamingTheKey) {
  // Read from beside the session: the message names where it looked.
  const std::string missing_ground = "ground: " + session_test::session_dir() + "/grounds/none.glb: ";
  const std::string good = save(with_contacts(), "good.json");
  std::ifstream in(good);
  const Json doc = Json::parse(in);
  const std::vector<session_test::BadEdit> cases = {
      {"reversed",
       [](Json& d) {
         d["contacts"]["clips"][0]["feet"][0]["plants"][1] = {1.3, 0.9};
       },
       "contacts.clips[0].feet[0].plants[1]: ends (0.9 s) before it starts (1.3 s)"},
      {"overlapping",
       [](Json& d) {
         d["contacts"]["clips"][0]["feet"][0]["plants"][1] = {0.3, 1.0};
       },
       "contacts.clips[0].feet[0].plants[1]: starts at 0.3 s, not after the plant before it ends (0.4 s)"},
      {"not_a_pair", [](Json& d) { d["contacts"]["clips"][0]["feet"][1]["plants"][0] = {0.45}; },
       "contacts.clips[0].feet[1].plants[0]"},
      {"not_finite_time",
       [](Json& d) {
         d["contacts"]["clips"][0]["feet"][1]["plants"][0] = {0.1, 2e9};
       },
       "contacts.clips[0].feet[1].plants[0][1]: must be within ±1e9"},
      {"foot_twice",
       [](Json& d) { d["contacts"]["clips"][0]["feet"][1]["joint"] = d["contacts"]["clips"][0]["feet"][0]["joint"]; },
       "contacts.clips[0].feet[1].joint: joint"},
      {"clip_twice", [](Json& d) { d["contacts"]["clips"][1]["clip"] = "walk"; },
       "contacts.clips[1].clip: clip 'walk' is listed twice"},
      {"unknown_joint",
       [](Json& d) {
         d["contacts"]["clips"][0]["feet"][0]["joint"] = {{"index", 999}, {"name", "Paw"}};
       },
       "contacts.clips[0].feet[0].joint"},
      {"height_out_of_range", [](Json& d) { d["contacts"]["settings"]["height"] = 3.0; },
       "contacts.settings.height: must be from 0 to 1, not 3"},
      {"speed_negative", [](Json& d) { d["contacts"]["settings"]["speed"] = -1.0; },
       "contacts.settings.speed: must be from 0 to 10, not -1"},
      {"section_not_an_object", [](Json& d) { d["contacts"] = 4; }, "contacts: must be an object"},
      {"ground_unknown", [](Json& d) { d["ground"] = "hill:3"; },
       "ground: hill:3: not a ground (plane, ramp:DEGREES, stairs:HEIGHT[:DEPTH], waves:HEIGHT or a .gltf/.glb file)"},
      {"ground_file_missing", [](Json& d) { d["ground"] = "grounds/none.glb"; }, missing_ground.c_str()},
      {"ground_too_steep", [](Json& d) { d["ground"] = "ramp:80"; },
       "ground: ramp:80: the slope must be from -60 to 60"},
  };
  session_test::expect_each_edit_fails(doc, cases);
}

}  // namespace
