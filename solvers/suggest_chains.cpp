#include "solvers/suggest_chains.h"

namespace ik {

std::vector<Chain> suggest_chains(const Skeleton& skeleton, const Pose& pose, int solver) {
  const int n = skeleton.joint_count();
  std::vector<int> child_count(static_cast<size_t>(n), 0);
  for (int i = 0; i < n; ++i)
    if (skeleton.parent[static_cast<size_t>(i)] >= 0) ++child_count[static_cast<size_t>(skeleton.parent[static_cast<size_t>(i)])];

  std::vector<glm::mat4> world;
  fk_all(skeleton, pose, world);

  std::vector<Chain> chains;
  for (int effector = 0; effector < n; ++effector) {
    if (child_count[static_cast<size_t>(effector)] == 1) continue;  // inside a run
    int root = effector;
    for (int p = skeleton.parent[static_cast<size_t>(root)]; p >= 0 && child_count[static_cast<size_t>(p)] == 1;
         p = skeleton.parent[static_cast<size_t>(root)])
      root = p;
    if (root == effector) continue;  // no bone to move
    Chain chain;
    chain.root = root;
    chain.effector = effector;
    chain.solver = solver;
    chain.goal.position = position_of(world[static_cast<size_t>(effector)]);
    chain.goal.orientation = glm::quat_cast(glm::mat3(world[static_cast<size_t>(effector)]));
    chains.push_back(chain);
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
