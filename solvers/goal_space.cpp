#include "solvers/goal_space.h"

#include <glm/gtx/quaternion.hpp>

namespace ik {

glm::quat rotation_of(const glm::mat4& m) {
  glm::mat3 r(m);
  for (int c = 0; c < 3; ++c) {
    const float length = glm::length(r[c]);
    if (!(length > 0.0f)) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    r[c] /= length;
  }
  return glm::normalize(glm::quat_cast(r));
}

glm::mat4 joint_model_transform(const Skeleton& skeleton, const Pose& pose, int joint) {
  glm::mat4 m(1.0f);
  for (; joint >= 0; joint = skeleton.parent[static_cast<size_t>(joint)])
    m = to_matrix(pose.local[static_cast<size_t>(joint)]) * m;
  return m;
}

Goal goal_in_model_space(const Chain& chain, const glm::mat4& followed) {
  if (chain.follow_joint < 0) return chain.goal;
  Goal goal = chain.goal;
  goal.position = glm::vec3(followed * glm::vec4(chain.goal.position, 1.0f));
  goal.orientation = glm::normalize(rotation_of(followed) * chain.goal.orientation);
  return goal;
}

Goal goal_in_model_space(const Chain& chain, const std::vector<glm::mat4>& world) {
  const int j = chain.follow_joint;
  if (j < 0 || j >= static_cast<int>(world.size())) return chain.goal;
  return goal_in_model_space(chain, world[static_cast<size_t>(j)]);
}

void set_goal_in_model_space(Chain& chain, const std::vector<glm::mat4>& world, const Goal& model_goal) {
  const int j = chain.follow_joint;
  chain.goal = model_goal;
  if (j < 0 || j >= static_cast<int>(world.size())) return;
  const glm::mat4& followed = world[static_cast<size_t>(j)];
  chain.goal.position = glm::vec3(glm::inverse(followed) * glm::vec4(model_goal.position, 1.0f));
  chain.goal.orientation = glm::normalize(glm::conjugate(rotation_of(followed)) * model_goal.orientation);
}

void set_follow_joint(Chain& chain, const std::vector<glm::mat4>& world, int joint) {
  const Goal model_goal = goal_in_model_space(chain, world);
  chain.follow_joint = joint < 0 ? -1 : joint;
  set_goal_in_model_space(chain, world, model_goal);
}

std::string follow_joint_problem(const Skeleton& skeleton, const Chain& chain) {
  const int j = chain.follow_joint;
  if (j < 0) return "";
  const int n = skeleton.joint_count();
  if (j >= n) return "joint " + std::to_string(j) + " is out of range (the rig has " + std::to_string(n) + " joints)";
  if (chain.root >= 0 && chain.root < n && j >= chain.root && j < skeleton.subtree_end[static_cast<size_t>(chain.root)])
    return "joint " + std::to_string(j) + " is at or below the chain's root, so it moves with the chain";
  return "";
}

bool solving_goal(const Skeleton& skeleton, const Pose& pose, const Chain& chain, Goal& out) {
  const int n = skeleton.joint_count();
  const int j = chain.follow_joint;
  if (j >= n || (j >= 0 && chain.root >= 0 && chain.root < n && j >= chain.root &&
                 j < skeleton.subtree_end[static_cast<size_t>(chain.root)]))
    return false;
  Goal goal = j >= 0 ? goal_in_model_space(chain, joint_model_transform(skeleton, pose, j)) : chain.goal;
  if (chain.aim && chain.effector >= 0 && chain.effector < n) {
    const glm::mat4 effector = joint_model_transform(skeleton, pose, chain.effector);
    const glm::vec3 at = position_of(effector);
    const glm::quat rotation = rotation_of(effector);
    const glm::vec3 to_target = goal.position - at;
    const float distance = glm::length(to_target);
    const glm::vec3 axis = rotation * chain.aim_axis;
    const float axis_length = glm::length(axis);
    goal.orientation = rotation;
    // A target on the effector, or a zero aim axis, gives no direction: keep the orientation.
    if (distance > 0.0f && axis_length > 0.0f)
      goal.orientation = glm::normalize(glm::rotation(axis / axis_length, to_target / distance) * rotation);
    goal.position = at;
    goal.use_orientation = true;
  }
  out = goal;
  return true;
}

}  // namespace ik
