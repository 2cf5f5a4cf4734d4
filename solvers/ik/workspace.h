// Workspace: the scratch memory and the between-solve state of every solver.
//
// One Workspace per caller (the program's scene keeps one; a test or a benchmark makes
// its own). Buffers only grow: a solver sizes what it needs once, before its iteration
// loop, so a second solve of the same chain allocates nothing. A Workspace may be shared
// by different chains and skeletons, one solve at a time.
//
// The Workspace knows the fields every solver shares (the chain being solved, its frames)
// and nothing of any solver: what one solver alone needs is its own scratch type, declared
// in that solver's header and derived from SolverScratch, which the Workspace holds without
// knowing it (scratch_of<FabrikScratch>(workspace)). So this header, low in the IK layer,
// includes no solver, and a new solver adds its scratch without touching this file.
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "solvers/ik/chain.h"

namespace ik {

// The base of a solver's own scratch and between-solve state. Derive through
// SolverScratchOf<YourScratch> (below), which gives the copy a Workspace copy needs.
class SolverScratch {
 public:
  virtual ~SolverScratch() = default;
  virtual std::unique_ptr<SolverScratch> clone() const = 0;
  // Forgets the state kept between solves, keeping the memory: the next solve of every
  // chain starts afresh from its pose (a simulation restarts at rest). Scratch alone: nothing.
  virtual void restart() {}
};

template <class Derived>
class SolverScratchOf : public SolverScratch {
 public:
  std::unique_ptr<SolverScratch> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
};

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

  // Persistent per-chain state lives in a solver's own scratch, one entry per chain slot
  // (the mass-spring solver's particles): scene_solve sets chain_slot to the chain's index in
  // the scene; a caller solving one chain directly may leave it at 0.
  int chain_slot = 0;

  // scene_solve: a copy of a following or aim chain with the goal its solver is handed
  // (goal_space.h). Assigned over each time, so after the first frame it allocates nothing.
  Chain solving_chain;
  // solve_chain (solver_table.h): a copy of a soft-reach chain with its goal drawn in.
  Chain soft_reach_chain;
  // DLS (jacobian.h): the chain without its orientation goal, for the position-first finish.
  Chain position_first_chain;
  // solve_with_pole (pole.h): the chain's rotations before its pre-bend, put back if the
  // solver then refuses the input; the analytic swivel search's saved rotations.
  std::vector<glm::quat> pole_start;

  // Every solver's between-solve state forgotten (SolverScratch::restart), memory kept.
  void restart_solvers() {
    for (Slot& slot : solver_scratch_) slot.scratch->restart();
  }

  Workspace() = default;
  Workspace(const Workspace& other);
  Workspace& operator=(const Workspace& other);
  Workspace(Workspace&&) noexcept = default;
  Workspace& operator=(Workspace&&) noexcept = default;
  ~Workspace() = default;

 private:
  // Each solver's own scratch, one per kind a solve has asked for (scratch_of), in the order
  // first asked. A handful at most, so a linear search is the fastest lookup.
  struct Slot {
    const void* kind;  // &scratch_kind<T>: one address per scratch type in the program
    std::unique_ptr<SolverScratch> scratch;
  };
  std::vector<Slot> solver_scratch_;

  template <class Scratch>
  friend Scratch& scratch_of(Workspace& workspace);
  template <class Scratch>
  friend const Scratch* find_scratch_of(const Workspace& workspace);
};

// One address per scratch type: an inline variable has one definition in the whole program.
template <class Scratch>
inline constexpr char scratch_kind = 0;

// The solver scratch of type Scratch (FabrikScratch, JacobianScratch, ...): made, empty, on
// the first ask and kept with the workspace; later asks return the same object.
template <class Scratch>
Scratch& scratch_of(Workspace& workspace) {
  static_assert(std::is_base_of_v<SolverScratch, Scratch>, "derive it from SolverScratchOf<Scratch>");
  const void* kind = &scratch_kind<Scratch>;
  for (Workspace::Slot& slot : workspace.solver_scratch_)
    if (slot.kind == kind) return static_cast<Scratch&>(*slot.scratch);
  workspace.solver_scratch_.push_back({kind, std::make_unique<Scratch>()});
  return static_cast<Scratch&>(*workspace.solver_scratch_.back().scratch);
}

// The same without making one: nullptr until a solve (or scratch_of) has asked for it.
template <class Scratch>
const Scratch* find_scratch_of(const Workspace& workspace) {
  const void* kind = &scratch_kind<Scratch>;
  for (const Workspace::Slot& slot : workspace.solver_scratch_)
    if (slot.kind == kind) return static_cast<const Scratch*>(slot.scratch.get());
  return nullptr;
}

inline Workspace::Workspace(const Workspace& other)
    : locked(other.locked),
      world(other.world),
      path(other.path),
      tree_parent(other.tree_parent),
      first_child(other.first_child),
      next_sibling(other.next_sibling),
      positions(other.positions),
      linear(other.linear),
      order(other.order),
      chain_slot(other.chain_slot),
      solving_chain(other.solving_chain),
      pole_start(other.pole_start) {
  solver_scratch_.reserve(other.solver_scratch_.size());
  for (const Slot& slot : other.solver_scratch_) solver_scratch_.push_back({slot.kind, slot.scratch->clone()});
}

inline Workspace& Workspace::operator=(const Workspace& other) {
  if (this != &other) *this = Workspace(other);
  return *this;
}

// True if `joint` is marked in workspace.locked.
inline bool is_locked(const Workspace& workspace, int joint) {
  return !workspace.locked.empty() && workspace.locked[static_cast<size_t>(joint)] != 0;
}

}  // namespace ik
