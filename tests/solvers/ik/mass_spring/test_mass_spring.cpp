// Mass-spring: the goal holds the effector, the chain between hangs and swings; motion
// independent of the frame rate; bone lengths and limits kept; each degenerate input on
// its own; a property test over random goals.
#include <gtest/gtest.h>

#include "solvers/ik/mass_spring/mass_spring.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace {

using iktest::chain_to;
using iktest::expect_lengths_kept;

ik::Chain spring_chain(int root, int effector, const glm::vec3& goal) {
  ik::Chain c = chain_to(root, effector, goal);
  c.params.time_step = 1.0f / 60.0f;
  c.params.substep = 1.0f / 240.0f;
  return c;
}

float spring_distance_to(const ik::Skeleton& s, const ik::Pose& pose, int joint, const glm::vec3& goal) {
  return glm::length(iktest::world_position(s, pose, joint) - goal);
}

TEST(MassSpring, HoldsTheEffectorOnTheGoalUnderEveryRootTransform) {
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
    ik::Chain chain = spring_chain(1, 6, goal);
    chain.params.constraint_iterations = 40;
    chain.params.damping = 0.1f;
    ik::SolveResult r;
    for (int frame = 0; frame < 120; ++frame)
      r = ik::solve_mass_spring(s, chain, pose, ws, nullptr);
    EXPECT_EQ(r.iterations, 4);
    EXPECT_TRUE(iktest::finite(pose));
    const float tolerance = 1e-3f * iktest::sum(iktest::bone_lengths(s, before, path));
    EXPECT_LE(spring_distance_to(s, pose, 6, goal), 5.0f * tolerance);
    EXPECT_NEAR(spring_distance_to(s, pose, 6, goal), r.error, 1e-4f);
    expect_lengths_kept(lengths_before, iktest::bone_lengths_in_frame(s, pose, path, 0));
    iktest::expect_only_rotations_of(before, pose, path);
  }
}

TEST(MassSpring, GravityMakesTheMiddleSag) {
  // A chain held at both ends, level: its middle joints end up below the line between them.
  ik::RawSkeleton raw = iktest::chain_raw(5, 1.0f, {}, 0.0f);
  raw.joints[1].rest.rotation = glm::angleAxis(-1.5707963f, glm::vec3(0, 0, 1));  // along +X
  const ik::Skeleton s = iktest::build(raw);
  ik::Pose pose = ik::rest_pose(s);
  const glm::vec3 root = iktest::world_position(s, pose, 1);
  const glm::vec3 goal = root + glm::vec3(3.0f, 0.0f, 0.0f);  // 3 of a reach of 4: slack
  ik::Workspace ws;
  ik::Chain chain = spring_chain(1, 5, goal);
  chain.params.damping = 0.05f;
  for (int frame = 0; frame < 300; ++frame) ik::solve_mass_spring(s, chain, pose, ws, nullptr);
  for (int j = 2; j <= 4; ++j) EXPECT_LT(iktest::world_position(s, pose, j).y, root.y - 0.1f) << j;
  EXPECT_LT(spring_distance_to(s, pose, 5, goal), 0.02f);
}

TEST(MassSpring, SameMotionAt30And240FramesPerSecond) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  const std::vector<int> path = iktest::path_of(s, 1, 6);
  const glm::vec3 goal =
      iktest::world_position(s, ik::rest_pose(s), 1) + glm::vec3(2.0f, -1.0f, 1.5f);
  auto simulate = [&](int frames_per_second) {
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace ws;
    ik::Chain chain = spring_chain(1, 6, goal);
    chain.params.time_step = 1.0f / static_cast<float>(frames_per_second);
    for (int frame = 0; frame < frames_per_second; ++frame)  // one second
      ik::solve_mass_spring(s, chain, pose, ws, nullptr);
    return pose;
  };
  const ik::Pose at30 = simulate(30), at240 = simulate(240);
  // Mid-swing after one second (not settled: the comparison means something).
  const ik::Pose rest = ik::rest_pose(s);
  EXPECT_GT(glm::length(iktest::world_position(s, at30, 3) - iktest::world_position(s, rest, 3)),
            0.1f);
  for (int j : path)
    EXPECT_LT(glm::length(iktest::world_position(s, at30, j) - iktest::world_position(s, at240, j)),
              1e-5f)
        << "joint " << j;
}

