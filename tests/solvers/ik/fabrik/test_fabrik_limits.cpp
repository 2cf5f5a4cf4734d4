// FABRIK under the default limits from roles (solvers/ik/fabrik/fabrik_limits.h): a T-pose arm
// whose goal lies inward along the arm bends its elbow and reaches; no solve ends farther from
// its goal than it started (nor than its start clamped into the limits, when the rest lies
// outside them); on the everyday-pose suite it reaches at least 95 % of what DLS reaches
// (286 and 276 of 288 on 2026-12-05; 168 before the root's turn toward the goal).
#include <gtest/gtest.h>

#include <cstdio>

#include "solvers/ik/fabrik/fabrik.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/everyday_pose_suite.h"

namespace {

const std::vector<suite::Rig>& all_rigs() {
  static const std::vector<suite::Rig> rigs = suite::rigs();
  return rigs;
}

// The arm chain of a rig (upper arm -> hand) for `side` with `goal`, FABRIK, from rest.
ik::Chain arm_chain(const suite::Rig& rig, ik::Side side, const glm::vec3& goal) {
  for (const ik::EverydayPose& p : rig.poses) {
    if (p.limb != ik::Limb::arm || p.side != side) continue;
    ik::Chain chain;
    EXPECT_TRUE(suite::chain_for(rig, p, ik::find_solver("fabrik"), chain));
    chain.goal.position = goal;
    chain.params.max_iterations = 16;  // the program's default
    return chain;
  }
  ADD_FAILURE() << "no arm";
  return {};
}

// How far the pose's effector for `p` lies from p's goal.
float distance_to_goal(const suite::Rig& rig, const ik::Pose& pose, const ik::EverydayPose& p) {
  std::vector<glm::mat4> world;
  ik::fk_all(rig.skeleton, pose, world);
  return glm::length(ik::position_of(world[static_cast<size_t>(p.effector)]) - p.goal);
}

TEST(FabrikLimits, TPoseArmWithTheGoalInwardAlongTheArmReaches) {
  for (const suite::Rig& rig : all_rigs()) {
    SCOPED_TRACE(rig.name);
    for (ik::Side side : {ik::Side::left, ik::Side::right}) {
      const ik::Pose rest = ik::rest_pose(rig.skeleton);
      std::vector<glm::mat4> world;
      ik::fk_all(rig.skeleton, rest, world);
      ik::Chain chain = arm_chain(rig, side, glm::vec3(0.0f));
      const glm::vec3 shoulder = ik::position_of(world[static_cast<size_t>(chain.root)]);
      const glm::vec3 hand = ik::position_of(world[static_cast<size_t>(chain.effector)]);
      const float arm = glm::length(hand - shoulder);
      // 6 cm on a 52 cm arm.
      chain.goal.position = hand - (hand - shoulder) * (0.06f / 0.52f);
      ik::Pose pose = rest;
      ik::Workspace ws;
      const ik::SolveResult r = ik::solve_fabrik(rig.skeleton, chain, pose, ws, nullptr);
      std::printf("%s, %s arm, goal %.0f %% of the arm inward: %s, %.4f of the arm's length from the goal\n",
                  rig.name.c_str(), side == ik::Side::left ? "left" : "right", 0.06f / 0.52f * 100.0f,
                  ik::to_string(r.status), r.error / arm);
      EXPECT_EQ(r.status, ik::SolveStatus::reached) << r.error / arm;
      EXPECT_LE(r.error, 0.06f / 0.52f * arm);
    }
  }
}

// From every pose of the suite (inside the limits) toward every other goal of the same limb:
// never farther from the goal than the start.
TEST(FabrikLimits, NeverEndsFartherFromTheGoalThanItStarted) {
  ik::Workspace ws;
  int solves = 0;
  for (const suite::Rig& rig : all_rigs()) {
    for (const ik::EverydayPose& from : rig.poses) {
      ik::Pose start = ik::rest_pose(rig.skeleton);
      int j = rig.skeleton.parent[static_cast<size_t>(from.effector)];
      for (size_t k = from.local.size(); k-- > 0; j = rig.skeleton.parent[static_cast<size_t>(j)])
        start.local[static_cast<size_t>(j)].rotation = from.local[k];
      for (const ik::EverydayPose& to : rig.poses) {
        if (to.effector != from.effector) continue;
        ik::Chain chain;
        ASSERT_TRUE(suite::chain_for(rig, to, ik::find_solver("fabrik"), chain));
        chain.params.warm_start = true;
        chain.params.max_iterations = 16;
        const float initial = distance_to_goal(rig, start, to);
        ik::Pose pose = start;
        const ik::SolveResult r = ik::solve_fabrik(rig.skeleton, chain, pose, ws, nullptr);
        const float final_error = distance_to_goal(rig, pose, to);
        EXPECT_LE(final_error, initial + 1e-5f * to.limb_length)
            << rig.name << ": from " << from.name << " to " << to.name << " (" << ik::to_string(r.status) << ")";
        ++solves;
      }
    }
  }
  EXPECT_GT(solves, 1000);
}

// From rest, which on these rigs lies outside the knee's range (it starts a little bent):
// never farther from the goal than the rest pose clamped into the limits.
TEST(FabrikLimits, FromARestOutsideTheLimitsNeverEndsFartherThanTheClampedRest) {
  ik::Workspace ws;
  int outside = 0;
  for (const suite::Rig& rig : all_rigs()) {
    const ik::Pose rest = ik::rest_pose(rig.skeleton);
    for (const ik::EverydayPose& p : rig.poses) {
      ik::Chain chain;
      ASSERT_TRUE(suite::chain_for(rig, p, ik::find_solver("fabrik"), chain));
      chain.params.max_iterations = 16;
      ik::Pose clamped = rest;
      for (int j = rig.skeleton.parent[static_cast<size_t>(p.effector)]; j >= p.root;
           j = rig.skeleton.parent[static_cast<size_t>(j)])
        if (ik::clamp_to_limits(rig.skeleton.limits[static_cast<size_t>(j)],
                                rig.skeleton.rest[static_cast<size_t>(j)].rotation,
                                clamped.local[static_cast<size_t>(j)].rotation))
          ++outside;
      const float initial = distance_to_goal(rig, clamped, p);
      ik::Pose pose = rest;
      const ik::SolveResult r = ik::solve_fabrik(rig.skeleton, chain, pose, ws, nullptr);
      const float final_error = distance_to_goal(rig, pose, p);
      EXPECT_LE(final_error, initial + 1e-5f * p.limb_length)
          << rig.name << ": " << p.name << " (" << ik::to_string(r.status) << ")";
    }
  }
  EXPECT_GT(outside, 0) << "no rest outside the limits: the test sees nothing";
}

TEST(FabrikLimits, ReachesAtLeastNinetyFivePercentOfWhatDlsReaches) {
  ik::Workspace ws;
  ik::Pose scratch;
  int reached[2] = {0, 0};
  const int solvers[2] = {ik::find_solver("fabrik"), ik::find_solver("dls")};
  for (const suite::Rig& rig : all_rigs())
    for (const ik::EverydayPose& p : rig.poses)
      for (int s = 0; s < 2; ++s) {
        ik::Chain chain;
        ASSERT_TRUE(suite::chain_for(rig, p, solvers[s], chain));
        reached[s] += suite::solve(rig, p, chain, scratch, ws).reached ? 1 : 0;
      }
  std::printf("FABRIK reached %d, DLS %d\n", reached[0], reached[1]);
  EXPECT_GE(reached[0] * 100, reached[1] * 95);
}

}  // namespace
