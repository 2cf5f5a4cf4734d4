// The full-body solver against the solver contract (solvers/ik/chain.h): the same solve
// under a translated, rotated, scaled and mirrored root, the same output for the same input,
// invalid input refused with the pose untouched, no drift over 600 frames, the trace, and no
// allocation in a second solve.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "tests/solvers/ik/full_body/full_body_test_util.h"
#include "tests/support/allocation_counter.h"

namespace {

using namespace full_body_test;
using iktest::world_position;

TEST(FullBody, SameSolveUnderATranslatedRotatedScaledMirroredRoot) {
  Body body = load_humanoid();
  std::mt19937 rng(7);
  const ik::Pose target = random_pose(body, rng);
  goals_from(body, target, body.chain);
  ik::Workspace ws = workspace_for(body);
  ik::Pose plain = ik::rest_pose(body.skeleton);
  ASSERT_EQ(ik::solve_full_body(body.skeleton, body.chain, plain, ws, nullptr).status, ik::SolveStatus::reached);

  const float scales[] = {1.0f, 2.5f, -0.5f};  // negative: mirrored in X
  for (float s : scales) {
    SCOPED_TRACE(s);
    ik::Transform root;
    root.translation = glm::vec3(3.0f, -1.0f, 2.0f);
    root.rotation = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 0.5f)));
    root.scale = glm::vec3(s, std::fabs(s), std::fabs(s));
    Body moved = under_root(body, root);
    const glm::mat4 model = iktest::local_matrix(root);
    ik::Pose rest = ik::rest_pose(moved.skeleton);
    for (int i = 0; i < effector_count(moved.chain); ++i)
      effector_goal(moved.chain, i).position =
          glm::vec3(model * glm::vec4(effector_goal(body.chain, i).position, 1.0f));
    ik::Workspace moved_ws = workspace_for(moved);
    ik::scratch_of<ik::FullBodyScratch>(moved_ws).up = glm::normalize(glm::mat3(model) * glm::vec3(0.0f, 1.0f, 0.0f));
    ik::Pose pose = rest;
    const ik::SolveResult r = ik::solve_full_body(moved.skeleton, moved.chain, pose, moved_ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::reached);
    // Every joint where it was in the plain solve, relative to the added root.
    const glm::mat4 back = glm::inverse(model);
    for (int j = 0; j < body.skeleton.joint_count(); ++j) {
      const glm::vec3 here = glm::vec3(back * glm::vec4(world_position(moved.skeleton, pose, j + 1), 1.0f));
      EXPECT_LE(glm::length(here - world_position(body.skeleton, plain, j)), 1e-4f * body.height)
          << body.skeleton.name[j];
    }
  }
}

TEST(FullBody, SameInputSameOutput) {
  Body body = load_humanoid();
  std::mt19937 rng(3);
  goals_from(body, random_pose(body, rng), body.chain);
  ik::Workspace a = workspace_for(body), b = workspace_for(body);
  ik::Pose first = ik::rest_pose(body.skeleton), second = first, third = first;
  const ik::SolveResult ra = ik::solve_full_body(body.skeleton, body.chain, first, a, nullptr);
  const ik::SolveResult rb = ik::solve_full_body(body.skeleton, body.chain, second, b, nullptr);
  const ik::SolveResult rc = ik::solve_full_body(body.skeleton, body.chain, third, a, nullptr);  // reused
  EXPECT_TRUE(same_bits(first, second));
  EXPECT_TRUE(same_bits(first, third));
  EXPECT_EQ(ra.iterations, rb.iterations);
  EXPECT_EQ(ra.error, rc.error);
}

