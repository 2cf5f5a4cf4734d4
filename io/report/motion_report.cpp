#include "io/report/motion_report.h"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "io/files/atomic_file.h"
#include "io/report/motion_plot_png.h"
#include "solvers/scene/solver_table.h"

namespace ik {
using Json = nlohmann::ordered_json;  // the name io/json/json_read.h gives it (not only a unity neighbour's)

namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// Scene-unit distances: enough digits for millimetres on a metre rig and for the tiny
// errors of converged solves.
std::string distance(float value) { return format("%.3g", static_cast<double>(value)); }

const char* solver_id(int solver) { return solver >= 0 && solver < solver_count() ? solver_table()[solver].id : "?"; }
const char* solver_name(int solver) {
  return solver >= 0 && solver < solver_count() ? solver_table()[solver].name : "?";
}

// Foot skate in a table's units: percent, millimetres (glTF's metres); `plant_speed`, the
// cell of the joint speed at the plants' ends.
std::string skate_cells(const FootSkate& s, bool contact_error, const std::string& plant_speed) {
  return format("%.1f", 100.0 * static_cast<double>(s.skate_ratio)) + " | " + plant_speed + " | " +
         format("%.1f", 1000.0 * static_cast<double>(s.planted_drift)) + " | " +
         format("%.1f", 1000.0 * static_cast<double>(s.penetration)) + " | " +
         format("%.1f", 1000.0 * static_cast<double>(s.lift)) + " | " +
         format("%.1f", 100.0 * static_cast<double>(s.level_ratio)) + " | " +
         format("%.1f", 100.0 * static_cast<double>(s.sole_ratio)) + " | " +
         format("%.1f", 1000.0 * static_cast<double>(s.sole_depth)) +
         (contact_error ? " | " + format("%.1f", 1000.0 * static_cast<double>(s.contact_error)) : "");
}

// The effector's foot skate (solvers/anim/foot_skate.h): the clip's own, then each run's.
std::string skate_markdown(const MotionReport& report) {
  if (!report.has_source_skate) return "";
  const bool places = report.has_contact_places;
  std::string out =
      "\nFoot skate of the effector over its plants (" + std::to_string(report.source_skate.planted_frames) +
      " planted frames): skating frames, the largest drift of the foot during a plant, how far it goes below "
      "the clip's own ground, how far it lifts while planted, and how often it stands level on the ground "
      "(the planted frames in which its up -- its up at rest, as its orientation carries it -- is within 5 degrees of "
      "the "
      "ground's normal) and with heel and toe on the floor (each within 1 cm per 0.9 m of leg of the clip's own "
      "floor under it); sole below: how far its heel or toe goes below that floor while planted; at plant ends: the "
      "chain's peak joint speed within 0.15 s of a plant's start or end "
      "over the clip's own there (" +
      format("%.0f", static_cast<double>(report.source_plant_speed)) + " degrees per second)" +
      (places ? "; the contact error: how far from where the capture's foot stood, carried onto this rig, the "
                "foot stands in a plant (the largest over the plants).\n\n"
              : ".\n\n") +
      "| Solver | Warm start | Skate (%) | At plant ends (x clip) | Planted drift (mm) | Penetration (mm) | "
      "Lift (mm) | Level (%) | Heel and toe (%) | Sole below (mm) |" +
      (places ? " Contact error (mm) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
              : "\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n") +
      "| clip as it is | - | " + skate_cells(report.source_skate, places, "1.00") + " |\n";
  for (const MotionRun& run : report.runs)
    out += "| " + std::string(solver_name(run.solver)) + " | " + (run.warm_start ? "on" : "off") + " | " +
           skate_cells(run.summary.skate, places,
                       report.source_plant_speed > 0.0f ? format("%.2f", run.summary.plant_speed_ratio) : "-") +
           " |\n";
  return out;
}

}  // namespace

std::string motion_summary_markdown(const MotionReport& report) {
  std::string out =
      "| Solver | Warm start | Max pop (deg) | Flips | Jitter RMS (deg) | Max jitter (deg) | Mean error | "
      "Max error | Mean us | Mean iterations | Max drift |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const MotionRun& run : report.runs) {
    const MotionSummary& s = run.summary;
    out += "| " + std::string(solver_name(run.solver)) + " | " + (run.warm_start ? "on" : "off") + " | " +
           format("%.2f", s.max_pop_degrees) + " | " + std::to_string(s.flips) + " | " +
           format("%.3f", s.rms_jitter_degrees) + " | " + format("%.3f", s.max_jitter_degrees) + " | " +
           distance(s.mean_error) + " | " + distance(s.max_error) + " | " + format("%.2f", s.mean_microseconds) +
           " | " + format("%.1f", s.mean_iterations) + " | " +
           (run.has_drift ? distance(s.max_drift_distance) : std::string("-")) + " |\n";
  }
  return out;
}

