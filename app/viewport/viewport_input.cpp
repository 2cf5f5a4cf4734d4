// Mouse and keyboard in the 3D viewport (viewport_input.h): camera, goal, pole, spline control
// point and gizmo drags, joint picking and the editor's keys; and the goal, pole and spline
// handles the viewport draws and picks.
//
// Index:
//   Selection and drags  select_joint, dragged_point, begin_goal_drag, drag_goal, rotate_goal, begin_gizmo_drag,
//                        drag_gizmo, left_press_point
//   Mouse                on_button_down (the gizmo, then the handles, then a click), on_button_up, on_motion
//   Keys                 toggle_solving, on_numpad_key, on_key
//   Handles              goal_has_orientation, pole_shown, pole_handles, chain_middle_joint, grabbable_handles,
//                        selected_gizmo_centre, pick_selected_gizmo, goal_positions
//   Events               handle_viewport_event
#include "app/viewport/viewport_input.h"

#include <cmath>
#include <limits>
#include <string>

#include "app/editor/file_commands.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/goal_drag.h"
#include "app/editor/goal_motion.h"
#include "app/editor/spline_edits.h"
#include "solvers/ik/goal_space.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

// ---- Selection and drags ------------------------------------------------------------------

void select_joint(Editor& editor, int joint) {
  editor.selection.joint = joint;
  editor.selection.outline_scroll_to_selection = joint >= 0;
}

// The point a pole or spline drag moves: the chain's pole target or its control point
// `spline_point` (both model space).
glm::vec3& dragged_point(Editor& editor, int c, int spline_point) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  return spline_point >= 0 ? chain.spline_points[static_cast<size_t>(spline_point)] : chain.goal.pole_target;
}

// Starts dragging chain `c`'s goal (or, with `pole`, its pole handle, or its spline control
// point `spline_point`) from the window point (x, y).
void begin_goal_drag(Editor& editor, ViewportInput& input, int c, float x, float y, const ViewportArea& area,
                     bool pole = false, int spline_point = -1) {
  input.pole = pole || spline_point >= 0;
  input.spline_point = spline_point;
  // In model space: a following goal is stored as an offset (solvers/ik/goal_space.h); a pole
  // target and the control points always are in model space.
  const glm::vec3 goal = input.pole ? dragged_point(editor, c, spline_point) : goal_handle_goal(editor, c).position;
  const render::Ray ray = ray_through_window(editor.view.camera, area, x, y);
  // The plane the toolbar's Drag chose, through the goal (the limb's from the chain's root,
  // middle joint and effector as posed now).
  const int chain_index = input.pole ? c : goal_handle_chain(editor, c);
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(chain_index)];
  const auto at = [&](int joint) {
    return joint >= 0 && joint < static_cast<int>(editor.solve.world.size())
               ? ik::position_of(editor.solve.world[static_cast<size_t>(joint)])
               : goal;
  };
  input.plane_normal = drag_plane_normal(editor.view.drag_plane, ray.direction, at(chain.root),
                                         at(chain_middle_joint(editor, chain_index)), at(chain.effector));
  glm::vec3 hit = goal;
  if (!ray_plane_hit(ray, goal, input.plane_normal, hit)) hit = goal;
  input.drag = ViewportInput::Drag::goal;
  input.goal_chain = c;
  input.grab_point = hit;
  input.grab_offset = goal - hit;
  editor.view.dragging_in_plane = true;
  editor.view.drag_point = goal;
  editor.view.drag_normal = input.plane_normal;
  if (input.pole)
    select_chain(editor, c);  // a pole or a control point: its chain
  else
    select_goal_handle(editor, c);  // a full-body extra effector's handle too: the gizmo goes there
}

// A goal the feet's cleanup holds cannot move (the hold would put it back): true, and the
// status line says so, for such a handle (a chain's own goal, a full-body pinned foot).
bool refuse_held_goal(Editor& editor, int handle) {
  const int joint = handle >= 0 && handle < goal_handle_count(editor) ? goal_handle_held_joint(editor, handle) : -1;
  if (joint < 0) return false;
  set_status(editor,
             editor.document.rig.skeleton.name[static_cast<size_t>(joint)] +
                 "'s goal is held on the ground by Clean up (on the timeline): turn it off to move the goal",
             true);
  return true;
}

