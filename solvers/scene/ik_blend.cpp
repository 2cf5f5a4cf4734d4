// Index: blend_joint (slerp / lerp of one joint) -> blend_ik_weights (each chain's joints,
// once each, in solve order) -> solve_animated_frame (animated pose, solve, blend).
#include "solvers/scene/ik_blend.h"

#include <algorithm>
#include <cmath>

namespace ik {
namespace {

// True if `joint` lies on the path from `root` down to `effector` (DFS order: the subtree
// of j is [j, subtree_end[j]), so j is an ancestor-or-self of e iff j <= e < subtree_end[j]).
bool joint_on_chain_path(const Skeleton& skeleton, int joint, int root, int effector) {
  return joint >= root && joint <= effector && effector < skeleton.subtree_end[static_cast<size_t>(joint)] &&
         joint < skeleton.subtree_end[static_cast<size_t>(root)];
}

bool valid_joint(const Skeleton& skeleton, int joint) { return joint >= 0 && joint < skeleton.joint_count(); }

// Blends one chain's joints not yet marked (weight >= 1: leaves them), and marks them.
void blend_chain(const Skeleton& skeleton, const Chain& chain, float weight, const Pose& animated, Pose& pose,
                 std::vector<std::uint8_t>& blended) {
  if (!valid_joint(skeleton, chain.root) || !valid_joint(skeleton, chain.effector)) return;
  int last = chain.effector;
  for (const EffectorGoal& e : chain.extra_effectors) {
    if (!valid_joint(skeleton, e.joint)) return;
    last = std::max(last, e.joint);
  }
  for (int j = chain.root; j <= last; ++j) {
    const size_t u = static_cast<size_t>(j);
    if (blended[u] != 0) continue;
    bool in_chain = joint_on_chain_path(skeleton, j, chain.root, chain.effector);
    for (size_t e = 0; !in_chain && e < chain.extra_effectors.size(); ++e)
      in_chain = joint_on_chain_path(skeleton, j, chain.root, chain.extra_effectors[e].joint);
    if (!in_chain) continue;
    blended[u] = 1;
    if (weight >= 1.0f) continue;  // as solved: only marked
    pose.local[u] = weight <= 0.0f ? animated.local[u] : blend_joint(animated.local[u], pose.local[u], weight);
  }
}

}  // namespace

Transform blend_joint(const Transform& animated, const Transform& solved, float weight) {
  Transform out = solved;
  if (solved.rotation != animated.rotation)
    out.rotation = glm::normalize(glm::slerp(animated.rotation, solved.rotation, weight));  // shorter arc
  if (solved.translation != animated.translation)
    out.translation = glm::mix(animated.translation, solved.translation, weight);
  if (solved.scale != animated.scale) out.scale = glm::mix(animated.scale, solved.scale, weight);
  return out;
}

void blend_ik_weights(const Skeleton& skeleton, const std::vector<Chain>& chains, const Pose& animated, Pose& pose,
                      Workspace& workspace) {
  const size_t joint_count = static_cast<size_t>(skeleton.joint_count());
  if (pose.local.size() != joint_count || animated.local.size() != joint_count) return;
  bool any = false;
  for (const Chain& chain : chains) any = any || (chain.enabled && chain.ik_weight < 1.0f);
  if (!any) return;  // every chain as solved: nothing to do (and nothing touched)
  scene_solve_order(chains, workspace.order);
  workspace.locked.assign(joint_count, 0);  // borrowed as "already blended"
  for (int index : workspace.order) {
    const Chain& chain = chains[static_cast<size_t>(index)];
    // A chain at weight 1 still marks its joints: a later chain that holds them did not
    // solve them, so must not blend them.
    const float weight = std::isnan(chain.ik_weight) ? 1.0f : chain.ik_weight;
    blend_chain(skeleton, chain, weight, animated, pose, workspace.locked);
  }
  std::fill(workspace.locked.begin(), workspace.locked.end(), 0);
}

void solve_animated_frame(const Skeleton& skeleton, const std::vector<Chain>& chains, int inspected_chain,
                          const Pose& animated, bool start_from_animated, Pose& pose, Workspace& workspace,
                          FrameSolve& frame, const MotionSources* motion) {
  if (start_from_animated && animated.local.size() == pose.local.size()) pose.local = animated.local;
  MotionSources sources = motion != nullptr ? *motion : MotionSources{};
  sources.animated = &animated;
  solve_frame(skeleton, chains, inspected_chain, pose, workspace, frame, &sources);
  blend_ik_weights(skeleton, chains, animated, pose, workspace);
}

}  // namespace ik
