// Joint-limit edits in the program (app/editor/limit_edits.h): one undo step each, in the same
// history as goal moves; the default-limits toggle keeps the joints the user edited (and
// is undoable itself); sessions get exactly the edited joints back.
#include <gtest/gtest.h>

#include "app/editor/limit_edits.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/skeleton.h"

namespace {

// The Mixamo-named generated rig: no limits in the file, so role defaults apply.
app::Editor mixamo_editor() {
  app::Editor editor;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/mixamo_rig.gltf", editor.document.rig, error))
      << error;
  editor.document.has_rig = true;
  editor.history.reset(editor.document.chains);
  return editor;
}

int knee(const app::Editor& editor) { return ik::find_joint(editor.document.rig.skeleton, "mixamorig:LeftLeg"); }

// What app::undo / app::redo (app/editor/editor.cpp) do with the limits, without the rest of the
// editor (its timeline needs the UI).
void undo_edit(app::Editor& editor) {
  app::LimitsState limits = app::limits_state(editor);
  editor.history.undo(editor.document.chains, &limits);
  app::set_limits_state(editor, limits);
}
void redo_edit(app::Editor& editor) {
  app::LimitsState limits = app::limits_state(editor);
  editor.history.redo(editor.document.chains, &limits);
  app::set_limits_state(editor, limits);
}

// What the joint panel does: the slider moved the hinge's upper end, then was let go.
void edit_knee(app::Editor& editor, float max_x) {
  const int j = knee(editor);
  const ik::JointLimits before = editor.document.rig.skeleton.limits[static_cast<size_t>(j)];
  editor.document.rig.skeleton.limits[static_cast<size_t>(j)].max.x = max_x;
  app::commit_limit_edit(editor, j, before);
}

TEST(LimitEdits, EachEditIsOneUndoStep) {
  app::Editor editor = mixamo_editor();
  ASSERT_TRUE(editor.document.rig.default_limits_applied);
  const int j = knee(editor);
  ASSERT_GE(j, 0);
  const ik::JointLimits defaults = editor.document.rig.skeleton.limits[static_cast<size_t>(j)];
  ASSERT_TRUE(defaults.enabled && defaults.hinge);
  edit_knee(editor, 0.3f);
  edit_knee(editor, 0.6f);
  EXPECT_TRUE(app::limits_edited(editor, j));
  undo_edit(editor);
  EXPECT_EQ(editor.document.rig.skeleton.limits[static_cast<size_t>(j)].max.x, 0.3f);
  undo_edit(editor);
  EXPECT_EQ(editor.document.rig.skeleton.limits[static_cast<size_t>(j)].max.x, defaults.max.x);
  EXPECT_FALSE(app::limits_edited(editor, j));
  redo_edit(editor);
  EXPECT_EQ(editor.document.rig.skeleton.limits[static_cast<size_t>(j)].max.x, 0.3f);
  EXPECT_TRUE(app::limits_edited(editor, j));
}

TEST(LimitEdits, TheDefaultsToggleKeepsEditedJoints) {
  app::Editor editor = mixamo_editor();
  const int j = knee(editor);
  const int other_knee = ik::find_joint(editor.document.rig.skeleton, "mixamorig:RightLeg");
  edit_knee(editor, 0.4f);
  app::set_default_limits(editor, false);
  EXPECT_FALSE(editor.document.rig.skeleton.limits[static_cast<size_t>(other_knee)].enabled);  // the file has none
  EXPECT_TRUE(editor.document.rig.skeleton.limits[static_cast<size_t>(j)].enabled);            // the edit stays
  EXPECT_EQ(editor.document.rig.skeleton.limits[static_cast<size_t>(j)].max.x, 0.4f);
  app::set_default_limits(editor, true);
  EXPECT_TRUE(editor.document.rig.skeleton.limits[static_cast<size_t>(other_knee)].enabled);
  EXPECT_EQ(editor.document.rig.skeleton.limits[static_cast<size_t>(j)].max.x, 0.4f);
  EXPECT_EQ(app::edited_joint_names(editor), "mixamorig:LeftLeg");
  // The toggles are undo steps too: two undos give the defaults-on state before them.
  app::set_default_limits(editor, false);
  undo_edit(editor);
  EXPECT_TRUE(editor.document.rig.skeleton.limits[static_cast<size_t>(other_knee)].enabled);
}

TEST(LimitEdits, SessionsCarryExactlyTheEditedJoints) {
  app::Editor editor = mixamo_editor();
  edit_knee(editor, 0.5f);
  const std::vector<ik::SessionJointLimits> saved = app::edited_limits_for_session(editor);
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].joint, knee(editor));
  app::Editor reopened = mixamo_editor();
  app::apply_session_limits(reopened, saved);
  EXPECT_EQ(reopened.document.rig.skeleton.limits[static_cast<size_t>(knee(reopened))].max.x, 0.5f);
  EXPECT_TRUE(app::limits_edited(reopened, knee(reopened)));
  EXPECT_EQ(app::edited_limits_for_session(reopened).size(), 1u);
}

}  // namespace
