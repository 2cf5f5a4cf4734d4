// The cases every iterative angle solver (Jacobian transpose, DLS, CCD -> DLS) must pass,
// written once and parameterised by the solve function and its Params; each test file
// calls them from its own TESTs, one degenerate input per TEST. Reach is checked with the
// test util's independent forward kinematics. Header only.
//
// Index:
//   Rigs and checks                 Solve, chain_of, Rig, rig_of, reach_of, effector_position,
//                                   expect_only_chain_rotations_changed
//   Reach                           reaches_under_every_root, expect_reached_from_rest
//   Degenerate inputs               zero_length_bone, target_at_the_root, straight_colinear_chain (and with its
//                                   pole on its line), target_straight_behind, unreachable_ends_straight_toward_it
//   Invalid input                   non_finite_goal_is_invalid, invalid_params_are_rejected
//   Limits                          limits_never_exceeded
//   Trace, determinism, allocation  trace_is_finite_and_complete, same_input_same_output,
//                                   second_solve_allocates_nothing
//   Property                        property_random_goals
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace anglecases {

// ---- Rigs and checks --------------------------------------------------------------------

using Solve = ik::SolveResult (*)(const ik::Skeleton&, const ik::Chain&, ik::Pose&, ik::Workspace&, ik::Trace*);

// A chain from `root` to `effector` with `params` and a position goal.
inline ik::Chain chain_of(int root, int effector, const ik::Params& params, const glm::vec3& goal = glm::vec3(0.0f)) {
  ik::Chain chain;
  chain.root = root;
  chain.effector = effector;
  chain.params = params;
  chain.goal.position = goal;
  return chain;
}

// A chain rig of `joints` chain joints below the util's base joint (chain = 1 .. joints).
struct Rig {
  ik::Skeleton skeleton;
  std::vector<int> path;
  ik::Chain chain;
};

inline Rig rig_of(ik::Skeleton skeleton, const ik::Params& params) {
  Rig rig;
  rig.skeleton = std::move(skeleton);
  rig.chain.root = 1;
  rig.chain.effector = rig.skeleton.joint_count() - 1;
  rig.chain.params = params;
  rig.path = iktest::path_of(rig.skeleton, rig.chain.root, rig.chain.effector);
  return rig;
}

inline float reach_of(const Rig& rig) {
  return iktest::sum(iktest::bone_lengths(rig.skeleton, ik::rest_pose(rig.skeleton), rig.path));
}

inline glm::vec3 effector_position(const Rig& rig, const ik::Pose& pose) {
  return iktest::world_position(rig.skeleton, pose, rig.chain.effector);
}

// Everything but the rotations of the chain's joints is as it was.
inline void expect_only_chain_rotations_changed(const Rig& rig, const ik::Pose& before, const ik::Pose& after) {
  for (int j = 0; j < rig.skeleton.joint_count(); ++j) {
    const ik::Transform &b = before.local[static_cast<size_t>(j)], &a = after.local[static_cast<size_t>(j)];
    EXPECT_EQ(b.translation, a.translation) << "joint " << j;
    EXPECT_EQ(b.scale, a.scale) << "joint " << j;
    if (std::find(rig.path.begin(), rig.path.end(), j) == rig.path.end()) {
      EXPECT_EQ(b.rotation, a.rotation) << "joint " << j;
    }
  }
}

// ---- Reach ------------------------------------------------------------------------------

// Random reachable goals from the rest pose, under every root transform of the util:
// reached within tolerance (checked by independent FK), the reported error is the real
// one, bone lengths kept in the base's frame, only the chain's rotations written.
inline void reaches_under_every_root(Solve solve, const ik::Params& params, int goals) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    SCOPED_TRACE(root.name);
    const Rig rig = rig_of(iktest::chain_skeleton(6, 1.0f, root.base), params);
    // The tolerance is relative to the chain's length, which under a non-uniformly scaled
    // root changes with the pose (CCD -> DLS measures it where its DLS part starts): the
    // bound is the tolerance times the longest the chain can be, its length otherwise.
    const ik::Pose rest = ik::rest_pose(rig.skeleton);
    const float tolerance =
        params.tolerance * ik::reach_upper_bound(rest, rig.path, ik::parent_world(rig.skeleton, rest, rig.chain.root));
    std::mt19937 rng(42);
    for (int g = 0; g < goals; ++g) {
      ik::Chain chain = rig.chain;
      chain.goal.position = iktest::random_reachable_goal(rng, rig.skeleton, rig.path);
      const ik::Pose before = ik::rest_pose(rig.skeleton);
      const std::vector<float> lengths_before = iktest::bone_lengths_in_frame(rig.skeleton, before, rig.path, 0);
      ik::Pose pose = before;
      ik::Workspace workspace;
      const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, nullptr);
      EXPECT_EQ(result.status, ik::SolveStatus::reached) << "goal " << g << " error " << result.error;
      const float distance = glm::length(effector_position(rig, pose) - chain.goal.position);
      EXPECT_LE(distance, tolerance * 1.01f) << "goal " << g;
      EXPECT_NEAR(distance, result.error, 1e-3f * tolerance + 1e-5f);
      const std::vector<float> lengths_after = iktest::bone_lengths_in_frame(rig.skeleton, pose, rig.path, 0);
      for (size_t k = 0; k < lengths_after.size(); ++k) EXPECT_NEAR(lengths_after[k], lengths_before[k], 1e-4f);
      expect_only_chain_rotations_changed(rig, before, pose);
    }
  }
}

