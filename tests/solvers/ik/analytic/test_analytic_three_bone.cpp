// Analytic three-bone IK (solvers/ik/analytic/analytic.cpp): the target offset by the last
// link along the goal's up vector, then a two-bone solve and the roll. Reach is checked with
// the test util's independent forward kinematics under the util's root transforms.
#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/workspace.h"

#include <gtest/gtest.h>

#include <random>

#include "tests/solvers/ik/analytic/analytic_test_util.h"
#include "tests/support/solver_test_util.h"

namespace {

using namespace analytic_test;
using iktest::kPi;
using iktest::world_position;

// ---- Three-bone -------------------------------------------------------------------------

TEST(ThreeBone, ReachesWithTheLastLinkAlongUpUnderEveryRootTransform) {
  reaches_under_every_root(
      ik::solve_three_bone, 3, reachable_three_bone_goal, 2e-4f,
      [](const Limb& limb, const ik::Pose& pose, const ik::Goal& goal, const char* root_name) {
        const glm::vec3 last_link =
            world_position(limb.skeleton, pose, limb.path[3]) - world_position(limb.skeleton, pose, limb.path[2]);
        EXPECT_GT(glm::dot(glm::normalize(last_link), goal.up), 1.0f - 1e-5f) << root_name;
      });
}

TEST(ThreeBone, TheThreeLinksEndCoplanarWithTheMiddleJointOnThePoleSide) {
  std::mt19937 rng(8);
  const Limb limb = make_limb(3);
  for (int i = 0; i < 50; ++i) {
    ik::Chain chain = limb.chain;
    chain.goal = reachable_three_bone_goal(rng, limb);
    ik::Pose pose = ik::rest_pose(limb.skeleton);
    ik::Workspace workspace;
    ASSERT_EQ(ik::solve_three_bone(limb.skeleton, chain, pose, workspace, nullptr).status, ik::SolveStatus::reached);
    const glm::vec3 a = world_position(limb.skeleton, pose, 1), b = world_position(limb.skeleton, pose, 2),
                    c = world_position(limb.skeleton, pose, 3), e = world_position(limb.skeleton, pose, 4);
    const glm::vec3 line = c - a;
    const glm::vec3 normal = glm::cross(line, chain.goal.up);
    if (glm::length(normal) < 1e-3f) continue;  // up along the line: any plane contains it
    EXPECT_NEAR(glm::dot(glm::normalize(normal), b - a), 0.0f, 1e-4f);
    EXPECT_NEAR(glm::dot(glm::normalize(normal), e - a), 0.0f, 1e-4f);
    // The middle joint is on the side of the line where the pole's in-plane part points.
    const glm::vec3 in_plane_side = glm::cross(glm::normalize(normal), line);
    if (std::fabs(glm::dot(chain.goal.pole, in_plane_side)) > 1e-2f) {
      EXPECT_GT(glm::dot(b - a, in_plane_side) * glm::dot(chain.goal.pole, in_plane_side), 0.0f);
    }
  }
}

TEST(ThreeBone, UnreachableTargetEndsStraightTowardIt) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    const Limb limb = make_limb(3, root.base);
    ik::Chain chain = limb.chain;
    const ik::Pose rest = ik::rest_pose(limb.skeleton);
    const glm::vec3 a = world_position(limb.skeleton, rest, 1);
    chain.goal.position = iktest::from_base(root.base, glm::vec3(6.0f, 4.0f, 1.0f));
    chain.goal.up = glm::normalize(chain.goal.position - a);  // the last link along the same line
    ik::Pose pose = rest;
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_three_bone(limb.skeleton, chain, pose, workspace, nullptr);
    EXPECT_EQ(result.status, ik::SolveStatus::unreachable) << root.name;
    EXPECT_LT(iktest::max_bend(limb.skeleton, pose, limb.path), 2e-3f) << root.name;
    const glm::vec3 effector = world_position(limb.skeleton, pose, limb.chain.effector);
    EXPECT_GT(glm::dot(glm::normalize(effector - a), glm::normalize(chain.goal.position - a)), 1.0f - 1e-5f)
        << root.name;
  }
}

TEST(ThreeBone, StraightColinearChain) {
  // On the line, closer than the reach of 3.
  expect_reached_from_rest(ik::solve_three_bone, make_limb(3, {}, 0.0f), glm::vec3(0.0f, 2.0f, 0.0f));
}

TEST(ThreeBone, TargetAtTheRoot) {
  // c's target is the root minus up: distance 1, inside [0, 2]: reached.
  expect_reached_from_rest(ik::solve_three_bone, make_limb(3), glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f));
}

TEST(ThreeBone, ZeroLengthLastBone) {
  // The effector sits on c: the goal is then c's own target; up no longer matters.
  ik::RawSkeleton raw = iktest::chain_raw(4);
  raw.joints[4].rest.translation = glm::vec3(0.0f);
  expect_reached_from_rest(ik::solve_three_bone, limb_of(iktest::build(raw), 3), glm::vec3(1.2f, 0.3f, 0.5f));
}

TEST(ThreeBone, TargetStraightBehind) {
  expect_reached_from_rest(ik::solve_three_bone, make_limb(3, {}, 0.0f), glm::vec3(0.0f, -2.5f, 0.0f),
                           glm::vec3(0.0f, -1.0f, 0.0f));
}

TEST(ThreeBone, NanOrZeroUpIsInvalidAndLeavesThePoseUntouched) {
  const Limb limb = make_limb(3);
  ik::Chain chain = limb.chain;
  chain.goal.position = {1.0f, 1.0f, 1.0f};
  chain.goal.up = {0.0f, std::nanf(""), 0.0f};
  expect_invalid(ik::solve_three_bone, limb, chain);
  chain.goal.up = glm::vec3(0.0f);
  expect_invalid(ik::solve_three_bone, limb, chain);
  chain.goal.up = {0.0f, 1.0f, 0.0f};
  chain.goal.position = {-INFINITY, 1.0f, 1.0f};
  expect_invalid(ik::solve_three_bone, limb, chain);
}

TEST(ThreeBone, SameInputSameOutputAndTraceFinite) {
  std::mt19937 rng(10);
  const Limb limb = random_limb(rng, 3, true);
  ik::Chain chain = limb.chain;
  chain.goal = reachable_three_bone_goal(rng, limb);
  const ik::Pose start = ik::rest_pose(limb.skeleton);
  ik::Pose first = start, second = start;
  ik::Workspace workspace;
  ik::Trace trace;
  trace.record_poses = true;
  ik::solve_three_bone(limb.skeleton, chain, first, workspace, &trace);
  ik::solve_three_bone(limb.skeleton, chain, second, workspace, nullptr);
  EXPECT_TRUE(iktest::same_pose(first, second));
  EXPECT_FALSE(iktest::same_pose(first, start));
  ASSERT_EQ(trace.error.size(), 2u);
  for (float e : trace.error) EXPECT_TRUE(std::isfinite(e));
  EXPECT_EQ(trace.poses.size(), 2 * limb.path.size());
}

TEST(ThreeBone, PropertyRandomGoalsNeverNanNeverBeyondLimits) {
  property_random_goals(ik::solve_three_bone, 3, 4048);
}

}  // namespace
