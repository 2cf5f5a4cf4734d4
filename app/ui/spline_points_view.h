// The Solver tab's rows for a spline chain (solvers/ik/spline/spline.h): its control points as
// editable coordinates, and buttons to add one, remove one and lay them along the chain again.
#pragma once

#include "app/editor/editor.h"

namespace app {

// Draws the rows for chain `c` (a spline chain); edits are undo steps.
void draw_spline_points(Editor& editor, int c);

}  // namespace app
