// Damped least squares: the shared angle-solver cases (reach under every root transform,
// degenerate inputs, limits, trace, determinism, a property test), then what is DLS's
// own: several effectors and branches, 6-D goals, lambda, the per-step clamp, locked
// joints, cold start, and its iteration count.
//
// Index:
//   helpers                        dls_params, dls_chain
//   The shared angle-solver cases  angle_solver_cases.h's cases; finite-difference columns reach too
//   Several effectors              branching_rig; mid-chain and branch effectors reached, a zero-weight one ignored
//   6-D goals                      position and orientation reached under the rigid root transforms
//   Steps: lambda and the clamp    largest_turn; a larger lambda takes smaller steps, max_step_angle, a zero
//                                  lambda at a singular pose
//   Locks and cold start           locked joints and joints outside the chain, cold start
//   Paths through the solver       a shared workspace's ball limits, the fused iteration against the general one,
//                                  traced and untraced solves alike
//   Iteration count                a ten-joint chain's mean iterations
#include <gtest/gtest.h>

#include "solvers/ik/ccd/ccd.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/workspace.h"
#include "tests/support/allocation_counter.h"
#include "tests/support/angle_solver_cases.h"

namespace {

using iktest::kPi;
using iktest::world_position;

ik::Params dls_params() {
  ik::Params p;
  p.max_iterations = 64;
  return p;
}

ik::Chain dls_chain(int root, int effector, const glm::vec3& goal = glm::vec3(0.0f)) {
  return anglecases::chain_of(root, effector, dls_params(), goal);
}

// ---- The shared angle-solver cases ------------------------------------------------------

TEST(Dls, ReachesUnderEveryRootTransform) { anglecases::reaches_under_every_root(ik::solve_dls, dls_params(), 10); }
TEST(Dls, ZeroLengthBone) { anglecases::zero_length_bone(ik::solve_dls, dls_params()); }
TEST(Dls, TargetAtTheRoot) { anglecases::target_at_the_root(ik::solve_dls, dls_params()); }
TEST(Dls, StraightColinearChain) { anglecases::straight_colinear_chain(ik::solve_dls, dls_params()); }
TEST(Dls, StraightColinearChainPoleOnItsLine) {
  anglecases::straight_colinear_chain_pole_on_its_line(ik::solve_dls, dls_params());
}
TEST(Dls, TargetStraightBehind) { anglecases::target_straight_behind(ik::solve_dls, dls_params()); }
TEST(Dls, UnreachableEndsStraightTowardIt) {
  anglecases::unreachable_ends_straight_toward_it(ik::solve_dls, dls_params());
}
TEST(Dls, NonFiniteGoalIsInvalidAndLeavesThePoseUntouched) {
  anglecases::non_finite_goal_is_invalid(ik::solve_dls, dls_params());
}
TEST(Dls, LimitsNeverExceeded) { anglecases::limits_never_exceeded(ik::solve_dls, dls_params()); }
TEST(Dls, TraceIsFiniteAndComplete) { anglecases::trace_is_finite_and_complete(ik::solve_dls, dls_params()); }
TEST(Dls, SameInputSameOutput) { anglecases::same_input_same_output(ik::solve_dls, dls_params()); }
TEST(Dls, InvalidParamsAreRejected) { anglecases::invalid_params_are_rejected(ik::solve_dls, dls_params()); }
TEST(Dls, SecondSolveAllocatesNothing) {
  anglecases::second_solve_allocates_nothing(ik::solve_dls, dls_params(), alloctest::allocations);
}
TEST(Dls, PropertyRandomGoalsNeverNanNeverBeyondLimits) {
  anglecases::property_random_goals(ik::solve_dls, dls_params(), 100000);
}

TEST(Dls, FiniteDifferenceColumnsReachToo) {
  ik::Params params = dls_params();
  params.finite_difference = true;
  anglecases::reaches_under_every_root(ik::solve_dls, params, 3);
}

// ---- Several effectors ------------------------------------------------------------------

// A chain 1-2-3-4-5(end) with a branch 6-7(end) off joint 3.
ik::Skeleton branching_rig() {
  ik::RawSkeleton raw = iktest::chain_raw(5);
  ik::RawJoint branch;
  branch.name = "branch";
  branch.parent = 3;
  branch.rest.translation = {0.6f, 0.5f, 0.0f};
  branch.rest.rotation = glm::angleAxis(-0.4f, glm::vec3(0, 0, 1));
  raw.joints.push_back(branch);
  ik::RawJoint tip;
  tip.name = "branch_end";
  tip.parent = 6;
  tip.rest.translation = {0.0f, 0.8f, 0.0f};
  raw.joints.push_back(tip);
  return iktest::build(raw);
}

TEST(Dls, MidChainAndBranchEffectorsAreAllReached) {
  const ik::Skeleton s = branching_rig();
  ASSERT_EQ(s.joint_count(), 8);
  std::mt19937 rng(66);
  std::vector<int> joints = iktest::path_of(s, 1, 5);
  joints.push_back(6);
  joints.push_back(7);
  for (int trial = 0; trial < 10; ++trial) {
    // Goals from one random pose are reachable all at once.
    const ik::Pose target_pose = iktest::random_pose(rng, s, joints, 0.6f);
    ik::Chain chain = dls_chain(1, 5, world_position(s, target_pose, 5));
    // Three goals pull against each other near the end: one of these trials takes 86
    // iterations (the others 13-25), more than one goal's default budget of 64.
    chain.params.max_iterations = 200;
    for (int joint : {3, 7}) {
      ik::EffectorGoal extra;
      extra.joint = joint;
      extra.goal.position = world_position(s, target_pose, joint);
      chain.extra_effectors.push_back(extra);
    }
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_dls(s, chain, pose, workspace, nullptr);
    const float tolerance = 1e-3f * iktest::sum(iktest::bone_lengths(s, ik::rest_pose(s), iktest::path_of(s, 1, 5)));
    EXPECT_EQ(result.status, ik::SolveStatus::reached) << "trial " << trial << " error " << result.error;
    EXPECT_LE(glm::length(world_position(s, pose, 5) - chain.goal.position), tolerance * 1.01f);
    EXPECT_LE(glm::length(world_position(s, pose, 3) - chain.extra_effectors[0].goal.position), tolerance * 1.01f);
    EXPECT_LE(glm::length(world_position(s, pose, 7) - chain.extra_effectors[1].goal.position), tolerance * 1.01f);
  }
}

TEST(Dls, ZeroWeightEffectorIsIgnored) {
  const ik::Skeleton s = branching_rig();
  ik::Chain chain = dls_chain(1, 5);
  std::mt19937 rng(4);
  chain.goal.position = iktest::random_reachable_goal(rng, s, iktest::path_of(s, 1, 5));
  ik::EffectorGoal extra;
  extra.joint = 7;
  extra.weight = 0.0f;
  extra.goal.position = {100.0f, 0.0f, 0.0f};  // far away: would drag the chain if it counted
  chain.extra_effectors.push_back(extra);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace workspace;
  EXPECT_EQ(ik::solve_dls(s, chain, pose, workspace, nullptr).status, ik::SolveStatus::reached);
}

// ---- 6-D goals --------------------------------------------------------------------------

TEST(Dls, PositionAndOrientationGoalsAreReached) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    // A model-space rotation of the effector only exists under a rigid base.
    if (!(root.base.scale.x == root.base.scale.y && root.base.scale.y == root.base.scale.z)) continue;
    SCOPED_TRACE(root.name);
    const ik::Skeleton s = iktest::chain_skeleton(6, 1.0f, root.base);
    const std::vector<int> path = iktest::path_of(s, 1, 6);
    std::mt19937 rng(23);
    for (int trial = 0; trial < 10; ++trial) {
      const ik::Pose target_pose = iktest::random_pose(rng, s, path);
      const glm::mat4 target = iktest::world_matrix(s, target_pose, 6);
      ik::Chain chain = dls_chain(1, 6, glm::vec3(target[3]));
      chain.goal.use_orientation = true;
      chain.goal.orientation = glm::quat_cast(glm::mat3(glm::normalize(glm::vec3(target[0])),
                                                        glm::normalize(glm::vec3(target[1])),
                                                        glm::normalize(glm::vec3(target[2]))));
      ik::Pose pose = ik::rest_pose(s);
      ik::Workspace workspace;
      const ik::SolveResult result = ik::solve_dls(s, chain, pose, workspace, nullptr);
      EXPECT_EQ(result.status, ik::SolveStatus::reached) << "trial " << trial << " error " << result.error;
      const glm::mat4 got = iktest::world_matrix(s, pose, 6);
      const float tolerance = 1e-3f * iktest::sum(iktest::bone_lengths(s, ik::rest_pose(s), path));
      EXPECT_LE(glm::length(glm::vec3(got[3]) - chain.goal.position), tolerance);
      // The effector's axes point where the goal's do (orientation_weight 1: the angle
      // error is part of the same tolerance, in scene units per radian).
      for (int axis = 0; axis < 3; ++axis)
        EXPECT_GT(glm::dot(glm::normalize(glm::vec3(got[axis])), glm::normalize(glm::vec3(target[axis]))),
                  std::cos(tolerance))
            << "axis " << axis;
    }
  }
}

