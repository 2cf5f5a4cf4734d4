// Soft reach near full extension (soft_reach.h).
#include "solvers/ik/soft_reach.h"

#include <cmath>

#include "solvers/base/transform.h"
#include "solvers/ik/solver_common.h"

namespace ik {

float soft_reach_distance(float distance, float reach, float softness) {
  if (!(softness > 0.0f) || !(reach > 0.0f)) return distance;
  const float start = reach - softness;
  if (!(distance > start)) return distance;
  return start + softness * (1.0f - std::exp(-(distance - start) / softness));
}

bool soften_goal(const Skeleton& skeleton, const Pose& pose, Chain& chain) {
  const float softness_fraction = chain.params.soft_reach;
  const int n = skeleton.joint_count();
  if (!(softness_fraction > 0.0f) || chain.root < 0 || chain.root >= n || chain.effector < 0 || chain.effector >= n ||
      pose.local.size() != static_cast<size_t>(n))
    return false;
  // The path, effector up to root, then walked down from the root's model transform.
  int path[kMaxSoftReachJoints];
  int count = 0;
  for (int j = chain.effector;; j = skeleton.parent[static_cast<size_t>(j)]) {
    if (j < 0 || count == kMaxSoftReachJoints) return false;  // root not above, or too long
    path[count++] = j;
    if (j == chain.root) break;
  }
  glm::mat4 world = parent_world(skeleton, pose, chain.root) * to_matrix(pose.local[static_cast<size_t>(chain.root)]);
  const glm::vec3 root = glm::vec3(world[3]);
  float reach = 0.0f;
  glm::vec3 previous = root;
  for (int k = count - 2; k >= 0; --k) {
    world = world * to_matrix(pose.local[static_cast<size_t>(path[k])]);
    const glm::vec3 here = glm::vec3(world[3]);
    reach += glm::length(here - previous);
    previous = here;
  }
  const glm::vec3 to_goal = chain.goal.position - root;
  const float distance = glm::length(to_goal);
  const float soft = soft_reach_distance(distance, reach, softness_fraction * reach);
  if (!(soft < distance) || !(distance > 0.0f)) return false;
  chain.goal.position = root + to_goal * (soft / distance);  // always, so the goal never jumps
  return distance - soft > resolve_tolerance(chain.params, reach);
}

}  // namespace ik
