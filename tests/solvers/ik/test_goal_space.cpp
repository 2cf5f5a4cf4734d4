// Goals that ride with what they hang from (solvers/ik/goal_space.h and the scene solve):
// offsets in a joint's frame, finger goals following the hand within one frame, aim
// chains, bad follow joints, and no allocation per frame.
#include <gtest/gtest.h>

#include "solvers/ik/goal_space.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/allocation_counter.h"
#include "tests/support/role_chain_rigs.h"

namespace {

struct Scene {
  ik::Skeleton skeleton;
  std::vector<ik::Chain> chains;
  ik::Pose pose;
  std::vector<glm::mat4> world;
  ik::Workspace workspace;
  std::vector<ik::SolveResult> results;

  explicit Scene(const ik::Skeleton& s) : skeleton(s), pose(ik::rest_pose(s)) {
    chains = ik::chains_from_roles(s, ik::recognise_roles(s).joints, pose, ik::find_solver("dls"));
    ik::fk_all(skeleton, pose, world);
  }
  int joint(const std::string& name) const { return ik::find_joint(skeleton, name); }
  ik::Chain& chain_ending_at(const std::string& name) {
    for (ik::Chain& c : chains)
      if (c.effector == joint(name)) return c;
    ADD_FAILURE() << "no chain ends at " << name;
    return chains.front();
  }
  void solve() {
    ik::solve_scene(skeleton, chains, pose, workspace, results);
    ik::fk_all(skeleton, pose, world);
  }
};

TEST(GoalSpace, OffsetInAScaledRotatedFrameRoundTrips) {
  ik::Chain chain;
  chain.follow_joint = 0;
  const glm::mat4 frame = glm::translate(glm::mat4(1.0f), glm::vec3(1, 2, 3)) *
                          glm::mat4_cast(glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 2, 0.5f)))) *
                          glm::scale(glm::mat4(1.0f), glm::vec3(0.01f));
  const std::vector<glm::mat4> world{frame};
  ik::Goal model;
  model.position = {0.4f, 1.1f, -0.2f};
  model.orientation = glm::angleAxis(1.1f, glm::normalize(glm::vec3(0.2f, 1, 0)));
  ik::set_goal_in_model_space(chain, world, model);
  // Stored: the offset, in the frame's (centimetre) units.
  EXPECT_GT(glm::length(chain.goal.position - model.position), 1.0f);
  const ik::Goal back = ik::goal_in_model_space(chain, world);
  EXPECT_NEAR(glm::length(back.position - model.position), 0.0f, 1e-5f);
  EXPECT_NEAR(std::fabs(glm::dot(back.orientation, model.orientation)), 1.0f, 1e-5f);
  // Switching to pinned keeps the goal where it is.
  ik::set_follow_joint(chain, world, -1);
  EXPECT_NEAR(glm::length(chain.goal.position - model.position), 0.0f, 1e-5f);
}