// The goal under the mouse at (x, y) while dragging: in the drag's plane, or on the line
// through the grabbed point along X, Y or Z while that key is held.
void drag_goal(Editor& editor, const ViewportInput& input, float x, float y, const ViewportArea& area) {
  if (input.goal_chain < 0 || input.goal_chain >= (input.pole ? static_cast<int>(editor.document.chains.size()) : goal_handle_count(editor)))
    return;
  if (input.spline_point >= 0 &&  // an undo while dragging may have taken the point away
      input.spline_point >=
          static_cast<int>(editor.document.chains[static_cast<size_t>(input.goal_chain)].spline_points.size()))
    return;
  if (!input.pole && refuse_held_goal(editor, input.goal_chain)) return;
  const render::Ray ray = ray_through_window(editor.view.camera, area, x, y);
  const Uint8* keys = SDL_GetKeyboardState(nullptr);
  glm::vec3 axis(0.0f);
  if (keys[SDL_SCANCODE_X]) axis = {1.0f, 0.0f, 0.0f};
  if (keys[SDL_SCANCODE_Y]) axis = {0.0f, 1.0f, 0.0f};
  if (keys[SDL_SCANCODE_Z]) axis = {0.0f, 0.0f, 1.0f};
  glm::vec3 point;
  editor.view.dragging_in_plane = axis == glm::vec3(0.0f);  // along an axis: no plane to show
  if (axis != glm::vec3(0.0f)) {
    point = closest_point_on_axis(ray, input.grab_point, axis);
  } else if (!ray_plane_hit(ray, input.grab_point, input.plane_normal, point)) {
    return;  // the plane is edge-on or behind: keep the goal where it is
  }
  editor.view.drag_point = point + input.grab_offset;
  if (input.pole) {
    dragged_point(editor, input.goal_chain, input.spline_point) = point + input.grab_offset;
    return;
  }
  // A following goal keeps its new place as a new offset in the followed joint's frame.
  // (Full-body extra effectors are handles after the chains': app/editor/full_body_mode.h.)
  ik::Goal goal = goal_handle_goal(editor, input.goal_chain);
  goal.position = point + input.grab_offset;
  set_goal_handle_goal(editor, input.goal_chain, goal);
}

// Turns chain `c`'s goal orientation like a trackball: moving the mouse right turns it
// about the camera's up axis, down about the camera's right axis (0.01 rad per point).
void rotate_goal(Editor& editor, int c, float dx, float dy) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return;
  const glm::vec3 forward = editor.view.camera.forward();
  glm::vec3 right = glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f));
  right = glm::length(right) > 1e-6f ? glm::normalize(right) : glm::vec3(1.0f, 0.0f, 0.0f);
  const glm::vec3 up = glm::cross(right, forward);
  ik::Goal goal = model_goal(editor, c);  // turned in model space
  goal.orientation = glm::normalize(glm::angleAxis(dx * 0.01f, up) * glm::angleAxis(dy * 0.01f, right) * goal.orientation);
  set_model_goal(editor, c, goal);
}

// Starts dragging `part` of the gizmo on the selected goal handle from (x, y). Rotate parts
// need a goal whose orientation the solver uses: otherwise the status line says so and
// nothing starts.
void begin_gizmo_drag(Editor& editor, ViewportInput& input, GizmoPart part, float x, float y,
                      const ViewportArea& area) {
  const int h = selected_goal_handle(editor);
  const bool rotate = part >= GizmoPart::ring_x;
  if (rotate && !goal_handle_has_orientation(editor, h)) {
    set_status(editor, "this goal has no orientation to turn (O turns it on, if the chain's solver has one)", true);
    return;
  }
  const ik::Goal goal = goal_handle_goal(editor, h);  // model space, every goal mode
  if (!input.gizmo.begin(part, editor.view.camera, area, goal.position, goal.orientation, x, y)) return;
  input.drag = ViewportInput::Drag::gizmo;
  input.goal_chain = h;
}

