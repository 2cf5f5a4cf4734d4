#include "app/editor/status_colours.h"

namespace app {

const MarkStyle& mark_style(Mark mark) {
  static const MarkStyle kStyles[] = {
      {{0.45f, 0.85f, 0.45f, 1.0f}, "reached", "the whole goal is reached"},
      {{0.45f, 0.70f, 0.95f, 1.0f}, "position reached", "the position is reached, the orientation or pole is not"},
      {{0.95f, 0.75f, 0.30f, 1.0f}, "stalled", "the solver stopped short: stalled, out of iterations, settling"},
      {{0.95f, 0.40f, 0.35f, 1.0f}, "unreachable", "the goal is out of the chain's reach: the solve failed"},
      {{0.60f, 0.60f, 0.62f, 1.0f}, "off", "the chain is off, the solver skips it, or its input is invalid"},
      {{0.95f, 0.35f, 0.85f, 1.0f}, "at a limit", "a joint the last solve held at its limit"},
      {{1.00f, 1.00f, 1.00f, 1.0f}, "selected", "the goal the gizmo is on"},
      {{0.55f, 0.85f, 1.00f, 1.0f}, "under the mouse", "the handle a press would grab"},
  };
  return kStyles[static_cast<int>(mark)];
}

Mark goal_mark(ik::SolveStatus status, bool partial, bool enabled) {
  if (!enabled) return Mark::off;
  if (partial) return Mark::position_only;
  switch (status) {
    case ik::SolveStatus::reached:
      return Mark::reached;
    case ik::SolveStatus::unreachable:
      return Mark::failed;
    case ik::SolveStatus::stalled:
    case ik::SolveStatus::max_iterations:
      return Mark::short_of;
    case ik::SolveStatus::invalid_input:
      break;
  }
  return Mark::off;
}

}  // namespace app
