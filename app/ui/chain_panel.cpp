#include "app/ui/chain_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/editor/elide.h"
#include "app/editor/file_commands.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "app/editor/inspection.h"
#include "app/ui/chain_details.h"
#include "app/ui/goal_mode_widget.h"
#include "app/ui/panel_layout.h"
#include "app/ui/panels.h"
#include "solvers/ik/goal_space.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/solver_table.h"

namespace app {

// ---- Bulk enable / disable and the selected chain's goal space (the chain table's part) ----

// Sets `enabled` on every chain `which` picks; one undo step if anything changed.
template <typename Which>
void set_enabled_where(Editor& editor, Which which, bool on) {
  bool changed = false;
  for (ik::Chain& chain : editor.document.chains)
    if (which(chain) && chain.enabled != on) {
      chain.enabled = on;
      changed = true;
    }
  if (changed) editor.history.commit(editor.document.chains);
}

// A checkbox for a set of chains: ticked when all are enabled; clicking sets them all.
template <typename Which>
void group_checkbox(Editor& editor, const char* label, const char* rect_name, Which which, bool same_line = true) {
  int count = 0, enabled = 0;
  for (const ik::Chain& chain : editor.document.chains)
    if (which(chain)) {
      ++count;
      enabled += chain.enabled;
    }
  if (count == 0) return;
  bool all = enabled == count;
  const std::string text = std::string(label) + " " + std::to_string(enabled) + "/" + std::to_string(count);
  // On the same line while it fits the panel, else on the next.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(text.c_str()).x;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (same_line && ImGui::GetItemRectMax().x + style.ItemSpacing.x + width < right) ImGui::SameLine();
  if (ImGui::Checkbox(text.c_str(), &all)) set_enabled_where(editor, which, all);
  remember_rect(editor, rect_name);
}

// The side of a chain's root from the rig's roles (fingers of the left or the right hand).
ik::Side chain_side(const Editor& editor, const ik::Chain& chain) {
  const size_t root = static_cast<size_t>(chain.root);
  return root < editor.document.rig.roles.size() ? editor.document.rig.roles[root].side : ik::Side::centre;
}

// All chains and each group at once, in the "Groups" popup (so the panel keeps its height).
void draw_groups_popup(Editor& editor) {
  if (!ImGui::BeginPopup("groups")) return;
  ImGui::TextUnformatted("Chains on:");
  ImGui::SameLine();
  if (ImGui::SmallButton("all")) set_enabled_where(editor, [](const ik::Chain&) { return true; }, true);
  ImGui::SameLine();
  if (ImGui::SmallButton("none")) set_enabled_where(editor, [](const ik::Chain&) { return true; }, false);
  static const char* const kRectNames[ik::kChainGroupCount] = {"group_other", "group_fingers", "group_limbs",
                                                               "group_spine", "group_head", "group_tail"};
  for (int g = 0; g < ik::kChainGroupCount; ++g) {
    const ik::ChainGroup group = static_cast<ik::ChainGroup>(g);
    group_checkbox(editor, ik::to_string(group), kRectNames[g],
                   [group](const ik::Chain& chain) { return chain.group == group; }, false);
  }
  ImGui::EndPopup();
}

// "Fingers" per hand: the finger chains are made disabled; these turn them on. Shown only
// when the rig has finger chains.
void draw_finger_toggles(Editor& editor) {
  const auto fingers_of = [&editor](ik::Side side) {
    return [&editor, side](const ik::Chain& chain) {
      return chain.group == ik::ChainGroup::fingers && chain_side(editor, chain) == side;
    };
  };
  if (std::none_of(editor.document.chains.begin(), editor.document.chains.end(),
                   [](const ik::Chain& c) { return c.group == ik::ChainGroup::fingers; }))
    return;
  ImGui::TextUnformatted("Fingers");
  group_checkbox(editor, "L", "fingers_left", fingers_of(ik::Side::left));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The left hand's finger chains; their goals follow the hand");
  group_checkbox(editor, "R", "fingers_right", fingers_of(ik::Side::right));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The right hand's finger chains; their goals follow the hand");
  group_checkbox(editor, "other", "fingers_other", fingers_of(ik::Side::centre));
}

std::string joint_label(const ik::Skeleton& s, int joint) {
  return std::to_string(joint) + " " + s.name[static_cast<size_t>(joint)];
}

// Pinned in model space, or following a joint above the chain's root (its ancestors, and
// other chains' effectors outside its subtree). Switching keeps the goal where it is.
void draw_goal_space(Editor& editor, int c) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const bool following = chain.follow_joint >= 0 && chain.follow_joint < s.joint_count();
  const std::string current = following ? "follows " + joint_label(s, chain.follow_joint) : "pinned";
  const auto choose = [&](int joint) {
    ik::set_follow_joint(chain, editor.solve.world, joint);
    editor.history.commit(editor.document.chains);
  };
  ImGui::SetNextItemWidth(width_beside_label(ImGui::GetFontSize() * 9.0f, "Goal"));
  if (begin_combo_fitted("Goal", current)) {
    if (ImGui::Selectable("pinned (model space)", !following)) choose(-1);
    std::vector<int> candidates;
    for (int j = s.parent[static_cast<size_t>(chain.root)]; j >= 0; j = s.parent[static_cast<size_t>(j)])
      candidates.push_back(j);
    for (const ik::Chain& other : editor.document.chains) {
      ik::Chain probe = chain;
      probe.follow_joint = other.effector;
      if (ik::follow_joint_problem(s, probe).empty() &&
          std::find(candidates.begin(), candidates.end(), other.effector) == candidates.end())
        candidates.push_back(other.effector);
    }
    for (int j : candidates) {
      const std::string label = "follows " + joint_label(s, j);
      if (ImGui::Selectable(label.c_str(), chain.follow_joint == j)) choose(j);
    }
    ImGui::EndCombo();
  }
  remember_rect(editor, "goal_space");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Pinned: the goal stays put in model space. Following: it rides with the joint\n"
                      "(its offset in the joint's frame is kept), e.g. finger goals with the hand.");
  ImGui::SameLine();
  ImGui::TextDisabled("%s%s", ik::to_string(chain.group), chain.aim ? ", look-at" : "");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(chain.aim ? "The chain's group; it aims: its goal is a look target" : "The chain's group");
}

