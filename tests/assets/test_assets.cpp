// The built-in rigs in assets/, loaded with the real importer and checked against what
// assets/README.md promises: joint counts and names, spine-first DFS order, a bent
// (bike-riding) humanoid standing on y = 0, a curved tentacle, a 7-hinge arm with its
// limits. Positions come from forward kinematics of the imported rest pose.
//
// Index:
//   helpers     LoadedRig, load, bend_deg, added_tip_count, bone_joint_count
//   humanoid    every named joint, spine-first DFS order, a human height on the floor, bent knees and elbows,
//               on a bike facing +Z, left and right mirrored, hinge knees and elbows, three-axis limits elsewhere
//   tentacle    one long chain of tapering bones, gently curved, every joint limited
//   arm7        seven hinges alternating along and across the links, the data sheet's ranges, bent at rest
//   mixamo_rig  65 joints in centimetres under a scaled armature, a T-pose, every body part's role
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/gltf/gltf_import.h"
#include "solvers/anim/pose.h"

namespace {

constexpr float kDegPerRad = 57.29577951308232f;

// An imported rig with its model-space rest positions.
struct LoadedRig {
  ik::ImportedRig rig;
  std::vector<glm::vec3> position;  // model space, per joint

  const ik::Skeleton& skeleton() const { return rig.skeleton; }

  int find(const std::string& name) const {
    const auto& names = rig.skeleton.name;
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<int>(i);
    return -1;
  }
  glm::vec3 at(const std::string& name) const {
    const int i = find(name);
    EXPECT_GE(i, 0) << "no joint named " << name;
    return i >= 0 ? position[static_cast<size_t>(i)] : glm::vec3(NAN);
  }
};

::testing::AssertionResult load(const char* file, LoadedRig& out) {
  const std::string path = std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + file;
  std::string error;
  if (!ik::import_gltf_file(path, out.rig, error)) return ::testing::AssertionFailure() << error;
  std::vector<glm::mat4> world;
  ik::fk_all(out.rig.skeleton, ik::rest_pose(out.rig.skeleton), world);
  out.position.clear();
  for (const glm::mat4& m : world) out.position.push_back(ik::position_of(m));
  return ::testing::AssertionSuccess();
}

// The angle between the bone into `joint` and the bone out of it: 0 = straight on.
float bend_deg(const glm::vec3& parent, const glm::vec3& joint, const glm::vec3& child) {
  const glm::vec3 in = glm::normalize(joint - parent);
  const glm::vec3 out = glm::normalize(child - joint);
  return std::acos(glm::clamp(glm::dot(in, out), -1.0f, 1.0f)) * kDegPerRad;
}

int added_tip_count(const ik::Skeleton& s) {
  int n = 0;
  for (std::uint8_t added : s.is_added_tip) n += added;
  return n;
}

// Joints that are neither a leaf "..._end" joint of the file nor an added tip.
int bone_joint_count(const ik::Skeleton& s) {
  int n = 0;
  for (int i = 0; i < s.joint_count(); ++i)
    if (!s.is_leaf(i)) ++n;
  return n;
}

// ---- humanoid ------------------------------------------------------------------------

const char* const kHumanoidNames[] = {
    "Hips",          "Spine",          "Chest",         "Neck",          "Head",          "Head_end",
    "LeftShoulder",  "LeftUpperArm",   "LeftForearm",   "LeftHand",      "LeftHand_end",  "RightShoulder",
    "RightUpperArm", "RightForearm",   "RightHand",     "RightHand_end", "LeftThigh",     "LeftShin",
    "LeftFoot",      "LeftToe",        "LeftToe_end",   "RightThigh",    "RightShin",     "RightFoot",
    "RightToe",      "RightToe_end"};

TEST(Humanoid, HasEveryNamedJointAndNoAddedTips) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  for (const char* name : kHumanoidNames) EXPECT_GE(h.find(name), 0) << name;
  EXPECT_GE(bone_joint_count(h.skeleton()), 20);
  // Every leaf is one of the file's "_end" joints, so the importer added nothing.
  EXPECT_EQ(added_tip_count(h.skeleton()), 0);
  EXPECT_EQ(h.skeleton().joint_count(), 26);
}

