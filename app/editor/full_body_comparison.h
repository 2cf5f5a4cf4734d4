// The last comparison of full-body mode's setup with the per-chain setup it replaced (the
// Full body panel's "Compare with per-chain setup", app/editor/full_body_mode.h): both solved once
// from the rest pose on the full-body chain's goals. A result to show, not an edit: kept in
// the Editor, neither undone nor saved. (The mode's settings are app/editor/full_body_state.h.)
#pragma once

#include <string>
#include <vector>

namespace app {

// One effector's result in a comparison of the full-body and the per-chain setups.
struct FullBodyCompareRow {
  std::string name;               // the effector joint's name
  float full_body_error = 0.0f;   // model units, after the full-body solve
  float per_chain_error = -1.0f;  // after the per-chain solve; < 0: no per-chain chain reaches it
};

// Both setups solved once from the rest pose on the full-body chain's goals.
struct FullBodyComparison {
  bool valid = false;
  std::vector<FullBodyCompareRow> rows;
  float full_body_microseconds = 0.0f;
  float per_chain_microseconds = 0.0f;
  int full_body_reached = 0;  // effectors within the tolerance (holding ones only)
  int per_chain_reached = 0;
  int holding = 0;  // effectors with a weight above 0 or a pin
};

}  // namespace app
