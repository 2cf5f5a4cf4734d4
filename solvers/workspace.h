// Workspace: the scratch memory and the between-solve state of every solver.
//
// One Workspace per caller (the program's scene keeps one; a test or a benchmark makes
// its own). Buffers only grow: a solver sizes what it needs once, before its iteration
// loop, so a second solve of the same chain allocates nothing. A Workspace may be shared
// by different chains and skeletons, one solve at a time.
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/chain.h"
#include "solvers/fabrik.h"
#include "solvers/full_body.h"
#include "solvers/jacobian.h"
#include "solvers/limits.h"
#include "solvers/mass_spring.h"

namespace ik {

// The common chain fields mean the same for every solver; what one solver alone needs is
// its own typed member (FabrikScratch in fabrik.h, ...), declared in that solver's header.
// "Chain joint k" is the k-th entry of `path`.
struct Workspace {
  // Set by the caller (scene_solve), read by every solver; empty = nothing locked.
  std::vector<std::uint8_t> locked;   // per skeleton joint: 1 = an earlier chain owns it, do not move
  std::vector<glm::mat4> world;       // per skeleton joint: model-space transform (fk_all); no
                                      // solver fills or reads it today

  // The chain being solved, filled by fill_chain_path / fill_chain_tree, fill_tree_children
  // and chain_frames (solver_common.h).
  std::vector<int> path;              // per chain joint: its skeleton index (ascending)
  std::vector<int> tree_parent;       // per chain joint: position in `path` of its parent in the
                                      // chain's tree, -1 for the chain root
  std::vector<int> first_child;       // per chain joint: first child in the chain's tree, -1 none
  std::vector<int> next_sibling;      // per chain joint: next child of the same parent, -1 none
  std::vector<glm::vec3> positions;   // per chain joint: model-space position in the solver's
                                      // current estimate of the pose
  std::vector<glm::mat3> linear;      // per chain joint: model-space linear part (rotation and
                                      // scale; may shear under a non-uniformly scaled parent)
  std::vector<int> order;             // scene_solve: the order the chains are solved in (indices
                                      // into the scene's chains)

  // Each solver's own scratch, declared in its header (the Jacobian solvers' is below, with
  // their persistent state). CCD, scale target and the analytic solvers need none beyond
  // the chain fields above.
  FabrikScratch fabrik;
  MassSpringScratch mass_spring_scratch;  // (mass_spring below is its state between solves)

  // Persistent per-chain state (not scratch): the mass-spring solver's particles. A solve
  // uses mass_spring[chain_slot]; scene_solve sets chain_slot to the chain's index in the
  // scene, a caller solving one chain directly may leave it at 0.
  int chain_slot = 0;
  std::vector<MassSpringState> mass_spring;

  // The Jacobian solvers' (transpose, DLS, the DLS part of CCD -> DLS) scratch and their
  // persistent prepared ball limits (jacobian.h).
  JacobianScratch jacobian;

  // scene_solve: a copy of a following or aim chain with the goal its solver is handed
  // (goal_space.h). Assigned over each time, so after the first frame it allocates nothing.
  Chain solving_chain;
  // solve_with_pole (pole.h): the chain's rotations before its pre-bend, put back if the
  // solver then refuses the input; the analytic swivel search's saved rotations.
  std::vector<glm::quat> pole_start;
  // The full-body solver's scratch and its stiffness settings (full_body.h).
  FullBodyScratch full_body;
};

// True if `joint` is marked in workspace.locked.
inline bool is_locked(const Workspace& workspace, int joint) {
  return !workspace.locked.empty() && workspace.locked[static_cast<size_t>(joint)] != 0;
}

}  // namespace ik
