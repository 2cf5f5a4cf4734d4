// The Full body panel: a small window over the 3D view's lower left corner. With the mode
// off, one button enters it (app/full_body_mode.h); with it on: per effector its pin, weight
// and error (and the total), the per-effector error plot of the solve Step inspects, the
// solve's status, iterations, µs and clamped joints, stiffness per joint role and of the
// hips' translation as live controls, and the comparison with the per-chain setup.
#pragma once

#include "app/editor.h"
#include "app/viewport.h"

namespace app {

// Draws the panel (between ImGui's NewFrame and Render) inside `area`'s lower left.
void draw_full_body_panel(Editor& editor, const ViewportArea& area);

}  // namespace app
