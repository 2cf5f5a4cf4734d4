// Undo / redo of chain edits (and of limits, full-body state, foot contacts and the ground with them).
//
// Index: chain edits (steps, redo, unchanged, uncommitted, same_chains, IK weight), limits
//        edits, goal modes, full-body settings, foot contacts, the ground
#include <gtest/gtest.h>

#include "app/editor/history.h"

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

// The IK weight (solvers/scene/ik_blend.h) is an edit like any other: one undo step, and it makes
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

// Limits edits (the joint panel) are steps of the same history as chain edits: each one
// undoes alone, in order with goal drags, and restores which joints were edited.
app::LimitsState limits_of(float knee_max, bool knee_edited) {
  app::LimitsState state;
  state.limits.resize(3);
  state.edited.assign(3, 0);
  state.limits[1].enabled = true;
  state.limits[1].hinge = true;
  state.limits[1].max.x = knee_max;
  state.edited[1] = knee_edited ? 1 : 0;
  return state;
}

TEST(History, LimitEditsUndoOneStepEachBetweenGoalDrags) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);                   // a rig opens: the limits are not known yet
  chains[0].goal.position.x = 1.0f;  // a goal drag
  h.commit(chains);
  app::LimitsState limits = limits_of(2.0f, true);
  h.commit_limits(chains, limits_of(2.5f, false), limits);  // the knee's range edited
  app::LimitsState second = limits_of(1.5f, true);
  h.commit_limits(chains, limits, second);  // and again
  limits = second;
  chains[0].goal.position.x = 2.0f;  // another drag
  h.commit(chains);

  ASSERT_TRUE(h.undo(chains, &limits));  // the drag
  EXPECT_EQ(chains[0].goal.position.x, 1.0f);
  EXPECT_EQ(limits.limits[1].max.x, 1.5f);
  ASSERT_TRUE(h.undo(chains, &limits));  // the second limits edit
  EXPECT_EQ(limits.limits[1].max.x, 2.0f);
  EXPECT_EQ(chains[0].goal.position.x, 1.0f);
  ASSERT_TRUE(h.undo(chains, &limits));  // the first: the file's value, not marked edited
  EXPECT_EQ(limits.limits[1].max.x, 2.5f);
  EXPECT_EQ(limits.edited[1], 0);
  ASSERT_TRUE(h.undo(chains, &limits));  // the first drag: limits as they were then
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
  EXPECT_EQ(limits.limits[1].max.x, 2.5f);
  EXPECT_FALSE(h.undo(chains, &limits));

  ASSERT_TRUE(h.redo(chains, &limits));
  ASSERT_TRUE(h.redo(chains, &limits));
  EXPECT_EQ(limits.limits[1].max.x, 2.0f);
  EXPECT_EQ(limits.edited[1], 1);
}

TEST(History, AnUnchangedLimitsEditAddsNoStep) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  const app::LimitsState same = limits_of(2.0f, false);
  h.commit_limits(chains, same, same);
  EXPECT_FALSE(h.can_undo());
  // Limits for another rig (a different joint count) are never written into this one's.
  h.commit_limits(chains, same, limits_of(1.0f, true));
  app::LimitsState other;
  other.limits.resize(7);
  ASSERT_TRUE(h.undo(chains, &other));
  EXPECT_EQ(other.limits.size(), 7u);
}

TEST(SameLimits, SeesEveryField) {
  const app::LimitsState base = limits_of(2.0f, false);
  EXPECT_TRUE(app::same_limits(base, base));
  std::vector<app::LimitsState> edits(9, base);
  edits[0].limits[2].enabled = true;
  edits[1].limits[1].hinge_axis.y = 1.0f;
  edits[2].limits[1].min.z = 0.1f;
  edits[3].limits[1].cone = true;
  edits[4].limits[1].bone_axis.x = 1.0f;
  edits[5].limits[1].swing.y = 0.2f;
  edits[6].limits[1].twist_min = 0.1f;
  edits[7].limits[1].twist_max = 0.1f;
  edits[8].edited[2] = 1;
  for (const app::LimitsState& e : edits) EXPECT_FALSE(app::same_limits(base, e));
}

}  // namespace

namespace {

// A goal mode (solvers/ik/goal_space.h) is an edit: following the animation, or a path by
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

namespace {

// Full-body mode's settings (app/editor/full_body_state.h) share the history: a slider let go
// is one step; chain edits and limits edits after it keep it, and undoing them leaves it;
// undoing the slider's step brings the value before the drag back.
app::FullBodyState hips_stiffness(float value) {
  app::FullBodyState state;
  state.settings.root_translation_stiffness = value;
  return state;
}

TEST(History, FullBodySettingsAreOneUndoStepEach) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  app::FullBodyState full_body = hips_stiffness(4.0f);
  h.reset(chains, full_body);
  full_body = hips_stiffness(9.0f);  // a stiffness slider dragged and let go
  h.commit(chains, full_body);
  chains[0].goal.position.x = 1.0f;  // then a goal drag
  h.commit(chains);
  h.commit_limits(chains, limits_of(2.0f, false), limits_of(1.0f, true));  // and a limits edit
  app::LimitsState limits = limits_of(1.0f, true);

