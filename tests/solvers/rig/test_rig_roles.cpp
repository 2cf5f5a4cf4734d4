// Rig roles from names (Mixamo, Unreal mannequin, Rigify, glTF samples) and from the
// tree's shape (unnamed bipeds and quadrupeds). The rigs are generated in the test,
// but for the built-in humanoid and the Khronos samples, imported.
//
// Index:
//   helpers         role, role_of, EXPECT_ROLE (the rigs: tests/support/role_chain_rigs.h)
//   From names      Mixamo with any prefix, the Unreal mannequin with twist bones, Rigify deform bones,
//                   side markers, two joints claiming one role
//   From the shape  an unnamed biped, an unnamed quadruped, a rig without roles
//   Imported rigs   the built-in humanoid, RiggedFigure and CesiumMan
#include <gtest/gtest.h>

#include <map>

#include "io/gltf/gltf_import.h"
#include "solvers/rig/rig_roles.h"
#include "tests/support/role_chain_rigs.h"

namespace {

using ik::Finger;
using ik::JointRole;
using ik::Role;
using ik::Side;

// Rigs written as (name, parent name, offset) and the generated naming conventions:
// tests/support/role_chain_rigs.h, shared with the role-chain tests.
using rigs::RigWriter;

JointRole role(Role r, Side side = Side::centre, int segment = 0, Finger finger = Finger::none) {
  JointRole j;
  j.role = r;
  j.side = side;
  j.segment = segment;
  j.finger = finger;
  return j;
}

JointRole role_of(const ik::Skeleton& s, const ik::RigRoles& roles, const std::string& name) {
  const int j = ik::find_joint(s, name);
  EXPECT_GE(j, 0) << name;
  return j < 0 ? JointRole{} : roles.joints[static_cast<size_t>(j)];
}

#define EXPECT_ROLE(s, roles, name, expected) \
  EXPECT_EQ(ik::describe_role(role_of(s, roles, name)), ik::describe_role(expected)) << (name)

// ---- From names -------------------------------------------------------------------------

TEST(RigRoles, MixamoNamesWithAnyPrefix) {
  for (const std::string prefix : {"mixamorig:", "", "Character1:"}) {
    // 67 joints with fingers and eyes, a T-pose in centimetres under a 0.01 "Armature".
    const ik::Skeleton s = rigs::mixamo(prefix);
    int file_joints = 0;
    for (const auto added : s.is_added_tip) file_joints += added ? 0 : 1;
    EXPECT_EQ(file_joints, 68);
    const ik::RigRoles r = ik::recognise_roles(s);
    EXPECT_TRUE(r.warnings.empty());
    const auto n = [&](const std::string& x) { return prefix + x; };
    EXPECT_ROLE(s, r, "Armature", role(Role::none));
    EXPECT_ROLE(s, r, n("Hips"), role(Role::hips));
    EXPECT_ROLE(s, r, n("Spine"), role(Role::spine, Side::centre, 1));
    EXPECT_ROLE(s, r, n("Spine1"), role(Role::spine, Side::centre, 2));
    EXPECT_ROLE(s, r, n("Spine2"), role(Role::spine, Side::centre, 3));
    EXPECT_ROLE(s, r, n("Neck"), role(Role::neck, Side::centre, 1));
    EXPECT_ROLE(s, r, n("Head"), role(Role::head));
    EXPECT_ROLE(s, r, n("HeadTop_End"), role(Role::none));
    EXPECT_ROLE(s, r, n("LeftEye"), role(Role::eye, Side::left));
    EXPECT_ROLE(s, r, n("RightEye"), role(Role::eye, Side::right));
    EXPECT_ROLE(s, r, n("LeftShoulder"), role(Role::clavicle, Side::left));
    EXPECT_ROLE(s, r, n("LeftArm"), role(Role::upper_arm, Side::left));
    EXPECT_ROLE(s, r, n("RightForeArm"), role(Role::forearm, Side::right));
    EXPECT_ROLE(s, r, n("LeftHand"), role(Role::hand, Side::left));
    EXPECT_ROLE(s, r, n("LeftHandThumb1"), role(Role::finger, Side::left, 1, Finger::thumb));
    EXPECT_ROLE(s, r, n("RightHandIndex2"), role(Role::finger, Side::right, 2, Finger::index));
    EXPECT_ROLE(s, r, n("LeftHandPinky3"), role(Role::finger, Side::left, 3, Finger::little));
    EXPECT_ROLE(s, r, n("LeftHandPinky4"), role(Role::none));
    EXPECT_ROLE(s, r, n("LeftUpLeg"), role(Role::thigh, Side::left));
    EXPECT_ROLE(s, r, n("LeftLeg"), role(Role::shin, Side::left));
    EXPECT_ROLE(s, r, n("RightFoot"), role(Role::foot, Side::right));
    EXPECT_ROLE(s, r, n("RightToeBase"), role(Role::toe, Side::right));
    EXPECT_ROLE(s, r, n("RightToe_End"), role(Role::none));
    EXPECT_EQ(ik::roles_problem(s, r.joints), "");
    int fingers = 0;
    for (const JointRole& j : r.joints) fingers += j.role == Role::finger;
    EXPECT_EQ(fingers, 30);
  }
}

TEST(RigRoles, UnrealMannequinWithTwistBones) {
  const ik::Skeleton s = rigs::unreal_mannequin();
  const ik::RigRoles r = ik::recognise_roles(s);
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_ROLE(s, r, "root", role(Role::none));
  EXPECT_ROLE(s, r, "pelvis", role(Role::hips));
  EXPECT_ROLE(s, r, "spine_01", role(Role::spine, Side::centre, 1));
  EXPECT_ROLE(s, r, "spine_03", role(Role::spine, Side::centre, 3));
  EXPECT_ROLE(s, r, "neck_01", role(Role::neck, Side::centre, 1));
  EXPECT_ROLE(s, r, "head", role(Role::head));
  EXPECT_ROLE(s, r, "clavicle_l", role(Role::clavicle, Side::left));
  EXPECT_ROLE(s, r, "upperarm_r", role(Role::upper_arm, Side::right));
  EXPECT_ROLE(s, r, "upperarm_twist_01_l", role(Role::twist, Side::left));
  EXPECT_ROLE(s, r, "lowerarm_l", role(Role::forearm, Side::left));
  EXPECT_ROLE(s, r, "lowerarm_twist_01_r", role(Role::twist, Side::right));
  EXPECT_ROLE(s, r, "hand_l", role(Role::hand, Side::left));
  EXPECT_ROLE(s, r, "thumb_01_l", role(Role::finger, Side::left, 1, Finger::thumb));
  EXPECT_ROLE(s, r, "index_02_r", role(Role::finger, Side::right, 2, Finger::index));
  EXPECT_ROLE(s, r, "thigh_l", role(Role::thigh, Side::left));
  EXPECT_ROLE(s, r, "thigh_twist_01_l", role(Role::twist, Side::left));
  EXPECT_ROLE(s, r, "calf_r", role(Role::shin, Side::right));
  EXPECT_ROLE(s, r, "calf_twist_01_r", role(Role::twist, Side::right));
  EXPECT_ROLE(s, r, "foot_l", role(Role::foot, Side::left));
  EXPECT_ROLE(s, r, "ball_r", role(Role::toe, Side::right));
  EXPECT_ROLE(s, r, "ik_hand_root", role(Role::twist));
}

TEST(RigRoles, RigifyDeformBones) {
  RigWriter w;
  w.add("DEF-spine", "", {0, 1, 0});
  w.add("DEF-spine.001", "DEF-spine", {0, 0.1f, 0});
  w.add("DEF-spine.002", "DEF-spine.001", {0, 0.1f, 0});
  w.add("DEF-spine.003", "DEF-spine.002", {0, 0.1f, 0});
  w.add("DEF-spine.004", "DEF-spine.003", {0, 0.15f, 0});
  w.add("DEF-head", "DEF-spine.004", {0, 0.1f, 0});
  w.add("ORG-spine", "", {0, 1, 0});
  for (const char* side : {"L", "R"}) {
    const float x = std::string(side) == "L" ? 1.0f : -1.0f;
    const std::string s = std::string(".") + side;
    w.add("DEF-shoulder" + s, "DEF-spine.003", {x * 0.05f, 0.1f, 0});
    w.add("DEF-upper_arm" + s, "DEF-shoulder" + s, {x * 0.15f, 0, 0});
    w.add("DEF-upper_arm" + s + ".001", "DEF-upper_arm" + s, {x * 0.14f, 0, 0});
    w.add("DEF-forearm" + s, "DEF-upper_arm" + s + ".001", {x * 0.14f, 0, 0});
    w.add("DEF-hand" + s, "DEF-forearm" + s, {x * 0.25f, 0, 0});
    w.add("DEF-thumb.01" + s, "DEF-hand" + s, {x * 0.03f, 0, 0.03f});
    w.add("DEF-f_index.01" + s, "DEF-hand" + s, {x * 0.08f, 0, 0.02f});
    w.add("DEF-f_index.02" + s, "DEF-f_index.01" + s, {x * 0.03f, 0, 0});
    w.add("DEF-thigh" + s, "DEF-spine", {x * 0.1f, -0.05f, 0});
    w.add("DEF-shin" + s, "DEF-thigh" + s, {0, -0.42f, 0});
    w.add("DEF-foot" + s, "DEF-shin" + s, {0, -0.4f, 0});
    w.add("DEF-toe" + s, "DEF-foot" + s, {0, -0.05f, 0.12f});
    w.add("ORG-thigh" + s, "ORG-spine", {x * 0.1f, -0.05f, 0});
  }
  const ik::Skeleton s = w.build();
  const ik::RigRoles r = ik::recognise_roles(s);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  // Rigify's first spine bone is the hips: both thighs hang from it.
  EXPECT_ROLE(s, r, "DEF-spine", role(Role::hips));
  EXPECT_ROLE(s, r, "DEF-spine.001", role(Role::spine, Side::centre, 1));
  EXPECT_ROLE(s, r, "DEF-spine.003", role(Role::spine, Side::centre, 3));
  EXPECT_ROLE(s, r, "DEF-head", role(Role::head));
  EXPECT_ROLE(s, r, "ORG-spine", role(Role::twist));
  EXPECT_ROLE(s, r, "ORG-thigh.L", role(Role::twist, Side::left));
  EXPECT_ROLE(s, r, "DEF-shoulder.L", role(Role::clavicle, Side::left));
  EXPECT_ROLE(s, r, "DEF-upper_arm.L", role(Role::upper_arm, Side::left));
  EXPECT_ROLE(s, r, "DEF-upper_arm.L.001", role(Role::twist, Side::left));
  EXPECT_ROLE(s, r, "DEF-forearm.R", role(Role::forearm, Side::right));
  EXPECT_ROLE(s, r, "DEF-hand.L", role(Role::hand, Side::left));
  EXPECT_ROLE(s, r, "DEF-thumb.01.L", role(Role::finger, Side::left, 1, Finger::thumb));
  EXPECT_ROLE(s, r, "DEF-f_index.02.R", role(Role::finger, Side::right, 2, Finger::index));
  EXPECT_ROLE(s, r, "DEF-thigh.L", role(Role::thigh, Side::left));
  EXPECT_ROLE(s, r, "DEF-shin.R", role(Role::shin, Side::right));
  EXPECT_ROLE(s, r, "DEF-foot.L", role(Role::foot, Side::left));
  EXPECT_ROLE(s, r, "DEF-toe.R", role(Role::toe, Side::right));
}

TEST(RigRoles, SideMarkers) {
  for (const auto& [name, side] : std::vector<std::pair<std::string, Side>>{{"LeftHand", Side::left},
                                                                            {"L_Hand", Side::left},
                                                                            {"hand_l", Side::left},
                                                                            {"hand.L", Side::left},
                                                                            {"Hand_L", Side::left},
                                                                            {"l_hand", Side::left},
                                                                            {"RightHand", Side::right},
                                                                            {"R_Hand", Side::right},
                                                                            {"hand_r", Side::right},
                                                                            {"hand.R", Side::right},
                                                                            {"Hand_R", Side::right},
                                                                            {"r_hand", Side::right}}) {
    const JointRole r = ik::role_from_name(name);
    EXPECT_EQ(r.role, Role::hand) << name;
    EXPECT_EQ(r.side, side) << name;
  }
  EXPECT_EQ(ik::role_from_name("node 20").role, Role::none);
  EXPECT_EQ(ik::role_from_name("").role, Role::none);
}

TEST(RigRoles, TwoJointsClaimingOneRoleKeepTheFirst) {
  RigWriter w;
  w.add("Hips", "", {0, 1, 0});
  w.add("LeftHand", "Hips", {1, 0, 0});
  w.add("hand_l", "Hips", {1, 0.1f, 0});
  const ik::Skeleton s = w.build();
  const ik::RigRoles r = ik::recognise_roles(s);
  EXPECT_ROLE(s, r, "LeftHand", role(Role::hand, Side::left));
  EXPECT_ROLE(s, r, "hand_l", role(Role::none));
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("'hand_l'"), std::string::npos) << r.warnings[0];
  EXPECT_NE(r.warnings[0].find("'LeftHand'"), std::string::npos) << r.warnings[0];
  EXPECT_EQ(ik::roles_problem(s, r.joints), "");
}

