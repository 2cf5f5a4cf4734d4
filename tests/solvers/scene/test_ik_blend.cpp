// IK weight (solvers/scene/ik_blend.h) on the built-in humanoid's arms: weight 0 gives the
// animated pose bit for bit, weight 1 the solved pose bit for bit, 0.5 the halfway pose per
// joint (rotation angles and translations checked against the animated and solved poses,
// computed independently); joints outside the chains keep the animated pose; a joint in two
// chains is blended once; the warm start from the animated pose.
#include <gtest/gtest.h>

#include "io/gltf/gltf_import.h"
#include "solvers/scene/ik_blend.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

ik::Skeleton humanoid() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  return rig.skeleton;
}

int joint(const ik::Skeleton& s, const char* name) {
  const int i = ik::find_joint(s, name);
  EXPECT_GE(i, 0) << name;
  return i;
}

// The rotation angle between two unit quaternions, radians (shorter arc).
float angle_between(const glm::quat& a, const glm::quat& b) {
  const float d = std::min(1.0f, std::abs(glm::dot(a, b)));
  return 2.0f * std::acos(d);
}

struct Fixture {
  ik::Skeleton skeleton = humanoid();
  std::vector<ik::Chain> chains;
  ik::Pose animated;
  std::vector<int> left_arm, right_arm;

  Fixture() {
    std::mt19937 rng(7);
    const int l0 = joint(skeleton, "LeftShoulder"), l1 = joint(skeleton, "LeftHand_end");
    const int r0 = joint(skeleton, "RightShoulder"), r1 = joint(skeleton, "RightHand_end");
    left_arm = iktest::path_of(skeleton, l0, l1);
    right_arm = iktest::path_of(skeleton, r0, r1);
    // The animated pose: every joint turned a little from rest, and the hips moved (as a
    // clip would), so "animated" differs from rest everywhere.
    std::vector<int> all;
    for (int j = 0; j < skeleton.joint_count(); ++j) all.push_back(j);
    animated = iktest::random_pose(rng, skeleton, all, 0.3f);
    animated.local[0].translation += glm::vec3(0.1f, -0.05f, 0.2f);
    for (auto [root, effector, path] : {std::tuple{l0, l1, &left_arm}, std::tuple{r0, r1, &right_arm}}) {
      ik::Chain c = iktest::chain_to(root, effector, iktest::random_reachable_goal(rng, skeleton, *path), 32);
      c.solver = ik::find_solver("dls");
      chains.push_back(c);
    }
  }

  // The frame's pose with the given weights (start from the animated pose, solve, blend).
  ik::Pose run(float left_weight, float right_weight) {
    chains[0].ik_weight = left_weight;
    chains[1].ik_weight = right_weight;
    ik::Pose pose = ik::rest_pose(skeleton);
    ik::Workspace workspace;
    ik::FrameSolve frame;
    ik::solve_animated_frame(skeleton, chains, 0, animated, true, pose, workspace, frame);
    EXPECT_TRUE(std::all_of(workspace.locked.begin(), workspace.locked.end(), [](auto v) { return v == 0; }));
    return pose;
  }

  // The solve alone, without the blend (solve_frame on the animated pose).
  ik::Pose solved() {
    ik::Pose pose = animated;
    ik::Workspace workspace;
    ik::FrameSolve frame;
    ik::solve_frame(skeleton, chains, 0, pose, workspace, frame);
    return pose;
  }
};

TEST(IkBlend, WeightOneIsTheSolvedPoseBitForBit) {
  Fixture f;
  const ik::Pose blended = f.run(1.0f, 1.0f);
  EXPECT_TRUE(iktest::same_pose(blended, f.solved()));
  EXPECT_FALSE(iktest::same_pose(blended, f.animated));  // the solve did move something
}

TEST(IkBlend, WeightZeroIsTheAnimatedPoseBitForBit) {
  Fixture f;
  EXPECT_TRUE(iktest::same_pose(f.run(0.0f, 0.0f), f.animated));
}

