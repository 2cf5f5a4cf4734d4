// How the panels word a solve's stop reason, consistently with its iteration count and
// the limit that stopped it. Most solvers stop at Params::max_iterations; a physics
// solver (mass-spring) runs the substeps one frame's time step owes (time_step /
// substep), so its "max iterations" means "this frame's time ran out while the
// particles still move", not "16 iterations were not enough". A curve solver (spline IK) runs
// one pass whatever max_iterations says. A solver's own note (SolveResult::note) ends the detail.
#pragma once

#include <string>

#include "solvers/ik/chain.h"
#include "solvers/scene/goal_reading.h"
#include "solvers/scene/solver_table.h"

namespace app {

struct StopReason {
  std::string status;  // "reached", "max iterations", "still settling", "position reached", ...
  std::string detail;  // "after 4 of 16 iterations, error 0.012", "after 4 substeps (one 1/60 s time step), ..."
  // Each part of the goal when it is not all reached (describe_stop with a reading; else
  // empty): "orientation 23° short: LeftFoot at its limit" after a "position reached" status,
  // "position short (0.004) · orientation 12° short: ..." after another. The chain's panel
  // shows it on a line of its own below the status, Compare in the status's tooltip.
  std::string parts;
  // The position is reached but another part of the goal is not (short, or not honoured by
  // the solver): status "position reached", in its own colour, never the plain "reached".
  bool partial = false;
};

StopReason describe_stop(const ik::SolverInfo& solver, const ik::Params& params, const ik::SolveResult& result);

// The same with the goal's parts read from the pose (solvers/scene/goal_reading.h): unless the
// whole goal is reached, a goal with an orientation (or a pole the solver ignores) gets its
// parts worded, and a reached position with a part short or ignored reads "position
// reached" whatever the solver's combined error said ("stalled" on the ankle's limit, or
// "reached" by a solver that never looked at the orientation).
StopReason describe_stop(const ik::SolverInfo& solver, const ik::Params& params, const ik::SolveResult& result,
                         const ik::GoalReading& reading, const ik::Skeleton& skeleton);

}  // namespace app
