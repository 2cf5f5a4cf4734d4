// Shared by the analytic solvers' tests (test_analytic_two_bone.cpp,
// test_analytic_three_bone.cpp): limbs of two and three bones under any root transform,
// reachable goals for each, and the checks every solve of them must pass (reach by the test
// util's independent forward kinematics, bone lengths kept, invalid input refused).
#pragma once

#include <gtest/gtest.h>

#include <random>

#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace analytic_test {

using iktest::kPi;
using iktest::world_position;

// A chain rig of `bones` bones below the util's base joint: the chain is joints
// 1 .. bones + 1 (the util's chain_raw with n = bones + 1).
struct Limb {
  ik::Skeleton skeleton;
  ik::Chain chain;
  std::vector<int> path;
};

inline Limb limb_of(ik::Skeleton skeleton, int bones) {
  Limb limb;
  limb.skeleton = std::move(skeleton);
  limb.chain.root = 1;
  limb.chain.effector = bones + 1;
  limb.path = iktest::path_of(limb.skeleton, limb.chain.root, limb.chain.effector);
  return limb;
}

inline Limb make_limb(int bones, const ik::Transform& base = {}, float bend = 0.3f) {
  return limb_of(iktest::chain_skeleton(bones + 1, 1.0f, base, bend), bones);
}

inline Limb random_limb(std::mt19937& rng, int bones, bool with_limits, const ik::Transform& base = {}) {
  return limb_of(iktest::random_chain(rng, bones + 1, with_limits, base), bones);
}

inline bool is_similarity(const ik::Transform& base) {
  return std::fabs(base.scale.x) == std::fabs(base.scale.y) && std::fabs(base.scale.y) == std::fabs(base.scale.z);
}

inline float distance(const Limb& limb, const ik::Pose& pose, const glm::vec3& target) {
  return glm::length(world_position(limb.skeleton, pose, limb.chain.effector) - target);
}

// Model-space rotation of a joint, from the independent FK (columns normalised).
inline glm::quat world_rotation(const ik::Skeleton& skeleton, const ik::Pose& pose, int joint) {
  const glm::mat4 m = iktest::world_matrix(skeleton, pose, joint);
  return glm::quat_cast(glm::mat3(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])),
                                  glm::normalize(glm::vec3(m[2]))));
}

using Solve = ik::SolveResult (*)(const ik::Skeleton&, const ik::Chain&, ik::Pose&, ik::Workspace&, ik::Trace*);

// After a solve from `before` toward a reachable goal: reached (by the independent FK,
// within `slack` x reach), the reported error the real one, bone lengths kept in the
// base's frame (and so in model space too, unless the base scales non-uniformly).
inline void expect_reached_lengths_kept(const Limb& limb, const ik::Pose& before, const ik::Pose& after,
                                 const ik::Chain& chain, const ik::SolveResult& result, float slack,
                                 const char* root_name) {
  const float reach = iktest::sum(iktest::bone_lengths(limb.skeleton, before, limb.path));
  const float actual = distance(limb, after, chain.goal.position);
  EXPECT_EQ(result.status, ik::SolveStatus::reached) << root_name << " error " << result.error;
  EXPECT_EQ(result.iterations, 1);
  EXPECT_LT(actual, slack * reach) << root_name;
  EXPECT_NEAR(result.error, actual, slack * reach) << root_name;
  const std::vector<float> lengths_before = iktest::bone_lengths_in_frame(limb.skeleton, before, limb.path, 0);
  const std::vector<float> lengths_after = iktest::bone_lengths_in_frame(limb.skeleton, after, limb.path, 0);
  for (size_t k = 0; k < lengths_after.size(); ++k)
    EXPECT_NEAR(lengths_after[k], lengths_before[k], 1e-5f * reach) << root_name;
}

