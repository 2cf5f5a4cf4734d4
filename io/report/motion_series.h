// The per-frame series of a motion analysis (solvers/scene/motion_analysis.h) that are plotted:
// their names, units and values, shared by the program's Motion panel and the PNG that
// `--analyse` writes (io/report/motion_plot_png.h), so both plot the same numbers under the same
// names.
#pragma once

#include "solvers/scene/motion_analysis.h"

namespace ik {

enum class MotionSeries { error, pop, jitter, drift, iterations, microseconds, foot_slide };
inline constexpr int kMotionSeriesCount = 7;

// "error", "pop", ... (lower case, for menus and file names).
const char* motion_series_name(MotionSeries series);
// The axis title with its unit: "error (scene units)", "pop (deg)".
const char* motion_series_title(MotionSeries series);
// The frame's value of the series.
float motion_series_value(const MotionFrame& frame, MotionSeries series);
// Errors span decades (1e-7 converged, 1e-1 unreachable): they are plotted on a log axis.
bool motion_series_is_log(MotionSeries series);
// The smallest value a log axis shows (an error of exactly 0 is drawn there).
inline constexpr float kMotionLogFloor = 1e-7f;

}  // namespace ik
