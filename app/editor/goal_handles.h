// Goal handles by one index, as the viewport draws, picks, drags and selects them: handle
// h < chains.size() is chain h's own goal; after them come the extra effectors of the
// full-body chain (its index `body`, -1 while full-body mode is off), in order. Here on the
// chain list alone, without the editor, so tests run exactly what the program runs
// (app/editor/full_body_mode.h wraps these with the editor's state; a chain's own goal is resolved
// there, through its goal mode).
//
// An extra effector of weight 0 that is not pinned holds nothing: its handle sits on its
// joint, and giving its handle a goal (a drag of the handle or of the gizmo on it) gives it
// weight ik::kFullBodyHandWeight, so it starts pulling from where it was let go.
//
// Selection: the selected chain and, beside it, the extra effector whose handle is selected
// (-1: the chain's own goal). The pair names a handle only while the chain is the full-body
// chain and has that effector; otherwise (the mode left, an undo removed the effector) the
// chain's own goal is the selected handle, so a stale index never selects another chain's.
#pragma once

#include <vector>

#include "solvers/ik/goal_space.h"

namespace app {

// Which goal a handle is: chain `chain`'s own goal (extra -1) or its extra effector `extra`.
// chain -1 for an index that names no handle.
struct GoalHandleRef {
  int chain = -1;
  int extra = -1;
};
GoalHandleRef goal_handle_ref(const std::vector<ik::Chain>& chains, int body, int handle);

// The handle index of chain `chain`'s extra effector `extra` (-1: its own goal); -1 if there
// is no such handle.
int goal_handle_index(const std::vector<ik::Chain>& chains, int body, int chain, int extra);

// The selected handle (the gizmo's) from the selection pair described above; -1 when no
// chain is selected.
int selected_goal_handle(const std::vector<ik::Chain>& chains, int body, int selected_chain, int selected_extra);

// True if the extra effector holds its goal (pinned, or a weight above 0).
bool extra_effector_holds(const ik::EffectorGoal& effector);

// Extra effector `extra` of `chain` (the full-body chain)'s handle as a goal in model space:
// its goal in the chain's goal mode (following the animation: an offset from its animated
// joint, resolved with `motion`; ik::effector_goal_in_model_space), on its joint (in
// `world`, model space) while it holds nothing.
ik::Goal extra_effector_handle_goal(const ik::Chain& chain, int extra, const std::vector<glm::mat4>& world,
                                    const ik::GoalMotion& motion);

// Gives that extra effector `goal` (model space; stored as the chain keeps it); one that held
// nothing starts pulling.
void set_extra_effector_handle_goal(ik::Chain& chain, int extra, const std::vector<glm::mat4>& world,
                                    const ik::GoalMotion& motion, const ik::Goal& goal);

}  // namespace app
