// Suggested chains: one per run between branch points, goals at the effectors.
#include "solvers/rig/suggest_chains.h"

#include <gtest/gtest.h>

#include "io/gltf/gltf_import.h"

namespace {

std::string name_of(const ik::Skeleton& s, int i) { return s.name[static_cast<size_t>(i)]; }

TEST(SuggestChains, HumanoidGetsLimbsHeadAndSpine) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(IKSCOPE_SOURCE_DIR "/assets/humanoid.gltf", rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  const ik::Pose rest = ik::rest_pose(s);
  const auto chains = ik::suggest_chains(s, rest, 0);

  std::vector<std::string> names;
  for (const auto& c : chains) names.push_back(ik::chain_name(s, c));
  auto has = [&](const std::string& effector, const std::string& root) {
    for (const auto& c : chains)
      if (ik::chain_name(s, c) == effector) return name_of(s, c.root) == root;
    return false;
  };
  EXPECT_EQ(chains.size(), 6u);
  EXPECT_TRUE(has("Chest", "Spine"));
  EXPECT_TRUE(has("Head", "Neck"));
  EXPECT_TRUE(has("LeftHand", "LeftShoulder"));
  EXPECT_TRUE(has("RightHand", "RightShoulder"));
  EXPECT_TRUE(has("LeftToe", "LeftThigh"));
  EXPECT_TRUE(has("RightToe", "RightThigh"));

  // Effectors in DFS order; every root an ancestor of its effector; goals on the effectors.
  std::vector<glm::mat4> world;
  ik::fk_all(s, rest, world);
  for (size_t i = 0; i < chains.size(); ++i) {
    if (i > 0) {
      EXPECT_LT(chains[i - 1].effector, chains[i].effector);
    }
    EXPECT_FALSE(ik::chain_path(s, chains[i].root, chains[i].effector).empty());
    const glm::vec3 d = chains[i].goal.position - ik::position_of(world[static_cast<size_t>(chains[i].effector)]);
    EXPECT_LT(glm::length(d), 1e-6f);
  }
}

TEST(SuggestChains, ChainForAnyJointClimbsToTheBranch) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(IKSCOPE_SOURCE_DIR "/assets/humanoid.gltf", rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  ik::Chain chain;
  ASSERT_TRUE(ik::chain_for_effector(s, world, ik::find_joint(s, "LeftForearm"), 2, chain));
  EXPECT_EQ(name_of(s, chain.root), "LeftShoulder");
  EXPECT_EQ(chain.solver, 2);
  EXPECT_LT(glm::length(chain.goal.position - ik::position_of(world[static_cast<size_t>(chain.effector)])), 1e-6f);
  // Right below a branch point: the branch point itself is the root.
  ASSERT_TRUE(ik::chain_for_effector(s, world, ik::find_joint(s, "LeftThigh"), 0, chain));
  EXPECT_EQ(name_of(s, chain.root), "Hips");
  EXPECT_FALSE(ik::chain_for_effector(s, world, ik::find_joint(s, "Hips"), 0, chain)) << "a root has no bone above it";
}

TEST(SuggestChains, ASingleRunIsOneChainFromTheRoot) {
  ik::RawSkeleton raw;
  for (int i = 0; i < 5; ++i) {
    ik::RawJoint j;
    j.name = "j" + std::to_string(i);
    j.parent = i - 1;
    j.rest.translation = {0.0f, i == 0 ? 0.0f : 1.0f, 0.0f};
    raw.joints.push_back(j);
  }
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  const auto chains = ik::suggest_chains(s, ik::rest_pose(s), 3);
  ASSERT_EQ(chains.size(), 1u);
  EXPECT_EQ(chains[0].root, 0);
  EXPECT_EQ(chains[0].effector, s.joint_count() - 1);  // the added tip
  EXPECT_EQ(chains[0].solver, 3);
  EXPECT_EQ(ik::chain_name(s, chains[0]), "j4");     // the tip is named after its joint
}

TEST(SuggestChains, ALoneJointHasNoChain) {
  ik::RawSkeleton raw;
  raw.joints.resize(1);
  raw.joints[0].name = "only_end";  // counts as a tip: nothing is added
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  EXPECT_TRUE(ik::suggest_chains(s, ik::rest_pose(s), 0).empty());
}

}  // namespace
