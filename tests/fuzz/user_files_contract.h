// The contract of the readers of the files ikscope writes for the user — sessions
// (io/session/session.h) and the recent-files list (app/editor/recent_files.h) — as the fuzz target
// fuzz_user_files.cpp checks it, one input at a time, against one rig. Header only.
//
// Session, read as "fuzz.session.json" on the rig:
//   * failure: `error` is one line starting "fuzz.session.json: ", the caller's session
//     untouched;
//   * success: every note one line; every chain valid on the rig's rest pose (joints in
//     range, root above the effector, goals finite and in range), a followed joint not at
//     or below the chain's root, one role per joint with no single role twice, every goal
//     path on a loaded chain and well formed, joint limits on the rig's joints with finite
//     ordered ranges and cones within 0..pi, a positive finite camera distance; every extra
//     effector pinned exactly when the file says "pinned": true (absent: unpinned), and one
//     flag per chain, set exactly when the chain says "disabled_by_full_body": true; every
//     full-body setting within its range whatever the "full_body" section holds; foot-contact
//     settings within their ranges, each clip's contacts on rig joints listed once, with
//     plants finite, ordered and apart (solvers/anim/contacts.h); imported motions with a
//     source, a clip named once and units that write back as read; no chain
//     that its solver refuses as invalid input (each solved alone on the rest pose with its
//     goal as stored: every number the reader accepts is one the library accepts); and the
//     enabled chains solve on the rest pose, with those settings in the full-body solver's
//     workspace, to a finite pose;
//   * either way, the "full_body" section costs nothing else: the same document without it
//     loads (or fails) just the same, with as many chains.
// Recent files: every entry one non-empty line, and writing the list then reading it
// back gives the same list. Panel layout (app/editor/panel_layout_file.h): at most one
// warning, one line, naming the file; widths within their limits; writing the layout and
// reading it back gives it again (widths rounded to whole points) with no warning.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "app/editor/panel_layout_file.h"
#include "app/editor/recent_files.h"
#include "io/session/full_body_settings.h"
#include "io/session/session.h"
#include "io/session/session_limits.h"
#include "solvers/anim/goal_path.h"
#include "solvers/anim/ground.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/solver_common.h"
#include "solvers/rig/rig_roles.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

namespace fuzzcheck {

inline bool is_one_line_text(const std::string& text) {
  return !text.empty() && text.find('\n') == std::string::npos && text.find('\r') == std::string::npos;
}

// True if `object` has `key` set to true.
inline bool says_true(const nlohmann::ordered_json& object, const char* key) {
  return object.contains(key) && object.at(key).is_boolean() && object.at(key).get<bool>();
}

// A loaded session's flags against its text (which parsed, since it loaded): extra effector
// e of chain c is pinned exactly when the file's chains[c].extra_effectors[e] says
// "pinned": true, and chain c is marked disabled by full-body mode exactly when chains[c]
// says "disabled_by_full_body": true (one mark per chain). "" when they agree.
inline std::string flags_not_as_in_file(const std::string& text, const ik::Session& session) {
  const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
  if (session.disabled_by_full_body.size() != session.chains.size()) return "not one full-body mark per chain";
  for (std::size_t c = 0; c < session.chains.size(); ++c) {
    if ((session.disabled_by_full_body[c] != 0) != says_true(doc.at("chains").at(c), "disabled_by_full_body"))
      return "chain " + std::to_string(c) + ": disabled_by_full_body is not as in the file";
    const std::vector<ik::EffectorGoal>& extras = session.chains[c].extra_effectors;
    for (std::size_t e = 0; e < extras.size(); ++e) {
      const nlohmann::ordered_json& entry = doc.at("chains").at(c).at("extra_effectors").at(e);
      if (extras[e].pinned != says_true(entry, "pinned"))
        return "chain " + std::to_string(c) + ": extra effector " + std::to_string(e) + " pinned is not as in the file";
    }
  }
  return "";
}

// Full-body settings within their ranges (io/session/full_body_settings.h).
inline bool setting_in_range(float value, ik::SettingRange range) { return value >= range.min && value <= range.max; }
inline bool setting_in_range(bool) { return true; }
inline bool setting_in_range(const ik::RoleStiffness& table, ik::SettingRange range) {
  for (const float value : table)
    if (!setting_in_range(value, range)) return false;
  return true;
}

// "Nothing else lost" (io/session/session_full_body.h): the document without its "full_body"
// section loads exactly when `text` did (`loaded`), with as many chains. "" when it does,
// or when `text` is no JSON object with that key.
inline std::string full_body_section_costs_more(const std::string& text, bool loaded, std::size_t chains,
                                                const ik::Skeleton& skeleton) {
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("full_body")) return "";
  doc.erase("full_body");
  ik::Session without;
  std::string error;
  const std::string again = doc.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  const bool loads =
      ik::load_session_text(again, "fuzz.session.json", "/nonexistent-ikscope-fuzz-folder", skeleton, without, error);
  if (loads != loaded)
    return std::string("the session ") + (loaded ? "loads" : "fails") + " with its full_body section but " +
           (loads ? "loads" : "fails") + " without it" + (loads ? "" : ": " + error);
  if (loads && without.chains.size() != chains) return "the full_body section changed how many chains load";
  return "";
}

