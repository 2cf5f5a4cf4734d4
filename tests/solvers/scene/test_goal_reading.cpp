// Each part of a chain's goal read from the pose (solvers/scene/goal_reading.h), on the
// generated Mixamo rig with its default limits from roles: a foot lifted to a knee raise
// whose orientation goal lies past the ankle's limit reads "position reached" with the
// orientation short and the ankle named; a solver that ignores the orientation (FABRIK) or
// the pole (mass-spring) is said to; a position-only goal adds no words. And at_limit
// (limits.h), which names the joint, on a hinge, a cone and per-axis ranges.
#include <gtest/gtest.h>

#include "solvers/ik/goal_space.h"
#include "solvers/ik/limits.h"
#include "solvers/scene/goal_reading.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/everyday_pose_suite.h"

namespace {

constexpr float kDegree = 0.0174532925f;

const suite::Rig& goal_rig() {
  static const suite::Rig rig = suite::make_rig("Mixamo T-pose", rigs::mixamo());
  return rig;
}

// The left leg lifted to the suite's knee raise, the foot turned to the rim of its cone
// (about the cone's u axis), the chain's goal at the foot.
struct LiftedFoot {
  ik::Pose pose;
  std::vector<glm::mat4> world;
  ik::Chain chain;
  float rim = 0.0f;  // the cone's half angle about u, radians
};

LiftedFoot lifted_foot(const char* solver) {
  const suite::Rig& rig = goal_rig();
  const ik::Skeleton& s = rig.skeleton;
  LiftedFoot out;
  for (const ik::EverydayPose& p : rig.poses) {
    if (p.name != "knee raise" || p.side != ik::Side::left) continue;
    EXPECT_TRUE(suite::chain_for(rig, p, ik::find_solver(solver), out.chain));
    out.pose = ik::rest_pose(s);
    int j = s.parent[static_cast<size_t>(p.effector)];
    for (size_t k = p.local.size(); k-- > 0; j = s.parent[static_cast<size_t>(j)])
      out.pose.local[static_cast<size_t>(j)].rotation = p.local[k];
    const size_t foot = static_cast<size_t>(p.effector);
    const ik::JointLimits& limits = s.limits[foot];
    EXPECT_TRUE(limits.enabled && limits.cone);
    out.rim = limits.swing.x;
    ik::SwingTwist at_rim;
    at_rim.swing = glm::vec2(out.rim, 0.0f);
    out.pose.local[foot].rotation = s.rest[foot].rotation * ik::from_swing_twist(limits, at_rim);
    ik::fk_all(s, out.pose, out.world);
    out.chain.goal.position = ik::position_of(out.world[foot]);
    return out;
  }
  ADD_FAILURE() << "no knee raise";
  return out;
}

// The model-space rotation the foot would have turned `extra` radians further past its rim.
glm::quat foot_turned_past_rim(const LiftedFoot& lifted, float extra) {
  const ik::Skeleton& s = goal_rig().skeleton;
  const size_t foot = static_cast<size_t>(lifted.chain.effector);
  ik::Pose pose = lifted.pose;
  ik::SwingTwist past;
  past.swing = glm::vec2(lifted.rim + extra, 0.0f);
  pose.local[foot].rotation = s.rest[foot].rotation * ik::from_swing_twist(s.limits[foot], past);
  std::vector<glm::mat4> world;
  ik::fk_all(s, pose, world);
  return ik::rotation_of(world[foot]);
}

TEST(GoalReading, FootAtItsGoalWithTheOrientationPastTheAnkleLimitReadsPositionReached) {
  LiftedFoot lifted = lifted_foot("dls");
  lifted.chain.goal.use_orientation = true;
  lifted.chain.goal.orientation = foot_turned_past_rim(lifted, 23.0f * kDegree);
  const ik::Skeleton& s = goal_rig().skeleton;
  const ik::GoalReading r =
      ik::read_goal(s, lifted.pose, lifted.world, lifted.chain, ik::solver_table()[lifted.chain.solver]);
  EXPECT_EQ(r.position, ik::GoalPart::reached);
  EXPECT_LT(r.position_error, 1e-5f);
  EXPECT_EQ(r.orientation, ik::GoalPart::short_of);
  EXPECT_NEAR(r.orientation_degrees, 23.0f, 0.1f);
  EXPECT_EQ(r.limiting_joint, lifted.chain.effector) << "the ankle holds the foot";
  EXPECT_FALSE(r.whole_goal_reached());
  const std::string text = ik::describe_goal_parts(r, s);
  EXPECT_EQ(text.rfind("position reached (", 0), 0u) << text;
  const std::string tail = ") · orientation 23° short: mixamorig:LeftFoot at its limit";
  EXPECT_TRUE(text.size() > tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0) << text;
}

// Solved, not only read: DLS (and CCD then DLS, which ends with it) puts the position first
// (jacobian.cpp's position-first finish), so a foot whose orientation lies past the ankle's
// limit stands at its goal, the orientation as near as the limit lets it -- where the
// six-row steps alone settled 3.6 mm short of the position as well.
TEST(GoalReading, DlsPutsTheFootAtItsGoalWhenTheAnkleCannotGiveTheOrientation) {
  for (const char* solver : {"dls", "ccd_dls"}) {
    LiftedFoot lifted = lifted_foot(solver);
    lifted.chain.goal.use_orientation = true;
    lifted.chain.goal.orientation = foot_turned_past_rim(lifted, 23.0f * kDegree);
    const ik::Skeleton& s = goal_rig().skeleton;
    const ik::SolverInfo& info = ik::solver_table()[lifted.chain.solver];
    ik::Pose pose = ik::rest_pose(s);  // from rest: the leg must lift itself
    ik::Workspace workspace;
    ik::solve_chain(info, s, lifted.chain, pose, workspace, nullptr);
    std::vector<glm::mat4> world;
    ik::fk_all(s, pose, world);
    const ik::GoalReading r = ik::read_goal(s, pose, world, lifted.chain, info);
    EXPECT_EQ(r.position, ik::GoalPart::reached) << solver << ": " << ik::describe_goal_parts(r, s);
    EXPECT_EQ(r.orientation, ik::GoalPart::short_of) << solver;
    EXPECT_LT(r.orientation_degrees, 25.0f) << solver << ": the foot turned as far as the ankle lets it";
    EXPECT_EQ(r.limiting_joint, lifted.chain.effector) << solver << ": " << ik::describe_goal_parts(r, s);
  }
}

TEST(GoalReading, AnOrientationWithinADegreeIsReached) {
  LiftedFoot lifted = lifted_foot("dls");
  lifted.chain.goal.use_orientation = true;
  lifted.chain.goal.orientation = foot_turned_past_rim(lifted, 0.5f * kDegree);
  const ik::GoalReading r = ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, lifted.chain,
                                          ik::solver_table()[lifted.chain.solver]);
  EXPECT_EQ(r.orientation, ik::GoalPart::reached);
  EXPECT_TRUE(r.whole_goal_reached());
  EXPECT_EQ(r.limiting_joint, -1) << "nothing short, nothing to blame";
  EXPECT_NE(ik::describe_goal_parts(r, goal_rig().skeleton).find("orientation reached (0.5°)"), std::string::npos);
}

