// The Motion analysis panel on screen; its state, runs and export: app/editor/motion_panel.h.
#pragma once

namespace app {

struct Editor;
struct MotionPanel;

// The panel: a dock at (x, y) of `width` by `height` points under the view (the view shrinks
// for it: app/ui/panels.cpp's layout), never over the figure.
void draw_motion_panel(Editor& editor, float x, float y, float width, float height);

// The plot (motion_plot_view.cpp), filling the space left: the panel's series of every run
// over time, each in its solver's colour and line style, with a legend under it, the
// timeline's time (`marker_time`, NaN for none) and the ghost frame marked. Returns the frame
// clicked (-1 = none).
int draw_motion_plot(const MotionPanel& panel, float marker_time);

}  // namespace app
