// Where a goal drag goes, drawn in the view: while a goal is dragged in a plane
// (app/editor/goal_drag.h), a square of that plane's grid around the goal; and under the
// selected (or dragged) goal a dashed drop line to the ground with a ring where it meets it
// -- the depth a three-quarter view hides.
#pragma once

#include "app/editor/editor.h"
#include "render/renderer.h"

namespace app {

void draw_drag_cues(render::Renderer& renderer, const Editor& editor);

}  // namespace app
