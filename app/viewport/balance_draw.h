// The full-body balance in the 3D view (solvers/ik/full_body/full_body.h, FullBodyScratch::balance): the
// body's centre of mass as the last solve measured it, a plumb line down to the height of
// the pinned effectors (the feet), and where the balance wants it there. Drawn only while
// the full-body mode is on and its balance had a support to balance over. Reads the
// editor, never changes it.
#pragma once

#include "app/editor/editor.h"
#include "render/renderer.h"

namespace app {

// The centre of mass (a small dot), its plumb line and its foot (green within the balance's
// settling distance of the target, orange beyond), and the target's foot (a white cross).
void draw_balance(render::Renderer& renderer, const Editor& editor);

}  // namespace app