// The first loaded chain whose solver refuses it as invalid input, or "". Each chain is solved
// alone on the rest pose, with the loaded full-body settings in the full-body solver's
// workspace, its goal as stored (a goal that follows a joint, the animation or a path, or an
// aim, is taken as the pinned goal the file holds: the offset or the last goal it had), so
// what is checked is the numbers the file gave.
inline std::string chain_refused_by_its_solver(const ik::Skeleton& skeleton, const ik::Session& session) {
  const ik::Pose rest = ik::rest_pose(skeleton);
  for (std::size_t c = 0; c < session.chains.size(); ++c) {
    ik::Chain chain = session.chains[c];
    chain.follow_joint = -1;
    chain.aim = false;
    chain.motion = ik::Chain::Motion::none;
    ik::Workspace workspace;
    ik::apply_full_body_settings(session.full_body, skeleton, session.roles,
                                 ik::scratch_of<ik::FullBodyScratch>(workspace));
    ik::Pose pose = rest;
    const ik::SolverInfo& solver = ik::solver_table()[chain.solver];
    if (solver.solve(skeleton, chain, pose, workspace, nullptr).status == ik::SolveStatus::invalid_input)
      return "chain " + std::to_string(c) + ": loaded, but its solver '" + solver.id + "' refuses it as invalid input";
    // Control points are kept whatever the solver: switching to the spline solver must take them.
    if (!chain.spline_points.empty()) {
      const ik::SolverInfo& spline = ik::solver_table()[ik::find_solver("spline")];
      pose = rest;
      const ik::SolveResult result = spline.solve(skeleton, chain, pose, workspace, nullptr);
      if (result.status == ik::SolveStatus::invalid_input)
        return "chain " + std::to_string(c) + ": loaded, but the spline solver refuses its control points";
      if (!std::isfinite(result.error))
        return "chain " + std::to_string(c) + ": the spline solve's error is not finite";
    }
  }
  return "";
}

