// Scale target: the effector's scale (measured by the independent forward kinematics as
// the stretch of its world matrix against rest) becomes the goal when the per-joint
// bounds allow; otherwise the bounds hold and the status says unreachable.
#include <gtest/gtest.h>

#include "solvers/ik/scale_target/scale_target.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace {

using iktest::chain_to;

ik::Chain scale_chain(int root, int effector, float scale) {
  ik::Chain c = chain_to(root, effector, glm::vec3(0.0f));
  c.goal.scale = scale;
  return c;
}

// How much the world matrix of `joint` stretches its X axis in `pose` compared with rest
// (the same for every axis: the solver only applies uniform factors).
float world_scale_ratio(const ik::Skeleton& s, const ik::Pose& pose, int joint) {
  const glm::mat4 now = iktest::world_matrix(s, pose, joint);
  const glm::mat4 rest = iktest::world_matrix(s, ik::rest_pose(s), joint);
  return glm::length(glm::vec3(now[0])) / glm::length(glm::vec3(rest[0]));
}

float factor(const ik::Skeleton& s, const ik::Pose& pose, int joint) {
  return pose.local[static_cast<size_t>(joint)].scale.x /
         s.rest[static_cast<size_t>(joint)].scale.x;
}

TEST(ScaleTarget, SpreadsEvenlyAndReachesUnderEveryRootTransform) {
  for (const iktest::RootCase& rc : iktest::root_cases()) {
    SCOPED_TRACE(rc.name);
    ik::RawSkeleton raw = iktest::chain_raw(3, 1.0f, rc.base);
    raw.joints[2].rest.scale = {1.0f, 2.0f, 0.5f};  // a non-uniform rest scale keeps its shape
    const ik::Skeleton s = iktest::build(raw);
    const ik::Pose before = ik::rest_pose(s);
    ik::Pose pose = before;
    ik::Workspace ws;
    const ik::SolveResult r = ik::solve_scale_target(s, scale_chain(1, 3, 8.0f), pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::reached) << r.error;
    EXPECT_EQ(r.iterations, 1);
    for (int j = 1; j <= 3; ++j) EXPECT_NEAR(factor(s, pose, j), 2.0f, 1e-5f) << j;
    EXPECT_NEAR(pose.local[2].scale.y, 4.0f, 1e-5f);
    EXPECT_NEAR(world_scale_ratio(s, pose, 3), 8.0f, 1e-4f);
    // Rotations and translations are left alone.
    for (size_t j = 0; j < pose.local.size(); ++j) {
      EXPECT_EQ(pose.local[j].rotation, before.local[j].rotation);
      EXPECT_EQ(pose.local[j].translation, before.local[j].translation);
    }
  }
}

TEST(ScaleTarget, BoundsHoldAndTheStatusIsUnreachable) {
  const ik::Skeleton s = iktest::chain_skeleton(3);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::Trace trace;
  const ik::SolveResult r = ik::solve_scale_target(s, scale_chain(1, 3, 100.0f), pose, ws, &trace);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  for (int j = 1; j <= 3; ++j) EXPECT_NEAR(factor(s, pose, j), 4.0f, 1e-6f);
  EXPECT_NEAR(r.error, 100.0f - 64.0f, 1e-3f);
  EXPECT_NEAR(world_scale_ratio(s, pose, 3), 64.0f, 1e-3f);
  for (std::uint8_t c : trace.clamped) EXPECT_EQ(c, 1);
}

TEST(ScaleTarget, LockedJointKeepsItsScaleAndTheOthersMakeUpTheRest) {
  const ik::Skeleton s = iktest::chain_skeleton(3);
  ik::Pose pose = ik::rest_pose(s);
  pose.local[2].scale = glm::vec3(0.5f);  // factor 0.5, locked
  ik::Workspace ws;
  ws.locked.assign(static_cast<size_t>(s.joint_count()), 0);
  ws.locked[2] = 1;
  const ik::SolveResult r = ik::solve_scale_target(s, scale_chain(1, 3, 2.0f), pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::reached);
  EXPECT_EQ(pose.local[2].scale, glm::vec3(0.5f));
  EXPECT_NEAR(factor(s, pose, 1), 2.0f, 1e-5f);  // 2 = 2 * 0.5 * 2
  EXPECT_NEAR(factor(s, pose, 3), 2.0f, 1e-5f);
  EXPECT_NEAR(world_scale_ratio(s, pose, 3), 2.0f, 1e-5f);
}

