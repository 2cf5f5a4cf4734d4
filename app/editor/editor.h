// The editor state: the single source of truth of the program. Panels and viewport
// input are functions of it; the renderer only reads from it. It is a few named parts:
// the document (the rig and what the user edits on it, what a session saves), its snapshot
// as last saved, the undo history, this frame's solve, the timeline, the selection, the
// inspection of the selected chain, the 3D view and the UI around it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/editor/foot_contacts.h"
#include "app/editor/full_body_comparison.h"
#include "app/editor/gizmo.h"
#include "app/editor/goal_drag.h"
#include "app/editor/goal_recorder.h"
#include "app/editor/history.h"
#include "app/editor/motion_import.h"
#include "app/editor/motion_panel.h"
#include "app/editor/panel_layout_file.h"
#include "app/editor/timeline.h"
#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "io/session/session.h"
#include "render/camera.h"
#include "solvers/anim/pose.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/goal_reading.h"
#include "solvers/scene/scene_solve.h"

namespace app {

// Model-space line segments (pairs of points) of a chain's bones in one pose, plus the
// chain's joint positions: how ghosts are drawn.
struct GhostPose {
  std::vector<glm::vec3> bone_segments;
  std::vector<glm::vec3> joints;
};

// One solver's run in a comparison (the chains panel's "Compare solvers").
struct ComparisonRun {
  int solver = -1;
  ik::SolveResult result;
  std::vector<float> errors;  // before iteration 1, then after each
  float microseconds = 0.0f;
  GhostPose ghost;          // the chain's final pose
  ik::GoalReading reading;  // each part of the goal in that pose (goal_reading.h)
};

// The File commands the path popup or the desktop's dialog runs (file_commands.h).
enum class PathCommand {
  none,
  open_rig,
  open_session,
  save_session,
  export_gltf,
  export_motion,
  import_motion,
  open_ground
};
// An action that asks about unsaved changes first (file_commands.h).
enum class GuardedAction { none, quit, open_file, suggest_chains };

// The open rig and everything the user edits on it: what a session saves.
struct Document {
  // The rig. Replaced only by a successful open: a bad file keeps what was there.
  bool has_rig = false;
  ik::ImportedRig rig;
  int rig_generation = 0;  // counts rig replacements: the renderer re-uploads meshes
  // The IK scene: chains with goals, solver and parameters, all solved every frame in DFS
  // order of their effectors (ik::solve_scene). Suggested when a rig opens.
  std::vector<ik::Chain> chains;
  // Recorded goal paths, each on one chain (the session's "goal_paths"; a chain follows one
  // in the follows-a-path goal mode, app/editor/goal_motion.h).
  std::vector<ik::SessionGoalPath> goal_paths;
  // Full-body mode's state outside the chains (app/editor/full_body_state.h): its settings
  // and the chains entering it disabled.
  FullBodyState full_body;
  // Joints whose limits the user edited (1), one flag per joint or empty when none was
  // (app/editor/limit_edits.h). The limits themselves are rig.skeleton.limits.
  std::vector<std::uint8_t> limits_edited;
  // The clips' foot contacts: found, or edited on the timeline (app/editor/foot_contacts.h).
  ContactsState contacts;
  // What the feet stand on when they are cleaned up (solvers/anim/ground.h): --ground, the
  // contacts' settings popup, the session's "ground".
  ik::Ground ground;
  // Clips imported onto the rig from other files (app/editor/motion_import.h): what each
  // import made (its mapping, its plants' source) and how to make it again, which the
  // session's "motions" keeps (session_motions): a session imports them again when it opens.
  std::vector<RetargetedClip> imported;
  std::string session_path;  // the last session saved or opened; "" = none yet
};

// The document's edits as they stood at the last save or load: "unsaved changes" compares
// the document with this one snapshot (has_unsaved_changes, file_commands.h).
struct DocumentSnapshot {
  std::vector<ik::Chain> chains;
  LimitsState limits;  // the joint limits and edited marks
  FullBodyState full_body;
  std::vector<ik::SessionGoalPath> goal_paths;
  ContactsState contacts;
  ik::Ground ground;
  std::vector<ik::RetargetOptions> motions;  // per clip imported: its fingers and mapping edits
};

// This frame's solve: the pose it made and what the solvers keep between frames.
struct SolveState {
  bool running = true;  // P (Space without clips) pauses / resumes the per-frame solve
  ik::Pose pose;
  std::vector<glm::mat4> world;  // model space, one per joint, from fk of `pose`
  // The last per-frame solve (ik::solve_frame): per chain its result, trace, last trace that
  // iterated (the panel plots that one, so a converged chain's plot stays) and microseconds;
  // the selected chain's trace records poses.
  ik::FrameSolve frame;
  ik::Workspace workspace;
  // Per chain the goal path it follows this frame (filled before each solve).
  std::vector<const ik::GoalPath*> chain_paths;
  // Per joint, with the feet's cleanup on: whether a goal on it is held at a plant, and
  // where (app/editor/feet_cleanup.h).
  std::vector<std::uint8_t> held;
  std::vector<glm::vec3> held_goals;
  std::vector<glm::quat> held_turns;  // its orientation turned to the ground under it
};

// What is selected and what is under the mouse.
struct Selection {
  int chain = -1;  // its panel is open, its goal drawn highlighted
  // With it, the full-body chain's extra effector whose goal handle is selected (-1: the
  // chain's own goal): the gizmo's goal (app/editor/full_body_mode.h, selected_goal_handle).
  int extra_effector = -1;
  int joint = -1;  // -1 = none
  int hovered_joint = -1;
  int hovered_goal = -1;  // goal handle under the mouse (app/editor/full_body_mode.h)
  // The gizmo on the selected goal (app/editor/gizmo.h): G translate, R rotate; the part
  // under the mouse is drawn highlighted, the dragged one too.
  GizmoMode gizmo_mode = GizmoMode::translate;
  GizmoPart hovered_gizmo_part = GizmoPart::none;
  bool outline_scroll_to_selection = false;  // the joint selection changed outside the outline
};

// Inspection of the selected chain (Chains panel).
struct Inspection {
  bool step_mode = false;     // solving paused; the pose at `iteration` is drawn as a ghost
  int iteration = 0;          // into solve.frame.last_work[selection.chain]
  bool compare_mode = false;  // every solver on the selected chain from the same start
  bool compare_requested = false;  // open the Compare tab on the next frame (--compare)
  std::vector<ComparisonRun> comparison;
  bool show_clamped = true;  // mark joints a limit clamped in the last solve
  // The last explicit solve (Solve from rest) of the selected chain: Step and the plot show
  // it, not a later warm-started frame's solve, until the chains change (an edit, a goal
  // drag, another rig) -- then they show the current frame's.
  int explicit_solve_chain = -1;
  ik::Trace explicit_solve_trace;
  std::vector<ik::Chain> explicit_solve_chains;
  // The last comparison of full-body mode with the per-chain setup (not an edit).
  FullBodyComparison full_body_comparison;
};

// The 3D view.
struct View {
  render::Camera camera;
  bool frame_all_requested = false;  // F key, or a new rig: framed on the next frame
  bool show_mesh = true;             // the skinned mesh, translucent over the bones (M)
  // View > Follow the character (--follow): the camera's target moves along the floor with
  // the hips (a clip with root motion stays in view), and up and down as the feet's cleanup
  // places the body on ground that is not flat; where they were last frame.
  bool follow = false;
  bool followed_known = false;
  glm::vec3 followed{0.0f};
  float followed_lift = 0.0f;  // the cleanup's move of the body, last frame
  // How a goal drag moves the goal (the viewport toolbar's Drag: app/editor/goal_drag.h).
  DragPlane drag_plane = DragPlane::view;
  // While a goal is dragged in a plane: the plane (its normal) and where the dragged point
  // is in it, model space -- drawn under the goal so the user sees where the drag goes.
  bool dragging_in_plane = false;
  glm::vec3 drag_point{0.0f}, drag_normal{0.0f, 1.0f, 0.0f};
};

// The windows, prompts and files around the document, and what a frame asked for.
struct UiState {
  // The status line: the last message, errors included.
  std::string status;
  bool status_is_error = false;
  bool show_help = false;
  bool show_mapping = false;  // File > Mapping of this clip (app/ui/mapping_window.h)
  // The path popup: the command it opens for next frame, the command it is for, its text.
  PathCommand path_command_requested = PathCommand::none;
  PathCommand path_command = PathCommand::none;
  char path_text[1024] = {};
  bool quit_requested = false;  // File > Quit, Ctrl+Q, the window's close button: asks if unsaved
  bool quit_confirmed = false;  // nothing unsaved, or the prompt said Save / Discard: quit now
  // An action waiting for the unsaved-changes prompt and, for opening a file, its command
  // and path.
  GuardedAction pending_action = GuardedAction::none;
  PathCommand pending_command = PathCommand::none;
  std::string pending_path;
  // File > Open recent: the rigs and sessions last opened or saved, newest first
  // (app/editor/recent_files.h), kept in recent_files_path ("" = not kept: no config folder).
  std::vector<std::string> recent_files;
  std::string recent_files_path;
  // The side panels' widths and collapsed states (app/ui/panel_layout.h), kept in
  // panel_layout_path ("" = not kept); panel_layout_saved is what the file holds.
  PanelLayout panel_layout;
  PanelLayout panel_layout_saved;
  std::string panel_layout_path;
  bool panel_layout_loaded = false;
  // The value a limits widget had when its edit began (one undo step per edit).
  ik::JointLimits limit_edit_before;
  bool screenshot_requested = false;  // F12: write the window to a PNG after this frame
  // The F12 screenshots written, with the frame each shows (0-based, as --frames counts),
  // for --state-out: a script knows how many frames ran between two of them.
  struct ScreenshotTaken {
    std::string file;
    long frame = 0;
  };
  std::vector<ScreenshotTaken> screenshots_taken;
  // Window rectangles (x, y, width, height) of the widgets a test clicks, by name, as drawn
  // last frame: --state-out writes them, so an end-to-end test finds a button without
  // guessing the layout.
  std::map<std::string, std::array<float, 4>> widget_rects;
};

// The editor: a few named parts, each a plain struct.
struct Editor {
  Document document;
  DocumentSnapshot saved;  // as last saved or loaded (a rig's suggested chains count as loaded)
  History history;         // undo / redo of the document's chains, limits and full-body state
  SolveState solve;
  Timeline timeline;      // the clip playing, its time and the animated pose under the IK
  GoalRecorder recorder;  // recording the selected goal as a goal path (T)
  MotionPanel motion;     // the Motion analysis panel's choices and last run
  Selection selection;
  Inspection inspection;
  View view;
  UiState ui;
  ik::BvhOptions bvh;  // how .bvh files open: their units and up axis (--bvh-units, --z-up)
  ik::RetargetOptions retarget;  // how motion is imported: fingers or not (--no-fingers)
};

// Opens a .gltf/.glb/.bvh (app/editor/rig_file.h). On success replaces the rig, resets pose and selection, asks for
// framing and says so in the status line; on failure keeps the current rig and puts
// the importer's message (naming the file and the problem) in the status line.
bool open_rig(Editor& editor, const std::string& path);

// Recomputes `world` from `pose`.
void update_world(Editor& editor);

// Solves every enabled chain once on `pose` on top of the timeline's animated pose and
// blends by IK weight (ik::solve_animated_frame, the selected chain inspected), then
// updates `world`.
void solve_chains(Editor& editor);

// Puts the pose back to rest, or to the clip's pose at the current time when a clip is open
// (the chains' goals stay).
void reset_pose(Editor& editor);

// Reset pose (Alt+R, as Blender clears a transform with Alt): the rest pose, and every goal
// moved onto its effector there, so the
// figure stays at rest while solving is on; the goals' move is one undo step.
void reset_pose_and_goals(Editor& editor);

// Replaces the chains with the ones suggested for the rig (goals on the effectors; none
// marked disabled by full-body mode) and starts the undo history there.
void suggest_chains(Editor& editor);

// Turns chain `c`'s orientation goal on (starting from the effector's current
// orientation, so nothing moves) or off; one undo step.
void set_orientation_goal(Editor& editor, int c, bool on);

// Selects chain `c` (-1: none) and its own goal handle.
void select_chain(Editor& editor, int c);

// Undo / redo of chain edits, with a status message.
void undo(Editor& editor);
void redo(Editor& editor);

// The size of the open rig (its bounding box's diagonal), at least a small positive
// number; used for the grid and picking radii.
float scene_size(const Editor& editor);

void set_status(Editor& editor, const std::string& text, bool is_error);

// The document's edits now (what DocumentSnapshot holds), and marking them as saved.
DocumentSnapshot snapshot_document(const Editor& editor);
void mark_document_saved(Editor& editor);
// True if the two are equal in everything a session saves (goal paths by chain, name and
// sample count: paths are only recorded, renamed and deleted).
bool same_document(const DocumentSnapshot& a, const DocumentSnapshot& b);

}  // namespace app
