// Undo / redo of chain edits.
#include "app/core/history.h"

#include <gtest/gtest.h>

namespace {

std::vector<ik::Chain> one_chain(float goal_x) {
  ik::Chain c;
  c.root = 0;
  c.effector = 2;
  c.goal.position = {goal_x, 1.0f, 0.0f};
  return {c};
}

TEST(History, UndoAndRedoWalkThroughCommittedStates) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  EXPECT_FALSE(h.can_undo());

  chains[0].goal.position.x = 1.0f;  // a drag ...
  h.commit(chains);                  // ... released
  chains[0].params.lambda = 0.5f;    // a slider let go
  h.commit(chains);
  ASSERT_TRUE(h.can_undo());

  ASSERT_TRUE(h.undo(chains));
  EXPECT_EQ(chains[0].params.lambda, ik::Params{}.lambda);
  EXPECT_EQ(chains[0].goal.position.x, 1.0f);
  ASSERT_TRUE(h.undo(chains));
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
  EXPECT_FALSE(h.undo(chains)) << "nothing before the reset";

  ASSERT_TRUE(h.redo(chains));
  EXPECT_EQ(chains[0].goal.position.x, 1.0f);
  ASSERT_TRUE(h.redo(chains));
  EXPECT_EQ(chains[0].params.lambda, 0.5f);
  EXPECT_FALSE(h.redo(chains));
}

TEST(History, ANewEditDropsTheRedoStates) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  chains[0].goal.position.x = 1.0f;
  h.commit(chains);
  h.undo(chains);
  chains[0].goal.position.x = 2.0f;
  h.commit(chains);
  EXPECT_FALSE(h.can_redo());
  h.undo(chains);
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
}

TEST(History, CommittingAnUnchangedStateAddsNoStep) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  h.commit(chains);
  EXPECT_FALSE(h.can_undo());
}

TEST(History, UndoDropsAnUncommittedEdit) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  chains[0].goal.position.x = 1.0f;
  h.commit(chains);
  chains[0].goal.position.x = 5.0f;  // still dragging
  h.undo(chains);
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
  h.redo(chains);
  EXPECT_EQ(chains[0].goal.position.x, 1.0f) << "redo gives the committed state, not the half-done drag";
}

// What "unsaved changes" compares: any goal, solver or parameter edit counts, equal lists
// do not.
TEST(SameChains, SeesEveryKindOfEdit) {
  const std::vector<ik::Chain> saved = one_chain(0.0f);
  EXPECT_TRUE(app::same_chains(saved, saved));
  std::vector<ik::Chain> edited = saved;
  edited[0].goal.position.x = 0.5f;
  EXPECT_FALSE(app::same_chains(saved, edited));
  edited = saved;
  edited[0].params.lambda *= 2.0f;
  EXPECT_FALSE(app::same_chains(saved, edited));
  edited = saved;
  edited[0].solver += 1;
  EXPECT_FALSE(app::same_chains(saved, edited));
  edited = saved;
  edited[0].goal.use_orientation = !edited[0].goal.use_orientation;
  EXPECT_FALSE(app::same_chains(saved, edited));
  EXPECT_FALSE(app::same_chains(saved, {}));
}

}  // namespace

namespace {

// The IK weight (solvers/ik_blend.h) is an edit like any other: one undo step, and it makes
// the chains differ from the saved ones.
TEST(History, IkWeightIsAnEdit) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  const std::vector<ik::Chain> saved = chains;
  chains[0].ik_weight = 0.25f;
  EXPECT_FALSE(app::same_chains(chains, saved));
  h.commit(chains);
  ASSERT_TRUE(h.can_undo());
  ASSERT_TRUE(h.undo(chains));
  EXPECT_EQ(chains[0].ik_weight, 1.0f);
  EXPECT_TRUE(app::same_chains(chains, saved));
}

}  // namespace

namespace {

// A goal mode (solvers/goal_space.h) is an edit: following the animation, or a path by
// name, each one undo step.
TEST(History, GoalModeIsAnEdit) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  const std::vector<ik::Chain> saved = chains;
  chains[0].motion = ik::Chain::Motion::animated;
  EXPECT_FALSE(app::same_chains(chains, saved));
  h.commit(chains);
  chains[0].motion = ik::Chain::Motion::path;
  chains[0].follow_path = "take 1";
  h.commit(chains);
  std::vector<ik::Chain> renamed = chains;
  renamed[0].follow_path = "take 2";
  EXPECT_FALSE(app::same_chains(chains, renamed));
  ASSERT_TRUE(h.undo(chains));
  EXPECT_EQ(chains[0].motion, ik::Chain::Motion::animated);
  EXPECT_EQ(chains[0].follow_path, "");
  ASSERT_TRUE(h.undo(chains));
  EXPECT_TRUE(app::same_chains(chains, saved));
}

}  // namespace
