// A pole that follows the motion (solvers/ik/auto_pole.h): where the pole goes from a bent
// and from a straight reference, that it rides with the root, and the sweep: on the
// Mixamo-named rig's arm and leg (default limits from roles, T-pose: both straight at rest,
// so the pole comes from the elbow's and the knee's hinges), 10,000 goals per solver that
// honours a pole -- a spiral over a sphere around the limb's root and great circles through
// the root -> pole line -- each solve warm-started from the last, the pole made as the
// scene makes it (solving_goal): the bend side never turns more than 90 degrees per
// centimetre of goal motion (where the chain is bent enough to have one), and the knee
// keeps pointing forward at the start.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "solvers/ik/auto_pole.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/default_limits.h"
#include "solvers/rig/rig_roles.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/role_chain_rigs.h"
#include "tests/support/solver_test_util.h"

namespace {

constexpr float kAutoPolePi = 3.14159265358979f;

// Under the sanitizers (the code at -O0, every access checked) the sweep takes every fifth
// goal (iktest::kPropertyShare): 2,000 a limb, 2 cm apart, the same checks.
constexpr int kGoalStride = iktest::kPropertyShare;

struct Rig {
  ik::Skeleton skeleton;
  ik::RigRoles roles;
};

Rig mixamo_with_limits() {
  Rig rig;
  rig.skeleton = rigs::mixamo();
  rig.roles = ik::recognise_roles(rig.skeleton);
  rig.skeleton.limits = ik::default_limits_from_roles(rig.skeleton, rig.roles.joints);
  return rig;
}

ik::Chain limb(const Rig& rig, ik::Role root, ik::Role effector, int solver) {
  ik::Chain chain;
  chain.root = ik::first_joint_with_role(rig.roles.joints, root, ik::Side::left);
  chain.effector = ik::first_joint_with_role(rig.roles.joints, effector, ik::Side::left);
  chain.solver = solver;
  chain.goal.auto_pole = true;
  return chain;
}

std::vector<glm::vec3> positions(const ik::Skeleton& s, const ik::Pose& pose, const ik::Chain& chain) {
  return iktest::path_positions(s, pose, iktest::path_of(s, chain.root, chain.effector));
}

// ---- Where the pole goes ------------------------------------------------------------------

TEST(AutoPole, AStraightLegBendsItsKneeForwardAStraightArmItsElbowBack) {
  const Rig rig = mixamo_with_limits();
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  for (const auto& [root, effector, sign] :
       {std::tuple{ik::Role::thigh, ik::Role::foot, 1.0f}, std::tuple{ik::Role::upper_arm, ik::Role::hand, -1.0f}}) {
    const ik::Chain chain = limb(rig, root, effector, 0);
    ik::Goal goal = chain.goal;
    ASSERT_TRUE(ik::automatic_pole(rig.skeleton, chain, rest, nullptr, goal));
    EXPECT_TRUE(goal.use_pole);
    const std::vector<glm::vec3> p = positions(rig.skeleton, rest, chain);
    // The rig faces +Z: the knee's pole in front of the leg, the elbow's behind the arm.
    EXPECT_GT(sign * (goal.pole_target.z - p[1].z), 0.1f) << (sign > 0 ? "knee" : "elbow");
  }
}

TEST(AutoPole, ABentReferencePutsThePoleOnItsBendSideAndItRidesWithTheRoot) {
  const Rig rig = mixamo_with_limits();
  const ik::Chain chain = limb(rig, ik::Role::upper_arm, ik::Role::hand, 0);
  ik::Pose reference = ik::rest_pose(rig.skeleton);
  // The elbow bent with the forearm pointing forward and up: the elbow out to the side and down.
  const int elbow = ik::first_joint_with_role(rig.roles.joints, ik::Role::forearm, ik::Side::left);
  reference.local[static_cast<size_t>(elbow)].rotation =
      rig.skeleton.rest[static_cast<size_t>(elbow)].rotation * glm::angleAxis(1.2f, glm::vec3(0, 0, 1));
  ik::Goal goal = chain.goal;
  ASSERT_TRUE(ik::automatic_pole(rig.skeleton, chain, ik::rest_pose(rig.skeleton), &reference, goal));
  const std::vector<glm::vec3> p = positions(rig.skeleton, reference, chain);
  const glm::vec3 side = ik::bend_side(p.data(), static_cast<int>(p.size()));
  EXPECT_GT(glm::dot(glm::normalize(goal.pole_target - p[1]), glm::normalize(side)), 0.9f);
  // The pose being solved has the whole body moved up by 10 cm: the pole too.
  ik::Pose moved = ik::rest_pose(rig.skeleton);
  moved.local[0].translation += glm::vec3(0.0f, 0.1f, 0.0f);  // the root, in model space (m)
  ik::Goal moved_goal = chain.goal;
  ASSERT_TRUE(ik::automatic_pole(rig.skeleton, chain, moved, &reference, moved_goal));
  const glm::vec3 shift = moved_goal.pole_target - goal.pole_target;
  EXPECT_NEAR(shift.y, 0.1f, 1e-3f);
  EXPECT_NEAR(shift.x, 0.0f, 1e-3f);
}

TEST(AutoPole, AStraightChainWithoutAHingeHasNoPole) {
  ik::Skeleton s = iktest::chain_skeleton(4, 1.0f, {}, 0.0f);  // straight, no limits
  ik::Chain chain;
  chain.root = 1;  // the base's child: from there on the chain is straight
  chain.effector = 4;
  chain.goal.auto_pole = true;
  ik::Goal goal = chain.goal;
  EXPECT_FALSE(ik::automatic_pole(s, chain, ik::rest_pose(s), nullptr, goal));
  EXPECT_FALSE(goal.use_pole);
}

// A nearly straight reference: the knee bent 3 degrees backward, out to the side, then
// forward -- the way a capture's knee near full extension wobbles (CesiumMan's walk turns
// its bend side 60-146 degrees from one frame to the next at push-off). The pole stays in
// front of the knee, where the thigh's frame carries the rest's forward knee; bent well past
// kBentBend the pole is on the reference's own bend side.
TEST(AutoPole, ANearlyStraightKneeTakesTheSideTheThighCarries) {
  const Rig rig = mixamo_with_limits();
  const ik::Chain chain = limb(rig, ik::Role::thigh, ik::Role::foot, 0);
  const int knee = ik::first_joint_with_role(rig.roles.joints, ik::Role::shin, ik::Side::left);
  const glm::quat knee_rest = rig.skeleton.rest[static_cast<size_t>(knee)].rotation;
  for (const glm::vec3& axis : {glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(-1, 0, 0)}) {
    ik::Pose reference = ik::rest_pose(rig.skeleton);
    reference.local[static_cast<size_t>(knee)].rotation = knee_rest * glm::angleAxis(glm::radians(3.0f), axis);
    ik::Goal goal = chain.goal;
    ASSERT_TRUE(ik::automatic_pole(rig.skeleton, chain, ik::rest_pose(rig.skeleton), &reference, goal));
    const std::vector<glm::vec3> p = positions(rig.skeleton, reference, chain);
    const glm::vec3 to_pole = glm::normalize(goal.pole_target - p[1]);
    EXPECT_GT(to_pole.z, 0.95f) << "bent about (" << axis.x << ", " << axis.y << ", " << axis.z << ")";
  }
  // Bent 60 degrees out to the side (past kBentBend): the pole on that side.
  ik::Pose reference = ik::rest_pose(rig.skeleton);
  const int thigh = chain.root;
  reference.local[static_cast<size_t>(knee)].rotation =
      knee_rest * glm::angleAxis(glm::radians(60.0f), glm::vec3(0, 0, 1));
  ik::Goal goal = chain.goal;
  ASSERT_TRUE(ik::automatic_pole(rig.skeleton, chain, ik::rest_pose(rig.skeleton), &reference, goal));
  const std::vector<glm::vec3> p = positions(rig.skeleton, reference, chain);
  const glm::vec3 side = glm::normalize(ik::bend_side(p.data(), static_cast<int>(p.size())));
  EXPECT_GT(glm::dot(glm::normalize(goal.pole_target - p[1]), side), 0.99f);
  EXPECT_GE(thigh, 0);
}

// A goal the animated pose already reaches: a warm-started solve with the automatic pole
// leaves that pose as it is, for every solver that honours a pole, even where the pole's
// side is not the pose's own bend (a clip's nearly straight knee): IK on top of a clip
// whose goals follow the animation plays the clip. A goal it does not reach is solved with
// the pole as before.
TEST(AutoPole, AReachedGoalKeepsThePoseItIsReachedIn) {
  const Rig rig = mixamo_with_limits();
  const int knee = ik::first_joint_with_role(rig.roles.joints, ik::Role::shin, ik::Side::left);
  ik::Pose animated = ik::rest_pose(rig.skeleton);
  // Bent 10 degrees out to the side: between the straight and the bent ends of the ease.
  animated.local[static_cast<size_t>(knee)].rotation =
      rig.skeleton.rest[static_cast<size_t>(knee)].rotation * glm::angleAxis(glm::radians(10.0f), glm::vec3(0, 0, 1));
  for (int solver = 0; solver < ik::solver_count(); ++solver) {
    const ik::SolverInfo& info = ik::solver_table()[solver];
    if (!ik::uses_pole(info)) continue;
    ik::Chain chain = limb(rig, ik::Role::thigh, ik::Role::foot, solver);
    if (!ik::bone_count_advice(info, rig.skeleton, chain.root, chain.effector).empty()) continue;
    chain.params.use_limits = false;
    chain.goal.position = iktest::world_position(rig.skeleton, animated, chain.effector);
    ASSERT_TRUE(ik::automatic_pole(rig.skeleton, chain, animated, &animated, chain.goal));
    ik::Pose pose = animated;
    ik::Workspace ws;
    ik::solve_chain(ik::solver_table()[solver], rig.skeleton, chain, pose, ws, nullptr);
    const glm::vec3 was = iktest::world_position(rig.skeleton, animated, knee);
    EXPECT_LT(glm::length(iktest::world_position(rig.skeleton, pose, knee) - was), 1e-5f)
        << ik::solver_table()[solver].id;
    // 5 cm forward: solved, the knee turned toward the pole.
    chain.goal.position += glm::vec3(0.0f, 0.0f, 0.05f);
    ik::solve_chain(ik::solver_table()[solver], rig.skeleton, chain, pose, ws, nullptr);
    EXPECT_GT(glm::length(iktest::world_position(rig.skeleton, pose, knee) - was), 1e-3f)
        << ik::solver_table()[solver].id;
  }
}

// ---- The sweep ----------------------------------------------------------------------------

struct AutoPoleOutcome {
  float worst_degrees_per_cm = 0.0f;
  int judged = 0;   // steps where the chain was bent before and after
  int against = 0;  // solves ending bent against the pole's side (where the side is defined)
};

// Goals along `path` (model space, consecutive points close together), solved in turn from
// rest, warm-started, limits off (see the sweep's test), with the automatic pole or without.
AutoPoleOutcome auto_pole_sweep(const Rig& rig, ik::Chain chain, const std::vector<glm::vec3>& path, bool with_pole) {
  chain.params.use_limits = false;
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  ik::Workspace ws;
  const ik::SolverInfo& info = ik::solver_table()[chain.solver];
  AutoPoleOutcome out;
  glm::vec3 last_side(0.0f), last_goal(0.0f);
  float length = 0.0f;
  {
    const std::vector<glm::vec3> p = positions(rig.skeleton, pose, chain);
    for (size_t k = 1; k < p.size(); ++k) length += glm::length(p[k] - p[k - 1]);
  }
  for (const glm::vec3& goal : path) {
    chain.goal.position = goal;
    ik::Chain solving = chain;  // the goal as the scene hands it: the pole made from the rest
    EXPECT_TRUE(ik::solving_goal(rig.skeleton, pose, chain, solving.goal));
    const glm::vec3 pole_target = solving.goal.pole_target;
    if (!with_pole) solving.goal.use_pole = false;
    ik::solve_chain(info, rig.skeleton, solving, pose, ws, nullptr);
    const std::vector<glm::vec3> p = positions(rig.skeleton, pose, chain);
    const int count = static_cast<int>(p.size());
    const glm::vec3 side = ik::bend_side(p.data(), count);
    const bool bent = glm::length(side) > 0.02f * length;
    if (bent && ik::pole_side(p[0], p.back(), pole_target, 0.0f).sine >= ik::kPoleBandSine &&
        ik::bends_against_pole(p.data(), count, pole_target, 0.0f))
      ++out.against;
    if (bent && glm::dot(last_side, last_side) > 0.0f) {
      const float step_cm = glm::length(goal - last_goal) * 100.0f;
      const float degrees =
          std::acos(std::clamp(glm::dot(glm::normalize(side), last_side), -1.0f, 1.0f)) * 180.0f / kAutoPolePi;
      if (step_cm > 0.0f) out.worst_degrees_per_cm = std::max(out.worst_degrees_per_cm, degrees / step_cm);
      ++out.judged;
    }
    last_side = bent ? glm::normalize(side) : glm::vec3(0.0f);
    last_goal = goal;
  }
  return out;
}

// 6,000 goals on a spiral from one side of the sphere to the other about `axis`, then 4,000
// on two great circles through the root -> `through` line.
std::vector<glm::vec3> sphere_paths(const glm::vec3& centre, float radius, const glm::vec3& axis,
                                    const glm::vec3& through) {
  std::vector<glm::vec3> path;
  const glm::vec3 a = glm::normalize(axis);
  const glm::vec3 u = glm::normalize(glm::cross(a, std::fabs(a.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0)));
  const glm::vec3 v = glm::cross(a, u);
  constexpr int kSpiral = 6000, kTurns = 12;
  for (int i = 0; i < kSpiral; ++i) {
    const float t = static_cast<float>(i) / (kSpiral - 1);
    const float polar = 0.05f + 0.9f * kAutoPolePi * t, around = 2.0f * kAutoPolePi * kTurns * t;
    path.push_back(centre +
                   radius * (std::cos(polar) * a + std::sin(polar) * (std::cos(around) * u + std::sin(around) * v)));
  }
  const glm::vec3 p = glm::normalize(through);
  for (int circle = 0; circle < 2; ++circle) {
    const glm::vec3 side = glm::normalize(glm::cross(p, circle == 0 ? u : v));
    for (int i = 0; i < 2000; ++i) {
      const float angle = 2.0f * kAutoPolePi * static_cast<float>(i) / 2000.0f;
      path.push_back(centre + radius * (std::cos(angle) * p + std::sin(angle) * side));
    }
  }
  return path;
}

// Limits off: with the default limits the shoulder's and the hip's cones hold the limb short
// of many of the sphere's goals, and at a cone's rim the bend plane can still jump (up to
// about 650 degrees per cm for FABRIK's and CCD's arm, 1,300 for the transpose's, measured
// 2026-12-05): the pole's turn and the limits' clamp fight there. Not solved yet.
struct SweepRow {
  std::string what;
  AutoPoleOutcome with_pole, without_pole;
};

std::vector<SweepRow> sweep_all() {
  const Rig rig = mixamo_with_limits();
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  std::vector<SweepRow> rows;
  for (int s = 0; s < ik::solver_count(); ++s) {
    const ik::SolverInfo& info = ik::solver_table()[s];
    if (!ik::uses_pole(info) || (info.exact_bones != 0 && info.exact_bones != 2)) continue;
    for (const auto& [root, effector] :
         {std::pair{ik::Role::upper_arm, ik::Role::hand}, std::pair{ik::Role::thigh, ik::Role::foot}}) {
      const ik::Chain chain = limb(rig, root, effector, s);
      ik::Goal pole = chain.goal;
      EXPECT_TRUE(ik::automatic_pole(rig.skeleton, chain, rest, nullptr, pole));
      const std::vector<glm::vec3> p = positions(rig.skeleton, rest, chain);
      const float reach = glm::length(p[1] - p[0]) + glm::length(p[2] - p[1]);
      const glm::vec3 to_pole = pole.pole_target - p[0];
      const std::vector<glm::vec3> path = sphere_paths(p[0], 0.75f * reach, glm::cross(to_pole, p[2] - p[0]), to_pole);
      SweepRow row;
      row.what = std::string(info.id) + (root == ik::Role::thigh ? " leg" : " arm");
      std::vector<glm::vec3> goals;
      for (size_t i = 0; i < path.size(); i += kGoalStride) goals.push_back(path[i]);
      row.with_pole = auto_pole_sweep(rig, chain, goals, true);
      // Without the pole the bend drifts to the other side within the first 2,000 goals.
      row.without_pole =
          auto_pole_sweep(rig, chain, std::vector<glm::vec3>(goals.begin(), goals.begin() + goals.size() / 5), false);
      std::printf("%-24s %zu goals: with the pole %5.1f deg per cm at worst, %4d against it; without %5.1f, %4d\n",
                  row.what.c_str(), goals.size(), row.with_pole.worst_degrees_per_cm, row.with_pole.against,
                  row.without_pole.worst_degrees_per_cm, row.without_pole.against);
      rows.push_back(row);
    }
  }
  return rows;
}

TEST(AutoPoleSweep, TheBendPlaneNeverJumpsAndKeepsThePolesSide) {
  const std::vector<SweepRow> rows = sweep_all();
  EXPECT_GE(rows.size(), 12u);  // two-bone, FABRIK, CCD, the Jacobian solvers; arm and leg
  int drift = 0;
  for (const SweepRow& row : rows) {
    EXPECT_GT(row.with_pole.judged, 9000 / kGoalStride) << row.what;
    EXPECT_LE(row.with_pole.worst_degrees_per_cm, 90.0f) << row.what;
    EXPECT_EQ(row.with_pole.against, 0) << row.what;
    drift += row.without_pole.against > 0;
  }
  // The checks can fail: without the pole some solver ends bent the other way somewhere.
  EXPECT_GT(drift, 0);
}

}  // namespace
