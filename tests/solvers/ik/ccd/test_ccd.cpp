// CCD: reach by independent forward kinematics under transformed roots; hinge and
// per-axis ball joints with limits; the per-step angle clamp; each degenerate input on
// its own; trace, determinism, locking, and a property test over random goals.
//
// Index:
//   helpers                    distance_to
//   Reach                      under every root transform
//   Limits and the step clamp  a hinge chain stays on its axes, limited ball joints inside their ranges,
//                              max_step_angle bounds each joint's turn
//   Degenerate inputs          a zero-length bone, the target at the root, a straight chain with the goal on
//                              its line, the target straight behind, unreachable, a NaN or infinite goal
//   Trace, determinism, locks  the trace finite and non-increasing, same input same output and cold start,
//                              locked joints
//   Property                   100,000 random goals
#include <gtest/gtest.h>

#include "solvers/ik/ccd/ccd.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace {

using iktest::chain_to;
using iktest::expect_lengths_kept;
using iktest::expect_only_rotations_of;
using iktest::kPi;

float distance_to(const ik::Skeleton& s, const ik::Pose& pose, int joint, const glm::vec3& goal) {
  return glm::length(iktest::world_position(s, pose, joint) - goal);
}

// ---- Reach ------------------------------------------------------------------------------

TEST(Ccd, ReachesUnderEveryRootTransform) {
  for (const iktest::RootCase& rc : iktest::root_cases()) {
    SCOPED_TRACE(rc.name);
    const ik::Skeleton s = iktest::chain_skeleton(6, 1.0f, rc.base);
    const std::vector<int> path = iktest::path_of(s, 1, 6);
    std::mt19937 rng(42);
    const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
    const ik::Pose before = ik::rest_pose(s);
    const std::vector<float> lengths_before = iktest::bone_lengths_in_frame(s, before, path, 0);
    ik::Pose pose = before;
    ik::Workspace ws;
    const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 6, goal, 300), pose, ws, nullptr);
    const float tolerance = 1e-3f * iktest::sum(iktest::bone_lengths(s, before, path));
    EXPECT_EQ(r.status, ik::SolveStatus::reached)
        << ik::to_string(r.status) << " error " << r.error;
    const float reached = distance_to(s, pose, 6, goal);
    EXPECT_LE(reached, tolerance * 1.01f);
    EXPECT_NEAR(reached, r.error, 1e-4f * (1.0f + tolerance));
    EXPECT_TRUE(iktest::finite(pose));
    expect_lengths_kept(lengths_before, iktest::bone_lengths_in_frame(s, pose, path, 0));
    expect_only_rotations_of(before, pose, path);
  }
}

// ---- Limits and the step clamp ----------------------------------------------------------

// A planar arm of hinges (all about the rest frame's X): goals made by a pose within the
// limits are reached, and every joint stays a pure hinge rotation inside its range.
TEST(Ccd, HingeChainReachesAndStaysOnItsAxes) {
  ik::RawSkeleton raw = iktest::chain_raw(5, 1.0f, {}, 0.0f);
  for (int j = 1; j < 5; ++j) {
    ik::JointLimits& l = raw.joints[static_cast<size_t>(j)].limits;
    l.enabled = true;
    l.hinge = true;
    l.hinge_axis = {1, 0, 0};
    l.min.x = -2.0f;
    l.max.x = 2.0f;
  }
  const ik::Skeleton s = iktest::build(raw);
  const std::vector<int> path = iktest::path_of(s, 1, 5);
  std::mt19937 rng(17);
  int reached = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace ws;
    const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 5, goal, 400), pose, ws, nullptr);
    reached += r.status == ik::SolveStatus::reached ? 1 : 0;
    EXPECT_NEAR(distance_to(s, pose, 5, goal), r.error, 1e-4f);
    for (int j : path) EXPECT_TRUE(iktest::respects_limits(s, pose, j, 1e-4f)) << "trial " << trial;
  }
  EXPECT_GE(reached, 16);  // CCD can stop in a local minimum against a limit, but rarely
}