  ASSERT_TRUE(h.undo(chains, &limits, &full_body));  // the limits edit
  EXPECT_EQ(full_body.settings.root_translation_stiffness, 9.0f);
  ASSERT_TRUE(h.undo(chains, &limits, &full_body));  // the drag
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
  EXPECT_EQ(full_body.settings.root_translation_stiffness, 9.0f);
  ASSERT_TRUE(h.undo(chains, &limits, &full_body));  // the slider
  EXPECT_EQ(full_body.settings.root_translation_stiffness, 4.0f);
  EXPECT_FALSE(h.can_undo());
  ASSERT_TRUE(h.redo(chains, &limits, &full_body));
  EXPECT_EQ(full_body.settings.root_translation_stiffness, 9.0f);
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
}

TEST(History, AnUnchangedFullBodyStateAddsNoStep) {
  app::History h;
  const std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains, hips_stiffness(4.0f));
  h.commit(chains, hips_stiffness(4.0f));  // a slider clicked but not moved
  EXPECT_FALSE(h.can_undo());
  app::FullBodyState per_role;
  per_role.settings.role_stiffness[static_cast<size_t>(ik::Role::spine)] = 0.5f;
  EXPECT_FALSE(app::same_full_body_state(per_role, app::FullBodyState{}));
  h.commit(chains, per_role);
  EXPECT_TRUE(h.can_undo());
}

TEST(History, ContactEditsUndoOneStepEachBetweenGoalDrags) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  app::ContactsState contacts;
  contacts.clips = {{{5, {{0.0f, 0.5f}}}}};
  contacts.edited = {0};
  const app::ContactsState detected = contacts;

  app::ContactsState before = contacts;
  ASSERT_TRUE(ik::move_plant_edge(contacts.clips[0][0], 0, true, 0.8f, 0.0f, 2.0f));  // a bar's end dragged
  contacts.edited[0] = 1;
  h.commit_contacts(chains, before, contacts);
  chains[0].goal.position.x = 1.0f;  // then a goal drag
  h.commit(chains);
  before = contacts;
  ASSERT_EQ(ik::add_plant(contacts.clips[0][0], 1.5f, 0.2f, 0.0f, 2.0f), 1);  // then a plant added
  h.commit_contacts(chains, before, contacts);
  h.commit_contacts(chains, contacts, contacts);  // unchanged: no step

  ASSERT_TRUE(h.undo(chains, nullptr, nullptr, &contacts));
  EXPECT_EQ(contacts.clips[0][0].plants.size(), 1u);
  EXPECT_EQ(chains[0].goal.position.x, 1.0f);
  ASSERT_TRUE(h.undo(chains, nullptr, nullptr, &contacts));
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
  EXPECT_EQ(contacts.clips[0][0].plants[0].end, 0.8f);
  ASSERT_TRUE(h.undo(chains, nullptr, nullptr, &contacts));
  EXPECT_TRUE(app::same_contacts_state(contacts, detected));
  EXPECT_FALSE(h.can_undo());
  ASSERT_TRUE(h.redo(chains, nullptr, nullptr, &contacts));
  ASSERT_TRUE(h.redo(chains, nullptr, nullptr, &contacts));
  ASSERT_TRUE(h.redo(chains, nullptr, nullptr, &contacts));
  EXPECT_EQ(contacts.clips[0][0].plants.size(), 2u);
}

TEST(History, GroundChangesUndoOneStepEachBetweenGoalDrags) {
  app::History h;
  std::vector<ik::Chain> chains = one_chain(0.0f);
  h.reset(chains);
  ik::Ground ground;                                                         // the plane
  h.commit_ground(chains, ground, ik::Ground{ik::GroundKind::ramp, 15.0f});  // the popup's combo
  ground = {ik::GroundKind::ramp, 15.0f};
  chains[0].goal.position.x = 1.0f;  // then a goal drag
  h.commit(chains);
  h.commit_ground(chains, ground, ik::Ground{ik::GroundKind::ramp, 25.0f});  // then the slope slider
  ground = {ik::GroundKind::ramp, 25.0f};
  h.commit_ground(chains, ground, ground);  // unchanged: no step

  ASSERT_TRUE(h.undo(chains, nullptr, nullptr, nullptr, &ground));
  EXPECT_TRUE(ik::same_ground(ground, ik::Ground{ik::GroundKind::ramp, 15.0f}));
  EXPECT_EQ(chains[0].goal.position.x, 1.0f);
  ASSERT_TRUE(h.undo(chains, nullptr, nullptr, nullptr, &ground));
  EXPECT_EQ(chains[0].goal.position.x, 0.0f);
  EXPECT_TRUE(ik::same_ground(ground, ik::Ground{ik::GroundKind::ramp, 15.0f}));
  ASSERT_TRUE(h.undo(chains, nullptr, nullptr, nullptr, &ground));
  EXPECT_EQ(ground.kind, ik::GroundKind::plane);
  EXPECT_FALSE(h.can_undo());
  ASSERT_TRUE(h.redo(chains, nullptr, nullptr, nullptr, &ground));
  ASSERT_TRUE(h.redo(chains, nullptr, nullptr, nullptr, &ground));
  ASSERT_TRUE(h.redo(chains, nullptr, nullptr, nullptr, &ground));
  EXPECT_TRUE(ik::same_ground(ground, ik::Ground{ik::GroundKind::ramp, 25.0f}));
}

}  // namespace
