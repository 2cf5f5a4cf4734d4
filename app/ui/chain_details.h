// The Chains panel's part for the selected chain: its name, Enabled, Remove and stop
// reason, then three tabs (four for the full-body chain, whose "Body" tab comes first: its
// effectors, stiffness and comparison, app/ui/full_body_panel.h) -- "Solver" (root and
// effector, solver, live parameters,
// IK weight, goal, orientation goal, pole), "Convergence" (Solve from rest, Step and its iteration scrubber, the
// Jacobian readout, the error plot) and "Compare" (the compare mode while it is open: every solver's table, then their
// plot) -- so the panel fits a 1280x800 window.
#pragma once

#include <imgui.h>

#include "app/editor/editor.h"
#include "app/editor/status_colours.h"
#include "solvers/ik/chain.h"

namespace app {

// A mark's colour in the one vocabulary (app/editor/status_colours.h), for ImGui.
ImVec4 mark_colour(Mark mark);

// The colour a stop reason is shown in (reached green, stalled amber, unreachable red, ...).
ImVec4 status_colour(ik::SolveStatus s);

// The colour of a stop reason: a reached position with another part of the goal short or
// ignored (StopReason::partial, GoalReading::partly_reached) in its own blue, else
// status_colour.
ImVec4 stop_colour(bool partial, ik::SolveStatus s);

// Chain `c` (a valid index) below the chain table; returns the tab shown (0 Solver,
// 1 Convergence, 2 Compare, 3 Body) or -1 if the chain was removed.
int draw_selected_chain(Editor& editor, int c);

}  // namespace app
