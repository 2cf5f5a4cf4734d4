// VRM humanoid bone maps (1.0 VRMC_vrm and 0.x VRM) win over names; broken maps warn and
// fall back on names. Every file here is written in the test.
#include <gtest/gtest.h>

#include <string>

#include "io/gltf/gltf_import.h"
#include "tests/support/gltf_test_util.h"

namespace {

using gltf_test::all_warnings;
using gltf_test::any_warning_contains;
using ik::Role;
using ik::Side;

// Nodes: 0 "root" -> 1 "Spine" -> 2 "Chest" -> 3 "Head"; 0 -> 4 "LeftHand" -> 5 "Hips";
// 0 -> 6 "RightFoot" -> 7 "tip_end". The names mislead on purpose.
std::string vrm_file(const std::string& extensions) {
  return R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [
      {"name": "root", "translation": [0, 1, 0], "children": [1, 4, 6]},
      {"name": "Spine", "translation": [0, 0.2, 0], "children": [2]},
      {"name": "Chest", "translation": [0, 0.2, 0], "children": [3]},
      {"name": "Head", "translation": [0, 0.3, 0]},
      {"name": "LeftHand", "translation": [-0.1, -0.1, 0], "children": [5]},
      {"name": "Hips", "translation": [0, -0.4, 0]},
      {"name": "RightFoot", "translation": [0.1, -0.1, 0], "children": [7]},
      {"name": "tip_end", "translation": [0, -0.4, 0]}
    ],
    "extensions": )" +
         extensions + "}";
}

bool load_vrm(const std::string& json, ik::ImportedRig& rig) {
  std::string error;
  const bool ok = ik::import_gltf_memory(reinterpret_cast<const unsigned char*>(json.data()), json.size(), "vrm.gltf",
                                         "", rig, error);
  EXPECT_TRUE(ok) << error;
  EXPECT_EQ(ik::roles_problem(rig.skeleton, rig.roles), "");
  return ok;
}

std::string role_of(const ik::ImportedRig& rig, const std::string& name) {
  const int j = ik::find_joint(rig.skeleton, name);
  EXPECT_GE(j, 0) << name;
  return j < 0 ? "?" : ik::describe_role(rig.roles[static_cast<size_t>(j)]);
}

TEST(GltfVrm, Vrm1MapWinsOverNames) {
  ik::ImportedRig rig;
  ASSERT_TRUE(load_vrm(vrm_file(R"({"VRMC_vrm": {"specVersion": "1.0", "humanoid": {"humanBones": {
      "hips": {"node": 0}, "spine": {"node": 1}, "chest": {"node": 2}, "head": {"node": 3},
      "rightUpperLeg": {"node": 4}, "rightLowerLeg": {"node": 5},
      "leftUpperLeg": {"node": 6}, "leftLowerLeg": {"node": 7}}}}})"),
                       rig));
  EXPECT_EQ(role_of(rig, "root"), "hips");
  EXPECT_EQ(role_of(rig, "Spine"), "spine 1");
  EXPECT_EQ(role_of(rig, "Chest"), "chest");
  EXPECT_EQ(role_of(rig, "Head"), "head");
  EXPECT_EQ(role_of(rig, "LeftHand"), "right thigh");
  EXPECT_EQ(role_of(rig, "Hips"), "right shin");
  EXPECT_EQ(role_of(rig, "RightFoot"), "left thigh");
  EXPECT_EQ(role_of(rig, "tip_end"), "left shin");
  EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
}

TEST(GltfVrm, Vrm0MapWinsOverNames) {
  ik::ImportedRig rig;
  ASSERT_TRUE(load_vrm(vrm_file(R"({"VRM": {"humanoid": {"humanBones": [
      {"bone": "hips", "node": 0}, {"bone": "leftUpperArm", "node": 4},
      {"bone": "leftLowerArm", "node": 5}, {"bone": "upperChest", "node": 2},
      {"bone": "chest", "node": 1}]}}})"),
                       rig));
  EXPECT_EQ(role_of(rig, "root"), "hips");
  EXPECT_EQ(role_of(rig, "LeftHand"), "left upper_arm");
  EXPECT_EQ(role_of(rig, "Hips"), "left forearm");
  // With an upperChest, VRM's chest is a spine segment and the upperChest is the chest.
  EXPECT_EQ(role_of(rig, "Spine"), "spine 1");
  EXPECT_EQ(role_of(rig, "Chest"), "chest");
  // Not in the map: names still count.
  EXPECT_EQ(role_of(rig, "Head"), "head");
  EXPECT_EQ(role_of(rig, "RightFoot"), "right foot");
  EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
}

TEST(GltfVrm, NameClaimingAVrmRoleIsWarned) {
  ik::ImportedRig rig;
  ASSERT_TRUE(load_vrm(
      vrm_file(R"({"VRMC_vrm": {"humanoid": {"humanBones": {"hips": {"node": 0}, "leftUpperLeg": {"node": 6}}}}})"),
      rig));
  EXPECT_EQ(role_of(rig, "root"), "hips");
  EXPECT_EQ(role_of(rig, "Hips"), "none");
  EXPECT_TRUE(any_warning_contains(rig, "joint 'Hips' also looks like the hips")) << all_warnings(rig);
}

TEST(GltfVrm, BrokenMapsWarnAndFallBackOnNames) {
  ik::ImportedRig rig;
  ASSERT_TRUE(load_vrm(vrm_file(R"({"VRM": {"humanoid": {"humanBones": [
      {"bone": "leftHand", "node": 99}, {"bone": "hips", "node": 0}, {"bone": "spine", "node": 0},
      {"bone": "hips", "node": 1}, {"bone": "tentacle", "node": 2}, {"bone": "head", "node": "3"},
      {"bone": "neck", "node": -1}, 7]}}})"),
                       rig));
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones 'leftHand': node 99 is out of range")) << all_warnings(rig);
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones 'spine': node 0 is already 'hips'")) << all_warnings(rig);
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones 'hips': named twice")) << all_warnings(rig);
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones 'tentacle': not a VRM bone name")) << all_warnings(rig);
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones 'head': has no integer 'node'")) << all_warnings(rig);
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones 'neck': node -1 is out of range")) << all_warnings(rig);
  EXPECT_TRUE(any_warning_contains(rig, "VRM humanBones '?': not a VRM bone name")) << all_warnings(rig);
  EXPECT_EQ(role_of(rig, "root"), "hips");
  EXPECT_EQ(role_of(rig, "LeftHand"), "left hand");  // by name
  EXPECT_EQ(role_of(rig, "Spine"), "spine 1");       // by name
  EXPECT_EQ(role_of(rig, "Head"), "head");           // by name
}

TEST(GltfVrm, MapOfTheWrongShapeIsIgnored) {
  for (const std::string ext :
       {R"({"VRMC_vrm": {"humanoid": {"humanBones": [1, 2]}}})",
        R"({"VRM": {"humanoid": {"humanBones": {"hips": 0}}}})", R"({"VRMC_vrm": {"humanoid": 3}})",
        R"({"VRMC_vrm": {"humanoid": {"humanBones": {"hips": 5}}}})"}) {
    ik::ImportedRig rig;
    ASSERT_TRUE(load_vrm(vrm_file(ext), rig));
    EXPECT_EQ(role_of(rig, "Spine"), "spine 1") << ext;
    EXPECT_EQ(role_of(rig, "Hips"), "hips") << ext;
  }
}

}  // namespace
