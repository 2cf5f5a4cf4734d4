// Analytic two-bone IK (solvers/ik/analytic: analytic.cpp and its fast path,
// two_bone_fast.cpp). Reach is checked with the test util's independent forward kinematics,
// every reach case repeated under the util's root transforms (translated, rotated,
// uniformly and non-uniformly scaled, mirrored).
//
// Index:
//   reach                      random targets under every root transform, small corrections that keep their
//                              digits, the middle joint toward the pole, the effector turned to the goal rotation
//   degenerate inputs          unreachable (straight toward it), inside the inner radius, a zero-length bone,
//                              the target at the root, a straight colinear chain, the target straight behind
//   invalid input              a NaN goal, an infinite pole, chains of other lengths
//   locks, trace, determinism  locked joints not written, the trace, same input same output
//   limits                     a hinge elbow bends about its axis and stays in its range
//   the fast path              random_root_limb; it agrees with the general path, tracing keeps it, extreme
//                              bone lengths keep the rotations finite and unit
//   allocation, property       the second solve allocates nothing (two and three bones), random goals
#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/workspace.h"

#include <gtest/gtest.h>

#include <random>

#include "tests/solvers/ik/analytic/analytic_test_util.h"
#include "tests/support/allocation_counter.h"
#include "tests/support/solver_test_util.h"

namespace {

using namespace analytic_test;
using iktest::kPi;
using iktest::world_position;

// ---- Two-bone ---------------------------------------------------------------------------

TEST(TwoBone, ReachesRandomTargetsUnderEveryRootTransform) {
  reaches_under_every_root(ik::solve_two_bone, 2, reachable_two_bone_goal, 1e-4f,
                           [](const Limb&, const ik::Pose&, const ik::Goal&, const char*) {});
}

TEST(TwoBone, SmallCorrectionsKeepTheirDigits) {
  // A goal a hair away from where the effector already is needs a bend of a fraction of a
  // milliradian: the half-angle of so small a turn must not drown in rounding.
  std::mt19937 rng(61);
  const Limb limb = random_limb(rng, 2, false);
  const float reach = iktest::sum(iktest::bone_lengths(limb.skeleton, ik::rest_pose(limb.skeleton), limb.path));
  for (int i = 0; i < 200; ++i) {
    ik::Pose pose = iktest::random_pose(rng, limb.skeleton, limb.path);
    ik::Chain chain = limb.chain;
    chain.goal.position = world_position(limb.skeleton, pose, limb.chain.effector) +
                          iktest::random_vector(rng, 1e-6f * reach, 1e-3f * reach);
    chain.goal.pole = world_position(limb.skeleton, pose, 2) - world_position(limb.skeleton, pose, 1);
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_two_bone(limb.skeleton, chain, pose, workspace, nullptr);
    const float actual = distance(limb, pose, chain.goal.position);
    EXPECT_LT(actual, 1e-5f * reach) << i;
    EXPECT_NEAR(result.error, actual, 1e-5f * reach) << i;
  }
}

TEST(TwoBone, MiddleJointBendsTowardThePoleUnderEveryRootTransform) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    const Limb limb = make_limb(2, root.base);
    const glm::vec3 a = world_position(limb.skeleton, ik::rest_pose(limb.skeleton), 1);
    for (const glm::vec3& pole : {glm::vec3(0, 0, 1), glm::vec3(0, 0, -1), glm::vec3(1, 0, 0)}) {
      ik::Chain chain = limb.chain;
      // A target 1.2 from the root along its base's +Y mixed with +X: needs a real bend.
      chain.goal.position = iktest::from_base(root.base, glm::vec3(0.1f, 0.2f, -0.1f) + glm::vec3(0.5f, 1.1f, 0.0f));
      chain.goal.pole = pole;
      ik::Pose pose = ik::rest_pose(limb.skeleton);
      ik::Workspace workspace;
      ASSERT_EQ(ik::solve_two_bone(limb.skeleton, chain, pose, workspace, nullptr).status, ik::SolveStatus::reached)
          << root.name;
      // The middle joint lies in the plane of the line root -> target and the pole, on the
      // pole's side (an affine map keeps both, so this holds under every root transform).
      const glm::vec3 line = chain.goal.position - a;
      const glm::vec3 b = world_position(limb.skeleton, pose, 2) - a;
      const glm::vec3 plane_normal = glm::normalize(glm::cross(line, pole));
      EXPECT_NEAR(glm::dot(b, plane_normal), 0.0f, 1e-4f * glm::length(b)) << root.name;
      EXPECT_GT(glm::dot(glm::cross(line, b), glm::cross(line, pole)), 0.0f) << root.name;
    }
  }
}