void draw_chain_panel(Editor& editor, float x, float y, float width, float height) {
  if (!begin_side_panel(editor, PanelSide::chains, "Chains", ImVec2(x, y), ImVec2(width, height)) ||
      !editor.document.has_rig) {
    ImGui::End();
    return;
  }
  // The times are ik::solve_frame's own, the code the humanoid frame benchmark runs.
  char summary[96];
  std::snprintf(summary, sizeof(summary), "%zu chain%s, solved in %.1f us per frame", editor.document.chains.size(),
                editor.document.chains.size() == 1 ? "" : "s", editor.solve.frame.microseconds);
  text_fitted(summary, false, button_width("Groups") + ImGui::GetStyle().ItemSpacing.x);
  ImGui::SameLine();
  if (ImGui::SmallButton("Groups")) ImGui::OpenPopup("groups");
  remember_rect(editor, "groups_button");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Turn all chains, or a group of them (limbs, spine, head...), on or off");
  draw_groups_popup(editor);
  if (ImGui::Button(editor.solve.running ? "Pause" : "Solve")) editor.solve.running = !editor.solve.running;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Space: pause or resume the per-frame solve");
  same_line_if_fits(button_width("Reset pose"));
  if (ImGui::Button("Reset pose")) reset_pose_and_goals(editor);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("R: back to the rest pose, the goals onto the effectors (undoable)");
  same_line_if_fits(button_width("Suggest"));
  if (ImGui::Button("Suggest")) request_suggest_chains(editor);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Suggest chains from the rig's joint roles (asks first if the chains were edited)");

  same_line_if_fits(button_width("Add chain"));
  const int joint = editor.selection.joint;
  ImGui::BeginDisabled(joint < 0 || editor.document.rig.skeleton.is_root(joint));
  if (ImGui::Button("Add chain")) {
    // Ends at the selected joint and climbs like a suggested chain; the goal sits on it.
    ik::Chain chain;
    const int dls = ik::find_solver("dls");
    if (ik::chain_for_effector(editor.document.rig.skeleton, editor.solve.world, joint, dls >= 0 ? dls : 0, chain)) {
      editor.document.chains.push_back(chain);
      select_chain(editor, static_cast<int>(editor.document.chains.size()) - 1);
      editor.history.commit(editor.document.chains);
    }
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("A new chain ending at the selected joint (select one in the outline or the viewport)");

  draw_finger_toggles(editor);
  // The table takes what the part below leaves -- its height as last drawn with the
  // selected chain's Solver tab (the Convergence tab fills the same room and scrolls
  // inside it, so switching tabs or a longer readout moves nothing) -- at least a few
  // rows, at most all of them.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const bool has_selection = editor.selection.chain >= 0 && editor.selection.chain < static_cast<int>(editor.document.chains.size());
  const ImGuiID below_key = ImGui::GetID(has_selection ? "below_table_solver_tab" : "below_table_no_selection");
  // Not measured yet (full body's Body tab opens first, before any Solver tab): the tabs get
  // 60 % of the room, not the few pixels the table leaves when it takes all its rows.
  const float below = storage->GetFloat(below_key, has_selection ? ImGui::GetContentRegionAvail().y * 0.6f : 0.0f);
  const float row = ImGui::GetTextLineHeightWithSpacing();
  const float all_rows = row * (static_cast<float>(editor.document.chains.size()) + 1.0f) + ImGui::GetStyle().CellPadding.y * 2.0f;
  const float fewest = std::min(all_rows, row * 4.5f);
  const float table_height = std::floor(std::clamp(ImGui::GetContentRegionAvail().y - below, fewest, std::max(fewest, all_rows)));
  // A narrow panel (a small window) leaves out the iterations and time: the names keep room.
  const float em = ImGui::GetFontSize();
  const ImGuiTableColumnFlags narrow_hides =
      ImGui::GetContentRegionAvail().x < em * 20.0f ? ImGuiTableColumnFlags_Disabled : 0;
  if (ImGui::BeginTable(
          "chains", 5,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY | ImGuiTableFlags_PadOuterX,
          ImVec2(0.0f, table_height))) {
    ImGui::TableSetupColumn("chain", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("solver");
    // The numbers change every frame: columns as wide as their widest, so a value that
    // grows a digit is not cut for the frame the width catches up.
    ImGui::TableSetupColumn("it", ImGuiTableColumnFlags_WidthFixed | narrow_hides, ImGui::CalcTextSize("999").x);
    ImGui::TableSetupColumn("error", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("8.8e+08").x);
    ImGui::TableSetupColumn("us", ImGuiTableColumnFlags_WidthFixed | narrow_hides, ImGui::CalcTextSize("999.9").x);
    ImGui::TableHeadersRow();
    // Only the rows in view are built: a rig with a thousand chains costs what a dozen do.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(editor.document.chains.size()));
    while (clipper.Step())
    for (int c = clipper.DisplayStart; c < clipper.DisplayEnd; ++c) {
      const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      // A long name gives way in the middle (both ends tell chains apart); full on hover.
      const std::string name = shown_chain_name(editor.document.rig.skeleton, chain);
      bool elided = false;
      const std::string label =
          elide_to_width(name, ImGui::GetContentRegionAvail().x, &elided) + "##chain" + std::to_string(c);
      if (!chain.enabled) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      if (ImGui::Selectable(label.c_str(), editor.selection.chain == c, ImGuiSelectableFlags_SpanAllColumns))
        select_chain(editor, c);
      if (ImGui::IsItemHovered()) {
        editor.selection.hovered_goal = c;
        if (elided) ImGui::SetTooltip("%s", name.c_str());
      }
      if (!chain.enabled) ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      const int sc = chain.solver;
      ImGui::TextUnformatted(sc >= 0 && sc < ik::solver_count() ? ik::solver_table()[sc].id : "?");
      const ik::FrameSolve& solved = editor.solve.frame;
      if (c < static_cast<int>(solved.results.size()) && c < static_cast<int>(solved.chain_microseconds.size()) &&
          chain.enabled) {
        const ik::SolveResult& r = solved.results[static_cast<size_t>(c)];
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.iterations);
        ImGui::TableNextColumn();
        const ik::GoalReading reading = chain_goal_reading(editor, c);
        const bool partial = reading.partly_reached();
        ImGui::TextColored(stop_colour(partial, r.status), "%.2g", r.error);
        if (partial && ImGui::IsItemHovered())
          ImGui::SetTooltip("%s", ik::describe_goal_parts(reading, editor.document.rig.skeleton).c_str());
        ImGui::TableNextColumn();
        const double us = solved.chain_microseconds[static_cast<size_t>(c)];
        ImGui::TextUnformatted(compact_number(us).c_str());  // a slow build's 3,581.5 fits as "3582"
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.1f microseconds this chain's solve took this frame", us);
      }
    }
    ImGui::EndTable();
  }
  const float below_top = ImGui::GetCursorPosY();
  int tab = -1;
  if (has_selection) {
    // The joint a goal follows; a goal driven by motion follows none (app/editor/goal_motion.h).
    if (editor.document.chains[static_cast<size_t>(editor.selection.chain)].motion == ik::Chain::Motion::none)
      draw_goal_space(editor, editor.selection.chain);
    draw_goal_mode(editor, editor.selection.chain);  // goal modes and recorded paths (app/editor/goal_motion.h)
    tab = draw_selected_chain(editor, editor.selection.chain);
  } else {
    ImGui::TextDisabled("Click a chain, or a goal handle in the viewport.");
    if (editor.inspection.compare_mode) {  // the Compare tab went with the selection
      editor.inspection.compare_mode = false;
      editor.inspection.comparison.clear();
    }
  }
  if (tab == 0 || !has_selection) storage->SetFloat(below_key, ImGui::GetCursorPosY() - below_top);
  ImGui::End();
}

}  // namespace app