TEST(FullBody, InvalidInputLeavesThePoseUntouched) {
  const Body body = load_humanoid();
  std::mt19937 rng(5);
  const ik::Pose start = random_pose(body, rng);
  auto expect_invalid = [&](const char* what, const ik::Chain& chain, const std::vector<float>& stiffness) {
    SCOPED_TRACE(what);
    ik::Workspace ws;
    ik::scratch_of<ik::FullBodyScratch>(ws).stiffness = stiffness;
    ik::Pose pose = start;
    EXPECT_EQ(ik::solve_full_body(body.skeleton, chain, pose, ws, nullptr).status, ik::SolveStatus::invalid_input);
    EXPECT_TRUE(same_bits(pose, start));
  };
  const float bad[] = {NAN, INFINITY, -INFINITY, 1e30f};
  for (float v : bad) {
    ik::Chain main = body.chain;
    main.goal.position.y = v;
    expect_invalid("main goal", main, body.stiffness);
    ik::Chain pin = body.chain;
    pin.extra_effectors.back().goal.position.x = v;
    expect_invalid("extra goal", pin, body.stiffness);
  }
  ik::Chain c = body.chain;
  c.extra_effectors[0].joint = body.skeleton.joint_count();
  expect_invalid("effector index", c, body.stiffness);
  c = body.chain;
  c.root = -1;
  expect_invalid("root index", c, body.stiffness);
  c = body.chain;
  c.extra_effectors[0].weight = -1.0f;
  expect_invalid("weight", c, body.stiffness);
  expect_invalid("stiffness size", body.chain, std::vector<float>(3, 1.0f));
  std::vector<float> zero = body.stiffness;
  zero[body.chain.root] = 0.0f;
  expect_invalid("zero stiffness", body.chain, zero);
  zero[body.chain.root] = NAN;
  expect_invalid("NaN stiffness", body.chain, zero);
}

TEST(FullBody, NoDriftOverSixHundredFramesOfUnchangedGoals) {
  // Converged (reached), and stalled between conflicting goals: the other hand and the head
  // holding their places while the hand is dragged past where they let it go.
  // With the balance on (the program's full-body mode) the balance may settle for a few
  // frames after the drag; then nothing moves either.
  for (const bool balance : {false, true})
    for (const bool conflict : {false, true}) {
      SCOPED_TRACE(conflict ? "conflicting goals" : "reached");
      SCOPED_TRACE(balance ? "balance on" : "balance off");
      Body body = load_humanoid();
      if (conflict)
        for (ik::EffectorGoal& e : body.chain.extra_effectors) e.weight = 1.0f;
      ik::Workspace ws = workspace_for(body);
      ik::scratch_of<ik::FullBodyScratch>(ws).balance = balance;
      ik::fill_full_body_masses(body.skeleton, body.roles.joints, ik::scratch_of<ik::FullBodyScratch>(ws).segment_mass);
      ik::Pose pose;
      drag_hand_forward(body, conflict ? 0.5f : 0.3f, pose, ws);  // warm-started
      if (balance)
        for (int frame = 0; frame < 10; ++frame) ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
      const ik::Pose settled = pose;
      ik::SolveResult r;
      for (int frame = 0; frame < 600; ++frame) r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
      EXPECT_EQ(r.status, conflict ? ik::SolveStatus::stalled : ik::SolveStatus::reached);
      float moved = 0.0f;
      for (int j = 0; j < body.skeleton.joint_count(); ++j)
        moved = std::max(
            moved, glm::length(world_position(body.skeleton, pose, j) - world_position(body.skeleton, settled, j)));
      EXPECT_LT(moved, 1e-6f * body.height);
    }
}

TEST(FullBody, TraceRecordsEveryIterationAndTheSecondSolveAllocatesNothing) {
  Body body = load_humanoid();
  std::mt19937 rng(11);
  goals_from(body, random_pose(body, rng), body.chain);
  ik::Workspace ws = workspace_for(body);
  ik::Trace trace;
  trace.record_poses = true;
  ik::Pose pose = ik::rest_pose(body.skeleton);
  ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, &trace);
  ASSERT_GT(r.iterations, 0);
  ASSERT_EQ(trace.error.size(), static_cast<size_t>(r.iterations + 1));
  EXPECT_EQ(trace.poses.size(), trace.error.size() * trace.joints.size());
  EXPECT_FLOAT_EQ(trace.error.back(), r.error);
  EXPECT_LT(trace.error.back(), trace.error.front());
  for (float e : trace.error) EXPECT_TRUE(std::isfinite(e));

  pose = ik::rest_pose(body.skeleton);
  const long before = alloctest::allocations();
  r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, &trace);
  EXPECT_EQ(alloctest::allocations(), before);
  EXPECT_EQ(r.status, ik::SolveStatus::reached);
}

}  // namespace
