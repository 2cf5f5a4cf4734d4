#include "app/chain_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/core/stop_reason.h"
#include "app/error_plot.h"
#include "app/file_commands.h"
#include "app/goal_motion.h"
#include "app/inspection.h"
#include "app/jacobian_view.h"
#include "app/panels.h"
#include "solvers/goal_space.h"
#include "solvers/pole.h"
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
      ik::Goal goal = ik::goal_in_model_space(chain, world);
      goal.position = ik::position_of(world[static_cast<size_t>(j)]);
      ik::set_goal_in_model_space(chain, world, goal);
    }
    if (!ik::follow_joint_problem(s, chain).empty()) ik::set_follow_joint(chain, editor.world, -1);
    editor.history.commit(editor.chains);
  };
  if (ImGui::Button("Root = selected joint")) set_end(true);
  ImGui::SameLine();
  if (ImGui::Button("Effector = selected joint")) set_end(false);
  ImGui::EndDisabled();
  if (j < 0 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Select a joint in the outline or the viewport first.");
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
  draw_jacobian_readout(editor);
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
  const std::string advice = ik::bone_count_advice(solver, editor.rig.skeleton, chain.root, chain.effector);
  if (!advice.empty()) {  // wrapped: the panel is narrower than the line
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", advice.c_str());
    ImGui::PopStyleColor();
  }

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
  {  // Always drawn (greyed out where it does not apply), so the rows below stay put.
    const bool applies = ik::uses_pole(solver) && bones >= 2;
    ImGui::BeginDisabled(!applies);
    bool on = chain.goal.use_pole && applies;
    if (ImGui::Checkbox("Pole", &on)) {
      chain.goal.use_pole = on;
      if (on) {  // the handle starts where the chain bends now, so the pose does not jump
        std::vector<glm::vec3> points;
        for (int j : ik::chain_path(editor.rig.skeleton, chain.root, chain.effector))
          points.push_back(ik::position_of(editor.world[static_cast<size_t>(j)]));
        chain.goal.pole_target =
            ik::pole_target_from_bend(points.data(), static_cast<int>(points.size()), -editor.camera.forward());
        chain.goal.pole_twist = 0.0f;
      }
      editor.history.commit(editor.chains);
    }
    remember_rect(editor, "pole_checkbox");
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(applies ? "The chain bends toward its pole handle (the violet dot): drag it in the viewport"
                                : "A pole needs a chain of two or more bones and a solver that bends it");
    if (applies && chain.goal.use_pole) {
      ImGui::SliderAngle("Pole twist", &chain.goal.pole_twist, -180.0f, 180.0f);
      commit_when_done(editor);
    }
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

// ---- Bulk enable / disable and the selected chain's goal space (the chain table's part) ----

// Sets `enabled` on every chain `which` picks; one undo step if anything changed.
template <typename Which>
void set_enabled_where(Editor& editor, Which which, bool on) {
  bool changed = false;
  for (ik::Chain& chain : editor.chains)
    if (which(chain) && chain.enabled != on) {
      chain.enabled = on;
      changed = true;
    }
  if (changed) editor.history.commit(editor.chains);
}

// A checkbox for a set of chains: ticked when all are enabled; clicking sets them all.
template <typename Which>
void group_checkbox(Editor& editor, const char* label, const char* rect_name, Which which, bool same_line = true) {
  int count = 0, enabled = 0;
  for (const ik::Chain& chain : editor.chains)
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
  return root < editor.rig.roles.size() ? editor.rig.roles[root].side : ik::Side::centre;
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
  if (std::none_of(editor.chains.begin(), editor.chains.end(),
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
  ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
  const ik::Skeleton& s = editor.rig.skeleton;
  const bool following = chain.follow_joint >= 0 && chain.follow_joint < s.joint_count();
  const std::string current = following ? "follows " + joint_label(s, chain.follow_joint) : "pinned";
  const auto choose = [&](int joint) {
    ik::set_follow_joint(chain, editor.world, joint);
    editor.history.commit(editor.chains);
  };
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  if (ImGui::BeginCombo("Goal", current.c_str())) {
    if (ImGui::Selectable("pinned (model space)", !following)) choose(-1);
    std::vector<int> candidates;
    for (int j = s.parent[static_cast<size_t>(chain.root)]; j >= 0; j = s.parent[static_cast<size_t>(j)])
      candidates.push_back(j);
    for (const ik::Chain& other : editor.chains) {
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
  ImGui::SameLine();
  if (ImGui::SmallButton("Groups")) ImGui::OpenPopup("groups");
  remember_rect(editor, "groups_button");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Turn all chains, or a group of them (limbs, spine, head...), on or off");
  draw_groups_popup(editor);
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

  draw_finger_toggles(editor);
  if (ImGui::BeginTable("chains", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
                        ImVec2(0.0f, ImGui::GetTextLineHeightWithSpacing() * std::min<float>(7.0f, editor.chains.size() + 1.5f)))) {
    ImGui::TableSetupColumn("chain", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("solver");
    ImGui::TableSetupColumn("it");
    ImGui::TableSetupColumn("error");
    ImGui::TableSetupColumn("us");
    ImGui::TableHeadersRow();
    // Only the rows in view are built: a rig with a thousand chains costs what a dozen do.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(editor.chains.size()));
    while (clipper.Step())
    for (int c = clipper.DisplayStart; c < clipper.DisplayEnd; ++c) {
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
  // The joint a goal follows; a goal driven by motion follows none (app/goal_motion.h).
  if (editor.selected_chain >= 0 && editor.selected_chain < static_cast<int>(editor.chains.size()) &&
      editor.chains[static_cast<size_t>(editor.selected_chain)].motion == ik::Chain::Motion::none)
    draw_goal_space(editor, editor.selected_chain);
  draw_goal_mode(editor, editor.selected_chain);  // goal modes and recorded paths (app/goal_motion.h)
  if (editor.selected_chain >= 0 && editor.selected_chain < static_cast<int>(editor.chains.size()))
    draw_selected_chain(editor, editor.selected_chain);
  else
    ImGui::TextDisabled("Click a chain, or a goal handle in the viewport.");
  ImGui::End();
}

}  // namespace app
