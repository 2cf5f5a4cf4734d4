// Full-body mode's state outside the chain list (app/full_body_mode.h): its settings, per
// role stiffness and the hips' translation stiffness (io/full_body_settings.h). The mode
// itself lives in the chain list; this lives beside it and is treated the same way: the
// undo history keeps it in every snapshot with the chains (app/core/history.h), "unsaved"
// compares it with the state last saved or loaded, and sessions save it.
#pragma once

#include "io/full_body_settings.h"

namespace app {

struct FullBodyState {
  ik::FullBodySettings settings;
};

// True if both are equal field by field (what undo and "unsaved" compare).
bool same_full_body_state(const FullBodyState& a, const FullBodyState& b);

}  // namespace app
