// How the panels word a solve's stop reason, consistently with its iteration count and
// the limit that stopped it. Most solvers stop at Params::max_iterations; a physics
// solver (mass-spring) runs the substeps one frame's time step owes (time_step /
// substep), so its "max iterations" means "this frame's time ran out while the
// particles still move", not "16 iterations were not enough". A curve solver (spline IK) runs
// one pass whatever max_iterations says. A solver's own note (SolveResult::note) ends the detail.
#pragma once

#include <string>

#include "solvers/ik/chain.h"
#include "solvers/scene/solver_table.h"

namespace app {

struct StopReason {
  std::string status;  // "reached", "max iterations", "still settling", ...
  std::string detail;  // "after 4 of 16 iterations, error 0.012", "after 4 substeps (one 1/60 s time step), ..."
};

StopReason describe_stop(const ik::SolverInfo& solver, const ik::Params& params, const ik::SolveResult& result);

}  // namespace app