// Mocap (CMU's BVH) names a limb by its joints: a joint whose name gives the role its
// parent already holds is the next one down the limb, and a chest under a chest is the
// upper one. No warnings: nothing was left out.
TEST(RigRoles, MocapNamesTakeTheNextRoleDownTheLimb) {
  RigWriter w;
  w.add("Hips", "", {0, 1, 0});
  w.add("lowerback", "Hips", {0, 0, 0});
  w.add("Chest", "lowerback", {0, 0.1f, 0});
  w.add("Chest2", "Chest", {0, 0.1f, 0});
  w.add("lowerneck", "Chest2", {0, 0.1f, 0});
  w.add("LeftCollar", "Chest2", {0.05f, 0.1f, 0});
  w.add("LeftShoulder", "LeftCollar", {0.1f, 0, 0});
  w.add("LeftElbow", "LeftShoulder", {0.25f, 0, 0});
  w.add("LeftWrist", "LeftElbow", {0.25f, 0, 0});
  w.add("lhand", "LeftWrist", {0.05f, 0, 0});
  const ik::Skeleton s = w.build();
  const ik::RigRoles r = ik::recognise_roles(s);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  EXPECT_ROLE(s, r, "lowerback", role(Role::spine, Side::centre, 1));
  EXPECT_ROLE(s, r, "Chest", role(Role::spine, Side::centre, 2));
  EXPECT_ROLE(s, r, "Chest2", role(Role::chest));
  EXPECT_ROLE(s, r, "lowerneck", role(Role::neck, Side::centre, 1));
  EXPECT_ROLE(s, r, "LeftCollar", role(Role::clavicle, Side::left));
  EXPECT_ROLE(s, r, "LeftShoulder", role(Role::upper_arm, Side::left));
  EXPECT_ROLE(s, r, "LeftElbow", role(Role::forearm, Side::left));
  EXPECT_ROLE(s, r, "LeftWrist", role(Role::hand, Side::left));
  EXPECT_ROLE(s, r, "lhand", role(Role::none));
  EXPECT_EQ(ik::roles_problem(s, r.joints), "");
}