// The case: fingers on, the hand goal dragged to the hip. Within one frame the
// finger goals move rigidly with the hand's new frame and every finger chain reaches.
TEST(GoalSpace, FingerGoalsRideWithTheHandAndReach) {
  Scene scene(rigs::mixamo());
  for (ik::Chain& c : scene.chains)
    if (c.group == ik::ChainGroup::fingers) c.enabled = true;
  // Capture the finger goals and the hand frame before.
  const int hand = scene.joint("mixamorig:LeftHand");
  const glm::mat4 hand_before = scene.world[static_cast<size_t>(hand)];
  std::vector<glm::vec3> before;
  for (const ik::Chain& c : scene.chains)
    if (c.follow_joint == hand) before.push_back(ik::goal_in_model_space(c, scene.world).position);
  ASSERT_EQ(before.size(), 5u);

  ik::Chain& arm = scene.chain_ending_at("mixamorig:LeftHand");
  const glm::vec3 hip = ik::position_of(scene.world[static_cast<size_t>(scene.joint("mixamorig:LeftUpLeg"))]);
  arm.goal.position = hip + glm::vec3(0.12f, 0.05f, 0.1f);
  scene.solve();
  const glm::mat4 hand_after = scene.world[static_cast<size_t>(hand)];
  EXPECT_GT(glm::length(ik::position_of(hand_after) - ik::position_of(hand_before)), 0.3f);

  // The arm reaches too, though a clavicle chain ends at its root (the upper arm): a
  // position chain does not own its effector's own rotation.
  const size_t arm_index = static_cast<size_t>(&arm - scene.chains.data());
  for (int frame = 0; frame < 3 && scene.results[arm_index].status != ik::SolveStatus::reached; ++frame) scene.solve();
  EXPECT_EQ(scene.results[arm_index].status, ik::SolveStatus::reached);
  const glm::mat4 moved = scene.world[static_cast<size_t>(hand)] * glm::inverse(hand_before);
  size_t k = 0;
  for (size_t c = 0; c < scene.chains.size(); ++c) {
    const ik::Chain& chain = scene.chains[c];
    if (chain.follow_joint != hand) continue;
    const glm::vec3 goal = ik::goal_in_model_space(chain, scene.world).position;
    const glm::vec3 expected = glm::vec3(moved * glm::vec4(before[k++], 1.0f));
    EXPECT_NEAR(glm::length(goal - expected), 0.0f, 1e-4f);
    EXPECT_GT(glm::length(goal - before[k - 1]), 0.2f);  // it did move with the hand
    EXPECT_EQ(scene.results[c].status, ik::SolveStatus::reached)
        << scene.skeleton.name[static_cast<size_t>(chain.effector)];
    const glm::vec3 tip = ik::position_of(scene.world[static_cast<size_t>(chain.effector)]);
    EXPECT_LT(glm::length(tip - goal), 2e-3f);
  }
}

// The head chain turns the head's forward axis onto its look target; the head stays put.
TEST(GoalSpace, AimChainLooksAtItsTarget) {
  Scene scene(rigs::mixamo());
  for (ik::Chain& c : scene.chains) c.enabled = c.aim && c.group == ik::ChainGroup::head && c.root != c.effector;
  ik::Chain& head_chain = scene.chain_ending_at("mixamorig:Head");
  const int head = head_chain.effector;
  const glm::vec3 head_before = ik::position_of(scene.world[static_cast<size_t>(head)]);
  head_chain.goal.position = head_before + glm::vec3(0.3f, 0.1f, 0.3f);
  for (int frame = 0; frame < 3; ++frame) scene.solve();
  const glm::mat4& h = scene.world[static_cast<size_t>(head)];
  const glm::vec3 forward = glm::normalize(glm::mat3(h) * head_chain.aim_axis);
  const glm::vec3 wanted = glm::normalize(head_chain.goal.position - ik::position_of(h));
  EXPECT_GT(glm::dot(forward, wanted), std::cos(glm::radians(1.0f)));
  EXPECT_LT(glm::length(ik::position_of(h) - head_before), 1e-3f);
  // The eyes, turned on, follow the head's new frame and look at their own targets.
  for (ik::Chain& c : scene.chains)
    if (c.group == ik::ChainGroup::head && c.root == c.effector) c.enabled = true;
  scene.solve();
  for (size_t c = 0; c < scene.chains.size(); ++c) {
    const ik::Chain& eye = scene.chains[c];
    if (!(eye.enabled && eye.root == eye.effector)) continue;
    const glm::mat4& e = scene.world[static_cast<size_t>(eye.effector)];
    const glm::vec3 target = ik::goal_in_model_space(eye, scene.world).position;
    const glm::vec3 eye_forward = glm::normalize(glm::mat3(e) * eye.aim_axis);
    EXPECT_GT(glm::dot(eye_forward, glm::normalize(target - ik::position_of(e))), std::cos(glm::radians(1.0f)));
  }
}