// 100,000 random goals (positions near and far, poles, ups, orientations, warm and cold
// starts) on 100 random limbs under the util's root transforms, half of them with random
// limits: never invalid, never a NaN, never beyond a limit.
inline void property_random_goals(Solve solve, int bones, unsigned seed) {
  std::mt19937 rng(seed);
  int solves = 0;
  for (int rig = 0; rig < 100; ++rig) {
    const bool with_limits = rig % 2 == 0;
    const Limb limb = random_limb(rng, bones, with_limits, iktest::root_cases()[static_cast<size_t>(rig) % 6].base);
    ik::Pose pose = ik::rest_pose(limb.skeleton);
    ik::Workspace workspace;
    ik::Chain chain = limb.chain;
    for (int goal = 0; goal < 1000; ++goal, ++solves) {
      chain.goal.position = iktest::random_vector(rng, 0.0f, 2.5f * static_cast<float>(bones));
      chain.goal.pole = iktest::random_vector(rng, 0.0f, 2.0f);
      chain.goal.up = iktest::random_unit(rng);
      chain.goal.use_orientation = goal % 4 == 0;
      chain.goal.orientation = iktest::random_rotation(rng, kPi);
      chain.params.warm_start = goal % 3 != 0;
      const ik::SolveResult result = solve(limb.skeleton, chain, pose, workspace, nullptr);
      ASSERT_NE(result.status, ik::SolveStatus::invalid_input);
      ASSERT_TRUE(std::isfinite(result.error));
      ASSERT_TRUE(iktest::finite(pose)) << "rig " << rig << " goal " << goal;
      if (with_limits) {
        for (int j : limb.path) ASSERT_TRUE(iktest::respects_limits(limb.skeleton, pose, j));
      }
    }
  }
  EXPECT_EQ(solves, 100000);
}

// Solves from the rest pose toward the chain root + `offset` (with `up` and `pole`) and
// expects a finite pose that reaches it exactly. Returns the pose for further checks.
inline ik::Pose expect_reached_from_rest(Solve solve, const Limb& limb, const glm::vec3& offset,
                                  const glm::vec3& up = {0.0f, 1.0f, 0.0f}, const glm::vec3& pole = {0.0f, 0.0f, 1.0f}) {
  ik::Chain chain = limb.chain;
  ik::Pose pose = ik::rest_pose(limb.skeleton);
  chain.goal.position = world_position(limb.skeleton, pose, limb.chain.root) + offset;
  chain.goal.up = up;
  chain.goal.pole = pole;
  ik::Workspace workspace;
  const ik::SolveResult result = solve(limb.skeleton, chain, pose, workspace, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  EXPECT_EQ(result.status, ik::SolveStatus::reached) << "error " << result.error;
  EXPECT_LT(distance(limb, pose, chain.goal.position), 1e-5f);
  return pose;
}

// A reachable two-bone goal: the effector of a random pose; a random pole.
inline ik::Goal reachable_two_bone_goal(std::mt19937& rng, const Limb& limb) {
  ik::Goal goal;
  goal.position = iktest::random_reachable_goal(rng, limb.skeleton, limb.path);
  goal.pole = iktest::random_unit(rng);
  return goal;
}

// A reachable three-bone goal: the effector of a random pose, with `up` its last link's
// direction there.
inline ik::Goal reachable_three_bone_goal(std::mt19937& rng, const Limb& limb) {
  const ik::Pose pose = iktest::random_pose(rng, limb.skeleton, limb.path);
  ik::Goal goal;
  goal.position = world_position(limb.skeleton, pose, limb.path[3]);
  goal.up = glm::normalize(goal.position - world_position(limb.skeleton, pose, limb.path[2]));
  goal.pole = iktest::random_unit(rng);
  return goal;
}

// Reachable goals from the rest pose of random limbs, under every root transform of the
// util: reached and lengths kept (expect_reached_lengths_kept); then `check` (pose, goal).
template <typename Check>
inline void reaches_under_every_root(Solve solve, int bones, ik::Goal (*make_goal)(std::mt19937&, const Limb&),
                              float slack, Check&& check) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    std::mt19937 rng(42);
    for (int rig = 0; rig < 5; ++rig) {
      const Limb limb = random_limb(rng, bones, false, root.base);
      const ik::Pose rest = ik::rest_pose(limb.skeleton);
      for (int g = 0; g < 20; ++g) {
        ik::Chain chain = limb.chain;
        chain.goal = make_goal(rng, limb);
        ik::Pose pose = rest;
        ik::Workspace workspace;
        const ik::SolveResult result = solve(limb.skeleton, chain, pose, workspace, nullptr);
        expect_reached_lengths_kept(limb, rest, pose, chain, result, slack, root.name);
        check(limb, pose, chain.goal, root.name);
      }
    }
  }
}

// Expects `chain` on `limb` to be invalid input, with the pose (not the rest pose: joint
// 2 turned, captured before solving) untouched.
inline void expect_invalid(Solve solve, const Limb& limb, const ik::Chain& chain) {
  ik::Pose pose = ik::rest_pose(limb.skeleton);
  pose.local[2].rotation = glm::angleAxis(0.4f, glm::vec3(1, 0, 0));
  const ik::Pose before = pose;
  ik::Workspace workspace;
  EXPECT_EQ(solve(limb.skeleton, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::same_pose(pose, before));
}

}  // namespace analytic_test
