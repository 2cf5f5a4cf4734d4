#include "app/editor/limit_edits.h"

#include "io/gltf/gltf_import.h"

namespace app {
namespace {

// limits_edited has one flag per joint once anything was edited; empty before.
std::vector<std::uint8_t>& edited_flags(Editor& editor) {
  editor.document.limits_edited.resize(editor.document.rig.skeleton.limits.size(), 0);
  return editor.document.limits_edited;
}

}  // namespace

LimitsState limits_state(const Editor& editor) {
  LimitsState state;
  state.limits = editor.document.rig.skeleton.limits;
  state.edited = editor.document.limits_edited;
  state.edited.resize(state.limits.size(), 0);
  return state;
}

void set_limits_state(Editor& editor, const LimitsState& state) {
  if (state.limits.size() != editor.document.rig.skeleton.limits.size()) return;
  editor.document.rig.skeleton.limits = state.limits;
  editor.document.limits_edited = state.edited;
}

bool limits_edited(const Editor& editor, int j) {
  return j >= 0 && static_cast<size_t>(j) < editor.document.limits_edited.size() &&
         editor.document.limits_edited[static_cast<size_t>(j)] != 0;
}

std::string edited_joint_names(const Editor& editor) {
  std::string names;
  for (size_t j = 0; j < editor.document.limits_edited.size() && j < editor.document.rig.skeleton.name.size(); ++j)
    if (editor.document.limits_edited[j]) names += (names.empty() ? "" : ", ") + editor.document.rig.skeleton.name[j];
  return names;
}

void commit_limit_edit(Editor& editor, int j, const ik::JointLimits& before) {
  if (j < 0 || j >= editor.document.rig.skeleton.joint_count()) return;
  LimitsState before_state = limits_state(editor);
  before_state.limits[static_cast<size_t>(j)] = before;
  edited_flags(editor)[static_cast<size_t>(j)] = 1;
  editor.history.commit_limits(editor.document.chains, before_state, limits_state(editor));
}

void set_default_limits(Editor& editor, bool on) {
  const LimitsState before = limits_state(editor);
  ik::use_default_limits(editor.document.rig, on);
  // The user's edits outlive the toggle: put them back over the file's or the defaults' limits.
  for (size_t j = 0; j < editor.document.limits_edited.size() && j < before.limits.size(); ++j)
    if (editor.document.limits_edited[j]) editor.document.rig.skeleton.limits[j] = before.limits[j];
  editor.history.commit_limits(editor.document.chains, before, limits_state(editor));
}

std::vector<ik::SessionJointLimits> edited_limits_for_session(const Editor& editor) {
  std::vector<ik::SessionJointLimits> entries;
  for (size_t j = 0; j < editor.document.limits_edited.size() && j < editor.document.rig.skeleton.limits.size(); ++j)
    if (editor.document.limits_edited[j]) entries.push_back({static_cast<int>(j), editor.document.rig.skeleton.limits[j]});
  return entries;
}

void apply_session_limits(Editor& editor, const std::vector<ik::SessionJointLimits>& entries) {
  editor.document.limits_edited.clear();
  for (const ik::SessionJointLimits& e : entries) {
    if (e.joint < 0 || e.joint >= editor.document.rig.skeleton.joint_count()) continue;
    editor.document.rig.skeleton.limits[static_cast<size_t>(e.joint)] = e.limits;
    edited_flags(editor)[static_cast<size_t>(e.joint)] = 1;
  }
}

}  // namespace app
