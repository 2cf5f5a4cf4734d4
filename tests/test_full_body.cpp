// The full-body solver (solvers/full_body.h) on the built-in humanoid, loaded with the real
// importer: random poses within the limits turned into goals are reached from rest; pinned
// feet hold while a hand is dragged far forward; the hips move when a hand reaches past the
// arm; limits and bone lengths hold; the same solve under a translated, rotated, scaled and
// mirrored root; determinism; invalid input; no drift; no allocation after the first solve.
// Reach and lengths are measured with the tests' own forward kinematics.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "io/gltf_import.h"
#include "solvers/full_body.h"
#include "solvers/full_body_setup.h"
#include "solvers/limits.h"
#include "solvers/solver_table.h"
#include "solvers/workspace.h"
#include "tests/allocation_counter.h"
#include "tests/independent_fk.h"

namespace {

using iktest::world_position;

struct Body {
  ik::Skeleton skeleton;
  ik::RigRoles roles;
  ik::Chain chain;
  std::vector<float> stiffness;
  float height = 0.0f;
};

// A built-in rig with its full-body chain at rest, relative tolerance 1e-3, from rest.
Body load_humanoid(const char* file = "humanoid.gltf") {
  Body body;
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + file, rig, error)) << error;
  body.skeleton = rig.skeleton;
  body.roles = ik::recognise_roles(body.skeleton, rig.roles);
  std::vector<glm::mat4> world;
  ik::fk_all(body.skeleton, ik::rest_pose(body.skeleton), world);
  EXPECT_TRUE(ik::full_body_chain(body.skeleton, body.roles, world, ik::find_solver("full_body"), body.chain));
  ik::fill_full_body_stiffness(body.skeleton, body.roles, body.stiffness);
  float low = 1e9f, high = -1e9f;
  for (const glm::mat4& m : world) {
    low = std::min(low, m[3].y);
    high = std::max(high, m[3].y);
  }
  body.height = high - low;
  body.chain.params.max_iterations = 64;
  body.chain.params.tolerance = 1e-3f;
  body.chain.params.warm_start = false;
  return body;
}

ik::Workspace workspace_for(const Body& body) {
  ik::Workspace ws;
  ws.full_body.stiffness = body.stiffness;
  return ws;
}

int effector_count(const ik::Chain& chain) { return 1 + static_cast<int>(chain.extra_effectors.size()); }
int effector_joint(const ik::Chain& chain, int i) {
  return i == 0 ? chain.effector : chain.extra_effectors[i - 1].joint;
}
ik::Goal& effector_goal(ik::Chain& chain, int i) { return i == 0 ? chain.goal : chain.extra_effectors[i - 1].goal; }
bool pinned(const ik::Chain& chain, int i) { return i > 0 && chain.extra_effectors[i - 1].pinned; }

// Every joint below the body's root that an effector hangs from.
std::vector<int> body_joints(const ik::Skeleton& s, const ik::Chain& chain) {
  std::vector<int> joints;
  for (int i = 0; i < effector_count(chain); ++i)
    for (int j = effector_joint(chain, i); j >= chain.root; j = s.parent[j]) {
      if (std::find(joints.begin(), joints.end(), j) == joints.end()) joints.push_back(j);
      if (j == chain.root) break;
    }
  std::sort(joints.begin(), joints.end());
  return joints;
}