// The dragged goal handle following the gizmo drag to the mouse at (x, y): a following goal
// keeps its offset form, a full-body effector that held nothing starts holding
// (set_goal_handle_goal).
void drag_gizmo(Editor& editor, const ViewportInput& input, float x, float y, const ViewportArea& area) {
  if (input.goal_chain < 0 || input.goal_chain >= goal_handle_count(editor)) return;
  const bool rotate = input.gizmo.part >= GizmoPart::ring_x;
  if (!rotate && refuse_held_goal(editor, input.goal_chain)) return;
  ik::Goal goal = goal_handle_goal(editor, input.goal_chain);
  goal.position = input.gizmo.position(editor.view.camera, area, x, y);
  goal.orientation = input.gizmo.orientation(editor.view.camera, area, x, y);
  set_goal_handle_goal(editor, input.goal_chain, goal);
}

// A goal or gizmo drag changes the goal only once the mouse has left the press point: a click
// on a handle only selects it (a free full-body effector does not start holding).
bool left_press_point(const ViewportInput& input, float x, float y) {
  return input.moved || x != input.press_x || y != input.press_y;
}

// ---- Mouse --------------------------------------------------------------------------------

void on_button_down(Editor& editor, ViewportInput& input, const SDL_MouseButtonEvent& b,
                    const ViewportArea& area) {
  const float x = static_cast<float>(b.x), y = static_cast<float>(b.y);
  if (!area.contains(x, y)) return;
  const SDL_Keymod mods = SDL_GetModState();
  input.last_x = x;
  input.last_y = y;
  input.press_x = x;
  input.press_y = y;
  input.moved = false;
  if (b.button == SDL_BUTTON_MIDDLE) {
    input.drag = (mods & KMOD_SHIFT) ? ViewportInput::Drag::pan : ViewportInput::Drag::orbit;
  } else if (b.button == SDL_BUTTON_LEFT) {
    // The selected goal's gizmo first, then the handles (the selected chain's first,
    // then the nearest to the camera), then a click.
    const GizmoPart part = (mods & KMOD_ALT) ? GizmoPart::none : pick_selected_gizmo(editor, area, x, y);
    const GrabbableHandles handles = editor.document.has_rig ? grabbable_handles(editor) : GrabbableHandles{};
    const int k = pick_handle(editor.view.camera, area, handles.points, handles.chains, editor.selection.chain, x, y,
                              kGoalPickRadius);
    // A goal handle's index (a full-body extra effector's is past the chains'), a pole's chain,
    // a spline control point's chain (and its index).
    const size_t grabbed = static_cast<size_t>(k);
    const int goal = k >= 0 && grabbed < handles.goal_count ? k : -1;
    const int pole =
        k >= 0 && grabbed >= handles.goal_count && grabbed < handles.pole_end ? handles.chains[grabbed] : -1;
    const int spline = k >= 0 && grabbed >= handles.pole_end ? handles.chains[grabbed] : -1;
    if (mods & KMOD_ALT) {
      input.drag = ViewportInput::Drag::orbit;
    } else if (part != GizmoPart::none) {
      begin_gizmo_drag(editor, input, part, x, y, area);
    } else if (goal >= 0 && goal < static_cast<int>(editor.document.chains.size()) && (mods & KMOD_CTRL) &&
               goal_has_orientation(editor, goal)) {
      input.drag = ViewportInput::Drag::goal_rotate;
      input.goal_chain = goal;
      select_chain(editor, goal);
    } else if (goal >= 0) {
      begin_goal_drag(editor, input, goal, x, y, area);
    } else if (pole >= 0) {
      begin_goal_drag(editor, input, pole, x, y, area, true);
    } else if (spline >= 0) {
      begin_goal_drag(editor, input, spline, x, y, area, false, handles.spline_indices[grabbed - handles.pole_end]);
    } else {
      input.drag = ViewportInput::Drag::click;
    }
  }
}