TEST(TwoBone, OrientsTheEffectorToTheGoalRotation) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    if (!is_similarity(root.base) || root.base.scale.x < 0.0f) continue;  // a rotation needs a rigid frame
    std::mt19937 rng(5);
    const Limb limb = random_limb(rng, 2, false, root.base);
    ik::Chain chain = limb.chain;
    chain.goal.position = iktest::random_reachable_goal(rng, limb.skeleton, limb.path);
    chain.goal.use_orientation = true;
    chain.goal.orientation = iktest::random_rotation(rng, 3.0f);
    ik::Pose pose = ik::rest_pose(limb.skeleton);
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_two_bone(limb.skeleton, chain, pose, workspace, nullptr);
    EXPECT_EQ(result.status, ik::SolveStatus::reached) << root.name;
    const glm::quat got = world_rotation(limb.skeleton, pose, limb.chain.effector);
    EXPECT_GT(std::fabs(glm::dot(got, chain.goal.orientation)), 1.0f - 1e-6f) << root.name;
  }
}

TEST(TwoBone, UnreachableTargetEndsStraightTowardIt) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    const Limb limb = make_limb(2, root.base);
    ik::Chain chain = limb.chain;
    const ik::Pose rest = ik::rest_pose(limb.skeleton);
    const glm::vec3 a = world_position(limb.skeleton, rest, 1);
    chain.goal.position = iktest::from_base(root.base, glm::vec3(5.0f, 3.0f, -2.0f));
    ik::Pose pose = rest;
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_two_bone(limb.skeleton, chain, pose, workspace, nullptr);
    EXPECT_EQ(result.status, ik::SolveStatus::unreachable) << root.name;
    EXPECT_TRUE(iktest::finite(pose));
    EXPECT_LT(iktest::max_bend(limb.skeleton, pose, limb.path), 1e-3f) << root.name;
    const glm::vec3 effector = world_position(limb.skeleton, pose, limb.chain.effector);
    EXPECT_GT(glm::dot(glm::normalize(effector - a), glm::normalize(chain.goal.position - a)), 1.0f - 1e-6f)
        << root.name;
    EXPECT_NEAR(result.error, glm::length(chain.goal.position - effector), 1e-4f);
  }
}

TEST(TwoBone, TargetInsideTheInnerRadiusFoldsTowardIt) {
  // l1 = 1, l2 = 0.3 (the tip's translation shortened): nothing closer than 0.7 is reachable.
  ik::RawSkeleton raw = iktest::chain_raw(3);
  raw.joints[3].rest.translation = {0.0f, 0.3f, 0.0f};
  const ik::Skeleton skeleton = iktest::build(raw);
  ik::Chain chain;
  chain.root = 1;
  chain.effector = 3;
  ik::Pose pose = ik::rest_pose(skeleton);
  const glm::vec3 a = world_position(skeleton, pose, 1);
  chain.goal.position = a + glm::vec3(0.3f, 0.1f, 0.0f);
  ik::Workspace workspace;
  const ik::SolveResult result = ik::solve_two_bone(skeleton, chain, pose, workspace, nullptr);
  EXPECT_EQ(result.status, ik::SolveStatus::unreachable);
  const glm::vec3 effector = world_position(skeleton, pose, 3);
  EXPECT_NEAR(glm::length(effector - a), 0.7f, 1e-4f);
  EXPECT_GT(glm::dot(glm::normalize(effector - a), glm::normalize(chain.goal.position - a)), 1.0f - 1e-5f);
}

TEST(TwoBone, ZeroLengthBone) {
  // The middle joint sits on the root (zero first bone): the limb is one bone of length 1
  // turning about the root. A target at distance 1 is reached; the pose stays finite.
  ik::RawSkeleton raw = iktest::chain_raw(3);
  raw.joints[2].rest.translation = glm::vec3(0.0f);
  expect_reached_from_rest(ik::solve_two_bone, limb_of(iktest::build(raw), 2), glm::normalize(glm::vec3(1, -1, 2)));
}

TEST(TwoBone, TargetAtTheRoot) {
  // Equal bones: the limb folds completely and the effector lands on the root.
  expect_reached_from_rest(ik::solve_two_bone, make_limb(2), glm::vec3(0.0f));
}

