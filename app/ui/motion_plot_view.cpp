// The Motion panel's plot (app/editor/motion_panel.h): one series of every run over time, in the
// solver colours and line styles (solver_table.h) with a legend under it, drawn with ImDrawList like the error plot
// (app/ui/error_plot.cpp): axes and labels outside the plot area, a log axis with a tick per decade for errors, ticks
// at 1, 2 or 5 times a power of ten otherwise (io/report/motion_plot_png.h's nice_tick_step, so the PNG of --analyse
// and the panel agree), the timeline's time as a white line, the ghost frame as a dashed one, flips as ticks along the
// top in the run's colour, and hover to read every run's value at a frame. A click returns the frame under the mouse.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/editor/motion_panel.h"
#include "app/ui/motion_panel_view.h"
#include "app/ui/plot_lines.h"
#include "io/report/motion_plot_png.h"
#include "io/report/motion_series.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

ImU32 solver_u32(int solver) {
  const glm::vec3 c = ik::solver_colour(solver);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

std::string run_name(const ik::MotionRun& run) {
  const std::string name = ik::solver_table()[run.solver].name;
  return run.warm_start ? name : name + " (from rest)";
}

// The legend's height under a plot `width` points wide: its entries flowing over rows.
float motion_legend_height(const ik::MotionReport& report, float width) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
  float x = 0.0f, rows = 1.0f;
  for (const ik::MotionRun& run : report.runs) {
    const float w = legend_entry_width(run_name(run).c_str());
    if (x > 0.0f && x + spacing + w > width) {
      rows += 1.0f;
      x = 0.0f;
    }
    x += (x > 0.0f ? spacing : 0.0f) + w;
  }
  return rows * ImGui::GetTextLineHeightWithSpacing();
}

}  // namespace

