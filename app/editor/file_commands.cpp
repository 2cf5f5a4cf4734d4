// The File menu's commands (file_commands.h): the path popup's titles and default names, the
// recent-files list, sessions, the posed export, the guard against losing unsaved changes, and
// run_path_command, which runs any of them.
//
// Index:
//   The path popup                rig_stem, path_command_title, path_command_writes, default_path
//   Recent files                  load_recent_files, write_recent_files, remember_recent_file, forget_recent_files
//   Sessions                      save_session, open_session
//   Export, and opening any file  export_posed_rig, open_command_for, open_any
//   Unsaved changes               has_unsaved_changes, request_quit, request_open, request_suggest_chains,
//                                 pending_save_path, answer_pending
//   Running a command             run_path_command
#include "app/editor/file_commands.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/editor/full_body_chains.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "app/editor/history.h"
#include "app/editor/limit_edits.h"
#include "app/editor/motion_export.h"
#include "app/editor/motion_import.h"
#include "app/editor/recent_files.h"
#include "app/editor/rig_file.h"
#include "io/files/atomic_file.h"
#include "io/gltf/gltf_export.h"
#include "io/gltf/gltf_ground.h"
#include "io/session/session.h"
#include "solvers/anim/ground_mesh.h"

namespace app {
namespace {

// ---- The path popup -----------------------------------------------------------------------

std::string rig_stem(const Editor& editor) {
  if (!editor.document.has_rig) return "ikscope";
  std::string name = editor.document.rig.path;
  const size_t slash = name.find_last_of('/');
  if (slash != std::string::npos) name = name.substr(slash + 1);
  const size_t dot = name.find_last_of('.');
  if (dot != std::string::npos && dot > 0) name = name.substr(0, dot);
  return name;
}

}  // namespace

const char* path_command_title(PathCommand command) {
  switch (command) {
    case PathCommand::open_rig:
      return "Open rig (.gltf, .glb) or motion capture (.bvh)";
    case PathCommand::open_session:
      return "Open session (.json)";
    case PathCommand::save_session:
      return "Save session (.json)";
    case PathCommand::export_gltf:
      return "Export posed skeleton (.gltf, .glb)";
    case PathCommand::export_motion:
      return "Export motion: the clip with IK (.gltf, .glb)";
    case PathCommand::import_motion:
      return "Import motion onto this rig (.bvh, or a clip of a .gltf/.glb)";
    case PathCommand::open_ground:
      return "Ground for Clean up: the meshes of a .gltf/.glb";
    case PathCommand::none:
      break;
  }
  return "";
}

bool path_command_writes(PathCommand command) {
  return command == PathCommand::save_session || command == PathCommand::export_gltf ||
         command == PathCommand::export_motion;
}

std::string default_path(const Editor& editor, PathCommand command) {
  switch (command) {
    case PathCommand::save_session:
    case PathCommand::open_session:
      return rig_stem(editor) + ".session.json";
    case PathCommand::export_gltf:
      return rig_stem(editor) + "-posed.gltf";
    case PathCommand::export_motion:
      return rig_stem(editor) + "-motion.glb";
    case PathCommand::open_rig:
    case PathCommand::import_motion:
    case PathCommand::open_ground:
    case PathCommand::none:
      break;
  }
  return "";
}

// ---- Recent files -------------------------------------------------------------------------

void load_recent_files(Editor& editor, const std::string& config_folder) {
  editor.ui.recent_files.clear();
  editor.ui.recent_files_path = config_folder.empty() ? "" : config_folder + "/recent-files.txt";
  if (editor.ui.recent_files_path.empty()) return;
  std::ifstream in(editor.ui.recent_files_path, std::ios::binary);
  if (!in) return;  // none yet
  std::ostringstream text;
  text << in.rdbuf();
  int skipped = 0;
  editor.ui.recent_files = parse_recent_files(text.str(), skipped);
  if (skipped > 0)
    set_status(editor,
               editor.ui.recent_files_path + ": " + std::to_string(skipped) +
                   " line(s) are not absolute file paths and were skipped",
               true);
}

namespace {

void write_recent_files(const Editor& editor) {
  if (editor.ui.recent_files_path.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(editor.ui.recent_files_path).parent_path(), ec);
  std::string error;
  if (ec || !write_file_atomically(editor.ui.recent_files_path, recent_files_text(editor.ui.recent_files), error))
    std::fprintf(stderr, "ikscope: cannot keep the recent-files list: %s\n",
                 ec ? (editor.ui.recent_files_path + ": " + ec.message()).c_str() : error.c_str());
}

}  // namespace

void remember_recent_file(Editor& editor, const std::string& path) {
  std::error_code ec;
  const std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
  if (ec) return;
  add_recent_file(editor.ui.recent_files, absolute);
  write_recent_files(editor);
}

void forget_recent_files(Editor& editor) {
  editor.ui.recent_files.clear();
  write_recent_files(editor);
}

// ---- Sessions -----------------------------------------------------------------------------

bool save_session(Editor& editor, const std::string& path) {
  if (!editor.document.has_rig) return false;
  ik::Session session;
  session.rig_path = editor.document.rig.path;
  session.chains = editor.document.chains;
  session.has_camera = true;
  session.camera = {editor.view.camera.target, editor.view.camera.distance, editor.view.camera.yaw,
                    editor.view.camera.pitch};
  session.has_roles = true;  // as the outline shows them, edits included
  session.roles = editor.document.rig.roles;
  session.joint_limits = edited_limits_for_session(editor);  // app/editor/limit_edits.h
  session.goal_paths = editor.document.goal_paths;           // recorded goal paths (app/editor/goal_recorder.h)
  session.full_body = editor.document.full_body.settings;    // app/editor/full_body_state.h
  session.disabled_by_full_body = editor.document.full_body.disabled_by_mode;
  session.has_contacts = true;  // the settings, and the clips whose plants were edited
  session.contacts = contacts_for_session(editor.document.rig, editor.document.contacts);
  session.has_ground = true;
  session.ground = editor.document.ground;
  session.motions = session_motions(editor.document.imported);  // imported clips, by their sources
  std::string error;
  if (!ik::save_session(path, editor.document.rig.skeleton, session, error)) {
    set_status(editor, error, true);
    return false;
  }
  mark_document_saved(editor);
  editor.document.session_path = path;
  remember_recent_file(editor, path);  // also when the unsaved-changes prompt saves
  set_status(editor, "session saved to " + path, false);
  return true;
}

bool open_ground_mesh(Editor& editor, const std::string& path) {
  ik::Ground ground;
  std::string error;
  if (!ik::read_ground_file(path, ground, error)) {
    set_status(editor, error, true);
    return false;
  }
  const ik::Ground before = editor.document.ground;
  editor.document.ground = std::move(ground);
  editor.history.commit_ground(editor.document.chains, before, editor.document.ground);  // one undo step
  set_status(editor,
             "ground: " + editor.document.ground.source + ", " +
                 std::to_string(ik::ground_mesh_triangles(*editor.document.ground.mesh)) + " triangles",
             false);
  return true;
}

bool open_session(Editor& editor, const std::string& path) {
  std::string rig_path, error;
  if (!ik::read_session_rig_path(path, rig_path, error)) {
    set_status(editor, error, true);
    return false;
  }
  ik::ImportedRig rig;
  if (!import_rig_file(rig_path, editor.bvh, rig, error)) {
    set_status(editor, path + ": its rig cannot be opened: " + error, true);
    return false;
  }
  ik::Session session;
  std::vector<std::string> warnings;
  if (!ik::load_session(path, rig.skeleton, session, error, &warnings)) {
    set_status(editor, error, true);
    return false;
  }
  if (session.has_roles) rig.roles = session.roles;  // as the user edited them
  // The clips imported onto the rig, again, before the contacts that may name them.
  std::vector<RetargetedClip> imported(session.motions.size());
  for (size_t i = 0; i < session.motions.size(); ++i) {
    const ik::SessionMotion& m = session.motions[i];
    if (!retarget_into(rig, m.source, m.source_clip, m.bvh, m.options, imported[i], error, m.clip)) {
      set_status(editor, path + ": motions[" + std::to_string(i) + "]: " + error, true);
      return false;
    }
  }
  if (session.version < 2) extras_from_session_version_1(rig, session.chains);  // app/editor/goal_motion.h
  // The contacts against the rig's clips (names, lengths), before anything is replaced.
  ContactsState contacts;
  if (session.has_contacts) {
    const std::string problem = contacts_from_session(rig, session.contacts, contacts);
    if (!problem.empty()) {
      set_status(editor, path + ": " + problem, true);
      return false;
    }
  }
  // Everything read: now replace the scene.
  editor.document.rig = std::move(rig);
  apply_session_limits(editor, session.joint_limits);  // the user's limit edits (app/editor/limit_edits.h)
  editor.document.has_rig = true;
  ++editor.document.rig_generation;
  reset_timeline(editor);  // the new rig's first clip at its start, paused (app/editor/timeline.h)
  reset_pose(editor);
  editor.document.chains = session.chains;
  editor.document.full_body = FullBodyState{session.full_body, session.disabled_by_full_body};
  // A session from before these were saved, in full-body mode: leaving the mode enables
  // what leaving did then (app/editor/full_body_chains.h).
  const int body = full_body_chain_index(editor);
  if (!session.has_full_body && body >= 0)
    editor.document.full_body.disabled_by_mode =
        marks_of_an_older_session(editor.document.rig.skeleton, editor.document.chains, body);
  editor.document.goal_paths = session.goal_paths;
  editor.document.contacts = session.has_contacts ? std::move(contacts) : detect_rig_contacts(editor.document.rig);
  carry_source_contacts(editor.document.rig, imported, editor.document.contacts);  // imported clips' plants
  editor.document.ground = session.has_ground ? session.ground : ik::Ground{};
  editor.document.imported = std::move(imported);
  editor.recorder = GoalRecorder{};
  editor.solve.frame.reset(editor.document.chains.size());
  select_chain(editor, editor.document.chains.empty() ? -1 : 0);
  editor.selection.joint = -1;
  editor.inspection.comparison.clear();
  editor.history.reset(editor.document.chains, editor.document.full_body);
  mark_document_saved(editor);
  editor.document.session_path = path;
  editor.inspection.explicit_solve_chain = -1;
  if (session.has_camera) {
    editor.view.camera.target = session.camera.target;
    editor.view.camera.distance = session.camera.distance;
    editor.view.camera.yaw = session.camera.yaw;
    editor.view.camera.pitch = session.camera.pitch;
  } else {
    editor.view.frame_all_requested = true;
  }
  std::string message = "session " + path + " opened (" + std::to_string(editor.document.chains.size()) + " chains)";
  for (const std::string& w : warnings) message += "; warning: " + w;
  set_status(editor, message, false);
  return true;
}

// ---- Export, and opening any file ---------------------------------------------------------

bool export_posed_rig(Editor& editor, const std::string& path) {
  if (!editor.document.has_rig) return false;
  std::string error;
  if (!exportable_rig(editor.document.rig, error)) {
    set_status(editor, error, true);
    return false;
  }
  if (!ik::export_posed_gltf(editor.document.rig.path, editor.document.rig.skeleton, editor.solve.pose, path, error)) {
    set_status(editor, error, true);
    return false;
  }
  set_status(editor, "posed skeleton exported to " + path, false);
  return true;
}

PathCommand open_command_for(const std::string& path) {
  const bool session = path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
  return session ? PathCommand::open_session : PathCommand::open_rig;
}

bool open_any(Editor& editor, const std::string& path) {
  return run_path_command(editor, open_command_for(path), path);
}

// ---- Unsaved changes ----------------------------------------------------------------------

bool has_unsaved_changes(const Editor& editor) {
  // Chains, recorded goal paths, joint-limit edits and full-body settings (as last saved or loaded).
  return editor.document.has_rig && !same_document(snapshot_document(editor), editor.saved);
}

void request_quit(Editor& editor) {
  if (!has_unsaved_changes(editor)) {
    editor.ui.quit_confirmed = true;
    return;
  }
  editor.ui.pending_action = GuardedAction::quit;
}

void request_open(Editor& editor, PathCommand command, const std::string& path) {
  if (!has_unsaved_changes(editor)) {
    run_path_command(editor, command, path);
    return;
  }
  editor.ui.pending_action = GuardedAction::open_file;
  editor.ui.pending_command = command;
  editor.ui.pending_path = path;
}

void request_suggest_chains(Editor& editor) {
  if (editor.history.can_undo() || has_unsaved_changes(editor)) {
    editor.ui.pending_action = GuardedAction::suggest_chains;
    return;
  }
  editor.ui.pending_action = GuardedAction::suggest_chains;
  answer_pending(editor, false, true);  // nothing to lose: at once
}

std::string pending_save_path(const Editor& editor) {
  return editor.document.session_path.empty() ? default_path(editor, PathCommand::save_session)
                                              : editor.document.session_path;
}

void answer_pending(Editor& editor, bool save, bool go_on) {
  const GuardedAction action = editor.ui.pending_action;
  editor.ui.pending_action = GuardedAction::none;
  if (!go_on || action == GuardedAction::none) return;
  if (save && !save_session(editor, pending_save_path(editor))) return;  // the status says why; nothing lost
  switch (action) {
    case GuardedAction::quit:
      editor.ui.quit_confirmed = true;
      break;
    case GuardedAction::open_file:
      run_path_command(editor, editor.ui.pending_command, editor.ui.pending_path);
      break;
    case GuardedAction::suggest_chains: {
      // Undoable: the replacement is one step after the chains as they were.
      const std::vector<ik::Chain> before = editor.document.chains;
      const FullBodyState full_body_before = editor.document.full_body;
      suggest_chains(editor);
      const std::vector<ik::Chain> suggested = editor.document.chains;
      editor.history.reset(before, full_body_before);
      editor.document.chains = suggested;
      editor.history.commit(editor.document.chains, editor.document.full_body);
      set_status(editor, "chains suggested (Ctrl+Z brings the previous ones back)", false);
      break;
    }
    case GuardedAction::none:
      break;
  }
}

// ---- Running a command --------------------------------------------------------------------

bool run_path_command(Editor& editor, PathCommand command, const std::string& path) {
  bool done = false;
  switch (command) {
    case PathCommand::open_rig:
      done = open_rig(editor, path);
      break;
    case PathCommand::open_session:
      done = open_session(editor, path);
      break;
    case PathCommand::save_session:
      return save_session(editor, path);  // remembers it itself
    case PathCommand::export_gltf:
      return export_posed_rig(editor, path);  // not a file one reopens
    case PathCommand::export_motion:
      return export_motion(editor, path);
    case PathCommand::import_motion:
      return import_motion(editor, path);  // adds a clip: not a file the recent list reopens
    case PathCommand::open_ground:
      return open_ground_mesh(editor, path);
    case PathCommand::none:
      return false;
  }
  if (done) remember_recent_file(editor, path);
  return done;
}

}  // namespace app
