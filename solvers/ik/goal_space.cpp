#include "solvers/ik/goal_space.h"

#include <glm/gtx/quaternion.hpp>

#include "solvers/ik/auto_pole.h"

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

namespace {

// A goal following the animation, from its stored offset and the animated joint's model
// transform. An aim chain's look target is a point in the animated effector's frame (it turns
// with the head as animated, so the clip's head turns are kept); other goals (an extra
// effector's too) a model-space offset.
Goal on_animated(const Goal& offset, const glm::mat4& joint, bool aim) {
  Goal goal = offset;
  goal.position = aim ? glm::vec3(joint * glm::vec4(offset.position, 1.0f)) : position_of(joint) + offset.position;
  goal.orientation = glm::normalize(offset.orientation * rotation_of(joint));
  return goal;
}

// The offset that puts a goal following the animation at `model_goal`.
Goal offset_from_animated(const Goal& model_goal, const glm::mat4& joint, bool aim) {
  Goal offset = model_goal;
  offset.position = aim ? glm::vec3(glm::inverse(joint) * glm::vec4(model_goal.position, 1.0f))
                        : model_goal.position - position_of(joint);
  offset.orientation = glm::normalize(model_goal.orientation * glm::conjugate(rotation_of(joint)));
  return offset;
}

// Zero offsets: every extra effector's goal on its animated joint.
void extras_on_animated(Chain& chain) {
  for (EffectorGoal& e : chain.extra_effectors) {
    e.goal.position = glm::vec3(0.0f);
    e.goal.orientation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  }
}

// A path goal: the path's position (and orientation, if it has them) at `time`, looping.
Goal goal_on_path(const Goal& stored, const GoalPath& path, float time) {
  Goal goal = stored;
  const GoalPathSample sample = sample_goal_path(path, time, PathWrap::loop);
  goal.position = sample.position;
  if (path.has_orientation) goal.orientation = sample.orientation;
  return goal;
}

// Joint `joint`'s transform in the animated world (`world` stands for it when `motion` has
// none), or nullptr if out of range.
const glm::mat4* animated_joint(int joint, const std::vector<glm::mat4>& world, const GoalMotion& motion) {
  const std::vector<glm::mat4>& animated = motion.animated_world != nullptr ? *motion.animated_world : world;
  if (joint < 0 || joint >= static_cast<int>(animated.size())) return nullptr;
  return &animated[static_cast<size_t>(joint)];
}

}  // namespace

GoalMode goal_mode(const Chain& chain) {
  if (chain.motion == Chain::Motion::animated) return GoalMode::follow_animated;
  if (chain.motion == Chain::Motion::path) return GoalMode::follow_path;
  return chain.follow_joint >= 0 ? GoalMode::follow_joint : GoalMode::pinned;
}

const char* to_string(GoalMode mode) {
  switch (mode) {
    case GoalMode::pinned:
      return "pinned";
    case GoalMode::follow_joint:
      return "follows joint";
    case GoalMode::follow_animated:
      return "follows animation";
    case GoalMode::follow_path:
      return "follows path";
  }
  return "pinned";
}

Goal goal_in_model_space(const Chain& chain, const glm::mat4& followed) {
  if (chain.follow_joint < 0 || chain.motion != Chain::Motion::none) return chain.goal;
  Goal goal = chain.goal;
  goal.position = glm::vec3(followed * glm::vec4(chain.goal.position, 1.0f));
  goal.orientation = glm::normalize(rotation_of(followed) * chain.goal.orientation);
  return goal;
}

Goal goal_in_model_space(const Chain& chain, const std::vector<glm::mat4>& world) {
  return goal_in_model_space(chain, world, GoalMotion{});
}

Goal goal_in_model_space(const Chain& chain, const std::vector<glm::mat4>& world, const GoalMotion& motion) {
  if (chain.motion == Chain::Motion::animated) {
    const glm::mat4* effector = animated_joint(chain.effector, world, motion);
    return effector != nullptr ? on_animated(chain.goal, *effector, chain.aim) : chain.goal;
  }
  if (chain.motion == Chain::Motion::path)
    return motion.path != nullptr && !motion.path->samples.empty() ? goal_on_path(chain.goal, *motion.path, motion.time)
                                                                   : chain.goal;
  const int j = chain.follow_joint;
  if (j < 0 || j >= static_cast<int>(world.size())) return chain.goal;
  return goal_in_model_space(chain, world[static_cast<size_t>(j)]);
}

void set_goal_in_model_space(Chain& chain, const std::vector<glm::mat4>& world, const Goal& model_goal) {
  set_goal_in_model_space(chain, world, GoalMotion{}, model_goal);
}

void set_goal_in_model_space(Chain& chain, const std::vector<glm::mat4>& world, const GoalMotion& motion,
                             const Goal& model_goal) {
  const int j = chain.follow_joint;
  chain.goal = model_goal;
  if (chain.motion == Chain::Motion::animated) {
    if (const glm::mat4* effector = animated_joint(chain.effector, world, motion))
      chain.goal = offset_from_animated(model_goal, *effector, chain.aim);
    return;
  }
  if (chain.motion == Chain::Motion::path) return;
  if (j < 0 || j >= static_cast<int>(world.size())) return;
  const glm::mat4& followed = world[static_cast<size_t>(j)];
  chain.goal.position = glm::vec3(glm::inverse(followed) * glm::vec4(model_goal.position, 1.0f));
  chain.goal.orientation = glm::normalize(glm::conjugate(rotation_of(followed)) * model_goal.orientation);
}

