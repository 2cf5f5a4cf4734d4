// Index:
//   source         the chain, the editor's goal paths, the track
//   run            run_motion_analysis, the live rerun when the chain's inputs change
//   frames         jump to a frame (timeline and ghosts), the ghosts
//   table          the summary, sortable by any column; a row jumps to its worst frame
//   panel          draw_motion_panel: source, runs, series, plot, table, export
//   state-out      motion_panel_json
#include "app/motion_panel.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/editor.h"
#include "app/motion_batch.h"
#include "app/panels.h"
#include "io/atomic_file.h"
#include "io/motion_report.h"
#include "io/motion_series.h"
#include "io/session.h"
#include "solvers/solver_table.h"
#include "solvers/suggest_chains.h"

namespace app {
namespace {

// ---- Source -------------------------------------------------------------------------------

bool valid_chain(const Editor& editor, int c) { return c >= 0 && c < static_cast<int>(editor.chains.size()); }

// The goal paths the editor holds (recorded, or loaded with a session: app/goal_recorder.h),
// copied when the panel opens or runs.
void load_goal_paths(Editor& editor) {
  MotionPanel& m = editor.motion;
  m.goal_paths.clear();
  m.goal_path_chains.clear();
  for (const ik::SessionGoalPath& p : editor.goal_paths) {
    m.goal_paths.push_back(p.path);
    m.goal_path_chains.push_back(p.chain);
  }
}

// The chain to analyse: a goal path's own chain, else the selected chain, else the last one,
// else the first enabled limb chain.
int choose_chain(const Editor& editor, const std::string& name) {
  const MotionPanel& m = editor.motion;
  if (!name.empty()) return pick_motion_chain(editor.rig, editor.chains, name, -1);
  if (m.use_goal_path && m.goal_path >= 0 && m.goal_path < static_cast<int>(m.goal_path_chains.size()) &&
      valid_chain(editor, m.goal_path_chains[static_cast<size_t>(m.goal_path)]))
    return m.goal_path_chains[static_cast<size_t>(m.goal_path)];
  if (valid_chain(editor, editor.selected_chain)) return editor.selected_chain;
  if (valid_chain(editor, m.chain)) return m.chain;
  return pick_motion_chain(editor.rig, editor.chains, "", -1);
}

// The inputs a solve reads from the chain besides the goal position (which the track sets).
bool same_inputs(const ik::Chain& a, const ik::Chain& b) {
  const ik::Params &p = a.params, &q = b.params;
  return a.root == b.root && a.effector == b.effector && p.max_iterations == q.max_iterations &&
         p.tolerance == q.tolerance && p.tolerance_relative == q.tolerance_relative && p.lambda == q.lambda &&
         p.finite_difference == q.finite_difference && p.fd_step == q.fd_step && p.max_step_angle == q.max_step_angle &&
         p.use_limits == q.use_limits && p.orientation_weight == q.orientation_weight && p.damping == q.damping &&
         p.mass == q.mass && p.constraint_iterations == q.constraint_iterations && a.goal.use_pole == b.goal.use_pole &&
         a.goal.pole_target == b.goal.pole_target && a.goal.pole_twist == b.goal.pole_twist &&
         a.goal.use_orientation == b.goal.use_orientation;
}

const char* solver_name(int solver) {
  return solver >= 0 && solver < ik::solver_count() ? ik::solver_table()[solver].name : "?";
}

ImVec4 solver_imvec(int solver) {
  const glm::vec3 c = ik::solver_colour(solver);
  return ImVec4(c.r, c.g, c.b, 1.0f);
}

// ---- Frames -------------------------------------------------------------------------------

void jump_to_frame(Editor& editor, int frame) {
  MotionPanel& m = editor.motion;
  const ik::MotionReport& report = m.analysis.report();
  if (!m.has_result || frame < 0 || frame >= static_cast<int>(report.times.size())) return;
  m.ghost_frame = frame;
  // A clip source shares the timeline's time line: show the clip at that frame.
  if (!m.use_goal_path && editor.timeline.clip == m.clip) {
    editor.timeline.playing = false;
    set_time(editor, report.times[static_cast<size_t>(frame)]);
  }
}

// The frame where run `r`'s plotted series is largest (its worst).
int worst_frame(const MotionPanel& m, int r) {
  const ik::MotionRun& run = m.analysis.report().runs[static_cast<size_t>(r)];
  const auto series = static_cast<ik::MotionSeries>(m.series);
  int best = 0;
  for (size_t f = 0; f < run.frames.size(); ++f)
    if (ik::motion_series_value(run.frames[f], series) >
        ik::motion_series_value(run.frames[static_cast<size_t>(best)], series))
      best = static_cast<int>(f);
  return best;
}

// ---- Table --------------------------------------------------------------------------------

enum Column { kSolver, kWarm, kPop, kFlips, kJitter, kMeanError, kMaxError, kMicroseconds, kDrift, kColumns };

float sort_key(const ik::MotionRun& run, int column) {
  const ik::MotionSummary& s = run.summary;
  switch (column) {
    case kWarm:
      return run.warm_start ? 1.0f : 0.0f;
    case kPop:
      return s.max_pop_degrees;
    case kFlips:
      return static_cast<float>(s.flips);
    case kJitter:
      return s.rms_jitter_degrees;
    case kMeanError:
      return s.mean_error;
    case kMaxError:
      return s.max_error;
    case kMicroseconds:
      return s.mean_microseconds;
    case kDrift:
      return s.max_drift_distance;
    default:
      return static_cast<float>(run.solver);
  }
}

void sort_rows(MotionPanel& m, const ImGuiTableSortSpecs* specs) {
  const std::vector<ik::MotionRun>& runs = m.analysis.report().runs;
  m.row_order.resize(runs.size());
  for (size_t r = 0; r < runs.size(); ++r) m.row_order[r] = static_cast<int>(r);
  if (specs == nullptr || specs->SpecsCount == 0) return;
  const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
  const int column = static_cast<int>(spec.ColumnUserID);
  const bool ascending = spec.SortDirection == ImGuiSortDirection_Ascending;
  std::stable_sort(m.row_order.begin(), m.row_order.end(), [&](int a, int b) {
    const ik::MotionRun &ra = runs[static_cast<size_t>(a)], &rb = runs[static_cast<size_t>(b)];
    if (column == kSolver) {
      const int order = std::string(solver_name(ra.solver)).compare(solver_name(rb.solver));
      return ascending ? order < 0 : order > 0;
    }
    return ascending ? sort_key(ra, column) < sort_key(rb, column) : sort_key(ra, column) > sort_key(rb, column);
  });
}

void draw_table(Editor& editor) {
  MotionPanel& m = editor.motion;
  const std::vector<ik::MotionRun>& runs = m.analysis.report().runs;
  const bool any_drift = std::any_of(runs.begin(), runs.end(), [](const ik::MotionRun& r) { return r.has_drift; });
  const int columns = any_drift ? kColumns : kColumns - 1;
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
  const float table_height = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing();
  if (!ImGui::BeginTable("motion_summary", columns, flags, ImVec2(0.0f, table_height))) return;
  static const char* const kHeaders[kColumns] = {"solver",   "warm",    "pop deg", "flips",    "jitter deg",
                                                 "mean err", "max err", "us",      "max drift"};
  ImGui::TableSetupScrollFreeze(1, 1);
  // The solver's name whole (the longest display name), the numbers as wide as their headers.
  float name_width = 0.0f;
  for (const ik::MotionRun& run : runs)
    name_width = std::max(name_width, ImGui::CalcTextSize((std::string(solver_name(run.solver)) + "  ").c_str()).x);
  for (int c = 0; c < columns; ++c)
    ImGui::TableSetupColumn(kHeaders[c], ImGuiTableColumnFlags_WidthFixed, c == kSolver ? name_width : 0.0f,
                            static_cast<ImGuiID>(c));
  ImGui::TableHeadersRow();
  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  if (specs != nullptr && (specs->SpecsDirty || m.row_order.size() != runs.size())) {
    sort_rows(m, specs);
    specs->SpecsDirty = false;
  }
  for (size_t row = 0; row < m.row_order.size(); ++row) {
    const int r = m.row_order[row];
    const ik::MotionRun& run = runs[static_cast<size_t>(r)];
    const ik::MotionSummary& s = run.summary;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(r);
    ImGui::PushStyleColor(ImGuiCol_Text, solver_imvec(run.solver));
    if (ImGui::Selectable(solver_name(run.solver), false, ImGuiSelectableFlags_SpanAllColumns))
      jump_to_frame(editor, worst_frame(m, r));
    ImGui::PopStyleColor();
    if (row == 0) remember_rect(editor, "motion_first_row");  // for the e2e test's click
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Click: jump to its worst frame of the plotted series (frame %d)", worst_frame(m, r));
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(run.warm_start ? "on" : "off");
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", static_cast<double>(s.max_pop_degrees));
    ImGui::TableNextColumn();
    if (s.flips > 0)
      ImGui::TextColored(ImVec4(0.95f, 0.55f, 0.35f, 1.0f), "%d", s.flips);
    else
      ImGui::TextUnformatted("0");
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", static_cast<double>(s.rms_jitter_degrees));
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", static_cast<double>(s.mean_error));
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", static_cast<double>(s.max_error));
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", static_cast<double>(s.mean_microseconds));
    if (any_drift) {
      ImGui::TableNextColumn();
      if (run.has_drift)
        ImGui::Text("%.3g", static_cast<double>(s.max_drift_distance));
      else
        ImGui::TextDisabled("-");
    }
  }
  ImGui::EndTable();
}

// ---- Export -------------------------------------------------------------------------------

void export_csv(Editor& editor, const std::string& base) {
  const ik::MotionReport& report = editor.motion.analysis.report();
  const std::string table = base + "_summary.csv", series = base + "_series.csv";
  std::string error;
  if (write_file_atomically(table, ik::motion_summary_csv(report), error) &&
      write_file_atomically(series, ik::motion_series_csv(report), error))
    set_status(editor, "Motion analysis: wrote " + table + " and " + series, false);
  else
    set_status(editor, error, true);
}

}  // namespace

// ---- Run ----------------------------------------------------------------------------------

void open_motion_panel(Editor& editor, const std::string& chain_name, bool run) {
  MotionPanel& m = editor.motion;
  m.open = true;
  load_goal_paths(editor);
  // A rig without clips has only the session's goal paths to replay.
  if (!has_clips(editor) && !m.goal_paths.empty()) m.use_goal_path = true;
  if (!run) return;
  m.chain = choose_chain(editor, chain_name);
  if (!chain_name.empty() && m.chain < 0) {
    set_status(editor, "--chain '" + chain_name + "': the rig has no such chain", true);
    return;
  }
  if (m.chain >= 0) select_chain(editor, m.chain);  // the Chains panel shows the chain analysed
  run_motion_analysis(editor);
}

void run_motion_analysis(Editor& editor) {
  MotionPanel& m = editor.motion;
  m.has_result = m.stale = false;
  m.ghost_frame = -1;
  m.problem.clear();
  m.row_order.clear();
  load_goal_paths(editor);
  if (!editor.has_rig) return;
  const int c = choose_chain(editor, "");
  if (!valid_chain(editor, c)) {
    m.problem = "no chain to analyse: add or select one in the Chains panel";
    return;
  }
  m.chain = c;
  const ik::Chain& chain = editor.chains[static_cast<size_t>(c)];
  m.chain_name = ik::chain_name(editor.rig.skeleton, chain);
  m.rig_generation = editor.rig_generation;
  m.clip = editor.timeline.clip;
  const ik::Pose rest = ik::rest_pose(editor.rig.skeleton);
  std::string problem;
  if (m.use_goal_path) {
    if (m.goal_path < 0 || m.goal_path >= static_cast<int>(m.goal_paths.size()))
      problem = "no goal path: record one (T) or open a session that has some";
    else
      problem = ik::track_from_goal_path(m.goal_paths[static_cast<size_t>(m.goal_path)], 60.0f, 0, ik::PathWrap::clamp,
                                         m.track);
  } else if (m.clip < 0 || m.clip >= static_cast<int>(editor.rig.clips.size())) {
    problem = "the rig has no clip: choose a goal path as the source";
  } else {
    problem = ik::track_from_clip(editor.rig.skeleton, rest, editor.rig.clips[static_cast<size_t>(m.clip)],
                                  chain.effector, editor.timeline.frame_rate, 0, m.track);
  }
  if (!m.track.has_orientation || !chain.goal.use_orientation) m.track.has_orientation = false;
  ik::MotionOptions options;
  options.warm_start = m.warm_start;
  options.from_rest = m.from_rest;
  options.drift = m.drift;
  if (problem.empty() && !m.warm_start && !m.from_rest) problem = "choose warm start on, off, or both";
  const auto t0 = std::chrono::steady_clock::now();
  if (problem.empty()) problem = m.analysis.start(editor.rig.skeleton, chain, rest, m.track, options);
  if (problem.empty()) m.analysis.run();
  m.last_run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  m.analysed_chain = chain;
  if (!problem.empty()) {
    m.problem = "Motion analysis on chain " + m.chain_name + ": " + problem;
    set_status(editor, m.problem, true);
    return;
  }
  m.has_result = true;
  char text[256];
  std::snprintf(text, sizeof text, "Motion analysis: %s on chain %s, %zu frames x %zu runs in %.1f ms",
                m.track.source.c_str(), m.chain_name.c_str(), m.track.times.size(), m.analysis.report().runs.size(),
                m.last_run_ms);
  set_status(editor, text, false);
}

void motion_ghosts(const Editor& editor, std::vector<GhostPose>& ghosts, std::vector<int>& solvers) {
  ghosts.clear();
  solvers.clear();
  const MotionPanel& m = editor.motion;
  if (!m.open || !m.has_result || m.ghost_frame < 0 || m.rig_generation != editor.rig_generation) return;
  const ik::MotionReport& report = m.analysis.report();
  const size_t joints = report.path.size();
  const int own = valid_chain(editor, m.chain) ? editor.chains[static_cast<size_t>(m.chain)].solver : -1;
  for (const ik::MotionRun& run : report.runs) {
    if (run.solver == own && run.warm_start) continue;  // the figure itself
    const size_t first = static_cast<size_t>(m.ghost_frame) * joints;
    if (first + joints > run.positions.size()) continue;
    GhostPose ghost;
    for (size_t k = 0; k < joints; ++k) {
      ghost.joints.push_back(run.positions[first + k]);
      if (k > 0) {
        ghost.bone_segments.push_back(run.positions[first + k - 1]);
        ghost.bone_segments.push_back(run.positions[first + k]);
      }
    }
    ghosts.push_back(std::move(ghost));
    solvers.push_back(run.solver);
  }
}

// ---- Panel --------------------------------------------------------------------------------

void draw_motion_panel(Editor& editor, float x, float y, float width, float height) {
  MotionPanel& m = editor.motion;
  if (!m.open) return;
  // A new rig: the old result names joints it no longer has.
  if (m.rig_generation != editor.rig_generation) {
    m.has_result = false;
    m.ghost_frame = -1;
    m.rig_generation = editor.rig_generation;
  }
  // The chain's inputs changed (a parameter dragged): rerun live when it is quick enough.
  if (m.has_result && valid_chain(editor, m.chain) &&
      !same_inputs(editor.chains[static_cast<size_t>(m.chain)], m.analysed_chain)) {
    if (m.last_run_ms < kLiveRerunMs)
      run_motion_analysis(editor);
    else
      m.stale = true;
  }
  const float panel_height = std::floor(height * 0.5f);
  ImGui::SetNextWindowPos(ImVec2(x, y + height - panel_height), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(width, panel_height), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Motion analysis", &m.open)) {
    ImGui::End();
    return;
  }
  remember_rect(editor, "motion_window");
  // Source and runs: one row.
  const float em = ImGui::GetFontSize();
  int source = m.use_goal_path ? 1 : 0;
  ImGui::SetNextItemWidth(em * 8.0f);
  if (ImGui::Combo("##source", &source, "Timeline clip\0Goal path\0")) m.use_goal_path = source == 1;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Timeline clip: the goal is the chain's animated effector at every frame of the clip.\n"
        "Goal path: a recorded goal path (T records one; sessions keep them).");
  if (m.use_goal_path) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 8.0f);
    const char* preview = m.goal_path < static_cast<int>(m.goal_paths.size())
                              ? m.goal_paths[static_cast<size_t>(m.goal_path)].name.c_str()
                              : "(none recorded)";
    if (ImGui::BeginCombo("##path", preview)) {
      for (size_t p = 0; p < m.goal_paths.size(); ++p)
        if (ImGui::Selectable(m.goal_paths[p].name.c_str(), static_cast<int>(p) == m.goal_path))
          m.goal_path = static_cast<int>(p);
      ImGui::EndCombo();
    }
  }
  ImGui::SameLine();
  ImGui::Checkbox("warm", &m.warm_start);
  ImGui::SameLine();
  ImGui::Checkbox("from rest", &m.from_rest);
  ImGui::SameLine();
  ImGui::Checkbox("drift", &m.drift);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Warm runs also solve every frame from rest and measure the difference");
  ImGui::SameLine();
  const bool highlight = m.stale;
  if (highlight) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.45f, 0.15f, 1.0f));
  if (ImGui::Button(m.has_result ? "Rerun" : "Run")) run_motion_analysis(editor);
  if (highlight) ImGui::PopStyleColor();
  remember_rect(editor, "motion_run");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 13.0f);
  ImGui::Combo("plotted", &m.series,
               "error (scene units, log)\0pop (deg)\0jitter (deg)\0drift (scene units)\0iterations\0solve time (us)\0");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The series plotted");

  if (!m.problem.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", m.problem.c_str());
  if (!m.has_result) {
    if (m.problem.empty())
      ImGui::TextDisabled(
          "Run replays the source through every solver that accepts the chain (selected chain, "
          "else the first limb).");
    ImGui::End();
    return;
  }
  const ik::MotionReport& report = m.analysis.report();
  ImGui::TextDisabled("%s on chain %s: %zu frames, %zu runs, %.1f ms%s", report.source.c_str(), m.chain_name.c_str(),
                      report.times.size(), report.runs.size(), m.last_run_ms,
                      m.stale ? " -- stale: the chain changed, Rerun" : "");

  const bool shares_timeline = !m.use_goal_path && editor.timeline.clip == m.clip;
  const int clicked = draw_motion_plot(m, shares_timeline ? editor.timeline.time : NAN);
  if (clicked >= 0) jump_to_frame(editor, clicked);
  draw_table(editor);
  // Export: the table and the per-frame series, beside the path typed here.
  static char export_base[256] = "motion_analysis";
  if (ImGui::Button("Export CSV")) export_csv(editor, export_base);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Writes %s_summary.csv (the table) and %s_series.csv (per frame and run)", export_base,
                      export_base);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 14.0f);
  ImGui::InputText("##csv", export_base, sizeof export_base);
  ImGui::SameLine();
  ImGui::TextDisabled("_summary.csv, _series.csv");
  ImGui::End();
}

