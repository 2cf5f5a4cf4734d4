#include "solvers/ik/chain.h"

#include <cstring>

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

namespace {
constexpr const char* kGroupNames[kChainGroupCount] = {"other", "fingers", "limbs", "spine", "head", "tail"};
}  // namespace

const char* to_string(ChainGroup group) {
  const int g = static_cast<int>(group);
  return g >= 0 && g < kChainGroupCount ? kGroupNames[g] : "other";
}

bool chain_group_from_string(const char* text, ChainGroup& out) {
  for (int g = 0; g < kChainGroupCount; ++g)
    if (std::strcmp(text, kGroupNames[g]) == 0) {
      out = static_cast<ChainGroup>(g);
      return true;
    }
  return false;
}

}  // namespace ik
