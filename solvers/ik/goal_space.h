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
// Goals driven by motion (Chain::motion), resolved per frame on the animated pose:
//   - follows the animation: the goal is the animated effector's model transform (the
//     effector in the clip's pose at the current time, before any IK) plus an offset kept in
//     Chain::goal: position = animated position + goal.position (model space), orientation =
//     goal.orientation * animated orientation (a model-space turn). A zero offset asks for
//     exactly the clip's pose, so IK is an adjustment on top of the clip; dragging the goal
//     changes the offset (set_goal_in_model_space). An aim chain's offset is its look target
//     as a point in the animated effector's frame instead, so the target turns with the head
//     as animated and the clip's head turns are kept. The extra effectors (a full-body
//     chain's feet, hips, head, other hand) follow their own animated joints the same way:
//     each EffectorGoal::goal is an offset from its joint in the clip's pose, so the pinned
//     feet walk with a clip that walks off. In every other mode extra effectors are pinned
//     in model space.
//   - follows a path: the goal is the chain's recorded GoalPath (goal_path.h) sampled at the
//     current time on the path's own time line, looping; its orientation comes from the path
//     when the path has orientations, else from Chain::goal. Chain::goal keeps the last goal
//     it had, for when the chain is switched back.
// Pole targets stay in model space in every mode.
//
// Index: rotation_of, joint_model_transform, goal_in_model_space, set_goal_in_model_space,
//        effector_goal_in_model_space, set_effector_goal_in_model_space, set_follow_joint,
//        follow_joint_problem, solving_goal, solving_goals, animated_extra_goals, goal_mode,
//        set_goal_mode
#pragma once

#include <string>
#include <vector>

#include "solvers/anim/goal_path.h"
#include "solvers/ik/chain.h"

