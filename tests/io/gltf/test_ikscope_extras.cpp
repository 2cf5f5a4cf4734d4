// Swing-twist cone limits read from node extras (extras.ikscope swing_deg / twist_deg /
// bone_axis, schema in io/gltf/ikscope_extras.h): parsed into JointLimits::cone, and every kind
// of bad input gives one warning naming the joint while that joint stays unlimited.
#include <gtest/gtest.h>

#include <cmath>

#include "io/gltf/gltf_import.h"
#include "tests/support/gltf_test_util.h"

namespace {

using gltf_test::any_warning_contains;

constexpr float kDeg = 3.14159265358979f / 180.0f;

bool load_extras_text(const std::string& file_name, const std::string& json, ik::ImportedRig& rig, std::string& error) {
  return ik::import_gltf_memory(reinterpret_cast<const unsigned char*>(json.data()), json.size(), file_name, "", rig,
                                error);
}

const ik::JointLimits& limits_of_node(const ik::ImportedRig& rig, int node) {
  return rig.skeleton.limits[static_cast<size_t>(gltf_test::joint_of_node(rig.skeleton, node))];
}

TEST(GltfConeExtras, ConesAreParsed) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "bone1", "children": [1], "extras": {"ikscope": {"swing_deg": 45, "twist_deg": [-30, 60]}}},
      {"name": "bone2", "translation": [0, 1, 0], "children": [2],
       "extras": {"ikscope": {"swing_deg": [20, 70], "bone_axis": [0, 0, 3], "cone_middle": [0, 0, 0.6, 0.8]}}},
      {"name": "bone3", "translation": [0, 1, 0], "children": [3], "extras": {"ikscope": {"twist_deg": [-5, 5]}}},
      {"name": "bone4", "translation": [0, 1, 0], "extras": {"ikscope": {"swing_deg": [180]}}}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_extras_text("cones.gltf", json, rig, error)) << error;
  EXPECT_TRUE(rig.warnings.empty()) << gltf_test::all_warnings(rig);

  const ik::JointLimits& shoulder = limits_of_node(rig, 0);
  EXPECT_TRUE(shoulder.enabled && shoulder.cone && !shoulder.hinge);
  EXPECT_NEAR(shoulder.swing.x, 45 * kDeg, 1e-6f);
  EXPECT_NEAR(shoulder.swing.y, 45 * kDeg, 1e-6f);
  EXPECT_NEAR(shoulder.twist_min, -30 * kDeg, 1e-6f);
  EXPECT_NEAR(shoulder.twist_max, 60 * kDeg, 1e-6f);
  EXPECT_EQ(shoulder.bone_axis, glm::vec3(0, 1, 0));

  const ik::JointLimits& elbow = limits_of_node(rig, 1);
  EXPECT_TRUE(elbow.cone);
  EXPECT_NEAR(elbow.swing.x, 20 * kDeg, 1e-6f);
  EXPECT_NEAR(elbow.swing.y, 70 * kDeg, 1e-6f);
  EXPECT_NEAR(elbow.bone_axis.z, 1.0f, 1e-6f);  // normalised
  EXPECT_NEAR(elbow.cone_middle.z, 0.6f, 1e-6f);  // x, y, z, w
  EXPECT_NEAR(elbow.cone_middle.w, 0.8f, 1e-6f);
  EXPECT_EQ(shoulder.cone_middle, glm::quat(1, 0, 0, 0));  // none given: centred on the rest
  EXPECT_LE(elbow.twist_min, -3.14f);           // no twist_deg: twist free
  EXPECT_GE(elbow.twist_max, 3.14f);

  const ik::JointLimits& wrist = limits_of_node(rig, 2);
  EXPECT_TRUE(wrist.cone);
  EXPECT_GE(wrist.swing.x, 3.14f);  // no swing_deg: swing free
  EXPECT_NEAR(wrist.twist_max, 5 * kDeg, 1e-6f);

  const ik::JointLimits& hand = limits_of_node(rig, 3);
  EXPECT_TRUE(hand.cone);
  EXPECT_NEAR(hand.swing.y, 180 * kDeg, 1e-6f);
}

TEST(GltfConeExtras, BadConesWarnOnceAndLeaveTheJointUnlimited) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "negative", "children": [1], "extras": {"ikscope": {"swing_deg": -10}}},
      {"name": "too_wide", "children": [2], "extras": {"ikscope": {"swing_deg": [30, 200]}}},
      {"name": "reversed_twist", "children": [3], "extras": {"ikscope": {"swing_deg": 30, "twist_deg": [40, -40]}}},
      {"name": "text_swing", "children": [4], "extras": {"ikscope": {"swing_deg": "wide"}}},
      {"name": "three_swings", "children": [5], "extras": {"ikscope": {"swing_deg": [1, 2, 3]}}},
      {"name": "text_twist", "children": [6], "extras": {"ikscope": {"twist_deg": [null, 3]}}},
      {"name": "mixed", "children": [7], "extras": {"ikscope": {"swing_deg": 30, "min_deg": [0, 0, 0]}}},
      {"name": "axis_only", "children": [8], "extras": {"ikscope": {"bone_axis": [0, 1, 0]}}},
      {"name": "zero_bone", "children": [9], "extras": {"ikscope": {"swing_deg": 30, "bone_axis": [0, 0, 0]}}},
      {"name": "zero_middle", "children": [10], "extras": {"ikscope": {"swing_deg": 30, "cone_middle": [0, 0, 0, 0]}}},
      {"name": "fine", "extras": {"ikscope": {"swing_deg": 30}}}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_extras_text("bad_cones.gltf", json, rig, error)) << error;
  const char* const expected[] = {
      "node 0 ('negative'): malformed extras.ikscope (swing_deg: must be from 0 to 180, not -10)",
      "node 1 ('too_wide'): malformed extras.ikscope (swing_deg[1]: must be from 0 to 180, not 200)",
      "node 2 ('reversed_twist'): malformed extras.ikscope (twist min_deg 40 is greater than max_deg -40)",
      "node 3 ('text_swing'): malformed extras.ikscope (swing_deg: must be a number or an array of 1 or 2 numbers, "
      "not a string)",
      "node 4 ('three_swings'): malformed extras.ikscope (swing_deg: must be a number or an array of 1 or 2 "
      "numbers, not an array of 3)",
      "node 5 ('text_twist'): malformed extras.ikscope (twist_deg[0]: must be a number, not null)",
      "node 6 ('mixed'): malformed extras.ikscope (a cone (swing_deg, twist_deg, bone_axis, cone_middle) cannot be "
      "mixed",
      "node 7 ('axis_only'): malformed extras.ikscope ('bone_axis' and 'cone_middle' need 'swing_deg' or 'twist_deg')",
      "node 8 ('zero_bone'): malformed extras.ikscope (bone_axis: must be a non-zero direction)",
      "node 9 ('zero_middle'): malformed extras.ikscope (cone_middle: must not be a zero quaternion",
  };
  for (const char* text : expected)
    EXPECT_TRUE(any_warning_contains(rig, text)) << text << "\n" << gltf_test::all_warnings(rig);
  EXPECT_EQ(rig.warnings.size(), std::size(expected)) << gltf_test::all_warnings(rig);
  for (int node = 0; node < 10; ++node) EXPECT_FALSE(limits_of_node(rig, node).enabled) << node;
  EXPECT_TRUE(limits_of_node(rig, 10).cone);
}

}  // namespace
