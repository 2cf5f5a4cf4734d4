// File > Mapping of this clip: the imported clip shown on the timeline, joint by joint --
// which source joint each of the rig's joints follows, changed with a combo per joint (a
// twist bone made to follow, a joint the roles got wrong, one left at rest), fingers carried
// over or left at rest, and Reset to roles. Each change retargets the clip again
// (remap_motion, app/editor/motion_import.h) as one undo step, and a session keeps it.
#pragma once

namespace app {

struct Editor;

void draw_mapping_window(Editor& editor);

}  // namespace app
