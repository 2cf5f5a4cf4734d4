// Index:
//   plot frame       margins from the labels' sizes, so the axes and labels sit outside the plot area
//   draw_error_plot  legend, axes, markers, curves, hover, the bottom edge that resizes it
//   compare table    every solver of the table: its result, or why it cannot take the chain
//   draw_convergence the Chains panel's entry point
#include "app/ui/error_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "app/editor/inspection.h"
#include "app/editor/plot_axes.h"
#include "app/editor/stop_reason.h"
#include "app/ui/chain_details.h"  // status_colour: the chain table's stop-reason colours
#include "app/ui/panels.h"
#include "app/ui/plot_lines.h"
#include "solvers/ik/solver_common.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

constexpr float kErrorFloor = 1e-9f;  // errors of 0 are drawn here (the log of 0 is -inf)
// The plot's height lives in the Chains window's ImGui storage under this key, so it is the
// same for every chain and kept while the program runs.
constexpr ImGuiID kPlotHeightKey = 0x706c6f74;                // "plot"
const ImU32 kToleranceColour = IM_COL32(140, 220, 140, 190);  // the tolerance line, its label and legend entry

ImU32 solver_imgui_colour(int solver) {
  const glm::vec3 c = ik::solver_colour(solver);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

float log_error(float e) { return std::log10(std::max(e, kErrorFloor)); }

// One legend entry per series: a short line in its colour, then its name; entries flow
// left to right and wrap to the panel's width. Above the plot, so it never hides a curve.
void draw_legend(const std::vector<PlotSeries>& series, float tolerance) {
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const PlotSeries& s : series) legend_entry(s.name.c_str(), s.colour, s.style, false, right, first);
  if (tolerance > 0.0f) legend_entry("tolerance", kToleranceColour, kDottedLine, false, right, first);
}

// Lets the user drag the plot's bottom edge: a thin handle under the plot.
float resize_handle(float height, float min_height, float max_height) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float thickness = std::max(4.0f, ImGui::GetFontSize() * 0.35f);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##plot_resize", ImVec2(width, thickness));
  const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
  if (hot) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNS);
  if (ImGui::IsItemActive()) height += ImGui::GetIO().MouseDelta.y;
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) ImGui::SetTooltip("Drag to make the plot taller or shorter");
  const ImU32 colour = ImGui::GetColorU32(hot ? ImGuiCol_SeparatorHovered : ImGuiCol_Separator);
  const float y = p.y + thickness * 0.5f;
  ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x + width * 0.4f, y), ImVec2(p.x + width * 0.6f, y), colour,
                                      hot ? 3.0f : 2.0f);
  return std::clamp(height, min_height, max_height);
}

}  // namespace