TEST(Humanoid, DepthFirstWithTheSpineFirst) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  const ik::Skeleton& s = h.skeleton();
  const char* const spine[] = {"Hips", "Spine", "Chest", "Neck", "Head", "Head_end"};
  ASSERT_GE(s.joint_count(), 6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(s.name[static_cast<size_t>(i)], spine[i]) << "DFS index " << i;
  EXPECT_TRUE(s.is_root(0));
  for (int i = 1; i < s.joint_count(); ++i) EXPECT_LT(s.parent[static_cast<size_t>(i)], i) << s.name[static_cast<size_t>(i)];
}

TEST(Humanoid, StandsOnTheFloorAtAHumanHeight) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  float lowest = INFINITY, highest = -INFINITY;
  for (const glm::vec3& p : h.position) {
    lowest = std::min(lowest, p.y);
    highest = std::max(highest, p.y);
  }
  // Joints sit a few centimetres above the soles; the soles are on y = 0.
  EXPECT_GE(lowest, 0.0f);
  EXPECT_LE(lowest, 0.1f);
  for (const char* foot : {"LeftFoot", "RightFoot", "LeftToe", "RightToe"}) EXPECT_LT(h.at(foot).y, 0.12f) << foot;
  EXPECT_GE(highest, 1.6f);
  EXPECT_LE(highest, 1.9f);
  // Centred between left and right.
  EXPECT_LT(std::fabs(h.at("Head_end").x), 1e-4f);
}

TEST(Humanoid, KneesAndElbowsAreBentAtRest) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  for (const char* side : {"Left", "Right"}) {
    const std::string s = side;
    const float knee = bend_deg(h.at(s + "Thigh"), h.at(s + "Shin"), h.at(s + "Foot"));
    const float elbow = bend_deg(h.at(s + "UpperArm"), h.at(s + "Forearm"), h.at(s + "Hand"));
    EXPECT_GE(knee, 20.0f) << s;
    EXPECT_LE(knee, 90.0f) << s;
    EXPECT_GE(elbow, 20.0f) << s;
    EXPECT_LE(elbow, 90.0f) << s;
  }
}

TEST(Humanoid, RidesABikeFacingPlusZ) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  for (const char* side : {"Left", "Right"}) {
    const std::string s = side;
    // Side view: thigh forward, shin back down to the ankle, foot forward.
    EXPECT_GT(h.at(s + "Shin").z, h.at(s + "Thigh").z + 0.1f) << s;
    EXPECT_LT(h.at(s + "Foot").z, h.at(s + "Shin").z) << s;
    EXPECT_GT(h.at(s + "Toe").z, h.at(s + "Foot").z) << s;
    // Hands forward of the shoulders and below them, on the handlebars.
    EXPECT_GT(h.at(s + "Hand").z, h.at(s + "UpperArm").z + 0.25f) << s;
    EXPECT_LT(h.at(s + "Hand").y, h.at(s + "UpperArm").y - 0.1f) << s;
  }
  // Hips flexed: the thigh is turned well forward of the line down the torso.
  const glm::vec3 torso_down = glm::normalize(h.at("Hips") - h.at("Neck"));
  const glm::vec3 thigh = glm::normalize(h.at("LeftShin") - h.at("LeftThigh"));
  EXPECT_GT(std::acos(glm::dot(torso_down, thigh)) * kDegPerRad, 30.0f);
  // The character's left is +X.
  EXPECT_GT(h.at("LeftHand").x, 0.1f);
  EXPECT_LT(h.at("RightHand").x, -0.1f);
}

TEST(Humanoid, LeftAndRightAreMirrorImages) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  int pairs = 0;
  for (const std::string& name : h.skeleton().name) {
    if (name.rfind("Left", 0) != 0) continue;
    const glm::vec3 left = h.at(name);
    const glm::vec3 right = h.at("Right" + name.substr(4));
    EXPECT_NEAR(left.x, -right.x, 1e-4f) << name;
    EXPECT_NEAR(left.y, right.y, 1e-4f) << name;
    EXPECT_NEAR(left.z, right.z, 1e-4f) << name;
    ++pairs;
  }
  EXPECT_EQ(pairs, 10);
}

