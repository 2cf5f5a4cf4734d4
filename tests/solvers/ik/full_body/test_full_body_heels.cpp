// The heels rising in warm-started frames (FullBodyScratch::heels_rise, pin_rise): a heel
// that stays up costs no solve again in every frame, and comes down when the body rises.
#include <gtest/gtest.h>

#include <cstdio>

#include "tests/solvers/ik/full_body/full_body_test_util.h"

namespace {

using namespace full_body_test;

// The largest rise of a pin after the last solve, fraction of the height.
float highest_rise(const ik::Workspace& ws, float height) {
  float highest = 0.0f;
  for (const glm::vec3& r : ik::full_body_scratch(ws).pin_rise) highest = std::max(highest, glm::length(r));
  return highest / height;
}

TEST(FullBodyHeels, AHeelThatStaysUpIsNotSolvedAgainInEveryFrameAndComesDownWhenTheBodyRises) {
  Body body = load_humanoid();
  const int hips = effector_with_role(body, ik::Role::hips, ik::Side::centre);
  ASSERT_GT(hips, 0);
  ik::EffectorGoal& hips_goal = body.chain.extra_effectors[static_cast<size_t>(hips - 1)];
  hips_goal.weight = 1.0f;
  body.chain.params.warm_start = true;
  ik::Workspace ws = workspace_for(body);
  ik::scratch_of<ik::FullBodyScratch>(ws).heels_rise = true;
  ik::Pose pose = ik::rest_pose(body.skeleton);
  const glm::vec3 start = hips_goal.goal.position;
  // Down to a deep crouch (the shins lean past the ankles' 20 degrees: the heels rise).
  for (int frame = 1; frame <= 50; ++frame) {
    hips_goal.goal.position = start - glm::vec3(0.0f, 0.25f * body.height * frame / 50.0f, 0.0f);
    ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
  }
  const float risen = highest_rise(ws, body.height);
  int held_iterations = 0;
  for (int frame = 0; frame < 20; ++frame) {
    const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::reached);
    held_iterations += r.iterations;
  }
  // Back up to standing.
  for (int frame = 49; frame >= 0; --frame) {
    hips_goal.goal.position = start - glm::vec3(0.0f, 0.25f * body.height * frame / 50.0f, 0.0f);
    ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
  }
  std::printf(
      "heel risen %.1f %% of the height in the crouch; 20 held frames: %d iterations; standing again: "
      "risen %.2f %%\n",
      100.0f * risen, held_iterations, 100.0f * highest_rise(ws, body.height));
  EXPECT_GT(risen, 0.01f) << "the crouch raises a heel";
  EXPECT_LE(held_iterations, 20) << "held frames solve the rise again";
  EXPECT_EQ(highest_rise(ws, body.height), 0.0f) << "standing, the heels are down";
}

// A solve from rest starts from no rise, whatever the last solve raised.
TEST(FullBodyHeels, ASolveFromRestStartsWithTheHeelsDown) {
  Body body = load_humanoid();
  ik::Workspace ws = workspace_for(body);
  ik::scratch_of<ik::FullBodyScratch>(ws).heels_rise = true;
  ik::scratch_of<ik::FullBodyScratch>(ws).pin_rise.assign(static_cast<size_t>(ik::effector_count(body.chain)),
                                                          glm::vec3(0.0f, 0.1f, 0.0f));
  ik::Pose pose = ik::rest_pose(body.skeleton);
  const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::reached);
  EXPECT_EQ(highest_rise(ws, body.height), 0.0f);
  EXPECT_LT(worst_error(body, body.chain, pose), 1e-3f * body.height);
}

}  // namespace
