// The full-body solve's pull toward the reference pose (FullBodyScratch::reference_pull):
// a body crouched for a reach stands up again once the reach comes back, the goals are never
// given up for it, and a pose it has settled stays still.
#include <gtest/gtest.h>

#include <cstdio>

#include "tests/solvers/ik/full_body/full_body_test_util.h"

namespace {

using namespace full_body_test;

struct Reach {
  float deepest_hips_drop = 0.0f;  // how far the hips went down, fraction of the height
  float end_hips_drop = 0.0f;      // and where they are after the hold
  int frames_short = 0;            // frames that did not end reached
  int last_move = 0;               // the last frame that moved a joint (by more than 1e-6 of the height)
  ik::Pose pose;
};

// The main hand (chain.goal) down to near the floor in front over 60 warm-started frames, back
// to where it was over 60, then held for `hold` frames, as the program's frames solve; balance
// as the program has it, or off.
Reach reach_down_and_back(float pull, bool balance, int hold) {
  Body body = load_humanoid();
  body.chain.params.warm_start = true;
  ik::Workspace ws = workspace_for(body);
  ik::FullBodyScratch& settings = ik::scratch_of<ik::FullBodyScratch>(ws);
  settings.reference_pull = pull;
  settings.balance = balance;
  ik::fill_full_body_masses(body.skeleton, body.roles.joints, settings.segment_mass);
  Reach reach;
  reach.pose = ik::rest_pose(body.skeleton);
  const float rest_hips = world_position(body.skeleton, reach.pose, body.chain.root).y;
  const glm::vec3 start = body.chain.goal.position;
  const glm::vec3 floor = start + body.height * glm::vec3(0.0f, -0.55f, 0.25f);
  for (int frame = 1; frame <= 120 + hold; ++frame) {
    const float down = frame <= 60 ? frame / 60.0f : frame <= 120 ? (120 - frame) / 60.0f : 0.0f;
    body.chain.goal.position = glm::mix(start, floor, down);
    const ik::Pose before = reach.pose;
    const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, reach.pose, ws, nullptr);
    for (int j = 0; j < body.skeleton.joint_count(); ++j)
      if (glm::length(world_position(body.skeleton, reach.pose, j) - world_position(body.skeleton, before, j)) >
          1e-6f * body.height)
        reach.last_move = frame;
    if (r.status != ik::SolveStatus::reached) ++reach.frames_short;
    const float drop = (rest_hips - world_position(body.skeleton, reach.pose, body.chain.root).y) / body.height;
    reach.deepest_hips_drop = std::max(reach.deepest_hips_drop, drop);
    reach.end_hips_drop = drop;
  }
  return reach;
}

// With the balance on, as the program has it: the balance keeps the crouch's centre of mass
// over the feet, and nothing brought the hips back up (19 % of the height down a second
// after the hand was back). Without the balance the stiff spine lifts the hips by itself on
// the way back up, with or without the pull.
TEST(FullBodyPull, ABodyCrouchedForAReachStandsUpAgainWhenTheReachComesBack) {
  for (const bool balance : {true, false}) {
    SCOPED_TRACE(balance ? "balance on" : "balance off");
    const Reach kept = reach_down_and_back(0.0f, balance, 60);
    const Reach pulled = reach_down_and_back(0.1f, balance, 60);
    std::printf(
        "balance %s: hips %.1f %% of the height down at the deepest; a second after the hand is back: "
        "%.2f %% without the pull, %.2f %% with 0.1; frames short %d and %d; still from frame %d and %d "
        "(the hand back at 120)\n",
        balance ? "on" : "off", 100.0f * pulled.deepest_hips_drop, 100.0f * kept.end_hips_drop,
        100.0f * pulled.end_hips_drop, kept.frames_short, pulled.frames_short, kept.last_move + 1,
        pulled.last_move + 1);
    EXPECT_GT(pulled.deepest_hips_drop, 0.05f) << "the reach crouches";
    if (balance) {
      EXPECT_GT(kept.end_hips_drop, 0.1f) << "without the pull the crouch stays";
    }
    EXPECT_LT(std::abs(pulled.end_hips_drop), 0.002f) << "with it the body stands up again";
    EXPECT_LE(pulled.frames_short, kept.frames_short) << "the pull gives no goal up";
  }
}

// A settled pose stays still frame after frame: the pull's last tries are undone whole.
TEST(FullBodyPull, APoseThePullHasSettledStaysStill) {
  const Reach settled = reach_down_and_back(0.1f, true, 240);
  const Reach later = reach_down_and_back(0.1f, true, 840);
  float moved = 0.0f;
  for (size_t j = 0; j < settled.pose.local.size(); ++j)
    moved = std::max(moved,
                     std::abs(1.0f - std::abs(glm::dot(settled.pose.local[j].rotation, later.pose.local[j].rotation))));
  EXPECT_LT(moved, 1e-6f);
}

TEST(FullBodyPull, APullOutsideZeroToOneIsInvalidInput) {
  Body body = load_humanoid();
  for (const float pull : {-0.1f, 1.5f, NAN}) {
    SCOPED_TRACE(pull);
    expect_invalid_setting(body, [&](ik::FullBodyScratch& s) { s.reference_pull = pull; });
  }
}

}  // namespace
