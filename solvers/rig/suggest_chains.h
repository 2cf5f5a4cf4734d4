// Chains suggested from a skeleton's shape, for a rig opened for the first time.
//
// The rule: cut the joint tree at its branch points. Every joint that ends a run —
// a leaf, or a joint with two or more children — becomes an effector, and its chain
// climbs up while the parent has exactly one child. So on a humanoid each limb runs
// from its tip up to just below the joint it hangs from (clavicle to hand tip, thigh to
// toe tip), the head from the neck to the head tip, and the spine between the hips and
// the chest. Runs without a bone (a branch point right below another) are skipped.
#pragma once

#include <string>
#include <vector>

#include "solvers/ik/chain.h"

namespace ik {

// One chain per run, in DFS order of the effectors; each goal sits at its effector's
// model-space position in `pose`, so suggesting chains moves nothing. `solver` is the
// solver-table index every chain gets.
std::vector<Chain> suggest_chains(const Skeleton& skeleton, const Pose& pose, int solver);

// The chain that ends at `effector` by the same rule: its root climbs from the
// effector's parent while the parent above has exactly one child. The goal sits on the
// effector in `world` (model-space transforms of the pose). False if `effector` has no
// parent (no bone to move).
bool chain_for_effector(const Skeleton& skeleton, const std::vector<glm::mat4>& world, int effector,
                        int solver, Chain& out);

// A name for a chain: its effector's name, or for a leaf tip the name of its parent.
std::string chain_name(const Skeleton& skeleton, const Chain& chain);

}  // namespace ik