// FABRIK and CCD solve positions, then turn the effector's own joint to the goal's
// orientation (effector_orientation.h): from rest, a foot whose goal lies inside the ankle's
// cone stands at its goal turned to it; one 23 degrees past the cone's rim stands there
// turned to the rim, and the reading names the ankle.
TEST(GoalReading, FabrikAndCcdTurnTheFootToItsGoal) {
  for (const char* solver : {"fabrik", "ccd"}) {
    for (const float past : {-10.0f * kDegree, 23.0f * kDegree}) {
      LiftedFoot lifted = lifted_foot(solver);
      lifted.chain.goal.use_orientation = true;
      lifted.chain.goal.orientation = foot_turned_past_rim(lifted, past);
      const ik::Skeleton& s = goal_rig().skeleton;
      const ik::SolverInfo& info = ik::solver_table()[lifted.chain.solver];
      ASSERT_TRUE(info.orientation_goals) << solver;
      ik::Pose pose = ik::rest_pose(s);
      ik::Workspace workspace;
      ik::solve_chain(info, s, lifted.chain, pose, workspace, nullptr);
      std::vector<glm::mat4> world;
      ik::fk_all(s, pose, world);
      const ik::GoalReading r = ik::read_goal(s, pose, world, lifted.chain, info);
      const std::string text = ik::describe_goal_parts(r, s);
      EXPECT_EQ(r.position, ik::GoalPart::reached) << solver << ": " << text;
      if (past < 0.0f) {
        EXPECT_EQ(r.orientation, ik::GoalPart::reached) << solver << ": " << text;
      } else {
        EXPECT_EQ(r.orientation, ik::GoalPart::short_of) << solver << ": " << text;
        // Turned to the rim (the shin's frame, solved from rest, is not the lifted pose's, so
        // the rest of the way is not exactly 23 degrees).
        EXPECT_GT(r.orientation_degrees, 20.0f) << solver;
        EXPECT_LT(r.orientation_degrees, 30.0f) << solver << ": turned to the rim";
        EXPECT_EQ(r.limiting_joint, lifted.chain.effector) << solver << ": " << text;
      }
    }
  }
}