TEST(Ccd, LimitedBallJointsStayInsideTheirRanges) {
  std::mt19937 rng(23);
  for (int rig = 0; rig < 30; ++rig) {
    ik::RawSkeleton raw = iktest::chain_raw(5);
    for (int j = 1; j < 5; ++j) {
      ik::JointLimits& l = raw.joints[static_cast<size_t>(j)].limits;
      l = iktest::random_limits(rng);
      l.hinge = false;
    }
    const ik::Skeleton s = iktest::build(raw);
    const std::vector<int> path = iktest::path_of(s, 1, 5);
    const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
    ik::Pose pose = ik::rest_pose(s);
    const float before = distance_to(s, pose, 5, goal);
    ik::Workspace ws;
    ik::Trace trace;
    const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 5, goal, 100), pose, ws, &trace);
    EXPECT_LE(r.error, before + 1e-5f);
    for (int j : path) EXPECT_TRUE(iktest::respects_limits(s, pose, j, 1e-4f)) << "rig " << rig;
    ASSERT_EQ(trace.clamped.size(), path.size());
  }
}

TEST(Ccd, MaxStepAngleLimitsEachJointsTurnPerIteration) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  const std::vector<int> path = iktest::path_of(s, 1, 6);
  const ik::Pose before = ik::rest_pose(s);
  ik::Chain chain =
      chain_to(1, 6, iktest::world_position(s, before, 1) + glm::vec3(-2.0f, -1.0f, 1.0f), 1);
  chain.params.max_step_angle = 0.1f;
  ik::Pose pose = before;
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_ccd(s, chain, pose, ws, nullptr);
  EXPECT_EQ(r.iterations, 1);
  bool some_turned = false;
  for (int j : path) {
    const float turn =
        2.0f *
        std::acos(std::min(1.0f, std::fabs(glm::dot(before.local[static_cast<size_t>(j)].rotation,
                                                    pose.local[static_cast<size_t>(j)].rotation))));
    EXPECT_LE(turn, 0.1f + 1e-4f) << "joint " << j;
    some_turned = some_turned || turn > 0.09f;
  }
  EXPECT_TRUE(some_turned);
}

// ---- Degenerate inputs ------------------------------------------------------------------

TEST(Ccd, ZeroLengthBone) {
  ik::RawSkeleton raw = iktest::chain_raw(5);
  raw.joints[3].rest.translation = glm::vec3(0.0f);
  const ik::Skeleton s = iktest::build(raw);
  const std::vector<int> path = iktest::path_of(s, 1, 5);
  std::mt19937 rng(8);
  const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
  ik::Pose pose = ik::rest_pose(s);
  const std::vector<float> lengths_before = iktest::bone_lengths(s, pose, path);
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 5, goal, 300), pose, ws, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  EXPECT_EQ(r.status, ik::SolveStatus::reached) << ik::to_string(r.status) << " " << r.error;
  expect_lengths_kept(lengths_before, iktest::bone_lengths(s, pose, path));
}

TEST(Ccd, TargetAtTheRoot) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  const std::vector<int> path = iktest::path_of(s, 1, 4);
  ik::Pose pose = ik::rest_pose(s);
  const glm::vec3 goal = iktest::world_position(s, pose, 1);
  const std::vector<float> lengths_before = iktest::bone_lengths(s, pose, path);
  const float error_before = distance_to(s, pose, 4, goal);
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 4, goal), pose, ws, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  EXPECT_NE(r.status, ik::SolveStatus::invalid_input);
  EXPECT_LT(distance_to(s, pose, 4, goal), error_before);
  expect_lengths_kept(lengths_before, iktest::bone_lengths(s, pose, path));
}

TEST(Ccd, StraightColinearChainWithGoalOnItsLine) {
  const ik::Skeleton s = iktest::chain_skeleton(5, 1.0f, {}, 0.0f);
  const std::vector<int> path = iktest::path_of(s, 1, 5);
  ik::Pose pose = ik::rest_pose(s);
  const glm::vec3 goal = iktest::world_position(s, pose, 1) + glm::vec3(0, 2.5f, 0);
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 5, goal, 300), pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::reached) << ik::to_string(r.status) << " " << r.error;
  EXPECT_LE(distance_to(s, pose, 5, goal), 4e-3f * 1.01f);
  EXPECT_TRUE(iktest::finite(pose));
}

TEST(Ccd, TargetStraightBehind) {
  const ik::Skeleton s = iktest::chain_skeleton(5, 1.0f, {}, 0.0f);
  const std::vector<int> path = iktest::path_of(s, 1, 5);
  ik::Pose pose = ik::rest_pose(s);
  const glm::vec3 goal = iktest::world_position(s, pose, 1) - glm::vec3(0, 2.0f, 0);
  ik::Workspace ws;
  const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 5, goal, 300), pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::reached) << ik::to_string(r.status) << " " << r.error;
  EXPECT_LE(distance_to(s, pose, 5, goal), 4e-3f * 1.01f);
  EXPECT_TRUE(iktest::finite(pose));
}

