// Where the side panels go in a window of a given width: the saved widths
// (panel_layout_file.h) are the panels' widths in a window kLayoutReferenceWidth points wide;
// a wider window widens them in proportion (names and labels get the room, not only the
// view), as long as the 3D viewport keeps at least half the window, else both are
// narrowed in proportion. A collapsed panel is a thin strip at its edge. Pure
// arithmetic, so the rule is unit-tested rather than found by looking.
#pragma once

#include "app/editor/panel_layout_file.h"

namespace app {

// The window width at which the saved widths are the panels' widths (the default window's).
inline constexpr float kLayoutReferenceWidth = 1280.0f;

struct PanelWidths {
  float skeleton = 0.0f;  // the left panel, or its collapsed strip (window points)
  float chains = 0.0f;    // the right panel, or its strip
  float viewport = 0.0f;  // what is left between them and their splitters (>= 1)
  float budget = 0.0f;    // the most the two open panels may take together
  float grow = 1.0f;      // window width / kLayoutReferenceWidth, at least 1: a saved width
                          // times this is the panel's width before the budget
};

// `strip`: a collapsed panel's width; `splitter`: the draggable edge beside an open
// panel. The open panels get at most half the window minus the strips and splitters, so
// the viewport is never narrower than half the window (when the window has room for it).
// Widths are whole points.
PanelWidths fit_panels(const PanelLayout& layout, float window_width, float strip, float splitter);

// The Motion analysis dock's height under the view, in `body_height` points between the
// menu and the timeline: its saved height, at most 60 % of that (the view keeps the rest),
// at least kMinPanelWidth where the body has room; `strip` when collapsed; 0 when closed.
// Whole points.
float fit_motion_dock(const PanelLayout& layout, bool open, float body_height, float strip);

}  // namespace app
