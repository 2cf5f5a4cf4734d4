#include "app/editor/motion_batch.h"

#include <cstdio>

#include "app/editor/command_line.h"
#include "app/editor/foot_contacts.h"
#include "app/editor/goal_motion.h"
#include "app/editor/motion_import.h"
#include "app/editor/rig_file.h"
#include "io/gltf/gltf_import.h"
#include "io/report/motion_plot_png.h"
#include "io/report/motion_report.h"
#include "io/session/session.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/rig/rig_roles.h"
#include "solvers/rig/role_chains.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/motion_analysis.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

bool ends_with(const std::string& text, const char* suffix) {
  const std::string s(suffix);
  return text.size() >= s.size() && text.compare(text.size() - s.size(), s.size(), s) == 0;
}

bool is_limb(const ik::ImportedRig& rig, const ik::Chain& chain) {
  for (int j : ik::chain_path(rig.skeleton, chain.root, chain.effector)) {
    if (static_cast<size_t>(j) >= rig.roles.size()) continue;
    const ik::Role role = rig.roles[static_cast<size_t>(j)].role;
    if (role == ik::Role::forearm || role == ik::Role::shin) return true;
  }
  return false;
}

}  // namespace

int pick_motion_chain(const ik::ImportedRig& rig, const std::vector<ik::Chain>& chains, const std::string& name,
                      int recorded_on) {
  if (!name.empty()) {
    for (size_t c = 0; c < chains.size(); ++c)
      if (ik::chain_name(rig.skeleton, chains[c]) == name ||
          rig.skeleton.name[static_cast<size_t>(chains[c].effector)] == name)
        return static_cast<int>(c);
    return -1;
  }
  if (recorded_on >= 0) return recorded_on;
  for (size_t c = 0; c < chains.size(); ++c)
    if (chains[c].enabled && is_limb(rig, chains[c])) return static_cast<int>(c);
  for (size_t c = 0; c < chains.size(); ++c)
    if (chains[c].enabled) return static_cast<int>(c);
  return -1;
}

int run_motion_batch(const Options& options, const std::string& default_rig, std::string& error) {
  const std::string file = options.file.empty() ? default_rig : options.file;
  ik::ImportedRig rig;
  ik::Session session;
  if (ends_with(file, ".json")) {
    std::string rig_path;
    if (!ik::read_session_rig_path(file, rig_path, error) || !import_rig_file(rig_path, options.bvh, rig, error) ||
        !ik::load_session(file, rig.skeleton, session, error))
      return 1;
    if (session.version < 2) extras_from_session_version_1(rig, session.chains);
  } else {
    if (!import_rig_file(file, options.bvh, rig, error)) return 1;
    // The chains the program suggests when it opens the rig (from roles, else the shape), so
    // a chain name means the same chain here and in the program.
    const int dls = ik::find_solver("dls");
    session.chains = ik::suggest_rig_chains(rig.skeleton, rig.roles, ik::rest_pose(rig.skeleton), dls >= 0 ? dls : 0);
  }
  RetargetedClip retargeted;  // --retarget SOURCE: its clip on this rig, to analyse by its name
  if (!options.retarget.empty() && !retarget_into(rig, options.retarget, options.source_clip, options.bvh,
                                                  options.retarget_options, retargeted, error))
    return 1;
  const ik::Pose rest = ik::rest_pose(rig.skeleton);
  const std::string& wanted = options.analyse;

  // The source: a goal path of the session, else a clip of the rig.
  const ik::SessionGoalPath* path = nullptr;
  for (const ik::SessionGoalPath& p : session.goal_paths)
    if (p.path.name == wanted && (path == nullptr || options.chain.empty())) path = &p;
  const ik::Clip* clip = nullptr;
  for (const ik::Clip& c : rig.clips)
    if (c.name == wanted) clip = &c;
  if (path == nullptr && clip == nullptr) {
    std::string known;
    for (const ik::SessionGoalPath& p : session.goal_paths) known += (known.empty() ? "" : ", ") + p.path.name;
    for (const ik::Clip& c : rig.clips) known += (known.empty() ? "" : ", ") + c.name;
    error = file + ": --analyse: no goal path or clip named '" + wanted +
            "' (there are: " + (known.empty() ? std::string("none") : known) + ")";
    return 1;
  }
  const int c = pick_motion_chain(rig, session.chains, options.chain, path ? path->chain : -1);
  if (c < 0) {
    error = file + ": --analyse: " +
            (options.chain.empty() ? std::string("the rig has no enabled chain")
                                   : "no chain named '" + options.chain + "'");
    return 1;
  }
  const ik::Chain& chain = session.chains[static_cast<size_t>(c)];
  const std::string chain_name = ik::chain_name(rig.skeleton, chain);

  ik::MotionTrack track;
  std::string problem =
      path ? ik::track_from_goal_path(path->path, 60.0f, 0, ik::PathWrap::clamp, track)
           : ik::track_from_clip(rig.skeleton, rest, *clip, chain.effector, ik::clip_frame_rate(*clip), 0, track);
  if (!track.has_orientation || !chain.goal.use_orientation) track.has_orientation = false;
  // A clip over a chain ending at a foot: the foot's plants (the session's contacts when it
  // has them), its skate measured, held still with --clean-feet.
  const ik::Ground ground = options.has_ground ? options.ground : session.has_ground ? session.ground : ik::Ground{};
  if (problem.empty() && clip != nullptr) {
    ContactsState contacts;
    if (session.has_contacts)  // it finds the clips the session did not edit itself
      problem = contacts_from_session(rig, session.contacts, contacts);
    else
      contacts = detect_rig_contacts(rig);
    if (!options.retarget.empty()) carry_source_contacts(rig, {retargeted}, contacts);
    const size_t k = static_cast<size_t>(clip - rig.clips.data());
    if (problem.empty() && !track.times.empty())
      ik::track_feet(
          track, rig.skeleton, contacts.joints, contacts.clips[k], contacts.ground_velocity[k], chain.effector,
          options.clean_feet, ground,
          stand_paths(contacts, k, track.times.front(), track.frame_rate, static_cast<int>(track.times.size())));
  }
  ik::MotionReport report;
  if (problem.empty()) problem = ik::analyse_motion(rig.skeleton, chain, rest, track, {}, report);
  if (!problem.empty()) {
    error = file + ": --analyse '" + wanted + "' on chain " + chain_name + ": " + problem;
    return 1;
  }
  if (!ik::write_motion_report(options.report, report, rig.skeleton, chain_name, error)) return 1;
  std::printf("ikscope: %s on chain %s: %zu frames, %zu solvers -> %s, %s, %s and %s\n", track.source.c_str(),
              chain_name.c_str(), report.times.size(), report.runs.size(), options.report.c_str(),
              ik::motion_series_path(options.report).c_str(), ik::motion_summary_json_path(options.report).c_str(),
              ik::motion_plots_path(options.report).c_str());
  return 0;
}

}  // namespace app
