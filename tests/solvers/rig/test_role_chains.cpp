// Chains from roles (solvers/rig/role_chains.h) on generated rigs in each naming convention:
// which chains, their groups, which are enabled, where the goals sit and what they follow.
#include <gtest/gtest.h>

#include <map>

#include "solvers/ik/goal_space.h"
#include "solvers/rig/role_chains.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/role_chain_rigs.h"

namespace {

struct Made {
  ik::Skeleton skeleton;
  std::vector<ik::Chain> chains;
  std::vector<glm::mat4> world;
};

Made make(const ik::Skeleton& s) {
  Made m{s, {}, {}};
  const ik::RigRoles roles = ik::recognise_roles(s);
  EXPECT_TRUE(roles.warnings.empty());
  const ik::Pose rest = ik::rest_pose(s);
  m.chains = ik::suggest_rig_chains(s, roles.joints, rest, ik::find_solver("dls"));
  ik::fk_all(s, rest, m.world);
  return m;
}

// The chain from `root` to `effector` (names), or nullptr.
const ik::Chain* find_chain(const Made& m, const std::string& root, const std::string& effector) {
  const int r = ik::find_joint(m.skeleton, root), e = ik::find_joint(m.skeleton, effector);
  for (const ik::Chain& c : m.chains)
    if (c.root == r && c.effector == e) return &c;
  return nullptr;
}

int enabled_count(const Made& m) {
  int n = 0;
  for (const ik::Chain& c : m.chains) n += c.enabled;
  return n;
}

std::map<std::string, int> group_counts(const Made& m) {
  std::map<std::string, int> counts;
  for (const ik::Chain& c : m.chains) ++counts[ik::to_string(c.group)];
  return counts;
}

TEST(RoleChains, MixamoOpensWithEightEnabledChains) {
  const Made m = make(rigs::mixamo("mixamorig:"));
  const auto n = [](const std::string& s) { return "mixamorig:" + s; };
  // spine, head, 2 eyes, 2 clavicles, 2 arms, 10 fingers, 2 legs.
  EXPECT_EQ(m.chains.size(), 20u);
  EXPECT_EQ(enabled_count(m), 8);
  const std::map<std::string, int> expected{{"spine", 1}, {"head", 3}, {"limbs", 6}, {"fingers", 10}};
  EXPECT_EQ(group_counts(m), expected);

  const ik::Chain* spine = find_chain(m, n("Spine"), n("Spine2"));  // above the hips: it never tilts the legs
  ASSERT_NE(spine, nullptr);
  EXPECT_TRUE(spine->enabled);
  EXPECT_EQ(spine->follow_joint, -1);

  const ik::Chain* head = find_chain(m, n("Neck"), n("Head"));
  ASSERT_NE(head, nullptr);
  EXPECT_TRUE(head->aim && head->enabled);
  EXPECT_EQ(head->group, ik::ChainGroup::head);
  // The look target is in front of the face (+Z), the aim axis is the head's +Z at rest.
  const glm::vec3 head_at = ik::position_of(m.world[static_cast<size_t>(head->effector)]);
  EXPECT_GT(head->goal.position.z - head_at.z, 0.2f);
  EXPECT_NEAR(glm::length(head->aim_axis - glm::vec3(0, 0, 1)), 0.0f, 1e-5f);

  for (const char* side : {"Left", "Right"}) {
    const std::string S = side;
    const ik::Chain* eye = find_chain(m, n(S + "Eye"), n(S + "Eye"));
    ASSERT_NE(eye, nullptr) << side;
    EXPECT_TRUE(eye->aim);
    EXPECT_FALSE(eye->enabled);
    EXPECT_EQ(eye->follow_joint, ik::find_joint(m.skeleton, n("Head")));

    const ik::Chain* clavicle = find_chain(m, n(S + "Shoulder"), n(S + "Arm"));
    ASSERT_NE(clavicle, nullptr) << side;
    EXPECT_TRUE(clavicle->enabled);
    EXPECT_EQ(clavicle->follow_joint, ik::find_joint(m.skeleton, n("Spine2")));  // the spine's effector

    const ik::Chain* arm = find_chain(m, n(S + "Arm"), n(S + "Hand"));
    ASSERT_NE(arm, nullptr) << side;
    EXPECT_TRUE(arm->enabled);
    EXPECT_EQ(arm->group, ik::ChainGroup::limbs);
    EXPECT_EQ(arm->follow_joint, -1);

    // The leg's goal is at the ankle (the foot joint), with the foot's orientation.
    const ik::Chain* leg = find_chain(m, n(S + "UpLeg"), n(S + "Foot"));
    ASSERT_NE(leg, nullptr) << side;
    EXPECT_TRUE(leg->enabled && leg->goal.use_orientation);
    EXPECT_EQ(leg->follow_joint, -1);
    EXPECT_NEAR(glm::length(leg->goal.position - ik::position_of(m.world[static_cast<size_t>(leg->effector)])), 0.0f,
                1e-5f);

    for (const char* finger : {"Thumb", "Index", "Middle", "Ring", "Pinky"}) {
      const ik::Chain* f = find_chain(m, n(S + "Hand" + finger + "1"), n(S + "Hand" + finger + "4"));
      ASSERT_NE(f, nullptr) << side << finger;
      EXPECT_FALSE(f->enabled);
      EXPECT_EQ(f->group, ik::ChainGroup::fingers);
      EXPECT_EQ(f->follow_joint, ik::find_joint(m.skeleton, n(S + "Hand")));
      // The stored goal is the offset in the hand's frame; in model space it is on the tip.
      const ik::Goal goal = ik::goal_in_model_space(*f, m.world);
      EXPECT_NEAR(glm::length(goal.position - ik::position_of(m.world[static_cast<size_t>(f->effector)])), 0.0f, 1e-5f);
    }
  }
  // Listed in DFS order of their effectors.
  for (size_t c = 1; c < m.chains.size(); ++c) EXPECT_LE(m.chains[c - 1].effector, m.chains[c].effector);
}

TEST(RoleChains, MixamoWithoutPrefixTheSame) {
  EXPECT_EQ(make(rigs::mixamo("")).chains.size(), 20u);
  EXPECT_EQ(enabled_count(make(rigs::mixamo("Character1:"))), 8);
}

TEST(RoleChains, UnrealMannequin) {
  const Made m = make(rigs::unreal_mannequin());
  // spine, head, 2 clavicles, 2 arms, 4 fingers (thumb and index), 2 legs.
  EXPECT_EQ(m.chains.size(), 12u);
  EXPECT_EQ(enabled_count(m), 8);
  EXPECT_NE(find_chain(m, "spine_01", "spine_03"), nullptr);
  EXPECT_NE(find_chain(m, "neck_01", "head"), nullptr);
  for (const char* s : {"_l", "_r"}) {
    const std::string side = s;
    EXPECT_NE(find_chain(m, "clavicle" + side, "upperarm" + side), nullptr);
    EXPECT_NE(find_chain(m, "upperarm" + side, "hand" + side), nullptr);
    const ik::Chain* leg = find_chain(m, "thigh" + side, "foot" + side);
    ASSERT_NE(leg, nullptr);
    EXPECT_TRUE(leg->goal.use_orientation);
  }
  const std::map<std::string, int> expected{{"spine", 1}, {"head", 1}, {"limbs", 6}, {"fingers", 4}};
  EXPECT_EQ(group_counts(m), expected);
}

TEST(RoleChains, RigifyDeformBones) {
  const Made m = make(rigs::rigify());
  // No chest and no neck by name: the spine ends where the arms hang, the head chain
  // starts from the last spine bone.
  EXPECT_NE(find_chain(m, "DEF-spine.001", "DEF-spine.003"), nullptr);
  EXPECT_NE(find_chain(m, "DEF-spine.004", "DEF-head"), nullptr);
  for (const char* s : {".L", ".R"}) {
    const std::string side = s;
    // The arm runs through the .001 segment (a helper) from the upper arm to the hand.
    EXPECT_NE(find_chain(m, "DEF-upper_arm" + side, "DEF-hand" + side), nullptr);
    EXPECT_NE(find_chain(m, "DEF-shoulder" + side, "DEF-upper_arm" + side), nullptr);
    EXPECT_NE(find_chain(m, "DEF-thigh" + side, "DEF-foot" + side), nullptr);
  }
  EXPECT_LE(enabled_count(m), 8);
  EXPECT_EQ(group_counts(m).at("limbs"), 6);
}

TEST(RoleChains, RigWithoutRolesFallsBackOnShape) {
  rigs::RigWriter w;
  w.add("a", "", {0, 0, 0});
  w.add("b", "a", {0, 1, 0});
  w.add("c", "b", {0, 1, 0});
  const ik::Skeleton s = w.build();
  const std::vector<ik::JointRole> none(static_cast<size_t>(s.joint_count()));
  EXPECT_TRUE(ik::chains_from_roles(s, none, ik::rest_pose(s), 0).empty());
  const std::vector<ik::Chain> chains = ik::suggest_rig_chains(s, none, ik::rest_pose(s), 0);
  const std::vector<ik::Chain> shape = ik::suggest_chains(s, ik::rest_pose(s), 0);
  ASSERT_EQ(chains.size(), shape.size());
  ASSERT_FALSE(chains.empty());
  EXPECT_EQ(chains[0].root, shape[0].root);
  EXPECT_EQ(chains[0].effector, shape[0].effector);
  EXPECT_EQ(chains[0].group, ik::ChainGroup::other);
}

TEST(RoleChains, TailIsOneChain) {
  rigs::RigWriter w;
  w.add("Hips", "", {0, 1, 0});
  w.add("Spine", "Hips", {0, 0.1f, 0});
  w.add("Chest", "Spine", {0, 0.1f, 0});
  for (const char* side : {"Left", "Right"}) {
    const float x = std::string(side) == "Left" ? 1.0f : -1.0f;
    w.add(std::string(side) + "UpLeg", "Hips", {x * 0.1f, -0.05f, 0});
    w.add(std::string(side) + "Leg", std::string(side) + "UpLeg", {0, -0.4f, 0.01f});
    w.add(std::string(side) + "Foot", std::string(side) + "Leg", {0, -0.4f, 0});
  }
  w.add("Tail1", "Hips", {0, 0, -0.1f});
  w.add("Tail2", "Tail1", {0, 0, -0.1f});
  w.add("Tail3", "Tail2", {0, 0, -0.1f});
  const Made m = make(w.build());
  int tails = 0;
  for (const ik::Chain& c : m.chains)
    if (c.group == ik::ChainGroup::tail) {
      ++tails;
      EXPECT_EQ(c.root, ik::find_joint(m.skeleton, "Tail1"));
      EXPECT_TRUE(m.skeleton.is_leaf(c.effector));  // down to the tip
    }
  EXPECT_EQ(tails, 1);
}

}  // namespace