void draw_error_plot(const std::vector<PlotSeries>& series, int marker, float tolerance) {
  draw_legend(series, tolerance);

  // Height: stored, by default a third of the panel.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const float line = ImGui::GetTextLineHeight();
  const float window_height = ImGui::GetWindowHeight();
  const float min_height = line * 6.0f, max_height = std::max(min_height, window_height * 0.85f);
  float height = storage->GetFloat(kPlotHeightKey, 0.0f);
  if (!(height > 0.0f)) height = window_height / 3.0f;
  height = std::clamp(height, min_height, max_height);
  const float width = ImGui::GetContentRegionAvail().x;

  // The data's extent.
  int longest = 1;
  float lo = INFINITY, hi = -INFINITY;
  for (const PlotSeries& s : series) {
    longest = std::max(longest, static_cast<int>(s.errors->size()));
    for (float e : *s.errors) {
      lo = std::min(lo, e);
      hi = std::max(hi, e);
    }
  }
  if (tolerance > 0.0f) {
    lo = std::min(lo, tolerance);
    hi = std::max(hi, tolerance);
  }
  const DecadeRange decades = decade_range(lo, hi, kErrorFloor);
  const int last = std::max(1, longest - 1);

  // The plot frame: the y labels' widest, a tick, a gap on the left; half a line above
  // (the top label is centred on the top edge); a tick and a line of x labels below; half
  // the widest x label on the right (the last label is centred on the right edge).
  const float tick = std::max(3.0f, line * 0.3f), gap = 3.0f;
  float label_width = tolerance > 0.0f ? ImGui::CalcTextSize("tol").x : 0.0f;
  for (int d = decades.low; d <= decades.high; ++d)
    label_width = std::max(label_width, ImGui::CalcTextSize(decade_label(d).c_str()).x);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float x0 = origin.x + label_width + tick + gap;
  const float x1 = origin.x + width - ImGui::CalcTextSize(std::to_string(last).c_str()).x * 0.5f - 2.0f;
  const float y0 = origin.y + line * 0.5f;
  const float y1 = origin.y + height - line - tick - gap;
  ImGui::InvisibleButton("##plot", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  if (x1 - x0 < 20.0f || y1 - y0 < 20.0f) return;  // too small to draw anything readable

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float per_decade = (y1 - y0) / static_cast<float>(decades.high - decades.low);
  const float per_iteration = (x1 - x0) / static_cast<float>(last);
  auto x_of = [&](float iteration) { return x0 + iteration * per_iteration; };
  auto y_of = [&](float log_value) { return y1 - (log_value - static_cast<float>(decades.low)) * per_decade; };
  const ImU32 axis_colour = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 grid_colour = IM_COL32(255, 255, 255, 22);

  dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), ImGui::GetColorU32(ImGuiCol_FrameBg));
  // Y axis: decade grid lines inside, ticks outside; labels outside, the tolerance's
  // ("tol", in its colour) first, then the decades' that do not collide with it.
  std::vector<LabelSpan> spans;
  std::vector<std::pair<std::string, float>> labels;  // text, y of its centre
  if (tolerance > 0.0f) labels.emplace_back("tol", y_of(log_error(tolerance)));
  for (const AxisTick& t : log_ticks(decades, per_decade, line, 2.0f)) {
    const float y = y_of(t.position);
    if (t.major) dl->AddLine(ImVec2(x0, y), ImVec2(x1, y), grid_colour);
    dl->AddLine(ImVec2(x0 - (t.major ? tick : tick * 0.5f), y), ImVec2(x0, y), axis_colour);
    if (t.labelled) labels.emplace_back(t.label, y);
  }
  for (const auto& [text, y] : labels) spans.push_back({y - line * 0.5f, y + line * 0.5f});
  for (int k : keep_non_overlapping(spans, 1.0f)) {
    const auto& [text, y] = labels[static_cast<size_t>(k)];
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const bool is_tolerance = tolerance > 0.0f && k == 0;
    dl->AddText(ImVec2(x0 - tick - gap - size.x, y - size.y * 0.5f), is_tolerance ? kToleranceColour : text_colour,
                text.c_str());
  }
  // X axis: iterations.
  const auto text_width = [](const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; };
  for (const AxisTick& t : linear_ticks(last, per_iteration, text_width)) {
    const float x = x_of(t.position);
    dl->AddLine(ImVec2(x, y1), ImVec2(x, y1 + tick), axis_colour);
    const ImVec2 size = ImGui::CalcTextSize(t.label.c_str());
    dl->AddText(ImVec2(x - size.x * 0.5f, y1 + tick + 1.0f), text_colour, t.label.c_str());
  }
  dl->AddLine(ImVec2(x0, y0), ImVec2(x0, y1), axis_colour);
  dl->AddLine(ImVec2(x0, y1), ImVec2(x1, y1), axis_colour);

  dl->PushClipRect(ImVec2(x0, y0), ImVec2(x1 + 1.0f, y1 + 1.0f), true);
  // Markers under the curves: the tolerance (dashed), the step iteration.
  if (tolerance > 0.0f) {
    const float y = y_of(log_error(tolerance));
    for (float x = x0; x < x1; x += 8.0f)
      dl->AddLine(ImVec2(x, y), ImVec2(std::min(x + 4.0f, x1), y), kToleranceColour, 1.5f);
  }
  if (marker >= 0 && marker <= last) {
    const float x = x_of(static_cast<float>(marker));
    dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), IM_COL32(255, 255, 255, 110), 1.5f);
  }
  const float dot = longest <= 40 ? 2.5f : 0.0f;  // dots only while they do not merge
  std::vector<ImVec2> points;
  for (const PlotSeries& s : series) {
    const std::vector<float>& e = *s.errors;
    points.clear();
    for (size_t i = 0; i < e.size(); ++i) points.emplace_back(x_of(static_cast<float>(i)), y_of(log_error(e[i])));
    add_styled_polyline(dl, points.data(), static_cast<int>(points.size()), s.colour, s.style, 2.0f);
    if (dot > 0.0f)
      for (const ImVec2& q : points) dl->AddCircleFilled(q, dot, s.colour);
  }
  // Hover: the nearest iteration, a guide line, each curve's point ringed, the values.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && mouse.x >= x0 - 4.0f && mouse.x <= x1 + 4.0f && mouse.y >= y0 && mouse.y <= y1) {
    const int i = std::clamp(static_cast<int>(std::lround((mouse.x - x0) / per_iteration)), 0, last);
    const float x = x_of(static_cast<float>(i));
    dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), IM_COL32(255, 255, 255, 60));
    for (const PlotSeries& s : series)
      if (i < static_cast<int>(s.errors->size()))
        dl->AddCircle(ImVec2(x, y_of(log_error((*s.errors)[static_cast<size_t>(i)]))), 5.0f, s.colour, 12, 1.5f);
    ImGui::BeginTooltip();
    ImGui::Text("iteration %d", i);
    for (const PlotSeries& s : series) {
      if (i >= static_cast<int>(s.errors->size())) continue;
      ImGui::PushStyleColor(ImGuiCol_Text, s.colour);
      ImGui::Text("%s: %.4g", s.name.c_str(), (*s.errors)[static_cast<size_t>(i)]);
      ImGui::PopStyleColor();
    }
    if (tolerance > 0.0f) ImGui::TextDisabled("tolerance %.4g", tolerance);
    ImGui::EndTooltip();
  }
  dl->PopClipRect();

  storage->SetFloat(kPlotHeightKey, resize_handle(height, min_height, max_height));
}

