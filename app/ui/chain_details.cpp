// The Chains panel's part for the selected chain (chain_details.h): its name row, its stop
// reason and its tabs.
//
// Index:
//   Status colour               status_colour, stop_colour
//   Parameters and chain ends   commit_when_done, draw_param (one row of the parameter table), draw_chain_ends
//   Convergence tab             draw_inspection_controls (Solve from rest, Step and its iteration scrubber,
//                               the Jacobian readout, the count of clamped joints)
//   Solver tab                  draw_solver_tab (ends, solver, parameters, IK weight, goal, orientation goal,
//                               pole, spline control points, goal scale)
//   The selected chain          draw_selected_chain: name, Enabled, Remove, the stop reason, then the tabs
#include "app/ui/chain_details.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/editor/file_commands.h"
#include "app/editor/full_body_chains.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "app/editor/inspection.h"
#include "app/editor/spline_edits.h"
#include "app/editor/stop_reason.h"
#include "app/ui/error_plot.h"
#include "app/ui/full_body_panel.h"
#include "app/ui/jacobian_view.h"
#include "app/ui/panels.h"
#include "app/ui/spline_points_view.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/pole.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/solver_table.h"

namespace app {

// ---- Status colour ------------------------------------------------------------------------

// The colour vocabulary's (app/editor/status_colours.h).
ImVec4 mark_colour(Mark mark) {
  const glm::vec4 c = mark_style(mark).colour;
  return {c.r, c.g, c.b, c.a};
}

ImVec4 status_colour(ik::SolveStatus s) { return mark_colour(goal_mark(s, false)); }

ImVec4 stop_colour(bool partial, ik::SolveStatus s) { return mark_colour(goal_mark(s, partial)); }

namespace {

// ---- Parameters and chain ends ------------------------------------------------------------

// Edits that finish on release (sliders, drags) are committed to the undo history then.
void commit_when_done(Editor& editor) {
  if (ImGui::IsItemDeactivatedAfterEdit()) editor.history.commit(editor.document.chains);
}

void draw_param(Editor& editor, ik::Params& params, const ik::ParamInfo& info) {
  float value = ik::get_param(params, info.field);
  // The widget, then its label as text that gives way in the middle in a narrow panel (a
  // label ImGui draws itself runs off the panel's edge: "Finite-difference s").
  const std::string id = std::string("##") + info.label;
  bool toggled = false;
  switch (info.kind) {
    case ik::ParamKind::boolean: {
      bool on = value != 0.0f;
      toggled = ImGui::Checkbox(id.c_str(), &on);
      break;
    }
    case ik::ParamKind::integer: {
      int v = static_cast<int>(value);
      if (ImGui::SliderInt(id.c_str(), &v, static_cast<int>(info.min), static_cast<int>(info.max), "%d",
                           ImGuiSliderFlags_AlwaysClamp))
        ik::set_param(params, info.field, static_cast<float>(v));
      commit_when_done(editor);
      break;
    }
    case ik::ParamKind::real: {
      // Clamped, typed values too (Ctrl+click): the row's range is what a session accepts.
      const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (info.log_scale ? ImGuiSliderFlags_Logarithmic : 0);
      if (ImGui::SliderFloat(id.c_str(), &value, info.min, info.max, "%.4g", flags))
        ik::set_param(params, info.field, value);
      commit_when_done(editor);
      break;
    }
    case ik::ParamKind::vector3: {
      glm::vec3 v = ik::get_param3(params, info.field);
      if (ImGui::DragFloat3(id.c_str(), &v.x, 0.05f, info.min, info.max, "%.3g", ImGuiSliderFlags_AlwaysClamp))
        ik::set_param3(params, info.field, v);
      commit_when_done(editor);
      break;
    }
  }
  bool hovered = ImGui::IsItemHovered();
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  text_fitted(info.label);
  hovered = hovered || ImGui::IsItemHovered();
  if (info.kind == ik::ParamKind::boolean && ImGui::IsItemClicked()) toggled = true;  // its label toggles it too
  if (toggled) {
    ik::set_param(params, info.field, value != 0.0f ? 0.0f : 1.0f);
    editor.history.commit(editor.document.chains);
  }
  if (hovered && info.help && info.help[0])
    ImGui::SetTooltip("%s\n%s%s%s", info.label, info.help, info.unit[0] ? "\nunit: " : "", info.unit);
}

// Root / effector from the joint selected in the outline or the viewport.
void draw_chain_ends(Editor& editor, ik::Chain& chain) {
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const int j = editor.selection.joint;
  auto set_end = [&](bool root) {
    ik::Chain changed = chain;
    (root ? changed.root : changed.effector) = j;
    if (changed.root == changed.effector || ik::chain_path(s, changed.root, changed.effector).empty()) {
      set_status(editor,
                 "the root must be an ancestor of the effector: " + s.name[static_cast<size_t>(changed.root)] +
                     " is not above " + s.name[static_cast<size_t>(changed.effector)],
                 true);
      return;
    }
    chain = changed;
    if (root == false) {
      std::vector<glm::mat4> world;
      ik::fk_all(s, editor.solve.pose, world);
      ik::Goal goal = ik::goal_in_model_space(chain, world);
      goal.position = ik::position_of(world[static_cast<size_t>(j)]);
      ik::set_goal_in_model_space(chain, world, goal);
    }
    if (!ik::follow_joint_problem(s, chain).empty()) ik::set_follow_joint(chain, editor.solve.world, -1);
    editor.history.commit(editor.document.chains);
  };
  // One row per end: "root  12  name" (elided) and, at the right, a button to set it.
  const float button = ImGui::CalcTextSize("= selected").x + ImGui::GetStyle().FramePadding.x * 2.0f;
  const float right = ImGui::GetContentRegionAvail().x - button;
  for (const bool root : {true, false}) {
    const int joint = root ? chain.root : chain.effector;
    const std::string& name = s.name[static_cast<size_t>(joint)];
    char prefix[32];
    std::snprintf(prefix, sizeof(prefix), "%-9s %d  ", root ? "root" : "effector", joint);
    bool elided = false;
    const std::string shown =
        elide_to_width(name, right - ImGui::CalcTextSize(prefix).x - ImGui::GetStyle().ItemSpacing.x, &elided);
    ImGui::AlignTextToFramePadding();
    ImGui::Text("%s%s", prefix, shown.c_str());
    if (elided && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name.c_str());
    ImGui::SameLine(right);
    ImGui::BeginDisabled(j < 0);
    ImGui::PushID(root ? "root" : "effector");
    if (ImGui::SmallButton("= selected")) set_end(root);
    ImGui::PopID();
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(j < 0  ? "Select a joint in the outline or the viewport first."
                        : root ? "The chain's root becomes the selected joint"
                               : "The chain's effector becomes the selected joint (the goal moves onto it)");
  }
}

// ---- Convergence tab ----------------------------------------------------------------------

// The selected chain's inspection: Solve from rest, step mode and its iteration scrubber,
// the solver comparison switch, the Jacobian's singular values, the count of clamped joints.
void draw_inspection_controls(Editor& editor, int c) {
  if (c >= static_cast<int>(editor.solve.frame.last_work.size())) return;
  if (ImGui::Button("Solve from rest")) {
    // Every joint back to rest, then one solve: the whole convergence, recorded and kept.
    solve_from_rest(editor);
    editor.inspection.iteration = 0;
  }
  remember_rect(editor, "solve_from_rest");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Rest pose, then one solve of every chain, recorded iteration by iteration");
  bool is_explicit = false;
  const ik::Trace* inspected = inspected_trace(editor, c, &is_explicit);
  static const ik::Trace kNoTrace;
  const ik::Trace& trace = inspected != nullptr ? *inspected : kNoTrace;
  const int last = static_cast<int>(trace.error.size()) - 1;
  ImGui::SameLine();
  if (ImGui::Checkbox("Step", &editor.inspection.step_mode)) {
    if (editor.inspection.step_mode) {
      editor.solve.running = false;
      editor.inspection.iteration = std::max(0, last);
    } else {
      editor.solve.running = true;
    }
  }
  remember_rect(editor, "step");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pause and scrub through the iterations of the solve shown below");
  // The step block always takes the same two rows (disabled outside step mode), so ticking
  // Step does not move anything under the mouse.
  const bool recorded = last >= 1 && !trace.poses.empty();
  const bool active = editor.inspection.step_mode && recorded;
  if (active) editor.inspection.iteration = std::clamp(editor.inspection.iteration, 0, last);
  ImGui::BeginDisabled(!active);
  if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) editor.inspection.iteration = std::max(0, editor.inspection.iteration - 1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Right))
    editor.inspection.iteration = std::min(last, editor.inspection.iteration + 1);
  ImGui::SameLine();
  int shown = active ? editor.inspection.iteration : 0;
  ImGui::SliderInt("Iteration", &shown, 0, std::max(1, last));
  remember_rect(editor, "iteration_slider");
  if (active) editor.inspection.iteration = shown;
  ImGui::EndDisabled();
  const char* source = is_explicit ? "last explicit solve" : "current frame";
  if (!editor.inspection.step_mode)
    ImGui::TextDisabled("Step: scrub the %s's iterations", source);
  else if (!recorded)
    ImGui::TextDisabled("No recorded iterations: press Solve from rest.");
  else
    ImGui::Text("%s, iteration %d: error %.4g", source, editor.inspection.iteration,
                trace.error[static_cast<size_t>(editor.inspection.iteration)]);
  draw_jacobian_readout(editor);
  int clamped = 0;
  for (std::uint8_t f : trace.clamped) clamped += f;
  if (clamped > 0)
    ImGui::TextColored(mark_colour(Mark::at_limit), "%d joint%s at a limit (magenta in the viewport)", clamped,
                       clamped == 1 ? "" : "s");
}

