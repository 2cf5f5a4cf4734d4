// Skeleton building: DFS order, spine first, added tips, validation errors.
#include "solvers/anim/skeleton.h"

#include <gtest/gtest.h>

namespace {

ik::RawJoint joint(const char* name, int parent, glm::vec3 t) {
  ik::RawJoint j;
  j.name = name;
  j.parent = parent;
  j.rest.translation = t;
  return j;
}

// A humanoid listed in an awkward order: children before parents, limbs before spine.
ik::RawSkeleton shuffled_humanoid() {
  ik::RawSkeleton raw;
  raw.joints = {
      joint("LeftFoot", 3, {0, -0.4f, 0}),      // 0
      joint("Spine", 4, {0, 0.1f, 0}),          // 1
      joint("Head", 1, {0, 0.5f, 0}),           // 2
      joint("LeftKnee", 4, {0.1f, -0.45f, 0}),  // 3
      joint("Hips", -1, {0, 1.0f, 0}),          // 4
      joint("RightKnee", 4, {-0.1f, -0.45f, 0}),  // 5
  };
  return raw;
}

TEST(Skeleton, ParentsComeFirstAndSpineIsTheFirstChain) {
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(shuffled_humanoid(), s, error)) << error;
  for (int i = 0; i < s.joint_count(); ++i) {
    if (s.parent[i] >= 0) {
      EXPECT_LT(s.parent[i], i) << s.name[i];
    }
  }
  ASSERT_GE(s.joint_count(), 4);
  EXPECT_EQ(s.name[0], "Hips");
  EXPECT_EQ(s.name[1], "Spine");
  EXPECT_EQ(s.name[2], "Head");
  EXPECT_EQ(s.name[3], "Head_tip");
  // Legs keep the file's order after the spine.
  EXPECT_EQ(s.name[4], "LeftKnee");
  EXPECT_EQ(s.name[5], "LeftFoot");
}

TEST(Skeleton, SubtreesAreContiguous) {
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(shuffled_humanoid(), s, error)) << error;
  for (int i = 0; i < s.joint_count(); ++i) {
    for (int j = i + 1; j < s.subtree_end[i]; ++j) {
      int a = j;
      while (a > i) a = s.parent[a];
      EXPECT_EQ(a, i) << s.name[j] << " lies in the range of " << s.name[i] << " but is not below it";
    }
    for (int j = s.subtree_end[i]; j < s.joint_count(); ++j) {
      int a = j;
      while (a > i) a = s.parent[a];
      EXPECT_NE(a, i) << s.name[j] << " is below " << s.name[i] << " but outside its range";
    }
  }
}

TEST(Skeleton, EveryLeafGetsATipAlongItsBone) {
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(shuffled_humanoid(), s, error)) << error;
  int tips = 0;
  for (int i = 0; i < s.joint_count(); ++i) {
    if (!s.is_leaf(i)) continue;
    EXPECT_TRUE(s.is_added_tip[i]) << s.name[i];
    ++tips;
  }
  EXPECT_EQ(tips, 3);  // head, left foot, right knee
  EXPECT_EQ(s.joint_count(), 9);
  // LeftFoot's bone points down (0, -0.4, 0): its tip continues down at half length.
  const int foot_tip = ik::find_joint(s, "LeftFoot_tip");
  ASSERT_GE(foot_tip, 0);
  EXPECT_NEAR(s.rest[foot_tip].translation.y, -0.2f, 1e-6f);
  EXPECT_NEAR(s.rest[foot_tip].translation.x, 0.0f, 1e-6f);
}

TEST(Skeleton, NamedEndJointsAreNotGivenAnotherTip) {
  ik::RawSkeleton raw;
  raw.joints = {joint("Root", -1, {}), joint("Bone", 0, {0, 1, 0}), joint("Bone_end", 1, {0, 1, 0})};
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  EXPECT_EQ(s.joint_count(), 3);
  EXPECT_TRUE(ik::is_tip_name("HeadTop_End"));
  EXPECT_TRUE(ik::is_tip_name("finger.tip"));
  EXPECT_FALSE(ik::is_tip_name("Bend"));
  EXPECT_FALSE(ik::is_tip_name("Legend"));
}

TEST(Skeleton, RejectsACycle) {
  ik::RawSkeleton raw;
  raw.joints = {joint("a", 2, {}), joint("b", 0, {}), joint("c", 1, {})};
  ik::Skeleton s;
  std::string error;
  EXPECT_FALSE(ik::build_skeleton(raw, s, error));
  EXPECT_NE(error.find("cycle"), std::string::npos) << error;
  EXPECT_EQ(s.joint_count(), 0) << "a failed build must leave the output untouched";
}

TEST(Skeleton, RejectsOutOfRangeParent) {
  ik::RawSkeleton raw;
  raw.joints = {joint("a", -1, {}), joint("b", 7, {})};
  ik::Skeleton s;
  std::string error;
  EXPECT_FALSE(ik::build_skeleton(raw, s, error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
  EXPECT_NE(error.find("'b'"), std::string::npos) << error;
}

TEST(Skeleton, RejectsZeroAndNaNScale) {
  for (float bad : {0.0f, std::nanf("")}) {
    ik::RawSkeleton raw;
    raw.joints = {joint("a", -1, {}), joint("b", 0, {0, 1, 0})};
    raw.joints[1].rest.scale.y = bad;
    ik::Skeleton s;
    std::string error;
    EXPECT_FALSE(ik::build_skeleton(raw, s, error));
    EXPECT_NE(error.find("'b'"), std::string::npos) << error;
  }
}

TEST(Skeleton, RejectsEmpty) {
  ik::Skeleton s;
  std::string error;
  EXPECT_FALSE(ik::build_skeleton(ik::RawSkeleton{}, s, error));
  EXPECT_EQ(error, "the skeleton has no joints");
}

TEST(Skeleton, ChainPathFollowsParents) {
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(shuffled_humanoid(), s, error)) << error;
  const auto path = ik::chain_path(s, 0, 5);  // Hips -> LeftKnee -> LeftFoot
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(s.name[path[0]], "Hips");
  EXPECT_EQ(s.name[path[2]], "LeftFoot");
  EXPECT_TRUE(ik::chain_path(s, 4, 2).empty()) << "LeftKnee is not an ancestor of Head";
}

}  // namespace