namespace {

// The tolerance chain `c`'s solve stops at, in model units (relative tolerances times the
// chain's length at the current pose).
float chain_tolerance(const Editor& editor, int c) {
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const ik::Skeleton& s = editor.document.rig.skeleton;
  float length = 0.0f;
  for (int j = chain.effector; j != chain.root && j >= 0 && j < static_cast<int>(editor.solve.world.size());
       j = s.parent[static_cast<size_t>(j)]) {
    const int p = s.parent[static_cast<size_t>(j)];
    if (p >= 0)
      length += glm::length(ik::position_of(editor.solve.world[static_cast<size_t>(j)]) -
                            ik::position_of(editor.solve.world[static_cast<size_t>(p)]));
  }
  return ik::resolve_tolerance(chain.params, length);
}

// Why solver `k` was not run on chain `c` in the comparison (compare_solvers' rules), or
// "" if it was.
std::string why_not_compared(const Editor& editor, int c, int k) {
  const ik::SolverInfo& info = ik::solver_table()[k];
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  if (info.scale_goal) return "solves for a scale, not a position: not compared";
  const int bones = static_cast<int>(ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector).size()) - 1;
  if (info.exact_bones > 0 && info.exact_bones != bones) {
    char text[96];
    std::snprintf(text, sizeof(text), "needs exactly %d bones; this chain has %d", info.exact_bones, bones);
    return text;
  }
  return "";
}

