// Full-body mode: one full-body chain (solvers/ik/full_body/full_body.h, made by ik::full_body_chain from
// the rig's roles) takes over from the per-limb chains of a rig with roles. Hands, feet,
// head and hips are its effectors; the feet are pinned.
//
// The mode lives in the chain list itself, so undo, redo, saving and "unsaved" treat it
// like every chain edit: it is on while an enabled chain with the full-body solver and extra
// effectors exists. Entering appends that chain (goals on the effectors, so nothing moves)
// and disables every enabled chain that would turn a joint of the body (the arm, leg, spine
// and head chains; finger chains, rooted at a hand, stay), marking them; leaving removes it,
// enables the marked chains again -- not those the user had disabled -- and puts their goals
// on their effectors where the full body left them (app/editor/full_body_chains.h). The marks
// live beside the chains in editor.full_body (app/editor/full_body_state.h), which undo, redo,
// saving and "unsaved" keep with the chains.
//
// Goal handles: index h < chains.size() is chain h's own goal (the main effector, a hand,
// for the full-body chain); after them come the full-body chain's extra effectors, in
// order (app/editor/goal_handles.h, on the chain list alone). An extra effector of weight 0
// that is not pinned holds nothing: its handle sits on its joint, and dragging it (or the
// gizmo on it) gives it weight 1 (it starts pulling from where it was let go). One handle is
// the selected one, which the gizmo is on: a click on a handle selects it (its chain with it).
#pragma once

#include <string>
#include <vector>

#include "app/editor/editor.h"
#include "solvers/rig/body_reading.h"

namespace app {

// The full-body chain's index, or -1 (mode off).
int full_body_chain_index(const Editor& editor);

// The name the panels show for a chain: "Full body" for the full-body chain (full-body
// solver, extra effectors), else its effector's (ik::chain_name).
std::string shown_chain_name(const ik::Skeleton& skeleton, const ik::Chain& chain);
// True if the rig's roles give a full-body chain (a hand below the hips, or the root).
bool full_body_available(const Editor& editor);

// Enter / leave the mode (one undo step each); false with a status message if not possible.
bool enter_full_body_mode(Editor& editor);
void leave_full_body_mode(Editor& editor);

// Before each solve: the per-role stiffness and the root's translation stiffness
// (editor.document.full_body.settings) into the solver's workspace (no allocation once sized).
void apply_full_body_settings(Editor& editor);
// How the solved pose reads against what a person can do (solvers/rig/body_reading.h), its
// ground as low as the shown clip stands its feet (Timeline::clip_floor), laid along the
// document's ground (a ramp, stairs).
ik::BodyReading read_body_now(const Editor& editor);

// ---- Goal handles (see above) ------------------------------------------------------------
int goal_handle_count(const Editor& editor);
// False for a disabled chain's own handle while full-body mode is on (the per-chain setup it
// replaced: not drawn, not picked, so it never hides a body handle), and for a disabled
// chain whose goal follows a joint, the clip or a path (it would float apart from the limb).
bool goal_handle_shown(const Editor& editor, int chain);
// The chain a handle belongs to (for selection).
int goal_handle_chain(const Editor& editor, int handle);
// A handle's goal in model space / set it (a following goal keeps its offset form).
ik::Goal goal_handle_goal(const Editor& editor, int handle);
void set_goal_handle_goal(Editor& editor, int handle, const ik::Goal& goal);
// The joint whose plant the feet's cleanup holds the handle's goal at this frame (a chain's
// own goal, or a pinned foot of the full-body chain: app/editor/goal_motion.h), or -1.
int goal_handle_held_joint(const Editor& editor, int handle);
// True if the handle's goal has an orientation its solver uses (the rotate gizmo turns it).
bool goal_handle_has_orientation(const Editor& editor, int handle);
// The selected handle: the selected chain's own goal, or the full-body chain's extra effector
// editor.selection.extra_effector while that chain is selected; -1 when no chain is.
int selected_goal_handle(const Editor& editor);
// Selects handle `handle`: its chain, and the extra effector when it is one (-1: nothing).
void select_goal_handle(Editor& editor, int handle);
// The extra handles' positions and colours (pinned blue, holding green or red by its error,
// free grey; selected orange, hovered yellow), appended.
void append_extra_goal_handles(const Editor& editor, std::vector<glm::vec3>& points, std::vector<glm::vec4>* colours);

// ---- Effectors, for the panel and --state-out ---------------------------------------------
struct EffectorState {
  int joint = -1;
  std::string name;
  bool pinned = false;
  float weight = 0.0f;
  bool holds = false;  // weight above 0 or pinned
  glm::vec3 goal{0.0f};
  glm::vec3 position{0.0f};
  float error = 0.0f;  // position distance (+ orientation_weight * angle for an orientation goal)
  // A pinned foot's heel risen (FullBodyScratch::heels_rise): how far the solve raised its
  // pin, model units; `error` is then measured from the risen pin.
  float heel_rise = 0.0f;
};
// Effector 0 is the chain's main effector, then its extra effectors.
std::vector<EffectorState> full_body_effectors(const Editor& editor, int chain);
// Effector i (>= 1) of chain `chain` gets its goal where its joint is now (in the chain's goal
// mode: following the animation, the offset that puts it there), so holding it moves nothing.
void goal_on_effector(Editor& editor, int chain, int i);
// The tolerance in model units (Params::tolerance times the body's reach when relative).
float full_body_tolerance(const Editor& editor, int chain);

// Each effector's error after each iteration of `trace` (poses recorded), out[effector][k];
// false without recorded poses.
bool effector_errors_per_iteration(const Editor& editor, int chain, const ik::Trace& trace,
                                   std::vector<std::vector<float>>& out);

// Solves the full-body setup and the per-chain setup (the chains the mode disabled -- the
// marked ones --, given the holding effectors' goals; a chain whose effector holds nothing
// stays off) once each from the rest pose, into editor.inspection.full_body_comparison.
void compare_with_per_chain(Editor& editor);

}  // namespace app
