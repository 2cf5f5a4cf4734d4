#include "solvers/rig/suggest_chains.h"

#include "solvers/ik/goal_error.h"

namespace ik {

namespace {

// Children of a joint: its subtree's next joint, then hop over whole subtrees.
int child_count(const Skeleton& skeleton, int joint) {
  int count = 0;
  for (int c = joint + 1; c < skeleton.subtree_end[static_cast<size_t>(joint)]; c = skeleton.subtree_end[static_cast<size_t>(c)])
    ++count;
  return count;
}

}  // namespace

bool chain_for_effector(const Skeleton& skeleton, const std::vector<glm::mat4>& world, int effector,
                        int solver, Chain& out) {
  if (effector < 0 || effector >= skeleton.joint_count()) return false;
  int root = skeleton.parent[static_cast<size_t>(effector)];
  if (root < 0) return false;
  for (int p = skeleton.parent[static_cast<size_t>(root)]; p >= 0 && child_count(skeleton, p) == 1;
       p = skeleton.parent[static_cast<size_t>(root)])
    root = p;
  Chain chain;
  chain.root = root;
  chain.effector = effector;
  chain.solver = solver;
  chain.goal.position = position_of(world[static_cast<size_t>(effector)]);
  chain.goal.orientation = rotation_of(glm::mat3(world[static_cast<size_t>(effector)]));  // scale taken out
  out = chain;
  return true;
}

std::vector<Chain> suggest_chains(const Skeleton& skeleton, const Pose& pose, int solver) {
  std::vector<glm::mat4> world;
  fk_all(skeleton, pose, world);
  std::vector<Chain> chains;
  for (int effector = 0; effector < skeleton.joint_count(); ++effector) {
    if (child_count(skeleton, effector) == 1) continue;  // inside a run
    const int parent = skeleton.parent[static_cast<size_t>(effector)];
    if (parent < 0 || child_count(skeleton, parent) != 1) continue;  // a run without a bone
    Chain chain;
    if (chain_for_effector(skeleton, world, effector, solver, chain)) chains.push_back(chain);
  }
  return chains;
}

std::string chain_name(const Skeleton& skeleton, const Chain& chain) {
  const int n = skeleton.joint_count();
  if (chain.effector < 0 || chain.effector >= n) return "(no effector)";
  // A chain ending in a leaf tip ("Hand_end", or one build_skeleton added) is named
  // after the joint the tip ends: the hand, not its tip.
  int named = chain.effector;
  if (skeleton.is_leaf(named) && skeleton.parent[static_cast<size_t>(named)] >= 0)
    named = skeleton.parent[static_cast<size_t>(named)];
  return skeleton.name[static_cast<size_t>(named)];
}

}  // namespace ik