// ---- Steps: lambda and the clamp --------------------------------------------------------

// Largest rotation angle of any chain joint between two consecutive trace poses.
float largest_turn(const ik::Trace& trace, size_t from_entry) {
  const size_t n = trace.joints.size();
  float largest = 0.0f;
  for (size_t k = 0; k < n; ++k) {
    const glm::quat a = trace.poses[from_entry * n + k].rotation, b = trace.poses[(from_entry + 1) * n + k].rotation;
    largest = std::max(largest, 2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(a, b)))));
  }
  return largest;
}

TEST(Dls, LargerLambdaTakesSmallerSteps) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  ik::Chain chain = dls_chain(1, 6, world_position(s, ik::rest_pose(s), 1) + glm::vec3(1.5f, 2.0f, 1.0f));
  float previous = INFINITY;
  for (float lambda : {0.02f, 0.1f, 0.5f, 2.0f}) {
    chain.params.lambda = lambda;
    ik::Trace trace;
    trace.record_poses = true;
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace workspace;
    ik::solve_dls(s, chain, pose, workspace, &trace);
    ASSERT_GE(trace.error.size(), 2u);
    const float first_turn = largest_turn(trace, 0);
    EXPECT_LT(first_turn, previous) << "lambda " << lambda;
    previous = first_turn;
  }
}