// ---- Solver tab ---------------------------------------------------------------------------

// The "Solver" tab: the chain's ends, solver, parameters and goal.
void draw_solver_tab(Editor& editor, int c) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const ik::SolverInfo* table = ik::solver_table();
  const int solver_count = ik::solver_count();
  draw_chain_ends(editor, chain);

  const char* current = chain.solver >= 0 && chain.solver < solver_count ? table[chain.solver].name : "?";
  if (begin_combo_fitted("Solver", current)) {
    for (int k = 0; k < solver_count; ++k) {
      if (ImGui::Selectable(table[k].name, k == chain.solver)) {
        chain.solver = k;
        give_spline_points_if_missing(editor, c);  // so picking Spline IK shows its handles at once
        editor.history.commit(editor.document.chains);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", table[k].summary);
    }
    ImGui::EndCombo();
  }
  if (chain.solver < 0 || chain.solver >= solver_count) return;
  const ik::SolverInfo& solver = table[chain.solver];
  const int bones = static_cast<int>(ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector).size()) - 1;
  const std::string advice = ik::bone_count_advice(solver, editor.document.rig.skeleton, chain.root, chain.effector);
  if (!advice.empty()) {  // wrapped: the panel is narrower than the line
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", advice.c_str());
    ImGui::PopStyleColor();
  }

  const ik::ParamInfo* params = ik::param_table();
  for (int k = 0; k < ik::param_count(); ++k)
    if (ik::reads_param(solver, params[k])) draw_param(editor, chain.params, params[k]);

  // IK weight: the solved joints blended with the animated ones (solvers/scene/ik_blend.h), live.
  ImGui::SliderFloat("IK weight", &chain.ik_weight, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0 = the clip's pose (rest without a clip), 1 = the IK solve");
  commit_when_done(editor);

  // The fields say what they hold: a pinned goal's position, or a following goal's offset
  // (from the followed joint or the animated effector), with where that puts the goal.
  const ik::GoalMode mode = ik::goal_mode(chain);
  const bool offset = mode == ik::GoalMode::follow_joint || mode == ik::GoalMode::follow_animated;
  const bool on_path = mode == ik::GoalMode::follow_path;
  ImGui::BeginDisabled(on_path);  // a path's goal is the path's
  ImGui::DragFloat3(offset ? "Goal offset" : "Goal position", &chain.goal.position.x, 0.005f * scene_size(editor), 0.0f,
                    0.0f, "%.3f");
  ImGui::EndDisabled();
  commit_when_done(editor);
  remember_rect(editor, "goal_fields");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(offset    ? "The goal's offset from the joint it follows (%s), in that joint's frame"
                      : on_path ? "The goal follows a recorded path: this is the path's at the current time"
                                : "The goal's position in model space",
                      mode == ik::GoalMode::follow_joint ? "a joint" : "the animated effector");
  if (goal_held(editor, c)) {  // the feet's cleanup hands the solver its held place instead
    const glm::vec3 at = handed_goal(editor, c).position;
    ImGui::TextDisabled("held by Clean up at %.3f %.3f %.3f", static_cast<double>(at.x), static_cast<double>(at.y),
                        static_cast<double>(at.z));
  } else if (offset || on_path) {
    const glm::vec3 at = model_goal(editor, c).position;
    ImGui::TextDisabled("at %.3f %.3f %.3f in model space", static_cast<double>(at.x), static_cast<double>(at.y),
                        static_cast<double>(at.z));
  }
  if (solver.orientation_goals) {
    bool on = chain.goal.use_orientation;
    if (ImGui::Checkbox("Orientation goal", &on)) set_orientation_goal(editor, c, on);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("O: the effector also turns to the goal's axes; Ctrl + drag the goal handle to turn them");
    ImGui::SameLine();
  }
  {  // Always drawn (greyed out where it does not apply), so the rows below stay put.
    const bool applies = ik::uses_pole(solver) && bones >= 2;
    ImGui::BeginDisabled(!applies);
    // The handle starts where the chain bends now, so the pose does not jump.
    const auto place_handle = [&] {
      std::vector<glm::vec3> points;
      for (int j : ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector))
        points.push_back(ik::position_of(editor.solve.world[static_cast<size_t>(j)]));
      chain.goal.pole_target =
          ik::pole_target_from_bend(points.data(), static_cast<int>(points.size()), -editor.view.camera.forward());
    };
    bool on = (chain.goal.use_pole || chain.goal.auto_pole) && applies;
    if (ImGui::Checkbox("Pole", &on)) {
      chain.goal.use_pole = on;
      chain.goal.auto_pole = false;
      if (on) {
        place_handle();
        chain.goal.pole_twist = 0.0f;
      }
      editor.history.commit(editor.document.chains);
    }
    remember_rect(editor, "pole_checkbox");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(applies ? "The chain bends toward its pole handle (the violet dot): drag it in the viewport"
                                : "A pole needs a chain of two or more bones and a solver that bends it");
    bool follows = chain.goal.auto_pole && applies;
    if (ImGui::Checkbox("Pole follows the motion", &follows)) {
      chain.goal.auto_pole = follows;
      chain.goal.use_pole = !follows;  // back to a handle where the chain bends now
      if (!follows) place_handle();
      editor.history.commit(editor.document.chains);
    }
    remember_rect(editor, "auto_pole_checkbox");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(
          "The pole follows the animated pose (else the rest): the chain bends in the plane the clip "
          "bends it in, or where it is straight, the way its knee or elbow bends. No handle to drag.");
    if (applies && (chain.goal.use_pole || chain.goal.auto_pole)) {
      ImGui::SliderAngle("Pole twist", &chain.goal.pole_twist, -180.0f, 180.0f, "%.0f deg", ImGuiSliderFlags_AlwaysClamp);
      commit_when_done(editor);
    }
  }
  if (is_spline_chain(editor, c)) draw_spline_points(editor, c);
  if (solver.scale_goal) {
    ImGui::SliderFloat("Goal scale", &chain.goal.scale, chain.params.min_scale, chain.params.max_scale, "%.3f",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    commit_when_done(editor);
  }
}

}  // namespace