// Solves `goal` from the rest pose and expects it reached with a finite pose.
inline void expect_reached_from_rest(Solve solve, const Rig& rig, const glm::vec3& goal) {
  ik::Chain chain = rig.chain;
  chain.goal.position = goal;
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  ik::Workspace workspace;
  const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  EXPECT_EQ(result.status, ik::SolveStatus::reached) << "error " << result.error;
  EXPECT_LE(glm::length(effector_position(rig, pose) - goal), chain.params.tolerance * reach_of(rig) * 1.01f);
}

// ---- Degenerate inputs ------------------------------------------------------------------

// A bone of zero length in the middle of the chain (joint 3 sits on joint 2).
inline void zero_length_bone(Solve solve, const ik::Params& params) {
  ik::RawSkeleton raw = iktest::chain_raw(5);
  raw.joints[3].rest.translation = glm::vec3(0.0f);
  const Rig rig = rig_of(iktest::build(raw), params);
  std::mt19937 rng(5);
  expect_reached_from_rest(solve, rig, iktest::random_reachable_goal(rng, rig.skeleton, rig.path));
}

// The goal on the chain root: four equal bones can fold onto it; whatever the solver
// reaches, the pose stays finite and the error does not grow.
inline void target_at_the_root(Solve solve, const ik::Params& params) {
  const Rig rig = rig_of(iktest::chain_skeleton(5), params);
  ik::Chain chain = rig.chain;
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  chain.goal.position = iktest::world_position(rig.skeleton, pose, rig.chain.root);
  const float error_before = glm::length(effector_position(rig, pose) - chain.goal.position);
  ik::Workspace workspace;
  const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, nullptr);
  EXPECT_TRUE(iktest::finite(pose));
  EXPECT_NE(result.status, ik::SolveStatus::invalid_input);
  EXPECT_LT(result.error, 0.5f * error_before);
}

// A straight rest pose with the goal on the chain's own line, nearer than its length:
// without the colinear bump no joint could start to bend.
inline void straight_colinear_chain(Solve solve, const ik::Params& params) {
  const Rig rig = rig_of(iktest::chain_skeleton(5, 1.0f, {}, 0.0f), params);
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  ASSERT_LT(iktest::max_bend(rig.skeleton, rest, rig.path), 1e-6f);
  const glm::vec3 root = iktest::world_position(rig.skeleton, rest, rig.chain.root);
  expect_reached_from_rest(solve, rig, root + 0.6f * (effector_position(rig, rest) - root));
}