// ---- From the shape ---------------------------------------------------------------------

// A biped named "node N" (as BrainStem): roles from the shape alone.
TEST(RigRoles, UnnamedBipedByShape) {
  RigWriter w;
  w.add("node 0", "", {0, 0, 0});
  w.add("node 1", "node 0", {0, 1, 0});  // hips
  w.add("node 2", "node 1", {0, 0.15f, 0});
  w.add("node 3", "node 2", {0, 0.15f, 0});  // chest
  w.add("node 4", "node 3", {0, 0.15f, 0});  // neck
  w.add("node 5", "node 4", {0, 0.1f, 0});   // head
  for (int side = 0; side < 2; ++side) {
    const float x = side == 0 ? 1.0f : -1.0f;
    const std::string b = "node " + std::to_string(10 + 10 * side);
    const auto nm = [&](int k) { return "node " + std::to_string(10 + 10 * side + k); };
    w.add(nm(0), "node 3", {x * 0.05f, 0.1f, 0});
    w.add(nm(1), nm(0), {x * 0.15f, 0, 0});
    w.add(nm(2), nm(1), {x * 0.28f, 0, 0});
    w.add(nm(3), nm(2), {x * 0.25f, 0, 0});
    w.add(nm(4), "node 1", {x * 0.1f, -0.05f, 0});
    w.add(nm(5), nm(4), {0, -0.42f, 0});
    w.add(nm(6), nm(5), {0, -0.4f, 0});
    w.add(nm(7), nm(6), {0, -0.05f, 0.12f});
  }
  const ik::Skeleton s = w.build();
  const ik::RigRoles r = ik::recognise_roles(s);
  EXPECT_ROLE(s, r, "node 0", role(Role::none));
  EXPECT_ROLE(s, r, "node 1", role(Role::hips));
  EXPECT_ROLE(s, r, "node 2", role(Role::spine, Side::centre, 1));
  EXPECT_ROLE(s, r, "node 3", role(Role::chest));
  EXPECT_ROLE(s, r, "node 4", role(Role::neck, Side::centre, 1));
  EXPECT_ROLE(s, r, "node 5", role(Role::head));
  EXPECT_ROLE(s, r, "node 10", role(Role::clavicle, Side::left));
  EXPECT_ROLE(s, r, "node 11", role(Role::upper_arm, Side::left));
  EXPECT_ROLE(s, r, "node 12", role(Role::forearm, Side::left));
  EXPECT_ROLE(s, r, "node 13", role(Role::hand, Side::left));
  EXPECT_ROLE(s, r, "node 14", role(Role::thigh, Side::left));
  EXPECT_ROLE(s, r, "node 15", role(Role::shin, Side::left));
  EXPECT_ROLE(s, r, "node 16", role(Role::foot, Side::left));
  EXPECT_ROLE(s, r, "node 17", role(Role::toe, Side::left));
  EXPECT_ROLE(s, r, "node 21", role(Role::upper_arm, Side::right));
  EXPECT_ROLE(s, r, "node 24", role(Role::thigh, Side::right));
  EXPECT_EQ(ik::roles_problem(s, r.joints), "");
}