// A random pose: every limited joint of the body inside its limits, the hips turned and moved
// a little.
ik::Pose random_pose(const Body& body, std::mt19937& rng) {
  ik::Pose pose = ik::rest_pose(body.skeleton);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int j : body_joints(body.skeleton, body.chain)) {
    const ik::JointLimits& l = body.skeleton.limits[j];
    const glm::quat rest = body.skeleton.rest[j].rotation;
    if (j == body.chain.root) {
      const glm::vec3 turn(0.6f * unit(rng) - 0.3f, 0.6f * unit(rng) - 0.3f, 0.6f * unit(rng) - 0.3f);
      pose.local[j].rotation = rest * ik::from_xyz_angles(turn);
      pose.local[j].translation +=
          body.height * 0.05f * glm::vec3(2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f);
    } else if (l.enabled && l.hinge) {
      const float a = l.min.x + (l.max.x - l.min.x) * unit(rng);
      pose.local[j].rotation = rest * glm::angleAxis(a, glm::normalize(l.hinge_axis));
    } else if (l.enabled && l.cone) {
      // Uniform over the ellipse of swing vectors and the twist range (a cone leaves its
      // per-axis ranges at a full turn).
      const float radius = std::sqrt(unit(rng)), angle = 6.2831853f * unit(rng);
      ik::SwingTwist reading;
      reading.swing = radius * glm::vec2(std::cos(angle) * l.swing.x, std::sin(angle) * l.swing.y);
      reading.twist = l.twist_min + (l.twist_max - l.twist_min) * unit(rng);
      pose.local[j].rotation = rest * ik::from_swing_twist(l, reading);
    } else if (l.enabled) {
      glm::vec3 a;
      for (int k = 0; k < 3; ++k) a[k] = l.min[k] + (l.max[k] - l.min[k]) * unit(rng);
      pose.local[j].rotation = rest * ik::from_xyz_angles(a);
    }
  }
  return pose;
}

// Goals of `chain` moved onto the effectors of `pose`.
void goals_from(const Body& body, const ik::Pose& pose, ik::Chain& chain) {
  for (int i = 0; i < effector_count(chain); ++i)
    effector_goal(chain, i).position = world_position(body.skeleton, pose, effector_joint(chain, i));
}

float worst_error(const Body& body, const ik::Chain& chain, const ik::Pose& pose) {
  float worst = 0.0f;
  ik::Chain c = chain;
  for (int i = 0; i < effector_count(c); ++i)
    worst = std::max(
        worst, glm::length(world_position(body.skeleton, pose, effector_joint(c, i)) - effector_goal(c, i).position));
  return worst;
}

void expect_lengths_and_limits(const Body& body, const ik::Pose& before, const ik::Pose& after) {
  for (int j : body_joints(body.skeleton, body.chain)) {
    const ik::JointLimits& l = body.skeleton.limits[j];
    if (l.enabled) {
      EXPECT_TRUE(ik::within_limits(l, body.skeleton.rest[j].rotation, after.local[j].rotation, 1e-3f))
          << body.skeleton.name[j];
    }
    if (j == body.chain.root) continue;
    const int p = body.skeleton.parent[j];
    const float was = glm::length(world_position(body.skeleton, before, j) - world_position(body.skeleton, before, p));
    const float now = glm::length(world_position(body.skeleton, after, j) - world_position(body.skeleton, after, p));
    EXPECT_NEAR(now, was, 1e-5f * body.height) << body.skeleton.name[j];
  }
}

bool same_bits(const ik::Pose& a, const ik::Pose& b) {
  if (a.local.size() != b.local.size()) return false;
  return std::memcmp(a.local.data(), b.local.data(), a.local.size() * sizeof(ik::Transform)) == 0;
}

TEST(FullBody, RolesGiveAStifferSpineThanArms) {
  const Body body = load_humanoid();
  const int spine = ik::find_role(body.roles, ik::Role::spine);
  const int arm = ik::find_role(body.roles, ik::Role::upper_arm, ik::Side::left);
  ASSERT_GE(spine, 0);
  ASSERT_GE(arm, 0);
  EXPECT_GT(body.stiffness[spine], body.stiffness[arm]);
  // The chain: two hands, head, two pinned feet, the hips.
  EXPECT_EQ(effector_count(body.chain), 6);
  int pins = 0;
  for (int i = 0; i < effector_count(body.chain); ++i) pins += pinned(body.chain, i);
  EXPECT_EQ(pins, 2);
}

