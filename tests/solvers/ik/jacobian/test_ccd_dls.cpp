// CCD -> DLS: the shared angle-solver cases, then that the first sweeps are CCD's, that
// the DLS part finishes what CCD alone does not, and that the trace runs through both.
#include "solvers/ik/jacobian/ccd_dls.h"

#include <gtest/gtest.h>

#include "solvers/ik/ccd/ccd.h"
#include "solvers/ik/workspace.h"
#include "tests/support/allocation_counter.h"
#include "tests/support/angle_solver_cases.h"

namespace {

using iktest::world_position;

ik::Params refine_params() {
  ik::Params p;
  p.max_iterations = 64;
  return p;
}

TEST(CcdDls, ReachesUnderEveryRootTransform) {
  anglecases::reaches_under_every_root(ik::solve_ccd_dls, refine_params(), 10);
}
TEST(CcdDls, ZeroLengthBone) { anglecases::zero_length_bone(ik::solve_ccd_dls, refine_params()); }
TEST(CcdDls, TargetAtTheRoot) { anglecases::target_at_the_root(ik::solve_ccd_dls, refine_params()); }
TEST(CcdDls, StraightColinearChain) { anglecases::straight_colinear_chain(ik::solve_ccd_dls, refine_params()); }
TEST(CcdDls, StraightColinearChainPoleOnItsLine) {
  anglecases::straight_colinear_chain_pole_on_its_line(ik::solve_ccd_dls, refine_params());
}
TEST(CcdDls, TargetStraightBehind) { anglecases::target_straight_behind(ik::solve_ccd_dls, refine_params()); }
TEST(CcdDls, UnreachableEndsStraightTowardIt) {
  anglecases::unreachable_ends_straight_toward_it(ik::solve_ccd_dls, refine_params());
}
TEST(CcdDls, NonFiniteGoalIsInvalidAndLeavesThePoseUntouched) {
  anglecases::non_finite_goal_is_invalid(ik::solve_ccd_dls, refine_params());
}
TEST(CcdDls, LimitsNeverExceeded) { anglecases::limits_never_exceeded(ik::solve_ccd_dls, refine_params()); }
TEST(CcdDls, TraceIsFiniteAndComplete) {
  anglecases::trace_is_finite_and_complete(ik::solve_ccd_dls, refine_params());
}
TEST(CcdDls, SameInputSameOutput) { anglecases::same_input_same_output(ik::solve_ccd_dls, refine_params()); }
TEST(CcdDls, SecondSolveAllocatesNothing) {
  anglecases::second_solve_allocates_nothing(ik::solve_ccd_dls, refine_params(), alloctest::allocations);
}
TEST(CcdDls, PropertyRandomGoalsNeverNanNeverBeyondLimits) {
  anglecases::property_random_goals(ik::solve_ccd_dls, refine_params(), 100000);
}

TEST(CcdDls, InvalidDlsParamsAreRejectedBeforeCcdMovesThePose) {
  anglecases::invalid_params_are_rejected(ik::solve_ccd_dls, refine_params());
}

TEST(CcdDls, TheFirstSweepsAreCcds) {
  // With a budget of exactly the seed sweeps, nothing is left for DLS: the result is CCD's.
  std::mt19937 rng(5);
  const ik::Skeleton s = iktest::random_chain(rng, 7, true);
  const std::vector<int> path = iktest::path_of(s, 1, 7);
  ik::Chain chain = anglecases::chain_of(1, 7, ik::Params());
  chain.params.max_iterations = ik::kCcdSeedSweeps;
  chain.params.tolerance = 1e-6f;
  chain.goal.position = iktest::random_reachable_goal(rng, s, path);
  ik::Pose by_ccd = ik::rest_pose(s), by_ccd_dls = by_ccd;
  ik::Workspace workspace;
  const ik::SolveResult ccd = ik::solve_ccd(s, chain, by_ccd, workspace, nullptr);
  const ik::SolveResult ccd_dls = ik::solve_ccd_dls(s, chain, by_ccd_dls, workspace, nullptr);
  ASSERT_EQ(ccd.iterations, ik::kCcdSeedSweeps);
  EXPECT_EQ(ccd_dls.iterations, ik::kCcdSeedSweeps);
  EXPECT_TRUE(iktest::same_pose(by_ccd, by_ccd_dls));
}

TEST(CcdDls, RefinementReachesATightToleranceThatCcdAloneDoesNotInTheSameBudget) {
  const ik::Skeleton s = iktest::chain_skeleton(10);
  const std::vector<int> path = iktest::path_of(s, 1, 10);
  std::mt19937 rng(77);
  ik::Chain chain = anglecases::chain_of(1, 10, ik::Params());
  chain.params.max_iterations = 24;
  chain.params.tolerance = 1e-5f;
  int ccd_reached = 0, ccd_dls_reached = 0;
  for (int g = 0; g < 50; ++g) {
    chain.goal.position = iktest::random_reachable_goal(rng, s, path);
    ik::Pose a = ik::rest_pose(s), b = a;
    ik::Workspace workspace;
    if (ik::solve_ccd(s, chain, a, workspace, nullptr).status == ik::SolveStatus::reached) ++ccd_reached;
    if (ik::solve_ccd_dls(s, chain, b, workspace, nullptr).status == ik::SolveStatus::reached) ++ccd_dls_reached;
  }
  EXPECT_EQ(ccd_dls_reached, 50);
  // CCD alone reaches 29 to 41 of the 50 over seeds 1-29 (36 on average).
  EXPECT_LE(ccd_reached, 45) << ccd_reached;
}

TEST(CcdDls, TraceRunsThroughTheSweepsAndTheRefinement) {
  const ik::Skeleton s = iktest::chain_skeleton(8);
  const std::vector<int> path = iktest::path_of(s, 1, 8);
  std::mt19937 rng(3);
  ik::Chain chain = anglecases::chain_of(1, 8, ik::Params());
  chain.params.tolerance = 1e-5f;
  chain.goal.position = iktest::random_reachable_goal(rng, s, path);
  ik::Pose pose = ik::rest_pose(s);
  const float error_before = glm::length(world_position(s, pose, 8) - chain.goal.position);
  ik::Trace trace;
  trace.record_poses = true;
  ik::Workspace workspace;
  const ik::SolveResult result = ik::solve_ccd_dls(s, chain, pose, workspace, &trace);
  ASSERT_GT(result.iterations, ik::kCcdSeedSweeps);  // both parts ran
  ASSERT_EQ(trace.error.size(), static_cast<size_t>(result.iterations) + 1);
  EXPECT_NEAR(trace.error.front(), error_before, 1e-5f);
  EXPECT_EQ(trace.error.back(), result.error);
  EXPECT_EQ(trace.poses.size(), trace.error.size() * path.size());
  EXPECT_LT(trace.error.back(), 1e-4f * trace.error.front());
}

TEST(CcdDls, OrientationAndExtraEffectorsAreRefinedByDls) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  const std::vector<int> path = iktest::path_of(s, 1, 6);
  std::mt19937 rng(14);
  for (int trial = 0; trial < 10; ++trial) {
    const ik::Pose target_pose = iktest::random_pose(rng, s, path, 0.7f);
    const glm::mat4 target = iktest::world_matrix(s, target_pose, 6);
    ik::Chain chain = anglecases::chain_of(1, 6, refine_params());
    chain.goal.position = glm::vec3(target[3]);
    chain.goal.use_orientation = true;
    chain.goal.orientation = glm::quat_cast(glm::mat3(target));
    ik::EffectorGoal middle;
    middle.joint = 3;
    middle.goal.position = world_position(s, target_pose, 3);
    chain.extra_effectors.push_back(middle);
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_ccd_dls(s, chain, pose, workspace, nullptr);
    EXPECT_EQ(result.status, ik::SolveStatus::reached) << "trial " << trial << " error " << result.error;
    const float tolerance = 1e-3f * iktest::sum(iktest::bone_lengths(s, ik::rest_pose(s), path));
    EXPECT_LE(glm::length(world_position(s, pose, 3) - middle.goal.position), tolerance * 1.01f);
    const glm::quat got = glm::quat_cast(glm::mat3(iktest::world_matrix(s, pose, 6)));
    EXPECT_GT(std::fabs(glm::dot(got, chain.goal.orientation)), std::cos(tolerance / 2.0f));
  }
}

}  // namespace
