// The effector's own turn (effector_orientation.h).
#include "solvers/ik/effector_orientation.h"

#include "solvers/ik/goal_space.h"
#include "solvers/ik/limits.h"

namespace ik {

bool orient_effector_joint(const Skeleton& skeleton, const Chain& chain, Pose& pose, const Workspace& workspace) {
  const int effector = chain.effector;
  if (!chain.goal.use_orientation || effector < 0 || effector >= skeleton.joint_count() ||
      is_locked(workspace, effector))
    return false;
  const size_t e = static_cast<size_t>(effector);
  const int parent = skeleton.parent[e];
  // The model rotation is the parent's times the local one (scale taken out of the parent's).
  const glm::quat above =
      parent >= 0 ? rotation_of(joint_model_transform(skeleton, pose, parent)) : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  glm::quat local = glm::normalize(glm::conjugate(above) * glm::normalize(chain.goal.orientation));
  if (chain.params.use_limits && skeleton.limits[e].enabled)
    clamp_to_limits(skeleton.limits[e], skeleton.rest[e].rotation, local);
  glm::quat& rotation = pose.local[e].rotation;
  if (glm::dot(local, rotation) < 0.0f) local = -local;  // the same rotation, the near sign
  if (glm::length(local - rotation) < 1e-7f) return false;
  rotation = local;
  return true;
}

}  // namespace ik