TEST(MassSpring, LeftoverTimeCarriesOverToTheNextSolve) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::Chain chain = spring_chain(1, 4, glm::vec3(1.0f, 2.0f, 0.5f));
  chain.params.time_step = 1.5f / 240.0f;  // 1.5 substeps per solve
  EXPECT_EQ(ik::solve_mass_spring(s, chain, pose, ws, nullptr).iterations, 1);
  EXPECT_EQ(ik::solve_mass_spring(s, chain, pose, ws, nullptr).iterations, 2);
  EXPECT_EQ(ik::solve_mass_spring(s, chain, pose, ws, nullptr).iterations, 1);
}

TEST(MassSpring, LimitsAreNeverExceededAndLengthsKept) {
  std::mt19937 rng(5);
  for (int rig = 0; rig < 20; ++rig) {
    const ik::Skeleton s = iktest::random_chain(rng, 6, true);
    const std::vector<int> path = iktest::path_of(s, 1, 6);
    ik::Pose pose = ik::rest_pose(s);
    const std::vector<float> lengths = iktest::bone_lengths(s, pose, path);
    ik::Workspace ws;
    ik::Chain chain = spring_chain(1, 6, iktest::random_reachable_goal(rng, s, path));
    for (int frame = 0; frame < 30; ++frame) {
      ik::solve_mass_spring(s, chain, pose, ws, nullptr);
      for (int j : path) ASSERT_TRUE(iktest::respects_limits(s, pose, j)) << "rig " << rig;
    }
    expect_lengths_kept(lengths, iktest::bone_lengths(s, pose, path));
  }
}

TEST(MassSpring, UnreachableGoalChainStraightTowardIt) {
  const ik::Skeleton s = iktest::chain_skeleton(5);
  const std::vector<int> path = iktest::path_of(s, 1, 5);
  ik::Pose pose = ik::rest_pose(s);
  const glm::vec3 root = iktest::world_position(s, pose, 1);
  const glm::vec3 goal = root + glm::vec3(8.0f, 1.0f, -3.0f);
  ik::Workspace ws;
  ik::Chain chain = spring_chain(1, 5, goal);
  chain.params.gravity = glm::vec3(0.0f);
  chain.params.constraint_iterations = 30;
  chain.params.damping = 0.2f;
  ik::SolveResult r;
  for (int frame = 0; frame < 200; ++frame) r = ik::solve_mass_spring(s, chain, pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::unreachable);
  EXPECT_LT(iktest::max_bend(s, pose, path), 0.05f);
  const glm::vec3 tip = iktest::world_position(s, pose, 5);
  EXPECT_GT(glm::dot(glm::normalize(tip - root), glm::normalize(goal - root)), 0.999f);
}

TEST(MassSpring, ZeroLengthBone) {
  ik::RawSkeleton raw = iktest::chain_raw(5);
  raw.joints[3].rest.translation = glm::vec3(0.0f);
  const ik::Skeleton s = iktest::build(raw);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  const ik::Chain chain = spring_chain(1, 5, glm::vec3(1.0f, 2.0f, 1.0f));
  for (int frame = 0; frame < 30; ++frame) ik::solve_mass_spring(s, chain, pose, ws, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
}

TEST(MassSpring, TargetAtTheRoot) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  const std::vector<int> path = iktest::path_of(s, 1, 4);
  ik::Pose pose = ik::rest_pose(s);
  const std::vector<float> lengths = iktest::bone_lengths(s, pose, path);
  const glm::vec3 goal = iktest::world_position(s, pose, 1);
  ik::Workspace ws;
  const ik::Chain chain = spring_chain(1, 4, goal);
  for (int frame = 0; frame < 60; ++frame) ik::solve_mass_spring(s, chain, pose, ws, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  // Three unit bones can come back to within one bone of the root at best.
  EXPECT_LT(spring_distance_to(s, pose, 4, goal), 1.1f);
  expect_lengths_kept(lengths, iktest::bone_lengths(s, pose, path));
}

TEST(MassSpring, StraightChainWithGoalOnItsLineAndStraightBehind) {
  const ik::Skeleton s = iktest::chain_skeleton(5, 1.0f, {}, 0.0f);
  for (float along : {2.5f, -2.0f}) {
    ik::Pose pose = ik::rest_pose(s);
    const glm::vec3 goal = iktest::world_position(s, pose, 1) + glm::vec3(0.0f, along, 0.0f);
    ik::Workspace ws;
    ik::Chain chain = spring_chain(1, 5, goal);
    chain.params.constraint_iterations = 30;
    chain.params.damping = 0.1f;
    for (int frame = 0; frame < 200; ++frame) ik::solve_mass_spring(s, chain, pose, ws, nullptr);
    EXPECT_TRUE(iktest::finite(pose));
    EXPECT_LT(spring_distance_to(s, pose, 5, goal), 0.05f) << along;
  }
}

TEST(MassSpring, NanOrInfiniteGoalIsInvalidAndLeavesThePoseAndStateUntouched) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  std::mt19937 rng(1);
  const ik::Pose before = iktest::random_pose(rng, s, iktest::path_of(s, 1, 4));
  for (float bad : {std::nanf(""), std::numeric_limits<float>::infinity()}) {
    ik::Pose pose = before;
    ik::Workspace ws;
    const ik::SolveResult r =
        ik::solve_mass_spring(s, spring_chain(1, 4, glm::vec3(bad, 0.0f, 0.0f)), pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::invalid_input);
    EXPECT_TRUE(iktest::same_pose(before, pose));
    EXPECT_TRUE(ik::scratch_of<ik::MassSpringScratch>(ws).states.empty());
  }
  ik::Chain bad_params = spring_chain(1, 4, glm::vec3(1.0f));
  bad_params.params.substep = 0.0f;
  ik::Pose pose = before;
  ik::Workspace ws;
  EXPECT_EQ(ik::solve_mass_spring(s, bad_params, pose, ws, nullptr).status,
            ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::same_pose(before, pose));
}