TEST(TwoBone, StraightColinearChainBendsTowardThePole) {
  const Limb limb = make_limb(2, {}, 0.0f);  // rest pose straight along +Y
  ASSERT_LT(iktest::max_bend(limb.skeleton, ik::rest_pose(limb.skeleton), limb.path), 1e-6f);
  // The target on the chain's own line; the pole +Z.
  const ik::Pose pose = expect_reached_from_rest(ik::solve_two_bone, limb, glm::vec3(0.0f, 1.5f, 0.0f));
  EXPECT_GT(world_position(limb.skeleton, pose, 2).z - world_position(limb.skeleton, pose, 1).z, 0.5f);
}

TEST(TwoBone, TargetStraightBehind) {
  expect_reached_from_rest(ik::solve_two_bone, make_limb(2, {}, 0.0f), glm::vec3(0.0f, -1.2f, 0.0f));
}

TEST(TwoBone, NanGoalIsInvalidAndLeavesThePoseUntouched) {
  const Limb limb = make_limb(2);
  ik::Chain chain = limb.chain;
  chain.goal.position = {0.0f, std::nanf(""), 0.0f};
  expect_invalid(ik::solve_two_bone, limb, chain);
}

TEST(TwoBone, InfinitePoleIsInvalidAndLeavesThePoseUntouched) {
  const Limb limb = make_limb(2);
  ik::Chain chain = limb.chain;
  chain.goal.position = {1.0f, 1.0f, 0.0f};
  chain.goal.pole = {INFINITY, 0.0f, 0.0f};
  expect_invalid(ik::solve_two_bone, limb, chain);
}

TEST(TwoBone, ChainsOfOtherLengthsAreInvalid) {
  const Limb limb = make_limb(3);
  ik::Chain chain = limb.chain;  // three bones
  chain.goal.position = {1.0f, 1.0f, 0.0f};
  expect_invalid(ik::solve_two_bone, limb, chain);
  chain.effector = 2;  // one bone
  expect_invalid(ik::solve_two_bone, limb, chain);
}

TEST(TwoBone, LockedJointsAreNotWritten) {
  const Limb limb = make_limb(2);
  ik::Chain chain = limb.chain;
  chain.goal.position = world_position(limb.skeleton, ik::rest_pose(limb.skeleton), 1) + glm::vec3(1.0f, 0.5f, 0.2f);
  ik::Pose pose = ik::rest_pose(limb.skeleton);
  const glm::quat root_before = pose.local[1].rotation;
  ik::Workspace workspace;
  workspace.locked.assign(static_cast<size_t>(limb.skeleton.joint_count()), 0);
  workspace.locked[1] = 1;
  ik::solve_two_bone(limb.skeleton, chain, pose, workspace, nullptr);
  EXPECT_EQ(pose.local[1].rotation, root_before);
  EXPECT_TRUE(iktest::finite(pose));
}

TEST(TwoBone, TraceHasTheErrorBeforeAndAfterAndThePoses) {
  const Limb limb = make_limb(2);
  ik::Chain chain = limb.chain;
  chain.goal.position = world_position(limb.skeleton, ik::rest_pose(limb.skeleton), 1) + glm::vec3(1.0f, 0.5f, 0.2f);
  ik::Pose pose = ik::rest_pose(limb.skeleton);
  const float error_before = distance(limb, pose, chain.goal.position);
  ik::Trace trace;
  trace.record_poses = true;
  ik::Workspace workspace;
  const ik::SolveResult result = ik::solve_two_bone(limb.skeleton, chain, pose, workspace, &trace);
  ASSERT_EQ(trace.error.size(), 2u);
  EXPECT_NEAR(trace.error[0], error_before, 1e-5f);
  EXPECT_EQ(trace.error[1], result.error);
  for (float e : trace.error) EXPECT_TRUE(std::isfinite(e));
  ASSERT_EQ(trace.joints, limb.path);
  ASSERT_EQ(trace.poses.size(), 2 * limb.path.size());
  EXPECT_EQ(trace.poses[limb.path.size() + 1].rotation, pose.local[static_cast<size_t>(limb.path[1])].rotation);
}