namespace ik {

// The rotation of a model transform: its linear part with each column's scale divided out
// (joints' transforms are rotation times scale, e.g. a Mixamo rig's 0.01 root; glm's
// quat_cast of a scaled matrix is not its rotation). A zero column gives the identity.
glm::quat rotation_of(const glm::mat4& transform);

// The model-space transform of `joint` in `pose`: the product of the local transforms
// from the skeleton's root down to it. Walks the parents; allocates nothing.
glm::mat4 joint_model_transform(const Skeleton& skeleton, const Pose& pose, int joint);

// The four goal modes a user chooses from (Chain::follow_joint and Chain::motion together).
enum class GoalMode : std::uint8_t { pinned, follow_joint, follow_animated, follow_path };
GoalMode goal_mode(const Chain& chain);
// "pinned", "follows joint", "follows animation", "follows path".
const char* to_string(GoalMode mode);

// What a goal driven by motion is resolved against when the program draws, drags or reports
// it (the solve itself takes the animated pose, solving_goal).
struct GoalMotion {
  // Model transforms of every joint of the animated pose (fk_all of the clip's pose at the
  // current time). nullptr: the `world` handed in stands for it.
  const std::vector<glm::mat4>* animated_world = nullptr;
  const GoalPath* path = nullptr;  // the path a follows-a-path goal follows (nullptr: none)
  float time = 0.0f;               // seconds on the path's own time line (looped)
};

// The chain's goal in model space, given the followed joint's model transform (ignored for
// a pinned goal). For an aim chain this is the look target. Goals driven by motion are
// returned as stored (use the overloads below).
Goal goal_in_model_space(const Chain& chain, const glm::mat4& followed);
// The same with `world` the model transforms of every joint (fk_all); a follow joint out of
// range is taken as pinned. A goal following the animation is taken relative to `world`'s
// effector, a path goal as stored.
Goal goal_in_model_space(const Chain& chain, const std::vector<glm::mat4>& world);
// Every mode, resolved with `motion` (a path goal without a path: as stored).
Goal goal_in_model_space(const Chain& chain, const std::vector<glm::mat4>& world, const GoalMotion& motion);

// Stores `model_goal` (model space) as the chain's goal: as it is for a pinned goal, as an
// offset in the followed joint's frame (in `world`) for a following one, as the offset from
// the animated effector for one following the animation (with `motion`'s animated_world, else
// `world`'s effector). A path goal stores it as it is (the path still decides where it is).
void set_goal_in_model_space(Chain& chain, const std::vector<glm::mat4>& world, const Goal& model_goal);
void set_goal_in_model_space(Chain& chain, const std::vector<glm::mat4>& world, const GoalMotion& motion,
                             const Goal& model_goal);

// Effector i's goal (0: the chain's own, as above; 1..: an extra effector, chain.h) in model
// space, and the inverse: `model_goal` stored as the chain keeps it. An extra effector whose
// joint is out of `world` (or of motion's animated_world) is taken as stored.
Goal effector_goal_in_model_space(const Chain& chain, int i, const std::vector<glm::mat4>& world,
                                  const GoalMotion& motion);
void set_effector_goal_in_model_space(Chain& chain, int i, const std::vector<glm::mat4>& world,
                                      const GoalMotion& motion, const Goal& model_goal);

// Switches the chain's goal mode. pinned and follow_joint (`joint`, which must be valid for
// the chain: follow_joint_problem) keep the goal where it is now; follow_animated starts
// with a zero offset (the goal on the animated effector: the clip's pose; an aim chain's look
// target goes along the animated head's aim axis, as far away as it was), its extra
// effectors too (on their animated joints); follow_path follows the path named `path` and
// keeps the current goal in Chain::goal for later. Leaving follow_animated, the extra
// effectors stay where they are now, in model space.
void set_goal_mode(Chain& chain, const std::vector<glm::mat4>& world, const GoalMotion& motion, GoalMode mode,
                   int joint = -1, const std::string& path = {});

// Switches the chain to follow `joint` (-1: pinned), keeping its goal where it is in `world`.
void set_follow_joint(Chain& chain, const std::vector<glm::mat4>& world, int joint);

// "" if the chain's follow joint is -1 or a joint of `skeleton` that is not at or below the
// chain's root; else the problem in a few words ("joint 70 is out of range (the rig has 65
// joints)", "joint 12 is inside the chain").
std::string follow_joint_problem(const Skeleton& skeleton, const Chain& chain);

// The goal the chain's solver is handed when `pose` is solved: the follow applied (the
// followed joint's transform in `pose`; for a goal following the animation the effector's in
// `animated`, or in `pose` when `animated` is nullptr or of another size; for a path goal
// `path` at `time`, looping), then the aim, then an automatic pole (auto_pole.h, from
// `animated`, else the rest). False (and `out` untouched) if the follow joint
// is not valid (follow_joint_problem), or a path goal has no path (nullptr or no samples).
// Allocates nothing.
bool solving_goal(const Skeleton& skeleton, const Pose& pose, const Chain& chain, Goal& out,
                  const Pose* animated = nullptr, const GoalPath* path = nullptr, float time = 0.0f);

// Every goal the chain's solver is handed, into `solving` (a copy of `chain`): its own as
// solving_goal, and for a chain following the animation each extra effector's on its joint
// in `animated` (else in `pose`). False as solving_goal (then `solving` is as it was).
bool solving_goals(const Skeleton& skeleton, const Pose& pose, const Chain& chain, Chain& solving,
                   const Pose* animated = nullptr, const GoalPath* path = nullptr, float time = 0.0f);

// For a chain following the animation, each extra effector's goal into `solving` (a copy of
// `chain`): its offset on its joint in `animated`. Does nothing for another mode.
void animated_extra_goals(const Skeleton& skeleton, const Pose& animated, const Chain& chain, Chain& solving);

// True if the goal a solver is handed differs from Chain::goal (a following, motion-driven or
// aim chain).
inline bool goal_is_derived(const Chain& chain) {
  return chain.follow_joint >= 0 || chain.aim || chain.motion != Chain::Motion::none || chain.goal.auto_pole;
}

}  // namespace ik