// The same straight chain with its pole along its own line (the solver soak found this):
// made perpendicular to the line, such a pole is only rounding noise, which may point
// along the line, and the bump's axis (line x side) must not become NaN. The multiples of
// the line are ones whose projection leaves such noise; the goal is on the line, well
// inside the reach or a hair short of the effector (within tolerance, so CCD -> DLS goes
// straight to DLS).
inline void straight_colinear_chain_pole_on_its_line(Solve solve, const ik::Params& params) {
  const Rig rig = rig_of(iktest::chain_skeleton(5, 1.0f, {}, 0.0f), params);
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  const glm::vec3 root = iktest::world_position(rig.skeleton, rest, rig.chain.root);
  const glm::vec3 line = effector_position(rig, rest) - root;
  for (float along : {0.6f, 0.9999f})
    for (float multiple : {0.37f, 0.543f, 0.716f, 1.062f}) {
      SCOPED_TRACE(testing::Message() << "goal at " << along << " of the line, pole " << multiple
                                      << " times the line");
      ik::Chain chain = rig.chain;
      chain.goal.position = root + along * line;
      chain.goal.pole = multiple * line;
      ik::Pose pose = rest;
      ik::Workspace workspace;
      const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, nullptr);
      EXPECT_TRUE(iktest::finite(pose));
      EXPECT_EQ(result.status, ik::SolveStatus::reached) << "error " << result.error;
    }
}

// The same straight chain with the goal on its line behind the root.
inline void target_straight_behind(Solve solve, const ik::Params& params) {
  const Rig rig = rig_of(iktest::chain_skeleton(5, 1.0f, {}, 0.0f), params);
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  const glm::vec3 root = iktest::world_position(rig.skeleton, rest, rig.chain.root);
  expect_reached_from_rest(solve, rig, root - 0.5f * (effector_position(rig, rest) - root));
}

// A goal beyond reach, under every root transform: status unreachable, the chain straight
// and pointing at the goal.
inline void unreachable_ends_straight_toward_it(Solve solve, const ik::Params& params) {
  for (const iktest::RootCase& root : iktest::root_cases()) {
    SCOPED_TRACE(root.name);
    const Rig rig = rig_of(iktest::chain_skeleton(5, 1.0f, root.base), params);
    ik::Chain chain = rig.chain;
    const ik::Pose rest = ik::rest_pose(rig.skeleton);
    const glm::vec3 base = iktest::world_position(rig.skeleton, rest, rig.chain.root);
    chain.goal.position = iktest::from_base(root.base, glm::vec3(7.0f, 4.0f, -3.0f));
    ik::Pose pose = rest;
    ik::Workspace workspace;
    const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, nullptr);
    EXPECT_EQ(result.status, ik::SolveStatus::unreachable);
    EXPECT_TRUE(iktest::finite(pose));
    EXPECT_LT(iktest::max_bend(rig.skeleton, pose, rig.path), 0.02f);
    const glm::vec3 pointing = glm::normalize(effector_position(rig, pose) - base);
    EXPECT_GT(glm::dot(pointing, glm::normalize(chain.goal.position - base)), 1.0f - 1e-4f);
  }
}

// ---- Invalid input ----------------------------------------------------------------------