TEST(MassSpring, TraceAndDeterminism) {
  const ik::Skeleton s = iktest::chain_skeleton(5);
  const glm::vec3 goal(1.0f, 2.5f, 1.0f);
  ik::Pose a = ik::rest_pose(s), b = a;
  ik::Workspace wa, wb;
  ik::Trace trace;
  trace.record_poses = true;
  const ik::Chain chain = spring_chain(1, 5, goal);
  for (int frame = 0; frame < 10; ++frame) {
    const ik::SolveResult ra = ik::solve_mass_spring(s, chain, a, wa, &trace);
    ik::solve_mass_spring(s, chain, b, wb, nullptr);
    ASSERT_EQ(trace.error.size(), static_cast<size_t>(ra.iterations) + 1);
    for (float e : trace.error) ASSERT_TRUE(std::isfinite(e));
    EXPECT_EQ(trace.error.back(), ra.error);
    ASSERT_EQ(trace.poses.size(), trace.error.size() * trace.joints.size());
  }
  EXPECT_TRUE(iktest::same_pose(a, b));  // with or without a trace, the same motion
}

TEST(MassSpring, EachChainSlotKeepsItsOwnState) {
  const ik::Skeleton s = iktest::chain_skeleton(5);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ws.chain_slot = 3;
  ik::solve_mass_spring(s, spring_chain(1, 5, glm::vec3(1.0f, 2.0f, 0.0f)), pose, ws, nullptr);
  ASSERT_EQ(ik::scratch_of<ik::MassSpringScratch>(ws).states.size(), 4u);
  EXPECT_EQ(ik::scratch_of<ik::MassSpringScratch>(ws).states[3].effector, 5);
  EXPECT_EQ(ik::scratch_of<ik::MassSpringScratch>(ws).states[0].effector, -1);
}

// >= 100,000 random goals, one solve each, on small random rigs with limits on half of
// them: never a NaN, never a limit exceeded, bone lengths kept.
TEST(MassSpring, PropertyRandomGoals) {
  std::mt19937 rng(779);
  int solves = 0;
  for (int rig = 0; rig < 200; ++rig) {
    const ik::Skeleton s = iktest::random_chain(rng, 4, rig % 2 == 0);
    const std::vector<int> path = iktest::path_of(s, 1, 4);
    const glm::vec3 root = iktest::world_position(s, ik::rest_pose(s), 1);
    ik::Pose pose = ik::rest_pose(s);
    const std::vector<float> lengths = iktest::bone_lengths(s, pose, path);
    ik::Workspace ws;
    ik::Chain chain = spring_chain(1, 4, root);
    chain.params.constraint_iterations = 4;
    for (int g = 0; g < 500 / iktest::kPropertyShare; ++g, ++solves) {
      chain.goal.position = root + iktest::random_vector(rng, 0.0f, 1.5f * iktest::sum(lengths));
      const ik::SolveResult r = ik::solve_mass_spring(s, chain, pose, ws, nullptr);
      ASSERT_NE(r.status, ik::SolveStatus::invalid_input);
      ASSERT_TRUE(std::isfinite(r.error));
      ASSERT_TRUE(iktest::finite(pose)) << "rig " << rig << " goal " << g;
      for (int j : path) ASSERT_TRUE(iktest::respects_limits(s, pose, j)) << "rig " << rig;
      const std::vector<float> now = iktest::bone_lengths(s, pose, path);
      for (size_t i = 0; i < now.size(); ++i) ASSERT_NEAR(now[i], lengths[i], 1e-3f);
    }
  }
  EXPECT_GE(solves, 100000 / iktest::kPropertyShare);
}

}  // namespace
