// The selected joint's limits drawn in the viewport, over the pose:
//   * a swing-twist cone: its rim as a line loop with spokes from the joint (the cone's
//     surface, translucent lines), a twist arc across the bone showing the twist range with a
//     tick at the current twist, and the bone's current direction as a line from the joint;
//   * a hinge: the arc the bone sweeps over the hinge's range, with the current direction.
// The current direction and the twist tick are green inside and red at (or past) a limit.
// The cone sits in the joint's rest frame under its parent's current frame (where the
// limits are measured); sizes follow the bone's length.
#pragma once

#include "app/editor/editor.h"
#include "render/renderer.h"

namespace app {

// Draws the limits of editor.selected_joint (nothing for none, per-axis or unlimited).
void draw_selected_joint_limits(render::Renderer& renderer, const Editor& editor);

// True if the joint's current rotation lies on (within 1 %) or past a limit of its cone or
// hinge: the drawing's red.
bool joint_at_limit(const ik::JointLimits& limits, const glm::quat& rest, const glm::quat& local);

}  // namespace app
