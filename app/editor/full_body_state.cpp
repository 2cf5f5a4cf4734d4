#include "app/editor/full_body_state.h"

#include <algorithm>

namespace app {

bool same_full_body_state(const FullBodyState& a, const FullBodyState& b) {
  const size_t n = std::max(a.disabled_by_mode.size(), b.disabled_by_mode.size());
  for (size_t c = 0; c < n; ++c) {
    const std::uint8_t x = c < a.disabled_by_mode.size() ? a.disabled_by_mode[c] : 0;
    const std::uint8_t y = c < b.disabled_by_mode.size() ? b.disabled_by_mode[c] : 0;
    if (x != y) return false;
  }
  return ik::same_full_body_settings(a.settings, b.settings);
}

}  // namespace app
