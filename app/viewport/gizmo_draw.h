// Drawing the gizmo of app/editor/gizmo.h on the selected goal handle (a chain's goal or a full-body
// extra effector's, app/editor/full_body_mode.h), and the viewport's small toolbar
// (Move / Rotate gizmo, Perspective / Orthographic) in the 3D view's top-left corner.
#pragma once

#include "app/editor/editor.h"
#include "app/editor/viewport.h"
#include "render/renderer.h"

namespace app {

// The selected goal handle's gizmo in editor.selection.gizmo_mode, through everything (on top): axis
// parts red / green / blue, the view ring light grey, the hovered or dragged part pale
// yellow and thicker. A rotate gizmo on a goal without a used orientation is drawn faint
// (its rings do nothing then). Nothing without a rig or a selected handle
// (selected_gizmo_centre, app/viewport/viewport_input.h).
void draw_gizmo(render::Renderer& renderer, const Editor& editor, const ViewportArea& area);

// A band across the top of `area`, the 3D view's (which gives up its height, so no button
// covers the figure): "Move (G)", "Rotate (R)", the projection ("Persp (Num5)" / "Ortho
// (Num5)") and the drag plane. Call between the panels and the end of the ImGui frame;
// records their rectangles in editor.ui.widget_rects (gizmo_translate,
// gizmo_rotate, view_projection) for the end-to-end tests, and where the gizmo's
// arrows are (gizmo_arrow_x|y|z: a point halfway along the shaft, then the vector from it
// to the tip).
void draw_viewport_toolbar(Editor& editor, ViewportArea& area);

}  // namespace app