// A quadruped facing +Z: hind legs and a tail at the hips, front legs and a neck at the chest.
TEST(RigRoles, UnnamedQuadrupedByShape) {
  RigWriter w;
  w.add("b0", "", {0, 0.6f, 0});  // hips
  w.add("b1", "b0", {0, 0.02f, 0.2f});
  w.add("b2", "b1", {0, 0.0f, 0.2f});   // chest
  w.add("b3", "b2", {0, 0.15f, 0.1f});  // neck
  w.add("b4", "b3", {0, 0.1f, 0.1f});   // head
  w.add("t1", "b0", {0, 0.0f, -0.15f});
  w.add("t2", "t1", {0, -0.02f, -0.15f});
  for (int side = 0; side < 2; ++side) {
    const float x = side == 0 ? 1.0f : -1.0f;
    const std::string hind = side == 0 ? "hl" : "hr", fore = side == 0 ? "fl" : "fr";
    w.add(hind + "1", "b0", {x * 0.1f, -0.05f, 0});
    w.add(hind + "2", hind + "1", {0, -0.25f, 0.03f});
    w.add(hind + "3", hind + "2", {0, -0.25f, -0.03f});
    w.add(fore + "1", "b2", {x * 0.1f, -0.05f, 0});
    w.add(fore + "2", fore + "1", {0, -0.25f, 0});
    w.add(fore + "3", fore + "2", {0, -0.25f, 0});
  }
  const ik::Skeleton s = w.build();
  const ik::RigRoles r = ik::recognise_roles(s);
  EXPECT_ROLE(s, r, "b0", role(Role::hips));
  EXPECT_ROLE(s, r, "b1", role(Role::spine, Side::centre, 1));
  EXPECT_ROLE(s, r, "b2", role(Role::chest));
  EXPECT_ROLE(s, r, "b3", role(Role::neck, Side::centre, 1));
  EXPECT_ROLE(s, r, "b4", role(Role::head));
  EXPECT_ROLE(s, r, "t1", role(Role::tail, Side::centre, 1));
  EXPECT_ROLE(s, r, "t2", role(Role::tail, Side::centre, 2));
  EXPECT_ROLE(s, r, "hl1", role(Role::thigh, Side::left));
  EXPECT_ROLE(s, r, "hl2", role(Role::shin, Side::left));
  EXPECT_ROLE(s, r, "hl3", role(Role::foot, Side::left));
  EXPECT_ROLE(s, r, "hr1", role(Role::thigh, Side::right));
  EXPECT_ROLE(s, r, "fl1", role(Role::upper_arm, Side::left));
  EXPECT_ROLE(s, r, "fl2", role(Role::forearm, Side::left));
  EXPECT_ROLE(s, r, "fr3", role(Role::hand, Side::right));
  EXPECT_EQ(ik::roles_problem(s, r.joints), "");
}

