// Full-body mode on a rig with a clip (app/editor/full_body_mode.h): entering it makes the
// chain's own goal follow the animation, as every chain's does with clips; the effector
// table and the comparison with the per-chain setup read that goal where the solver has it
// (on the clip's hand), not as the stored offset.
#include <gtest/gtest.h>

#include <string>

#include "app/editor/editor.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/timeline.h"
#include "solvers/ik/goal_space.h"

namespace {

const std::string kCesiumMan = std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/CesiumMan/glTF/CesiumMan.gltf";

TEST(FullBodyMode, WithAClipTheHandFollowsTheAnimationAndReadsWhereTheSolverHasIt) {
  app::Editor editor;
  ASSERT_TRUE(app::open_rig(editor, kCesiumMan));
  ASSERT_TRUE(app::has_clips(editor));
  app::set_time(editor, 1.0f);
  app::solve_chains(editor);
  ASSERT_TRUE(app::enter_full_body_mode(editor));
  const int fb = app::full_body_chain_index(editor);
  ASSERT_GE(fb, 0);
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(fb)];
  EXPECT_EQ(ik::goal_mode(body), ik::GoalMode::follow_animated);
  EXPECT_EQ(body.goal.position, glm::vec3(0.0f)) << "a zero offset: the clip's hand";
  for (int frame = 0; frame < 3; ++frame) app::solve_chains(editor);
  const float tolerance = app::full_body_tolerance(editor, fb);
  const std::vector<app::EffectorState> effectors = app::full_body_effectors(editor, fb);
  ASSERT_FALSE(effectors.empty());
  EXPECT_LE(effectors[0].error, tolerance) << "the hand on the clip's hand";
  EXPECT_LT(glm::length(effectors[0].goal - effectors[0].position), 10.0f * tolerance);
  // The comparison solves the same goals from rest: the hand's goal is the clip's hand, which
  // the full body reaches and the arm chain, its spine at rest, nearly does (read as a
  // position, the zero offset was the origin on the floor between the feet: the arm ended
  // 0.5-0.7 m away).
  app::compare_with_per_chain(editor);
  const app::FullBodyComparison& cmp = editor.inspection.full_body_comparison;
  ASSERT_TRUE(cmp.valid);
  ASSERT_FALSE(cmp.rows.empty());
  EXPECT_LE(cmp.rows[0].full_body_error, tolerance);
  EXPECT_GE(cmp.rows[0].per_chain_error, 0.0f);
  EXPECT_LT(cmp.rows[0].per_chain_error, 0.05f);
}

}  // namespace
