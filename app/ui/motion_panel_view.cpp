// The Motion analysis panel on screen (its state and runs: app/editor/motion_panel.h):
// source, runs, the series plotted (motion_plot_view.cpp), the summary table sortable by any
// column (a row jumps to its worst frame), the CSV export.
//
// Index: table (columns, sort keys, cells, the clip-as-it-is row), panel (a dock under the
//        view: on the left source, runs, Clean up feet, table; on the right the plotted
//        series and the export, the plot and its legend)
#include "app/ui/motion_panel_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/editor/editor.h"
#include "app/editor/motion_panel.h"
#include "app/editor/timeline.h"
#include "app/ui/panel_layout.h"
#include "app/ui/panels.h"
#include "solvers/anim/foot_skate.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

const char* solver_name(int solver) {
  return solver >= 0 && solver < ik::solver_count() ? ik::solver_table()[solver].name : "?";
}

ImVec4 solver_imvec(int solver) {
  const glm::vec3 c = ik::solver_colour(solver);
  return ImVec4(c.r, c.g, c.b, 1.0f);
}

// ---- Table --------------------------------------------------------------------------------

enum Column {
  kSolver,
  kWarm,
  kPop,
  kFlips,
  kJitter,
  kMeanError,
  kMaxError,
  kMicroseconds,
  kDrift,
  kSkate,
  kPlantEnds,
  kPlantDrift,
  kPenetration,
  kLift,
  kLevel,
  kSole,
  kColumns
};

// The foot skate columns (solvers/anim/foot_skate.h), the clip's own row and every run's.
bool is_skate_column(int column) { return column >= kSkate && column <= kSole; }

// A foot skate measure in the table's units: percent, millimetres (glTF's metres).
float skate_value(const ik::FootSkate& s, int column) {
  switch (column) {
    case kSkate:
      return 100.0f * s.skate_ratio;
    case kPlantDrift:
      return 1000.0f * s.planted_drift;
    case kPenetration:
      return 1000.0f * s.penetration;
    case kLift:
      return 1000.0f * s.lift;
    case kLevel:
      return 100.0f * s.level_ratio;
    case kSole:
      return 100.0f * s.sole_ratio;
    default:
      return 0.0f;
  }
}

// `format` with its one %g filled by `value` (a tooltip naming one of foot_skate.h's constants).
std::string with_value(const char* format, float value) {
  char text[160];
  std::snprintf(text, sizeof text, format, static_cast<double>(value));
  return text;
}

// What a column measures (a header's tooltip; the report's words, io/report/motion_report.cpp).
std::string column_tip(int column) {
  switch (column) {
    case kPop:
      return "The largest change of a joint's rotation from one frame to the next";
    case kFlips:
      return "Frames where the bend plane turned by more than 90 degrees, or the chain bent against its pole";
    case kJitter:
      return "RMS over the joints of the second difference of their rotations";
    case kMeanError:
    case kMaxError:
      return std::string("Effector to goal after the solve, ") + (column == kMeanError ? "the mean" : "the largest") +
             " over the frames (scene units)";
    case kMicroseconds:
      return "Mean solve time a frame (microseconds)";
    case kDrift:
      return "The largest joint distance between the warm-started pose and a solve from rest";
    case kSkate:
      return with_value("Share of planted frames where the foot slides faster than %g leg lengths a second",
                        ik::kSkateSpeed);
    case kPlantEnds:
      return with_value("The chain's peak joint speed within %g s of a plant's start or end, over the clip's own there",
                        ik::kPlantBlend);
    case kPlantDrift:
      return "The largest distance the foot moves during one plant";
    case kPenetration:
      return "How far the foot goes below the ground while planted, the largest";
    case kLift:
      return "How far the foot lifts off the ground while planted, the largest";
    case kLevel:
      return with_value("Share of planted frames in which the foot's up is within %g degrees of the ground's normal",
                        ik::kLevelDegrees);
    case kSole:
      return with_value("Share of planted frames with heel and toe each within %g leg lengths of the floor",
                        ik::kSoleGap);
    default:
      return "";
  }
}

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
    case kPlantEnds:
      return s.plant_speed_ratio;
    default:
      return is_skate_column(column) ? skate_value(s.skate, column) : static_cast<float>(run.solver);
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