TEST(RigRoles, ARigWithoutRolesIsAllNone) {
  RigWriter w;
  w.add("a", "", {0, 1, 0});
  w.add("b", "a", {0, 1, 0});
  const ik::Skeleton s = w.build();
  const ik::RigRoles r = ik::recognise_roles(s);
  for (const JointRole& j : r.joints) EXPECT_EQ(j.role, Role::none);
  EXPECT_TRUE(r.warnings.empty());
}

// ---- Imported rigs ----------------------------------------------------------------------

ik::ImportedRig load(const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  return rig;
}

TEST(RigRoles, BuiltInHumanoid) {
  const ik::ImportedRig rig = load(IKSCOPE_SOURCE_DIR "/assets/humanoid.gltf");
  const ik::Skeleton& s = rig.skeleton;
  ik::RigRoles r;
  r.joints = rig.roles;
  EXPECT_ROLE(s, r, "Hips", role(Role::hips));
  EXPECT_ROLE(s, r, "Spine", role(Role::spine, Side::centre, 1));
  EXPECT_ROLE(s, r, "Chest", role(Role::chest));
  EXPECT_ROLE(s, r, "Neck", role(Role::neck, Side::centre, 1));
  EXPECT_ROLE(s, r, "Head", role(Role::head));
  EXPECT_ROLE(s, r, "LeftShoulder", role(Role::clavicle, Side::left));
  EXPECT_ROLE(s, r, "LeftUpperArm", role(Role::upper_arm, Side::left));
  EXPECT_ROLE(s, r, "RightForearm", role(Role::forearm, Side::right));
  EXPECT_ROLE(s, r, "RightHand", role(Role::hand, Side::right));
  EXPECT_ROLE(s, r, "LeftThigh", role(Role::thigh, Side::left));
  EXPECT_ROLE(s, r, "LeftShin", role(Role::shin, Side::left));
  EXPECT_ROLE(s, r, "RightFoot", role(Role::foot, Side::right));
  EXPECT_ROLE(s, r, "RightToe", role(Role::toe, Side::right));
}