// The first broken promise of load_session_text on `text`, or "".
inline std::string session_contract_violation(const std::string& text, const ik::Skeleton& skeleton) {
  const std::string name = "fuzz.session.json";
  ik::Session session;
  session.rig_path = "untouched";
  std::string error;
  std::vector<std::string> notes;
  if (!ik::load_session_text(text, name, "/nonexistent-ikscope-fuzz-folder", skeleton, session, error, &notes)) {
    if (!is_one_line_text(error) || error.rfind(name + ": ", 0) != 0)
      return "error is not one line \"" + name + ": <problem>\": " + error;
    if (session.rig_path != "untouched" || !session.chains.empty() || session.has_roles || !session.goal_paths.empty())
      return "a failed load changed the caller's session: " + error;
    return full_body_section_costs_more(text, false, 0, skeleton);
  }
  for (const std::string& note : notes)
    if (!is_one_line_text(note)) return "a note is not one line: " + note;
  if (session.rig_path.empty()) return "loaded with an empty rig path";
  const ik::Pose rest = ik::rest_pose(skeleton);
  ik::Workspace workspace;
  for (std::size_t c = 0; c < session.chains.size(); ++c) {
    const ik::Chain& chain = session.chains[c];
    const std::string label = "chain " + std::to_string(c) + ": ";
    if (!ik::is_valid_chain(skeleton, chain, rest, workspace)) return label + "loaded but not valid on the rig";
    if (chain.solver < 0 || chain.solver >= ik::solver_count()) return label + "solver index out of range";
    const std::string follow = ik::follow_joint_problem(skeleton, chain);
    if (!follow.empty()) return label + "follows a joint it may not: " + follow;
    if (!(chain.ik_weight >= 0.0f && chain.ik_weight <= 1.0f)) return label + "IK weight outside [0, 1]";
    if (chain.spline_points.size() > static_cast<std::size_t>(ik::kMaxSplinePoints))
      return label + "more spline control points than kMaxSplinePoints";
    for (const glm::vec3& p : chain.spline_points)
      if (!(std::fabs(p.x) <= ik::kMaxGoalCoordinate && std::fabs(p.y) <= ik::kMaxGoalCoordinate &&
            std::fabs(p.z) <= ik::kMaxGoalCoordinate))
        return label + "a spline control point outside ±kMaxGoalCoordinate";
  }
  if (session.has_roles) {
    if (session.roles.size() != static_cast<std::size_t>(skeleton.joint_count())) return "not one role per joint";
    const std::string problem = ik::roles_problem(skeleton, session.roles);
    if (!problem.empty()) return "roles: " + problem;
  }
  for (const ik::SessionGoalPath& path : session.goal_paths) {
    if (path.chain < 0 || static_cast<std::size_t>(path.chain) >= session.chains.size())
      return "a goal path on a chain that was not loaded";
    const std::string problem = ik::check_goal_path(path.path);
    if (!problem.empty()) return "goal path: " + problem;
  }
  for (const ik::SessionJointLimits& entry : session.joint_limits) {
    if (entry.joint < 0 || entry.joint >= skeleton.joint_count()) return "joint limits for a joint the rig lacks";
    const ik::JointLimits& l = entry.limits;
    for (int a = 0; a < 3; ++a)
      if (!(l.min[a] <= l.max[a]) || !std::isfinite(l.min[a]) || !std::isfinite(l.max[a]))
        return "joint limits with a range that is not finite and ordered";
    if (l.cone && !(l.swing.x >= 0.0f && l.swing.x <= 3.1416f && l.swing.y >= 0.0f && l.swing.y <= 3.1416f &&
                    l.twist_min <= l.twist_max && std::fabs(glm::length(l.bone_axis) - 1.0f) <= 1e-3f &&
                    std::fabs(glm::dot(l.cone_middle, l.cone_middle) - 1.0f) <= 1e-3f))
      return "a cone limit outside 0..pi, with an unordered twist or an axis or middle that is not unit";
  }
  if (session.has_camera && !(std::isfinite(session.camera.distance) && session.camera.distance > 0.0f))
    return "camera distance not positive and finite";
  const std::string flags = flags_not_as_in_file(text, session);
  if (!flags.empty()) return flags;
  bool settings_in_range = true;
  ik::for_each_full_body_setting([&](const char*, auto member, auto... range) {
    settings_in_range = settings_in_range && setting_in_range(session.full_body.*member, range...);
  });
  if (!settings_in_range) return "a full-body setting outside its range";
  // Foot contacts (io/session/session_contacts.h): settings in range, each listed foot a joint
  // of the rig once per clip, its plants finite, ordered and apart, each clip once.
  const ik::ContactSettings& cs = session.contacts.settings;
  if (!(cs.height >= 0.0f && cs.height <= ik::kMaxContactHeight && cs.speed >= 0.0f &&
        cs.speed <= ik::kMaxContactSpeed && cs.min_plant >= 0.0f && cs.min_plant <= ik::kMaxContactSeconds &&
        cs.max_gap >= 0.0f && cs.max_gap <= ik::kMaxContactSeconds))
    return "a contact setting outside its range";
  if (session.has_ground && session.ground.kind != ik::GroundKind::mesh) {  // a spec written back as read
    ik::Ground again;
    std::string problem;
    if (!ik::parse_ground(ik::ground_spec(session.ground), again, problem) || again.kind != session.ground.kind)
      return "a ground that does not survive writing and reading back";
  }
  for (std::size_t c = 0; c < session.contacts.clips.size(); ++c) {
    const ik::SessionClipContacts& clip = session.contacts.clips[c];
    for (std::size_t d = 0; d < c; ++d)
      if (session.contacts.clips[d].clip == clip.clip) return "a clip's contacts listed twice";
    for (std::size_t f = 0; f < clip.feet.size(); ++f) {
      const ik::FootContacts& foot = clip.feet[f];
      if (foot.joint < 0 || foot.joint >= skeleton.joint_count()) return "contacts for a joint the rig lacks";
      for (std::size_t g = 0; g < f; ++g)
        if (clip.feet[g].joint == foot.joint) return "a foot's contacts listed twice in one clip";
      if (!ik::contacts_problem(foot, -ik::kMaxClipTime, ik::kMaxClipTime).empty())
        return "contacts: " + ik::contacts_problem(foot, -ik::kMaxClipTime, ik::kMaxClipTime);
    }
  }
  // Imported motions (io/session/session_motions.h): a source and a clip name, each clip
  // once, units that write back as read, every mapping edit naming a rig joint.
  for (std::size_t m = 0; m < session.motions.size(); ++m) {
    const ik::SessionMotion& motion = session.motions[m];
    if (motion.source.empty() || motion.clip.empty()) return "a motion without a source or a clip name";
    for (std::size_t n = 0; n < m; ++n)
      if (session.motions[n].clip == motion.clip) return "a motion's clip listed twice";
    ik::BvhOptions again;
    std::string problem;
    if (!ik::parse_bvh_units(ik::bvh_units_spec(motion.bvh), again, problem) || again.units != motion.bvh.units)
      return "motion units that do not survive writing and reading back";
    for (const ik::MappingEdit& edit : motion.options.edits)
      if (edit.joint.empty()) return "a mapping edit without a joint";
  }
  const std::string section = full_body_section_costs_more(text, true, session.chains.size(), skeleton);
  if (!section.empty()) return section;
  const std::string refused = chain_refused_by_its_solver(skeleton, session);
  if (!refused.empty()) return refused;
  ik::apply_full_body_settings(session.full_body, skeleton, session.roles,
                               ik::scratch_of<ik::FullBodyScratch>(workspace));
  // What the program does next: solve the loaded chains.
  ik::Pose pose = rest;
  std::vector<ik::SolveResult> results;
  ik::solve_scene(skeleton, session.chains, pose, workspace, results);
  for (const ik::Transform& local : pose.local)
    if (!ik::is_valid_transform(local)) return "solving the loaded chains gave a non-finite pose";
  return "";
}

