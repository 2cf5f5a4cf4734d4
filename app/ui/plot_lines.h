// What the plots draw their lines with (the Compare tab's error plot, the Motion panel's, the
// full-body effectors'): a polyline in one of the line styles a series can have -- the second
// cue beside its colour for readers who tell few colours apart (ik::solver_line_style) --
// and a legend entry that shows the same line before the series' name.
#pragma once

#include <imgui.h>

namespace app {

// Line styles (ik::solver_line_style's numbers): solid, dashed, dotted, dash-dot.
enum PlotLineStyle : int { kSolidLine = 0, kDashedLine = 1, kDottedLine = 2, kDashDotLine = 3 };

// `count` points joined in `colour`, in `style`; the pattern runs on across the segments.
void add_styled_polyline(ImDrawList* dl, const ImVec2* points, int count, ImU32 colour, int style, float thickness);

// The width a legend entry takes (its line sample, a gap and its name).
float legend_entry_width(const char* name);

// A legend entry at the cursor: a short line in `colour` and `style`, then `name` (in
// `colour` when `coloured`, else the text colour). After the first (`first` true, set to
// false), entries follow on the same line while they end before window x `right`.
void legend_entry(const char* name, ImU32 colour, int style, bool coloured, float right, bool& first);

}  // namespace app