TEST(Humanoid, KneesAndElbowsAreHingesOtherJointsHaveThreeAxisLimits) {
  LoadedRig h;
  ASSERT_TRUE(load("humanoid.gltf", h));
  const ik::Skeleton& s = h.skeleton();
  for (int i = 0; i < s.joint_count(); ++i) {
    const std::string& name = s.name[static_cast<size_t>(i)];
    const ik::JointLimits& l = s.limits[static_cast<size_t>(i)];
    const bool hinge = name.find("Forearm") != std::string::npos || name.find("Shin") != std::string::npos;
    if (s.is_root(i) || s.is_leaf(i)) {
      EXPECT_FALSE(l.enabled) << name << ": the root and the end joints are free";
      continue;
    }
    ASSERT_TRUE(l.enabled) << name;
    EXPECT_EQ(l.hinge, hinge) << name;
    // Rest (angle 0) lies inside every range.
    for (int k = 0; k < (hinge ? 1 : 3); ++k) {
      EXPECT_LT(l.min[k], 0.0f) << name << " axis " << k;
      EXPECT_GT(l.max[k], 0.0f) << name << " axis " << k;
    }
    if (!hinge) continue;
    // The joint may straighten, but not past straight: its range towards straight is at
    // most its rest bend. (min is negative: positive angles bend further.)
    const int child = i + 1;  // DFS: the forearm's / shin's only child follows it
    ASSERT_EQ(s.parent[static_cast<size_t>(child)], i) << name;
    const float bend = bend_deg(h.position[static_cast<size_t>(s.parent[static_cast<size_t>(i)])],
                                h.position[static_cast<size_t>(i)], h.position[static_cast<size_t>(child)]);
    EXPECT_LE(-l.min.x * kDegPerRad, bend) << name;
    EXPECT_NEAR(glm::length(l.hinge_axis), 1.0f, 1e-5f) << name;
    // Positive angles bend further: turning the joint by +10 degrees about its hinge axis
    // increases the angle between upper and lower bone.
    ik::Pose pose = ik::rest_pose(s);
    const float ten_deg = 10.0f / kDegPerRad;
    pose.local[static_cast<size_t>(i)].rotation =
        s.rest[static_cast<size_t>(i)].rotation * glm::angleAxis(ten_deg, l.hinge_axis);
    std::vector<glm::mat4> world;
    ik::fk_all(s, pose, world);
    const float bent_more =
        bend_deg(ik::position_of(world[static_cast<size_t>(s.parent[static_cast<size_t>(i)])]),
                 ik::position_of(world[static_cast<size_t>(i)]), ik::position_of(world[static_cast<size_t>(child)]));
    EXPECT_NEAR(bent_more, bend + 10.0f, 0.01f) << name;
  }
}

// ---- tentacle ------------------------------------------------------------------------

TEST(Tentacle, IsOneLongChainWithTaperingBones) {
  LoadedRig t;
  ASSERT_TRUE(load("tentacle.gltf", t));
  const ik::Skeleton& s = t.skeleton();
  EXPECT_GE(bone_joint_count(s), 32);
  EXPECT_EQ(added_tip_count(s), 0);
  EXPECT_EQ(s.name.front(), "Base");
  EXPECT_TRUE(s.is_root(0));
  for (int i = 1; i < s.joint_count(); ++i) ASSERT_EQ(s.parent[static_cast<size_t>(i)], i - 1) << s.name[static_cast<size_t>(i)];
  for (int i = 2; i < s.joint_count(); ++i) {
    const float before = glm::distance(t.position[static_cast<size_t>(i - 2)], t.position[static_cast<size_t>(i - 1)]);
    const float after = glm::distance(t.position[static_cast<size_t>(i - 1)], t.position[static_cast<size_t>(i)]);
    EXPECT_LT(after, before) << s.name[static_cast<size_t>(i)];
  }
}

TEST(Tentacle, NoJointIsColinearWithItsNeighbours) {
  LoadedRig t;
  ASSERT_TRUE(load("tentacle.gltf", t));
  const ik::Skeleton& s = t.skeleton();
  float total_turn = 0.0f;
  for (int i = 1; i + 1 < s.joint_count(); ++i) {
    const float bend = bend_deg(t.position[static_cast<size_t>(i - 1)], t.position[static_cast<size_t>(i)],
                                t.position[static_cast<size_t>(i + 1)]);
    EXPECT_GT(bend, 1.0f) << s.name[static_cast<size_t>(i)];
    EXPECT_LT(bend, 20.0f) << s.name[static_cast<size_t>(i)] << ": gently curved";
    total_turn += bend;
  }
  EXPECT_GT(total_turn, 45.0f);
  for (int i = 1; i + 1 < s.joint_count(); ++i) EXPECT_TRUE(s.limits[static_cast<size_t>(i)].enabled) << s.name[static_cast<size_t>(i)];
}

