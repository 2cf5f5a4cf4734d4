#include "app/editor/editor.h"

#include <cstdio>

#include "app/editor/feet_cleanup.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "app/editor/limit_edits.h"
#include "app/editor/rig_file.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/role_chains.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/ik_blend.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

namespace app {

void select_chain(Editor& editor, int c) {
  editor.selection.chain = c;
  editor.selection.extra_effector = -1;
}

void set_status(Editor& editor, const std::string& text, bool is_error) {
  editor.ui.status = text;
  editor.ui.status_is_error = is_error;
  // The status line is also the log: a user running from a terminal sees every message.
  std::fprintf(is_error ? stderr : stdout, "%s%s\n", is_error ? "error: " : "", text.c_str());
}

bool open_rig(Editor& editor, const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  if (!import_rig_file(path, editor.bvh, rig, error)) {
    set_status(editor, error, true);
    return false;
  }
  editor.document.rig = std::move(rig);
  editor.document.limits_edited.clear();  // a new rig: nothing edited yet
  editor.document.has_rig = true;
  ++editor.document.rig_generation;
  editor.view.show_mesh = true;
  editor.solve.pose = ik::rest_pose(editor.document.rig.skeleton);
  // A rig with clips opens at its first clip's start, paused: the suggested goals sit on
  // that pose's effectors, so nothing jumps.
  reset_timeline(editor);
  editor.solve.pose = editor.timeline.animated;
  editor.document.goal_paths.clear();  // recorded on the old rig's chains
  editor.recorder = GoalRecorder{};
  editor.selection.joint = -1;
  editor.selection.hovered_joint = -1;
  editor.view.frame_all_requested = true;
  editor.solve.workspace = ik::Workspace{};  // per-chain simulation state belongs to the old rig
  update_world(editor);
  editor.document.full_body = FullBodyState{};  // a new rig starts from the default full-body settings
  editor.document.contacts = detect_rig_contacts(editor.document.rig);  // app/editor/foot_contacts.h
  editor.document.imported.clear();                                     // imported onto the old rig
  suggest_chains(editor);
  mark_document_saved(editor);  // a rig just opened has nothing unsaved
  editor.document.session_path.clear();
  editor.inspection.explicit_solve_chain = -1;

  const ik::Skeleton& s = editor.document.rig.skeleton;
  int added = 0;
  for (int i = 0; i < s.joint_count(); ++i) added += s.is_added_tip[static_cast<size_t>(i)];
  std::string message = "opened " + path + ": " + std::to_string(s.joint_count()) + " joints";
  if (added > 0) message += " (" + std::to_string(added) + " tips added)";
  for (const std::string& note : editor.document.rig.notes) message += "; " + note;
  for (const std::string& w : editor.document.rig.warnings) message += "; warning: " + w;
  set_status(editor, message, false);
  return true;
}

void update_world(Editor& editor) {
  if (!editor.document.has_rig) return;
  ik::fk_all(editor.document.rig.skeleton, editor.solve.pose, editor.solve.world);
}

void solve_chains(Editor& editor) {
  if (!editor.document.has_rig) return;
  Timeline& timeline = editor.timeline;
  apply_full_body_settings(editor);  // stiffness per role into the solver's workspace
  // Goals driven by motion follow the animated pose and, on paths, the path time (goal_motion.h).
  resolve_followed_paths(editor);
  // Planted feet held (app/editor/feet_cleanup.h): this frame's holds, handed as the program's
  // handles and readings take them (held_sources).
  if (timeline.clean_feet && has_clips(editor))
    held_goals(editor, editor.solve.held, editor.solve.held_goals, editor.solve.held_turns);
  ik::MotionSources motion = held_sources(editor);
  motion.time = goal_path_time(editor);
  motion.paths = &editor.solve.chain_paths;
  ik::solve_animated_frame(editor.document.rig.skeleton, editor.document.chains, editor.selection.chain,
                           timeline.animated, timeline.time_moved && has_clips(editor), editor.solve.pose,
                           editor.solve.workspace, editor.solve.frame, &motion);
  timeline.time_moved = false;
  update_world(editor);
  record_frame(editor);  // the goal recorder (goal_recorder.h), after the goal moved
}

void reset_pose(Editor& editor) {
  if (!editor.document.has_rig) return;
  const bool animated =
      has_clips(editor) && editor.timeline.animated.local.size() == editor.document.rig.skeleton.rest.size();
  editor.solve.pose = animated ? editor.timeline.animated : ik::rest_pose(editor.document.rig.skeleton);
  editor.solve.workspace = ik::Workspace{};
  update_world(editor);
}

void reset_pose_and_goals(Editor& editor) {
  if (!editor.document.has_rig) return;
  reset_pose(editor);
  for (size_t c = 0; c < editor.document.chains.size(); ++c) {
    ik::Chain& chain = editor.document.chains[c];
    const glm::mat4& effector = editor.solve.world[static_cast<size_t>(chain.effector)];
    // Worked in model space, stored as the chain keeps it (an offset for a following goal).
    ik::Goal goal = model_goal(editor, static_cast<int>(c));
    const float look_distance = glm::length(goal.position - ik::position_of(effector));
    goal.position = ik::position_of(effector);
    // An aim chain's look target goes back in front of the effector, along its aim axis.
    if (chain.aim) goal.position += look_distance * glm::normalize(glm::mat3(effector) * chain.aim_axis);
    if (chain.goal.use_orientation) goal.orientation = ik::rotation_of(effector);
    set_model_goal(editor, static_cast<int>(c), goal);
    for (int i = 1; i < ik::effector_count(chain); ++i) goal_on_effector(editor, static_cast<int>(c), i);
  }
  editor.history.commit(editor.document.chains);
  set_status(editor, "rest pose, goals on the effectors (Ctrl+Z brings the goals back)", false);
}

void suggest_chains(Editor& editor) {
  if (!editor.document.has_rig) return;
  // Damped least squares by default: it honours joint limits without stalling, where
  // FABRIK, which works on positions, can stall against them (the IK guide's caveat).
  const int dls = ik::find_solver("dls");
  // From the joints' roles when they give a body (role_chains.h), else from the tree's shape.
  editor.document.chains = ik::suggest_rig_chains(editor.document.rig.skeleton, editor.document.rig.roles,
                                                  editor.solve.pose, dls >= 0 ? dls : 0);
  default_goal_modes(editor);  // with clips: goals follow the animated effectors (goal_motion.h)
  editor.document.full_body.disabled_by_mode.clear();  // a new chain list: none disabled by full-body mode
  editor.solve.frame.reset(editor.document.chains.size());
  select_chain(editor, editor.document.chains.empty() ? -1 : 0);
  editor.selection.hovered_goal = -1;
  editor.history.reset(editor.document.chains, editor.document.full_body);
}

void set_orientation_goal(Editor& editor, int c, bool on) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return;
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  ik::Goal goal = model_goal(editor, c);
  goal.use_orientation = on;
  if (on) goal.orientation = ik::rotation_of(editor.solve.world[static_cast<size_t>(chain.effector)]);
  set_model_goal(editor, c, goal);
  editor.history.commit(editor.document.chains);
}

