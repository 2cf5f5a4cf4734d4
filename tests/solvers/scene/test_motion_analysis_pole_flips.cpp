// Motion analysis with a pole (solvers/scene/motion_analysis.h, solvers/ik/pole.h): on a goal path
// built to cross the pole line (the root -> pole target line, where the pole's side turns
// half a turn: the classic elbow flip) while passing through full extension (where a
// solver without a pole loses its bend plane), a solver without a pole reports flips and
// the same solver with the pole reports none. The flips are checked against an
// independent count written here: each frame's solve replayed by the test, positions from
// the test's own forward kinematics in double precision, the bend-plane normal against the
// last one, and the bend side against the pole's side computed from the positions (not
// the library's pole helpers).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "solvers/ik/pole.h"
#include "solvers/scene/motion_analysis.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

// A two-bone arm: base (0), root (1), elbow (2), hand end (3); bones of 1, bent at rest.
struct FlipArm {
  ik::Skeleton skeleton = iktest::chain_skeleton(3, 1.0f, {}, 0.3f);
  ik::Pose rest = ik::rest_pose(skeleton);
  ik::Chain chain;
  glm::vec3 root, line, side;  // the root; unit rest root -> hand; unit rest bend side
  FlipArm() {
    chain.root = 1;
    chain.effector = 3;
    chain.params.use_limits = false;
    chain.params.max_iterations = 32;
    root = iktest::world_position(skeleton, rest, 1);
    line = glm::normalize(iktest::world_position(skeleton, rest, 3) - root);
    const glm::vec3 elbow = iktest::world_position(skeleton, rest, 2) - root;
    side = glm::normalize(elbow - line * glm::dot(elbow, line));
  }
};

// The goal swings in the plane of the rest line and the rest bend side, its angle from the
// line 90 +- 80 degrees (across the pole line at 90 degrees, four times, with the arm bent:
// reach 0.95), its distance from the root 1.5 -+ 0.55 (past full extension, 2, at the ends
// of the swing, four times): 1,000 frames at 60 per second. Straight on the pole line no
// solver can keep a side (neither the pole nor the bend gives one), so the path keeps the
// two apart.
ik::MotionTrack crossing_track(const FlipArm& arm) {
  ik::GoalPath path;
  path.name = "across the pole";
  for (int i = 0; i < 1000; ++i) {
    const float u = static_cast<float>(i) / 1000.0f;
    const float angle = glm::radians(90.0f + 80.0f * std::sin(u * 6.2831853f * 2.0f));
    const float reach = 1.5f - 0.55f * std::cos(u * 6.2831853f * 4.0f);
    ik::GoalPathSample sample;
    sample.time = static_cast<float>(i) / 60.0f;
    sample.position = arm.root + (arm.line * std::cos(angle) + arm.side * std::sin(angle)) * reach;
    path.samples.push_back(sample);
  }
  ik::MotionTrack track;
  EXPECT_EQ(ik::track_from_goal_path(path, 60.0f, 0, ik::PathWrap::clamp, track), "");
  return track;
}