// ---- State-out ----------------------------------------------------------------------------

nlohmann::json motion_panel_json(const Editor& editor) {
  const MotionPanel& m = editor.motion;
  nlohmann::json out = {{"open", m.open}, {"has_result", m.has_result}, {"problem", m.problem}};
  if (!m.has_result) return out;
  const ik::MotionReport& report = m.analysis.report();
  out["source"] = report.source;
  out["chain"] = m.chain_name;
  out["frames"] = report.times.size();
  out["run_ms"] = m.last_run_ms;
  out["stale"] = m.stale;
  out["ghost_frame"] = m.ghost_frame;
  nlohmann::json runs = nlohmann::json::array();
  for (const ik::MotionRun& run : report.runs) {
    const ik::MotionSummary& s = run.summary;
    runs.push_back({{"solver", ik::solver_table()[run.solver].id},
                    {"warm_start", run.warm_start},
                    {"max_pop_deg", s.max_pop_degrees},
                    {"flips", s.flips},
                    {"jitter_rms_deg", s.rms_jitter_degrees},
                    {"mean_error", s.mean_error},
                    {"max_error", s.max_error},
                    {"mean_us", s.mean_microseconds},
                    {"max_drift", run.has_drift ? nlohmann::json(s.max_drift_distance) : nlohmann::json(nullptr)}});
  }
  out["runs"] = std::move(runs);
  return out;
}

}  // namespace app
