// Goals driven by motion (solvers/ik/goal_space.h, the scene solve's MotionSources): a goal
// following the animated effector with a zero offset reproduces the clip's pose, an offset
// moves the effector by exactly that offset, a path goal sits at the path's sample at the
// current time (looping), modes switch without moving the goal, and a missing path is
// invalid input.
#include <gtest/gtest.h>

#include <random>

#include "solvers/ik/goal_space.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/ik_blend.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/role_chain_rigs.h"

namespace {

// A Mixamo-shaped rig, its suggested chains (fingers off), and an "animated" pose: every
// joint turned by a fixed small random rotation from rest, as a clip's frame would be.
struct Animated {
  ik::Skeleton skeleton = rigs::mixamo();
  std::vector<ik::Chain> chains;
  ik::Pose animated;
  std::vector<glm::mat4> animated_world;
  ik::Pose pose;
  ik::Workspace workspace;
  ik::FrameSolve frame;
  std::vector<const ik::GoalPath*> paths;

  Animated() {
    const ik::Pose rest = ik::rest_pose(skeleton);
    chains = ik::chains_from_roles(skeleton, ik::recognise_roles(skeleton).joints, rest, ik::find_solver("dls"));
    animated = rest;
    std::mt19937 rng(11u);
    std::uniform_real_distribution<float> angle(-0.25f, 0.25f);
    for (ik::Transform& t : animated.local) {
      const glm::vec3 axis =
          glm::normalize(glm::vec3{angle(rng), angle(rng), angle(rng)} + glm::vec3(0.0f, 0.01f, 0.0f));
      t.rotation = glm::normalize(glm::angleAxis(angle(rng), axis) * t.rotation);
    }
    ik::fk_all(skeleton, animated, animated_world);
    ik::GoalMotion motion;
    motion.animated_world = &animated_world;
    for (ik::Chain& c : chains) ik::set_goal_mode(c, animated_world, motion, ik::GoalMode::follow_animated);
    pose = rest;
    paths.assign(chains.size(), nullptr);
  }
  // One program frame: the solve starts from the animated pose (the time moved).
  void solve(float time = 0.0f) {
    ik::MotionSources sources;
    sources.time = time;
    sources.paths = &paths;
    ik::solve_animated_frame(skeleton, chains, -1, animated, true, pose, workspace, frame, &sources);
  }
  glm::vec3 model_position(const ik::Pose& p, int joint) const {
    return ik::position_of(ik::joint_model_transform(skeleton, p, joint));
  }
  // `distance` from chain c's animated effector toward its root (a reachable direction).
  glm::vec3 toward_root(size_t c, float distance) const {
    const glm::vec3 root = ik::position_of(animated_world[static_cast<size_t>(chains[c].root)]);
    const glm::vec3 tip = ik::position_of(animated_world[static_cast<size_t>(chains[c].effector)]);
    return distance * glm::normalize(root - tip);
  }
  size_t chain_ending_at(const std::string& name) const {
    for (size_t c = 0; c < chains.size(); ++c)
      if (chains[c].effector == ik::find_joint(skeleton, name)) return c;
    ADD_FAILURE() << "no chain ends at " << name;
    return 0;
  }
};

TEST(GoalMotion, ZeroOffsetReproducesTheClipsPose) {
  Animated scene;
  size_t enabled = 0;
  for (const ik::Chain& c : scene.chains) {
    enabled += c.enabled;
    EXPECT_EQ(ik::goal_mode(c), ik::GoalMode::follow_animated);
    if (!c.aim) {
      EXPECT_EQ(c.goal.position, glm::vec3(0.0f));
    }
  }
  ASSERT_GE(enabled, 5u);  // arms, legs, spine / head
  // Three frames: the pose stays the clip's, joint for joint.
  for (int frame = 0; frame < 3; ++frame) {
    scene.solve();
    for (size_t j = 0; j < scene.pose.local.size(); ++j) {
      const glm::vec3 solved = scene.model_position(scene.pose, static_cast<int>(j));
      const glm::vec3 clip = ik::position_of(scene.animated_world[j]);
      ASSERT_LT(glm::length(solved - clip), 1e-5f) << scene.skeleton.name[j] << " frame " << frame;
    }
  }
  for (size_t c = 0; c < scene.chains.size(); ++c)
    if (scene.chains[c].enabled) {
      EXPECT_EQ(scene.frame.results[c].status, ik::SolveStatus::reached) << c;
    }
}

TEST(GoalMotion, AnOffsetMovesTheEffectorByExactlyThatOffset) {
  Animated scene;
  const size_t arm = scene.chain_ending_at("mixamorig:LeftHand");
  // Well inside the arm's reach: 8 cm from the hand toward the shoulder, 3 cm forward.
  const glm::vec3 offset = scene.toward_root(arm, 0.08f) + glm::vec3(0.0f, 0.0f, 0.03f);
  scene.chains[arm].goal.position = offset;
  const int hand = scene.chains[arm].effector;
  for (int frame = 0; frame < 3; ++frame) scene.solve();
  EXPECT_EQ(scene.frame.results[arm].status, ik::SolveStatus::reached);
  const glm::vec3 moved =
      scene.model_position(scene.pose, hand) - ik::position_of(scene.animated_world[static_cast<size_t>(hand)]);
  // Reached within the solver's tolerance (1e-3 of the chain's length, under 1 mm here).
  EXPECT_LT(glm::length(moved - offset), 1e-3f) << moved.x << " " << moved.y << " " << moved.z;
  // The other arm still shows the clip.
  const size_t other = scene.chain_ending_at("mixamorig:RightHand");
  const int right_hand = scene.chains[other].effector;
  EXPECT_LT(glm::length(scene.model_position(scene.pose, right_hand) -
                        ik::position_of(scene.animated_world[static_cast<size_t>(right_hand)])),
            1e-5f);
}

TEST(GoalMotion, DraggingAGoalThatFollowsTheAnimationChangesItsOffset) {
  Animated scene;
  ik::Chain& leg = scene.chains[scene.chain_ending_at("mixamorig:LeftFoot")];
  std::vector<glm::mat4> solved_world;  // some other pose: the offset must not depend on it
  ik::fk_all(scene.skeleton, ik::rest_pose(scene.skeleton), solved_world);
  ik::GoalMotion motion;
  motion.animated_world = &scene.animated_world;
  const glm::vec3 foot = ik::position_of(scene.animated_world[static_cast<size_t>(leg.effector)]);
  ik::Goal goal = ik::goal_in_model_space(leg, solved_world, motion);
  EXPECT_LT(glm::length(goal.position - foot), 1e-6f);
  goal.position = foot + glm::vec3(0.0f, 0.1f, 0.02f);
  ik::set_goal_in_model_space(leg, solved_world, motion, goal);
  EXPECT_LT(glm::length(leg.goal.position - glm::vec3(0.0f, 0.1f, 0.02f)), 1e-6f);
  EXPECT_LT(glm::length(ik::goal_in_model_space(leg, solved_world, motion).position - goal.position), 1e-6f);
  // Pinning keeps it where it is; back to the animation starts from a zero offset.
  ik::set_goal_mode(leg, solved_world, motion, ik::GoalMode::pinned);
  EXPECT_EQ(ik::goal_mode(leg), ik::GoalMode::pinned);
  EXPECT_LT(glm::length(leg.goal.position - goal.position), 1e-6f);
  ik::set_goal_mode(leg, solved_world, motion, ik::GoalMode::follow_animated);
  EXPECT_EQ(leg.goal.position, glm::vec3(0.0f));
}

TEST(GoalMotion, APathGoalSitsAtThePathsSampleAtTheTimeLooping) {
  Animated scene;
  const size_t arm = scene.chain_ending_at("mixamorig:LeftHand");
  const int hand = scene.chains[arm].effector;
  const glm::vec3 start = ik::position_of(scene.animated_world[static_cast<size_t>(hand)]);
  ik::GoalPath path;
  path.name = "wave";
  const glm::vec3 in = scene.toward_root(arm, 0.08f);  // reachable: toward the shoulder
  const glm::vec3 up(0.0f, 0.04f, 0.0f);
  path.samples = {{0.0f, start, {}}, {1.0f, start + in, {}}, {2.0f, start + in + up, {}}};
  ik::GoalMotion motion;
  motion.animated_world = &scene.animated_world;
  ik::set_goal_mode(scene.chains[arm], scene.animated_world, motion, ik::GoalMode::follow_path, -1, "wave");
  EXPECT_EQ(ik::goal_mode(scene.chains[arm]), ik::GoalMode::follow_path);
  scene.paths[arm] = &path;
  // 2.5 s on a 2 s path is 0.5 s: half way from the first sample to the second.
  const glm::vec3 expected = start + 0.5f * in;
  ik::Goal goal;
  ASSERT_TRUE(ik::solving_goal(scene.skeleton, scene.pose, scene.chains[arm], goal, &scene.animated, &path, 2.5f));
  EXPECT_LT(glm::length(goal.position - expected), 1e-6f);
  motion.path = &path;
  motion.time = 2.5f;
  EXPECT_LT(glm::length(ik::goal_in_model_space(scene.chains[arm], scene.animated_world, motion).position - expected),
            1e-6f);
  for (int frame = 0; frame < 3; ++frame) scene.solve(2.5f);
  EXPECT_EQ(scene.frame.results[arm].status, ik::SolveStatus::reached);
  EXPECT_LT(glm::length(scene.model_position(scene.pose, hand) - expected), 1e-3f);
  // At 1.5 s: between the second and the third sample.
  scene.solve(1.5f);
  EXPECT_LT(glm::length(scene.model_position(scene.pose, hand) - (start + in + 0.5f * up)), 1e-3f);
}

TEST(GoalMotion, APathGoalWithoutItsPathIsInvalidInputAndTheRestSolve) {
  Animated scene;
  const size_t arm = scene.chain_ending_at("mixamorig:LeftHand");
  scene.chains[arm].motion = ik::Chain::Motion::path;
  scene.chains[arm].follow_path = "gone";
  scene.solve();  // paths[arm] is nullptr
  EXPECT_EQ(scene.frame.results[arm].status, ik::SolveStatus::invalid_input);
  const size_t leg = scene.chain_ending_at("mixamorig:LeftFoot");
  EXPECT_EQ(scene.frame.results[leg].status, ik::SolveStatus::reached);
  ik::Goal goal;
  EXPECT_FALSE(ik::solving_goal(scene.skeleton, scene.pose, scene.chains[arm], goal, &scene.animated, nullptr, 0.0f));
  ik::GoalPath empty;
  EXPECT_FALSE(ik::solving_goal(scene.skeleton, scene.pose, scene.chains[arm], goal, &scene.animated, &empty, 0.0f));
}

// The feet's cleanup holds goals by joint (MotionSources::held): a chain ending at a held joint
// and a full-body chain's pinned foot on one are solved to the held place; an effector that is
// not pinned (the user's to drag) is not held, nor is a foot no joint holds.
TEST(GoalMotion, AHeldJointHoldsAChainsGoalAndAFullBodyPinNotAFreeEffector) {
  Animated scene;
  const int left_foot = ik::find_joint(scene.skeleton, "mixamorig:LeftFoot");
  const int right_foot = ik::find_joint(scene.skeleton, "mixamorig:RightFoot");
  const int head = ik::find_joint(scene.skeleton, "mixamorig:Head");
  ASSERT_GE(left_foot, 0);
  ASSERT_GE(right_foot, 0);
  ASSERT_GE(head, 0);
  const size_t joints = scene.skeleton.rest.size();
  std::vector<std::uint8_t> held(joints, 0);
  std::vector<glm::vec3> held_goals(joints, glm::vec3(0.0f));
  ik::MotionSources sources;
  sources.held = &held;
  sources.held_goals = &held_goals;

  // Per chain: the leg's goal (following the animation) is handed the held place.
  ASSERT_EQ(scene.chains[scene.chain_ending_at("mixamorig:LeftFoot")].effector, left_foot);
  const glm::vec3 animated_foot = ik::position_of(scene.animated_world[static_cast<size_t>(left_foot)]);
  held[static_cast<size_t>(left_foot)] = 1;
  held_goals[static_cast<size_t>(left_foot)] = animated_foot + glm::vec3(0.03f, 0.02f, 0.04f);
  for (int frame = 0; frame < 3; ++frame)
    ik::solve_animated_frame(scene.skeleton, scene.chains, -1, scene.animated, true, scene.pose, scene.workspace,
                             scene.frame, &sources);
  EXPECT_LT(glm::length(scene.model_position(scene.pose, left_foot) - held_goals[static_cast<size_t>(left_foot)]),
            1e-3f);

  // The full body, from rest: the left foot's pin is held 5 cm forward and 3 cm out, the head
  // (an effector the user dragged: weight 1, not pinned) "held" 20 cm forward; the right foot
  // stays on its own pin.
  const ik::Pose rest = ik::rest_pose(scene.skeleton);
  std::vector<glm::mat4> world;
  ik::fk_all(scene.skeleton, rest, world);
  std::vector<ik::Chain> chains(1);
  ASSERT_TRUE(ik::full_body_chain(scene.skeleton, ik::recognise_roles(scene.skeleton), world,
                                  ik::find_solver("full_body"), chains[0]));
  int pinned = 0;
  for (ik::EffectorGoal& e : chains[0].extra_effectors) {
    pinned += e.pinned;
    if (e.joint == head) {
      EXPECT_FALSE(e.pinned);
      e.weight = 1.0f;
    }
  }
  ASSERT_EQ(pinned, 2);
  const glm::vec3 rest_left = ik::position_of(world[static_cast<size_t>(left_foot)]);
  const glm::vec3 rest_right = ik::position_of(world[static_cast<size_t>(right_foot)]);
  const glm::vec3 rest_head = ik::position_of(world[static_cast<size_t>(head)]);
  held_goals[static_cast<size_t>(left_foot)] = rest_left + glm::vec3(0.03f, 0.0f, 0.05f);
  held[static_cast<size_t>(head)] = 1;
  held_goals[static_cast<size_t>(head)] = rest_head + glm::vec3(0.0f, 0.0f, 0.2f);
  ik::Pose pose = rest;
  ik::Workspace workspace;
  std::vector<ik::SolveResult> results;
  ik::solve_scene(scene.skeleton, chains, pose, workspace, results, nullptr, &sources);
  EXPECT_LT(glm::length(scene.model_position(pose, left_foot) - held_goals[static_cast<size_t>(left_foot)]), 1e-3f);
  EXPECT_LT(glm::length(scene.model_position(pose, right_foot) - rest_right), 1e-3f);
  EXPECT_LT(glm::length(scene.model_position(pose, head) - rest_head), 0.01f);
  // The document's chain is not changed: the hold is the solve's alone.
  for (const ik::EffectorGoal& e : chains[0].extra_effectors)
    if (e.joint == left_foot) {
      EXPECT_EQ(e.goal.position, rest_left);
    }
}

// A full-body chain following the animation: each extra effector's goal is an offset from its
// own animated joint (the feet walk with the clip), handed to the solver on it; leaving the
// mode keeps them where they are, in model space.
TEST(GoalMotion, AFullBodyChainsExtraEffectorsFollowTheirAnimatedJoints) {
  Animated scene;
  std::vector<glm::mat4> rest_world;
  const ik::Pose rest = ik::rest_pose(scene.skeleton);
  ik::fk_all(scene.skeleton, rest, rest_world);
  ik::Chain body;
  ASSERT_TRUE(ik::full_body_chain(scene.skeleton, ik::recognise_roles(scene.skeleton), rest_world,
                                  ik::find_solver("full_body"), body));
  ik::GoalMotion motion;
  motion.animated_world = &scene.animated_world;
  ik::set_goal_mode(body, rest_world, motion, ik::GoalMode::follow_animated);
  ASSERT_GE(ik::effector_count(body), 3);
  const glm::vec3 lift(0.0f, 0.04f, 0.01f);
  ik::effector_goal(body, 1).position = lift;  // one effector 4 cm above its animated joint
  for (int i = 1; i < ik::effector_count(body); ++i) {
    const glm::mat4& joint = scene.animated_world[static_cast<size_t>(ik::effector_joint(body, i))];
    const glm::vec3 want = ik::position_of(joint) + (i == 1 ? lift : glm::vec3(0.0f));
    EXPECT_LT(glm::length(ik::effector_goal_in_model_space(body, i, rest_world, motion).position - want), 1e-6f);
  }
  // Handed to the solver on the animated joints (the solve's pose is another: rest).
  ik::Chain solving = body;
  ASSERT_TRUE(ik::solving_goals(scene.skeleton, rest, body, solving, &scene.animated));
  for (int i = 1; i < ik::effector_count(body); ++i)
    EXPECT_LT(glm::length(ik::effector_goal(solving, i).position -
                          ik::effector_goal_in_model_space(body, i, rest_world, motion).position),
              1e-5f);
  // Pinned: where they were, in model space.
  const ik::Goal lifted = ik::effector_goal_in_model_space(body, 1, rest_world, motion);
  ik::set_goal_mode(body, rest_world, motion, ik::GoalMode::pinned);
  EXPECT_LT(glm::length(ik::effector_goal(body, 1).position - lifted.position), 1e-6f);
  EXPECT_EQ(ik::effector_goal_in_model_space(body, 1, rest_world, motion).position,
            ik::effector_goal(body, 1).position);
  // A drag stored back: as it is, pinned; as the offset, following the animation.
  ik::set_goal_mode(body, rest_world, motion, ik::GoalMode::follow_animated);
  EXPECT_EQ(ik::effector_goal(body, 1).position, glm::vec3(0.0f));
  ik::set_effector_goal_in_model_space(body, 1, rest_world, motion, lifted);
  EXPECT_LT(glm::length(ik::effector_goal(body, 1).position - lift), 1e-6f);
}

TEST(GoalMotion, ModeNames) {
  ik::Chain chain;
  EXPECT_STREQ(ik::to_string(ik::goal_mode(chain)), "pinned");
  chain.follow_joint = 0;
  EXPECT_STREQ(ik::to_string(ik::goal_mode(chain)), "follows joint");
  chain.motion = ik::Chain::Motion::animated;
  EXPECT_STREQ(ik::to_string(ik::goal_mode(chain)), "follows animation");
  chain.motion = ik::Chain::Motion::path;
  EXPECT_STREQ(ik::to_string(ik::goal_mode(chain)), "follows path");
  EXPECT_TRUE(ik::goal_is_derived(chain));
}

}  // namespace