// An aim chain whose head already looks at its target, the figure 1-8.5 m from the origin (a
// walk's head is there): the goal is reached before any iteration, every time. Its goal's
// position is the head's own, exactly at the neck's full reach; read past that reach by the
// rounding of positions far from the origin, DLS took it as beyond reach and iterated --
// the CMU walk's head, bent past its limits by the clip, ended 6 degrees off its look target.
TEST(GoalSpace, AnAimChainAlreadyOnItsTargetIsReachedFarFromTheOrigin) {
  Scene scene(rigs::mixamo());
  for (ik::Chain& c : scene.chains) c.enabled = c.aim && c.group == ik::ChainGroup::head && c.root != c.effector;
  ik::Chain& head_chain = scene.chain_ending_at("mixamorig:Head");
  const int head = head_chain.effector, neck = head_chain.root;
  const glm::quat neck_rest = scene.skeleton.rest[static_cast<size_t>(neck)].rotation;
  int trials = 0, reached_at_once = 0;
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      const float angle = 0.4f * static_cast<float>(i) + 0.1f, distance = 1.0f + 0.5f * static_cast<float>(k);
      scene.pose = ik::rest_pose(scene.skeleton);
      scene.pose.local[0].translation += glm::vec3(distance * std::cos(angle), 0.3f, distance * std::sin(angle));
      scene.pose.local[static_cast<size_t>(neck)].rotation =
          glm::normalize(neck_rest * glm::angleAxis(0.03f * static_cast<float>(k) + 0.02f * static_cast<float>(i),
                                                    glm::normalize(glm::vec3(1.0f, 0.3f, 0.2f))));
      ik::fk_all(scene.skeleton, scene.pose, scene.world);
      const glm::mat4& h = scene.world[static_cast<size_t>(head)];
      head_chain.goal.position = ik::position_of(h) + 2.7f * glm::normalize(glm::mat3(h) * head_chain.aim_axis);
      const glm::quat before = scene.pose.local[static_cast<size_t>(neck)].rotation;
      scene.solve();
      const size_t c = static_cast<size_t>(&head_chain - scene.chains.data());
      ++trials;
      if (scene.results[c].status == ik::SolveStatus::reached && scene.results[c].iterations == 0 &&
          scene.pose.local[static_cast<size_t>(neck)].rotation == before)
        ++reached_at_once;
    }
  EXPECT_EQ(reached_at_once, trials);
}

TEST(GoalSpace, FollowJointInsideTheChainIsInvalidInput) {
  Scene scene(rigs::mixamo());
  ik::Chain& arm = scene.chain_ending_at("mixamorig:LeftHand");
  const std::vector<ik::Chain> before = scene.chains;
  arm.follow_joint = scene.joint("mixamorig:LeftForeArm");
  EXPECT_NE(ik::follow_joint_problem(scene.skeleton, arm), "");
  const size_t index = static_cast<size_t>(&arm - scene.chains.data());
  scene.solve();
  EXPECT_EQ(scene.results[index].status, ik::SolveStatus::invalid_input);
  arm.follow_joint = 1000;
  EXPECT_NE(ik::follow_joint_problem(scene.skeleton, arm), "");
  scene.solve();
  EXPECT_EQ(scene.results[index].status, ik::SolveStatus::invalid_input);
  arm.follow_joint = scene.joint("mixamorig:Spine2");
  EXPECT_EQ(ik::follow_joint_problem(scene.skeleton, arm), "");
}

// Counts the allocations of a third solve_scene, after two that sized everything.
long allocations_of_third_frame(Scene& scene, bool derived_goals) {
  for (ik::Chain& c : scene.chains) {
    c.enabled = true;
    if (!derived_goals) {
      c.goal = ik::goal_in_model_space(c, scene.world);
      c.follow_joint = -1;
      c.aim = false;
    }
  }
  scene.solve();
  scene.solve();
  const long start = alloctest::allocations();
  ik::solve_scene(scene.skeleton, scene.chains, scene.pose, scene.workspace, scene.results);
  return alloctest::allocations() - start;
}

TEST(GoalSpace, FollowingChainsAllocateNothingPerFrame) {
  Scene pinned(rigs::mixamo());
  Scene following(rigs::mixamo());
  EXPECT_EQ(allocations_of_third_frame(pinned, false), 0);
  EXPECT_EQ(allocations_of_third_frame(following, true), 0);
}

}  // namespace
