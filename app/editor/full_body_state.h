// Full-body mode's state outside the chain list (app/editor/full_body_mode.h): its settings, per
// role stiffness and the hips' translation stiffness (io/session/full_body_settings.h), and which
// chains entering the mode disabled (app/editor/full_body_chains.h). The mode itself lives in
// the chain list; this lives beside it and is treated the same way: the undo history keeps
// it in every snapshot with the chains (app/editor/history.h), "unsaved" compares it with the
// state last saved or loaded, and sessions save it.
#pragma once

#include <cstdint>
#include <vector>

#include "io/session/full_body_settings.h"

namespace app {

struct FullBodyState {
  ik::FullBodySettings settings;
  // One flag per chain of the list: 1 if entering full-body mode disabled the chain, so
  // leaving enables it again. May be shorter than the list: the chains past its end are 0
  // (a chain added later).
  std::vector<std::uint8_t> disabled_by_mode;
};

// True if both are equal field by field (what undo and "unsaved" compare; a missing mark
// equals a 0).
bool same_full_body_state(const FullBodyState& a, const FullBodyState& b);

}  // namespace app
