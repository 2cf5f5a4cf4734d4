#include "app/core/full_body_state.h"

namespace app {

bool same_full_body_state(const FullBodyState& a, const FullBodyState& b) {
  return ik::same_full_body_settings(a.settings, b.settings);
}

}  // namespace app
