// Joint-limit edits as the user makes them (the joint panel): each one is an undo step in
// the same history as chain edits (History::commit_limits), the edited joints are
// remembered (Editor::limits_edited) so that turning the role defaults off and on keeps
// them, and they are saved in and restored from sessions (io/session/session_limits.h).
#pragma once

#include <string>
#include <vector>

#include "app/editor/editor.h"
#include "io/session/session_limits.h"

namespace app {

// The rig's limits and edited marks now, and writing a state back (undo / redo).
LimitsState limits_state(const Editor& editor);
void set_limits_state(Editor& editor, const LimitsState& state);

// True if the user edited joint j's limits (in the panel or a loaded session).
bool limits_edited(const Editor& editor, int j);
// The names of the edited joints, for the panel ("" when none).
std::string edited_joint_names(const Editor& editor);

// After joint j's limits changed from `before` (their value when the edit began): marks
// j edited and commits one undo step.
void commit_limit_edit(Editor& editor, int j, const ik::JointLimits& before);

// The "Default limits from roles" toggle: the role defaults on or off, the joints the
// user edited keeping their limits either way; one undo step.
void set_default_limits(Editor& editor, bool on);

// Sessions: the edited joints' limits to save, and loading them into a freshly opened rig
// (they are marked edited).
std::vector<ik::SessionJointLimits> edited_limits_for_session(const Editor& editor);
void apply_session_limits(Editor& editor, const std::vector<ik::SessionJointLimits>& entries);

}  // namespace app
