// The ground the feet are cleaned up on (editor.document.ground, solvers/anim/ground.h), when
// it is not the plane: its surface as a lattice of lines, on the floor grid's minor spacing
// (render/grid_spacing.h), reaching one scene size from the origin in X and Z, in a pale
// sand colour under the figure. The plane is the floor grid itself. Reads the editor only.
#pragma once

#include "app/editor/editor.h"
#include "render/renderer.h"

namespace app {

void draw_ground(render::Renderer& renderer, const Editor& editor);

}  // namespace app