void on_button_up(Editor& editor, ViewportInput& input, const SDL_MouseButtonEvent& b,
                  const ViewportArea& area) {
  const float x = static_cast<float>(b.x), y = static_cast<float>(b.y);
  if (input.drag == ViewportInput::Drag::click && b.button == SDL_BUTTON_LEFT) {
    // A click (not a drag) selects the joint under the mouse, or clears the selection.
    const float moved = std::abs(x - input.press_x) + std::abs(y - input.press_y);
    if (moved < 5.0f && editor.document.has_rig)
      select_joint(editor, pick_joint(editor.view.camera, area, editor.solve.world, x, y, kPickRadius));
  }
  const bool moved = left_press_point(input, x, y);
  if (input.drag == ViewportInput::Drag::goal && moved) drag_goal(editor, input, x, y, area);
  if (input.drag == ViewportInput::Drag::gizmo && moved) drag_gizmo(editor, input, x, y, area);
  if (input.drag == ViewportInput::Drag::goal || input.drag == ViewportInput::Drag::goal_rotate ||
      input.drag == ViewportInput::Drag::gizmo) {
    editor.history.commit(editor.document.chains);  // one undo step per drag
    input.goal_chain = -1;
    input.spline_point = -1;
  }
  input.drag = ViewportInput::Drag::none;
  editor.view.dragging_in_plane = false;
}

void on_motion(Editor& editor, ViewportInput& input, const SDL_MouseMotionEvent& m,
               const ViewportArea& area) {
  const float x = static_cast<float>(m.x), y = static_cast<float>(m.y);
  const float dx = x - input.last_x, dy = y - input.last_y;
  input.last_x = x;
  input.last_y = y;
  switch (input.drag) {
    case ViewportInput::Drag::orbit:
      editor.view.camera.orbit(dx, dy);
      break;
    case ViewportInput::Drag::pan:
      editor.view.camera.pan(dx, dy, area.height);
      break;
    case ViewportInput::Drag::goal:
      input.moved = left_press_point(input, x, y);
      if (input.moved) drag_goal(editor, input, x, y, area);
      break;
    case ViewportInput::Drag::goal_rotate:
      rotate_goal(editor, input.goal_chain, dx, dy);
      break;
    case ViewportInput::Drag::gizmo:
      input.moved = left_press_point(input, x, y);
      if (input.moved) drag_gizmo(editor, input, x, y, area);
      break;
    case ViewportInput::Drag::none:
    case ViewportInput::Drag::click:
      break;  // hovering is found once per frame in main, not per motion event
  }
}

// ---- Keys ---------------------------------------------------------------------------------

void toggle_solving(Editor& editor) {
  editor.solve.running = !editor.solve.running;
  const char* key = has_clips(editor) ? "P" : "Space or P";
  set_status(editor, editor.solve.running ? "solving every frame" : std::string("solving paused (") + key + " resumes)",
             false);
}

// Numpad views as in Blender, by scancode (the same with Num Lock on or off): 1 / 3 / 7
// front, right, top, with Ctrl back, left, bottom; 5 switches orthographic / perspective.
bool on_numpad_key(Editor& editor, const SDL_KeyboardEvent& k) {
  const bool ctrl = (k.keysym.mod & KMOD_CTRL) != 0;
  render::Camera& camera = editor.view.camera;
  switch (k.keysym.scancode) {
    case SDL_SCANCODE_KP_1:
      camera.set_axis_view(render::Camera::AxisView::front, ctrl);
      set_status(editor, ctrl ? "back view" : "front view", false);
      return true;
    case SDL_SCANCODE_KP_3:
      camera.set_axis_view(render::Camera::AxisView::right, ctrl);
      set_status(editor, ctrl ? "left view" : "right view", false);
      return true;
    case SDL_SCANCODE_KP_7:
      camera.set_axis_view(render::Camera::AxisView::top, ctrl);
      set_status(editor, ctrl ? "bottom view" : "top view", false);
      return true;
    case SDL_SCANCODE_KP_5:
      camera.orthographic = !camera.orthographic;
      set_status(editor, camera.orthographic ? "orthographic view" : "perspective view", false);
      return true;
    default:
      return false;
  }
}