TEST(Dls, MaxStepAngleBoundsEveryJointsTurnPerIteration) {
  const ik::Skeleton s = iktest::chain_skeleton(6);
  ik::Chain chain = dls_chain(1, 6);
  chain.params.use_limits = false;
  chain.params.max_step_angle = 0.05f;
  chain.goal.position = world_position(s, ik::rest_pose(s), 1) + glm::vec3(-2.0f, 1.0f, 2.0f);
  ik::Trace trace;
  trace.record_poses = true;
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace workspace;
  const ik::SolveResult result = ik::solve_dls(s, chain, pose, workspace, &trace);
  ASSERT_GT(result.iterations, 5);
  float largest = 0.0f;
  for (size_t entry = 0; entry + 1 < trace.error.size(); ++entry) largest = std::max(largest, largest_turn(trace, entry));
  EXPECT_LE(largest, 0.05f + 1e-4f);
  EXPECT_GT(largest, 0.04f);  // the clamp is what limited it
}

TEST(Dls, ZeroLambdaAtASingularPoseStaysFinite) {
  const ik::Skeleton s = iktest::chain_skeleton(5, 1.0f, {}, 0.0f);  // straight: J loses rank
  ik::Chain chain = dls_chain(1, 5);
  chain.params.lambda = 0.0f;
  chain.goal.position = world_position(s, ik::rest_pose(s), 1) + glm::vec3(1.0f, 2.0f, 0.5f);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace workspace;
  const ik::SolveResult result = ik::solve_dls(s, chain, pose, workspace, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  EXPECT_TRUE(std::isfinite(result.error));
}

// ---- Locks and cold start ---------------------------------------------------------------

TEST(Dls, LockedJointsAndJointsOutsideTheChainAreNotWritten) {
  const ik::Skeleton s = branching_rig();
  ik::Chain chain = dls_chain(2, 5, world_position(s, ik::rest_pose(s), 2) + glm::vec3(1.0f, 1.0f, 0.5f));
  ik::Pose pose = ik::rest_pose(s);
  for (ik::Transform& t : pose.local) t.rotation = glm::normalize(t.rotation * glm::angleAxis(0.1f, glm::vec3(1, 0, 0)));
  const ik::Pose before = pose;
  ik::Workspace workspace;
  workspace.locked.assign(static_cast<size_t>(s.joint_count()), 0);
  workspace.locked[3] = 1;
  ik::solve_dls(s, chain, pose, workspace, nullptr);
  for (int j : {0, 1, 3, 6, 7})
    EXPECT_EQ(pose.local[static_cast<size_t>(j)].rotation, before.local[static_cast<size_t>(j)].rotation) << j;
  EXPECT_NE(pose.local[2].rotation, before.local[2].rotation);
}

TEST(Dls, ColdStartIgnoresTheStartingPose) {
  const ik::Skeleton s = iktest::chain_skeleton(5);
  const std::vector<int> path = iktest::path_of(s, 1, 5);
  std::mt19937 rng(90);
  ik::Chain chain = dls_chain(1, 5);
  chain.params.warm_start = false;
  chain.goal.position = iktest::random_reachable_goal(rng, s, path);
  ik::Pose from_rest = ik::rest_pose(s), from_elsewhere = iktest::random_pose(rng, s, path);
  ik::Workspace workspace;
  ik::solve_dls(s, chain, from_rest, workspace, nullptr);
  ik::solve_dls(s, chain, from_elsewhere, workspace, nullptr);
  EXPECT_TRUE(iktest::same_pose(from_rest, from_elsewhere));
}

// ---- Paths through the solver -----------------------------------------------------------

// JacobianScratch::ball_ranges (in Workspace::jacobian) keeps each joint's prepared ball
// limits across solves. A workspace
// shared by skeletons whose joints have the same indices but other limits (narrowed, or a ball
// turned hinge), by another chain and by another solver must give exactly what a fresh
// workspace gives: never the ranges prepared for someone else's limits.
TEST(Dls, SharedWorkspaceNeverReusesAnotherSkeletonsBallLimits) {
  ik::RawSkeleton raw = iktest::chain_raw(6);
  for (int i = 1; i < 6; ++i) {
    ik::JointLimits& l = raw.joints[static_cast<size_t>(i)].limits;
    l.enabled = true;
    l.min = glm::vec3(-1.2f);
    l.max = glm::vec3(1.2f);
  }
  const ik::Skeleton wide = iktest::build(raw);
  for (int i = 1; i < 6; ++i) {  // the same joints, narrower: the wide ranges would let them out
    raw.joints[static_cast<size_t>(i)].limits.min = glm::vec3(-0.15f);
    raw.joints[static_cast<size_t>(i)].limits.max = glm::vec3(0.15f);
  }
  const ik::Skeleton narrow = iktest::build(raw);
  raw.joints[3].limits.hinge = true;  // and one of them a hinge
  raw.joints[3].limits.hinge_axis = glm::vec3(0.0f, 0.0f, 1.0f);
  const ik::Skeleton with_hinge = iktest::build(raw);

  std::mt19937 rng(77);
  const std::vector<int> path = iktest::path_of(wide, 1, 6);
  ik::Workspace shared;
  for (int round = 0; round < 20; ++round) {
    ik::Chain chain = dls_chain(1, 6, iktest::random_reachable_goal(rng, wide, path));
    chain.params.max_iterations = 16;
    // Fill the cache from the wide limits, with DLS and with CCD on a shorter chain.
    ik::Pose wide_pose = ik::rest_pose(wide);
    ik::solve_dls(wide, chain, wide_pose, shared, nullptr);
    ik::Pose ccd_pose = ik::rest_pose(wide);
    ik::solve_ccd(wide, dls_chain(2, 5, chain.goal.position), ccd_pose, shared, nullptr);
    for (const ik::Skeleton* s : {&narrow, &with_hinge, &wide}) {
      ik::Pose fresh_pose = ik::rest_pose(*s), shared_pose = ik::rest_pose(*s);
      ik::Workspace fresh;
      ik::Trace trace;
      const ik::SolveResult a = ik::solve_dls(*s, chain, fresh_pose, fresh, &trace);
      const ik::SolveResult b = ik::solve_dls(*s, chain, shared_pose, shared, nullptr);
      EXPECT_TRUE(iktest::same_pose(fresh_pose, shared_pose)) << "round " << round;
      EXPECT_EQ(a.error, b.error);
      EXPECT_EQ(a.iterations, b.iterations);
      for (int j : path) EXPECT_TRUE(iktest::respects_limits(*s, shared_pose, j)) << "round " << round;
      // Not vacuous: the narrow limits do clamp (so stale wide ranges would show).
      if (s == &narrow && round == 0) {
        EXPECT_NE(std::count(trace.clamped.begin(), trace.clamped.end(), 1), 0);
      }
    }
  }
}

// One position goal on a rigid chain takes the fused iteration (J Jᵀ from the joints without
// forming J, the frames walked down the path; compiled with AVX2 + FMA where the processor
// has them); a zero-weight extra effector on the same joint sends the same solve down the
// general one (J, J Jᵀ by rows, chain_frames). Both take the same step, so after one and
// after three iterations their poses agree to float rounding, with and without limits, for
// DLS and for the transpose, and neither leaves the limits.
TEST(Dls, FusedIterationAgreesWithTheGeneralOne) {
  std::mt19937 rng(91);
  int compared = 0;
  for (int r = 0; r < 40; ++r) {
    const ik::Skeleton s = iktest::random_chain(rng, 6, r % 2 == 0);
    const std::vector<int> path = iktest::path_of(s, 1, 6);
    const ik::Pose start = iktest::random_pose(rng, s, path);
    for (const bool dls : {true, false}) {
      for (const int iterations : {1, 3}) {
        ik::Chain fused = dls_chain(1, 6, iktest::random_reachable_goal(rng, s, path));
        fused.params.max_iterations = iterations;
        fused.params.tolerance = 0.0f;
        ik::Chain general = fused;
        ik::EffectorGoal ignored;
        ignored.joint = 6;
        ignored.weight = 0.0f;
        ignored.goal.position = fused.goal.position;
        general.extra_effectors.push_back(ignored);
        const auto solve = dls ? ik::solve_dls : ik::solve_jacobian_transpose;
        ik::Pose fused_pose = start, general_pose = start;
        ik::Workspace workspace;
        const ik::SolveResult a = solve(s, fused, fused_pose, workspace, nullptr);
        const ik::SolveResult b = solve(s, general, general_pose, workspace, nullptr);
        ASSERT_EQ(a.iterations, b.iterations) << "rig " << r;
        EXPECT_NEAR(a.error, b.error, 1e-4f) << "rig " << r;
        for (int j : path) {
          const glm::quat p = fused_pose.local[static_cast<size_t>(j)].rotation;
          const glm::quat q = general_pose.local[static_cast<size_t>(j)].rotation;
          const float apart = std::min(glm::length(glm::vec4(p.x - q.x, p.y - q.y, p.z - q.z, p.w - q.w)),
                                       glm::length(glm::vec4(p.x + q.x, p.y + q.y, p.z + q.z, p.w + q.w)));
          EXPECT_LT(apart, 1e-4f) << "rig " << r << " joint " << j << (dls ? " DLS" : " JT");
          EXPECT_TRUE(iktest::respects_limits(s, fused_pose, j)) << "rig " << r;
        }
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 160);
}

// Tracing records what a solve does and changes nothing about it: a traced and an untraced
// solve take the same path (fused for one position goal on a rigid chain, general with an
// extra effector or an orientation goal) and give the same pose to the bit, the same
// iterations and the same error, for DLS and for the transpose, with limits and without,
// reachable goal or not.
TEST(Dls, TracedAndUntracedSolvesGiveTheSamePose) {
  std::mt19937 rng(5);
  int compared = 0;
  for (int r = 0; r < 24; ++r) {
    const ik::Skeleton s = iktest::random_chain(rng, 6, r % 2 == 0);
    const std::vector<int> path = iktest::path_of(s, 1, 6);
    const ik::Pose start = iktest::random_pose(rng, s, path);
    const glm::vec3 goal = iktest::random_reachable_goal(rng, s, path) * (r % 3 == 0 ? 3.0f : 1.0f);
    for (const int shape : {0, 1, 2}) {  // fused; an extra effector; an orientation goal
      ik::Chain chain = dls_chain(1, 6, goal);
      chain.params.use_limits = r % 4 < 2;
      if (shape == 1) {
        ik::EffectorGoal extra;
        extra.joint = 4;
        extra.weight = 0.5f;
        extra.goal.position = iktest::world_position(s, start, 4);
        chain.extra_effectors.push_back(extra);
      } else if (shape == 2) {
        chain.goal.use_orientation = true;
        chain.goal.orientation = glm::angleAxis(0.4f, glm::vec3(0.0f, 0.0f, 1.0f));
      }
      for (const auto solve : {ik::solve_dls, ik::solve_jacobian_transpose}) {
        ik::Pose untraced_pose = start, traced_pose = start;
        ik::Workspace workspace;
        ik::Trace trace;
        trace.record_poses = true;
        const ik::SolveResult a = solve(s, chain, untraced_pose, workspace, nullptr);
        const ik::SolveResult b = solve(s, chain, traced_pose, workspace, &trace);
        ASSERT_EQ(a.status, b.status) << "rig " << r << " shape " << shape;
        EXPECT_EQ(a.iterations, b.iterations) << "rig " << r << " shape " << shape;
        EXPECT_EQ(a.error, b.error) << "rig " << r << " shape " << shape;
        ASSERT_EQ(trace.error.size(), static_cast<size_t>(b.iterations) + 1);
        EXPECT_EQ(trace.error.back(), b.error) << "rig " << r << " shape " << shape;
        for (int j : path) {
          const glm::quat p = untraced_pose.local[static_cast<size_t>(j)].rotation;
          const glm::quat q = traced_pose.local[static_cast<size_t>(j)].rotation;
          EXPECT_TRUE(p.x == q.x && p.y == q.y && p.z == q.z && p.w == q.w)
              << "rig " << r << " shape " << shape << " joint " << j;
        }
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 144);
}

// ---- Iteration count --------------------------------------------------------------------

TEST(Dls, TenJointChainNeedsFewIterationsOnAverage) {
  // The bench measures this properly (bench_jacobian); here a guard: random reachable
  // goals, tolerance 1e-3 x chain length, mean iterations well under 50.
  const ik::Skeleton s = iktest::chain_skeleton(10);
  const std::vector<int> path = iktest::path_of(s, 1, 10);
  std::mt19937 rng(1234);
  ik::Chain chain = dls_chain(1, 10);
  chain.params = ik::Params();  // the defaults, but for the iteration budget
  chain.params.max_iterations = 500;
  int total = 0, reached = 0;
  const int goals = 200;
  for (int g = 0; g < goals; ++g) {
    chain.goal.position = iktest::random_reachable_goal(rng, s, path);
    ik::Pose pose = ik::rest_pose(s);
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_dls(s, chain, pose, workspace, nullptr);
    total += result.iterations;
    if (result.status == ik::SolveStatus::reached) ++reached;
  }
  EXPECT_EQ(reached, goals);
  EXPECT_LT(static_cast<float>(total) / goals, 50.0f);
}

}  // namespace