TEST(TwoBone, SameInputSameOutput) {
  std::mt19937 rng(9);
  const Limb limb = random_limb(rng, 2, true);
  ik::Chain chain = limb.chain;
  chain.goal.position = iktest::random_reachable_goal(rng, limb.skeleton, limb.path) + glm::vec3(0.1f);
  const ik::Pose start = iktest::random_pose(rng, limb.skeleton, limb.path);
  ik::Pose first = start, second = start;
  ik::Workspace workspace_a, workspace_b;
  const ik::SolveResult a = ik::solve_two_bone(limb.skeleton, chain, first, workspace_a, nullptr);
  const ik::SolveResult b = ik::solve_two_bone(limb.skeleton, chain, second, workspace_b, nullptr);
  EXPECT_TRUE(iktest::same_pose(first, second));
  EXPECT_EQ(a.error, b.error);
  EXPECT_FALSE(iktest::same_pose(first, start));  // it did move
}

TEST(TwoBone, HingeElbowBendsAboutItsAxisAndStaysInItsLimits) {
  // Elbow: a hinge about its local X, [0, 2.5] rad. Targets that need a bend are reached
  // with the elbow's offset a pure rotation about X.
  ik::RawSkeleton raw = iktest::chain_raw(3, 1.0f, {}, 0.2f);
  raw.joints[2].limits.enabled = true;
  raw.joints[2].limits.hinge = true;
  raw.joints[2].limits.hinge_axis = {1.0f, 0.0f, 0.0f};
  raw.joints[2].limits.min = glm::vec3(0.0f);
  raw.joints[2].limits.max = glm::vec3(2.5f);
  const ik::Skeleton skeleton = iktest::build(raw);
  const std::vector<int> path = iktest::path_of(skeleton, 1, 3);
  std::mt19937 rng(17);
  int reached = 0;
  for (int i = 0; i < 200; ++i) {
    ik::Chain chain;
    chain.root = 1;
    chain.effector = 3;
    chain.goal.position = iktest::random_reachable_goal(rng, skeleton, path);
    chain.goal.pole = iktest::random_unit(rng);
    ik::Pose pose = iktest::random_pose(rng, skeleton, path);
    ik::Workspace workspace;
    const ik::SolveResult result = ik::solve_two_bone(skeleton, chain, pose, workspace, nullptr);
    EXPECT_TRUE(iktest::respects_limits(skeleton, pose, 2));
    if (result.status == ik::SolveStatus::reached) ++reached;
  }
  // Goals come from poses that respect the hinge; a negative bend (the other side of the
  // hinge's range) cannot always be mirrored into [0, 2.5], but most goals are reached.
  EXPECT_GT(reached, 150);
}

// A two-bone limb at the skeleton's root (the case solve_two_bone's lean path takes):
// joint 0 (carrying `base`) -> 1 -> 2, random bone vectors and bent rest rotations.
Limb random_root_limb(std::mt19937& rng, const ik::Transform& base) {
  ik::RawSkeleton raw = iktest::chain_raw(2, 1.0f, base, 0.0f);
  for (int i = 1; i <= 2; ++i) {
    raw.joints[static_cast<size_t>(i)].rest.translation = iktest::random_vector(rng, 0.3f, 1.5f);
    raw.joints[static_cast<size_t>(i)].rest.rotation = iktest::random_rotation(rng, 0.8f);
  }
  Limb limb;
  limb.skeleton = iktest::build(raw);
  limb.chain.root = 0;
  limb.chain.effector = 2;
  limb.path = iktest::path_of(limb.skeleton, 0, 2);
  return limb;
}