// ---- arm7 ----------------------------------------------------------------------------

TEST(Arm7, SevenHingesWithAxesAlternatingAlongAndAcrossTheLinks) {
  LoadedRig a;
  ASSERT_TRUE(load("arm7.gltf", a));
  const ik::Skeleton& s = a.skeleton();
  EXPECT_EQ(added_tip_count(s), 0);
  ASSERT_EQ(s.joint_count(), 9);
  EXPECT_EQ(s.name.front(), "Base");
  EXPECT_EQ(s.name.back(), "Flange_end");

  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  int hinges = 0;
  for (int i = 0; i < s.joint_count(); ++i) {
    const ik::JointLimits& l = s.limits[static_cast<size_t>(i)];
    if (!(l.enabled && l.hinge)) continue;
    ++hinges;
    EXPECT_EQ(s.name[static_cast<size_t>(i)], "Joint" + std::to_string(hinges));
    ASSERT_LT(i + 1, s.joint_count());
    // Model-space hinge axis against the link leaving the joint: odd joints roll about
    // the link, even joints pitch across it.
    const glm::vec3 axis = glm::normalize(glm::mat3(world[static_cast<size_t>(i)]) * l.hinge_axis);
    const glm::vec3 link = glm::normalize(a.position[static_cast<size_t>(i + 1)] - a.position[static_cast<size_t>(i)]);
    const float along = std::fabs(glm::dot(axis, link));
    if (hinges % 2 == 1)
      EXPECT_NEAR(along, 1.0f, 1e-4f) << s.name[static_cast<size_t>(i)];
    else
      EXPECT_NEAR(along, 0.0f, 1e-4f) << s.name[static_cast<size_t>(i)];
  }
  EXPECT_EQ(hinges, 7);
}

TEST(Arm7, HingeLimitsMatchTheDataSheetAroundTheRestPose) {
  LoadedRig a;
  ASSERT_TRUE(load("arm7.gltf", a));
  const ik::Skeleton& s = a.skeleton();
  // LBR iiwa ranges, degrees either side of the stretched pose: the extras give them
  // relative to rest, so their width is twice the range and rest lies inside.
  const float range_deg[7] = {170, 120, 170, 120, 170, 120, 175};
  for (int j = 0; j < 7; ++j) {
    const int i = a.find("Joint" + std::to_string(j + 1));
    ASSERT_GE(i, 0);
    const ik::JointLimits& l = s.limits[static_cast<size_t>(i)];
    ASSERT_TRUE(l.enabled && l.hinge) << s.name[static_cast<size_t>(i)];
    EXPECT_NEAR((l.max.x - l.min.x) * kDegPerRad, 2.0f * range_deg[j], 0.05f) << s.name[static_cast<size_t>(i)];
    EXPECT_LE(l.min.x, 0.0f);
    EXPECT_GE(l.max.x, 0.0f);
  }
  // The base is bolted down: a zero range on every axis.
  const ik::JointLimits& base = s.limits[0];
  EXPECT_TRUE(base.enabled);
  EXPECT_FALSE(base.hinge);
  EXPECT_EQ(base.min, glm::vec3(0.0f));
  EXPECT_EQ(base.max, glm::vec3(0.0f));
}

TEST(Arm7, RestsBentNotStretched) {
  LoadedRig a;
  ASSERT_TRUE(load("arm7.gltf", a));
  float chain_length = 0.0f;
  for (size_t i = 1; i < a.position.size(); ++i) chain_length += glm::distance(a.position[i - 1], a.position[i]);
  const float reach = glm::distance(a.position.front(), a.position.back());
  EXPECT_NEAR(chain_length, 1.306f, 1e-3f);  // floor to flange of the iiwa 14 R820
  EXPECT_LT(reach, 0.8f * chain_length);
  for (const char* pitch : {"Joint2", "Joint4", "Joint6"}) {
    const int i = a.find(pitch);
    ASSERT_GE(i, 1);
    const float bend = bend_deg(a.position[static_cast<size_t>(i - 1)], a.position[static_cast<size_t>(i)],
                                a.position[static_cast<size_t>(i + 1)]);
    EXPECT_GT(bend, 20.0f) << pitch;
  }
}

}  // namespace