TEST(ScaleTarget, ClampedJointsShortfallGoesToTheJointsAfterIt) {
  // Joint 2 locked at factor 3: the goal 3 leaves 1 for the two free joints: both 1. With
  // min 1.5 the first free joint (the root) takes 1.5 and the effector the remaining 1/1.5,
  // clamped up to 1.5 as well: 3 * 1.5 * 1.5 = 6.75, unreachable.
  const ik::Skeleton s = iktest::chain_skeleton(3);
  ik::Pose pose = ik::rest_pose(s);
  pose.local[2].scale = glm::vec3(3.0f);
  ik::Workspace ws;
  ws.locked.assign(static_cast<size_t>(s.joint_count()), 0);
  ws.locked[2] = 1;
  ik::Chain chain = scale_chain(1, 3, 3.0f);
  chain.params.min_scale = 1.5f;
  const ik::SolveResult r = ik::solve_scale_target(s, chain, pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  EXPECT_NEAR(factor(s, pose, 1), 1.5f, 1e-6f);
  EXPECT_NEAR(factor(s, pose, 3), 1.5f, 1e-6f);
  EXPECT_NEAR(r.error, 6.75f - 3.0f, 1e-4f);

  // Without the bound being hit the leftover is spread: goal 12 -> 4 for the two free
  // joints -> 2 each.
  chain.goal.scale = 12.0f;
  ik::solve_scale_target(s, chain, pose, ws, nullptr);
  EXPECT_NEAR(factor(s, pose, 1), 2.0f, 1e-5f);
  EXPECT_NEAR(factor(s, pose, 3), 2.0f, 1e-5f);
}

TEST(ScaleTarget, ZeroOrNegativeGoalTakesTheMinimumEverywhere) {
  const ik::Skeleton s = iktest::chain_skeleton(3);
  for (float goal : {0.0f, -2.0f}) {
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace ws;
    const ik::SolveResult r = ik::solve_scale_target(s, scale_chain(1, 3, goal), pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::unreachable) << goal;
    for (int j = 1; j <= 3; ++j) EXPECT_NEAR(factor(s, pose, j), 0.25f, 1e-6f);
    EXPECT_TRUE(iktest::finite(pose));
  }
}

// Four factors of at least min_scale = 1e20 multiply past float's range (1e80); the error
// still comes out finite (the largest float), and so does the pose.
TEST(ScaleTarget, ErrorStaysFiniteWhenTheFactorsProductLeavesFloatRange) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  ik::Chain chain = scale_chain(1, 4, 1.0f);
  chain.params.min_scale = 1e20f;
  chain.params.max_scale = 1e30f;
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_scale_target(s, chain, pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  EXPECT_EQ(r.error, std::numeric_limits<float>::max());
  EXPECT_TRUE(iktest::finite(pose));
}

TEST(ScaleTarget, NanOrInfiniteGoalIsInvalidAndLeavesThePoseUntouched) {
  const ik::Skeleton s = iktest::chain_skeleton(3);
  const ik::Pose before = ik::rest_pose(s);
  for (float bad : {std::nanf(""), std::numeric_limits<float>::infinity()}) {
    ik::Pose pose = before;
    ik::Workspace ws;
    EXPECT_EQ(ik::solve_scale_target(s, scale_chain(1, 3, bad), pose, ws, nullptr).status,
              ik::SolveStatus::invalid_input);
    EXPECT_TRUE(iktest::same_pose(before, pose));
  }
  ik::Chain bad_bounds = scale_chain(1, 3, 2.0f);
  bad_bounds.params.min_scale = 3.0f;
  bad_bounds.params.max_scale = 2.0f;
  ik::Pose pose = before;
  ik::Workspace ws;
  EXPECT_EQ(ik::solve_scale_target(s, bad_bounds, pose, ws, nullptr).status,
            ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::same_pose(before, pose));
}

TEST(ScaleTarget, SameInputSameOutput) {
  const ik::Skeleton s = iktest::chain_skeleton(5);
  ik::Pose a = ik::rest_pose(s), b = a;
  ik::Workspace wa, wb;
  const ik::SolveResult ra = ik::solve_scale_target(s, scale_chain(2, 5, 0.37f), a, wa, nullptr);
  const ik::SolveResult rb = ik::solve_scale_target(s, scale_chain(2, 5, 0.37f), b, wb, nullptr);
  EXPECT_TRUE(iktest::same_pose(a, b));
  EXPECT_EQ(ra.error, rb.error);
}

// >= 100,000 random goals (log-uniform over 1e-3 .. 1e3) and bounds: factors finite and
// inside the bounds, the goal met whenever it lies in [min^N, max^N], the nearer bound's
// product otherwise.
TEST(ScaleTarget, PropertyRandomGoals) {
  std::mt19937 rng(31);
  const ik::Skeleton s = iktest::chain_skeleton(6);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  for (int i = 0; i < 100000; ++i) {
    const int root = 1 + static_cast<int>(rng() % 3);
    const int n = 6 - root + 1;
    ik::Chain chain = scale_chain(root, 6, std::pow(10.0f, iktest::uniform(rng, -3.0f, 3.0f)));
    chain.params.min_scale = iktest::uniform(rng, 0.1f, 1.0f);
    chain.params.max_scale = iktest::uniform(rng, 1.0f, 5.0f);
    const ik::SolveResult r = ik::solve_scale_target(s, chain, pose, ws, nullptr);
    ASSERT_NE(r.status, ik::SolveStatus::invalid_input);
    ASSERT_TRUE(iktest::finite(pose));
    float product = 1.0f;
    for (int j = root; j <= 6; ++j) {
      const float f = factor(s, pose, j);
      ASSERT_GE(f, chain.params.min_scale * (1.0f - 1e-6f)) << i;
      ASSERT_LE(f, chain.params.max_scale * (1.0f + 1e-6f)) << i;
      product *= f;
    }
    const float lo = std::pow(chain.params.min_scale, static_cast<float>(n));
    const float hi = std::pow(chain.params.max_scale, static_cast<float>(n));
    const float expected = std::clamp(chain.goal.scale, lo, hi);
    ASSERT_NEAR(product, expected, 1e-4f * expected) << i;
    ASSERT_EQ(r.status == ik::SolveStatus::reached, r.error <= 1e-3f * chain.goal.scale) << i;
  }
}

}  // namespace