// Every solver of the table, one row each: the ones compared with their stop reason,
// iterations and error; the others greyed, saying why not. Display names, as the combo.
void draw_compare_table(const Editor& editor, int c) {
  const ik::Params& params = editor.document.chains[static_cast<size_t>(c)].params;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable("compare", 4, flags)) return;
  // Names and results share the room (a narrow panel elides both in the middle, whole on
  // hover): a fixed column for the longest name left "unreachable" three letters.
  ImGui::TableSetupColumn("solver", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("result", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("it", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("999").x);
  ImGui::TableSetupColumn("error", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("8.8e+08").x);
  ImGui::TableHeadersRow();
  for (int k = 0; k < ik::solver_count(); ++k) {
    const ik::SolverInfo& info = ik::solver_table()[k];
    const ComparisonRun* run = nullptr;
    for (const ComparisonRun& r : editor.inspection.comparison)
      if (r.solver == k) run = &r;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const glm::vec3 col = ik::solver_colour(k);
    const bool refused = run == nullptr || run->result.status == ik::SolveStatus::invalid_input;
    const std::string shown = elide_to_width(info.name, ImGui::GetContentRegionAvail().x);
    if (refused)
      ImGui::TextDisabled("%s", shown.c_str());
    else
      ImGui::TextColored(ImVec4(col.r, col.g, col.b, 1.0f), "%s", shown.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", info.name, info.summary);
    ImGui::TableNextColumn();
    if (run == nullptr) {
      const std::string why = why_not_compared(editor, c, k);
      ImGui::TextDisabled("%s", elide_to_width("skipped", ImGui::GetContentRegionAvail().x).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", why.c_str());
      continue;
    }
    const StopReason reason = describe_stop(info, params, run->result, run->reading, editor.document.rig.skeleton);
    // A narrow panel: the word gives way in the middle rather than running into the next
    // column (the whole of it, and why, on hover).
    const std::string word = refused ? "refused" : reason.status;
    ImGui::TextColored(stop_colour(reason.partial, run->result.status), "%s",
                       elide_to_width(word, ImGui::GetContentRegionAvail().x).c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s %s%s%s", reason.status.c_str(), reason.parts.c_str(), reason.parts.empty() ? "" : "\n",
                        reason.detail.c_str());
    if (refused) continue;
    ImGui::TableNextColumn();
    ImGui::Text("%d", run->result.iterations);
    ImGui::TableNextColumn();
    ImGui::Text("%.1e", run->result.error);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("error %.6g after %d iterations, %.1f us", run->result.error, run->result.iterations,
                        run->microseconds);
  }
  ImGui::EndTable();
}

void disabled_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace

float draw_comparison(const Editor& editor, int c) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return 0.0f;
  disabled_wrapped(
      "Every solver from the rest pose of the chain, with this chain's parameters; each result is drawn as a "
      "ghost in its colour.");
  draw_compare_table(editor, c);
  const float table_bottom = ImGui::GetItemRectMax().y;
  std::vector<PlotSeries> series;
  for (const ComparisonRun& run : editor.inspection.comparison)
    if (run.result.status != ik::SolveStatus::invalid_input && run.errors.size() >= 1)
      series.push_back({&run.errors, solver_imgui_colour(run.solver), ik::solver_table()[run.solver].name,
                        ik::solver_line_style(run.solver)});
  if (!series.empty()) draw_error_plot(series, -1, chain_tolerance(editor, c));
  return table_bottom;
}

void draw_convergence(const Editor& editor, int c) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const float tolerance = chain_tolerance(editor, c);
  if (editor.inspection.compare_mode) {
    draw_comparison(editor, c);
    return;
  }
  // The chain's own solver refused it this frame: say why, and no stale curve.
  const bool solved = c < static_cast<int>(editor.solve.frame.results.size());
  if (solved && chain.enabled &&
      editor.solve.frame.results[static_cast<size_t>(c)].status == ik::SolveStatus::invalid_input &&
      chain.solver >= 0 && chain.solver < ik::solver_count()) {
    const ik::SolverInfo& info = ik::solver_table()[chain.solver];
    const std::string why = why_not_compared(editor, c, chain.solver);
    const std::string text = std::string(info.name) + " refused this chain" + (why.empty() ? "." : ": " + why + ".");
    ImGui::TextColored(status_colour(ik::SolveStatus::invalid_input), "%s", text.c_str());
    return;
  }
  bool is_explicit = false;
  const ik::Trace* inspected = inspected_trace(editor, c, &is_explicit);
  if (inspected == nullptr) return;
  const ik::Trace& trace = *inspected;
  if (trace.error.size() < 2) {
    ImGui::TextDisabled("No iterations yet: drag the goal, or Solve from rest.");
    return;
  }
  const int last = static_cast<int>(trace.error.size()) - 1;
  const char* name =
      chain.solver >= 0 && chain.solver < ik::solver_count() ? ik::solver_table()[chain.solver].name : "?";
  std::vector<PlotSeries> series = {{&trace.error, solver_imgui_colour(chain.solver), name}};
  // A goal with an orientation: its two parts as well, each in its own grey and line style
  // (the error is their sum), so a stall reads as the position's or the orientation's.
  std::vector<float> position, orientation;
  if (goal_parts_per_iteration(editor, c, trace, position, orientation) && position.size() == trace.error.size()) {
    series.push_back({&position, IM_COL32(225, 225, 225, 255), "position part", 1});
    series.push_back({&orientation, IM_COL32(150, 150, 150, 255), "orientation part (weight x rad)", 2});
  }
  draw_error_plot(series, editor.inspection.step_mode ? editor.inspection.iteration : -1, tolerance);
  char caption[160];
  std::snprintf(
      caption, sizeof(caption), "error after each iteration of %s (%d; iteration 0 = before it)",
      is_explicit ? "the last explicit solve (Solve from rest)" : "the current frame's last solve that iterated", last);
  disabled_wrapped(caption);
}

}  // namespace app