// A NaN or infinite goal (or extra effector goal) is invalid input and the pose is untouched.
inline void non_finite_goal_is_invalid(Solve solve, const ik::Params& params) {
  const Rig rig = rig_of(iktest::chain_skeleton(4), params);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  pose.local[2].rotation = glm::angleAxis(0.3f, glm::vec3(0, 1, 0));
  const ik::Pose before = pose;
  ik::Workspace workspace;
  ik::Chain chain = rig.chain;
  chain.goal.position = {std::nanf(""), 0.0f, 0.0f};
  EXPECT_EQ(solve(rig.skeleton, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  chain.goal.position = {0.0f, INFINITY, 0.0f};
  EXPECT_EQ(solve(rig.skeleton, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  chain.goal.position = {1.0f, 1.0f, 0.0f};
  chain.goal.use_orientation = true;
  chain.goal.orientation = glm::quat(std::nanf(""), 0.0f, 0.0f, 0.0f);
  EXPECT_EQ(solve(rig.skeleton, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::same_pose(pose, before));
}

// Unusable Params are invalid input, and the pose is untouched.
inline void invalid_params_are_rejected(Solve solve, const ik::Params& params) {
  const ik::Skeleton s = iktest::chain_skeleton(4);
  ik::Pose pose = ik::rest_pose(s);
  const ik::Pose before = pose;
  ik::Workspace workspace;
  ik::Chain chain = chain_of(1, 4, params, iktest::world_position(s, pose, 1) + glm::vec3(1.0f, 1.0f, 0.0f));
  chain.params.lambda = -1.0f;
  EXPECT_EQ(solve(s, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  chain.params = params;
  chain.params.max_step_angle = NAN;
  EXPECT_EQ(solve(s, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  chain.params = params;
  chain.params.finite_difference = true;
  chain.params.fd_step = 0.0f;
  EXPECT_EQ(solve(s, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  chain.params = params;
  chain.params.orientation_weight = -2.0f;
  EXPECT_EQ(solve(s, chain, pose, workspace, nullptr).status, ik::SolveStatus::invalid_input);
  EXPECT_TRUE(iktest::same_pose(pose, before));
}

// ---- Limits -----------------------------------------------------------------------------

// Random chains with random limits and random goals: every chain joint inside its limits.
inline void limits_never_exceeded(Solve solve, const ik::Params& params) {
  std::mt19937 rng(31);
  for (int r = 0; r < 20; ++r) {
    const Rig rig = rig_of(iktest::random_chain(rng, 5, true), params);
    ik::Pose pose = ik::rest_pose(rig.skeleton);
    ik::Workspace workspace;
    for (int g = 0; g < 10; ++g) {
      ik::Chain chain = rig.chain;
      chain.goal.position = iktest::random_vector(rng, 0.0f, 5.0f);
      solve(rig.skeleton, chain, pose, workspace, nullptr);
      for (int j : rig.path) EXPECT_TRUE(iktest::respects_limits(rig.skeleton, pose, j)) << "rig " << r;
    }
  }
}

// ---- Trace, determinism, allocation -----------------------------------------------------

// The trace: the error before iteration 1 (measured here, before solving) and after each
// iteration, all finite, the last one the result's; one recorded pose per entry.
inline void trace_is_finite_and_complete(Solve solve, const ik::Params& params) {
  const Rig rig = rig_of(iktest::chain_skeleton(5), params);
  std::mt19937 rng(12);
  ik::Chain chain = rig.chain;
  chain.goal.position = iktest::random_reachable_goal(rng, rig.skeleton, rig.path);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  const float error_before = glm::length(effector_position(rig, pose) - chain.goal.position);
  ik::Trace trace;
  trace.record_poses = true;
  ik::Workspace workspace;
  const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, &trace);
  ASSERT_GT(result.iterations, 0);
  ASSERT_EQ(trace.error.size(), static_cast<size_t>(result.iterations) + 1);
  EXPECT_NEAR(trace.error.front(), error_before, 1e-5f);
  EXPECT_EQ(trace.error.back(), result.error);
  for (float e : trace.error) EXPECT_TRUE(std::isfinite(e));
  ASSERT_EQ(trace.joints, rig.path);
  ASSERT_EQ(trace.poses.size(), trace.error.size() * rig.path.size());
  for (size_t k = 0; k < rig.path.size(); ++k)
    EXPECT_EQ(trace.poses[trace.poses.size() - rig.path.size() + k].rotation,
              pose.local[static_cast<size_t>(rig.path[k])].rotation);
}

// Identical input gives an identical pose and result, and the solve did move the pose.
inline void same_input_same_output(Solve solve, const ik::Params& params) {
  std::mt19937 rng(8);
  const Rig rig = rig_of(iktest::random_chain(rng, 6, true), params);
  ik::Chain chain = rig.chain;
  chain.goal.position = iktest::random_reachable_goal(rng, rig.skeleton, rig.path);
  const ik::Pose start = iktest::random_pose(rng, rig.skeleton, rig.path);
  ik::Pose first = start, second = start;
  ik::Workspace workspace_a, workspace_b;
  const ik::SolveResult a = solve(rig.skeleton, chain, first, workspace_a, nullptr);
  const ik::SolveResult b = solve(rig.skeleton, chain, second, workspace_b, nullptr);
  EXPECT_TRUE(iktest::same_pose(first, second));
  EXPECT_EQ(a.error, b.error);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_FALSE(iktest::same_pose(first, start));
}

// A second solve with the same workspace and trace (grown to size by the first) makes no
// heap allocation at all, trace poses included. `allocations` reads the test's counter
// (allocation_counter.h).
inline void second_solve_allocates_nothing(Solve solve, const ik::Params& params, long& (*allocations)()) {
  std::mt19937 rng(21);
  const Rig rig = rig_of(iktest::random_chain(rng, 8, true), params);
  ik::Chain chain = rig.chain;
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  ik::Workspace workspace;
  ik::Trace trace;
  trace.record_poses = true;
  chain.goal.position = iktest::random_reachable_goal(rng, rig.skeleton, rig.path);
  solve(rig.skeleton, chain, pose, workspace, &trace);
  chain.goal.position = iktest::random_reachable_goal(rng, rig.skeleton, rig.path);
  pose = ik::rest_pose(rig.skeleton);
  const long before = allocations();
  const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, &trace);
  const long during = allocations() - before;
  EXPECT_GT(result.iterations, 1);
  EXPECT_EQ(during, 0);
}

// ---- Property ---------------------------------------------------------------------------

// `count` random goals on small random chains (with and without limits, under the util's
// root transforms, warm and cold starts, some goals far out of reach), a few iterations
// each: never a NaN, never a limit exceeded.
inline void property_random_goals(Solve solve, ik::Params params, int count) {
  params.max_iterations = 4;
  std::mt19937 rng(777);
  const std::vector<iktest::RootCase> roots = iktest::root_cases();
  int solves = 0;
  for (int r = 0; solves < count; ++r) {
    const bool with_limits = r % 2 == 0;
    const Rig rig = rig_of(iktest::random_chain(rng, 3 + r % 2, with_limits, roots[static_cast<size_t>(r) % roots.size()].base),
                           params);
    ik::Pose pose = ik::rest_pose(rig.skeleton);
    ik::Workspace workspace;
    ik::Chain chain = rig.chain;
    for (int g = 0; g < 500 && solves < count; ++g, ++solves) {
      chain.goal.position = iktest::random_vector(rng, 0.0f, 6.0f);
      chain.goal.pole = iktest::random_unit(rng);
      chain.params.warm_start = g % 5 != 0;
      const ik::SolveResult result = solve(rig.skeleton, chain, pose, workspace, nullptr);
      ASSERT_NE(result.status, ik::SolveStatus::invalid_input);
      ASSERT_TRUE(std::isfinite(result.error)) << "rig " << r << " goal " << g;
      ASSERT_TRUE(iktest::finite(pose)) << "rig " << r << " goal " << g;
      if (with_limits) {
        for (int j : rig.path) ASSERT_TRUE(iktest::respects_limits(rig.skeleton, pose, j)) << "rig " << r;
      }
    }
  }
  EXPECT_EQ(solves, count);
}

}  // namespace anglecases