// One cell of a run's row.
void draw_cell(const ik::MotionRun& run, int column) {
  const ik::MotionSummary& s = run.summary;
  switch (column) {
    case kWarm:
      ImGui::TextUnformatted(run.warm_start ? "on" : "off");
      break;
    case kFlips:
      if (s.flips > 0)
        ImGui::TextColored(ImVec4(0.95f, 0.55f, 0.35f, 1.0f), "%d", s.flips);
      else
        ImGui::TextUnformatted("0");
      break;
    case kDrift:
      if (run.has_drift)
        ImGui::Text("%.3g", static_cast<double>(s.max_drift_distance));
      else
        ImGui::TextDisabled("-");
      break;
    case kPop:
    case kMicroseconds:
      ImGui::Text("%.2f", static_cast<double>(sort_key(run, column)));
      break;
    case kJitter:
      ImGui::Text("%.3f", static_cast<double>(s.rms_jitter_degrees));
      break;
    case kPlantEnds:
      ImGui::Text("%.2f", static_cast<double>(s.plant_speed_ratio));
      break;
    default:
      if (is_skate_column(column)) {
        ImGui::Text("%.1f", static_cast<double>(sort_key(run, column)));
        break;
      }
      ImGui::Text("%.3g", static_cast<double>(sort_key(run, column)));
  }
}