std::string motion_report_markdown(const MotionReport& report, const Skeleton& skeleton, const std::string& chain_name,
                                   const std::string& csv_name, const std::string& png_name) {
  auto joint_name = [&](int j) {
    return j >= 0 && j < skeleton.joint_count() ? skeleton.name[static_cast<size_t>(j)] : std::string("?");
  };
  const size_t frames = report.times.size();
  const double seconds = frames > 1 ? static_cast<double>(report.times.back() - report.times.front()) : 0.0;
  std::string out = "# Motion analysis: " + report.source + " on chain " + chain_name + "\n\n";
  if (!report.path.empty())
    out += "Chain " + joint_name(report.path.front()) + " -> " + joint_name(report.path.back()) + " (" +
           std::to_string(report.path.size() - 1) + " bones). ";
  out += std::to_string(frames) + " frames at " + format("%g", report.frame_rate) + " frames per second (" +
         format("%.3f", seconds) + " s), every frame solved by each solver that accepts the chain.";
  if (!csv_name.empty()) out += " Per-frame series: [" + csv_name + "](" + csv_name + ").";
  out +=
      "\n\n"
      "Error: effector to goal after the solve (scene units). Pop: the largest change of a joint's rotation "
      "from one frame to the next. Flips: frames where the bend plane (root, middle joint, effector) turned "
      "by more than 90 degrees, or the chain began to bend against its pole. Jitter: RMS over the joints of "
      "the second difference of their rotations. Drift: the largest joint distance between the warm-started "
      "pose and a solve from rest at the same frame (\"-\": not measured).\n\n";
  out += motion_summary_markdown(report);
  out += skate_markdown(report);
  if (!png_name.empty())
    out += "\nPer frame, every solver in its colour (time in seconds; flips are the ticks along the top of the pop "
           "plot):\n\n![Per-frame plots](" + png_name + ")\n";
  return out;
}

std::string motion_series_csv(const MotionReport& report) {
  std::string out =
      "frame,time,solver,warm_start,error,iterations,us,pop_deg,flip,jitter_deg,drift,drift_error,foot_slide\n";
  out.reserve(out.size() + report.times.size() * report.runs.size() * 80);
  char line[256];
  for (size_t f = 0; f < report.times.size(); ++f) {
    for (const MotionRun& run : report.runs) {
      if (f >= run.frames.size()) continue;
      const MotionFrame& m = run.frames[f];
      std::snprintf(line, sizeof line, "%zu,%.6g,%s,%d,%.6g,%d,%.3f,%.6g,%d,%.6g,%.6g,%.6g,%.6g\n", f,
                    static_cast<double>(report.times[f]), solver_id(run.solver), run.warm_start ? 1 : 0,
                    static_cast<double>(m.error), m.iterations, static_cast<double>(m.microseconds),
                    static_cast<double>(m.pop_degrees), m.flip ? 1 : 0, static_cast<double>(m.jitter_degrees),
                    static_cast<double>(m.drift_distance), static_cast<double>(m.drift_error),
                    static_cast<double>(m.foot_slide));
      out += line;
    }
  }
  return out;
}

std::string motion_summary_csv(const MotionReport& report) {
  std::string out =
      "solver,warm_start,max_pop_deg,flips,jitter_rms_deg,max_jitter_deg,mean_error,max_error,mean_us,"
      "mean_iterations,max_drift,skate_ratio,planted_drift,penetration,lift,level_ratio,sole_ratio,sole_depth,"
      "plant_speed_ratio,contact_error\n";
  char line[400];
  for (const MotionRun& run : report.runs) {
    const MotionSummary& s = run.summary;
    std::snprintf(line, sizeof line, "%s,%d,%.6g,%d,%.6g,%.6g,%.6g,%.6g,%.4g,%.4g,%.6g,", solver_id(run.solver),
                  run.warm_start ? 1 : 0, static_cast<double>(s.max_pop_degrees), s.flips,
                  static_cast<double>(s.rms_jitter_degrees), static_cast<double>(s.max_jitter_degrees),
                  static_cast<double>(s.mean_error), static_cast<double>(s.max_error),
                  static_cast<double>(s.mean_microseconds), static_cast<double>(s.mean_iterations),
                  static_cast<double>(s.max_drift_distance));
    out += line;
    if (s.has_skate) {  // the foot skate's columns, empty without a foot
      std::snprintf(line, sizeof line, "%.6g,%.6g,%.6g,%.6g,%.4g,%.4g,%.6g,%.4g,",
                    static_cast<double>(s.skate.skate_ratio), static_cast<double>(s.skate.planted_drift),
                    static_cast<double>(s.skate.penetration), static_cast<double>(s.skate.lift),
                    static_cast<double>(s.skate.level_ratio), static_cast<double>(s.skate.sole_ratio),
                    static_cast<double>(s.skate.sole_depth), static_cast<double>(s.plant_speed_ratio));
      out += line;
      if (report.has_contact_places) {  // the contact error, empty without places to stand
        std::snprintf(line, sizeof line, "%.6g", static_cast<double>(s.skate.contact_error));
        out += line;
      }
      out += "\n";
    } else {
      out += ",,,,,,,,\n";
    }
  }
  return out;
}

