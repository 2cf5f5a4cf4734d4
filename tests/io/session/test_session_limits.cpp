// The session's "joint_limits" section (io/session/session_limits.h): the limits the user edited
// round-trip exactly through save and load; a bad entry is one warning naming the entry,
// the joint and the problem, and the other entries still load; the rest of the session
// loads whatever the section holds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "solvers/scene/solver_table.h"
#include "tests/io/session/session_test_util.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string folder() {
  const std::string f = std::string(IKSCOPE_TEST_TMP) + "/session_limits";
  fs::create_directories(f);
  return f;
}

using session_test::humanoid;
using session_test::humanoid_path;

ik::Session session_with(const std::vector<ik::SessionJointLimits>& limits) {
  ik::Session s;
  s.rig_path = humanoid_path();
  ik::Chain c;
  c.root = 0;
  c.effector = 3;
  c.solver = ik::find_solver("dls");
  s.chains.push_back(c);
  s.joint_limits = limits;
  return s;
}

std::vector<ik::SessionJointLimits> three_edits() {
  ik::SessionJointLimits hinge{5, {}};
  hinge.limits.enabled = true;
  hinge.limits.hinge = true;
  hinge.limits.hinge_axis = glm::normalize(glm::vec3(1.0f, 0.2f, 0.0f));
  hinge.limits.min = glm::vec3(-2.5f, 0.0f, 0.0f);
  hinge.limits.max = glm::vec3(0.125f, 0.0f, 0.0f);
  ik::SessionJointLimits cone{7, {}};
  cone.limits.enabled = true;
  cone.limits.cone = true;
  cone.limits.bone_axis = glm::vec3(0.0f, 1.0f, 0.0f);
  cone.limits.swing = glm::vec2(0.7f, 0.3f);
  cone.limits.twist_min = -0.4f;
  cone.limits.twist_max = 0.6f;
  cone.limits.cone_middle = glm::normalize(glm::quat(0.8f, 0.1f, -0.5f, 0.3f));  // centred off the rest
  ik::SessionJointLimits none{9, {}};  // limits turned off on purpose is an edit too
  return {hinge, cone, none};
}

void expect_same(const ik::JointLimits& a, const ik::JointLimits& b) {
  EXPECT_EQ(a.enabled, b.enabled);
  EXPECT_EQ(a.hinge, b.hinge);
  EXPECT_EQ(a.cone, b.cone);
  EXPECT_EQ(a.hinge_axis, b.hinge_axis);
  EXPECT_EQ(a.min, b.min);
  EXPECT_EQ(a.max, b.max);
  EXPECT_EQ(a.bone_axis, b.bone_axis);
  EXPECT_EQ(a.swing, b.swing);
  EXPECT_EQ(a.twist_min, b.twist_min);
  EXPECT_EQ(a.twist_max, b.twist_max);
  EXPECT_EQ(a.cone_middle, b.cone_middle);
}

TEST(SessionLimits, EditedLimitsRoundTripExactly) {
  const std::string path = folder() + "/round_trip.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), session_with(three_edits()), error)) << error;
  ik::Session loaded;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  const auto expected = three_edits();
  ASSERT_EQ(loaded.joint_limits.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(loaded.joint_limits[i].joint, expected[i].joint);
    expect_same(loaded.joint_limits[i].limits, expected[i].limits);
  }
}

