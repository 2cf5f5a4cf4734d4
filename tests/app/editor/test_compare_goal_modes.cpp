// The chain's Compare tab (app/editor/inspection.h, compare_solvers) on a rig with a clip:
// every solver is handed the goal the program's solve is handed -- for a goal following the
// animation, the clip's effector at this time plus the offset. It used to read the animated
// effector off the comparison's start pose, whose chain is at rest: the goal was where the
// chain started, and every solver "reached" it without moving.
#include <gtest/gtest.h>

#include <string>

#include "app/editor/editor.h"
#include "app/editor/goal_motion.h"
#include "app/editor/inspection.h"
#include "app/editor/timeline.h"
#include "solvers/ik/goal_space.h"
#include "solvers/scene/solver_table.h"

namespace {

const std::string kCesiumManRig = std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/CesiumMan/glTF/CesiumMan.gltf";

TEST(CompareGoalModes, AGoalFollowingTheAnimationIsComparedWhereTheClipHasIt) {
  app::Editor editor;
  ASSERT_TRUE(app::open_rig(editor, kCesiumManRig));
  const int foot = ik::find_joint(editor.document.rig.skeleton, "leg_joint_L_3");
  ASSERT_GE(foot, 0);
  int leg = -1;
  for (size_t c = 0; c < editor.document.chains.size(); ++c)
    if (editor.document.chains[c].effector == foot) leg = static_cast<int>(c);
  ASSERT_GE(leg, 0);
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(leg)];
  ASSERT_EQ(ik::goal_mode(chain), ik::GoalMode::follow_animated);
  chain.goal.position = glm::vec3(0.0f, 0.03f, 0.02f);  // an offset from the clip's foot
  app::set_time(editor, 1.0f);
  app::solve_chains(editor);
  editor.selection.chain = leg;
  const glm::vec3 goal = app::handed_goal(editor, leg).position;
  const std::vector<app::ComparisonRun> runs = app::compare_solvers(editor);
  ASSERT_FALSE(runs.empty());
  const int dls = ik::find_solver("dls");
  bool seen = false;
  for (const app::ComparisonRun& run : runs) {
    if (run.solver != dls) continue;
    seen = true;
    ASSERT_FALSE(run.ghost.joints.empty());
    ASSERT_FALSE(run.errors.empty());
    EXPECT_GT(run.errors.front(), 0.02f) << "the chain starts at rest, away from the clip's foot";
    EXPECT_LT(glm::length(run.ghost.joints.back() - goal), 2e-3f) << "DLS ends on the handed goal";
  }
  EXPECT_TRUE(seen);
}

}  // namespace
