#include "app/editor/limit_edits.h"

#include "io/gltf/gltf_import.h"

namespace app {
namespace {

// limits_edited has one flag per joint once anything was edited; empty before.
std::vector<std::uint8_t>& edited_flags(Editor& editor) {
  editor.limits_edited.resize(editor.rig.skeleton.limits.size(), 0);
  return editor.limits_edited;
}

}  // namespace

LimitsState limits_state(const Editor& editor) {
  LimitsState state;
  state.limits = editor.rig.skeleton.limits;
  state.edited = editor.limits_edited;
  state.edited.resize(state.limits.size(), 0);
  return state;
}

void set_limits_state(Editor& editor, const LimitsState& state) {
  if (state.limits.size() != editor.rig.skeleton.limits.size()) return;
  editor.rig.skeleton.limits = state.limits;
  editor.limits_edited = state.edited;
}

bool limits_edited(const Editor& editor, int j) {
  return j >= 0 && static_cast<size_t>(j) < editor.limits_edited.size() &&
         editor.limits_edited[static_cast<size_t>(j)] != 0;
}

std::string edited_joint_names(const Editor& editor) {
  std::string names;
  for (size_t j = 0; j < editor.limits_edited.size() && j < editor.rig.skeleton.name.size(); ++j)
    if (editor.limits_edited[j]) names += (names.empty() ? "" : ", ") + editor.rig.skeleton.name[j];
  return names;
}

void commit_limit_edit(Editor& editor, int j, const ik::JointLimits& before) {
  if (j < 0 || j >= editor.rig.skeleton.joint_count()) return;
  LimitsState before_state = limits_state(editor);
  before_state.limits[static_cast<size_t>(j)] = before;
  edited_flags(editor)[static_cast<size_t>(j)] = 1;
  editor.history.commit_limits(editor.chains, before_state, limits_state(editor));
}

void set_default_limits(Editor& editor, bool on) {
  const LimitsState before = limits_state(editor);
  ik::use_default_limits(editor.rig, on);
  // The user's edits outlive the toggle: put them back over the file's or the defaults' limits.
  for (size_t j = 0; j < editor.limits_edited.size() && j < before.limits.size(); ++j)
    if (editor.limits_edited[j]) editor.rig.skeleton.limits[j] = before.limits[j];
  editor.history.commit_limits(editor.chains, before, limits_state(editor));
}

std::vector<ik::SessionJointLimits> edited_limits_for_session(const Editor& editor) {
  std::vector<ik::SessionJointLimits> entries;
  for (size_t j = 0; j < editor.limits_edited.size() && j < editor.rig.skeleton.limits.size(); ++j)
    if (editor.limits_edited[j]) entries.push_back({static_cast<int>(j), editor.rig.skeleton.limits[j]});
  return entries;
}

void apply_session_limits(Editor& editor, const std::vector<ik::SessionJointLimits>& entries) {
  editor.limits_edited.clear();
  for (const ik::SessionJointLimits& e : entries) {
    if (e.joint < 0 || e.joint >= editor.rig.skeleton.joint_count()) continue;
    editor.rig.skeleton.limits[static_cast<size_t>(e.joint)] = e.limits;
    edited_flags(editor)[static_cast<size_t>(e.joint)] = 1;
  }
}

}  // namespace app
