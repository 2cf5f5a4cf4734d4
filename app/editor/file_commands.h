// The File menu's commands on the editor: open a rig, save and open sessions, export the
// posed skeleton as glTF, export the clip with IK as a glTF clip (app/editor/motion_export.h).
// Each reports in the status line; a failure changes nothing.
#pragma once

#include <string>

#include "app/editor/editor.h"

namespace app {

// PathCommand (editor.h): none, open_rig, open_session, save_session, export_gltf, export_motion,
// import_motion (app/editor/motion_import.h), open_ground (a ground mesh for Clean up).

// The title of the path popup and whether the command writes a file (then an existing
// file is only replaced after the user confirms).
const char* path_command_title(PathCommand command);
bool path_command_writes(PathCommand command);

// A sensible default path for the command, from the open rig's name.
std::string default_path(const Editor& editor, PathCommand command);

// Runs the command on `path`. Returns false (status line says why) on failure.
bool run_path_command(Editor& editor, PathCommand command, const std::string& path);

// The open command for a file by its name: a session if it ends in .json, else a rig.
PathCommand open_command_for(const std::string& path);

// Opens FILE as a session if its name ends in .json, else as a rig (the command line, a
// dropped file).
bool open_any(Editor& editor, const std::string& path);

// Unsaved changes: the chains, the recorded goal paths, the joint-limit edits or full-body
// mode's settings differ from the ones last saved or loaded.
bool has_unsaved_changes(const Editor& editor);

// Actions that would lose unsaved work ask first: they run at once when nothing is unsaved,
// else they wait in editor.ui.pending_action for the prompt (panels.cpp) to answer.
// GuardedAction (editor.h): none, quit, open_file, suggest_chains.
void request_quit(Editor& editor);
void request_open(Editor& editor, PathCommand command, const std::string& path);
// Suggest chains asks whenever the chains were edited since the rig or session opened.
void request_suggest_chains(Editor& editor);
// The prompt's answers: Save (to session_path or the default) then go on, Discard then go
// on, or Cancel.
void answer_pending(Editor& editor, bool save, bool go_on);
// Where Save in the prompt writes.
std::string pending_save_path(const Editor& editor);

// The recent-files list: read from `config_folder`/recent-files.txt at start (unreadable
// lines are skipped with one status message naming the file); a rig or session opened or a
// session saved moves to its top, and the file is written back atomically.
void load_recent_files(Editor& editor, const std::string& config_folder);
void remember_recent_file(Editor& editor, const std::string& path);
void forget_recent_files(Editor& editor);  // File > Open recent > Clear list

// Saves chains, goals, solvers, parameters, roles, limit edits, goal paths, full-body
// settings and the camera. Atomic.
bool save_session(Editor& editor, const std::string& path);
// Reads the session's rig path, imports that rig and loads the session onto it; replaces
// the editor's rig and chains only when all three succeed.
bool open_session(Editor& editor, const std::string& path);
// Writes the source rig with the current pose's joint transforms (never over the source).
bool export_posed_rig(Editor& editor, const std::string& path);
// The ground Clean up places the feet on becomes the meshes of a glTF file
// (io/gltf/gltf_ground.h); a file that is no ground leaves the ground as it was.
bool open_ground_mesh(Editor& editor, const std::string& path);

}  // namespace app
