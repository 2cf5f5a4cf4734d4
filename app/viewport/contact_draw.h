// Foot contacts in the viewport: while the timeline's Contacts toggle is on, each contact
// joint planted at the clip's current time (app/editor/foot_contacts.h) gets a ring on the
// ground under it (the document's ground, solvers/anim/ground.h; the plane y = 0 where the
// grid is, unless set otherwise), a tenth of its leg's length across
// and in the timeline rows' amber, with a line down from the joint to it. Reads the editor only.
#pragma once

#include "app/editor/editor.h"
#include "render/renderer.h"

namespace app {

void draw_contacts(render::Renderer& renderer, const Editor& editor);

}  // namespace app
