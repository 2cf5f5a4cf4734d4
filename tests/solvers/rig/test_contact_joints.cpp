// Contact joints (solvers/rig/contact_joints.h): feet and toes by roles on every naming
// convention, the Unreal mannequin's twist bones not cutting its legs short, a quadruped's
// four paws by the tree's shape, CesiumMan's walk: its feet found and planted in turn, and the
// CMU walk's plants each a step long.
#include <gtest/gtest.h>

#include <string>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/rig/contact_joints.h"
#include "tests/support/gltf_test_util.h"
#include "tests/support/role_chain_rigs.h"

namespace {

std::vector<std::string> names_of(const ik::Skeleton& s, const std::vector<ik::ContactJoint>& joints) {
  std::vector<std::string> out;
  for (const ik::ContactJoint& c : joints) out.push_back(s.name[static_cast<size_t>(c.joint)]);
  return out;
}

TEST(ContactJoints, FeetAndToesByRoles) {
  struct Case {
    ik::Skeleton skeleton;
    std::vector<std::string> expected;
  };
  std::vector<Case> cases;
  cases.push_back({rigs::mixamo(),
                   {"mixamorig:LeftFoot", "mixamorig:LeftToeBase", "mixamorig:RightFoot", "mixamorig:RightToeBase"}});
  cases.push_back({rigs::unreal_mannequin(), {"foot_l", "ball_l", "foot_r", "ball_r"}});
  for (const Case& c : cases) {
    const ik::RigRoles roles = ik::recognise_roles(c.skeleton);
    const std::vector<ik::ContactJoint> found = ik::find_contact_joints(c.skeleton, roles.joints);
    EXPECT_EQ(names_of(c.skeleton, found), c.expected);
    // Each ankle's leg is its shin plus its thigh (twist bones beside them do not end it),
    // each toe's the foot longer.
    std::vector<glm::mat4> world;
    ik::fk_all(c.skeleton, ik::rest_pose(c.skeleton), world);
    for (size_t k = 0; k + 1 < found.size(); k += 2) {
      const int foot = found[k].joint, shin = c.skeleton.parent[static_cast<size_t>(foot)];
      const int thigh = c.skeleton.parent[static_cast<size_t>(shin)];
      const auto at = [&](int j) { return ik::position_of(world[static_cast<size_t>(j)]); };
      EXPECT_NEAR(found[k].leg_length, glm::length(at(foot) - at(shin)) + glm::length(at(shin) - at(thigh)), 1e-4f)
          << c.skeleton.name[static_cast<size_t>(foot)];
      EXPECT_NEAR(found[k + 1].leg_length, found[k].leg_length + glm::length(at(found[k + 1].joint) - at(foot)), 1e-4f);
      EXPECT_EQ(found[k].leg_root, thigh);  // the leg begins at the thigh, for the foot and its toe
      EXPECT_EQ(found[k + 1].leg_root, thigh);
    }
  }
}

// A fox-like quadruped named so that no role is found: a spine along +Z at 0.5 m, four legs
// of three joints down to paws 2 cm above the ground, a tail, a neck and head.
ik::Skeleton quadruped() {
  rigs::RigWriter w;
  w.add("n0", "", {0.0f, 0.5f, 0.0f});
  w.add("n1", "n0", {0.0f, 0.0f, 0.3f});  // the front: a branch point
  for (const char* side : {"a", "b"}) {
    const float x = side[0] == 'a' ? 0.08f : -0.08f;
    for (const char* end : {"back", "front"}) {
      const std::string p = std::string(end) + side;
      w.add(p + "1", end[0] == 'b' ? "n0" : "n1", {x, -0.05f, 0.0f});
      w.add(p + "2", p + "1", {0.0f, -0.2f, 0.02f});
      w.add(p + "3", p + "2", {0.0f, -0.23f, -0.02f});  // the paw, 2 cm up
      w.add(p + "4", p + "3", {0.0f, -0.01f, 0.05f});   // its toe
    }
  }
  w.add("tail1", "n0", {0.0f, 0.02f, -0.1f});
  w.add("tail2", "tail1", {0.0f, 0.0f, -0.2f});
  w.add("neck", "n1", {0.0f, 0.1f, 0.1f});
  w.add("head", "neck", {0.0f, 0.1f, 0.1f});
  return w.build();
}

TEST(ContactJoints, AQuadrupedsFourPawsByShape) {
  const ik::Skeleton s = quadruped();
  const ik::RigRoles roles = ik::recognise_roles(s);
  std::vector<std::string> found = names_of(s, ik::find_contact_joints(s, roles.joints));
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<std::string>{"backa3", "backa4", "backb3", "backb4", "fronta3", "fronta4", "frontb3",
                                             "frontb4"}));
  for (const ik::ContactJoint& c : ik::find_contact_joints(s, {}))  // no roles at all: the same
    if (s.name[static_cast<size_t>(c.joint)].back() == '3') {
      EXPECT_NEAR(c.leg_length,
                  glm::length(glm::vec3(0.0f, -0.2f, 0.02f)) + glm::length(glm::vec3(0.0f, -0.23f, -0.02f)), 1e-4f);
    }
}