// ---- mixamo_rig ----------------------------------------------------------------------
// A character rigged as Mixamo rigs them: "mixamorig:" names, fingers, T-pose, centimetres
// under a 0.01-scaled armature node, no limits.

TEST(AssetsMixamoRig, SixtyFiveNamedJointsInCentimetresUnderAScaledArmature) {
  LoadedRig m;
  ASSERT_TRUE(load("mixamo_rig.gltf", m));
  const ik::Skeleton& s = m.skeleton();
  // 65 joints in the file; the ten finger tips ("...4", no "_End") get an added tip each.
  EXPECT_EQ(s.joint_count() - added_tip_count(s), 65);
  EXPECT_EQ(added_tip_count(s), 10);
  EXPECT_EQ(s.name[0], "mixamorig:Hips");
  // Translations are in centimetres: the importer folds the armature node into the root,
  // whose rest scale is then 0.01 (the hips' 100 cm become 1 m)...
  EXPECT_NEAR(s.rest[0].scale.y, 0.01f, 1e-7f);
  EXPECT_NEAR(s.rest[0].translation.y, 1.0f, 1e-5f);
  EXPECT_NEAR(glm::length(s.rest[1].translation), 10.0125f, 1e-3f);  // hips -> spine: 10 cm
  // ...and the figure stands 1.77 m tall in model space, feet on the floor.
  EXPECT_NEAR(m.at("mixamorig:HeadTop_End").y, 1.77f, 1e-4f);
  EXPECT_NEAR(m.at("mixamorig:LeftToe_End").y, 0.015f, 1e-4f);
  // The file has no limits; the importer gives the default ones from roles instead.
  for (const ik::JointLimits& l : m.rig.file_limits) EXPECT_FALSE(l.enabled);
  EXPECT_TRUE(m.rig.default_limits_applied);
}

TEST(AssetsMixamoRig, TPoseWithNearlyStraightLimbs) {
  LoadedRig m;
  ASSERT_TRUE(load("mixamo_rig.gltf", m));
  // Arms straight out to the sides (left = +X), level with the shoulders.
  const glm::vec3 shoulder = m.at("mixamorig:LeftArm"), hand = m.at("mixamorig:LeftHand");
  EXPECT_GT(hand.x - shoulder.x, 0.5f);
  EXPECT_NEAR(hand.y, shoulder.y, 1e-4f);
  EXPECT_NEAR(m.at("mixamorig:RightHand").x, -hand.x, 1e-5f);
  // Elbows and knees bent by only a degree or two: close to the straight-limb singularity.
  const float elbow = bend_deg(shoulder, m.at("mixamorig:LeftForeArm"), hand);
  const float knee = bend_deg(m.at("mixamorig:LeftUpLeg"), m.at("mixamorig:LeftLeg"), m.at("mixamorig:LeftFoot"));
  EXPECT_GT(elbow, 0.5f);
  EXPECT_LT(elbow, 5.0f);
  EXPECT_GT(knee, 0.5f);
  EXPECT_LT(knee, 5.0f);
}

TEST(AssetsMixamoRig, EveryBodyPartHasItsRole) {
  LoadedRig m;
  ASSERT_TRUE(load("mixamo_rig.gltf", m));
  ASSERT_EQ(m.rig.roles.size(), static_cast<size_t>(m.skeleton().joint_count()));
  auto role_of = [&](const char* name) { return m.rig.roles[static_cast<size_t>(m.find(name))]; };
  EXPECT_EQ(role_of("mixamorig:Hips").role, ik::Role::hips);
  EXPECT_EQ(role_of("mixamorig:Head").role, ik::Role::head);
  EXPECT_EQ(role_of("mixamorig:LeftArm").role, ik::Role::upper_arm);
  EXPECT_EQ(role_of("mixamorig:LeftArm").side, ik::Side::left);
  EXPECT_EQ(role_of("mixamorig:RightForeArm").role, ik::Role::forearm);
  EXPECT_EQ(role_of("mixamorig:RightLeg").role, ik::Role::shin);
  EXPECT_EQ(role_of("mixamorig:LeftFoot").role, ik::Role::foot);
  int finger_segments = 0;
  for (const ik::JointRole& r : m.rig.roles) finger_segments += r.role == ik::Role::finger;
  EXPECT_EQ(finger_segments, 30);  // 2 hands x 5 fingers x 3 segments (the 4th is a tip)
}
