// Goal modes in the program: the editor's view of goals driven by motion (solvers/ik/goal_space.h).
// A goal is pinned, follows a joint, follows the animated effector plus an offset, or follows
// one of its chain's recorded goal paths; these functions resolve a chain's goal in model
// space against this frame's animated pose, path and time, store a dragged goal back (a new
// offset), switch modes (one undo step) and rename or delete a chain's paths (the mode combo
// that does it on screen: app/ui/goal_mode_widget.h).
//
// The path time is the clip's time since its start, so a recorded path replays in step with
// the timeline; on a rig without clips it is the timeline's path clock (real time while a
// chain follows a path). Either way a path loops on its own duration.
#pragma once

#include <string>
#include <vector>

#include "solvers/ik/goal_space.h"
#include "solvers/scene/scene_solve.h"

namespace ik {
struct ImportedRig;
}

namespace app {

struct Editor;

// Seconds on the goal paths' time lines this frame.
float goal_path_time(const Editor& editor);

// The path chain `c` follows (its Chain::follow_path among editor.document.goal_paths of that chain),
// or nullptr.
const ik::GoalPath* followed_path(const Editor& editor, int c);

// What chain `c`'s goal is resolved against this frame (the timeline's animated world, its
// path, the path time).
ik::GoalMotion goal_motion(const Editor& editor, int c);

// Chain `c`'s goal in model space (every mode), and the inverse: `goal` stored as the chain
// keeps it (an offset for a following goal; a path goal keeps following its path).
ik::Goal model_goal(const Editor& editor, int c);
void set_model_goal(Editor& editor, int c, const ik::Goal& goal);

// Chain `c`'s goal in model space as its solver is handed it: model_goal, but a foot the
// feet's cleanup holds (app/editor/feet_cleanup.h) is handed its held place -- on stairs or
// a ramp 20-40 cm above the clip's own foot -- and its orientation turned to the ground
// there. Its handle is drawn, picked and dragged there.
ik::Goal handed_goal(const Editor& editor, int c);
// Whether the feet's cleanup holds chain `c`'s goal position this frame (its handle cannot
// be moved then: the hold would undo the move).
bool goal_held(const Editor& editor, int c);
// The feet's cleanup's held goals this frame as the scene solve is handed them (none with
// Clean up off, or no clip): ik::effector_held and ik::held_goal say which goals they hold,
// and where.
ik::MotionSources held_sources(const Editor& editor);

// Switches chain `c`'s mode (ik::set_goal_mode) and commits one undo step.
void choose_goal_mode(Editor& editor, int c, ik::GoalMode mode, int joint = -1, const std::string& path = {});

// The default on a rig that has clips, as animation tools do it: every goal follows the
// animated effector with a zero offset, so playing shows the clip until a goal is dragged.
// Does nothing on a rig without clips. Not an undo step (call before History::reset).
void default_goal_modes(Editor& editor);

// A session of version 1 kept a chain's extra effectors in model space in every goal mode;
// since version 2 one following the animation keeps them as offsets from their animated
// joints (solvers/ik/goal_space.h). Converts `chains` read from a version-1 file: each an
// offset from where its joint is in `rig`'s first clip at its start (the rest pose without
// clips) -- where the program opens a session -- so it starts where it was saved and moves
// with the clip from there.
void extras_from_session_version_1(const ik::ImportedRig& rig, std::vector<ik::Chain>& chains);

// Fills editor.chain_paths (one entry per chain: the path it follows, or nullptr) for the
// solve; allocation-free once sized.
void resolve_followed_paths(Editor& editor);

// The chain's recorded paths, as indices into editor.document.goal_paths.
std::vector<size_t> chain_goal_paths(const Editor& editor, int c);

// Renames goal path `i` (one undo step; a chain following it keeps following it). A name
// that is empty or another path of the same chain has: false, and the status line says so.
bool rename_goal_path(Editor& editor, size_t i, const std::string& name);

// Deletes goal path `i`; its chain, if it followed it, goes back to a pinned goal.
void delete_goal_path(Editor& editor, size_t i);

}  // namespace app