int draw_motion_plot(const MotionPanel& panel, float marker_time) {
  const ik::MotionReport& report = panel.analysis.report();
  const ik::MotionSeries series = panel.series;
  const bool log_axis = ik::motion_series_is_log(series);
  const size_t frames = report.times.size();
  if (frames == 0 || report.runs.empty()) return -1;

  // The data's extent and the axes.
  float lo = INFINITY, hi = -INFINITY;
  for (const ik::MotionRun& run : report.runs)
    for (const ik::MotionFrame& f : run.frames) {
      const float v = ik::motion_series_value(f, series);
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
  float axis_lo = 0.0f, axis_hi = 1.0f, step = 0.25f;
  if (log_axis) {
    const float smallest = std::max(std::isfinite(lo) ? lo : 1e-3f, ik::kMotionLogFloor);
    axis_lo = std::floor(std::log10(smallest));
    axis_hi = std::max(std::ceil(std::log10(std::max(std::isfinite(hi) ? hi : 1.0f, smallest))), axis_lo + 1.0f);
    step = std::max(1.0f, std::ceil((axis_hi - axis_lo) / 4.0f));
  } else if (hi > 0.0f && std::isfinite(hi)) {
    step = ik::nice_tick_step(hi * 1.05f, 4);
    axis_hi = std::ceil(hi * 1.05f / step) * step;
  }
  const float t0 = report.times.front(), t1 = frames > 1 ? report.times.back() : t0 + 1.0f;

  // The frame: labels' width on the left, a line of time labels below.
  const float line = ImGui::GetTextLineHeight(), tick = 4.0f, gap = 3.0f;
  char text[32];
  float label_width = 0.0f;
  auto label_of = [&](float v) {
    if (log_axis)
      std::snprintf(text, sizeof text, "%s", v == 0.0f ? "1" : ("1e" + std::to_string(static_cast<int>(v))).c_str());
    else
      std::snprintf(text, sizeof text, "%g", static_cast<double>(v));
    return std::string(text);
  };
  for (float v = axis_lo; v <= axis_hi + step * 0.01f; v += step)
    label_width = std::max(label_width, ImGui::CalcTextSize(label_of(v).c_str()).x);
  const float width = ImGui::GetContentRegionAvail().x;
  const float height =
      std::max(line * 5.0f, std::floor(ImGui::GetContentRegionAvail().y - motion_legend_height(report, width)));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float x0 = origin.x + label_width + tick + gap, x1 = origin.x + width - line * 1.2f;
  const float y0 = origin.y + line * 0.6f, y1 = origin.y + height - line - tick - gap;
  ImGui::InvisibleButton("##motion_plot", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  bool first = true;
  for (const ik::MotionRun& run : report.runs)
    legend_entry(run_name(run).c_str(), solver_u32(run.solver), ik::solver_line_style(run.solver), true,
                 origin.x + width, first);
  if (x1 - x0 < 20.0f || y1 - y0 < 20.0f) return -1;
  auto x_of = [&](float t) { return x0 + (t - t0) / (t1 - t0) * (x1 - x0); };
  auto y_of = [&](float v) {
    const float a = log_axis ? std::log10(std::max(v, ik::kMotionLogFloor)) : v;
    return std::clamp(y1 - (a - axis_lo) / (axis_hi - axis_lo) * (y1 - y0), y0, y1);
  };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 axis_colour = ImGui::GetColorU32(ImGuiCol_TextDisabled), text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 grid_colour = IM_COL32(255, 255, 255, 22);
  dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), ImGui::GetColorU32(ImGuiCol_FrameBg));
  for (float v = axis_lo; v <= axis_hi + step * 0.01f; v += step) {
    const float y = y1 - (v - axis_lo) / (axis_hi - axis_lo) * (y1 - y0);
    dl->AddLine(ImVec2(x0, y), ImVec2(x1, y), grid_colour);
    dl->AddLine(ImVec2(x0 - tick, y), ImVec2(x0, y), axis_colour);
    const std::string label = label_of(v);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    dl->AddText(ImVec2(x0 - tick - gap - size.x, y - size.y * 0.5f), text_colour, label.c_str());
  }
  const float t_step = ik::nice_tick_step(t1 - t0, std::max(2, static_cast<int>((x1 - x0) / (line * 5.0f))));
  for (float t = std::ceil(t0 / t_step) * t_step; t_step > 0.0f && t <= t1 + t_step * 1e-3f; t += t_step) {
    const float x = x_of(t);
    dl->AddLine(ImVec2(x, y1), ImVec2(x, y1 + tick), axis_colour);
    std::snprintf(text, sizeof text, "%g s", static_cast<double>(std::round(t / t_step) * t_step));
    const ImVec2 size = ImGui::CalcTextSize(text);
    dl->AddText(ImVec2(x - size.x * 0.5f, y1 + tick + 1.0f), text_colour, text);
  }
  dl->AddLine(ImVec2(x0, y0), ImVec2(x0, y1), axis_colour);
  dl->AddLine(ImVec2(x0, y1), ImVec2(x1, y1), axis_colour);

  dl->PushClipRect(ImVec2(x0, y0), ImVec2(x1 + 1.0f, y1 + 1.0f), true);
  if (std::isfinite(marker_time)) {
    const float x = x_of(marker_time);
    dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), IM_COL32(255, 255, 255, 140), 1.5f);
  }
  if (panel.ghost_frame >= 0 && panel.ghost_frame < static_cast<int>(frames)) {
    const float x = x_of(report.times[static_cast<size_t>(panel.ghost_frame)]);
    for (float y = y0; y < y1; y += 8.0f)
      dl->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 4.0f, y1)), IM_COL32(255, 230, 120, 200), 1.5f);
  }
  std::vector<ImVec2> points;
  for (const ik::MotionRun& run : report.runs) {
    points.clear();
    for (size_t f = 0; f < run.frames.size() && f < frames; ++f)
      points.emplace_back(x_of(report.times[f]), y_of(ik::motion_series_value(run.frames[f], series)));
    add_styled_polyline(dl, points.data(), static_cast<int>(points.size()), solver_u32(run.solver),
                        ik::solver_line_style(run.solver), 1.5f);
    for (size_t f = 0; f < run.frames.size() && f < frames; ++f)
      if (run.frames[f].flip)
        dl->AddLine(ImVec2(points[f].x, y0), ImVec2(points[f].x, y0 + line * 0.6f), solver_u32(run.solver), 3.0f);
  }
  // Hover: the nearest frame, each run's point ringed, the values.
  int frame_under_mouse = -1;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && mouse.x >= x0 - 4.0f && mouse.x <= x1 + 4.0f) {
    const float t = t0 + (std::clamp(mouse.x, x0, x1) - x0) / (x1 - x0) * (t1 - t0);
    const auto it = std::lower_bound(report.times.begin(), report.times.end(), t);
    size_t f = static_cast<size_t>(std::min<std::ptrdiff_t>(it - report.times.begin(), frames - 1));
    if (f > 0 && t - report.times[f - 1] < report.times[f] - t) --f;
    frame_under_mouse = static_cast<int>(f);
    const float x = x_of(report.times[f]);
    dl->AddLine(ImVec2(x, y0), ImVec2(x, y1), IM_COL32(255, 255, 255, 60));
    ImGui::BeginTooltip();
    ImGui::Text("frame %zu, %.3f s (click: jump there, ghosts of the other solvers)", f,
                static_cast<double>(report.times[f]));
    for (const ik::MotionRun& run : report.runs) {
      if (f >= run.frames.size()) continue;
      const float v = ik::motion_series_value(run.frames[f], series);
      dl->AddCircle(ImVec2(x, y_of(v)), 4.0f, solver_u32(run.solver), 12, 1.5f);
      ImGui::PushStyleColor(ImGuiCol_Text, solver_u32(run.solver));
      ImGui::Text("%s: %.4g%s", run_name(run).c_str(), static_cast<double>(v), run.frames[f].flip ? "  (flip)" : "");
      ImGui::PopStyleColor();
    }
    ImGui::EndTooltip();
  }
  dl->PopClipRect();
  return clicked ? frame_under_mouse : -1;
}

}  // namespace app