TEST(Ccd, UnreachableTargetChainStraightTowardIt) {
  for (const iktest::RootCase& rc : iktest::root_cases()) {
    SCOPED_TRACE(rc.name);
    const ik::Skeleton s = iktest::chain_skeleton(5, 1.0f, rc.base);
    const std::vector<int> path = iktest::path_of(s, 1, 5);
    ik::Pose pose = ik::rest_pose(s);
    const std::vector<float> lengths_before = iktest::bone_lengths_in_frame(s, pose, path, 0);
    const glm::vec3 root = iktest::world_position(s, pose, 1);
    const glm::vec3 goal =
        iktest::from_base(rc.base, glm::vec3(0.1f, 0.2f, -0.1f) + glm::vec3(7.0f, 3.0f, -2.0f));
    ik::Chain chain = chain_to(1, 5, goal, 500);
    chain.params.tolerance = 1e-6f;
    ik::Workspace ws;
    const ik::SolveResult r = ik::solve_ccd(s, chain, pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
    EXPECT_LT(iktest::max_bend(s, pose, path), 1e-2f);
    const glm::vec3 tip = iktest::world_position(s, pose, 5);
    EXPECT_GT(glm::dot(glm::normalize(tip - root), glm::normalize(goal - root)), 1.0f - 1e-4f);
    EXPECT_NEAR(r.error, glm::length(goal - tip), 1e-3f);
    expect_lengths_kept(lengths_before, iktest::bone_lengths_in_frame(s, pose, path, 0));
  }
}

TEST(Ccd, NanOrInfiniteGoalIsInvalidAndLeavesThePoseUntouched) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  std::mt19937 rng(1);
  const ik::Pose before = iktest::random_pose(rng, s, iktest::path_of(s, 1, 4));
  const float bad[] = {std::nanf(""), std::numeric_limits<float>::infinity(),
                       -std::numeric_limits<float>::infinity()};
  for (float v : bad) {
    for (int axis = 0; axis < 3; ++axis) {
      glm::vec3 goal(1.0f, 2.0f, 0.5f);
      goal[axis] = v;
      ik::Pose pose = before;
      ik::Workspace ws;
      const ik::SolveResult r = ik::solve_ccd(s, chain_to(1, 4, goal), pose, ws, nullptr);
      EXPECT_EQ(r.status, ik::SolveStatus::invalid_input);
      EXPECT_TRUE(iktest::same_pose(before, pose));
    }
  }
  ik::Pose pose = before;
  ik::Workspace ws;
  EXPECT_EQ(ik::solve_ccd(s, chain_to(3, 2, glm::vec3(1, 2, 0)), pose, ws, nullptr).status,
            ik::SolveStatus::invalid_input);
  EXPECT_EQ(ik::solve_ccd(s, chain_to(1, 99, glm::vec3(1, 2, 0)), pose, ws, nullptr).status,
            ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::same_pose(before, pose));
}

// ---- Trace, determinism, locks ----------------------------------------------------------

TEST(Ccd, TraceIsFiniteAndNonIncreasing) {
  std::mt19937 rng(21);
  for (int rig = 0; rig < 20; ++rig) {
    const ik::Skeleton s = iktest::random_chain(rng, 7, rig % 2 == 1);
    const std::vector<int> path = iktest::path_of(s, 1, 7);
    const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
    ik::Pose pose = ik::rest_pose(s);
    const float error_before = distance_to(s, pose, 7, goal);
    ik::Workspace ws;
    ik::Trace trace;
    trace.record_poses = true;
    ik::Chain chain = chain_to(1, 7, goal, 40);
    chain.params.tolerance = 1e-5f;
    const ik::SolveResult r = ik::solve_ccd(s, chain, pose, ws, &trace);
    ASSERT_EQ(trace.error.size(), static_cast<size_t>(r.iterations) + 1);
    EXPECT_NEAR(trace.error.front(), error_before, 1e-5f);
    EXPECT_EQ(trace.error.back(), r.error);
    for (size_t i = 0; i < trace.error.size(); ++i) {
      ASSERT_TRUE(std::isfinite(trace.error[i]));
      if (i > 0) {
        EXPECT_LE(trace.error[i], trace.error[i - 1] + 1e-5f)
            << "rig " << rig << " iteration " << i;
      }
    }
    ASSERT_EQ(trace.poses.size(), trace.error.size() * path.size());
    const size_t last = (trace.error.size() - 1) * path.size();
    for (size_t k = 0; k < path.size(); ++k)
      EXPECT_EQ(trace.poses[last + k].rotation, pose.local[static_cast<size_t>(path[k])].rotation);
  }
}

