// The selected joint's details under the skeleton outline: name, parent, glTF node, rest
// transform, model position, and its limits, editable: the kind (none, hinge, per-axis,
// swing-twist cone) and the angles as sliders in degrees (a hinge's axis and a cone's
// bone axis as three numbers). For a rig whose file had no limits, a "Default limits from
// roles" checkbox turns the anatomical defaults (solvers/rig/default_limits.h) on and off.
//
// Limit edits act on the open rig's skeleton at once (the next solve honours them); each
// is one undo step (a slider when let go, a kind at once), the edited joints are marked
// "(edited)" and listed under the checkbox, kept when the defaults are turned off or on,
// and saved in sessions (app/editor/limit_edits.h). Exports do not carry them.
#pragma once

#include "app/editor/editor.h"

namespace app {

// The panel's contents (inside the outline window, below its table).
void draw_joint_details(Editor& editor);

// The height the panel wants, for the outline to leave free below its table.
float joint_details_height();

}  // namespace app
