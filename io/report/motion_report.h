// A motion analysis (solvers/scene/motion_analysis.h) as files: a Markdown report with the
// summary table per solver run, the per-frame series as CSV beside it, and the plots of
// those series as a PNG beside it (io/report/motion_plot_png.h), which the report shows.
//
// The Markdown report: a title naming the source and the chain, a line with the frame
// count, rate and where the CSV is, what each column means, and the table
//
//   | Solver | Warm start | Max pop (deg) | Flips | Jitter RMS (deg) | Max jitter (deg) |
//   | Mean error | Max error | Mean us | Mean iterations | Max drift |
//
// (one row per run, in the report's order; "-" for a drift that was not measured).
//
// The CSV, one row per frame and run (long format, so a script can filter by solver):
//   frame,time,solver,warm_start,error,iterations,us,pop_deg,flip,jitter_deg,drift,drift_error,
//   foot_slide
// solver is the SolverInfo::id ("dls"), warm_start and flip are 0 / 1; foot_slide is the
// planted effector's slide (MotionFrame::foot_slide), 0 on other frames and chains. The same columns
// are what the program's "Export CSV" writes.
//
// The summary as data (FILE.json beside the report): {"source": ..., "chain": ...,
// "frames": N, "frame_rate": R, "clip": {foot skate of the clip as it is, or null},
// "runs": [{"solver": "dls", "warm_start": true, "max_pop_deg", "flips", "jitter_rms_deg",
// "mean_error", "max_error", "mean_us", "mean_iterations", "max_drift" (null when not
// measured), "skate": {...} or null}]}, a
// foot skate being {"skate_ratio", "planted_drift_mm", "penetration_mm", "lift_mm", "level_ratio",
// "sole_ratio" (heel and toe on the floor), "sole_depth_mm" (the heel or toe below it), "plant_speed_ratio"
// (the clip's: "plant_speed_deg_s"), "contact_error_mm" (null without places to stand: not a retargeted clip),
// "planted_frames"} (millimetres: glTF's metres).
#pragma once

#include <string>

#include "solvers/anim/skeleton.h"
#include "solvers/scene/motion_analysis.h"

namespace ik {

// The summary table alone (Markdown), one row per run.
std::string motion_summary_markdown(const MotionReport& report);

// The whole Markdown report. `chain_name` names the chain in the title; `csv_name` is the
// CSV's file name as the report should mention it (empty: no mention); `png_name` the
// plots' (empty: no image), shown under the table.
std::string motion_report_markdown(const MotionReport& report, const Skeleton& skeleton, const std::string& chain_name,
                                   const std::string& csv_name, const std::string& png_name = "");

// The per-frame series (see above).
std::string motion_series_csv(const MotionReport& report);

// The summary table as CSV: solver,warm_start,max_pop_deg,flips,jitter_rms_deg,
// max_jitter_deg,mean_error,max_error,mean_us,mean_iterations,max_drift.
std::string motion_summary_csv(const MotionReport& report);

// The summary as data (see above), two-space indented.
std::string motion_summary_json(const MotionReport& report, const std::string& chain_name);

// `report_path` with its extension replaced by ".csv" ("out/r.md" -> "out/r.csv").
std::string motion_series_path(const std::string& report_path);

// `report_path` with its extension replaced by ".json".
std::string motion_summary_json_path(const std::string& report_path);

// Writes the Markdown report to `report_path`, the series to motion_series_path() of it,
// the summary as data to motion_summary_json_path() of it and the plots to
// motion_plots_path() of it (io/report/motion_plot_png.h), each atomically
// (io/files/atomic_file.h). False with a one-line message naming the file.
bool write_motion_report(const std::string& report_path, const MotionReport& report, const Skeleton& skeleton,
                         const std::string& chain_name, std::string& error);

}  // namespace ik
