#include "app/chain_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/core/stop_reason.h"
#include "app/file_commands.h"
#include "app/inspection.h"
#include "app/panels.h"
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

struct Series {
  const std::vector<float>* errors;
  ImU32 colour;
};

// A solver's comparison colour (its table row), opaque.
ImU32 solver_imgui_colour(int solver) {
  const glm::vec3 c = ik::solver_colour(solver);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

// Error per iteration on a log scale, one curve per series, with decade grid lines and an
// optional marker at iteration `marker` (-1: none).
void plot_log_errors(const std::vector<Series>& series, int marker) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetFontSize() * 8.0f;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const ImVec2 p1(p0.x + width, p0.y + height);
  ImGui::InvisibleButton("##plot", ImVec2(width, height));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg));

  int longest = 1;
  float lo = 1e9f, hi = -1e9f;
  for (const Series& s : series) {
    longest = std::max(longest, static_cast<int>(s.errors->size()));
    for (float e : *s.errors) {
      const float l = std::log10(std::max(e, 1e-9f));
      lo = std::min(lo, l);
      hi = std::max(hi, l);
    }
  }
  if (lo > hi) return;
  lo = std::floor(lo);
  hi = std::max(std::ceil(hi), lo + 1.0f);
  const float pad = ImGui::GetFontSize() * 0.4f;
  auto to_screen = [&](int i, float log_error) {
    const float x = p0.x + pad + (width - 2 * pad) * (longest > 1 ? static_cast<float>(i) / (longest - 1) : 0.0f);
    const float y = p1.y - pad - (height - 2 * pad) * (log_error - lo) / (hi - lo);
    return ImVec2(x, y);
  };
  for (float d = lo; d <= hi + 0.5f; d += 1.0f) {  // one line per decade
    const ImVec2 a = to_screen(0, d), b = to_screen(longest - 1, d);
    dl->AddLine(ImVec2(p0.x, a.y), ImVec2(p1.x, b.y), IM_COL32(255, 255, 255, 25));
    char label[16];
    std::snprintf(label, sizeof(label), "1e%d", static_cast<int>(d));
    dl->AddText(ImVec2(p0.x + 2, a.y - ImGui::GetFontSize()), IM_COL32(255, 255, 255, 90), label);
  }
  if (marker >= 0 && marker < longest) {
    const float x = to_screen(marker, lo).x;
    dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), IM_COL32(255, 255, 255, 110), 1.5f);
  }
  for (const Series& s : series) {
    const std::vector<float>& e = *s.errors;
    for (size_t i = 0; i < e.size(); ++i) {
      const ImVec2 q = to_screen(static_cast<int>(i), std::log10(std::max(e[i], 1e-9f)));
      if (i > 0) dl->AddLine(to_screen(static_cast<int>(i - 1), std::log10(std::max(e[i - 1], 1e-9f))), q, s.colour, 2.0f);
      dl->AddCircleFilled(q, 2.5f, s.colour);
    }
  }
  if (ImGui::IsItemHovered()) {
    const float t = (ImGui::GetIO().MousePos.x - p0.x - pad) / std::max(1.0f, width - 2 * pad);
    const int i = static_cast<int>(std::lround(t * (longest - 1)));
    ImGui::BeginTooltip();
    ImGui::Text("iteration %d", i);
    for (const Series& s : series)
      if (i >= 0 && i < static_cast<int>(s.errors->size())) {
        ImGui::PushStyleColor(ImGuiCol_Text, s.colour);
        ImGui::Text("error %.4g", (*s.errors)[static_cast<size_t>(i)]);
        ImGui::PopStyleColor();
      }
    ImGui::EndTooltip();
  }
}