TEST(Ccd, SameInputSameOutputAndColdStart) {
  std::mt19937 rng(99);
  const ik::Skeleton s = iktest::random_chain(rng, 7, true);
  const std::vector<int> path = iktest::path_of(s, 1, 7);
  const ik::Pose start = iktest::random_pose(rng, s, path);
  const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
  ik::Pose a = start, b = start;
  ik::Workspace wa, wb;
  wb.linear.assign(40, glm::mat3(3.0f));
  const ik::SolveResult ra = ik::solve_ccd(s, chain_to(1, 7, goal, 10), a, wa, nullptr);
  const ik::SolveResult rb = ik::solve_ccd(s, chain_to(1, 7, goal, 10), b, wb, nullptr);
  EXPECT_TRUE(iktest::same_pose(a, b));
  EXPECT_EQ(ra.error, rb.error);
  EXPECT_EQ(ra.iterations, rb.iterations);

  ik::Chain cold = chain_to(1, 7, goal, 5);
  cold.params.warm_start = false;
  ik::Pose c = iktest::random_pose(rng, s, path), d = iktest::random_pose(rng, s, path);
  ik::solve_ccd(s, cold, c, wa, nullptr);
  ik::solve_ccd(s, cold, d, wa, nullptr);
  EXPECT_TRUE(iktest::same_pose(c, d));
}

TEST(Ccd, LockedJointsKeepTheirRotation) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  const std::vector<int> path = iktest::path_of(s, 1, 6);
  std::mt19937 rng(6);
  const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path);
  ik::Pose pose = ik::rest_pose(s);
  const ik::Pose before = pose;
  ik::Workspace ws;
  ws.locked.assign(static_cast<size_t>(s.joint_count()), 0);
  ws.locked[2] = ws.locked[4] = 1;
  ik::solve_ccd(s, chain_to(1, 6, goal), pose, ws, nullptr);
  EXPECT_EQ(pose.local[2].rotation, before.local[2].rotation);
  EXPECT_EQ(pose.local[4].rotation, before.local[4].rotation);
  EXPECT_NE(pose.local[3].rotation, before.local[3].rotation);
}

// ---- Property ---------------------------------------------------------------------------

// >= 100,000 random goals on small random rigs (half with limits, some with a per-step
// clamp), warm started: never a NaN, never a limit exceeded, bone lengths kept.
TEST(Ccd, PropertyRandomGoals) {
  std::mt19937 rng(778);
  int solves = 0;
  for (int rig = 0; rig < 200; ++rig) {
    const ik::Skeleton s = iktest::random_chain(rng, 4, rig % 2 == 0);
    const std::vector<int> path = iktest::path_of(s, 1, 4);
    const glm::vec3 root = iktest::world_position(s, ik::rest_pose(s), 1);
    ik::Pose pose = ik::rest_pose(s);
    const std::vector<float> lengths = iktest::bone_lengths(s, pose, path);
    ik::Workspace ws;
    ik::Chain chain = chain_to(1, 4, root, 6);
    chain.params.max_step_angle = rig % 4 == 1 ? 0.3f : 0.0f;
    for (int g = 0; g < 500 / iktest::kPropertyShare; ++g, ++solves) {
      chain.goal.position = root + iktest::random_vector(rng, 0.0f, 1.5f * iktest::sum(lengths));
      const ik::SolveResult r = ik::solve_ccd(s, chain, pose, ws, nullptr);
      ASSERT_NE(r.status, ik::SolveStatus::invalid_input);
      ASSERT_TRUE(std::isfinite(r.error));
      ASSERT_TRUE(iktest::finite(pose)) << "rig " << rig << " goal " << g;
      for (int j : path)
        ASSERT_TRUE(iktest::respects_limits(s, pose, j)) << "rig " << rig << " goal " << g;
      const std::vector<float> now = iktest::bone_lengths(s, pose, path);
      for (size_t i = 0; i < now.size(); ++i) ASSERT_NEAR(now[i], lengths[i], 1e-3f);
    }
  }
  EXPECT_GE(solves, 100000 / iktest::kPropertyShare);
}

}  // namespace