TEST(GoalReading, ASolverThatIgnoresTheOrientationSaysSo) {
  LiftedFoot lifted = lifted_foot("mass_spring");
  ASSERT_FALSE(ik::solver_table()[lifted.chain.solver].orientation_goals);
  lifted.chain.goal.use_orientation = true;
  lifted.chain.goal.orientation = foot_turned_past_rim(lifted, 0.0f);  // even one it happens to meet
  const ik::GoalReading r = ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, lifted.chain,
                                          ik::solver_table()[lifted.chain.solver]);
  EXPECT_EQ(r.position, ik::GoalPart::reached);
  EXPECT_EQ(r.orientation, ik::GoalPart::not_supported);
  EXPECT_FALSE(r.whole_goal_reached());
  const std::string text = ik::describe_goal_parts(r, goal_rig().skeleton);
  EXPECT_NE(text.find("· orientation not supported"), std::string::npos) << text;
  EXPECT_EQ(text.find("at its limit"), std::string::npos) << "nothing short: " << text;
}

TEST(GoalReading, ASolverThatIgnoresThePoleSaysSo) {
  LiftedFoot lifted = lifted_foot("mass_spring");
  ASSERT_FALSE(ik::solver_table()[lifted.chain.solver].pole);
  lifted.chain.goal.use_pole = true;
  const ik::GoalReading r = ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, lifted.chain,
                                          ik::solver_table()[lifted.chain.solver]);
  EXPECT_TRUE(r.pole_ignored);
  EXPECT_FALSE(r.whole_goal_reached());
  EXPECT_NE(ik::describe_goal_parts(r, goal_rig().skeleton).find("pole not supported"), std::string::npos);
}

TEST(GoalReading, APositionOnlyGoalAddsNoWords) {
  LiftedFoot lifted = lifted_foot("dls");
  const ik::GoalReading r = ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, lifted.chain,
                                          ik::solver_table()[lifted.chain.solver]);
  EXPECT_EQ(r.orientation, ik::GoalPart::not_asked);
  EXPECT_TRUE(r.whole_goal_reached());
  EXPECT_EQ(ik::describe_goal_parts(r, goal_rig().skeleton), "");
  // Moved 9 cm away (about a tenth of the leg): short, and still no words (the status says it).
  lifted.chain.goal.position += glm::vec3(0.0f, 0.0f, 0.09f);
  const ik::GoalReading away = ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, lifted.chain,
                                             ik::solver_table()[lifted.chain.solver]);
  EXPECT_EQ(away.position, ik::GoalPart::short_of);
  EXPECT_NEAR(away.position_error, 0.09f, 1e-4f);
  EXPECT_FALSE(away.whole_goal_reached());
}

