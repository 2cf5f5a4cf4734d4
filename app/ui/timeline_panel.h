// The timeline panel along the bottom of the window (the clock it shows and edits:
// app/editor/timeline.h): clip list, |< < Play > >|, loop, speed, the time in seconds and in
// frames at the clip's rate, Record (T), and the scrub bar.
#pragma once

namespace app {

struct Editor;

// The panel's height this frame (one line without clips), and the panel itself.
float timeline_height(const Editor& editor);
void draw_timeline(Editor& editor, float x, float y, float width, float height);

}  // namespace app
