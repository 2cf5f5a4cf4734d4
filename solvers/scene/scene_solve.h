// The scene-level solve: every enabled chain of a scene on one pose, in the order the IK
// guide advises.
//
//   1. Chains whose solver solves scale goals (SolverInfo::scale_goal) run first: scale
//      is less tied to the other goals, and the position solvers then work with the
//      scaled bones.
//   2. The other chains run in depth-first order of their effectors (effector index
//      ascending; chains with the same effector in the order given). Since the spine is
//      first in the DFS order, a head's look goal bends the spine before an arm reaches.
//   3. A chain never moves what an earlier chain owns: after a (position) chain is solved,
//      its joints (the path to its effector and to each extra effector; the main effector
//      itself only when its goal has an orientation or the chain has extra effectors, since
//      its own turn moves nothing a position goal asks for) and every
//      ancestor of its root are marked in workspace.locked, and later chains leave the
//      rotations of marked joints alone — so an earlier chain's effector stays where its
//      solve put it. Scale chains lock nothing (they own scales, not rotations).
//
//   4. A following or aim chain's goal (Chain::follow_joint, Chain::aim; goal_space.h) is
//      made just before the chain is solved, from the pose as the earlier chains left it:
//      so a finger goal following the hand rides with the hand the arm chain just moved,
//      in the same frame. Without allocating (a copy in workspace.solving_chain).
//
//   5. A goal driven by motion (Chain::motion: following the animation or a recorded path)
//      is made the same way, from MotionSources: the animated effector in the animated pose
//      (not in the pose being solved, which would chase its own solve), or the chain's path
//      sampled at the time given. A goal held at a plant (MotionSources::held) replaces
//      the goal's position the same way.
//
// A chain whose solver index is out of the table, or whose follow joint is not valid, or whose input is invalid, gets
// invalid_input and changes nothing; the others are still solved. A disabled chain is not
// solved: its result stays a default SolveResult (invalid_input, 0 iterations), its trace
// is left as it was.
//
// solve_frame is the program's per-frame step around solve_scene, here rather than in app/
// so that a benchmark runs exactly what the program runs: every chain traced (the error
// after each iteration, for the convergence plot), poses recorded for the one chain being
// inspected only (they cost memory), the last trace that iterated kept per chain, and the
// wall time of each chain and of the whole step measured (the Chains panel shows them).
// A solver takes the same path traced or untraced (a trace only records what the
// iterations compute anyway), so these times are the library's; BM_ProgramFrame in
// bench/bench_humanoid_frame.cpp measures what the tracing and timing add.
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

struct GoalPath;

// What goals driven by motion (Chain::motion, goal_space.h) follow in one frame's solve.
struct MotionSources {
  // The animated pose (the clip at the current time, before IK). nullptr: a goal following
  // the animation follows the effector in the pose being solved (a one-off adjustment).
  const Pose* animated = nullptr;
  float time = 0.0f;  // seconds on the goal paths' own time lines (looped)
  // Per chain (same index as the chains): the path its goal follows, or nullptr. A path
  // goal without one is invalid input.
  const std::vector<const GoalPath*>* paths = nullptr;
  // Per joint (the skeleton's index): 1 where a goal on that joint is replaced by
  // held_goals[j] (model space: a foot held at its plant by the feet's cleanup,
  // solvers/anim/foot_skate.h) and its orientation turned by held_turns[j] (model space,
  // applied first: the foot turned to the ground under it; nullptr: not turned). The goals
  // replaced: a chain's own goal on its effector, and a full-body chain's pinned effectors
  // (a pin is the foot's place on the ground; an unpinned foot is the user's to drag).
  // nullptr: none.
  const std::vector<std::uint8_t>* held = nullptr;
  const std::vector<glm::vec3>* held_goals = nullptr;
  const std::vector<glm::quat>* held_turns = nullptr;
};

// Whether `motion`'s held goals (MotionSources::held; nullptr: none) hold the goal of the
// chain's effector i (as ik::effector_goal counts: 0 the chain's own, on its effector; an
// extra effector only when pinned), and a goal on `joint` as held: its position replaced,
// its orientation turned first. The program draws and reports held goals by the same rule.
bool effector_held(const MotionSources* motion, const Chain& chain, int i);
Goal held_goal(const MotionSources& motion, int joint, Goal goal);

// Solves `chains` on `pose`. `results` gets one entry per chain (same order). If `traces`
// is given it is resized to one per chain and chain i records into (*traces)[i] (set
// record_poses there beforehand to get poses). workspace.chain_slot is set to each
// chain's index while it is solved (per-chain state such as the mass-spring particles);
// workspace.locked is all zero again on return.
void solve_scene(const Skeleton& skeleton, const std::vector<Chain>& chains, Pose& pose,
                 Workspace& workspace, std::vector<SolveResult>& results,
                 std::vector<Trace>* traces = nullptr, const MotionSources* motion = nullptr);

// The order solve_scene runs the enabled chains in (indices into `chains`).
void scene_solve_order(const std::vector<Chain>& chains, std::vector<int>& order);

// What the program keeps of its per-frame solve: one entry per chain in every vector, in
// the order of the chains. Sized by solve_frame; allocation-free from the second frame on
// as long as the chains stay the same.
struct FrameSolve {
  std::vector<SolveResult> results;  // of this frame's solve
  std::vector<Trace> traces;         // of this frame's solve
  // The trace of the last solve that ran at least one iteration. Once a warm-started chain
  // has converged, each frame's solve stops before iterating; this one still shows how it
  // got there (the convergence plot, step mode, clamped joints).
  std::vector<Trace> last_work;
  std::vector<float> chain_microseconds;  // wall time of each chain's solve; 0 if not solved
  float microseconds = 0.0f;  // wall time of the whole step (traces set up, solve, kept)

  // Forgets everything: `chain_count` default results and empty traces (new chains).
  void reset(size_t chain_count);
  // Drops chain `chain`'s entries (the chain was removed; later chains move up one).
  void erase_chain(size_t chain);
};

// The per-frame step: solve_scene on `pose` with every chain traced, poses recorded for
// chain `inspected_chain` only (-1: none), each chain's solve and the whole step timed,
// then each trace that iterated copied to frame.last_work. `motion`: as solve_scene.
void solve_frame(const Skeleton& skeleton, const std::vector<Chain>& chains, int inspected_chain,
                 Pose& pose, Workspace& workspace, FrameSolve& frame, const MotionSources* motion = nullptr);

}  // namespace ik