void on_key(Editor& editor, const SDL_KeyboardEvent& k) {
  const bool ctrl = (k.keysym.mod & KMOD_CTRL) != 0;
  const bool alt = (k.keysym.mod & KMOD_ALT) != 0;
  if (on_numpad_key(editor, k)) return;
  switch (k.keysym.sym) {
    case SDLK_g:
      if (!ctrl && !alt) editor.selection.gizmo_mode = GizmoMode::translate;
      break;
    case SDLK_f:
      if (!ctrl) editor.view.frame_all_requested = true;
      break;
    case SDLK_F1:
      editor.ui.show_help = !editor.ui.show_help;
      break;
    case SDLK_F12:
      editor.ui.screenshot_requested = true;
      break;
    case SDLK_ESCAPE:  // the selection cleared: the joint, and the chain (its goal's gizmo goes)
      select_joint(editor, -1);
      select_chain(editor, -1);
      break;
    case SDLK_o:
      if (!ctrl) {
        const int c = editor.selection.chain;
        if (c >= 0 && c < static_cast<int>(editor.document.chains.size()) &&
            ik::solver_table()[editor.document.chains[static_cast<size_t>(c)].solver].orientation_goals)
          set_orientation_goal(editor, c, !editor.document.chains[static_cast<size_t>(c)].goal.use_orientation);
        else
          set_status(editor, "the selected chain's solver has no orientation goals", true);
      } else
        editor.ui.path_command_requested =
            (k.keysym.mod & KMOD_SHIFT) ? PathCommand::open_session : PathCommand::open_rig;
      break;
    case SDLK_s:
      if (ctrl && editor.document.has_rig) editor.ui.path_command_requested = PathCommand::save_session;
      break;
    case SDLK_e:
      if (ctrl && editor.document.has_rig)
        editor.ui.path_command_requested =
            (k.keysym.mod & KMOD_SHIFT) ? PathCommand::export_motion : PathCommand::export_gltf;
      break;
    case SDLK_z:
      if (ctrl && (k.keysym.mod & KMOD_SHIFT)) redo(editor);
      else if (ctrl) undo(editor);
      break;
    case SDLK_y:
      if (ctrl) redo(editor);
      break;
    // The timeline's keys, as in animation tools. Space plays / pauses when the rig has clips;
    // without clips it pauses solving, as it always did. P pauses solving in both cases.
    case SDLK_SPACE:
      if (has_clips(editor))
        toggle_play(editor);
      else
        toggle_solving(editor);
      break;
    case SDLK_p:
      if (!ctrl) toggle_solving(editor);
      break;
    case SDLK_k:
      if (!ctrl) toggle_play(editor);
      break;
    case SDLK_j:
    case SDLK_LEFT:
      if (!ctrl) step_frame(editor, -1);
      break;
    case SDLK_l:
    case SDLK_RIGHT:
      if (!ctrl) step_frame(editor, 1);
      break;
    case SDLK_HOME:
      jump_to_end(editor, false);
      break;
    case SDLK_END:
      jump_to_end(editor, true);
      break;
    case SDLK_r:  // R: the rotate gizmo; Alt+R clears the pose, as Blender's Alt clears a transform
      if (alt && !ctrl)
        reset_pose_and_goals(editor);
      else if (!ctrl)
        editor.selection.gizmo_mode = GizmoMode::rotate;
      break;
    case SDLK_m:
      if (!ctrl) editor.view.show_mesh = !editor.view.show_mesh;
      break;
    case SDLK_q:
      if (ctrl) editor.ui.quit_requested = true;
      break;
    default:
      break;
  }
}

}  // namespace

// ---- Handles ------------------------------------------------------------------------------

bool goal_has_orientation(const Editor& editor, int c) {
  // Handle c below the chain count is chain c's own goal (app/editor/goal_handles.h).
  return c >= 0 && c < static_cast<int>(editor.document.chains.size()) && goal_handle_has_orientation(editor, c);
}

bool pole_shown(const Editor& editor, int c) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return false;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  return chain.goal.use_pole && !chain.goal.auto_pole && chain.solver >= 0 && chain.solver < ik::solver_count() &&
         ik::uses_pole(ik::solver_table()[chain.solver]) &&
         ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector).size() >= 3;
}

void pole_handles(const Editor& editor, std::vector<glm::vec3>& points, std::vector<int>& chains) {
  points.clear();
  chains.clear();
  for (int c = 0; c < static_cast<int>(editor.document.chains.size()); ++c)
    if (pole_shown(editor, c)) {
      points.push_back(editor.document.chains[static_cast<size_t>(c)].goal.pole_target);
      chains.push_back(c);
    }
}