void draw_convergence(const Editor& editor, int c) {
  bool is_explicit = false;
  const ik::Trace* inspected = inspected_trace(editor, c, &is_explicit);
  if (inspected == nullptr) return;
  const ik::Trace& trace = *inspected;
  if (editor.compare_mode && !editor.comparison.empty()) {
    std::vector<Series> series;
    for (const ComparisonRun& run : editor.comparison)
      series.push_back({&run.errors, solver_imgui_colour(run.solver)});
    plot_log_errors(series, -1);
    if (ImGui::BeginTable("compare", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
      for (const ComparisonRun& run : editor.comparison) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const glm::vec3 col = ik::solver_colour(run.solver);
        ImGui::TextColored(ImVec4(col.r, col.g, col.b, 1.0f), "%s", ik::solver_table()[run.solver].id);
        ImGui::TableNextColumn();
        ImGui::TextColored(status_colour(run.result.status), "%s",
                           describe_stop(ik::solver_table()[run.solver], editor.chains[static_cast<size_t>(c)].params,
                                         run.result).status.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d it", run.result.iterations);
        ImGui::TableNextColumn();
        ImGui::Text("%.1e", run.result.error);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("error %.6g after %d iterations, %.1f us", run.result.error,
                                                      run.result.iterations, run.microseconds);
      }
      ImGui::EndTable();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("Every solver from the rest pose of the chain, with this chain's parameters; each result is drawn as a ghost in its colour.");
    ImGui::PopStyleColor();
    return;
  }
  if (trace.error.size() < 2) {
    ImGui::TextDisabled("No iterations yet: drag the goal, or Solve from rest.");
    return;
  }
  const int last = static_cast<int>(trace.error.size()) - 1;
  plot_log_errors({{&trace.error, solver_imgui_colour(editor.chains[static_cast<size_t>(c)].solver)}},
                  editor.step_mode ? editor.inspect_iteration : -1);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("error after each iteration of %s (%d; iteration 0 = before it)",
                     is_explicit ? "the last explicit solve (Solve from rest)" : "the current frame's last solve that iterated",
                     last);
  ImGui::PopStyleColor();
}

// The selected chain's inspection: Solve from rest, step mode and its iteration scrubber,
// the solver comparison switch, the Jacobian's singular values, the count of clamped joints.
void draw_inspection_controls(Editor& editor, int c) {
  if (c >= static_cast<int>(editor.frame_solve.last_work.size())) return;
  if (ImGui::Button("Solve from rest")) {
    // Every joint back to rest, then one solve: the whole convergence, recorded and kept.
    solve_from_rest(editor);
    editor.inspect_iteration = 0;
  }
  remember_rect(editor, "solve_from_rest");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Rest pose, then one solve of every chain, recorded iteration by iteration");
  bool is_explicit = false;
  const ik::Trace* inspected = inspected_trace(editor, c, &is_explicit);
  static const ik::Trace kNoTrace;
  const ik::Trace& trace = inspected != nullptr ? *inspected : kNoTrace;
  const int last = static_cast<int>(trace.error.size()) - 1;
  ImGui::SameLine();
  if (ImGui::Checkbox("Step", &editor.step_mode)) {
    if (editor.step_mode) {
      editor.solving = false;
      editor.inspect_iteration = std::max(0, last);
    } else {
      editor.solving = true;
    }
  }
  remember_rect(editor, "step");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pause and scrub through the iterations of the solve shown below");
  ImGui::SameLine();
  if (ImGui::Checkbox("Compare solvers", &editor.compare_mode) && !editor.compare_mode) editor.comparison.clear();
  remember_rect(editor, "compare");
  // The step block always takes the same two rows (disabled outside step mode), so ticking
  // Step does not move anything under the mouse.
  const bool recorded = last >= 1 && !trace.poses.empty();
  const bool active = editor.step_mode && recorded;
  if (active) editor.inspect_iteration = std::clamp(editor.inspect_iteration, 0, last);
  ImGui::BeginDisabled(!active);
  if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) editor.inspect_iteration = std::max(0, editor.inspect_iteration - 1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) editor.inspect_iteration = std::min(last, editor.inspect_iteration + 1);
  ImGui::SameLine();
  int shown = active ? editor.inspect_iteration : 0;
  ImGui::SliderInt("Iteration", &shown, 0, std::max(1, last));
  remember_rect(editor, "iteration_slider");
  if (active) editor.inspect_iteration = shown;
  ImGui::EndDisabled();
  const char* source = is_explicit ? "last explicit solve" : "current frame";
  if (!editor.step_mode)
    ImGui::TextDisabled("Step: scrub the %s's iterations", source);
  else if (!recorded)
    ImGui::TextDisabled("No recorded iterations: press Solve from rest.");
  else
    ImGui::Text("%s, iteration %d: error %.4g", source, editor.inspect_iteration,
                trace.error[static_cast<size_t>(editor.inspect_iteration)]);
  ik::JacobianSpectrum spectrum;
  if (selected_chain_spectrum(editor, spectrum)) {
    std::string values;
    char buf[24];
    for (int i = 0; i < spectrum.rows; ++i) {
      std::snprintf(buf, sizeof(buf), i ? "  %.3g" : "%.3g", spectrum.singular_values[i]);
      values += buf;
    }
    ImGui::Text("singular values of J: %s", values.c_str());
    // A chain with one moving joint swings its effector on a sphere about that joint: for
    // a position goal J has rank 2 (1 for a hinge) in every pose, so its last singular
    // value is zero by construction, not because of a singular pose. Judge the
    // conditioning over the directions such a chain can move in.
    const ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
    const bool one_joint =
        spectrum.rows == 3 && editor.rig.skeleton.parent[static_cast<size_t>(chain.effector)] == chain.root;
    const int rank = one_joint ? std::min(2, spectrum.columns) : spectrum.rows;
    const float smallest = rank > 0 ? spectrum.singular_values[rank - 1] : 0.0f;
    const float condition = one_joint ? spectrum.singular_values[0] / smallest : spectrum.condition;
    const bool near_singular = !(condition < 100.0f);
    ImGui::TextColored(near_singular ? ImVec4(0.95f, 0.6f, 0.3f, 1.0f) : ImVec4(0.7f, 0.7f, 0.7f, 1.0f),
                       "condition number %.3g%s", condition, near_singular ? "  (near a singularity)" : "");
    if (one_joint) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("One moving joint: the effector keeps its distance from it, so J has rank %d in every pose.",
                         rank);
      ImGui::PopStyleColor();
    }
  }
  int clamped = 0;
  for (std::uint8_t f : trace.clamped) clamped += f;
  if (clamped > 0) ImGui::TextColored(ImVec4(0.95f, 0.45f, 0.4f, 1.0f), "%d joint%s clamped by limits (red in the viewport)",
                                      clamped, clamped == 1 ? "" : "s");
}