// The first broken promise of parse_recent_files on `text`, or "".
inline std::string recent_files_contract_violation(const std::string& text) {
  int skipped = 0;
  const std::vector<std::string> list = app::parse_recent_files(text, skipped);
  for (const std::string& entry : list)
    if (!is_one_line_text(entry)) return "a recent-files entry is empty or not one line";
  int skipped_again = 0;
  if (app::parse_recent_files(app::recent_files_text(list), skipped_again) != list)
    return "the recent-files list does not survive writing and reading back";
  if (skipped < 0 || skipped_again != 0) return "entries skipped when reading back what was written";
  return "";
}

// The first broken promise of parse_panel_layout on `text`, or "".
inline std::string panel_layout_contract_violation(const std::string& text) {
  std::vector<std::string> warnings;
  const app::PanelLayout layout = app::parse_panel_layout(text, "panels.ini", warnings);
  if (warnings.size() > 1) return "more than one warning for one panel layout file";
  for (const std::string& warning : warnings)
    if (!is_one_line_text(warning) || warning.rfind("panels.ini", 0) != 0)
      return "a panel layout warning is not one line naming the file: " + warning;
  for (const float width : {layout.skeleton_width, layout.chains_width, layout.motion_height})
    if (!(width >= app::kMinPanelWidth && width <= app::kMaxPanelWidth)) return "a panel width outside its limits";
  std::vector<std::string> again;
  app::PanelLayout rounded = layout;
  rounded.skeleton_width = std::round(rounded.skeleton_width);
  rounded.chains_width = std::round(rounded.chains_width);
  rounded.motion_height = std::round(rounded.motion_height);
  if (app::parse_panel_layout(app::format_panel_layout(layout), "panels.ini", again) != rounded || !again.empty())
    return "the panel layout does not survive writing and reading back";
  return "";
}

}  // namespace fuzzcheck
