// Mouse and keyboard in the 3D viewport: camera orbit / pan / zoom, joint picking and
// the editor's keys. Input reaches here only when ImGui does not want it.
#pragma once

#include <SDL.h>

#include "app/editor/editor.h"
#include "app/editor/viewport.h"

namespace app {

struct ViewportInput {
  enum class Drag { none, orbit, pan, click, goal, goal_rotate, gizmo };
  Drag drag = Drag::none;
  float last_x = 0.0f, last_y = 0.0f;    // window coordinates
  float press_x = 0.0f, press_y = 0.0f;  // where the button went down
  bool moved = false;                    // the mouse has left the press point since
  // Goal drag: the goal handle (app/editor/full_body_mode.h; the chain for a pole or Ctrl+drag), the
  // plane through the goal the toolbar's drag: chose (model space; app/editor/goal_drag.h), and
  // the offset from the grabbed point to the goal so the handle does not jump.
  int goal_chain = -1;
  glm::vec3 grab_point{0.0f};
  glm::vec3 plane_normal{0.0f, 0.0f, 1.0f};
  glm::vec3 grab_offset{0.0f};
  bool pole = false;  // the goal drag moves the chain's pole target (Goal::pole_target) instead
  int spline_point = -1;  // >= 0: the goal drag moves this control point of the chain's spline instead
  GizmoDrag gizmo;    // Drag::gizmo: the part grabbed on goal handle goal_chain's gizmo, the goal at the press
};

// Pole handles: chain `c` shows one when its pole is on, its solver honours a pole and it
// has two or more bones. pole_handles lists their positions and, in `chains`, whose each is.
bool pole_shown(const Editor& editor, int c);
void pole_handles(const Editor& editor, std::vector<glm::vec3>& points, std::vector<int>& chains);
// The joint a pole's dashed line starts from: the middle of chain c's root -> effector path.
int chain_middle_joint(const Editor& editor, int c);

// Every handle a press can grab, for pick_handle: the goal handles (points[0 .. goal_count),
// point h is goal handle h, app/editor/full_body_mode.h), then the shown poles (up to
// pole_end), then the spline control points (app/editor/spline_edits.h; spline_indices[i -
// pole_end] is the point's index in its chain); chains[i] is the chain of points[i] (the
// full-body chain for its extra effectors), which picking prefers when it is the selected chain.
struct GrabbableHandles {
  std::vector<glm::vec3> points;
  std::vector<int> chains;
  size_t goal_count = 0;
  size_t pole_end = 0;
  std::vector<int> spline_indices;
};
GrabbableHandles grabbable_handles(const Editor& editor);

// Where the gizmo is: on the selected goal handle (app/editor/full_body_mode.h, a full-body extra
// effector's too), at its goal (model space). False without a rig or a selected handle, or
// for a chain's handle hidden in full-body mode.
bool selected_gizmo_centre(const Editor& editor, glm::vec3& centre);
// The part of that gizmo under the window point (x, y), or none.
GizmoPart pick_selected_gizmo(const Editor& editor, const ViewportArea& area, float x, float y);

// The goal handles' model-space positions, one per chain (disabled chains included; NaN,
// never picked, for one full-body mode turned off), then the full-body chain's extra
// effectors (app/editor/full_body_mode.h).
std::vector<glm::vec3> goal_positions(const Editor& editor);

// Handles one SDL event. `imgui_wants_mouse` / `imgui_wants_keyboard` come from
// ImGuiIO: the viewport only takes what ImGui does not.
void handle_viewport_event(Editor& editor, ViewportInput& input, const SDL_Event& event,
                           const ViewportArea& area, bool imgui_wants_mouse,
                           bool imgui_wants_keyboard);

// Picking radius in window units: joints within this many points of the mouse are hit.
constexpr float kPickRadius = 12.0f;
// True if chain `c`'s goal has an orientation its solver uses (then it has a rotate handle:
// Ctrl + left drag on the goal turns it).
bool goal_has_orientation(const Editor& editor, int c);

// Goal handles are bigger targets than joints and win over them.
constexpr float kGoalPickRadius = 14.0f;

}  // namespace app