// The independent count: frames whose bend-plane normal turned against the last one the
// chain had, or (pole on) where the chain starts bending against the pole outside the band
// round the pole line (sine of the angle between root -> hand and root -> pole below 0.25).
std::vector<int> replay_flips(const FlipArm& arm, ik::Chain chain, const ik::MotionTrack& track) {
  ik::Pose pose = arm.rest;
  ik::Workspace workspace;
  glm::dvec3 last_normal(0.0);
  bool was_against = false;
  std::vector<int> flips;
  for (size_t f = 0; f < track.positions.size(); ++f) {
    chain.goal.position = track.positions[f];
    ik::solver_table()[chain.solver].solve(arm.skeleton, chain, pose, workspace, nullptr);
    const glm::dvec3 root(iktest::world_position(arm.skeleton, pose, 1));
    const glm::dvec3 elbow(iktest::world_position(arm.skeleton, pose, 2));
    const glm::dvec3 hand(iktest::world_position(arm.skeleton, pose, 3));
    const glm::dvec3 normal = glm::cross(elbow - root, hand - root);
    if (glm::length(normal) <= 1e-4 * glm::length(elbow - root) * glm::length(hand - root)) continue;  // straight
    bool flip = glm::dot(normal, last_normal) < 0.0;
    last_normal = normal;
    if (chain.goal.use_pole) {
      const glm::dvec3 axis = glm::normalize(hand - root);
      const glm::dvec3 to_pole = glm::dvec3(chain.goal.pole_target) - root;
      const glm::dvec3 pole_across = to_pole - axis * glm::dot(to_pole, axis);
      const glm::dvec3 bend_across = (elbow - root) - axis * glm::dot(elbow - root, axis);
      if (glm::length(pole_across) >= 0.25 * glm::length(to_pole)) {
        const bool against = glm::dot(bend_across, pole_across) < 0.0;
        if (against && !was_against) flip = true;
        was_against = against;
      }
    }
    if (flip) flips.push_back(static_cast<int>(f));
  }
  return flips;
}

const ik::MotionRun& only_run(const ik::MotionReport& report) {
  EXPECT_EQ(report.runs.size(), 1u);
  return report.runs.front();
}

TEST(MotionPoleFlips, APoleRemovesTheFlipsOfCrossingThePoleLine) {
  FlipArm arm;
  const ik::MotionTrack track = crossing_track(arm);
  ik::Chain with_pole = arm.chain;
  with_pole.goal.use_pole = true;
  with_pole.goal.pole_target = arm.root + arm.side * 1.0f;  // on the path's plane, 90 degrees from the rest line
  int compared = 0, flipping = 0;
  for (int s = 0; s < ik::solver_count(); ++s) {
    const ik::SolverInfo& info = ik::solver_table()[s];
    if (!ik::uses_pole(info) || !ik::motion_solver_accepts(s, 2, false)) continue;
    ik::MotionOptions options;
    options.solvers = {s};
    ik::MotionReport plain, poled;
    ASSERT_EQ(ik::analyse_motion(arm.skeleton, arm.chain, arm.rest, track, options, plain), "") << info.id;
    ASSERT_EQ(ik::analyse_motion(arm.skeleton, with_pole, arm.rest, track, options, poled), "") << info.id;
    std::vector<int> plain_flips, poled_flips;
    for (size_t f = 0; f < track.positions.size(); ++f) {
      if (only_run(plain).frames[f].flip) plain_flips.push_back(static_cast<int>(f));
      if (only_run(poled).frames[f].flip) poled_flips.push_back(static_cast<int>(f));
    }
    std::printf("%-20s flips without the pole %zu, with it %zu\n", info.id, plain_flips.size(), poled_flips.size());
    ik::Chain plain_chain = arm.chain, poled_chain = with_pole;
    plain_chain.solver = poled_chain.solver = s;
    plain_chain.params.warm_start = poled_chain.params.warm_start = true;
    EXPECT_EQ(plain_flips, replay_flips(arm, plain_chain, track)) << info.id;
    EXPECT_EQ(poled_flips, replay_flips(arm, poled_chain, track)) << info.id;
    EXPECT_EQ(only_run(plain).summary.flips, static_cast<int>(plain_flips.size())) << info.id;
    EXPECT_EQ(only_run(poled).summary.flips, 0) << info.id << " flips with a pole";
    if (info.id == std::string("fabrik")) {
      EXPECT_GT(plain_flips.size(), 0u) << "FABRIK without the pole";
    }
    flipping += plain_flips.empty() ? 0 : 1;
    ++compared;
  }
  // FABRIK, CCD, Jacobian transpose, DLS, CCD then DLS, two-bone analytic. Which iterative
  // solvers come back bent the other way after full extension depends on rounding at the
  // straight (singular) pose (test_motion_analysis.cpp says so for the plain and the AVX2 +
  // FMA copies), so only FABRIK is named; here five of the six flip without the pole.
  EXPECT_GE(compared, 6);
  EXPECT_GE(flipping, 3);
}

}  // namespace