Goal effector_goal_in_model_space(const Chain& chain, int i, const std::vector<glm::mat4>& world,
                                  const GoalMotion& motion) {
  if (i == 0) return goal_in_model_space(chain, world, motion);
  const Goal& stored = effector_goal(chain, i);
  if (chain.motion != Chain::Motion::animated) return stored;
  const glm::mat4* joint = animated_joint(effector_joint(chain, i), world, motion);
  return joint != nullptr ? on_animated(stored, *joint, false) : stored;
}

void set_effector_goal_in_model_space(Chain& chain, int i, const std::vector<glm::mat4>& world,
                                      const GoalMotion& motion, const Goal& model_goal) {
  if (i == 0) return set_goal_in_model_space(chain, world, motion, model_goal);
  Goal& stored = effector_goal(chain, i);
  stored = model_goal;
  if (chain.motion != Chain::Motion::animated) return;
  if (const glm::mat4* joint = animated_joint(effector_joint(chain, i), world, motion))
    stored = offset_from_animated(model_goal, *joint, false);
}

void set_follow_joint(Chain& chain, const std::vector<glm::mat4>& world, int joint) {
  const Goal model_goal = goal_in_model_space(chain, world);
  chain.follow_joint = joint < 0 ? -1 : joint;
  set_goal_in_model_space(chain, world, model_goal);
}

void set_goal_mode(Chain& chain, const std::vector<glm::mat4>& world, const GoalMotion& motion, GoalMode mode,
                   int joint, const std::string& path) {
  const Goal model_goal = goal_in_model_space(chain, world, motion);
  for (int i = 1; i < effector_count(chain); ++i)  // the extras in model space, as every other mode keeps them
    effector_goal(chain, i) = effector_goal_in_model_space(chain, i, world, motion);
  chain.motion = Chain::Motion::none;
  chain.follow_path.clear();
  chain.follow_joint = mode == GoalMode::follow_joint && joint >= 0 ? joint : -1;
  set_goal_in_model_space(chain, world, model_goal);  // pinned or following the joint: stays put
  if (mode == GoalMode::follow_animated) {
    chain.motion = Chain::Motion::animated;
    extras_on_animated(chain);
    const glm::mat4* effector = animated_joint(chain.effector, world, motion);
    if (chain.aim && effector != nullptr) {
      // The look target straight along the animated head's aim axis, as far away as it is
      // now: the head looks where the clip has it look.
      const float distance = glm::length(model_goal.position - position_of(*effector));
      const float axis_length = glm::length(glm::mat3(*effector) * chain.aim_axis);
      const float local = axis_length > 0.0f ? (distance > 0.0f ? distance : 1.0f) / axis_length : 0.0f;
      chain.goal.position = chain.aim_axis * local;
      chain.goal.orientation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    } else {
      chain.goal.position = glm::vec3(0.0f);  // zero offset: the clip's pose
      chain.goal.orientation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    }
  } else if (mode == GoalMode::follow_path) {
    chain.motion = Chain::Motion::path;
    chain.follow_path = path;
  }
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

bool solving_goal(const Skeleton& skeleton, const Pose& pose, const Chain& chain, Goal& out, const Pose* animated,
                  const GoalPath* path, float time) {
  const int n = skeleton.joint_count();
  const int j = chain.follow_joint;
  Goal goal = chain.goal;
  if (chain.motion == Chain::Motion::animated) {
    if (chain.effector < 0 || chain.effector >= n) return false;
    const Pose& source = animated != nullptr && animated->local.size() == pose.local.size() ? *animated : pose;
    goal = on_animated(chain.goal, joint_model_transform(skeleton, source, chain.effector), chain.aim);
  } else if (chain.motion == Chain::Motion::path) {
    if (path == nullptr || path->samples.empty()) return false;
    goal = goal_on_path(chain.goal, *path, time);
  } else if (j >= n || (j >= 0 && chain.root >= 0 && chain.root < n && j >= chain.root &&
                        j < skeleton.subtree_end[static_cast<size_t>(chain.root)])) {
    return false;
  } else if (j >= 0) {
    goal = goal_in_model_space(chain, joint_model_transform(skeleton, pose, j));
  }
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
  if (chain.goal.auto_pole) automatic_pole(skeleton, chain, pose, animated, goal);
  out = goal;
  return true;
}

void animated_extra_goals(const Skeleton& skeleton, const Pose& animated, const Chain& chain, Chain& solving) {
  const int n = skeleton.joint_count();
  if (chain.motion != Chain::Motion::animated || animated.local.size() != static_cast<size_t>(n)) return;
  for (int i = 1; i < effector_count(chain) && i < effector_count(solving); ++i) {
    const int joint = effector_joint(chain, i);
    if (joint >= 0 && joint < n)
      effector_goal(solving, i) =
          on_animated(effector_goal(chain, i), joint_model_transform(skeleton, animated, joint), false);
  }
}

bool solving_goals(const Skeleton& skeleton, const Pose& pose, const Chain& chain, Chain& solving, const Pose* animated,
                   const GoalPath* path, float time) {
  Goal goal;
  if (!solving_goal(skeleton, pose, chain, goal, animated, path, time)) return false;
  solving.goal = goal;
  animated_extra_goals(skeleton, animated != nullptr && animated->local.size() == pose.local.size() ? *animated : pose,
                       chain, solving);
  return true;
}

}  // namespace ik
