#include "app/picking.h"

namespace app {

void hover_viewport(Editor& editor, const ViewportInput& input, const ViewportArea& area,
                    bool imgui_wants_mouse, float mouse_x, float mouse_y) {
  if (!imgui_wants_mouse && input.drag == ViewportInput::Drag::none) {
    if (editor.has_rig && area.contains(mouse_x, mouse_y)) {
      editor.hovered_goal = pick_point(editor.camera, area, goal_positions(editor), mouse_x,
                                       mouse_y, kGoalPickRadius);
      if (editor.hovered_goal < 0)
        editor.hovered_joint =
            pick_joint(editor.camera, area, editor.world, mouse_x, mouse_y, kPickRadius);
    }
  } else if (input.drag == ViewportInput::Drag::goal) {
    editor.hovered_goal = input.goal_chain;
  }
}

}  // namespace app