TEST(IkBlend, WeightsApplyPerChain) {
  Fixture f;
  const ik::Pose solved = f.solved();
  const ik::Pose pose = f.run(0.0f, 1.0f);  // left arm animated, right arm solved
  for (int j = 0; j < f.skeleton.joint_count(); ++j) {
    const size_t u = static_cast<size_t>(j);
    const bool right = std::find(f.right_arm.begin(), f.right_arm.end(), j) != f.right_arm.end();
    const ik::Transform& want = right ? solved.local[u] : f.animated.local[u];
    EXPECT_EQ(pose.local[u].rotation, want.rotation) << j;
    EXPECT_EQ(pose.local[u].translation, want.translation) << j;
  }
}

TEST(IkBlend, HalfWeightIsHalfwayPerJoint) {
  Fixture f;
  const ik::Pose solved = f.solved();
  const ik::Pose half = f.run(0.5f, 0.5f);
  int moved = 0;
  for (int j = 0; j < f.skeleton.joint_count(); ++j) {
    const size_t u = static_cast<size_t>(j);
    const glm::quat a = f.animated.local[u].rotation, s = solved.local[u].rotation, h = half.local[u].rotation;
    const float full = angle_between(a, s);
    // Halfway along the arc from animated to solved: half the angle from each end.
    EXPECT_NEAR(angle_between(a, h), 0.5f * full, 2e-3f) << j;
    EXPECT_NEAR(angle_between(h, s), 0.5f * full, 2e-3f) << j;
    const glm::vec3 mid = 0.5f * (f.animated.local[u].translation + solved.local[u].translation);
    EXPECT_NEAR(glm::length(half.local[u].translation - mid), 0.0f, 1e-6f) << j;
    moved += full > 0.01f;
  }
  EXPECT_GE(moved, 4);  // the arms' joints really turned, so the check means something
}

TEST(IkBlend, WeightIsClampedAndNanCountsAsOne) {
  Fixture f;
  EXPECT_TRUE(iktest::same_pose(f.run(-2.0f, -0.5f), f.animated));
  EXPECT_TRUE(iktest::same_pose(f.run(NAN, 3.0f), f.solved()));
}

TEST(IkBlend, AJointInTwoChainsIsBlendedOnce) {
  Fixture one;
  one.chains.pop_back();  // the left arm alone, at 0.5
  one.chains[0].ik_weight = 0.5f;
  ik::Pose single = ik::rest_pose(one.skeleton);
  {
    ik::Workspace ws;
    ik::FrameSolve frame;
    ik::solve_animated_frame(one.skeleton, one.chains, -1, one.animated, true, single, ws, frame);
  }
  Fixture two;  // the left arm twice, both at 0.5: the second solves nothing (locked)
  two.chains[1] = two.chains[0];
  two.chains[0].ik_weight = two.chains[1].ik_weight = 0.5f;
  ik::Pose twice = ik::rest_pose(two.skeleton);
  ik::Workspace ws;
  ik::FrameSolve frame;
  ik::solve_animated_frame(two.skeleton, two.chains, -1, two.animated, true, twice, ws, frame);
  EXPECT_TRUE(iktest::same_pose(single, twice));
}

TEST(IkBlend, WithoutStartFromAnimatedTheSolveContinuesFromThePose) {
  Fixture f;
  f.chains[0].ik_weight = f.chains[1].ik_weight = 1.0f;
  ik::Pose pose = ik::rest_pose(f.skeleton);  // not the animated pose
  ik::Workspace workspace;
  ik::FrameSolve frame;
  ik::solve_animated_frame(f.skeleton, f.chains, -1, f.animated, false, pose, workspace, frame);
  // Joints outside the chains kept the pose they had (rest), not the animated ones.
  EXPECT_EQ(pose.local[0].translation, f.skeleton.rest[0].translation);
}

}  // namespace
