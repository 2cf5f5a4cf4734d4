#include "solvers/chain.h"

namespace ik {

const char* to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::reached:
      return "reached";
    case SolveStatus::max_iterations:
      return "max iterations";
    case SolveStatus::stalled:
      return "stalled";
    case SolveStatus::unreachable:
      return "unreachable";
    case SolveStatus::invalid_input:
      return "invalid input";
  }
  return "unknown";
}

}  // namespace ik