TEST(ContactJoints, CesiumMansWalkPlantsEachFootInTurn) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(gltf_test::sample_path("CesiumMan/glTF/CesiumMan.gltf"), rig, error)) << error;
  ASSERT_FALSE(rig.clips.empty());
  const std::vector<ik::ContactJoint> joints = ik::find_contact_joints(rig.skeleton, rig.roles);
  ASSERT_GE(joints.size(), 2u);
  const ik::Clip& walk = rig.clips[0];
  const float rate = ik::clip_frame_rate(walk);
  const std::vector<ik::FootContacts> found = ik::detect_contacts(rig.skeleton, walk, rate, joints, {});
  // CesiumMan walks in place, with a heel-to-toe roll: each ankle and toe is planted for
  // part of the cycle, not all of it (the in-place clip's ground moves under it: without
  // reading that motion its standing feet slide at the walking speed and nothing is planted),
  // a foot's ankle and toe are planted together in the middle of its stance, and the two
  // feet take turns: at the middle of one ankle's plant the other ankle is in the air.
  std::vector<size_t> ankles, toes;
  for (size_t i = 0; i < joints.size(); ++i) {
    float planted = 0.0f;
    for (const ik::ContactInterval& p : found[i].plants) planted += p.end - p.start;
    const float share = planted / walk.duration();
    const std::string& name = rig.skeleton.name[static_cast<size_t>(joints[i].joint)];
    std::printf("%s: %zu plants, %.0f %% of the clip\n", name.c_str(), found[i].plants.size(),
                100.0 * static_cast<double>(share));
    // The right foot: 4 %, its stance cut by the loop point, and on the frames after the
    // loop its keys slide 0.7 legs a second against the treadmill (kept out of the plant).
    EXPECT_GT(share, 0.03f) << name;
    EXPECT_LT(share, 0.8f) << name;
    (rig.roles[static_cast<size_t>(joints[i].joint)].role == ik::Role::foot ? ankles : toes).push_back(i);
  }
  ASSERT_EQ(ankles.size(), 2u);
  ASSERT_EQ(toes.size(), 2u);
  for (size_t side = 0; side < 2; ++side) {
    const ik::FootContacts& ankle = found[ankles[side]];
    for (const ik::ContactInterval& p : ankle.plants) {
      const float middle = 0.5f * (p.start + p.end);
      EXPECT_GE(ik::plant_at(found[toes[side]], middle), 0) << "the toe is not down in the middle of its foot's plant";
      EXPECT_LT(ik::plant_at(found[ankles[1 - side]], middle), 0) << "both feet are planted at " << middle << " s";
    }
  }
}

}  // namespace

// The CMU walk (120 fps): each foot's stance during the walking (1-7.5 s; it stands before
// and after) is a plant of under a second, as a walk's stance is. At the old 0.5 legs per
// second the left toe "stood" from 1.56 to 3.72 s, its glides along the floor read as
// standing (contacts.h).
TEST(ContactJoints, TheCmuWalksPlantsLastAStep) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_bvh_file(std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_01.bvh", ik::BvhOptions{}, rig, error))
      << error;
  ASSERT_FALSE(rig.clips.empty());
  const ik::Clip& walk = rig.clips[0];
  const std::vector<ik::ContactJoint> joints = ik::find_contact_joints(rig.skeleton, rig.roles);
  ASSERT_EQ(joints.size(), 4u);  // ankles and toes
  const auto found = ik::detect_contacts(rig.skeleton, walk, ik::clip_frame_rate(walk), joints, {});
  for (size_t i = 0; i < joints.size(); ++i) {
    const std::string& name = rig.skeleton.name[static_cast<size_t>(joints[i].joint)];
    int walking = 0;
    for (const ik::ContactInterval& p : found[i].plants) {
      if (p.start < 1.0f || p.end > 7.5f) continue;
      ++walking;
      EXPECT_LT(p.end - p.start, 1.0f) << name << " planted " << p.start << "-" << p.end << " s";
    }
    EXPECT_GE(walking, 2) << name;
  }
}