int chain_middle_joint(const Editor& editor, int c) {
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const std::vector<int> path = ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector);
  return path.empty() ? chain.root : path[path.size() / 2];
}

GrabbableHandles grabbable_handles(const Editor& editor) {
  GrabbableHandles handles;
  handles.points = goal_positions(editor);
  handles.goal_count = handles.points.size();
  // A full-body chain's extra effectors come after the chains' own goals: their chain is it.
  for (int h = 0; h < static_cast<int>(handles.goal_count); ++h) handles.chains.push_back(goal_handle_chain(editor, h));
  std::vector<glm::vec3> poles;
  std::vector<int> pole_chains;
  pole_handles(editor, poles, pole_chains);
  handles.points.insert(handles.points.end(), poles.begin(), poles.end());
  handles.chains.insert(handles.chains.end(), pole_chains.begin(), pole_chains.end());
  handles.pole_end = handles.points.size();
  std::vector<glm::vec3> spline_points;
  std::vector<int> spline_chains;
  spline_handles(editor, spline_points, spline_chains, handles.spline_indices);
  handles.points.insert(handles.points.end(), spline_points.begin(), spline_points.end());
  handles.chains.insert(handles.chains.end(), spline_chains.begin(), spline_chains.end());
  return handles;
}

bool selected_gizmo_centre(const Editor& editor, glm::vec3& centre) {
  const int h = selected_goal_handle(editor);
  if (!editor.document.has_rig || h < 0) return false;
  // A chain's handle hidden in full-body mode (the per-chain setup it replaced) gets no gizmo either.
  if (h < static_cast<int>(editor.document.chains.size()) && !goal_handle_shown(editor, h)) return false;
  centre = goal_handle_goal(editor, h).position;
  return true;
}

GizmoPart pick_selected_gizmo(const Editor& editor, const ViewportArea& area, float x, float y) {
  glm::vec3 centre;
  if (!selected_gizmo_centre(editor, centre)) return GizmoPart::none;
  return pick_gizmo(editor.selection.gizmo_mode, editor.view.camera, area, centre, x, y);
}

std::vector<glm::vec3> goal_positions(const Editor& editor) {
  std::vector<glm::vec3> points;
  points.reserve(editor.document.chains.size());
  // A hidden handle (a chain the full-body mode turned off) is NaN: never visible, never picked.
  for (size_t c = 0; c < editor.document.chains.size(); ++c)
    points.push_back(goal_handle_shown(editor, static_cast<int>(c))
                         ? handed_goal(editor, static_cast<int>(c)).position  // where it is drawn
                         : glm::vec3(std::numeric_limits<float>::quiet_NaN()));
  append_extra_goal_handles(editor, points, nullptr);
  return points;
}

// ---- Events -------------------------------------------------------------------------------

void handle_viewport_event(Editor& editor, ViewportInput& input, const SDL_Event& event,
                           const ViewportArea& area, bool imgui_wants_mouse,
                           bool imgui_wants_keyboard) {
  switch (event.type) {
    case SDL_MOUSEBUTTONDOWN:
      if (!imgui_wants_mouse) on_button_down(editor, input, event.button, area);
      break;
    case SDL_MOUSEBUTTONUP:
      // A drag that began in the viewport ends here even if the mouse is over a panel.
      on_button_up(editor, input, event.button, area);
      break;
    case SDL_MOUSEMOTION:
      on_motion(editor, input, event.motion, area);
      break;
    case SDL_MOUSEWHEEL:
      if (!imgui_wants_mouse) {
        int mx = 0, my = 0;
        SDL_GetMouseState(&mx, &my);
        if (area.contains(static_cast<float>(mx), static_cast<float>(my)))
          editor.view.camera.zoom(static_cast<float>(event.wheel.y));
      }
      break;
    case SDL_KEYDOWN:
      // F1 and F12 work everywhere; the other keys only when no text field has the keyboard.
      if (!imgui_wants_keyboard || event.key.keysym.sym == SDLK_F1 || event.key.keysym.sym == SDLK_F12)
        on_key(editor, event.key);
      break;
    default:
      break;
  }
}

}  // namespace app
