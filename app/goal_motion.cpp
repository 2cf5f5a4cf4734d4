#include "app/goal_motion.h"

#include <imgui.h>

#include <cstdio>

#include "app/editor.h"
#include "app/panels.h"
#include "solvers/clip.h"

namespace app {
namespace {

const ik::Chain* chain_at(const Editor& editor, int c) {
  return c >= 0 && c < static_cast<int>(editor.chains.size()) ? &editor.chains[static_cast<size_t>(c)] : nullptr;
}

bool animated_world_fits(const Editor& editor) {
  return editor.has_rig && editor.timeline.animated_world.size() == editor.rig.skeleton.rest.size();
}

// The chain's recorded paths, as indices into editor.goal_paths.
std::vector<size_t> paths_of(const Editor& editor, int c) {
  std::vector<size_t> out;
  for (size_t i = 0; i < editor.goal_paths.size(); ++i)
    if (editor.goal_paths[i].chain == c) out.push_back(i);
  return out;
}

std::string path_label(const ik::GoalPath& path) {
  char text[200];
  std::snprintf(text, sizeof(text), "path '%s' (%zu samples, %.2f s)", path.name.c_str(), path.samples.size(),
                static_cast<double>(path.duration()));
  return text;
}

// The offset of a goal following the animation, and a button that zeroes it.
void draw_offset(Editor& editor, int c) {
  ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
  const glm::vec3 o = chain.goal.position;
  if (chain.aim) {
    ImGui::TextDisabled("look target in the head's frame: %.3f %.3f %.3f", static_cast<double>(o.x),
                        static_cast<double>(o.y), static_cast<double>(o.z));
    return;
  }
  ImGui::TextDisabled("offset %.3f %.3f %.3f", static_cast<double>(o.x), static_cast<double>(o.y),
                      static_cast<double>(o.z));
  ImGui::SameLine();
  if (ImGui::SmallButton("Zero offset")) choose_goal_mode(editor, c, ik::GoalMode::follow_animated);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The goal back on the animated effector: the clip's pose");
  remember_rect(editor, "goal_zero_offset");
}

// The chain's recorded paths: rename (Enter), delete.
void draw_chain_paths(Editor& editor, int c) {
  for (size_t i : paths_of(editor, c)) {
    ik::SessionGoalPath& entry = editor.goal_paths[i];
    ImGui::PushID(static_cast<int>(i));
    char name[128];
    std::snprintf(name, sizeof(name), "%s", entry.path.name.c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    if (ImGui::InputText("##name", name, sizeof(name), ImGuiInputTextFlags_EnterReturnsTrue)) {
      const std::string wanted = name;
      bool taken = wanted.empty();
      for (size_t k : paths_of(editor, c)) taken = taken || (k != i && editor.goal_paths[k].path.name == wanted);
      if (taken) {
        set_status(editor, "a path needs a name no other path of this chain has", true);
      } else {
        ik::Chain& chain = editor.chains[static_cast<size_t>(c)];  // following it: keeps following it
        if (chain.motion == ik::Chain::Motion::path && chain.follow_path == entry.path.name) chain.follow_path = wanted;
        entry.path.name = wanted;
        editor.history.commit(editor.chains);
      }
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%zu samples, %.2f s", entry.path.samples.size(), static_cast<double>(entry.path.duration()));
    ImGui::SameLine();
    if (ImGui::SmallButton("Delete")) {
      ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
      if (ik::goal_mode(chain) == ik::GoalMode::follow_path && chain.follow_path == entry.path.name)
        choose_goal_mode(editor, c, ik::GoalMode::pinned);
      set_status(editor, "deleted goal path '" + entry.path.name + "'", false);
      editor.goal_paths.erase(editor.goal_paths.begin() + static_cast<std::ptrdiff_t>(i));
      ImGui::PopID();
      break;  // the indices moved
    }
    ImGui::PopID();
  }
}

}  // namespace

float goal_path_time(const Editor& editor) {
  const int clip = editor.timeline.clip;
  if (!editor.has_rig) return 0.0f;
  if (clip < 0 || clip >= static_cast<int>(editor.rig.clips.size())) return editor.timeline.path_clock;
  return editor.timeline.time - editor.rig.clips[static_cast<size_t>(clip)].start;
}

const ik::GoalPath* followed_path(const Editor& editor, int c) {
  const ik::Chain* chain = chain_at(editor, c);
  if (chain == nullptr || chain->motion != ik::Chain::Motion::path) return nullptr;
  for (const ik::SessionGoalPath& entry : editor.goal_paths)
    if (entry.chain == c && entry.path.name == chain->follow_path) return &entry.path;
  return nullptr;
}

ik::GoalMotion goal_motion(const Editor& editor, int c) {
  ik::GoalMotion motion;
  if (animated_world_fits(editor)) motion.animated_world = &editor.timeline.animated_world;
  motion.path = followed_path(editor, c);
  motion.time = goal_path_time(editor);
  return motion;
}

ik::Goal model_goal(const Editor& editor, int c) {
  const ik::Chain* chain = chain_at(editor, c);
  if (chain == nullptr) return {};
  return ik::goal_in_model_space(*chain, editor.world, goal_motion(editor, c));
}

void set_model_goal(Editor& editor, int c, const ik::Goal& goal) {
  if (chain_at(editor, c) == nullptr) return;
  const ik::GoalMotion motion = goal_motion(editor, c);
  ik::set_goal_in_model_space(editor.chains[static_cast<size_t>(c)], editor.world, motion, goal);
}

void choose_goal_mode(Editor& editor, int c, ik::GoalMode mode, int joint, const std::string& path) {
  if (chain_at(editor, c) == nullptr) return;
  ik::GoalMotion motion = goal_motion(editor, c);
  ik::set_goal_mode(editor.chains[static_cast<size_t>(c)], editor.world, motion, mode, joint, path);
  editor.history.commit(editor.chains);
}

void default_goal_modes(Editor& editor) {
  if (!has_clips(editor)) return;
  for (size_t c = 0; c < editor.chains.size(); ++c)
    ik::set_goal_mode(editor.chains[c], editor.world, goal_motion(editor, static_cast<int>(c)),
                      ik::GoalMode::follow_animated);
}

bool goal_paths_changed(const Editor& editor) {
  const auto& a = editor.goal_paths;
  const auto& b = editor.saved_goal_paths;
  if (a.size() != b.size()) return true;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].chain != b[i].chain || a[i].path.name != b[i].path.name ||
        a[i].path.samples.size() != b[i].path.samples.size())
      return true;
  return false;
}

void resolve_followed_paths(Editor& editor) {
  // Paths of chains that were removed have nothing to follow them: dropped.
  const int chain_count = static_cast<int>(editor.chains.size());
  for (size_t i = editor.goal_paths.size(); i-- > 0;)
    if (editor.goal_paths[i].chain >= chain_count)
      editor.goal_paths.erase(editor.goal_paths.begin() + static_cast<std::ptrdiff_t>(i));
  editor.chain_paths.resize(editor.chains.size());
  for (int c = 0; c < chain_count; ++c) editor.chain_paths[static_cast<size_t>(c)] = followed_path(editor, c);
}

void draw_goal_mode(Editor& editor, int c) {
  if (chain_at(editor, c) == nullptr || !editor.has_rig) return;
  ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
  const ik::GoalMode mode = ik::goal_mode(chain);
  // A rig without clips and a chain without paths has only pinned / follows a joint, which
  // the Goal combo above offers: no row for nothing (the panel stays as short as it was).
  if (!has_clips(editor) && paths_of(editor, c).empty() && chain.motion == ik::Chain::Motion::none) return;
  std::string current = ik::to_string(mode);
  if (mode == ik::GoalMode::follow_path) current += " '" + chain.follow_path + "'";
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
  if (ImGui::BeginCombo("Goal mode", current.c_str())) {
    if (ImGui::Selectable("pinned (a fixed point: foot lock)", mode == ik::GoalMode::pinned))
      choose_goal_mode(editor, c, ik::GoalMode::pinned);
    const int parent = editor.rig.skeleton.parent[static_cast<size_t>(chain.root)];
    if (parent >= 0 && ImGui::Selectable("follows a joint (the root's parent; pick another under Goal)",
                                         mode == ik::GoalMode::follow_joint))
      choose_goal_mode(editor, c, ik::GoalMode::follow_joint,
                       mode == ik::GoalMode::follow_joint ? chain.follow_joint : parent);
    if (ImGui::Selectable("follows the animation + offset", mode == ik::GoalMode::follow_animated))
      choose_goal_mode(editor, c, ik::GoalMode::follow_animated);
    for (size_t i : paths_of(editor, c)) {
      const ik::GoalPath& path = editor.goal_paths[i].path;
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
