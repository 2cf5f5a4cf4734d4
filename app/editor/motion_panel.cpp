// Index:
//   source         the chain, the editor's goal paths, the inputs a run depends on
//   frames         jump to a frame (timeline and ghosts), the ghosts
//   export         the table and the series as CSV
//   run            open, run, the ghosts, the rerun when the chain's inputs change
//   state-out      motion_panel_json
// (The panel on screen: app/ui/motion_panel_view.cpp.)
#include "app/editor/motion_panel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/motion_batch.h"
#include "io/files/atomic_file.h"
#include "io/report/motion_report.h"
#include "io/report/motion_series.h"
#include "io/session/session.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

// ---- Source -------------------------------------------------------------------------------

bool valid_chain(const Editor& editor, int c) { return c >= 0 && c < static_cast<int>(editor.document.chains.size()); }

// The goal paths the editor holds (recorded, or loaded with a session: app/editor/goal_recorder.h),
// copied when the panel opens or runs.
void load_goal_paths(Editor& editor) {
  MotionPanel& m = editor.motion;
  m.goal_paths.clear();
  m.goal_path_chains.clear();
  for (const ik::SessionGoalPath& p : editor.document.goal_paths) {
    m.goal_paths.push_back(p.path);
    m.goal_path_chains.push_back(p.chain);
  }
}

// The chain to analyse: a goal path's own chain, else the selected chain, else the last one,
// else the first enabled limb chain.
int choose_chain(const Editor& editor, const std::string& name) {
  const MotionPanel& m = editor.motion;
  if (!name.empty()) return pick_motion_chain(editor.document.rig, editor.document.chains, name, -1);
  if (m.use_goal_path && m.goal_path >= 0 && m.goal_path < static_cast<int>(m.goal_path_chains.size()) &&
      valid_chain(editor, m.goal_path_chains[static_cast<size_t>(m.goal_path)]))
    return m.goal_path_chains[static_cast<size_t>(m.goal_path)];
  if (valid_chain(editor, editor.selection.chain)) return editor.selection.chain;
  if (valid_chain(editor, m.chain)) return m.chain;
  return pick_motion_chain(editor.document.rig, editor.document.chains, "", -1);
}

// The inputs a solve reads from the chain besides the goal position (which the track sets):
// the joints, every parameter of the parameter table, the pole and whether the goal has an
// orientation.
bool same_inputs(const ik::Chain& a, const ik::Chain& b) {
  if (a.root != b.root || a.effector != b.effector || a.goal.use_pole != b.goal.use_pole ||
      a.goal.pole_target != b.goal.pole_target || a.goal.pole_twist != b.goal.pole_twist ||
      a.goal.auto_pole != b.goal.auto_pole || a.goal.use_orientation != b.goal.use_orientation)
    return false;
  return ik::same_params(a.params, b.params);
}

// The contacts of clip `clip` (none without it). A reference: the panel compares them every
// frame.
const std::vector<ik::FootContacts>& clip_contacts(const Editor& editor, int clip) {
  static const std::vector<ik::FootContacts> kNone;
  const ContactsState& c = editor.document.contacts;
  return clip >= 0 && static_cast<size_t>(clip) < c.clips.size() ? c.clips[static_cast<size_t>(clip)] : kNone;
}

}  // namespace

// ---- Frames -------------------------------------------------------------------------------