// The fast path and the general solve must give the same pose to float precision: random
// limbs at the skeleton's root under every root transform, warm random poses and cold
// starts, goals near and beyond reach, random poles. A locked mask with nothing locked in it
// sends a solve to the general path (the fast path only takes an empty mask).
TEST(TwoBone, FastPathAgreesWithTheGeneralPath) {
  std::mt19937 rng(77);
  int compared = 0;
  float worst_rotation = 0.0f, worst_position = 0.0f;
  for (const iktest::RootCase& root : iktest::root_cases()) {
    for (int rig = 0; rig < 10; ++rig) {
      const Limb limb = random_root_limb(rng, root.base);
      ASSERT_EQ(limb.skeleton.parent[0], -1);
      const float reach = iktest::sum(iktest::bone_lengths(limb.skeleton, ik::rest_pose(limb.skeleton), limb.path));
      ik::Workspace workspace_lean, workspace_general;
      workspace_general.locked.assign(static_cast<size_t>(limb.skeleton.joint_count()), 0);
      for (int g = 0; g < 200; ++g) {
        ik::Chain chain = limb.chain;
        chain.goal.position = iktest::from_base(root.base, iktest::random_vector(rng, 0.0f, 3.5f));
        chain.goal.pole = iktest::random_vector(rng, 0.1f, 2.0f);
        chain.params.warm_start = g % 4 != 0;
        const ik::Pose before = iktest::random_pose(rng, limb.skeleton, limb.path);
        ik::Pose lean = before, general = before;
        const ik::SolveResult a = ik::solve_two_bone(limb.skeleton, chain, lean, workspace_lean, nullptr);
        const ik::SolveResult b = ik::solve_two_bone(limb.skeleton, chain, general, workspace_general, nullptr);
        ASSERT_EQ(a.status, b.status) << root.name << " rig " << rig << " goal " << g;
        ASSERT_NEAR(a.error, b.error, 1e-5f * reach);
        for (int j : limb.path) {
          const glm::quat& p = lean.local[static_cast<size_t>(j)].rotation;
          const glm::quat& q = general.local[static_cast<size_t>(j)].rotation;
          const float difference = std::min(glm::length(glm::vec4(p.w - q.w, p.x - q.x, p.y - q.y, p.z - q.z)),
                                            glm::length(glm::vec4(p.w + q.w, p.x + q.x, p.y + q.y, p.z + q.z)));
          worst_rotation = std::max(worst_rotation, difference);
          const float moved = glm::length(world_position(limb.skeleton, lean, j) - world_position(limb.skeleton, general, j));
          worst_position = std::max(worst_position, moved / reach);
        }
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 12000);
  // Quaternion components: the fast path may run as its AVX2 + FMA copy, which rounds
  // differently (fused multiply-adds); 1.04e-5 is the largest difference seen here.
  EXPECT_LT(worst_rotation, 2e-5f);
  EXPECT_LT(worst_position, 1e-5f);
}

// Tracing does not take a solve off its fast path: the same random limbs and goals as
// above, solved untraced and traced (with poses), give the same results and poses bit for
// bit, and the trace holds what the general solve records (the joints, the error before
// and after, the poses before and after, nothing clamped).
TEST(TwoBone, TracedSolveIsTheUntracedSolve) {
  std::mt19937 rng(78);
  int compared = 0;
  for (const iktest::RootCase& root : iktest::root_cases()) {
    for (int rig = 0; rig < 5; ++rig) {
      const Limb limb = random_root_limb(rng, root.base);
      const float reach = iktest::sum(iktest::bone_lengths(limb.skeleton, ik::rest_pose(limb.skeleton), limb.path));
      ik::Workspace workspace_untraced, workspace_traced;
      ik::Trace trace;
      trace.record_poses = true;
      for (int g = 0; g < 100; ++g) {
        ik::Chain chain = limb.chain;
        chain.goal.position = iktest::from_base(root.base, iktest::random_vector(rng, 0.0f, 3.5f));
        chain.goal.pole = iktest::random_vector(rng, 0.1f, 2.0f);
        chain.params.warm_start = g % 4 != 0;
        const ik::Pose before = iktest::random_pose(rng, limb.skeleton, limb.path);
        ik::Pose untraced = before, traced = before;
        const ik::SolveResult a = ik::solve_two_bone(limb.skeleton, chain, untraced, workspace_untraced, nullptr);
        const ik::SolveResult b = ik::solve_two_bone(limb.skeleton, chain, traced, workspace_traced, &trace);
        ASSERT_EQ(a.status, b.status) << root.name << " rig " << rig << " goal " << g;
        ASSERT_EQ(a.iterations, b.iterations);
        ASSERT_EQ(a.error, b.error);
        ASSERT_TRUE(iktest::same_pose(untraced, traced)) << root.name << " rig " << rig << " goal " << g;
        ASSERT_EQ(trace.joints, limb.path);
        ASSERT_EQ(trace.error.size(), 2u);
        ik::Pose start = before;  // the pose the solve started from (the rest rotations when cold)
        if (!chain.params.warm_start)
          for (int j : limb.path) start.local[static_cast<size_t>(j)].rotation = limb.skeleton.rest[static_cast<size_t>(j)].rotation;
        EXPECT_NEAR(trace.error[0], distance(limb, start, chain.goal.position), 1e-5f * reach);
        EXPECT_EQ(trace.error[1], b.error);
        ASSERT_EQ(trace.poses.size(), 2 * limb.path.size());
        for (size_t k = 0; k < limb.path.size(); ++k) {
          const size_t j = static_cast<size_t>(limb.path[k]);
          EXPECT_EQ(trace.poses[k].rotation, start.local[j].rotation);
          EXPECT_EQ(trace.poses[limb.path.size() + k].rotation, traced.local[j].rotation);
        }
        for (std::uint8_t clamped : trace.clamped) EXPECT_EQ(clamped, 0);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 3000);
}

// Bone lengths from 1e-6 to 1e6 (each drawn on its own, log-uniform) and targets from
// 1e-3 to 1e3 reaches away: the lean path's squared magnitudes must neither overflow nor
// underflow (the solver soak found NaN and infinite rotations for limbs ~1e6 and ~1e-6
// long); such limbs may take the general path, but every solve ends finite and unit.
TEST(TwoBone, ExtremeBoneLengthsKeepTheRotationsFiniteAndUnit) {
  std::mt19937 rng(91);
  auto log_uniform = [&](float lo, float hi) { return std::pow(10.0f, iktest::uniform(rng, std::log10(lo), std::log10(hi))); };
  for (int rig = 0; rig < 400; ++rig) {
    ik::RawSkeleton raw = iktest::chain_raw(2, 1.0f, ik::Transform{}, 0.0f);
    for (int i = 1; i <= 2; ++i) {
      const glm::vec3 direction = iktest::random_unit(rng);
      raw.joints[static_cast<size_t>(i)].rest.translation = direction * log_uniform(1e-6f, 1e6f);
      raw.joints[static_cast<size_t>(i)].rest.rotation = iktest::random_rotation(rng, 0.8f);
    }
    const ik::Skeleton skeleton = iktest::build(raw);
    const std::vector<int> path = iktest::path_of(skeleton, 0, 2);
    const float reach = iktest::sum(iktest::bone_lengths(skeleton, ik::rest_pose(skeleton), path));
    ik::Workspace workspace;
    for (int g = 0; g < 10; ++g) {
      ik::Chain chain;
      chain.root = 0;
      chain.effector = 2;
      const glm::vec3 direction = iktest::random_unit(rng);
      chain.goal.position = direction * (reach * log_uniform(1e-3f, 1e3f));
      chain.goal.pole = iktest::random_unit(rng);
      ik::Pose pose = iktest::random_pose(rng, skeleton, path);
      const ik::SolveResult r = ik::solve_two_bone(skeleton, chain, pose, workspace, nullptr);
      ASSERT_NE(r.status, ik::SolveStatus::invalid_input) << "rig " << rig << " goal " << g;
      ASSERT_TRUE(std::isfinite(r.error)) << "rig " << rig << " goal " << g;
      for (int j : path) {
        const glm::quat& q = pose.local[static_cast<size_t>(j)].rotation;
        ASSERT_TRUE(std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z))
            << "rig " << rig << " goal " << g << " joint " << j << ": bones " << glm::length(raw.joints[1].rest.translation)
            << ", " << glm::length(raw.joints[2].rest.translation);
        ASSERT_NEAR(glm::length(q), 1.0f, 1e-4f) << "rig " << rig << " goal " << g << " joint " << j;
      }
    }
  }
}

TEST(Analytic, SecondSolveAllocatesNothing) {
  // Once the workspace and the trace have grown to size, a solve makes no heap allocation.
  std::mt19937 rng(3);
  for (const Solve solve : {ik::solve_two_bone, ik::solve_three_bone}) {
    const int bones = solve == ik::solve_two_bone ? 2 : 3;
    const Limb limb = random_limb(rng, bones, true, iktest::root_cases()[1].base);
    ik::Chain chain = limb.chain;
    ik::Pose pose = ik::rest_pose(limb.skeleton);
    ik::Workspace workspace;
    ik::Trace trace;
    trace.record_poses = true;
    chain.goal.position = iktest::random_reachable_goal(rng, limb.skeleton, limb.path);
    solve(limb.skeleton, chain, pose, workspace, &trace);
    chain.goal.position = iktest::random_reachable_goal(rng, limb.skeleton, limb.path);
    const long before = alloctest::allocations();
    solve(limb.skeleton, chain, pose, workspace, &trace);
    EXPECT_EQ(alloctest::allocations() - before, 0) << bones << " bones";
  }
}

TEST(TwoBone, PropertyRandomGoalsNeverNanNeverBeyondLimits) { property_random_goals(ik::solve_two_bone, 2, 2024); }

}  // namespace
