// The Motion analysis panel on screen; its state, runs and export: app/editor/motion_panel.h.
#pragma once

namespace app {

struct Editor;
struct MotionPanel;

// The panel window, placed over the bottom of the area (x, y, width, height) the first time.
void draw_motion_panel(Editor& editor, float x, float y, float width, float height);

// The plot (motion_plot_view.cpp): the panel's series of every run over time, the
// timeline's time (`marker_time`, NaN for none) and the ghost frame marked. Returns the
// frame clicked (-1 = none).
int draw_motion_plot(const MotionPanel& panel, float marker_time);

}  // namespace app
