#include "app/editor/stop_reason.h"

#include <cstdio>
#include <string>

namespace app {

StopReason describe_stop(const ik::SolverInfo& solver, const ik::Params& params, const ik::SolveResult& result) {
  StopReason out;
  const bool physics = solver.family == ik::SolverFamily::physics;
  out.status = ik::to_string(result.status);
  if (physics && result.status == ik::SolveStatus::max_iterations) out.status = "still settling";
  char buf[160];
  if (result.iterations <= 0) {
    std::snprintf(buf, sizeof(buf),
                  result.status == ik::SolveStatus::reached ? "already within tolerance, error %.3g"
                                                            : "no iteration run, error %.3g",
                  static_cast<double>(result.error));
  } else if (physics) {
    std::snprintf(buf, sizeof(buf), "after %d substep%s (one %.3g s time step), error %.3g", result.iterations,
                  result.iterations == 1 ? "" : "s", static_cast<double>(params.time_step),
                  static_cast<double>(result.error));
  } else if (solver.family == ik::SolverFamily::curve) {
    std::snprintf(buf, sizeof(buf), "in one pass, error %.3g", static_cast<double>(result.error));
  } else {
    std::snprintf(buf, sizeof(buf), "after %d of %d iterations, error %.3g", result.iterations, params.max_iterations,
                  static_cast<double>(result.error));
  }
  out.detail = buf;
  // The solver's own one line on why (the spline solver: which way curve and chain differ).
  if (result.note != nullptr) out.detail += std::string(": ") + result.note;
  return out;
}

StopReason describe_stop(const ik::SolverInfo& solver, const ik::Params& params, const ik::SolveResult& result,
                         const ik::GoalReading& reading, const ik::Skeleton& skeleton) {
  StopReason out = describe_stop(solver, params, result);
  // The whole goal reached: the status word says it all (--state-out keeps the parts).
  if (reading.whole_goal_reached() || result.status == ik::SolveStatus::invalid_input) return out;
  out.parts = ik::describe_goal_parts(reading, skeleton);
  if (out.parts.empty()) return out;
  const std::string reached = "position reached ";
  if (reading.partly_reached()) {
    out.status = "position reached";
    out.partial = true;
    if (out.parts.compare(0, reached.size(), reached) == 0) out.parts.erase(0, reached.size());
  }
  return out;
}

}  // namespace app
