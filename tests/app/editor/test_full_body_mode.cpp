// Full-body mode on a rig with a clip (app/editor/full_body_mode.h): entering it makes the
// chain's goals follow the animation, as every chain's does with clips -- the hand's on the
// clip's hand, the pinned feet's on the clip's feet; the effector table and the comparison
// with the per-chain setup read them where the solver has them, not as stored offsets; a
// session of version 1 (extra effectors in model space) opens with them converted.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "app/editor/editor.h"
#include "app/editor/file_commands.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "app/editor/timeline.h"
#include "solvers/anim/pose.h"
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

// The extra effectors the full-body chain pins (the feet).
std::vector<int> pinned_effectors(const ik::Chain& body) {
  std::vector<int> out;
  for (int i = 1; i < ik::effector_count(body); ++i)
    if (ik::effector_pinned(body, i)) out.push_back(i);
  return out;
}

glm::vec3 animated_position(const app::Editor& editor, int joint) {
  return ik::position_of(editor.timeline.animated_world[static_cast<size_t>(joint)]);
}

// Clean up off: the pins used to stay where the feet were on entering, so a clip's steps left
// them behind; now each is an offset from its animated foot (zero on entering).
TEST(FullBodyMode, WithAClipThePinnedFeetFollowTheClipsFeet) {
  app::Editor editor;
  ASSERT_TRUE(app::open_rig(editor, kCesiumMan));
  ASSERT_FALSE(editor.timeline.clean_feet);
  app::set_time(editor, 0.2f);
  app::solve_chains(editor);
  ASSERT_TRUE(app::enter_full_body_mode(editor));
  const int fb = app::full_body_chain_index(editor);
  ASSERT_GE(fb, 0);
  const std::vector<int> feet = pinned_effectors(editor.document.chains[static_cast<size_t>(fb)]);
  ASSERT_EQ(feet.size(), 2u);
  const std::vector<app::EffectorState> entering = app::full_body_effectors(editor, fb);
  app::set_time(editor, 1.2f);
  for (int frame = 0; frame < 5; ++frame) app::solve_chains(editor);
  const std::vector<app::EffectorState> later = app::full_body_effectors(editor, fb);
  const float tolerance = app::full_body_tolerance(editor, fb);
  float moved = 0.0f;
  for (int i : feet) {
    const app::EffectorState& foot = later[static_cast<size_t>(i)];
    EXPECT_LT(glm::length(foot.goal - animated_position(editor, foot.joint)), 1e-5f) << foot.name;
    EXPECT_LE(foot.error, tolerance) << foot.name << " reached its pin";
    moved = std::max(moved, glm::length(foot.goal - entering[static_cast<size_t>(i)].goal));
  }
  EXPECT_GT(moved, 0.05f) << "the clip's feet step between the two times";
}

// A free effector dragged while the clip plays keeps the drag as an offset from its animated
// joint: the head goes on moving with the clip, the drag's 10 cm to the side kept.
TEST(FullBodyMode, WithAClipADraggedHeadKeepsItsOffsetFromTheClipsHead) {
  app::Editor editor;
  ASSERT_TRUE(app::open_rig(editor, kCesiumMan));
  app::set_time(editor, 0.2f);
  app::solve_chains(editor);
  ASSERT_TRUE(app::enter_full_body_mode(editor));
  const int fb = app::full_body_chain_index(editor);
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(fb)];
  int free = -1;  // the first extra effector that holds nothing
  for (int k = 0; k < static_cast<int>(body.extra_effectors.size()) && free < 0; ++k)
    if (!body.extra_effectors[static_cast<size_t>(k)].pinned) free = k;
  ASSERT_GE(free, 0);
  const int handle = static_cast<int>(editor.document.chains.size()) + free;
  const int joint = body.extra_effectors[static_cast<size_t>(free)].joint;
  ik::Goal goal = app::goal_handle_goal(editor, handle);
  goal.position += glm::vec3(0.1f, 0.0f, 0.0f);
  app::set_goal_handle_goal(editor, handle, goal);
  const glm::vec3 offset = goal.position - animated_position(editor, joint);
  EXPECT_LT(glm::length(body.extra_effectors[static_cast<size_t>(free)].goal.position - offset), 1e-5f)
      << "stored as the offset";
  app::set_time(editor, 1.2f);
  const glm::vec3 later = app::goal_handle_goal(editor, handle).position;
  EXPECT_LT(glm::length(later - (animated_position(editor, joint) + offset)), 1e-5f);
  EXPECT_GT(glm::length(later - goal.position), 0.01f) << "the clip moved it";
}

// A version-1 session kept the extra effectors in model space: opened, each becomes the offset
// that puts it where it was saved at the clip's start; a version-2 file opens as saved.
TEST(FullBodyMode, AVersionOneSessionsFeetBecomeOffsetsFromTheClip) {
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/full_body_mode";
  ::mkdir(IKSCOPE_TEST_TMP, 0755);
  ::mkdir(folder.c_str(), 0755);
  const std::string v2 = folder + "/v2.json", v1 = folder + "/v1.json";
  app::Editor editor;
  ASSERT_TRUE(app::open_rig(editor, kCesiumMan));
  ASSERT_TRUE(app::enter_full_body_mode(editor));
  const int fb = app::full_body_chain_index(editor);
  ik::Chain& body = editor.document.chains[static_cast<size_t>(fb)];
  const std::vector<int> feet = pinned_effectors(body);
  ASSERT_FALSE(feet.empty());
  ik::effector_goal(body, feet[0]).position = glm::vec3(0.0f, 0.05f, 0.02f);  // an offset to keep
  const std::vector<ik::Chain> saved = editor.document.chains;
  ASSERT_TRUE(app::save_session(editor, v2));

  // The same file as version 1 wrote it: the extras where they were, in model space (the
  // timeline at the clip's start, where opening puts it).
  using Json = nlohmann::ordered_json;
  std::ifstream in(v2);
  std::stringstream text;
  text << in.rdbuf();
  Json doc = Json::parse(text.str());
  doc["version"] = 1;
  app::reset_timeline(editor);
  for (int i = 1; i < ik::effector_count(body); ++i) {
    const ik::Goal model = ik::effector_goal_in_model_space(body, i, editor.solve.world, app::goal_motion(editor, fb));
    Json& goal = doc["chains"][static_cast<size_t>(fb)]["extra_effectors"][static_cast<size_t>(i - 1)]["goal"];
    goal["position"] = {model.position.x, model.position.y, model.position.z};
    goal["orientation"] = {model.orientation.x, model.orientation.y, model.orientation.z, model.orientation.w};
  }
  std::ofstream(v1) << doc.dump(1);

  for (const std::string& path : {v2, v1}) {
    app::Editor opened;
    ASSERT_TRUE(app::open_session(opened, path)) << opened.ui.status;
    const ik::Chain& chain = opened.document.chains[static_cast<size_t>(fb)];
    ASSERT_EQ(ik::goal_mode(chain), ik::GoalMode::follow_animated);
    for (int i = 1; i < ik::effector_count(chain); ++i) {
      const ik::Goal& want = ik::effector_goal(saved[static_cast<size_t>(fb)], i);
      const ik::Goal& got = ik::effector_goal(chain, i);
      EXPECT_LT(glm::length(got.position - want.position), 1e-5f) << path << " effector " << i;
      EXPECT_GT(std::fabs(glm::dot(got.orientation, want.orientation)), 1.0f - 1e-6f) << path << " effector " << i;
    }
  }
}

}  // namespace
