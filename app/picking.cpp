#include "app/picking.h"

namespace app {

void hover_viewport(Editor& editor, const ViewportInput& input, const ViewportArea& area, bool imgui_wants_mouse,
                    float mouse_x, float mouse_y) {
  // The dragged gizmo part stays lit; otherwise re-found below (or nothing, over a panel).
  editor.hovered_gizmo_part = input.drag == ViewportInput::Drag::gizmo ? input.gizmo.part : GizmoPart::none;
  if (!imgui_wants_mouse && input.drag == ViewportInput::Drag::none) {
    if (editor.has_rig && area.contains(mouse_x, mouse_y)) {
      // The selected goal's gizmo wins over every handle (a press there drags the gizmo).
      editor.hovered_gizmo_part = pick_selected_gizmo(editor, area, mouse_x, mouse_y);
      if (editor.hovered_gizmo_part != GizmoPart::none) return;
      // The same choice as a press makes (viewport_input.cpp): the selected chain's goal
      // first, then the nearest to the camera.
      std::vector<int> owners(editor.chains.size());
      for (size_t c = 0; c < owners.size(); ++c) owners[c] = static_cast<int>(c);
      editor.hovered_goal = pick_handle(editor.camera, area, goal_positions(editor), owners, editor.selected_chain,
                                        mouse_x, mouse_y, kGoalPickRadius);
      if (editor.hovered_goal < 0)
        editor.hovered_joint = pick_joint(editor.camera, area, editor.world, mouse_x, mouse_y, kPickRadius);
    }
  } else if (input.drag == ViewportInput::Drag::goal) {
    editor.hovered_goal = input.goal_chain;
  }
}

}  // namespace app
