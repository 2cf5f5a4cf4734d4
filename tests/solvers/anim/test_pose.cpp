// Forward kinematics, checked against transforms composed by hand.
#include "solvers/anim/pose.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace {

constexpr float kPi = 3.14159265358979f;

ik::Skeleton three_joint_arm() {
  ik::RawSkeleton raw;
  raw.joints.resize(3);
  raw.joints[0].name = "shoulder";
  raw.joints[0].rest.translation = {1, 2, 3};
  raw.joints[0].rest.rotation = glm::angleAxis(kPi / 2, glm::vec3(0, 0, 1));
  raw.joints[1].name = "elbow";
  raw.joints[1].parent = 0;
  raw.joints[1].rest.translation = {1, 0, 0};
  raw.joints[1].rest.scale = {2, 2, 2};
  raw.joints[2].name = "wrist_end";
  raw.joints[2].parent = 1;
  raw.joints[2].rest.translation = {0.5f, 0, 0};
  ik::Skeleton s;
  std::string error;
  EXPECT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  return s;
}

TEST(ForwardKinematics, ComposesTranslationRotationScaleDownTheChain) {
  const ik::Skeleton s = three_joint_arm();
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  // shoulder at (1,2,3), rotated 90 deg about Z: local +X points along world +Y.
  EXPECT_NEAR(ik::position_of(world[0]).y, 2.0f, 1e-6f);
  // elbow: 1 along the shoulder's X = world +Y -> (1, 3, 3).
  const glm::vec3 elbow = ik::position_of(world[1]);
  EXPECT_NEAR(elbow.x, 1.0f, 1e-6f);
  EXPECT_NEAR(elbow.y, 3.0f, 1e-6f);
  EXPECT_NEAR(elbow.z, 3.0f, 1e-6f);
  // wrist: 0.5 along the elbow's X, scaled by 2 -> one more unit along world +Y.
  const glm::vec3 wrist = ik::position_of(world[2]);
  EXPECT_NEAR(wrist.x, 1.0f, 1e-6f);
  EXPECT_NEAR(wrist.y, 4.0f, 1e-6f);
}

TEST(ForwardKinematics, PartialRangeOnlyTouchesThatRange) {
  const ik::Skeleton s = three_joint_arm();
  ik::Pose pose = ik::rest_pose(s);
  std::vector<glm::mat4> world;
  ik::fk_all(s, pose, world);
  const glm::mat4 shoulder_before = world[0];
  pose.local[0].translation = {100, 100, 100};   // not recomputed below
  pose.local[1].rotation = glm::angleAxis(kPi, glm::vec3(0, 0, 1));
  ik::fk(s, pose, world, 1);
  EXPECT_EQ(world[0], shoulder_before);
  // The elbow turned 180 deg: the wrist now lies on the other side, at y = 3 - 1.
  EXPECT_NEAR(ik::position_of(world[2]).y, 2.0f, 1e-5f);
}

TEST(Transform, DecomposeRoundTripsIncludingMirror) {
  ik::Transform t;
  t.translation = {1, -2, 3};
  t.rotation = glm::normalize(glm::quat(0.9f, 0.1f, -0.3f, 0.2f));
  t.scale = {-2.0f, 0.5f, 3.0f};
  ik::Transform back;
  ASSERT_TRUE(ik::decompose(ik::to_matrix(t), back));
  const glm::mat4 a = ik::to_matrix(t), b = ik::to_matrix(back);
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(a[c][r], b[c][r], 1e-5f);
  glm::mat4 zero_scale(1.0f);
  zero_scale[1] = glm::vec4(0.0f);
  EXPECT_FALSE(ik::decompose(zero_scale, back));
}

TEST(Pose, TranslateInModelSpaceUndoesTheParentsTurnAndScale) {
  // A root scaled by 0.01 and turned a quarter about +Y, a child 100 units along its X: a
  // model-space move of (0, -0.1, 0.2) is (-20, -10, 0) in the child's parent space.
  ik::RawSkeleton raw;
  raw.joints.resize(2);
  raw.joints[0].name = "root";
  raw.joints[0].rest.scale = glm::vec3(0.01f);
  raw.joints[0].rest.rotation = glm::angleAxis(1.5707963f, glm::vec3(0.0f, 1.0f, 0.0f));
  raw.joints[1].name = "hips";
  raw.joints[1].parent = 0;
  raw.joints[1].rest.translation = {100.0f, 0.0f, 0.0f};
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  ik::Pose pose = ik::rest_pose(s);
  std::vector<glm::mat4> before, after;
  ik::fk_all(s, pose, before);
  ik::translate_in_model_space(s, pose, 1, {0.0f, -0.1f, 0.2f});
  ik::fk_all(s, pose, after);
  const glm::vec3 moved = ik::position_of(after[1]) - ik::position_of(before[1]);
  EXPECT_NEAR(moved.x, 0.0f, 1e-5f);
  EXPECT_NEAR(moved.y, -0.1f, 1e-5f);
  EXPECT_NEAR(moved.z, 0.2f, 1e-5f);
  EXPECT_NEAR(pose.local[1].translation.x, 100.0f - 20.0f, 1e-3f);
  ik::translate_in_model_space(s, pose, 7, {1.0f, 0.0f, 0.0f});  // a joint the rig lacks: nothing
}

}  // namespace