// Random poses within the limits turned into goals for every effector, solved from rest:
// the share reached within 1e-3 of the height (bench_full_body measures it on 10,000 poses).
int reached_from_rest(Body& body, int cases, unsigned seed) {
  for (ik::EffectorGoal& e : body.chain.extra_effectors) e.weight = 1.0f;  // every goal a target
  ik::Workspace ws = workspace_for(body);
  std::mt19937 rng(seed);
  int reached = 0;
  for (int n = 0; n < cases; ++n) {
    const ik::Pose target = random_pose(body, rng);
    goals_from(body, target, body.chain);
    ik::Pose pose = ik::rest_pose(body.skeleton);
    const ik::Pose before = pose;
    const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
    const float error = worst_error(body, body.chain, pose);
    if (error <= 1e-3f * body.height) ++reached;
    if (r.status == ik::SolveStatus::reached) {
      EXPECT_LE(error, 1e-3f * body.height) << "case " << n;
    }
    EXPECT_LE(r.iterations, body.chain.params.max_iterations + 16) << "case " << n;
    expect_lengths_and_limits(body, before, pose);
  }
  return reached;
}

// Limits make local minima a local method can fall into from rest; the clamping loop (a
// joint at its limit slides along it while the others take over) and the restarts from a
// stall keep them rare. The bounds leave a case or two for other builds' rounding (the
// benchmark: 99 % on 10,000 poses; before the clamping loop and the random restarts it was
// 97.6 % on the humanoid and 95.8 % on the Mixamo rig).
TEST(FullBody, ReachesRandomPosesWithinLimitsFromRest) {
  Body body = load_humanoid();
  EXPECT_GE(reached_from_rest(body, 200, 14), 198);  // 199 now; 197 before
}

TEST(FullBody, MixamoRigReachesRandomPosesWithinItsConesFromRest) {
  Body body = load_humanoid("mixamo_rig.gltf");
  EXPECT_GE(reached_from_rest(body, 200, 15), 195);  // 197 now; 191 before
}

// Drags the left hand `distance` (fraction of the height) forward (+Z) in 100 warm-started
// steps; returns the largest foot movement seen, and the final pose.
float drag_hand_forward(Body& body, float distance, ik::Pose& pose, ik::Workspace& ws) {
  body.chain.params.warm_start = true;
  pose = ik::rest_pose(body.skeleton);
  std::vector<glm::vec3> feet;
  for (int i = 0; i < effector_count(body.chain); ++i)
    if (pinned(body.chain, i)) feet.push_back(world_position(body.skeleton, pose, effector_joint(body.chain, i)));
  const glm::vec3 start = body.chain.goal.position;
  float worst = 0.0f;
  for (int step = 1; step <= 100; ++step) {
    body.chain.goal.position = start + glm::vec3(0.0f, 0.0f, distance * body.height * step / 100.0f);
    const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
    EXPECT_NE(r.status, ik::SolveStatus::invalid_input);
    size_t f = 0;
    for (int i = 0; i < effector_count(body.chain); ++i)
      if (pinned(body.chain, i))
        worst = std::max(worst,
                         glm::length(world_position(body.skeleton, pose, effector_joint(body.chain, i)) - feet[f++]));
  }
  return worst;
}

TEST(FullBody, PinnedFeetHoldWhileAHandIsDraggedFarForward) {
  Body body = load_humanoid();
  ik::Workspace ws = workspace_for(body);
  ik::Pose pose;
  const glm::vec3 hips_before = world_position(body.skeleton, ik::rest_pose(body.skeleton), body.chain.root);
  const float feet_moved = drag_hand_forward(body, 0.5f, pose, ws);
  EXPECT_LE(feet_moved, 1e-4f * body.height);
  // The hand got there (half the height forward is within reach with the body leaning).
  EXPECT_LE(glm::length(world_position(body.skeleton, pose, body.chain.effector) - body.chain.goal.position),
            2e-3f * body.height);
  EXPECT_GT(glm::length(world_position(body.skeleton, pose, body.chain.root) - hips_before), 1e-3f * body.height);
}

