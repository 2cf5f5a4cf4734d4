#include "app/ui/goal_mode_widget.h"

#include <imgui.h>

#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/goal_motion.h"
#include "app/editor/timeline.h"
#include "app/ui/panels.h"

namespace app {
namespace {

std::string path_label(const ik::GoalPath& path) {
  char text[200];
  std::snprintf(text, sizeof(text), "path '%s' (%zu samples, %.2f s)", path.name.c_str(), path.samples.size(),
                static_cast<double>(path.duration()));
  return text;
}

// The offset of a goal following the animation, and a button that zeroes it.
void draw_offset(Editor& editor, int c) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const glm::vec3 o = chain.goal.position;
  if (chain.aim) {
    ImGui::TextDisabled("look target in the head's frame: %.3f %.3f %.3f", static_cast<double>(o.x),
                        static_cast<double>(o.y), static_cast<double>(o.z));
    return;
  }
  ImGui::TextDisabled("offset %.3f %.3f %.3f", static_cast<double>(o.x), static_cast<double>(o.y),
                      static_cast<double>(o.z));
  same_line_if_fits(button_width("Zero offset"));
  if (ImGui::SmallButton("Zero offset")) choose_goal_mode(editor, c, ik::GoalMode::follow_animated);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The goal back on the animated effector: the clip's pose");
  remember_rect(editor, "goal_zero_offset");
}

// The chain's recorded paths: rename (Enter), delete.
void draw_chain_paths(Editor& editor, int c) {
  for (size_t i : chain_goal_paths(editor, c)) {
    ik::SessionGoalPath& entry = editor.document.goal_paths[i];
    ImGui::PushID(static_cast<int>(i));
    char name[128];
    std::snprintf(name, sizeof(name), "%s", entry.path.name.c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    if (ImGui::InputText("##name", name, sizeof(name), ImGuiInputTextFlags_EnterReturnsTrue))
      rename_goal_path(editor, i, name);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu samples, %.2f s", entry.path.samples.size(), static_cast<double>(entry.path.duration()));
    ImGui::SameLine();
    if (ImGui::SmallButton("Delete")) {
      delete_goal_path(editor, i);
      ImGui::PopID();
      break;  // the indices moved
    }
    ImGui::PopID();
  }
}

}  // namespace

void draw_goal_mode(Editor& editor, int c) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size()) || !editor.document.has_rig) return;
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const ik::GoalMode mode = ik::goal_mode(chain);
  // A rig without clips and a chain without paths has only pinned / follows a joint, which
  // the Goal combo above offers: no row for nothing (the panel stays as short as it was).
  if (!has_clips(editor) && chain_goal_paths(editor, c).empty() && chain.motion == ik::Chain::Motion::none) return;
  std::string current = ik::to_string(mode);
  if (mode == ik::GoalMode::follow_path) current += " '" + chain.follow_path + "'";
  ImGui::SetNextItemWidth(width_beside_label(ImGui::GetFontSize() * 11.0f, "Goal mode"));
  if (begin_combo_fitted("Goal mode", current)) {
    if (ImGui::Selectable("pinned (a fixed point: foot lock)", mode == ik::GoalMode::pinned))
      choose_goal_mode(editor, c, ik::GoalMode::pinned);
    const int parent = editor.document.rig.skeleton.parent[static_cast<size_t>(chain.root)];
    if (parent >= 0 && ImGui::Selectable("follows a joint (the root's parent; pick another under Goal)",
                                         mode == ik::GoalMode::follow_joint))
      choose_goal_mode(editor, c, ik::GoalMode::follow_joint,
                       mode == ik::GoalMode::follow_joint ? chain.follow_joint : parent);
    if (ImGui::Selectable("follows the animation + offset", mode == ik::GoalMode::follow_animated))
      choose_goal_mode(editor, c, ik::GoalMode::follow_animated);
    for (size_t i : chain_goal_paths(editor, c)) {
      const ik::GoalPath& path = editor.document.goal_paths[i].path;
      const bool on = mode == ik::GoalMode::follow_path && chain.follow_path == path.name;
      if (ImGui::Selectable(("follows " + path_label(path)).c_str(), on))
        choose_goal_mode(editor, c, ik::GoalMode::follow_path, -1, path.name);
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Where the goal is each frame: pinned, riding with a joint, the clip's effector plus an\n"
        "offset (drag the goal to change the offset), or a recorded path (Record: T)");
  remember_rect(editor, "goal_mode");
  if (mode == ik::GoalMode::follow_animated) draw_offset(editor, c);
  if (mode == ik::GoalMode::follow_path && followed_path(editor, c) == nullptr)
    ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "no path '%s' on this chain", chain.follow_path.c_str());
  draw_chain_paths(editor, c);
}

}  // namespace app
