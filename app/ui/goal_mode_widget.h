// The chain's goal-mode control in its settings (app/editor/goal_motion.h): a combo (pinned /
// follows a joint / follows the animation / follows each of the chain's paths), the offset
// with a button that zeroes it, and the chain's recorded paths (rename, delete).
#pragma once

namespace app {

struct Editor;

void draw_goal_mode(Editor& editor, int c);

}  // namespace app
