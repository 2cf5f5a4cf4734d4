// Spline IK's control points in the editor (solvers/ik/spline/spline.h): where they come from
// when a chain is given the spline solver, which the viewport shows as handles, and the curve it
// draws through them. Control points live in the chain (Chain::spline_points, model space), so
// undo, sessions and the comparison carry them like the goal.
#pragma once

#include <vector>

#include "app/editor/editor.h"

namespace app {

// How many times place_default_spline_points moves the goal onto the end of the chain laid
// along the new curve (each move changes the curve's end a little less).
inline constexpr int kDefaultGoalFits = 4;

// True if chain `c` exists and its solver is the spline solver.
bool is_spline_chain(const Editor& editor, int c);

// Chain `c`'s control points spread evenly along the chain as it is shown now
// (editor.solve.world; ik::default_spline_point_count of them, on joints), and its goal on its
// effector, then moved to where the chain laid along that curve ends, so the chain stays about
// where it is, reaching its goal, until a handle is dragged. Not an undo step (the caller
// commits). False if the chain has no path.
bool place_default_spline_points(Editor& editor, int c);

// After chain `c`'s solver was picked: a spline chain without control points gets the defaults
// (place_default_spline_points). Other solvers keep the points (switching back finds them).
void give_spline_points_if_missing(Editor& editor, int c);

// Spline handles: chain `c` shows its control points when it is a spline chain whose goal
// handle is shown (not turned off by full-body mode). spline_handles lists every shown point,
// its chain and its index in that chain's Chain::spline_points.
bool spline_shown(const Editor& editor, int c);
void spline_handles(const Editor& editor, std::vector<glm::vec3>& points, std::vector<int>& chains,
                    std::vector<int>& indices);

// The curve chain `c`'s solver follows, as drawn: from its root (in the pose shown) through its
// control points to its goal, sampled as the solver samples it. Empty when the chain is not shown.
std::vector<glm::vec3> spline_curve_points(const Editor& editor, int c);

}  // namespace app
