// The program's full-body settings that are not in the chains: how stiff each joint role
// is and how much the hips resist sliding (FullBodyScratch's settings, solvers/full_body.h),
// and the last comparison with the per-chain setup. Kept in the Editor and copied into the
// solver's workspace before every frame's solve, so Reset pose (which renews the workspace)
// keeps them. The effectors themselves (goals, weights, pins) live in the full-body chain
// (app/full_body_mode.h), so they are saved, loaded and undone like every chain edit.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "solvers/rig_roles.h"

namespace app {

// Roles are a small enum (solvers/rig_roles.h); one stiffness per role.
inline constexpr int kRoleSlots = static_cast<int>(ik::Role::twist) + 1;

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

struct FullBodySettings {
  // Stiffness per role (index: ik::Role), > 0; filled from ik::role_stiffness on first use.
  std::array<float, kRoleSlots> role_stiffness{};
  bool role_stiffness_set = false;
  float root_translation_stiffness = 4.0f;  // FullBodyScratch::root_translation_stiffness
  FullBodyComparison comparison;
};

}  // namespace app
