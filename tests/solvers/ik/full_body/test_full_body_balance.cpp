// The full-body solver's balance task (solvers/ik/full_body/full_body.h, FullBodyScratch::balance):
// the centre of mass kept over the pinned feet while a hand reaches forward, and a
// reference pose's own balance kept.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "tests/solvers/ik/full_body/full_body_test_util.h"

namespace {

using namespace full_body_test;
using iktest::world_position;

// A hand dragged forward (a fifth of the height): without the balance the hips follow it;
// with the balance the centre of mass stays over the feet (within 1 % of the height), the
// hips stay back, the spine bends (the head goes forward), and the hand and the pinned feet
// are where they were asked to be all the same.
TEST(FullBody, BalanceKeepsTheCentreOfMassOverTheFeetWhileAHandReachesForward) {
  const Body at_rest = load_humanoid();
  std::vector<float> mass;
  ik::fill_full_body_masses(at_rest.skeleton, at_rest.roles.joints, mass);
  Body body = at_rest;
  ASSERT_EQ(static_cast<int>(mass.size()), body.skeleton.joint_count());
  const ik::Pose rest = ik::rest_pose(body.skeleton);
  const int head = effector_joint(body.chain, 2);
  ASSERT_EQ(body.roles.joints[head].role, ik::Role::head);
  glm::vec3 hips_moved[2], head_moved[2];
  float miss[2];
  for (int balance = 0; balance < 2; ++balance) {
    body = at_rest;  // the same drag from the same start
    ik::Workspace ws = workspace_for(body);
    ik::scratch_of<ik::FullBodyScratch>(ws).balance = balance == 1;
    ik::scratch_of<ik::FullBodyScratch>(ws).segment_mass = mass;
    ik::Pose pose;
    const float feet_moved = drag_hand_forward(body, 0.2f, pose, ws);
    EXPECT_LE(feet_moved, 1e-4f * body.height);
    EXPECT_LE(glm::length(world_position(body.skeleton, pose, body.chain.effector) - body.chain.goal.position),
              1e-3f * body.height);
    hips_moved[balance] =
        world_position(body.skeleton, pose, body.chain.root) - world_position(body.skeleton, rest, body.chain.root);
    head_moved[balance] = world_position(body.skeleton, pose, head) - world_position(body.skeleton, rest, head);
    miss[balance] = balance_miss(body, mass, pose);
  }
  EXPECT_GT(miss[0], 0.05f * body.height);  // the drag alone tips the body forward
  EXPECT_LE(miss[1], 0.01f * body.height);  // the balance holds it over the feet
  EXPECT_GT(hips_moved[0].z, 0.08f * body.height);
  EXPECT_LT(hips_moved[1].z, 0.01f * body.height);  // the hips stay back
  EXPECT_GT(head_moved[1].z, 0.05f * body.height);  // the spine bends forward
}

// The balance keeps the balance of its reference pose (the animated pose under the IK in
// the program): a pose leaning forward, its own reference, with the goals on its effectors,
// stays as it is; with the rest pose as the reference the balance moves it back over the
// feet.
TEST(FullBody, BalanceKeepsTheReferencePosesOwnBalance) {
  Body body = load_humanoid();
  body.chain.params.warm_start = true;
  ik::Pose leaning = ik::rest_pose(body.skeleton);
  int spine = -1;
  for (int j = 0; j < body.skeleton.joint_count(); ++j)
    if (body.roles.joints[j].role == ik::Role::spine) spine = j;
  ASSERT_GE(spine, 0);
  leaning.local[spine].rotation = leaning.local[spine].rotation * glm::angleAxis(0.35f, glm::vec3(1.0f, 0.0f, 0.0f));
  ASSERT_TRUE(ik::within_limits(body.skeleton.limits[spine], body.skeleton.rest[spine].rotation,
                                leaning.local[spine].rotation, 1e-3f));
  goals_from(body, leaning, body.chain);
  for (const bool own_reference : {true, false}) {
    SCOPED_TRACE(own_reference ? "reference: the leaning pose" : "reference: the rest pose");
    ik::Workspace ws = workspace_for(body);
    ik::scratch_of<ik::FullBodyScratch>(ws).balance = true;
    ik::fill_full_body_masses(body.skeleton, body.roles.joints, ik::scratch_of<ik::FullBodyScratch>(ws).segment_mass);
    ik::scratch_of<ik::FullBodyScratch>(ws).reference_pose = own_reference ? &leaning : nullptr;
    ik::Pose pose = leaning;
    const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::reached);
    float moved = 0.0f;
    for (int j = 0; j < body.skeleton.joint_count(); ++j)
      moved = std::max(moved,
                       glm::length(world_position(body.skeleton, pose, j) - world_position(body.skeleton, leaning, j)));
    if (own_reference) {
      EXPECT_EQ(r.iterations, 0);
      EXPECT_EQ(moved, 0.0f);
    } else {
      EXPECT_GT(moved, 0.01f * body.height);  // the rest pose's balance differs
    }
  }
}

}  // namespace

namespace {

using namespace full_body_test;
using iktest::world_position;

// The balance does not swing a free limb (its effector weight 0, not pinned) to shift the
// centre of mass: the humanoid's left hand reaching far forward, the balance on, the free
// right arm keeps its rest turns (the balance swung it back behind the body; the hips,
// spine and legs keep the balance now).
TEST(FullBody, TheBalanceLeavesAFreeArmWhereItIs) {
  Body body = load_humanoid();
  body.chain.params.warm_start = true;
  ik::Workspace ws = workspace_for(body);
  ik::FullBodyScratch& settings = ik::scratch_of<ik::FullBodyScratch>(ws);
  settings.balance = true;
  ik::fill_full_body_masses(body.skeleton, body.roles.joints, settings.segment_mass);
  const int free_hand = effector_with_role(body, ik::Role::hand, ik::Side::right);
  ASSERT_GT(free_hand, 0);
  ASSERT_EQ(body.chain.extra_effectors[static_cast<size_t>(free_hand - 1)].weight, 0.0f);
  const int free_joint = ik::effector_joint(body.chain, free_hand);
  ik::Pose pose = ik::rest_pose(body.skeleton);
  const glm::vec3 start = body.chain.goal.position;
  for (int frame = 1; frame <= 60; ++frame) {
    body.chain.goal.position = start + body.height * glm::vec3(0.0f, 0.0f, 0.3f) * (frame / 60.0f);
    ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
  }
  float turned = 0.0f;
  for (int j = free_joint; j > body.chain.root; j = body.skeleton.parent[static_cast<size_t>(j)]) {
    if (body.roles.joints[static_cast<size_t>(j)].side != ik::Side::right) break;  // up to the spine
    turned = std::max(turned, angle_between(pose.local[static_cast<size_t>(j)].rotation,
                                            body.skeleton.rest[static_cast<size_t>(j)].rotation));
  }
  const float hips_back = glm::dot(world_position(body.skeleton, pose, body.chain.root) -
                                       world_position(body.skeleton, ik::rest_pose(body.skeleton), body.chain.root),
                                   glm::vec3(0.0f, 0.0f, -1.0f));
  std::printf("free right arm turned %.4f rad at most; hips back %.3f; balance off by %.2e\n", turned, hips_back,
              ik::full_body_scratch(ws).balance_error);
  EXPECT_LT(turned, 1e-4f);
  EXPECT_GT(hips_back, 0.01f * body.height) << "the balance keeps the hips back";
}

}  // namespace
