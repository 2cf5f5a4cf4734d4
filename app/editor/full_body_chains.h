// Full-body mode on the chain list (app/editor/full_body_mode.h): which chains the full-body chain
// replaces, and entering and leaving the mode as edits of the list. Here, without the
// editor, so tests run exactly what the program runs.
//
// Entering appends the full-body chain and disables every enabled chain that would turn a
// joint of the body (the arm, leg, spine and head chains; finger chains, rooted at a hand,
// stay), marking each one "disabled by the mode". Leaving removes the full-body chain and
// enables exactly the marked chains again -- not the chains the user had disabled before --
// then clears the marks. The marks are one flag per chain in FullBodyState::disabled_by_mode
// (app/editor/full_body_state.h), so they are undone, redone, saved and "unsaved" with the
// chains. (Their natural home would be a field of ik::Chain; the chain list is solvers/'s.)
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"

namespace app {

// 1 for every joint the full-body chain may turn: the paths from its effectors up to its root.
std::vector<std::uint8_t> body_joints(const ik::Skeleton& skeleton, const ik::Chain& body);

// True if chain `c` would turn a joint of the body (a joint of its path below its root: a
// finger chain rooted at a hand turns only fingers).
bool overlaps_body(const ik::Skeleton& skeleton, const ik::Chain& c, const std::vector<std::uint8_t>& in_body);

// Appends `body` to `chains`, disables the enabled chains it overlaps and marks them in
// `disabled_by_mode` (resized to the chains; marks already there stay).
void enter_full_body(const ik::Skeleton& skeleton, const ik::Chain& body, std::vector<ik::Chain>& chains,
                     std::vector<std::uint8_t>& disabled_by_mode);

// Removes chain `body` (the full-body chain's index) and enables the chains marked in
// `disabled_by_mode`, each goal moved onto its effector in `world` (model space, the pose
// the full body left) so nothing jumps; then no chain is marked.
void leave_full_body(const std::vector<glm::mat4>& world, int body, std::vector<ik::Chain>& chains,
                     std::vector<std::uint8_t>& disabled_by_mode);

// Chain `c` was removed from the list: its mark goes too, so the later chains keep theirs.
void forget_removed_chain(std::vector<std::uint8_t>& disabled_by_mode, int c);

// For a session from before the marks were saved, in full-body mode (its enabled chain
// `body`): every disabled chain the body overlaps counts as disabled by the mode, which is
// what leaving the mode did before.
std::vector<std::uint8_t> marks_of_an_older_session(const ik::Skeleton& skeleton, const std::vector<ik::Chain>& chains,
                                                    int body);

}  // namespace app