TEST(FullBody, HipsTranslateWhenAHandGoesBeyondTheArmsReach) {
  Body body = load_humanoid();
  ik::Workspace ws = workspace_for(body);
  // Unpinned feet, no hips or head goal: the hand alone, far beyond the arm.
  body.chain.extra_effectors.clear();
  const ik::Pose rest = ik::rest_pose(body.skeleton);
  const glm::vec3 hips = world_position(body.skeleton, rest, body.chain.root);
  body.chain.goal.position += glm::vec3(0.0f, 0.0f, 1.5f * body.height);
  ik::Pose pose = rest;
  const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
  EXPECT_EQ(r.status, ik::SolveStatus::reached);
  EXPECT_GT(glm::length(world_position(body.skeleton, pose, body.chain.root) - hips), 0.5f * body.height);
  EXPECT_LE(worst_error(body, body.chain, pose), 1e-3f * body.height);
}

// The effector index of the joint with `role` on `side` (-1 if the chain has none).
int effector_with_role(const Body& body, ik::Role role, ik::Side side) {
  for (int i = 0; i < effector_count(body.chain); ++i) {
    const ik::JointRole& r = body.roles.joints[effector_joint(body.chain, i)];
    if (r.role == role && r.side == side) return i;
  }
  return -1;
}

TEST(FullBody, APinnedOtherHandHoldsWhileAHandIsDraggedFarForward) {
  Body body = load_humanoid();
  const int right = effector_with_role(body, ik::Role::hand, ik::Side::right);
  ASSERT_GT(right, 0);
  body.chain.extra_effectors[right - 1].pinned = true;
  ik::Workspace ws = workspace_for(body);
  const glm::vec3 held = world_position(body.skeleton, ik::rest_pose(body.skeleton), effector_joint(body.chain, right));
  ik::Pose pose;
  EXPECT_LE(drag_hand_forward(body, 0.3f, pose, ws), 1e-4f * body.height);  // the feet, and now the right hand
  EXPECT_LE(glm::length(world_position(body.skeleton, pose, effector_joint(body.chain, right)) - held),
            1e-4f * body.height);
  EXPECT_LE(glm::length(world_position(body.skeleton, pose, body.chain.effector) - body.chain.goal.position),
            1e-3f * body.height);
}

// The angle between a joint's incoming and outgoing bones (0 straight).
float bend_at(const Body& body, const ik::Pose& pose, int joint) {
  const int child = joint + 1;  // the shin's child is the foot (depth-first order)
  const glm::vec3 in =
      world_position(body.skeleton, pose, joint) - world_position(body.skeleton, pose, body.skeleton.parent[joint]);
  const glm::vec3 out = world_position(body.skeleton, pose, child) - world_position(body.skeleton, pose, joint);
  return std::acos(std::clamp(glm::dot(glm::normalize(in), glm::normalize(out)), -1.0f, 1.0f));
}

// The hips' goal lowered by a tenth of the height over 50 frames: the hips get there, the
// knees bend further, the pinned feet stay.
TEST(FullBody, LoweringTheHipsGoalBendsTheKneesAndTheFeetStay) {
  Body body = load_humanoid();
  const int hips = effector_with_role(body, ik::Role::hips, ik::Side::centre);
  ASSERT_GT(hips, 0);
  int knees[2] = {-1, -1};
  for (int j = 0; j < body.skeleton.joint_count(); ++j)
    if (body.roles.joints[j].role == ik::Role::shin) knees[body.roles.joints[j].side == ik::Side::left ? 0 : 1] = j;
  ASSERT_GE(knees[0], 0);
  ASSERT_GE(knees[1], 0);
  ASSERT_EQ(body.roles.joints[knees[0] + 1].role, ik::Role::foot);
  body.chain.extra_effectors[hips - 1].weight = 1.0f;
  body.chain.params.warm_start = true;
  ik::Workspace ws = workspace_for(body);
  const ik::Pose rest = ik::rest_pose(body.skeleton);
  ik::Pose pose = rest;
  const glm::vec3 start = body.chain.extra_effectors[hips - 1].goal.position;
  float feet_moved = 0.0f;
  for (int frame = 1; frame <= 50; ++frame) {
    body.chain.extra_effectors[hips - 1].goal.position =
        start - glm::vec3(0.0f, 0.1f * body.height * frame / 50.0f, 0.0f);
    ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
    for (int i = 0; i < effector_count(body.chain); ++i)
      if (pinned(body.chain, i))
        feet_moved =
            std::max(feet_moved, glm::length(world_position(body.skeleton, pose, effector_joint(body.chain, i)) -
                                             world_position(body.skeleton, rest, effector_joint(body.chain, i))));
  }
  EXPECT_LE(feet_moved, 1e-4f * body.height);
  EXPECT_LE(glm::length(world_position(body.skeleton, pose, body.chain.root) -
                        (start - glm::vec3(0.0f, 0.1f * body.height, 0.0f))),
            1e-3f * body.height);
  for (int knee : knees)
    EXPECT_GT(bend_at(body, pose, knee), bend_at(body, rest, knee) + 0.2f) << body.skeleton.name[knee];
}

