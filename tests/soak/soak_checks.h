// What the solver soak checks after every solve (the contract in solvers/ik/chain.h):
//   * invalid input: status invalid_input and the pose untouched (bit for bit);
//   * otherwise: every number in the pose finite; translations unchanged (but the chain
//     root's for the full-body solver, whose root is free) and, except for
//     the scale-target solver, scales unchanged (so bone lengths are kept); rotations of
//     unit length; joints outside the chain, and locked joints, untouched; with
//     use_limits, every enabled limit of the chain held (within kLimitSlack radians);
//     the bone lengths, measured by forward kinematics, unchanged where every scale above
//     them is uniform; the result's error finite and not negative;
//   * the scale-target solver: each joint's factor within [min_scale, max_scale];
//   * the same input solved again with a fresh workspace gives the same output (checked
//     on a sample, by the caller).
#pragma once

#include <string>
#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/scene/solver_table.h"

namespace soak {

constexpr float kLimitSlack = 1e-3f;      // radians
constexpr float kUnitRotationSlack = 1e-4f;  // | |q| - 1 |

struct Violation {
  const char* check;    // short name, for counting: "finite", "limits", ...
  std::string message;  // what exactly
};

struct SolveRecord {
  const ik::SolverInfo* solver = nullptr;
  const ik::Skeleton* skeleton = nullptr;
  const ik::Chain* chain = nullptr;
  const std::vector<std::uint8_t>* locked = nullptr;
  const ik::Pose* before = nullptr;
  const ik::Pose* after = nullptr;
  ik::SolveResult result;
  bool expect_invalid = false;
  // The full-body solver's settings the solve ran with (null: none): a joint of infinite
  // stiffness keeps its rotation, an infinite root translation stiffness the root's place.
  const std::vector<float>* stiffness = nullptr;
  float root_translation_stiffness = 4.0f;
};

// Appends every violation found (none for a good solve).
void check_solve(const SolveRecord& record, std::vector<Violation>& violations);

// Exact comparison of two poses; the first difference as text, or "".
std::string pose_difference(const ik::Pose& a, const ik::Pose& b);

}  // namespace soak
