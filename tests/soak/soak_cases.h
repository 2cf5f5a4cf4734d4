// The solver soak's cases: random rigs, start poses, chains, parameters and goals, by
// kind. Every case comes from its own seed (soak_rng.h), so one case can be re-run alone.
//
// Rigs: a "base" joint carrying a random root transform (identity, rigid with a uniform
// scale, non-uniform scale, mirrored, or a tiny / huge scale), then the chain (its length
// fixed by the solver's exact_bones, else 1 to 8 bones), sometimes a side branch off the
// chain (joints the solve must not move, and a branch tip for extra effectors). Start
// poses respect every enabled limit of the chain, so a limit found exceeded after a solve
// was exceeded by the solver.
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"
#include "tests/soak/soak_rng.h"

namespace soak {

enum class Kind : std::uint8_t {
  reachable,      // a goal some pose within the limits reaches (dragged over 1 to 4 solves)
  unreachable,    // farther than the chain reaches, up to 1e6 times
  degenerate,     // zero-length bones, goal at the root, colinear chain, huge coordinates...
  tight_limits,   // min == max, narrow ranges, narrow hinges
  nan_input,      // a NaN in the goal (position, orientation, pole, up, scale, extra effector)
  inf_input,      // the same with an infinity (or a zero orientation quaternion)
  invalid_chain,  // bad joint indices, a NaN or zero scale in the pose, a wrong-size lock list
  bad_params,     // one parameter NaN, infinite, zero or negative
};
constexpr int kKindCount = 8;
const char* to_string(Kind kind);

// One case: a rig, a start pose, and one or more solves of the same chain, each starting
// from the pose the previous one left (a goal dragged along).
struct Case {
  Kind kind = Kind::reachable;
  const char* variant = "";          // which sub-case, e.g. "goal at the root"
  ik::Skeleton skeleton;
  ik::Pose pose;                      // the start pose
  std::vector<ik::Chain> solves;      // same joints and params, the goal moving
  std::vector<std::uint8_t> locked;   // Workspace::locked for the whole case (empty: none)
  bool expect_invalid = false;        // invalid input: status invalid_input, pose untouched
  // The full-body solver's settings (FullBodyScratch, solvers/ik/full_body/full_body.h), set in the
  // workspace before each solve: per joint (empty: 1 each; +inf holds a joint still) and the
  // root's translation (+inf keeps the root in place). Other solvers: empty and 4.
  std::vector<float> stiffness;
  float root_translation_stiffness = 4.0f;
  bool balance = false;             // FullBodyScratch::balance
  bool heels_rise = false;          // FullBodyScratch::heels_rise
  bool knees_over_toes = false;     // FullBodyScratch::knees_over_toes
  float reference_pull = 0.0f;      // FullBodyScratch::reference_pull
  std::vector<int> hanging_joints;  // FullBodyScratch::hanging_joints
  std::vector<float> segment_mass;  // FullBodyScratch::segment_mass
  // FullBodyScratch::reference_pose = &reference_pose when has_reference_pose.
  bool has_reference_pose = false;
  ik::Pose reference_pose;
};

Case make_case(const ik::SolverInfo& solver, Rng& rng);

}  // namespace soak
