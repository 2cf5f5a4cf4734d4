// The one colour vocabulary of goals and joints: what each colour means, its word, written
// down once here and used by the viewport (goal handles, the lines to goals not reached,
// joints at a limit), the Chains panel's status words, Compare, and F1's legend. Red means
// one thing only: a goal the solver failed (out of the chain's reach).
#pragma once

#include <glm/glm.hpp>

#include "solvers/ik/chain.h"

namespace app {

enum class Mark {
  reached,        // green: the whole goal is reached
  position_only,  // blue: the position is reached, another part (orientation, pole) is not
  short_of,       // amber: the solver stopped short (stalled, out of iterations, settling)
  failed,         // red: the goal is out of the chain's reach
  off,            // grey: the chain is off, skipped or the input invalid
  at_limit,       // magenta: a joint held at its limit by the last solve
  selected,       // white: the goal handle the gizmo is on
  hovered,        // light blue: the handle under the mouse
};
inline constexpr Mark kMarks[] = {Mark::reached, Mark::position_only, Mark::short_of, Mark::failed,
                                  Mark::off,     Mark::at_limit,      Mark::selected, Mark::hovered};

struct MarkStyle {
  glm::vec4 colour;     // linear 0..1, alpha 1
  const char* word;     // as the status column says it, or what the mark is
  const char* meaning;  // one line for F1's legend
};
const MarkStyle& mark_style(Mark mark);

// The mark of a chain's solve: its status, whether only part of its goal is reached (the
// position: StopReason::partial, GoalReading::partly_reached) and whether it is enabled.
Mark goal_mark(ik::SolveStatus status, bool partial, bool enabled = true);

}  // namespace app
