// The session's "full_body" section (io/session/session_full_body.h): full-body settings saved and
// loaded exactly, written always, older sessions get the defaults, and a bad value is one
// warning naming its key while everything else loads.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "io/session/session_full_body.h"
#include "tests/io/session/session_test_util.h"
#include "tests/support/gltf_test_util.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string full_body_folder() {
  const std::string dir = std::string(IKSCOPE_TEST_TMP) + "/session_full_body";
  fs::create_directories(dir);
  return dir;
}

using session_test::humanoid;
using session_test::humanoid_path;

// One chain, so a test can see that the rest of the session loads.
ik::Session arm_session() {
  ik::Session s;
  s.rig_path = humanoid_path();
  ik::Chain arm;
  arm.root = ik::find_joint(humanoid(), "LeftUpperArm");
  arm.effector = ik::find_joint(humanoid(), "LeftHand");
  arm.goal.position = {0.4f, 1.1f, 0.2f};
  s.chains.push_back(arm);
  return s;
}

// Every role's stiffness and the hips' off their defaults, each role a different value.
ik::FullBodySettings tuned() {
  ik::FullBodySettings s;
  for (int r = 0; r < ik::kRoleSlots; ++r)
    s.role_stiffness[static_cast<size_t>(r)] = 0.5f + 0.37f * static_cast<float>(r);
  s.root_translation_stiffness = 12.5f;
  s.balance = false;
  return s;
}

std::string save_full_body(const ik::Session& session, const std::string& name) {
  const std::string path = full_body_folder() + "/" + name;
  std::string error;
  EXPECT_TRUE(ik::save_session(path, humanoid(), session, error)) << error;
  return path;
}

Json read_json(const std::string& path) {
  const std::vector<unsigned char> bytes = gltf_test::read_bytes(path);
  return Json::parse(std::string(bytes.begin(), bytes.end()));
}

// Loads `doc` written to `name`; the load must succeed.
ik::Session load(const Json& doc, const std::string& name, std::vector<std::string>& warnings) {
  const std::string path = full_body_folder() + "/" + name;
  gltf_test::write_text(path, doc.dump(2));
  ik::Session session;
  std::string error;
  EXPECT_TRUE(ik::load_session(path, humanoid(), session, error, &warnings)) << error;
  return session;
}

TEST(SessionFullBody, SettingsRoundTripExactly) {
  ik::Session saved = arm_session();
  saved.full_body = tuned();
  const std::string path = save_full_body(saved, "tuned.json");
  ik::Session loaded;
  std::string error;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_TRUE(loaded.has_full_body);
  EXPECT_EQ(loaded.full_body.role_stiffness, saved.full_body.role_stiffness);
  EXPECT_EQ(loaded.full_body.root_translation_stiffness, 12.5f);
  // Under the keys the header documents, every role by name.
  const Json doc = read_json(path);
  EXPECT_EQ(doc["full_body"]["hips_translation_stiffness"], 12.5);
  EXPECT_EQ(doc["full_body"]["role_stiffness"].size(), static_cast<size_t>(ik::kRoleSlots));
  EXPECT_EQ(doc["full_body"]["role_stiffness"]["hand"].get<float>(),
            saved.full_body.role_stiffness[static_cast<size_t>(ik::Role::hand)]);
}

// Whatever the settings are, each one is written, read back and compared: a setting added
// to for_each_full_body_setting is saved, loaded and undone without more code.
TEST(SessionFullBody, EverySettingIsWrittenReadAndCompared) {
  int settings = 0;
  ik::for_each_full_body_setting([&](const char* key, auto member, auto... range) {
    ++settings;
    ik::FullBodySettings changed;
    auto& value = changed.*member;
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>, bool>) {
      value = !value;
    } else if constexpr (std::is_same_v<std::decay_t<decltype(value)>, float>) {
      const ik::SettingRange r{range...};
      value = value == r.max ? r.min : r.max;
    } else {  // a table per role
      const ik::SettingRange r{range...};
      value.back() = value.back() == r.max ? r.min : r.max;
    }
    EXPECT_FALSE(ik::same_full_body_settings(changed, ik::FullBodySettings{})) << key;
    const Json section = ik::full_body_settings_json(changed);
    EXPECT_TRUE(section.contains(key)) << key;
    ik::JsonReader reader("settings");
    EXPECT_TRUE(
        ik::same_full_body_settings(ik::read_full_body_settings(ik::JsonValue(section, "full_body", reader)), changed))
        << key;
    EXPECT_TRUE(reader.warnings().empty()) << key;
  });
  EXPECT_GE(settings, 2);
}

