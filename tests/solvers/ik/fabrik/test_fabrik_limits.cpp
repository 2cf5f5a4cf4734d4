// FABRIK under the default limits from roles (solvers/ik/fabrik/fabrik_limits.h): a T-pose arm
// whose goal lies inward along the arm bends its elbow and reaches; no solve ends farther from
// its goal than it started; on the everyday-pose suite it should reach at least 95 % of what
// DLS reaches (disabled: not met yet, 168 against DLS's 276 of 288 on 2026-12-05).
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
        std::vector<glm::mat4> world;
        ik::fk_all(rig.skeleton, start, world);
        const float initial = glm::length(ik::position_of(world[static_cast<size_t>(to.effector)]) - to.goal);
        ik::Pose pose = start;
        const ik::SolveResult r = ik::solve_fabrik(rig.skeleton, chain, pose, ws, nullptr);
        ik::fk_all(rig.skeleton, pose, world);
        const float final_error = glm::length(ik::position_of(world[static_cast<size_t>(to.effector)]) - to.goal);
        EXPECT_LE(final_error, initial + 1e-5f * to.limb_length)
            << rig.name << ": from " << from.name << " to " << to.name << " (" << ik::to_string(r.status) << ")";
        ++solves;
      }
    }
  }
  EXPECT_GT(solves, 1000);
}

// The goal of the limit work, not met yet (see the header): run with
// --gtest_also_run_disabled_tests to see where it stands.
TEST(FabrikLimits, DISABLED_ReachesAtLeastNinetyFivePercentOfWhatDlsReaches) {
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
