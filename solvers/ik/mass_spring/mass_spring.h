// Mass-spring (IK guide section 5, with its errata: a constraint's correction is split
// between its two particles by inverse mass w = 1/m, and the second line moves particle
// i-1, not i).
//
// The model: one particle per chain joint. The particles live in the frame of the chain
// root's parent (so they move with it, and bone lengths there do not depend on a scale
// the parent may have); gravity and the goal are given in model space and mapped there,
// so seen in model space the motion is that of the given gravity.
//   * The root particle is pinned where the chain's root joint is (its parent decides it).
//     A chain lying straight on the line from the root to the goal is first bent a little
//     toward goal.pole (the colinear bump), or the constraints could never fold it.
//   * The effector particle is pinned to the goal — moved onto the nearest point the chain
//     can reach (distance from the root clamped into [max(0, 2*longest - total), total]).
//     So the goal holds the end of the chain and the joints between swing under gravity
//     and inertia, like a rope held at both ends (hair, tails, a dangling arm).
//   * The others move by Verlet integration with gravity and damping:
//       x' = x + (x - x_prev) * (1 - damping) + gravity * h^2
//     then params.constraint_iterations passes of distance constraints keep every bone at
//     its length: a stretched or squashed bone moves its ends along it, particle i-1 by
//     w[i-1] / (w[i-1] + w[i]) of the correction and particle i by the rest (w = 1/mass for
//     free particles, 0 for pinned ones).
// Time runs in fixed substeps h = params.substep: a solve adds params.time_step to the
// time owed and runs as many whole substeps as that covers (the remainder waits for the
// next solve), so the motion is the same at 30 and at 240 solves per second. At most
// kMaxSubstepsPerSolve run in one solve (the rest of the owed time is dropped).
//
// The particles' positions and velocities live across solves in the solver's scratch,
// scratch_of<MassSpringScratch>(workspace).states[workspace.chain_slot] (see MassSpringState
// below); a missing state, or one of another chain, starts the simulation at the pose, at
// rest. Clearing `states` restarts every chain.
//
// The pose: after the substeps the particle positions become rotations as FABRIK's do
// (rebuilt from the rest bone directions, clamped to limits when params.use_limits;
// locked joints keep their rotation), so the pose is a real rotation pose with exact
// bone lengths; the particles themselves are not changed by that.
//
// Result: iterations = substeps run; error = distance from the posed effector to the goal.
// Status: reached within tolerance, else unreachable if the goal is beyond the reach,
// else max_iterations while the particles still move, stalled once they are at rest.
// Chain::extra_effectors are ignored.
//
// Params used: tolerance, tolerance_relative, use_limits, gravity, mass, damping,
// time_step, substep, constraint_iterations.
#pragma once

#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

constexpr int kMaxSubstepsPerSolve = 4096;

// The mass-spring solver's simulation state for one chain; it lives across solves because
// the particles' velocities are the difference between `current` and `previous`.
struct MassSpringState {
  int root = -1;      // the chain this state belongs to; a different chain (or joint count)
  int effector = -1;  // restarts the simulation from the pose, at rest
  std::vector<glm::vec3> current;   // particle positions, one per chain joint, in the frame
                                    // of the chain root's parent (see mass_spring.h)
  std::vector<glm::vec3> previous;  // positions one substep earlier
  std::vector<float> lengths;       // rest distance of each particle from the previous one
  double pending_substeps = 0.0;    // simulated time not yet run, in substeps (< 1 after a solve)
};

// The mass-spring solver's scratch (scratch_of<MassSpringScratch>(workspace), workspace.h):
// the simulation state of every chain between solves, and one solve's buffers, one entry
// per chain joint, sized before the substeps. Chain space is the frame of the chain root's
// parent, where the particles live.
struct MassSpringScratch : SolverScratchOf<MassSpringScratch> {
  std::vector<MassSpringState> states;          // per chain slot (Workspace::chain_slot): its
                                                // particles, kept across solves
  void restart() override {
    for (MassSpringState& state : states) state.root = state.effector = -1;
  }

  std::vector<glm::vec3> start_in_chain_space;  // the joints' positions in the pose at the start
                                                // of the solve, in chain space: where a new
                                                // simulation starts; entry 0 pins the root
  std::vector<glm::vec3> particle_targets;      // model space: the particles mapped back, where
                                                // the rotation rebuild aims the bones
  std::vector<float> posed_bone_lengths;        // the bone lengths of the pose the rebuild
                                                // wrote (not read)
};

SolveResult solve_mass_spring(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                              Workspace& workspace, Trace* trace);

}  // namespace ik