void draw_selected_chain(Editor& editor, int c) {
  ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
  const ik::SolverInfo* table = ik::solver_table();
  const int solver_count = ik::solver_count();
  ImGui::PushID(c);
  ImGui::PushItemWidth(std::floor(ImGui::GetContentRegionAvail().x * 0.52f));  // room for the labels
  ImGui::Separator();
  ImGui::Text("Chain: %s", ik::chain_name(editor.rig.skeleton, chain).c_str());
  if (ImGui::Checkbox("Enabled", &chain.enabled)) editor.history.commit(editor.chains);
  ImGui::SameLine();
  if (ImGui::Button("Remove chain")) {
    editor.chains.erase(editor.chains.begin() + c);
    editor.frame_solve.erase_chain(static_cast<size_t>(c));
    editor.selected_chain = -1;
    editor.history.commit(editor.chains);
    ImGui::PopItemWidth();
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
    ImGui::PopItemWidth();
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
    if (ik::reads_param(solver, params[k])) draw_param(editor, chain.params, params[k]);

  // IK weight: the solved joints blended with the animated ones (solvers/ik_blend.h), live.
  ImGui::SliderFloat("IK weight", &chain.ik_weight, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0 = the clip's pose (rest without a clip), 1 = the IK solve");
  commit_when_done(editor);

  ImGui::DragFloat3("Goal", &chain.goal.position.x, 0.005f * scene_size(editor), 0.0f, 0.0f, "%.3f");
  commit_when_done(editor);
  if (solver.orientation_goals) {
    bool on = chain.goal.use_orientation;
    if (ImGui::Checkbox("Orientation goal", &on)) set_orientation_goal(editor, c, on);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("O: the effector also turns to the goal's axes; Ctrl + drag the goal handle to turn them");
  }
  if (solver.scale_goal) {
    ImGui::SliderFloat("Goal scale", &chain.goal.scale, chain.params.min_scale, chain.params.max_scale, "%.3f",
                       ImGuiSliderFlags_Logarithmic);
    commit_when_done(editor);
  }

  if (c < static_cast<int>(editor.frame_solve.results.size())) {
    const ik::SolveResult& r = editor.frame_solve.results[static_cast<size_t>(c)];
    const StopReason reason = describe_stop(solver, chain.params, r);
    ImGui::TextColored(status_colour(r.status), "%s", reason.status.c_str());
    ImGui::SameLine();
    ImGui::TextUnformatted(reason.detail.c_str());
  }
  draw_inspection_controls(editor, c);
  draw_convergence(editor, c);
  ImGui::PopItemWidth();
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
  // The times are ik::solve_frame's own, the code the humanoid frame benchmark runs.
  ImGui::Text("%zu chain%s, solved in %.1f us per frame", editor.chains.size(),
              editor.chains.size() == 1 ? "" : "s", editor.frame_solve.microseconds);
  if (ImGui::Button(editor.solving ? "Pause" : "Solve")) editor.solving = !editor.solving;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Space: pause or resume the per-frame solve");
  ImGui::SameLine();
  if (ImGui::Button("Reset pose")) reset_pose_and_goals(editor);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("R: back to the rest pose, the goals onto the effectors (undoable)");
  ImGui::SameLine();
  if (ImGui::Button("Suggest chains")) request_suggest_chains(editor);

  ImGui::SameLine();
  const int joint = editor.selected_joint;
  ImGui::BeginDisabled(joint < 0 || editor.rig.skeleton.is_root(joint));
  if (ImGui::Button("Add chain")) {
    // Ends at the selected joint and climbs like a suggested chain; the goal sits on it.
    ik::Chain chain;
    const int dls = ik::find_solver("dls");
    if (ik::chain_for_effector(editor.rig.skeleton, editor.world, joint, dls >= 0 ? dls : 0, chain)) {
      editor.chains.push_back(chain);
      editor.selected_chain = static_cast<int>(editor.chains.size()) - 1;
      editor.history.commit(editor.chains);
    }
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("A new chain ending at the selected joint (select one in the outline or the viewport)");

  if (ImGui::BeginTable("chains", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
                        ImVec2(0.0f, ImGui::GetTextLineHeightWithSpacing() * std::min<float>(8.0f, editor.chains.size() + 1.5f)))) {
    ImGui::TableSetupColumn("chain", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("solver");
    ImGui::TableSetupColumn("it");
    ImGui::TableSetupColumn("error");
    ImGui::TableSetupColumn("us");
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
      const ik::FrameSolve& solved = editor.frame_solve;
      if (c < static_cast<int>(solved.results.size()) && c < static_cast<int>(solved.chain_microseconds.size()) &&
          chain.enabled) {
        const ik::SolveResult& r = solved.results[static_cast<size_t>(c)];
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.iterations);
        ImGui::TableNextColumn();
        ImGui::TextColored(status_colour(r.status), "%.2g", r.error);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", solved.chain_microseconds[static_cast<size_t>(c)]);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("microseconds this chain's solve took this frame");
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