// The body's centre of mass by the tests' own forward kinematics, with the solver's segment
// model: each body joint's mass (fill_full_body_masses) at the middle of the joint and its
// children (at the joint without children).
glm::vec3 centre_of_mass(const Body& body, const std::vector<float>& mass, const ik::Pose& pose) {
  glm::vec3 sum(0.0f);
  float total = 0.0f;
  for (int j : body_joints(body.skeleton, body.chain)) {
    glm::vec3 children(0.0f);
    int count = 0;
    for (int c = j + 1; c < body.skeleton.joint_count(); ++c)
      if (body.skeleton.parent[c] == j) {
        children += world_position(body.skeleton, pose, c);
        ++count;
      }
    const glm::vec3 at = world_position(body.skeleton, pose, j);
    sum += mass[j] * (count > 0 ? 0.5f * (at + children / static_cast<float>(count)) : at);
    total += mass[j];
  }
  return sum / total;
}

// Across the model's up axis (+Y): how far the centre of mass is from where the balance
// wants it (over the feet's middle, as it was over their middle at rest).
float balance_miss(const Body& body, const std::vector<float>& mass, const ik::Pose& pose) {
  const ik::Pose rest = ik::rest_pose(body.skeleton);
  glm::vec3 feet_now(0.0f), feet_rest(0.0f);
  for (int i = 0; i < effector_count(body.chain); ++i)
    if (pinned(body.chain, i)) {
      feet_now += world_position(body.skeleton, pose, effector_joint(body.chain, i));
      feet_rest += world_position(body.skeleton, rest, effector_joint(body.chain, i));
    }
  glm::vec3 miss = centre_of_mass(body, mass, pose) - centre_of_mass(body, mass, rest) - 0.5f * (feet_now - feet_rest);
  miss.y = 0.0f;
  return glm::length(miss);
}

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
    ws.full_body.balance = balance == 1;
    ws.full_body.segment_mass = mass;
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
    ws.full_body.balance = true;
    ik::fill_full_body_masses(body.skeleton, body.roles.joints, ws.full_body.segment_mass);
    ws.full_body.balance_reference = own_reference ? &leaning : nullptr;
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

// The humanoid under an added parent joint carrying `root`: the chain's indices shift by one.
Body under_root(const Body& body, const ik::Transform& root) {
  ik::RawSkeleton raw;
  raw.joints.push_back({"World", -1, root, {}, -1});
  for (int j = 0; j < body.skeleton.joint_count(); ++j)
    raw.joints.push_back(
        {body.skeleton.name[j], body.skeleton.parent[j] + 1, body.skeleton.rest[j], body.skeleton.limits[j], -1});
  Body out = body;
  std::string error;
  EXPECT_TRUE(ik::build_skeleton(raw, out.skeleton, error)) << error;
  out.chain.root += 1;
  out.chain.effector += 1;
  for (ik::EffectorGoal& e : out.chain.extra_effectors) e.joint += 1;
  out.stiffness.insert(out.stiffness.begin(), 1.0f);
  return out;
}

