// Inspecting solves: the pose at any iteration of the selected chain's last solve (a
// ghost and the effector's trail), the joints a limit clamped, the Jacobian's singular
// values, and every solver run on the same chain from the same start (comparison).
#pragma once

#include <string>
#include <vector>

#include "app/editor/editor.h"
#include "solvers/ik/jacobian/jacobian_readout.h"

namespace app {

// Every joint back to rest, then one solve of every chain, the selected chain's trace
// recorded and kept as the last explicit solve.
void solve_from_rest(Editor& editor);

// The trace Step and the plot show for chain `c`: the last explicit solve while the chains
// are as it solved them, else the current frame's last solve that iterated; `is_explicit`
// says which. Null when there is none.
const ik::Trace* inspected_trace(const Editor& editor, int c, bool* is_explicit);

// The selected chain at iteration `iteration` of `trace` (poses recorded): the current
// pose with the chain's joints replaced by the trace's. False without recorded poses.
bool ghost_at_iteration(const Editor& editor, const ik::Trace& trace, int iteration, GhostPose& out);

// The effector's model-space position after each iteration of `trace`.
std::vector<glm::vec3> effector_trail(const Editor& editor, int chain, const ik::Trace& trace);

// Model-space positions of the joints a limit clamped in each chain's last solve that
// iterated.
std::vector<glm::vec3> clamped_joints(const Editor& editor);

// Solves the selected chain with every solver that can take it, each from the rest pose
// of the chain's joints (the rest of the pose as it is now), with the chain's params.
std::vector<ComparisonRun> compare_solvers(const Editor& editor);

// Selects chain `chain_name` (a chain's or its effector's name; empty: the first enabled
// limb chain) and asks the Chains panel to open its Compare tab. False, with the reason in
// the status line, when the rig has no such chain.
bool open_comparison(Editor& editor, const std::string& chain_name);

// Each part of chain `c`'s goal (position, orientation, pole) read from this frame's pose
// (solvers/scene/goal_reading.h), against the goal the solver was handed (a foot held by
// Clean up: its held place); a default reading (nothing asked) without a rig or a known
// solver, and for an aim chain (its goal is a point to look at).
ik::GoalReading chain_goal_reading(const Editor& editor, int c);

// The two parts of chain `c`'s error after each iteration of `trace` (and before the first),
// against the goal the solver was handed, as the solvers add them: the effector's distance
// to the goal's position (scene units) and params.orientation_weight times the angle to its
// orientation (radians). False (both empty) when the trace has no poses, or the goal has no
// orientation or the solver does not honour one (then the error is the position alone).
bool goal_parts_per_iteration(const Editor& editor, int c, const ik::Trace& trace, std::vector<float>& position,
                              std::vector<float>& orientation);

// The Jacobian readout (singular values, rank, conditioning, whether the goal lies along a
// near-null direction; solvers/ik/jacobian/jacobian_readout.h) for the selected chain at the current
// pose, if its solver is Jacobian-based.
bool selected_chain_readout(const Editor& editor, ik::JacobianReadout& out);

}  // namespace app