void draw_table(Editor& editor) {
  MotionPanel& m = editor.motion;
  const ik::MotionReport& report = m.analysis.report();
  const std::vector<ik::MotionRun>& runs = report.runs;
  const bool any_drift = std::any_of(runs.begin(), runs.end(), [](const ik::MotionRun& r) { return r.has_drift; });
  // A chain ending at a foot puts the foot's measures first (what Clean up feet is judged
  // by: in sight without scrolling the table), then the solve's.
  std::vector<int> order(kColumns);
  for (int c = 0; c < kColumns; ++c) order[static_cast<size_t>(c)] = c;
  if (report.has_source_skate)
    std::stable_partition(order.begin(), order.end(), [](int c) { return c == kSolver || is_skate_column(c); });
  std::vector<int> shown;
  for (int c : order)
    if ((c != kDrift || any_drift) && (!is_skate_column(c) || report.has_source_skate) &&
        (c != kPlantEnds || report.source_plant_speed > 0.0f))
      shown.push_back(c);
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
  const float table_height = std::max(ImGui::GetFrameHeight() * 3.0f, ImGui::GetContentRegionAvail().y);
  if (!ImGui::BeginTable("motion_summary", static_cast<int>(shown.size()), flags, ImVec2(0.0f, table_height))) return;
  static const char* const kHeaders[kColumns] = {
      "solver",    "warm",    "pop deg", "flips",    "jitter deg", "mean err", "max err", "us",
      "max drift", "skate %", "ends x",  "drift mm", "below mm",   "lift mm",  "level %", "heel+toe %"};
  ImGui::TableSetupScrollFreeze(1, 1);
  // The solver's name whole (the longest display name), the numbers as wide as their headers.
  float name_width = ImGui::CalcTextSize("clip as it is  ").x;
  for (const ik::MotionRun& run : runs)
    name_width = std::max(name_width, ImGui::CalcTextSize((std::string(solver_name(run.solver)) + "  ").c_str()).x);
  for (int c : shown)
    ImGui::TableSetupColumn(kHeaders[c], ImGuiTableColumnFlags_WidthFixed, c == kSolver ? name_width : 0.0f,
                            static_cast<ImGuiID>(c));
  // The headers, each with what its column measures on hover.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    ImGui::TableSetColumnIndex(i);
    ImGui::PushID(i);
    ImGui::TableHeader(kHeaders[shown[static_cast<size_t>(i)]]);
    const std::string tip = column_tip(shown[static_cast<size_t>(i)]);
    if (!tip.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip.c_str());
    if (shown[static_cast<size_t>(i)] == kSole) remember_rect(editor, "motion_sole_header");  // e2e: in sight
    ImGui::PopID();
  }
  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  if (specs != nullptr && (specs->SpecsDirty || m.row_order.size() != runs.size())) {
    sort_rows(m, specs);
    specs->SpecsDirty = false;
  }
  if (report.has_source_skate) {  // the clip's own feet, before any solver (and cleanup)
    ImGui::TableNextRow();
    for (int c : shown) {
      ImGui::TableNextColumn();
      if (c == kSolver) {
        ImGui::TextUnformatted("clip as it is");
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("The effector's foot skate in the clip itself: what a cleanup starts from");
      } else if (is_skate_column(c) && c != kPlantEnds) {
        ImGui::Text("%.1f", static_cast<double>(skate_value(report.source_skate, c)));
      } else if (c == kPlantEnds) {
        ImGui::TextUnformatted("1.00");
      } else {
        ImGui::TextDisabled("-");
      }
    }
  }
  for (size_t row = 0; row < m.row_order.size(); ++row) {
    const int r = m.row_order[row];
    const ik::MotionRun& run = runs[static_cast<size_t>(r)];
    ImGui::TableNextRow();
    for (int c : shown) {
      ImGui::TableNextColumn();
      if (c != kSolver) {
        draw_cell(run, c);
        continue;
      }
      ImGui::PushID(r);
      ImGui::PushStyleColor(ImGuiCol_Text, solver_imvec(run.solver));
      if (ImGui::Selectable(solver_name(run.solver), false, ImGuiSelectableFlags_SpanAllColumns))
        jump_to_motion_frame(editor, motion_worst_frame(m, r));
      ImGui::PopStyleColor();
      if (row == 0) remember_rect(editor, "motion_first_row");  // for the e2e test's click
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Click: jump to its worst frame of the plotted series (frame %d)", motion_worst_frame(m, r));
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace

// ---- Panel --------------------------------------------------------------------------------

void draw_motion_panel(Editor& editor, float x, float y, float width, float height) {
  MotionPanel& m = editor.motion;
  if (!m.open) return;
  refresh_motion_panel(editor);
  if (!begin_motion_dock(editor, ImVec2(x, y), ImVec2(width, height))) {
    ImGui::End();
    return;
  }
  const float em = ImGui::GetFontSize();
  // The table's side, then the plot's.
  ImGui::BeginChild("##motion_table_side", ImVec2(std::floor(ImGui::GetContentRegionAvail().x * 0.56f), 0.0f));
  editor.ui.widget_rects["motion_table_side"] = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                                 ImGui::GetWindowWidth(), ImGui::GetWindowHeight()};
  // Source and runs: one row.
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
    if (begin_combo_fitted("##path", preview)) {
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
  if (!m.use_goal_path) {
    ImGui::SameLine();
    ImGui::Checkbox("Clean up feet", &editor.timeline.clean_feet);  // the timeline's, shared
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "A chain ending at a foot: hold the feet still during their plants (the timeline's\n"
          "contacts), the hips lowered where the legs need it, and measure how well each solver\n"
          "keeps the foot there (the same switch as the timeline's Clean up)");
    remember_rect(editor, "motion_clean_feet");
  }
  ImGui::SameLine();
  const bool highlight = m.stale;
  if (highlight) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.45f, 0.15f, 1.0f));
  if (ImGui::Button(m.has_result ? "Rerun" : "Run")) run_motion_analysis(editor);
  if (highlight) ImGui::PopStyleColor();
  remember_rect(editor, "motion_run");

  if (!m.problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    ImGui::TextWrapped("%s", m.problem.c_str());
    ImGui::PopStyleColor();
  }
  if (m.has_result) {
    const ik::MotionReport& report = m.analysis.report();
    char summary[512];
    std::snprintf(summary, sizeof summary, "%s on chain %s: %zu frames, %zu runs, %.1f ms%s", report.source.c_str(),
                  m.chain_name.c_str(), report.times.size(), report.runs.size(), m.last_run_ms,
                  m.stale ? " -- stale: the chain changed, Rerun" : "");
    bool elided = false;
    ImGui::TextDisabled("%s", elide_to_width(summary, ImGui::GetContentRegionAvail().x, &elided).c_str());
    if (elided && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", summary);
    draw_table(editor);
  } else if (m.problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Run replays the source through every solver that accepts the chain (selected chain, else the first limb).");
    ImGui::PopStyleColor();
  }
  ImGui::EndChild();

  ImGui::SameLine();
  ImGui::BeginChild("##motion_plot_side", ImVec2(0.0f, 0.0f));
  ImGui::SetNextItemWidth(std::min(em * 13.0f, ImGui::GetContentRegionAvail().x * 0.6f));
  int series = static_cast<int>(m.series);
  if (ImGui::Combo("plotted", &series,
                   "error (scene units, log)\0pop (deg)\0jitter (deg)\0drift (scene units)\0iterations\0solve time "
                   "(us)\0planted foot slide (units/s)\0"))
    m.series = static_cast<ik::MotionSeries>(series);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The series plotted");
  if (m.has_result) {
    // Export: the table and the per-frame series, beside the path typed here (on the plot's
    // row, so the table below the controls keeps every row in sight).
    static char export_base[256] = "motion_analysis";
    same_line_if_fits(button_width("Export CSV"));
    if (ImGui::Button("Export CSV")) export_motion_csv(editor, export_base);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Writes %s_summary.csv (the table) and %s_series.csv (per frame and run)", export_base,
                        export_base);
    // The path whole where there is room for it (else on the next line).
    const float path_width =
        std::max(em * 6.0f, ImGui::CalcTextSize(export_base).x + ImGui::GetStyle().FramePadding.x * 2.0f + em);
    same_line_if_fits(path_width);
    ImGui::SetNextItemWidth(std::max(path_width, std::min(em * 10.0f, ImGui::GetContentRegionAvail().x)));
    ImGui::InputText("##csv", export_base, sizeof export_base);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Written as %s_summary.csv and %s_series.csv", export_base, export_base);
    const bool shares_timeline = !m.use_goal_path && editor.timeline.clip == m.clip;
    const int clicked = draw_motion_plot(m, shares_timeline ? editor.timeline.time : NAN);
    if (clicked >= 0) jump_to_motion_frame(editor, clicked);
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace app
