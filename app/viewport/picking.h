// Hover: what is under the mouse in the 3D viewport this frame, so the renderer can
// highlight it and a press knows what it grabs. The gizmo's part (on the selected goal
// handle) wins over everything, a goal handle over the joint behind it (a press on it drags the goal); of
// overlapping goal handles the selected chain's, then the nearest to the camera
// (pick_handle, viewport.h). While a goal or gizmo part is dragged it stays the hovered one.
// The clicks themselves (selecting, starting a drag) are viewport_input.h's; this only
// looks.
#pragma once

#include "app/editor/editor.h"
#include "app/editor/viewport.h"
#include "app/viewport/viewport_input.h"

namespace app {

// Sets editor.selection.hovered_goal / editor.selection.hovered_joint from the mouse at (mouse_x, mouse_y)
// (window coordinates), unless ImGui has the mouse or a drag other than a goal drag is
// going on; leaves them as they are then (the panels may have set them this frame).
void hover_viewport(Editor& editor, const ViewportInput& input, const ViewportArea& area,
                    bool imgui_wants_mouse, float mouse_x, float mouse_y);

}  // namespace app
