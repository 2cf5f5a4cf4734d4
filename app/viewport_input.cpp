#include "app/viewport_input.h"

#include <cmath>

namespace app {
namespace {

void select_joint(Editor& editor, int joint) {
  editor.selected_joint = joint;
  editor.outline_scroll_to_selection = joint >= 0;
}

void on_button_down(Editor& editor, ViewportInput& input, const SDL_MouseButtonEvent& b,
                    const ViewportArea& area) {
  const float x = static_cast<float>(b.x), y = static_cast<float>(b.y);
  if (!area.contains(x, y)) return;
  const SDL_Keymod mods = SDL_GetModState();
  input.last_x = x;
  input.last_y = y;
  if (b.button == SDL_BUTTON_MIDDLE) {
    input.drag = (mods & KMOD_SHIFT) ? ViewportInput::Drag::pan : ViewportInput::Drag::orbit;
  } else if (b.button == SDL_BUTTON_LEFT) {
    if (mods & KMOD_ALT) {
      input.drag = ViewportInput::Drag::orbit;
    } else {
      input.drag = ViewportInput::Drag::click;
      input.press_x = x;
      input.press_y = y;
    }
  }
  (void)editor;
}

void on_button_up(Editor& editor, ViewportInput& input, const SDL_MouseButtonEvent& b,
                  const ViewportArea& area) {
  const float x = static_cast<float>(b.x), y = static_cast<float>(b.y);
  if (input.drag == ViewportInput::Drag::click && b.button == SDL_BUTTON_LEFT) {
    // A click (not a drag) selects the joint under the mouse, or clears the selection.
    const float moved = std::abs(x - input.press_x) + std::abs(y - input.press_y);
    if (moved < 5.0f && editor.has_rig)
      select_joint(editor, pick_joint(editor.camera, area, editor.world, x, y, kPickRadius));
  }
  input.drag = ViewportInput::Drag::none;
}

void on_motion(Editor& editor, ViewportInput& input, const SDL_MouseMotionEvent& m,
               const ViewportArea& area) {
  const float x = static_cast<float>(m.x), y = static_cast<float>(m.y);
  const float dx = x - input.last_x, dy = y - input.last_y;
  input.last_x = x;
  input.last_y = y;
  switch (input.drag) {
    case ViewportInput::Drag::orbit:
      editor.camera.orbit(dx, dy);
      break;
    case ViewportInput::Drag::pan:
      editor.camera.pan(dx, dy, area.height);
      break;
    case ViewportInput::Drag::none:
    case ViewportInput::Drag::click:
      break;  // hovering is found once per frame in main, not per motion event
  }
}

void on_key(Editor& editor, const SDL_KeyboardEvent& k) {
  const bool ctrl = (k.keysym.mod & KMOD_CTRL) != 0;
  switch (k.keysym.sym) {
    case SDLK_f:
      if (!ctrl) editor.frame_all_requested = true;
      break;
    case SDLK_F1:
      editor.show_help = !editor.show_help;
      break;
    case SDLK_F12:
      editor.screenshot_requested = true;
      break;
    case SDLK_ESCAPE:
      select_joint(editor, -1);
      break;
    case SDLK_o:
      if (ctrl) editor.open_requested = true;
      break;
    case SDLK_q:
      if (ctrl) editor.quit_requested = true;
      break;
    default:
      break;
  }
}

}  // namespace

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
          editor.camera.zoom(static_cast<float>(event.wheel.y));
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
