// The Chains panel's convergence view: the error-per-iteration plot (log scale) of the
// selected chain's solve, or with Compare solvers on, every solver's curve and the
// comparison table. Drawn with ImDrawList (no plotting library), laid out like one: axes
// outside the plot area, decade ticks with minor ticks and labels that never overlap
// (app/editor/plot_axes.h), a legend with the solvers' display names in their colours,
// hover to read values, markers (the tolerance, the step iteration) under the curves, and
// a bottom edge to drag for more or less height (remembered for the session; by default a
// third of the panel).
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "app/editor/editor.h"

namespace app {

struct PlotSeries {
  const std::vector<float>* errors = nullptr;  // before iteration 1, then after each
  ImU32 colour = 0;
  std::string name;  // the legend's and the tooltip's
  int style = 0;     // its line style (app/ui/plot_lines.h), the cue besides the colour
};

// The plot, as wide as the content region. `marker`: an iteration to mark (step mode),
// -1 for none; `tolerance` > 0: a dashed line at that error.
void draw_error_plot(const std::vector<PlotSeries>& series, int marker, float tolerance);

// The comparison of every solver on chain `c` (editor.inspection.comparison): a caption, the table
// (one row per solver of the table, refused and skipped ones with the reason), then the
// plot of each run's error per iteration. Returns the table's bottom edge (window y).
float draw_comparison(const Editor& editor, int c);

// Chain `c`'s convergence: the comparison (as draw_comparison) in compare mode, else the
// plot of the solve Step inspects; a solver that refuses the chain shows why instead of a
// stale curve.
void draw_convergence(const Editor& editor, int c);

}  // namespace app
