// Index:
//   axes           nice_tick_step, the value -> pixel maps, tick labels
//   legend         one entry per run, wrapped to the width
//   panel          one series: frame, grid, ticks, labels, curves, flip marks
//   render/write   render_motion_plots, write_motion_plots_png
#include "io/report/motion_plot_png.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "io/files/atomic_file.h"
#include "solvers/scene/solver_table.h"

namespace ik {
namespace {

// A dark theme, as the program's panels.
const Rgba kBackground{28, 29, 33, 255};
const Rgba kPlotArea{38, 40, 46, 255};
const Rgba kGrid{62, 65, 74, 255};
const Rgba kAxis{140, 144, 152, 255};
const Rgba kText{225, 227, 232, 255};
const Rgba kDimText{160, 164, 172, 255};

constexpr int kScale = 2;  // font units to pixels
constexpr int kPanelHeight = 210;
constexpr int kLeftMargin = 96;
constexpr int kRightMargin = 24;

Rgba colour_of(int solver) {
  const glm::vec3 c = solver_colour(solver);
  auto byte = [](float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return {byte(c.r), byte(c.g), byte(c.b), 255};
}

std::string run_label(const MotionRun& run) {
  const std::string name = run.solver >= 0 && run.solver < solver_count() ? solver_table()[run.solver].name : "?";
  return run.warm_start ? name : name + " (from rest)";
}

std::string number_label(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// ---- Legend -------------------------------------------------------------------------------

int draw_legend(RgbaImage* image, const MotionReport& report, int top, int width) {
  const int line = text_height(kScale) + 10;
  const int swatch = 28, gap = 8, spacing = 26;
  int x = kLeftMargin, y = top;
  for (const MotionRun& run : report.runs) {
    const std::string label = run_label(run);
    const int entry = swatch + gap + text_width(label, kScale);
    if (x > kLeftMargin && x + entry > width - kRightMargin) {
      x = kLeftMargin;
      y += line;
    }
    if (image != nullptr) {
      const float mid = static_cast<float>(y) + static_cast<float>(text_height(kScale)) * 0.45f;
      draw_polyline(*image, {static_cast<float>(x), static_cast<float>(x + swatch)}, {mid, mid}, colour_of(run.solver),
                    3.0f, solver_line_style(run.solver));
      draw_text(*image, static_cast<float>(x + swatch + gap), static_cast<float>(y), label, kText, kScale);
    }
    x += entry + spacing;
  }
  return y + line - top;
}

// ---- One panel ----------------------------------------------------------------------------

void draw_panel(RgbaImage& image, const MotionReport& report, MotionSeries series, int top, int width) {
  const bool log_axis = motion_series_is_log(series);
  const float x0 = kLeftMargin, x1 = static_cast<float>(width - kRightMargin);
  const float y0 = static_cast<float>(top + text_height(kScale) + 10);
  const float y1 = static_cast<float>(top + kPanelHeight - text_height(kScale) - 14);
  draw_text(image, x0, static_cast<float>(top), motion_series_title(series), kText, kScale);
  fill_rect(image, x0, y0, x1, y1, kPlotArea);

  // The data's extent.
  float lo = INFINITY, hi = -INFINITY;
  for (const MotionRun& run : report.runs)
    for (const MotionFrame& f : run.frames) {
      const float v = motion_series_value(f, series);
      if (!std::isfinite(v)) continue;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  float axis_lo = 0.0f, axis_hi = 1.0f;
  if (log_axis) {
    const float smallest = std::max(std::isfinite(lo) ? lo : 1e-3f, kMotionLogFloor);
    const float largest = std::max(std::isfinite(hi) ? hi : 1.0f, smallest);
    axis_lo = std::floor(std::log10(smallest));
    axis_hi = std::max(std::ceil(std::log10(largest)), axis_lo + 1.0f);
  } else {
    const float top_value = std::isfinite(hi) && hi > 0.0f ? hi * 1.05f : 1.0f;
    axis_hi = std::ceil(top_value / nice_tick_step(top_value, 4)) * nice_tick_step(top_value, 4);
  }
  auto y_of = [&](float v) {
    const float a = log_axis ? std::log10(std::max(v, kMotionLogFloor)) : v;
    return y1 - (a - axis_lo) / (axis_hi - axis_lo) * (y1 - y0);
  };
  const float t_first = report.times.empty() ? 0.0f : report.times.front();
  const float t_last = report.times.size() > 1 ? report.times.back() : t_first + 1.0f;
  auto x_of = [&](float t) { return x0 + (t - t_first) / (t_last - t_first) * (x1 - x0); };

  // Y ticks: decades (log), else nice steps; labels right-aligned left of the axis.
  const float half_text = static_cast<float>(text_height(kScale)) * 0.5f;
  if (log_axis) {
    const int step = static_cast<int>(std::max(1.0f, std::ceil((axis_hi - axis_lo) / 5.0f)));
    for (int d = static_cast<int>(axis_lo); d <= static_cast<int>(axis_hi); ++d) {
      const float y = y1 - (static_cast<float>(d) - axis_lo) / (axis_hi - axis_lo) * (y1 - y0);
      draw_line(image, x0, y, x1, y, kGrid);
      draw_line(image, x0 - 6.0f, y, x0, y, kAxis);
      if ((d - static_cast<int>(axis_lo)) % step != 0) continue;
      const std::string label = d == 0 ? "1" : "1e" + std::to_string(d);
      draw_text(image, x0 - 10.0f - static_cast<float>(text_width(label, kScale)), y - half_text, label, kDimText,
                kScale);
    }
  } else {
    const float step = nice_tick_step(axis_hi, 4);
    for (int k = 0; static_cast<float>(k) * step <= axis_hi * 1.0001f; ++k) {
      const float v = static_cast<float>(k) * step, y = y_of(v);
      draw_line(image, x0, y, x1, y, kGrid);
      draw_line(image, x0 - 6.0f, y, x0, y, kAxis);
      const std::string label = number_label(static_cast<double>(v));
      draw_text(image, x0 - 10.0f - static_cast<float>(text_width(label, kScale)), y - half_text, label, kDimText,
                kScale);
    }
  }
  // X ticks: seconds.
  const float t_step = nice_tick_step(t_last - t_first, 8);
  for (float t = std::ceil(t_first / t_step) * t_step; t <= t_last + t_step * 1e-3f; t += t_step) {
    const float x = x_of(t);
    draw_line(image, x, y1, x, y1 + 6.0f, kAxis);
    const std::string label = number_label(static_cast<double>(std::round(t / t_step) * t_step)) + " s";
    draw_text(image, x - static_cast<float>(text_width(label, kScale)) * 0.5f, y1 + 9.0f, label, kDimText, kScale);
  }
  draw_line(image, x0, y0, x0, y1, kAxis);
  draw_line(image, x0, y1, x1, y1, kAxis);

  // Curves, in the report's order (the first run underneath). Frames past the axis (a
  // drift of 0 on no log axis never is) are clamped to the plot's edge.
  std::vector<float> xs, ys;
  for (const MotionRun& run : report.runs) {
    xs.clear();
    ys.clear();
    for (size_t f = 0; f < run.frames.size() && f < report.times.size(); ++f) {
      xs.push_back(x_of(report.times[f]));
      ys.push_back(std::clamp(y_of(motion_series_value(run.frames[f], series)), y0, y1));
    }
    draw_polyline(image, xs, ys, colour_of(run.solver), 1.6f, solver_line_style(run.solver));
    if (series == MotionSeries::pop)  // flips: a tick along the top edge
      for (size_t f = 0; f < run.frames.size() && f < report.times.size(); ++f)
        if (run.frames[f].flip) draw_line(image, xs[f], y0, xs[f], y0 + 12.0f, colour_of(run.solver), 3.0f);
  }
}

}  // namespace

float nice_tick_step(float range, int wanted) {
  if (!(range > 0.0f) || !std::isfinite(range) || wanted < 1) return 0.0f;
  const float raw = range / static_cast<float>(wanted);
  const float decade = std::pow(10.0f, std::floor(std::log10(raw)));
  for (float m : {1.0f, 2.0f, 5.0f, 10.0f})
    if (m * decade >= raw * 0.999f) return m * decade;
  return 10.0f * decade;
}

std::vector<MotionSeries> default_plot_series(const MotionReport& report) {
  std::vector<MotionSeries> out = {MotionSeries::error, MotionSeries::pop, MotionSeries::jitter};
  for (const MotionRun& run : report.runs)
    if (run.has_drift) {
      out.push_back(MotionSeries::drift);
      break;
    }
  if (report.has_source_skate) out.push_back(MotionSeries::foot_slide);  // a chain that ends at a foot
  return out;
}

RgbaImage render_motion_plots(const MotionReport& report, const std::vector<MotionSeries>& series,
                              const std::string& title, int width) {
  width = std::max(width, 320);
  const int title_height = title.empty() ? 0 : text_height(kScale) + 16;
  const int legend_height = draw_legend(nullptr, report, 0, width);
  const int height = 16 + title_height + legend_height + 8 + kPanelHeight * static_cast<int>(series.size()) + 8;
  RgbaImage image(width, height, kBackground);
  int y = 16;
  if (!title.empty()) {
    draw_text(image, 16.0f, static_cast<float>(y), title, kText, kScale);
    y += title_height;
  }
  y += draw_legend(&image, report, y, width) + 8;
  for (MotionSeries s : series) {
    draw_panel(image, report, s, y, width);
    y += kPanelHeight;
  }
  return image;
}

std::string motion_plots_path(const std::string& report_path) {
  return std::filesystem::path(report_path).replace_extension(".png").string();
}

bool write_motion_plots_png(const std::string& path, const MotionReport& report, const std::string& title,
                            std::string& error) {
  const std::string png = encode_png(render_motion_plots(report, default_plot_series(report), title));
  if (png.empty()) {
    error = path + ": could not encode the plots as PNG";
    return false;
  }
  return app::write_file_atomically(path, png, error);
}

}  // namespace ik