TEST(FullBody, SameSolveUnderATranslatedRotatedScaledMirroredRoot) {
  Body body = load_humanoid();
  std::mt19937 rng(7);
  const ik::Pose target = random_pose(body, rng);
  goals_from(body, target, body.chain);
  ik::Workspace ws = workspace_for(body);
  ik::Pose plain = ik::rest_pose(body.skeleton);
  ASSERT_EQ(ik::solve_full_body(body.skeleton, body.chain, plain, ws, nullptr).status, ik::SolveStatus::reached);

  const float scales[] = {1.0f, 2.5f, -0.5f};  // negative: mirrored in X
  for (float s : scales) {
    SCOPED_TRACE(s);
    ik::Transform root;
    root.translation = glm::vec3(3.0f, -1.0f, 2.0f);
    root.rotation = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 0.5f)));
    root.scale = glm::vec3(s, std::fabs(s), std::fabs(s));
    Body moved = under_root(body, root);
    const glm::mat4 model = iktest::local_matrix(root);
    ik::Pose rest = ik::rest_pose(moved.skeleton);
    for (int i = 0; i < effector_count(moved.chain); ++i)
      effector_goal(moved.chain, i).position =
          glm::vec3(model * glm::vec4(effector_goal(body.chain, i).position, 1.0f));
    ik::Workspace moved_ws = workspace_for(moved);
    ik::Pose pose = rest;
    const ik::SolveResult r = ik::solve_full_body(moved.skeleton, moved.chain, pose, moved_ws, nullptr);
    EXPECT_EQ(r.status, ik::SolveStatus::reached);
    // Every joint where it was in the plain solve, relative to the added root.
    const glm::mat4 back = glm::inverse(model);
    for (int j = 0; j < body.skeleton.joint_count(); ++j) {
      const glm::vec3 here = glm::vec3(back * glm::vec4(world_position(moved.skeleton, pose, j + 1), 1.0f));
      EXPECT_LE(glm::length(here - world_position(body.skeleton, plain, j)), 1e-4f * body.height)
          << body.skeleton.name[j];
    }
  }
}

TEST(FullBody, SameInputSameOutput) {
  Body body = load_humanoid();
  std::mt19937 rng(3);
  goals_from(body, random_pose(body, rng), body.chain);
  ik::Workspace a = workspace_for(body), b = workspace_for(body);
  ik::Pose first = ik::rest_pose(body.skeleton), second = first, third = first;
  const ik::SolveResult ra = ik::solve_full_body(body.skeleton, body.chain, first, a, nullptr);
  const ik::SolveResult rb = ik::solve_full_body(body.skeleton, body.chain, second, b, nullptr);
  const ik::SolveResult rc = ik::solve_full_body(body.skeleton, body.chain, third, a, nullptr);  // reused
  EXPECT_TRUE(same_bits(first, second));
  EXPECT_TRUE(same_bits(first, third));
  EXPECT_EQ(ra.iterations, rb.iterations);
  EXPECT_EQ(ra.error, rc.error);
}

TEST(FullBody, InvalidInputLeavesThePoseUntouched) {
  const Body body = load_humanoid();
  std::mt19937 rng(5);
  const ik::Pose start = random_pose(body, rng);
  auto expect_invalid = [&](const char* what, const ik::Chain& chain, const std::vector<float>& stiffness) {
    SCOPED_TRACE(what);
    ik::Workspace ws;
    ws.full_body.stiffness = stiffness;
    ik::Pose pose = start;
    EXPECT_EQ(ik::solve_full_body(body.skeleton, chain, pose, ws, nullptr).status, ik::SolveStatus::invalid_input);
    EXPECT_TRUE(same_bits(pose, start));
  };
  const float bad[] = {NAN, INFINITY, -INFINITY, 1e30f};
  for (float v : bad) {
    ik::Chain main = body.chain;
    main.goal.position.y = v;
    expect_invalid("main goal", main, body.stiffness);
    ik::Chain pin = body.chain;
    pin.extra_effectors.back().goal.position.x = v;
    expect_invalid("extra goal", pin, body.stiffness);
  }
  ik::Chain c = body.chain;
  c.extra_effectors[0].joint = body.skeleton.joint_count();
  expect_invalid("effector index", c, body.stiffness);
  c = body.chain;
  c.root = -1;
  expect_invalid("root index", c, body.stiffness);
  c = body.chain;
  c.extra_effectors[0].weight = -1.0f;
  expect_invalid("weight", c, body.stiffness);
  expect_invalid("stiffness size", body.chain, std::vector<float>(3, 1.0f));
  std::vector<float> zero = body.stiffness;
  zero[body.chain.root] = 0.0f;
  expect_invalid("zero stiffness", body.chain, zero);
  zero[body.chain.root] = NAN;
  expect_invalid("NaN stiffness", body.chain, zero);
}