TEST(GoalReading, BadChainsAndPosesReadNothing) {
  LiftedFoot lifted = lifted_foot("dls");
  const ik::SolverInfo& dls = ik::solver_table()[lifted.chain.solver];
  ik::Chain bad = lifted.chain;
  bad.effector = 100000;
  EXPECT_EQ(ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, bad, dls).position, ik::GoalPart::not_asked);
  ik::Pose short_pose = lifted.pose;
  short_pose.local.pop_back();
  EXPECT_EQ(ik::read_goal(goal_rig().skeleton, short_pose, lifted.world, lifted.chain, dls).position,
            ik::GoalPart::not_asked);
  // A zero orientation is no orientation (the solvers refuse it as invalid input).
  bad = lifted.chain;
  bad.goal.use_orientation = true;
  bad.goal.orientation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
  EXPECT_EQ(ik::read_goal(goal_rig().skeleton, lifted.pose, lifted.world, bad, dls).orientation,
            ik::GoalPart::not_asked);
}

// ---- at_limit ----------------------------------------------------------------------------

TEST(AtLimit, HingeConeAndAxes) {
  const glm::quat rest = glm::angleAxis(0.3f, glm::normalize(glm::vec3(1.0f, 2.0f, 0.5f)));
  ik::JointLimits hinge;
  hinge.enabled = hinge.hinge = true;
  hinge.hinge_axis = glm::vec3(1.0f, 0.0f, 0.0f);
  hinge.min.x = 0.0f;
  hinge.max.x = 2.0f;
  const float m = ik::kAtLimitMargin;
  auto bent = [&](float angle) { return rest * glm::angleAxis(angle, glm::vec3(1.0f, 0.0f, 0.0f)); };
  EXPECT_TRUE(ik::at_limit(hinge, rest, bent(0.0f), m));
  EXPECT_TRUE(ik::at_limit(hinge, rest, bent(2.0f - 0.5f * m), m));
  EXPECT_FALSE(ik::at_limit(hinge, rest, bent(1.0f), m));
  EXPECT_TRUE(ik::at_limit(hinge, rest, bent(2.5f), m)) << "outside counts as at it";

  ik::JointLimits cone;
  cone.enabled = cone.cone = true;
  cone.swing = glm::vec2(0.6f, 0.3f);
  auto swung = [&](float u, float v, float twist) {
    ik::SwingTwist st;
    st.swing = glm::vec2(u, v);
    st.twist = twist;
    return rest * ik::from_swing_twist(cone, st);
  };
  EXPECT_TRUE(ik::at_limit(cone, rest, swung(0.6f, 0.0f, 0.0f), m));
  EXPECT_TRUE(ik::at_limit(cone, rest, swung(0.0f, 0.3f - 0.5f * m, 0.0f), m));
  EXPECT_FALSE(ik::at_limit(cone, rest, swung(0.3f, 0.1f, 0.0f), m));
  EXPECT_FALSE(ik::at_limit(cone, rest, rest, m)) << "no swing, full twist range";
  cone.twist_min = -0.2f;
  cone.twist_max = 0.2f;
  EXPECT_TRUE(ik::at_limit(cone, rest, swung(0.1f, 0.0f, 0.2f), m));

  ik::JointLimits ball;
  ball.enabled = true;
  ball.min = glm::vec3(-0.5f, -3.2f, -3.2f);
  ball.max = glm::vec3(0.5f, 3.2f, 3.2f);
  EXPECT_TRUE(ik::at_limit(ball, rest, rest * ik::from_xyz_angles(glm::vec3(0.5f, 0.2f, 0.1f)), m));
  EXPECT_FALSE(ik::at_limit(ball, rest, rest * ik::from_xyz_angles(glm::vec3(0.1f, 0.2f, 0.1f)), m));

  ik::JointLimits off = hinge;
  off.enabled = false;
  EXPECT_FALSE(ik::at_limit(off, rest, bent(0.0f), m));
}

}  // namespace