namespace {

// The imports whose retarget options an undo or redo changed, retargeted again with them.
void remap_changed_motions(Editor& editor, const std::vector<ik::RetargetOptions>& motions) {
  for (size_t i = 0; i < motions.size() && i < editor.document.imported.size(); ++i)
    if (!(motions[i] == editor.document.imported[i].options)) remap_motion(editor, i, motions[i]);
}

}  // namespace

void undo(Editor& editor) {
  // Chain edits, limits edits, full-body settings, foot contacts, the ground and the imports'
  // mappings share one history.
  LimitsState limits = limits_state(editor);
  std::vector<ik::RetargetOptions> motions = motion_options(editor.document.imported);
  const bool undone = editor.history.undo(editor.document.chains, &limits, &editor.document.full_body,
                                          &editor.document.contacts, &editor.document.ground, &motions);
  set_limits_state(editor, limits);
  remap_changed_motions(editor, motions);
  if (undone)
    set_status(editor, "undone", false);
  else
    set_status(editor, "nothing to undo", false);
  if (editor.selection.chain >= static_cast<int>(editor.document.chains.size())) editor.selection.chain = -1;
}

void redo(Editor& editor) {
  LimitsState limits = limits_state(editor);
  std::vector<ik::RetargetOptions> motions = motion_options(editor.document.imported);
  const bool redone = editor.history.redo(editor.document.chains, &limits, &editor.document.full_body,
                                          &editor.document.contacts, &editor.document.ground, &motions);
  set_limits_state(editor, limits);
  remap_changed_motions(editor, motions);
  if (redone)
    set_status(editor, "redone", false);
  else
    set_status(editor, "nothing to redo", false);
  if (editor.selection.chain >= static_cast<int>(editor.document.chains.size())) editor.selection.chain = -1;
}

float scene_size(const Editor& editor) {
  if (!editor.document.has_rig) return 1.0f;
  const float d = glm::length(editor.document.rig.bounds_max - editor.document.rig.bounds_min);
  return d > 1e-6f ? d : 1.0f;
}

DocumentSnapshot snapshot_document(const Editor& editor) {
  const Document& d = editor.document;
  return DocumentSnapshot{d.chains, limits_state(editor),      d.full_body, d.goal_paths, d.contacts,
                          d.ground, motion_options(d.imported)};
}

void mark_document_saved(Editor& editor) { editor.saved = snapshot_document(editor); }

bool same_document(const DocumentSnapshot& a, const DocumentSnapshot& b) {
  if (!same_chains(a.chains, b.chains) || !same_limits(a.limits, b.limits) ||
      !same_full_body_state(a.full_body, b.full_body) || a.goal_paths.size() != b.goal_paths.size() ||
      !same_contacts_state(a.contacts, b.contacts) || !ik::same_ground(a.ground, b.ground) || a.motions != b.motions)
    return false;
  for (size_t i = 0; i < a.goal_paths.size(); ++i) {
    const ik::SessionGoalPath &p = a.goal_paths[i], &q = b.goal_paths[i];
    if (p.chain != q.chain || p.path.name != q.path.name || p.path.samples.size() != q.path.samples.size())
      return false;
  }
  return true;
}

}  // namespace app
