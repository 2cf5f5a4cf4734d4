// The Motion panel: the motion analysis (solvers/scene/motion_analysis.h) in the program. Choose
// the source -- the timeline's clip over a chain (the goal is the chain's animated
// effector), or one of the editor's goal paths (recorded, or from a session) -- and it
// replays that through every solver that accepts the chain (warm start on, and off if
// asked, drift if asked), side by side: a plot over time per solver in the solver colours
// (error, pop, jitter, drift, iterations or us: a selector), the timeline's current time
// marked, and a summary table sortable by any column. Clicking a plot point, or a row (its
// worst frame of the plotted series), jumps the timeline to that frame and draws the other
// solvers' poses at that frame as ghosts in their colours. Export writes the table and the
// per-frame series as CSV (io/report/motion_report.h), atomically.
//
// Reruns: the result belongs to the chain's inputs (parameters such as lambda and
// iterations, limits, pole) as they were when it ran. When they change, it reruns at once
// if the last run took under kLiveRerunMs, else the panel says it is stale and offers
// Rerun.
//
// Files: this header and motion_panel.cpp (state, running, export, state-out), without a
// window; app/ui/motion_panel_view.h draws it (the plot, the table).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/report/motion_series.h"
#include "solvers/anim/goal_path.h"
#include "solvers/scene/motion_analysis.h"

namespace app {

struct Editor;
struct GhostPose;

inline constexpr double kLiveRerunMs = 50.0;

struct MotionPanel {
  bool open = false;
  bool use_goal_path = false;            // source: a goal path of the session; else the timeline's clip
  int goal_path = 0;                     // index into goal_paths
  std::vector<ik::GoalPath> goal_paths;  // the editor's goal paths (recorded or from a session)
  std::vector<int> goal_path_chains;     // per goal path: the chain it was recorded on
  bool warm_start = true;                // runs with warm start on
  bool from_rest = false;                // runs with warm start off
  bool drift = false;                    // warm runs also solved from rest (drift)
  ik::MotionSeries series = ik::MotionSeries::error;  // plotted

  // The last analysis and what it was of.
  ik::MotionAnalysis analysis;
  ik::MotionTrack track;
  bool has_result = false;
  std::string problem;       // why the last run could not start ("" = none)
  double last_run_ms = 0.0;  // wall time of the last run
  int chain = -1;            // the chain it ran on (index into editor.document.chains)
  std::string chain_name;
  ik::Chain analysed_chain;  // that chain's inputs as they were
  bool analysed_clean_feet = false;                 // ... the timeline's clean_feet as it was
  ik::Ground analysed_ground;                       // ... the document's ground
  std::vector<ik::FootContacts> analysed_contacts;  // ... and the clip's contacts
  int rig_generation = -1;
  int clip = -1;               // the timeline clip it ran on (clip source)
  bool stale = false;          // the inputs changed and the last run was too slow to redo live
  int ghost_frame = -1;        // the frame whose ghosts are drawn (-1 = none)
  std::vector<int> row_order;  // the table's rows (runs) in the sorted order
};

// Opens the panel; with `run`, runs the analysis now on chain `chain_name` (a chain's name
// or effector joint; empty: the selected chain, else the first enabled limb chain).
void open_motion_panel(Editor& editor, const std::string& chain_name, bool run);

// Runs the analysis with the panel's choices on its chain; the status line says how it went.
void run_motion_analysis(Editor& editor);

// Once a frame while the panel is open: a new rig drops the old result (it names joints the
// rig no longer has); a change of the chain's inputs reruns at once when the last run took
// under kLiveRerunMs, else marks the result stale.
void refresh_motion_panel(Editor& editor);

// Moves the ghosts (and, for a clip source, the timeline) to `frame` of the last run.
void jump_to_motion_frame(Editor& editor, int frame);

// The frame where run `r`'s plotted series is largest (its worst).
int motion_worst_frame(const MotionPanel& panel, int r);

// Writes BASE_summary.csv (the table) and BASE_series.csv (per frame and run), atomically;
// the status line says where, or what went wrong.
void export_motion_csv(Editor& editor, const std::string& base);

// The ghosts at the panel's ghost frame: every run but the chain's own solver's warm run,
// each as bone segments and joints in model space, and its solver index; with the feet
// cleaned up, also the chain as the clip has it at that frame (solver -1: the "before").
void motion_ghosts(const Editor& editor, std::vector<GhostPose>& ghosts, std::vector<int>& solvers);

// For --state-out: whether the panel is open and, after a run, the source, chain, frames,
// time per run, and per run its solver, warm start and summary.
nlohmann::json motion_panel_json(const Editor& editor);

}  // namespace app
