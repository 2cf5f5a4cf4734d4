// Chains an animator would set, made from the joints' roles (rig_roles.h), for a rig
// opened for the first time. The shape rule (suggest_chains.h) stays the fallback for
// rigs whose roles give no limbs and no spine.
//
//   spine    lowest spine segment -> chest (the last spine segment when there is no chest;
//            from the hips when no segment lies below it); pinned
//   head     first neck segment -> head, an aim chain (Chain::aim): the head's forward
//            axis (model +Z at rest, glTF's front) turns toward the goal, placed in front
//            of the face; pinned
//   head     each eye alone (root = effector = the eye), an aim chain like the head,
//            following the head, disabled
//   limbs    each clavicle -> upper arm (the shoulder), following the chest
//   limbs    each upper arm -> hand; pinned
//   limbs    each thigh -> foot: the goal at the ankle with an orientation goal (the foot's
//            own rotation) and a pole that follows the motion (auto_pole.h: the knee bends
//            where the clip, else the rest, bends it); toes stay FK; pinned
//   fingers  each finger, segment 1 -> its tip, following the hand, disabled (a per-hand
//            "Fingers" switch in the program turns them on)
//   tail     each run of tail joints, one chain to its tip
//
// Following: a chain whose root hangs below another chain's effector follows that effector
// (fingers the hand, eyes the head, a clavicle the chest), except the chains pinned by
// default (spine, head, arms, legs). Chains are listed in DFS order of their effectors; each
// goal sits on its effector in `pose` (the head's look target in front of it), so making
// the chains moves nothing. Every chain gets `solver` (it must have orientation goals for the
// head, eye and leg chains to do what they say, e.g. DLS).
//
// Index: chains_from_roles, suggest_rig_chains
#pragma once

#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// The chains above; empty when `roles` (one per joint) give neither a limb nor a spine chain.
std::vector<Chain> chains_from_roles(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                                     int solver);

// chains_from_roles, or when that is empty the shape rule (suggest_chains).
std::vector<Chain> suggest_rig_chains(const Skeleton& skeleton, const std::vector<JointRole>& roles, const Pose& pose,
                                      int solver);

}  // namespace ik
