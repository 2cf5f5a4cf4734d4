// Goal paths in the viewport: each recorded path (editor.document.goal_paths) and the one being
// recorded as a polyline through its samples, with time ticks -- a small dot every 0.25 s of
// the path's time and a larger, white one every whole second (a goal following the path is
// the goal handle on it). The selected chain's paths are brighter; the path being recorded is
// red. Reads the editor only.
#pragma once

#include "app/editor/editor.h"
#include "render/renderer.h"

namespace app {

void draw_goal_paths(render::Renderer& renderer, const Editor& editor);

}  // namespace app