TEST(SessionFullBody, SessionsWithoutTheSectionGetTheDefaults) {
  ik::Session saved = arm_session();
  saved.full_body = tuned();
  Json doc = read_json(save_full_body(saved, "older.json"));
  doc.erase("full_body");
  std::vector<std::string> warnings;
  const ik::Session loaded = load(doc, "older_edited.json", warnings);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_FALSE(loaded.has_full_body);
  EXPECT_TRUE(ik::same_full_body_settings(loaded.full_body, ik::FullBodySettings{}));
  EXPECT_EQ(loaded.full_body.role_stiffness[static_cast<size_t>(ik::Role::spine)], 4.0f);  // role_stiffness()
  ASSERT_EQ(loaded.chains.size(), 1u);
}

// Each bad value: one warning naming its key, its default kept; the other settings and the
// rest of the session load. (Warnings in the file's order: roles as the writer lists them.)
TEST(SessionFullBody, ABadValueIsOneWarningAndNothingElseIsLost) {
  ik::Session saved = arm_session();
  saved.full_body = tuned();
  Json doc = read_json(save_full_body(saved, "bad.json"));
  Json& section = doc["full_body"];
  section["role_stiffness"]["hand"] = "stiff";
  section["role_stiffness"]["spine"] = 1000;
  section["role_stiffness"]["wing"] = 2;
  section["hips_translation_stiffness"] = 0;
  section["balance"] = "yes";
  section["colour"] = "red";
  std::vector<std::string> warnings;
  const ik::Session loaded = load(doc, "bad_edited.json", warnings);
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "full_body.colour: unknown, ignored",
                          "full_body.role_stiffness.spine: must be from 0.1 to 100, not 1000; the default 4 is kept",
                          "full_body.role_stiffness.hand: must be a number, not a string; the default 1 is kept",
                          "full_body.role_stiffness.wing: unknown role, ignored",
                          "full_body.hips_translation_stiffness: must be from 0.1 to 100, not 0; the default 4 is "
                          "kept",
                          "full_body.balance: must be true or false, not a string; the default true is kept"}));
  const ik::FullBodySettings defaults;
  const ik::FullBodySettings want = tuned();
  for (int r = 0; r < ik::kRoleSlots; ++r) {
    const bool bad = r == static_cast<int>(ik::Role::hand) || r == static_cast<int>(ik::Role::spine);
    EXPECT_EQ(loaded.full_body.role_stiffness[static_cast<size_t>(r)],
              (bad ? defaults : want).role_stiffness[static_cast<size_t>(r)])
        << ik::role_name(static_cast<ik::Role>(r));
  }
  EXPECT_EQ(loaded.full_body.root_translation_stiffness, defaults.root_translation_stiffness);
  EXPECT_EQ(loaded.full_body.balance, defaults.balance);
  ASSERT_EQ(loaded.chains.size(), 1u);
  EXPECT_EQ(loaded.chains[0].goal.position, saved.chains[0].goal.position);
}

TEST(SessionFullBody, ASectionOfTheWrongTypeLoadsTheRest) {
  for (const Json& wrong : {Json::array({1, 2}), Json("stiff"), Json(nullptr)}) {
    Json doc = read_json(save_full_body(arm_session(), "wrong_type.json"));
    doc["full_body"] = wrong;
    std::vector<std::string> warnings;
    const ik::Session loaded = load(doc, "wrong_type_edited.json", warnings);
    ASSERT_EQ(warnings.size(), 1u) << wrong.dump();
    EXPECT_EQ(warnings[0].rfind("full_body: must be an object, not ", 0), 0u) << warnings[0];
    EXPECT_TRUE(ik::same_full_body_settings(loaded.full_body, ik::FullBodySettings{}));
    EXPECT_EQ(loaded.chains.size(), 1u);
  }
  Json doc = read_json(save_full_body(arm_session(), "roles_array.json"));
  doc["full_body"]["role_stiffness"] = Json::array({1, 2});
  std::vector<std::string> warnings;
  load(doc, "roles_array_edited.json", warnings);
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "full_body.role_stiffness: must be an object, not an array of 2; the defaults are kept"}));
}

// The solver's per-joint stiffness comes from each joint's role.
TEST(SessionFullBody, JointStiffnessFollowsTheRoles) {
  std::vector<ik::JointRole> roles(3);
  roles[1].role = ik::Role::spine;
  roles[2].role = ik::Role::hand;
  const ik::FullBodySettings settings = tuned();
  std::vector<float> stiffness;
  ik::fill_joint_stiffness(settings, roles, 4, stiffness);
  ASSERT_EQ(stiffness.size(), 4u);
  EXPECT_EQ(stiffness[0], settings.role_stiffness[0]);  // no role
  EXPECT_EQ(stiffness[1], settings.role_stiffness[static_cast<size_t>(ik::Role::spine)]);
  EXPECT_EQ(stiffness[2], settings.role_stiffness[static_cast<size_t>(ik::Role::hand)]);
  EXPECT_EQ(stiffness[3], settings.role_stiffness[0]);  // past the roles: none
}

}  // namespace
