#include "app/viewport/picking.h"

namespace app {

void hover_viewport(Editor& editor, const ViewportInput& input, const ViewportArea& area, bool imgui_wants_mouse,
                    float mouse_x, float mouse_y) {
  // The dragged gizmo part stays lit; otherwise re-found below (or nothing, over a panel).
  editor.selection.hovered_gizmo_part = input.drag == ViewportInput::Drag::gizmo ? input.gizmo.part : GizmoPart::none;
  if (!imgui_wants_mouse && input.drag == ViewportInput::Drag::none) {
    if (editor.document.has_rig && area.contains(mouse_x, mouse_y)) {
      // The selected goal's gizmo wins over every handle (a press there drags the gizmo).
      editor.selection.hovered_gizmo_part = pick_selected_gizmo(editor, area, mouse_x, mouse_y);
      if (editor.selection.hovered_gizmo_part != GizmoPart::none) return;
      // The same choice as a press makes (viewport_input.cpp): the selected chain's goal
      // handles first (a full-body chain's extra effectors are its too), then the nearest to
      // the camera.
      const GrabbableHandles handles = grabbable_handles(editor);
      const std::vector<glm::vec3> goals(handles.points.begin(),
                                         handles.points.begin() + static_cast<std::ptrdiff_t>(handles.goal_count));
      editor.selection.hovered_goal = pick_handle(editor.view.camera, area, goals, handles.chains, editor.selection.chain, mouse_x,
                                        mouse_y, kGoalPickRadius);
      if (editor.selection.hovered_goal < 0)
        editor.selection.hovered_joint = pick_joint(editor.view.camera, area, editor.solve.world, mouse_x, mouse_y, kPickRadius);
    }
  } else if (input.drag == ViewportInput::Drag::goal) {
    editor.selection.hovered_goal = input.goal_chain;
  }
}

}  // namespace app
