#include "app/chain_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "solvers/solver_table.h"
#include "solvers/suggest_chains.h"

namespace app {
namespace {

ImVec4 status_colour(ik::SolveStatus s) {
  switch (s) {
    case ik::SolveStatus::reached: return {0.45f, 0.85f, 0.45f, 1.0f};
    case ik::SolveStatus::max_iterations: return {0.95f, 0.80f, 0.35f, 1.0f};
    case ik::SolveStatus::stalled: return {0.95f, 0.60f, 0.30f, 1.0f};
    case ik::SolveStatus::unreachable: return {0.95f, 0.45f, 0.40f, 1.0f};
    case ik::SolveStatus::invalid_input: return {0.65f, 0.65f, 0.65f, 1.0f};
  }
  return {1, 1, 1, 1};
}

// Edits that finish on release (sliders, drags) are committed to the undo history then.
void commit_when_done(Editor& editor) {
  if (ImGui::IsItemDeactivatedAfterEdit()) editor.history.commit(editor.chains);
}

void draw_param(Editor& editor, ik::Params& params, const ik::ParamInfo& info) {
  float value = ik::get_param(params, info.field);
  switch (info.kind) {
    case ik::ParamKind::boolean: {
      bool on = value != 0.0f;
      if (ImGui::Checkbox(info.label, &on)) {
        ik::set_param(params, info.field, on ? 1.0f : 0.0f);
        editor.history.commit(editor.chains);
      }
      break;
    }
    case ik::ParamKind::integer: {
      int v = static_cast<int>(value);
      if (ImGui::SliderInt(info.label, &v, static_cast<int>(info.min), static_cast<int>(info.max)))
        ik::set_param(params, info.field, static_cast<float>(v));
      commit_when_done(editor);
      break;
    }
    case ik::ParamKind::real: {
      const ImGuiSliderFlags flags = info.log_scale ? ImGuiSliderFlags_Logarithmic : 0;
      if (ImGui::SliderFloat(info.label, &value, info.min, info.max, "%.4g", flags))
        ik::set_param(params, info.field, value);
      commit_when_done(editor);
      break;
    }
    case ik::ParamKind::vector3: {
      glm::vec3 v = ik::get_param3(params, info.field);
      if (ImGui::DragFloat3(info.label, &v.x, 0.05f, info.min, info.max, "%.3g"))
        ik::set_param3(params, info.field, v);
      commit_when_done(editor);
      break;
    }
  }
  if (ImGui::IsItemHovered() && info.help && info.help[0])
    ImGui::SetTooltip("%s%s%s", info.help, info.unit[0] ? "\nunit: " : "", info.unit);
}

// Root / effector from the joint selected in the outline or the viewport.
void draw_chain_ends(Editor& editor, ik::Chain& chain) {
  const ik::Skeleton& s = editor.rig.skeleton;
  ImGui::Text("root      %d  %s", chain.root, s.name[static_cast<size_t>(chain.root)].c_str());
  ImGui::Text("effector  %d  %s", chain.effector, s.name[static_cast<size_t>(chain.effector)].c_str());
  const int j = editor.selected_joint;
  ImGui::BeginDisabled(j < 0);
  auto set_end = [&](bool root) {
    ik::Chain changed = chain;
    (root ? changed.root : changed.effector) = j;
    if (changed.root == changed.effector || ik::chain_path(s, changed.root, changed.effector).empty()) {
      set_status(editor, "the root must be an ancestor of the effector: " + s.name[static_cast<size_t>(changed.root)] +
                             " is not above " + s.name[static_cast<size_t>(changed.effector)], true);
      return;
    }
    chain = changed;
    if (root == false) {
      std::vector<glm::mat4> world;
      ik::fk_all(s, editor.pose, world);
      chain.goal.position = ik::position_of(world[static_cast<size_t>(j)]);
    }
    editor.history.commit(editor.chains);
  };
  if (ImGui::Button("Root = selected joint")) set_end(true);
  ImGui::SameLine();
  if (ImGui::Button("Effector = selected joint")) set_end(false);
  ImGui::EndDisabled();
  if (j < 0 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Select a joint in the outline or the viewport first.");
}

void draw_convergence(const Editor& editor, int c) {
  if (c >= static_cast<int>(editor.last_work.size())) return;
  const ik::Trace& trace = editor.last_work[static_cast<size_t>(c)];
  if (trace.error.size() < 2) {
    ImGui::TextDisabled("No iterations yet: drag the goal.");
    return;
  }
  // log10 of the error, floored so an exact hit stays on the plot.
  std::vector<float> log_error(trace.error.size());
  float lo = 1e9f, hi = -1e9f;
  for (size_t i = 0; i < trace.error.size(); ++i) {
    log_error[i] = std::log10(std::max(trace.error[i], 1e-9f));
    lo = std::min(lo, log_error[i]);
    hi = std::max(hi, log_error[i]);
  }
  char overlay[96];
  std::snprintf(overlay, sizeof(overlay), "log10 error: %.2f -> %.2f", log_error.front(), log_error.back());
  ImGui::PlotLines("##error", log_error.data(), static_cast<int>(log_error.size()), 0, overlay,
                   std::floor(lo) - 0.1f, std::ceil(hi) + 0.1f,
                   ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 6.0f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("error after each iteration of the last solve that iterated (%d; iteration 0 = before it)",
                     static_cast<int>(trace.error.size()) - 1);
  ImGui::PopStyleColor();
}

void draw_selected_chain(Editor& editor, int c) {
  ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
  const ik::SolverInfo* table = ik::solver_table();
  const int solver_count = ik::solver_count();
  ImGui::PushID(c);
  ImGui::Separator();
  ImGui::Text("Chain: %s", ik::chain_name(editor.rig.skeleton, chain).c_str());
  if (ImGui::Checkbox("Enabled", &chain.enabled)) editor.history.commit(editor.chains);
  ImGui::SameLine();
  if (ImGui::Button("Remove chain")) {
    editor.chains.erase(editor.chains.begin() + c);
    editor.selected_chain = -1;
    editor.history.commit(editor.chains);
    ImGui::PopID();
    return;
  }
  draw_chain_ends(editor, chain);

  const char* current = chain.solver >= 0 && chain.solver < solver_count ? table[chain.solver].name : "?";
  if (ImGui::BeginCombo("Solver", current)) {
    for (int k = 0; k < solver_count; ++k) {
      if (ImGui::Selectable(table[k].name, k == chain.solver)) {
        chain.solver = k;
        editor.history.commit(editor.chains);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", table[k].summary);
    }
    ImGui::EndCombo();
  }
  if (chain.solver < 0 || chain.solver >= solver_count) {
    ImGui::PopID();
    return;
  }
  const ik::SolverInfo& solver = table[chain.solver];
  const int bones = static_cast<int>(ik::chain_path(editor.rig.skeleton, chain.root, chain.effector).size()) - 1;
  if (solver.exact_bones > 0 && bones != solver.exact_bones)
    ImGui::TextColored(ImVec4(0.95f, 0.45f, 0.4f, 1.0f), "%s needs exactly %d bones; this chain has %d.",
                       solver.name, solver.exact_bones, bones);

  const ik::ParamInfo* params = ik::param_table();
  for (int k = 0; k < ik::param_count(); ++k)
    if (solver.params & params[k].field) draw_param(editor, chain.params, params[k]);

  ImGui::DragFloat3("Goal", &chain.goal.position.x, 0.005f * scene_size(editor), 0.0f, 0.0f, "%.3f");
  commit_when_done(editor);
  if (solver.orientation_goals) {
    if (ImGui::Checkbox("Orientation goal", &chain.goal.use_orientation)) editor.history.commit(editor.chains);
  }
  if (solver.scale_goal) {
    ImGui::SliderFloat("Goal scale", &chain.goal.scale, chain.params.min_scale, chain.params.max_scale, "%.3f",
                       ImGuiSliderFlags_Logarithmic);
    commit_when_done(editor);
  }

  if (c < static_cast<int>(editor.results.size())) {
    const ik::SolveResult& r = editor.results[static_cast<size_t>(c)];
    ImGui::TextColored(status_colour(r.status), "%s", ik::to_string(r.status));
    ImGui::SameLine();
    ImGui::Text("after %d iteration%s, error %.3g", r.iterations, r.iterations == 1 ? "" : "s", r.error);
  }
  draw_convergence(editor, c);
  ImGui::PopID();
}

}  // namespace

void draw_chain_panel(Editor& editor, float x, float y, float width, float height) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(width, height));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  if (!ImGui::Begin("Chains", nullptr, flags) || !editor.has_rig) {
    ImGui::End();
    return;
  }
  ImGui::Text("%zu chain%s, solved in %.1f us per frame", editor.chains.size(),
              editor.chains.size() == 1 ? "" : "s", editor.solve_microseconds);
  if (ImGui::Button(editor.solving ? "Pause" : "Solve")) editor.solving = !editor.solving;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Space: pause or resume the per-frame solve");
  ImGui::SameLine();
  if (ImGui::Button("Reset pose")) reset_pose(editor);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("R: back to the rest pose (goals stay)");
  ImGui::SameLine();
  if (ImGui::Button("Suggest chains")) {
    const std::vector<ik::Chain> before = editor.chains;
    suggest_chains(editor);
    std::vector<ik::Chain> suggested = editor.chains;
    editor.history.reset(before);  // keep the replacement undoable
    editor.chains = suggested;
    editor.history.commit(editor.chains);
  }

  if (ImGui::BeginTable("chains", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
                        ImVec2(0.0f, ImGui::GetTextLineHeightWithSpacing() * std::min<float>(8.0f, editor.chains.size() + 1.5f)))) {
    ImGui::TableSetupColumn("chain", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("solver");
    ImGui::TableSetupColumn("it");
    ImGui::TableSetupColumn("error");
    ImGui::TableHeadersRow();
    for (int c = 0; c < static_cast<int>(editor.chains.size()); ++c) {
      const ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string label = ik::chain_name(editor.rig.skeleton, chain) + "##chain" + std::to_string(c);
      if (!chain.enabled) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      if (ImGui::Selectable(label.c_str(), editor.selected_chain == c, ImGuiSelectableFlags_SpanAllColumns))
        editor.selected_chain = c;
      if (ImGui::IsItemHovered()) editor.hovered_goal = c;
      if (!chain.enabled) ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      const int sc = chain.solver;
      ImGui::TextUnformatted(sc >= 0 && sc < ik::solver_count() ? ik::solver_table()[sc].id : "?");
      if (c < static_cast<int>(editor.results.size()) && chain.enabled) {
        const ik::SolveResult& r = editor.results[static_cast<size_t>(c)];
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.iterations);
        ImGui::TableNextColumn();
        ImGui::TextColored(status_colour(r.status), "%.2g", r.error);
      }
    }
    ImGui::EndTable();
  }
  if (editor.selected_chain >= 0 && editor.selected_chain < static_cast<int>(editor.chains.size()))
    draw_selected_chain(editor, editor.selected_chain);
  else
    ImGui::TextDisabled("Click a chain, or a goal handle in the viewport.");
  ImGui::End();
}

}  // namespace app
