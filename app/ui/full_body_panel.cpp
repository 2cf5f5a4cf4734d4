// The Full body panel (full_body_panel.h).
//
// Index: effector_table, effector_plot, solve_summary, balance_status, setting_checkbox,
// balance_controls, stiffness_controls, comparison_table, draw_full_body_window,
// draw_full_body_details
#include "app/ui/full_body_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "app/editor/full_body_mode.h"
#include "app/editor/inspection.h"
#include "app/ui/chain_details.h"  // status_colour, mark_colour: the colour vocabulary
#include "app/ui/error_plot.h"
#include "app/ui/panels.h"
#include "solvers/anim/pose.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/rig/body_reading.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

// Pin, weight and error of each effector, then the total (largest and sum of the holding ones).
void effector_table(Editor& editor, int fb) {
  const std::vector<EffectorState> states = full_body_effectors(editor, fb);
  const float tolerance = full_body_tolerance(editor, fb);
  ik::Chain& body = editor.document.chains[static_cast<size_t>(fb)];
  float largest = 0.0f, sum = 0.0f;
  if (!ImGui::BeginTable("effectors", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
  // The name takes what the other columns leave, and gives way in the middle when long.
  ImGui::TableSetupColumn("Effector", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Pin");
  ImGui::TableSetupColumn("Weight");
  // Wide enough for any error ("1.2e-04", "free") and a space: fitted to the values, at
  // 1024x640 their last glyph ended on the column's clip edge and was cut.
  ImGui::TableSetupColumn("Error", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("0.0e+00 ").x);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < states.size(); ++i) {
    const EffectorState& s = states[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool cut = false;
    ImGui::TextUnformatted(elide_to_width(s.name, ImGui::GetContentRegionAvail().x, &cut).c_str());
    if (cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.name.c_str());
    ImGui::TableNextColumn();
    if (i == 0) {
      ImGui::TextDisabled("main");
    } else {
      ik::EffectorGoal& e = body.extra_effectors[i - 1];
      bool pinned = e.pinned;
      if (ImGui::Checkbox("##pin", &pinned)) {
        if (pinned && !s.holds) goal_on_effector(editor, fb, static_cast<int>(i));  // moves nothing
        e.pinned = pinned;
        editor.history.commit(editor.document.chains);
      }
    }
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(48.0f);
    if (i == 0) {
      ImGui::TextDisabled("1");
    } else {
      ik::EffectorGoal& e = body.extra_effectors[i - 1];
      float weight = e.weight;
      if (ImGui::SliderFloat("##weight", &weight, 0.0f, 4.0f, "%.2f")) {
        if (!s.holds && weight > 0.0f) goal_on_effector(editor, fb, static_cast<int>(i));
        e.weight = weight;
      }
      if (ImGui::IsItemDeactivatedAfterEdit()) editor.history.commit(editor.document.chains);
    }
    ImGui::TableNextColumn();
    if (s.holds) {
      const bool within = s.error <= tolerance;
      ImGui::TextColored(within ? ImVec4(0.45f, 0.85f, 0.45f, 1.0f) : ImVec4(0.95f, 0.45f, 0.40f, 1.0f), "%.1e",
                         s.error);
      if (s.heel_rise > 0.0f && ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "heel risen: the pin raised %.1f cm, as the ankle cannot stand the foot level\n"
            "(Heels rise); the error is from the risen pin",
            100.0f * s.heel_rise);
      largest = std::fmax(largest, s.error);
      sum += s.error;
    } else {
      ImGui::TextDisabled("free");
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  ImGui::Text("largest %.1e, sum %.1e", largest, sum);
  ImGui::TextDisabled("tolerance %.1e", tolerance);
}

// Each effector's error per iteration of the solve Step inspects, and the largest (total).
void effector_plot(const Editor& editor, int fb) {
  bool is_explicit = false;
  const ik::Trace* trace = inspected_trace(editor, fb, &is_explicit);
  std::vector<std::vector<float>> per_effector;
  if (trace == nullptr || !effector_errors_per_iteration(editor, fb, *trace, per_effector)) {
    ImGui::TextDisabled("select the full-body chain and move a goal to record a solve");
    return;
  }
  const std::vector<EffectorState> states = full_body_effectors(editor, fb);
  // Okabe and Ito's palette (as the solvers', solver_table.cpp), with a line style each too.
  static const ImU32 palette[] = {IM_COL32(86, 180, 233, 255),  IM_COL32(230, 159, 0, 255),  IM_COL32(0, 158, 115, 255),
                                  IM_COL32(204, 121, 167, 255), IM_COL32(240, 228, 66, 255), IM_COL32(0, 114, 178, 255),
                                  IM_COL32(213, 94, 0, 255)};
  std::vector<PlotSeries> series;
  series.push_back({&trace->error, IM_COL32(240, 240, 240, 255), "total (largest)"});
  for (size_t i = 0; i < per_effector.size() && i < states.size(); ++i)
    if (states[i].holds)
      series.push_back({&per_effector[i], palette[i % 7], states[i].name, static_cast<int>((i + 1) % ik::kLineStyles)});
  draw_error_plot(series, editor.inspection.step_mode ? editor.inspection.iteration : -1, full_body_tolerance(editor, fb));
}

// On the buttons' row: the solve's status in its colour (app/editor/status_colours.h), its
// iterations and time, and how many joints a limit held.
void solve_summary(const Editor& editor, int fb) {
  const size_t c = static_cast<size_t>(fb);
  if (c < editor.solve.frame.results.size()) {
    const ik::SolveResult& r = editor.solve.frame.results[c];
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(status_colour(r.status), "%s", ik::to_string(r.status));
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::Text("%d it, %.1f µs", r.iterations,
                c < editor.solve.frame.chain_microseconds.size() ? editor.solve.frame.chain_microseconds[c] : 0.0f);
  }
  if (c < editor.solve.frame.last_work.size()) {
    int clamped = 0;
    for (std::uint8_t k : editor.solve.frame.last_work[c].clamped) clamped += k != 0 ? 1 : 0;
    ImGui::SameLine();
    if (clamped > 0)
      ImGui::TextColored(mark_colour(Mark::at_limit), "%d at a limit", clamped);
    else
      ImGui::TextDisabled("none at a limit");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("joints a limit held in the last solve that iterated");
  }
}

// How far the centre of mass is from where the balance wants it, beside its checkbox.
void balance_status(Editor& editor, int fb) {
  const ik::FullBodyScratch& solve = ik::full_body_scratch(editor.solve.workspace);
  if (!editor.document.full_body.settings.balance || !solve.balance_active) return;
  ImGui::SameLine();
  const bool settled = solve.balance_error <= ik::kBalanceTolerance * full_body_tolerance(editor, fb);
  ImGui::TextColored(mark_colour(settled ? Mark::reached : Mark::short_of), "balanced %.1e", solve.balance_error);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "the centre of mass's distance across the up axis from over the feet (model units);\n"
        "amber: the goals leave the balance no room to settle");
}

// A full-body setting's checkbox: one undo step, its rectangle remembered as `rect`.
void setting_checkbox(Editor& editor, const char* label, bool& value, const char* rect, const char* tooltip) {
  if (ImGui::Checkbox(label, &value)) editor.history.commit(editor.document.chains, editor.document.full_body);
  remember_rect(editor, rect);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

// setting_checkbox on the row so far while it fits there, else on a new row.
void setting_checkbox_on_row(Editor& editor, const char* label, bool& value, const char* rect, const char* tooltip) {
  same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x +
                    ImGui::GetStyle().ItemSpacing.x * 2.0f);
  setting_checkbox(editor, label, value, rect, tooltip);
}

// The balance on or off, and how far the centre of mass is from where the balance wants it
// (over the feet as at rest; the viewport draws both); then the heels rising where an ankle
// cannot stand its foot level and the knees over the toes, on the same row while they fit.
void balance_controls(Editor& editor, int fb) {
  ik::FullBodySettings& settings = editor.document.full_body.settings;
  setting_checkbox(editor, "Balance", settings.balance, "full_body_balance",
                   "keep the centre of mass over the pinned feet, as far as the goals leave room:\n"
                   "a hand reaching forward bends the spine and keeps the hips back");
  balance_status(editor, fb);
  setting_checkbox_on_row(editor, "Heels rise", settings.heels_rise, "full_body_heels",
                          "the pinned feet stand on the ground: where an ankle cannot bend far enough to keep\n"
                          "its foot level, the heel rises (the foot stands on its toes) instead of the toes\n"
                          "going into the floor. Off: a pin holds the ankle wherever the toes go");
  setting_checkbox_on_row(editor, "Knees over toes", settings.knees_over_toes, "full_body_knees",
                          "each pinned foot's leg turns about its hip-to-ankle line until the knee points where\n"
                          "the toes do, as far as the hip's and the ankle's limits allow (the ankle stays put).\n"
                          "Off: the knee points wherever the solve left it");
  setting_checkbox_on_row(editor, "Free arms hang", settings.free_arms_hang, "full_body_arms_hang",
                          "an arm whose hand holds nothing (weight 0, not pinned) hangs as the body bends: upright\n"
                          "it keeps the clip's or the rest pose's turn, bent 60 degrees it hangs straight down.\n"
                          "Off: it keeps its turn against the chest");
}

// How the pose reads against what a person can do (solvers/rig/body_reading.h), one row:
// "body plausible" in green when every part holds, else the parts that do not
// in amber; the whole reading on hover. One row whatever it says (the window grows upward from
// the viewport's corner: a fixed height keeps its title in place), short enough to leave the
// feet in view at 1024x640.
void body_line(const Editor& editor) {
  const ik::BodyReading r = read_body_now(editor);
  if (!r.valid) return;
  const bool plausible = ik::body_looks_plausible(r);
  const std::string line = ik::describe_body(r);
  ImGui::TextColored(mark_colour(plausible ? Mark::reached : Mark::short_of), "%s",
                     plausible ? "body plausible" : ("body: " + ik::describe_body_problems(r)).c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s\n\njoints at an end of their range; the feet against the ground they stand on at rest; where each\n"
        "knee points against where its foot points (seen from above; a foot on the ground); the head against\n"
        "the hips",
        line.c_str());
}

// One slider per role the rig has (the stiffness of every joint with that role), the hips'
// translation and the pull toward the clip's or the rest pose. Each drag is one undo step,
// committed when the slider is let go, as the chain parameter sliders do; the values stay
// within what a session accepts.
void stiffness_controls(Editor& editor) {
  ik::FullBodySettings& settings = editor.document.full_body.settings;
  const ImGuiSliderFlags flags = ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp;
  const auto commit_when_done = [&editor] {
    if (ImGui::IsItemDeactivatedAfterEdit()) editor.history.commit(editor.document.chains, editor.document.full_body);
  };
  // Two sliders a row, each named inside itself ("spine 4.00"), so the section fits the tab.
  if (!ImGui::BeginTable("stiffness", 2, ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::SliderFloat("##hips_move", &settings.root_translation_stiffness, ik::kMinStiffness, ik::kMaxStiffness,
                     "hips move %.2f", flags);
  remember_rect(editor, "stiffness_hips_move");
  commit_when_done();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("how much the hips resist sliding (per unit of the body's reach)");
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::SliderFloat("##pull_to_pose", &settings.reference_pull, 0.0f, 1.0f, "pull to pose %.2f",
                     ImGuiSliderFlags_AlwaysClamp);
  remember_rect(editor, "stiffness_pull_to_pose");
  commit_when_done();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "each frame, the joints the goals leave free go this fraction of the way back to the clip's pose\n"
        "(or the rest pose): a body crouched for a reach stands up again when the reach comes back. 0: off");
  std::vector<bool> present(ik::kRoleSlots, false);
  for (const ik::JointRole& r : editor.document.rig.roles) present[static_cast<size_t>(r.role)] = true;
  for (int r = 0; r < ik::kRoleSlots; ++r) {
    if (!present[static_cast<size_t>(r)]) continue;
    const std::string name = r == 0 ? "no role" : ik::role_name(static_cast<ik::Role>(r));
    const std::string label = "##" + name, format = name + " %.2f";
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::SliderFloat(label.c_str(), &settings.role_stiffness[static_cast<size_t>(r)], ik::kMinStiffness,
                       ik::kMaxStiffness, format.c_str(), flags);
    remember_rect(editor, ("stiffness_" + std::string(ik::role_name(static_cast<ik::Role>(r)))).c_str());
    commit_when_done();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("how much joints with this role resist turning");
  }
  ImGui::EndTable();
}

void comparison_table(Editor& editor) {
  if (ImGui::Button("Solve both from rest")) compare_with_per_chain(editor);
  const FullBodyComparison& cmp = editor.inspection.full_body_comparison;
  if (!cmp.valid) return;
  ImGui::Text("reached: %d / %d vs %d / %d", cmp.full_body_reached, cmp.holding, cmp.per_chain_reached, cmp.holding);
  ImGui::Text("µs: %.1f vs %.1f", cmp.full_body_microseconds, cmp.per_chain_microseconds);
  if (!ImGui::BeginTable("compare", 3, ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("Effector");
  ImGui::TableSetupColumn("Full body");
  ImGui::TableSetupColumn("Per chain");
  ImGui::TableHeadersRow();
  for (const FullBodyCompareRow& row : cmp.rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.1e", row.full_body_error);
    ImGui::TableNextColumn();
    ImGui::Text("%.1e", row.per_chain_error);
  }
  ImGui::EndTable();
}

// A section header of the Body tab; opening it scrolls it to the top of the tab, so what
// it holds comes into view below it (the tab is short in a 1280x800 window).
bool section(const char* title) {
  const bool open = ImGui::CollapsingHeader(title);
  if (ImGui::IsItemToggledOpen() && open) ImGui::SetScrollHereY(0.0f);
  return open;
}

}  // namespace

void draw_full_body_window(Editor& editor, ViewportArea& area) {
  if (!editor.document.has_rig) return;
  const int fb = full_body_chain_index(editor);
  if (fb < 0 && !full_body_available(editor)) return;  // no roles give a body
  // As wide as the view, as high as its rows (ImGui sizes it from the last frame's).
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y + area.height), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(area.width, 0.0f), ImVec2(area.width, area.height * 0.5f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
  const bool open = ImGui::Begin("Full body", nullptr, flags);
  // The band (its title bar's arrow collapses it to the title, giving the view the rest).
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  editor.ui.widget_rects["full_body_window"] = {pos.x, pos.y, size.x, size.y};
  area.height = std::max(1.0f, area.height - std::floor(std::min(size.y, area.height * 0.5f)));
  if (!open) {
    ImGui::End();
    return;
  }
  if (fb < 0) {
    if (ImGui::Button("Full body")) enter_full_body_mode(editor);
    remember_rect(editor, "full_body_button");
    ImGui::End();
    return;
  }
  if (ImGui::Button("Per chain")) {
    leave_full_body_mode(editor);
    remember_rect(editor, "full_body_button");
    ImGui::End();
    return;
  }
  remember_rect(editor, "full_body_button");
  ImGui::SameLine();
  if (ImGui::Button("Inspect")) select_chain(editor, fb);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "select the full-body chain: its effectors, stiffness and comparison in the Chains panel's\n"
        "Body tab, its plot, Step and ghost in the Convergence tab");
  solve_summary(editor, fb);
  balance_controls(editor, fb);
  body_line(editor);
  ImGui::End();
  return;
}

void draw_full_body_details(Editor& editor, int fb) {
  effector_table(editor, fb);
  if (section("Error per effector")) {
    ImGui::BeginChild("plot", ImVec2(0.0f, 200.0f));
    effector_plot(editor, fb);
    ImGui::EndChild();
  }
  const bool stiffness_open = section("Stiffness");
  remember_rect(editor, "full_body_stiffness");
  if (stiffness_open) stiffness_controls(editor);
  if (section("Compare with per-chain setup")) comparison_table(editor);
}

}  // namespace app