namespace {

// `plant_speed`: the run's plant_speed_ratio, or the clip's own speed at plant ends.
Json skate_json(const FootSkate& s, bool contact_error, const char* plant_speed_key, float plant_speed) {
  return {{"skate_ratio", s.skate_ratio},
          {plant_speed_key, plant_speed},
          {"planted_drift_mm", 1000.0f * s.planted_drift},
          {"penetration_mm", 1000.0f * s.penetration},
          {"lift_mm", 1000.0f * s.lift},
          {"level_ratio", s.level_ratio},
          {"sole_ratio", s.sole_ratio},
          {"sole_depth_mm", 1000.0f * s.sole_depth},
          {"contact_error_mm", contact_error ? Json(1000.0f * s.contact_error) : Json(nullptr)},
          {"planted_frames", s.planted_frames}};
}

}  // namespace

std::string motion_summary_json(const MotionReport& report, const std::string& chain_name) {
  Json runs = Json::array();
  for (const MotionRun& run : report.runs) {
    const MotionSummary& s = run.summary;
    runs.push_back({{"solver", solver_id(run.solver)},
                    {"warm_start", run.warm_start},
                    {"max_pop_deg", s.max_pop_degrees},
                    {"flips", s.flips},
                    {"jitter_rms_deg", s.rms_jitter_degrees},
                    {"mean_error", s.mean_error},
                    {"max_error", s.max_error},
                    {"mean_us", s.mean_microseconds},
                    {"mean_iterations", s.mean_iterations},
                    {"max_drift", run.has_drift ? Json(s.max_drift_distance) : Json(nullptr)},
                    {"skate", s.has_skate ? skate_json(s.skate, report.has_contact_places, "plant_speed_ratio",
                                                       s.plant_speed_ratio)
                                          : Json(nullptr)}});
  }
  const Json doc = {{"source", report.source},
                    {"chain", chain_name},
                    {"frames", report.times.size()},
                    {"frame_rate", report.frame_rate},
                    {"clip", report.has_source_skate ? skate_json(report.source_skate, report.has_contact_places,
                                                                  "plant_speed_deg_s", report.source_plant_speed)
                                                     : Json(nullptr)},
                    {"runs", std::move(runs)}};
  return doc.dump(2) + "\n";
}

std::string motion_summary_json_path(const std::string& report_path) {
  return std::filesystem::path(report_path).replace_extension(".json").string();
}

std::string motion_series_path(const std::string& report_path) {
  return std::filesystem::path(report_path).replace_extension(".csv").string();
}

bool write_motion_report(const std::string& report_path, const MotionReport& report, const Skeleton& skeleton,
                         const std::string& chain_name, std::string& error) {
  const std::string csv_path = motion_series_path(report_path);
  if (csv_path == report_path) {
    error = report_path + ": the report needs another extension than .csv (the series is written there)";
    return false;
  }
  const std::string png_path = motion_plots_path(report_path);
  if (png_path == report_path) {
    error = report_path + ": the report needs another extension than .png (the plots are written there)";
    return false;
  }
  const std::string json_path = motion_summary_json_path(report_path);
  if (json_path == report_path) {
    error = report_path + ": the report needs another extension than .json (the summary is written there)";
    return false;
  }
  const std::string csv_name = std::filesystem::path(csv_path).filename().string();
  const std::string png_name = std::filesystem::path(png_path).filename().string();
  return app::write_file_atomically(csv_path, motion_series_csv(report), error) &&
         app::write_file_atomically(json_path, motion_summary_json(report, chain_name), error) &&
         write_motion_plots_png(png_path, report, report.source + " on chain " + chain_name, error) &&
         app::write_file_atomically(report_path,
                                    motion_report_markdown(report, skeleton, chain_name, csv_name, png_name), error);
}

}  // namespace ik
