// The plots of a motion analysis (solvers/scene/motion_analysis.h) as a PNG, drawn without a
// window by the CPU rasteriser (io/report/plot_raster.h): what `ikscope --analyse ... --report
// FILE.md` writes beside the report as FILE.png, the same series the Motion panel plots.
//
// Layout, top to bottom: a title (the source and the chain), a legend (one entry per run:
// a line in the solver's colour, its display name, "(from rest)" for warm start off), then
// one panel per series, all runs overlaid in their solver colours over the same time axis
// (seconds of the source's time line): error on a log axis with a tick per decade, the
// others linear from 0 with ticks at 1, 2 or 5 times a power of ten. Flip frames are
// marked with a short tick in the run's colour along the top of the pop panel.
#pragma once

#include <string>
#include <vector>

#include "io/report/motion_series.h"
#include "io/report/plot_raster.h"

namespace ik {

// The tick step for an axis spanning `range` with about `wanted` intervals: 1, 2 or 5
// times a power of ten (0 for a range that is not finite and positive).
float nice_tick_step(float range, int wanted);

// The plots, `width` pixels wide (at least 320); the height follows from the number of
// series. `title` is drawn at the top (empty: none).
RgbaImage render_motion_plots(const MotionReport& report, const std::vector<MotionSeries>& series,
                              const std::string& title, int width = 1200);

// The series the PNG shows: error, pop, jitter, and drift when a run measured it.
std::vector<MotionSeries> default_plot_series(const MotionReport& report);

// `report_path` with its extension replaced by ".png".
std::string motion_plots_path(const std::string& report_path);

// Renders and writes the PNG atomically (io/files/atomic_file.h). False with a one-line message
// naming the file.
bool write_motion_plots_png(const std::string& path, const MotionReport& report, const std::string& title,
                            std::string& error);

}  // namespace ik
