// Goal spaces: where a chain's goal lives, and the goal its solver is handed.
//
// A goal is either pinned in model space (Chain::follow_joint = -1, the default) or follows
// a joint: then Chain::goal holds an offset in that joint's frame (position as a point in
// the joint's space, orientation relative to the joint's rotation), and the goal in model
// space is recomputed from the joint's transform each time the scene is solved. So when
// a hand moves, the finger goals that follow it move rigidly with its new frame, and an
// eye's look target rides with the head. Goal::pole and Goal::up stay in model space.
//
// An aim chain (Chain::aim) turns its effector to look at the goal: the solver is handed
// an orientation goal that keeps the effector where it is and turns its aim axis onto the
// direction to the target (the shortest turn from its current orientation, so the roll
// about the aim axis is kept), computed from the pose being solved.
//
// Index: rotation_of, joint_model_transform, goal_in_model_space, set_goal_in_model_space,
//        set_follow_joint, follow_joint_problem, solving_goal
#pragma once

#include <string>
#include <vector>

#include "solvers/chain.h"

namespace ik {

// The rotation of a model transform: its linear part with each column's scale divided out
// (joints' transforms are rotation times scale, e.g. a Mixamo rig's 0.01 root; glm's
// quat_cast of a scaled matrix is not its rotation). A zero column gives the identity.
glm::quat rotation_of(const glm::mat4& transform);

// The model-space transform of `joint` in `pose`: the product of the local transforms
// from the skeleton's root down to it. Walks the parents; allocates nothing.
glm::mat4 joint_model_transform(const Skeleton& skeleton, const Pose& pose, int joint);

// The chain's goal in model space, given the followed joint's model transform (ignored for
// a pinned goal). For an aim chain this is the look target.
Goal goal_in_model_space(const Chain& chain, const glm::mat4& followed);
// The same with `world` the model transforms of every joint (fk_all); a follow joint out of
// range is taken as pinned.
Goal goal_in_model_space(const Chain& chain, const std::vector<glm::mat4>& world);

// Stores `model_goal` (model space) as the chain's goal: as it is for a pinned goal, as an
// offset in the followed joint's frame (in `world`) for a following one.
void set_goal_in_model_space(Chain& chain, const std::vector<glm::mat4>& world, const Goal& model_goal);

// Switches the chain to follow `joint` (-1: pinned), keeping its goal where it is in `world`.
void set_follow_joint(Chain& chain, const std::vector<glm::mat4>& world, int joint);

// "" if the chain's follow joint is -1 or a joint of `skeleton` that is not at or below the
// chain's root; else the problem in a few words ("joint 70 is out of range (the rig has 65
// joints)", "joint 12 is inside the chain").
std::string follow_joint_problem(const Skeleton& skeleton, const Chain& chain);

// The goal the chain's solver is handed when `pose` is solved: the follow applied (the
// followed joint's transform in `pose`), then the aim. False (and `out` untouched) if the
// follow joint is not valid (follow_joint_problem). Allocates nothing.
bool solving_goal(const Skeleton& skeleton, const Pose& pose, const Chain& chain, Goal& out);

// True if the goal a solver is handed differs from Chain::goal (a following or aim chain).
inline bool goal_is_derived(const Chain& chain) { return chain.follow_joint >= 0 || chain.aim; }

}  // namespace ik