// Each bad entry: one warning naming the entry and the joint with the problem; the good
// entries and the rest of the session load.
TEST(SessionLimits, BadEntriesAreOneWarningEachAndTheRestLoads) {
  const std::string good_path = folder() + "/good.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(good_path, humanoid(), session_with(three_edits()), error)) << error;
  Json doc = Json::parse(std::ifstream(good_path));
  Json& limits = doc["joint_limits"];
  const std::string cone_joint = humanoid().name[7];
  const std::string hinge_joint = humanoid().name[5];
  Json negative_swing = limits[1];
  negative_swing["swing"] = {-0.2, 0.3};
  Json wide_swing = limits[1];
  wide_swing["swing"] = {0.5, 3.5};
  Json min_above_max = limits[0];
  min_above_max["min"] = {0.5, 0, 0};
  Json zero_axis = limits[0];
  zero_axis["hinge_axis"] = {0, 0, 0};
  Json unknown_joint = limits[0];
  unknown_joint["joint"] = {{"index", 999}, {"name", "NoSuchBone"}};
  Json not_a_number = limits[1];
  not_a_number["twist"] = {"a", 0.1};
  Json bad_kind = limits[1];
  bad_kind["kind"] = "ball";
  Json zero_middle = limits[1];
  zero_middle["cone_middle"] = {0, 0, 0, 0};
  Json no_middle = limits[1];  // written before cones had a middle: centred on the rest
  no_middle.erase("cone_middle");
  limits.push_back(negative_swing);
  limits.push_back(wide_swing);
  limits.push_back(min_above_max);
  limits.push_back(zero_axis);
  limits.push_back(unknown_joint);
  limits.push_back(not_a_number);
  limits.push_back(bad_kind);
  limits.push_back(42);
  limits.push_back(zero_middle);
  limits.push_back(no_middle);
  const std::string bad_path = folder() + "/bad.json";
  std::ofstream(bad_path) << doc.dump(2);

  ik::Session loaded;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(bad_path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_EQ(loaded.chains.size(), 1u);        // the rest of the session is there
  ASSERT_EQ(loaded.joint_limits.size(), 4u);  // and the four good entries
  EXPECT_EQ(loaded.joint_limits[3].limits.cone_middle, glm::quat(1, 0, 0, 0));
  ASSERT_EQ(warnings.size(), 9u);
  // Each: the key, the problem, and what is lost (the joint's limits, or the entry).
  const std::string cone_lost = "; the limits of joint '" + cone_joint + "' are not loaded";
  const std::string hinge_lost = "; the limits of joint '" + hinge_joint + "' are not loaded";
  const std::string expected[] = {
      "joint_limits[3].swing[0]: must be from 0 to pi, not -0.2" + cone_lost,
      "joint_limits[4].swing[1]: must be from 0 to pi, not 3.5" + cone_lost,
      "joint_limits[5]: min[0] is greater than max[0]" + hinge_lost,
      "joint_limits[6].hinge_axis: must be a non-zero direction" + hinge_lost,
      "joint_limits[7].joint: the rig has no joint named 'NoSuchBone' (index 999 is out of range); the entry is "
      "skipped",
      "joint_limits[8].twist[0]: must be a number, not a string" + cone_lost,
      "joint_limits[9].kind: unknown kind 'ball' (known: none, hinge, per_axis, cone)" + cone_lost,
      "joint_limits[10]: must be an object, not the number 42; the entry is skipped",
      "joint_limits[11].cone_middle: must not be a zero quaternion" + cone_lost,
  };
  for (size_t i = 0; i < warnings.size(); ++i) EXPECT_EQ(warnings[i], expected[i]);
}

TEST(SessionLimits, ASectionThatIsNoArrayLoadsTheRest) {
  const std::string path = folder() + "/not_array.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), session_with({}), error)) << error;
  Json doc = Json::parse(std::ifstream(path));
  doc["joint_limits"] = "all of them";
  std::ofstream(path) << doc.dump(2);
  ik::Session loaded;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  EXPECT_EQ(loaded.chains.size(), 1u);
  EXPECT_TRUE(loaded.joint_limits.empty());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "joint_limits: must be an array, not a string; no edited limits are loaded");
}

// A joint found at another index (the rig was edited) is taken by its name, with a note.
TEST(SessionLimits, AJointMovedIsFoundByName) {
  const std::string path = folder() + "/moved.json";
  std::string error;
  ASSERT_TRUE(ik::save_session(path, humanoid(), session_with(three_edits()), error)) << error;
  Json doc = Json::parse(std::ifstream(path));
  doc["joint_limits"][0]["joint"]["index"] = 2;
  std::ofstream(path) << doc.dump(2);
  ik::Session loaded;
  std::vector<std::string> warnings;
  ASSERT_TRUE(ik::load_session(path, humanoid(), loaded, error, &warnings)) << error;
  ASSERT_EQ(loaded.joint_limits.size(), 3u);
  EXPECT_EQ(loaded.joint_limits[0].joint, 5);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "joint_limits[0].joint: found '" + humanoid().name[5] + "' by name as joint 5 (joint 2 is '" +
                             humanoid().name[2] + "' in this rig)");
}

}  // namespace