// ---- The selected chain -------------------------------------------------------------------

int draw_selected_chain(Editor& editor, int c) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  ImGui::PushID(c);
  ImGui::PushItemWidth(std::floor(ImGui::GetContentRegionAvail().x * 0.52f));  // room for the labels
  ImGui::Separator();
  // Name, Enabled and Remove on one row; a long name gives way in the middle.
  const std::string name = shown_chain_name(editor.document.rig.skeleton, chain);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = ImGui::GetFrameHeight() + ImGui::CalcTextSize("Enabled").x + ImGui::CalcTextSize("Remove").x +
                        style.ItemInnerSpacing.x + style.FramePadding.x * 2.0f + style.ItemSpacing.x * 3.0f;
  bool elided = false;
  const std::string shown = elide_to_width(name, ImGui::GetContentRegionAvail().x - buttons, &elided);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(shown.c_str());
  if (elided && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name.c_str());
  ImGui::SameLine();
  if (ImGui::Checkbox("Enabled", &chain.enabled)) editor.history.commit(editor.document.chains);
  ImGui::SameLine();
  if (ImGui::Button("Remove")) {
    editor.document.chains.erase(editor.document.chains.begin() + c);
    editor.solve.frame.erase_chain(static_cast<size_t>(c));
    forget_removed_chain(editor.document.full_body.disabled_by_mode, c);  // the later chains keep their marks
    select_chain(editor, -1);
    editor.history.commit(editor.document.chains, editor.document.full_body);
    ImGui::PopItemWidth();
    ImGui::PopID();
    return -1;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this chain (Ctrl+Z brings it back)");
  // The stop reason stays in view whichever tab is open.
  const bool known_solver = chain.solver >= 0 && chain.solver < ik::solver_count();
  if (known_solver && c < static_cast<int>(editor.solve.frame.results.size())) {
    const ik::SolveResult& r = editor.solve.frame.results[static_cast<size_t>(c)];
    const StopReason reason = describe_stop(ik::solver_table()[chain.solver], chain.params, r,
                                            chain_goal_reading(editor, c), editor.document.rig.skeleton);
    ImGui::TextColored(stop_colour(reason.partial, r.status), "%s", reason.status.c_str());
    ImGui::SameLine();
    // One line whatever the width (a wrapped line would move the tabs below as it grows).
    bool cut = false;
    ImGui::TextUnformatted(elide_to_width(reason.detail, ImGui::GetContentRegionAvail().x, &cut).c_str());
    if (cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", reason.detail.c_str());
    // A goal not all reached: its parts below, wrapped (what is short, by how much, which
    // joint's limit holds it), the one place the tabs move, and only while a part is short.
    if (!reason.parts.empty()) ImGui::TextWrapped("%s", reason.parts.c_str());
  }
  int tab = -1;
  if (ImGui::BeginTabBar("chain_tabs")) {
    // The full-body chain's effectors, stiffness and comparison (app/ui/full_body_panel.h).
    if (full_body_chain_index(editor) == c) {
      const bool body_tab = ImGui::BeginTabItem("Body");
      remember_rect(editor, "tab_body");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("The full body's effectors, stiffness and comparison");
      if (body_tab) {
        tab = 3;
        ImGui::BeginChild("body", ImVec2(0.0f, 0.0f));
        draw_full_body_details(editor, c);
        ImGui::EndChild();
        ImGui::EndTabItem();
      }
    }
    const bool solver_tab = ImGui::BeginTabItem("Solver");
    remember_rect(editor, "tab_solver");
    if (solver_tab) {
      tab = 0;
      draw_solver_tab(editor, c);
      ImGui::EndTabItem();
    }
    const bool convergence_tab = ImGui::BeginTabItem("Convergence");
    remember_rect(editor, "tab_convergence");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Solve from rest, Step through the iterations");
    if (convergence_tab) {
      tab = 1;
      // The room the Solver tab takes (the chain table above is sized by it); scrolls
      // inside when the readout and plot need more.
      ImGui::BeginChild("convergence", ImVec2(0.0f, 0.0f));
      ImGui::PushItemWidth(std::floor(ImGui::GetContentRegionAvail().x * 0.52f));
      if (known_solver) {
        draw_inspection_controls(editor, c);
        draw_convergence(editor, c);
      }
      ImGui::PopItemWidth();
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    // Compare: every solver on this chain, the table first so that all of them show without
    // scrolling, then their plot. The tab is the compare mode (ghosts in the viewport too).
    const bool compare_tab = ImGui::BeginTabItem(
        "Compare", nullptr, editor.inspection.compare_requested ? ImGuiTabItemFlags_SetSelected : 0);
    editor.inspection.compare_requested = false;
    remember_rect(editor, "tab_compare");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every solver on this chain from rest, side by side");
    if (compare_tab != editor.inspection.compare_mode) {
      editor.inspection.compare_mode = compare_tab;
      if (!compare_tab) editor.inspection.comparison.clear();
    }
    if (compare_tab) {
      tab = 2;
      ImGui::BeginChild("comparison", ImVec2(0.0f, 0.0f));
      if (known_solver) {
        const float top = ImGui::GetCursorScreenPos().y;
        const float bottom = draw_comparison(editor, c);
        editor.ui.widget_rects["compare_table"] = {ImGui::GetWindowPos().x, top, ImGui::GetWindowWidth(), bottom - top};
        editor.ui.widget_rects["compare_view"] = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowWidth(),
                                           ImGui::GetWindowHeight()};
      }
      ImGui::EndChild();
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::PopItemWidth();
  ImGui::PopID();
  return tab;
}

}  // namespace app