// RiggedFigure and CesiumMan: "torso_joint_N", "neck_joint_N", "arm_joint_L_N",
// "leg_joint_R_N". Sides come from the names, roles down each numbered limb.
TEST(RigRoles, KhronosFigures) {
  for (const std::string file : {"RiggedFigure/glTF-Binary/RiggedFigure.glb", "CesiumMan/glTF-Binary/CesiumMan.glb"}) {
    const ik::ImportedRig rig = load(IKSCOPE_SHARED_DIR "/gltf-samples/" + file);
    const ik::Skeleton& s = rig.skeleton;
    ik::RigRoles r;
    r.joints = rig.roles;
    const bool cesium = file.find("Cesium") != std::string::npos;
    const std::string p = cesium ? "Skeleton_" : "";
    EXPECT_ROLE(s, r, p + "torso_joint_1", role(Role::hips));
    EXPECT_ROLE(s, r, p + "torso_joint_2", role(Role::spine, Side::centre, 1));
    EXPECT_ROLE(s, r, "torso_joint_3", role(Role::spine, Side::centre, 2));
    EXPECT_ROLE(s, r, p + "neck_joint_1", role(Role::neck, Side::centre, 1));
    EXPECT_ROLE(s, r, p + "neck_joint_2", role(Role::head));
    EXPECT_ROLE(s, r, "leg_joint_L_1", role(Role::thigh, Side::left));
    EXPECT_ROLE(s, r, "leg_joint_R_2", role(Role::shin, Side::right));
    EXPECT_ROLE(s, r, "leg_joint_L_3", role(Role::foot, Side::left));
    EXPECT_ROLE(s, r, "leg_joint_R_5", role(Role::toe, Side::right));
    EXPECT_ROLE(s, r, cesium ? "Skeleton_arm_joint_L__4_" : "arm_joint_L_1", role(Role::upper_arm, Side::left));
    EXPECT_ROLE(s, r, cesium ? "Skeleton_arm_joint_R__2_" : "arm_joint_R_2", role(Role::forearm, Side::right));
    EXPECT_ROLE(s, r, cesium ? "Skeleton_arm_joint_L__2_" : "arm_joint_L_3", role(Role::hand, Side::left));
    EXPECT_EQ(ik::roles_problem(s, rig.roles), "");
  }
}

}  // namespace
