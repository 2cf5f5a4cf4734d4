// Full-body mode's controls (app/editor/full_body_mode.h), in two places so the 3D view stays in
// sight:
//   * a band across the bottom of the 3D view's column (the view shrinks for it, so it never
//     covers the figure, as the Motion analysis dock does not): with the mode off, one button
//     enters it; with it on, "Per chain" leaves it, "Inspect" selects the full-body chain,
//     the solve's status, iterations, µs and clamped joints, and the balance (on / off, and
//     how far the centre of mass is from over the feet);
//   * the Chains panel's "Body" tab of the full-body chain: per effector its pin, weight and
//     error (and the total), the per-effector error plot of the solve Step inspects,
//     stiffness per joint role and of the hips' translation as live controls, and the
//     comparison with the per-chain setup.
#pragma once

#include "app/editor/editor.h"
#include "app/editor/viewport.h"

namespace app {

// The window (between ImGui's NewFrame and Render) across the bottom of `area`, the 3D
// view's; `area` gives up the band's height (nothing when the window does not show).
void draw_full_body_window(Editor& editor, ViewportArea& area);

// The Body tab's contents for the full-body chain `fb` (inside the Chains panel).
void draw_full_body_details(Editor& editor, int fb);

}  // namespace app