void jump_to_motion_frame(Editor& editor, int frame) {
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

int motion_worst_frame(const MotionPanel& m, int r) {
  const ik::MotionRun& run = m.analysis.report().runs[static_cast<size_t>(r)];
  const ik::MotionSeries series = m.series;
  int best = 0;
  for (size_t f = 0; f < run.frames.size(); ++f)
    if (ik::motion_series_value(run.frames[f], series) >
        ik::motion_series_value(run.frames[static_cast<size_t>(best)], series))
      best = static_cast<int>(f);
  return best;
}

// ---- Export -------------------------------------------------------------------------------

void export_motion_csv(Editor& editor, const std::string& base) {
  const ik::MotionReport& report = editor.motion.analysis.report();
  const std::string table = base + "_summary.csv", series = base + "_series.csv";
  std::string error;
  if (write_file_atomically(table, ik::motion_summary_csv(report), error) &&
      write_file_atomically(series, ik::motion_series_csv(report), error))
    set_status(editor, "Motion analysis: wrote " + table + " and " + series, false);
  else
    set_status(editor, error, true);
}

// ---- Run ----------------------------------------------------------------------------------

void open_motion_panel(Editor& editor, const std::string& chain_name, bool run) {
  MotionPanel& m = editor.motion;
  m.open = true;
  load_goal_paths(editor);
  // A rig without clips has only the session's goal paths to replay.
  if (!has_clips(editor) && !m.goal_paths.empty()) m.use_goal_path = true;
  if (!run) return;
  // From the command line (--motion-panel [--chain NAME]): the chain named, else the first
  // enabled limb chain, as --help says (not whichever chain happens to be selected).
  m.chain = chain_name.empty() ? pick_motion_chain(editor.document.rig, editor.document.chains, "", -1)
                               : choose_chain(editor, chain_name);
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
  if (!editor.document.has_rig) return;
  const int c = choose_chain(editor, "");
  if (!valid_chain(editor, c)) {
    m.problem = "no chain to analyse: add or select one in the Chains panel";
    return;
  }
  m.chain = c;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  m.chain_name = shown_chain_name(editor.document.rig.skeleton, chain);
  m.rig_generation = editor.document.rig_generation;
  m.clip = editor.timeline.clip;
  const ik::Pose rest = ik::rest_pose(editor.document.rig.skeleton);
  std::string problem;
  if (m.use_goal_path) {
    if (m.goal_path < 0 || m.goal_path >= static_cast<int>(m.goal_paths.size()))
      problem = "no goal path: record one (T) or open a session that has some";
    else
      problem = ik::track_from_goal_path(m.goal_paths[static_cast<size_t>(m.goal_path)], 60.0f, 0, ik::PathWrap::clamp,
                                         m.track);
  } else if (m.clip < 0 || m.clip >= static_cast<int>(editor.document.rig.clips.size())) {
    problem = "the rig has no clip: choose a goal path as the source";
  } else {
    problem = ik::track_from_clip(editor.document.rig.skeleton, rest, editor.document.rig.clips[static_cast<size_t>(m.clip)],
                                  chain.effector, editor.timeline.frame_rate, 0, m.track);
    // A chain ending at a foot: its plants in this clip, held when cleaning up.
    const ContactsState& contacts = editor.document.contacts;
    const size_t k = static_cast<size_t>(m.clip);
    if (problem.empty() && k < contacts.clips.size() && !m.track.times.empty())
      ik::track_feet(
          m.track, editor.document.rig.skeleton, contacts.joints, contacts.clips[k], contacts.ground_velocity[k],
          chain.effector, editor.timeline.clean_feet, editor.document.ground,
          stand_paths(contacts, k, m.track.times.front(), m.track.frame_rate, static_cast<int>(m.track.times.size())));
  }
  m.analysed_clean_feet = editor.timeline.clean_feet;
  m.analysed_ground = editor.document.ground;
  m.analysed_contacts = clip_contacts(editor, m.clip);
  if (!m.track.has_orientation || !chain.goal.use_orientation) m.track.has_orientation = false;
  ik::MotionOptions options;
  options.warm_start = m.warm_start;
  options.from_rest = m.from_rest;
  options.drift = m.drift;
  if (problem.empty() && !m.warm_start && !m.from_rest) problem = "choose warm start on, off, or both";
  const auto t0 = std::chrono::steady_clock::now();
  if (problem.empty()) problem = m.analysis.start(editor.document.rig.skeleton, chain, rest, m.track, options);
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
  if (!m.open || !m.has_result || m.ghost_frame < 0 || m.rig_generation != editor.document.rig_generation) return;
  const ik::MotionReport& report = m.analysis.report();
  const size_t joints = report.path.size();
  const int own = valid_chain(editor, m.chain) ? editor.document.chains[static_cast<size_t>(m.chain)].solver : -1;
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
  // With the feet cleaned up: the chain as the clip has it at that frame (the "before" of
  // the solvers' "after"), solver -1.
  if (!m.analysed_clean_feet || !report.has_source_skate || m.track.clip == nullptr ||
      static_cast<size_t>(m.ghost_frame) >= m.track.times.size())
    return;
  const ik::Skeleton& skeleton = editor.document.rig.skeleton;
  ik::Pose pose = ik::rest_pose(skeleton);
  ik::sample_clip(*m.track.clip, m.track.times[static_cast<size_t>(m.ghost_frame)], pose);
  std::vector<glm::mat4> world;
  ik::fk_all(skeleton, pose, world);
  GhostPose before;
  for (size_t k = 0; k < joints; ++k) {
    before.joints.push_back(ik::position_of(world[static_cast<size_t>(report.path[k])]));
    if (k > 0) {
      before.bone_segments.push_back(before.joints[k - 1]);
      before.bone_segments.push_back(before.joints[k]);
    }
  }
  ghosts.push_back(std::move(before));
  solvers.push_back(-1);
}

void refresh_motion_panel(Editor& editor) {
  MotionPanel& m = editor.motion;
  // A new rig: the old result names joints it no longer has.
  if (m.rig_generation != editor.document.rig_generation) {
    m.has_result = false;
    m.ghost_frame = -1;
    m.rig_generation = editor.document.rig_generation;
  }
  // The chain's inputs changed (a parameter dragged, the cleanup toggled, a plant edited), or
  // another chain was selected: rerun live when it is quick enough.
  const bool other_chain =
      !m.use_goal_path && valid_chain(editor, editor.selection.chain) && editor.selection.chain != m.chain;
  if (m.has_result && valid_chain(editor, m.chain) &&
      (other_chain || !same_inputs(editor.document.chains[static_cast<size_t>(m.chain)], m.analysed_chain) ||
       editor.timeline.clean_feet != m.analysed_clean_feet ||
       !ik::same_ground(editor.document.ground, m.analysed_ground) ||
       (!m.use_goal_path && !ik::same_contacts(clip_contacts(editor, m.clip), m.analysed_contacts)))) {
    if (m.last_run_ms < kLiveRerunMs)
      run_motion_analysis(editor);
    else
      m.stale = true;
  }
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
  // Per run and for the clip as it is: the --analyse report's summary (io/report/motion_report.h).
  const nlohmann::json summary = nlohmann::json::parse(ik::motion_summary_json(report, m.chain_name));
  out["runs"] = summary.at("runs");
  out["clean_feet"] = m.analysed_clean_feet;
  out["source_skate"] = summary.at("clip");
  return out;
}

}  // namespace app