TEST(FullBody, NoDriftOverSixHundredFramesOfUnchangedGoals) {
  // Converged (reached), and stalled between conflicting goals: the other hand and the head
  // holding their places while the hand is dragged past where they let it go.
  // With the balance on (the program's full-body mode) the balance may settle for a few
  // frames after the drag; then nothing moves either.
  for (const bool balance : {false, true})
    for (const bool conflict : {false, true}) {
      SCOPED_TRACE(conflict ? "conflicting goals" : "reached");
      SCOPED_TRACE(balance ? "balance on" : "balance off");
      Body body = load_humanoid();
      if (conflict)
        for (ik::EffectorGoal& e : body.chain.extra_effectors) e.weight = 1.0f;
      ik::Workspace ws = workspace_for(body);
      ws.full_body.balance = balance;
      ik::fill_full_body_masses(body.skeleton, body.roles.joints, ws.full_body.segment_mass);
      ik::Pose pose;
      drag_hand_forward(body, conflict ? 0.5f : 0.3f, pose, ws);  // warm-started
      if (balance)
        for (int frame = 0; frame < 10; ++frame) ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
      const ik::Pose settled = pose;
      ik::SolveResult r;
      for (int frame = 0; frame < 600; ++frame) r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
      EXPECT_EQ(r.status, conflict ? ik::SolveStatus::stalled : ik::SolveStatus::reached);
      float moved = 0.0f;
      for (int j = 0; j < body.skeleton.joint_count(); ++j)
        moved = std::max(
            moved, glm::length(world_position(body.skeleton, pose, j) - world_position(body.skeleton, settled, j)));
      EXPECT_LT(moved, 1e-6f * body.height);
    }
}

TEST(FullBody, TraceRecordsEveryIterationAndTheSecondSolveAllocatesNothing) {
  Body body = load_humanoid();
  std::mt19937 rng(11);
  goals_from(body, random_pose(body, rng), body.chain);
  ik::Workspace ws = workspace_for(body);
  ik::Trace trace;
  trace.record_poses = true;
  ik::Pose pose = ik::rest_pose(body.skeleton);
  ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, &trace);
  ASSERT_GT(r.iterations, 0);
  ASSERT_EQ(trace.error.size(), static_cast<size_t>(r.iterations + 1));
  EXPECT_EQ(trace.poses.size(), trace.error.size() * trace.joints.size());
  EXPECT_FLOAT_EQ(trace.error.back(), r.error);
  EXPECT_LT(trace.error.back(), trace.error.front());
  for (float e : trace.error) EXPECT_TRUE(std::isfinite(e));

  pose = ik::rest_pose(body.skeleton);
  const long before = alloctest::allocations();
  r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, &trace);
  EXPECT_EQ(alloctest::allocations(), before);
  EXPECT_EQ(r.status, ik::SolveStatus::reached);
}

// The Mixamo-named rig (T-pose, centimetres under a 0.01-scaled Armature, no limits in the
// file, so swing-twist cones and hinges from its roles): a hand dragged half the height
// forward is followed, warm started, with the feet pinned.
TEST(FullBody, MixamoRigFollowsADraggedHand) {
  Body body = load_humanoid("mixamo_rig.gltf");
  ik::Workspace ws = workspace_for(body);
  ik::Pose pose;
  const float feet_moved = drag_hand_forward(body, 0.5f, pose, ws);
  EXPECT_LE(feet_moved, 1e-4f * body.height);
  EXPECT_LE(glm::length(world_position(body.skeleton, pose, body.chain.effector) - body.chain.goal.position),
            1e-3f * body.height);
}

}  // namespace
