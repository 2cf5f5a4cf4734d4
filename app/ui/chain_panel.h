// The Chains panel: the chain list with each chain's stop reason, iterations and error;
// for the selected chain its solver, live parameters, goal and convergence plot.
#pragma once

#include "app/editor/editor.h"

namespace app {

// Draws the panel in the window rectangle given (window coordinates).
void draw_chain_panel(Editor& editor, float x, float y, float width, float height);

}  // namespace app
