// Shared by the full-body solver's tests (test_full_body*.cpp): the built-in humanoid (or
// the generated Mixamo rig) loaded with the real importer and set up as the program does,
// random poses within its limits turned into goals, a hand dragged forward, and the checks
// every solve must pass (bone lengths kept, limits never exceeded).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/independent_fk.h"

namespace full_body_test {

using iktest::world_position;

struct Body {
  ik::Skeleton skeleton;
  ik::RigRoles roles;
  ik::Chain chain;
  std::vector<float> stiffness;
  float height = 0.0f;
};

// A built-in rig with its full-body chain at rest, relative tolerance 1e-3, from rest.
inline Body load_humanoid(const char* file = "humanoid.gltf") {
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

inline ik::Workspace workspace_for(const Body& body) {
  ik::Workspace ws;
  ik::scratch_of<ik::FullBodyScratch>(ws).stiffness = body.stiffness;
  return ws;
}


// Every joint below the body's root that an effector hangs from.
inline std::vector<int> body_joints(const ik::Skeleton& s, const ik::Chain& chain) {
  std::vector<int> joints;
  for (int i = 0; i < ik::effector_count(chain); ++i)
    for (int j = ik::effector_joint(chain, i); j >= chain.root; j = s.parent[j]) {
      if (std::find(joints.begin(), joints.end(), j) == joints.end()) joints.push_back(j);
      if (j == chain.root) break;
    }
  std::sort(joints.begin(), joints.end());
  return joints;
}

// A random pose: every limited joint of the body inside its limits, the hips turned and moved
// a little.
inline ik::Pose random_pose(const Body& body, std::mt19937& rng) {
  ik::Pose pose = ik::rest_pose(body.skeleton);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int j : body_joints(body.skeleton, body.chain)) {
    const ik::JointLimits& l = body.skeleton.limits[j];
    const glm::quat rest = body.skeleton.rest[j].rotation;
    if (j == body.chain.root) {
      const glm::vec3 turn{0.6f * unit(rng) - 0.3f, 0.6f * unit(rng) - 0.3f,
                           0.6f * unit(rng) - 0.3f};  // braces: drawn x, y, z
      pose.local[j].rotation = rest * ik::from_xyz_angles(turn);
      pose.local[j].translation +=
          body.height * 0.05f * glm::vec3{2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f};
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
inline void goals_from(const Body& body, const ik::Pose& pose, ik::Chain& chain) {
  for (int i = 0; i < ik::effector_count(chain); ++i)
    effector_goal(chain, i).position = world_position(body.skeleton, pose, ik::effector_joint(chain, i));
}

inline float worst_error(const Body& body, const ik::Chain& chain, const ik::Pose& pose) {
  float worst = 0.0f;
  ik::Chain c = chain;
  for (int i = 0; i < ik::effector_count(c); ++i)
    worst = std::max(
        worst, glm::length(world_position(body.skeleton, pose, ik::effector_joint(c, i)) - effector_goal(c, i).position));
  return worst;
}

inline void expect_lengths_and_limits(const Body& body, const ik::Pose& before, const ik::Pose& after) {
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

inline bool same_bits(const ik::Pose& a, const ik::Pose& b) {
  if (a.local.size() != b.local.size()) return false;
  return std::memcmp(a.local.data(), b.local.data(), a.local.size() * sizeof(ik::Transform)) == 0;
}

// A solve from rest with one bad setting (`spoil` makes it in the scratch): invalid input,
// the pose untouched.
template <typename Spoil>
void expect_invalid_setting(const Body& body, Spoil spoil) {
  ik::Workspace ws = workspace_for(body);
  spoil(ik::scratch_of<ik::FullBodyScratch>(ws));
  ik::Pose pose = ik::rest_pose(body.skeleton);
  const ik::Pose start = pose;
  EXPECT_EQ(ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr).status, ik::SolveStatus::invalid_input);
  EXPECT_TRUE(same_bits(pose, start));
}

// Random poses within the limits turned into goals for every effector, solved from rest:
// the share reached within 1e-3 of the height (bench_full_body measures it on 10,000 poses).
inline int reached_from_rest(Body& body, int cases, unsigned seed) {
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

// Drags the left hand `distance` (fraction of the height) forward (+Z) in 100 warm-started
// steps; returns the largest foot movement seen, and the final pose.
inline float drag_hand_forward(Body& body, float distance, ik::Pose& pose, ik::Workspace& ws) {
  body.chain.params.warm_start = true;
  pose = ik::rest_pose(body.skeleton);
  std::vector<glm::vec3> feet;
  for (int i = 0; i < ik::effector_count(body.chain); ++i)
    if (ik::effector_pinned(body.chain, i)) feet.push_back(world_position(body.skeleton, pose, ik::effector_joint(body.chain, i)));
  const glm::vec3 start = body.chain.goal.position;
  float worst = 0.0f;
  for (int step = 1; step <= 100; ++step) {
    body.chain.goal.position = start + glm::vec3(0.0f, 0.0f, distance * body.height * step / 100.0f);
    const ik::SolveResult r = ik::solve_full_body(body.skeleton, body.chain, pose, ws, nullptr);
    EXPECT_NE(r.status, ik::SolveStatus::invalid_input);
    size_t f = 0;
    for (int i = 0; i < ik::effector_count(body.chain); ++i)
      if (ik::effector_pinned(body.chain, i))
        worst = std::max(worst,
                         glm::length(world_position(body.skeleton, pose, ik::effector_joint(body.chain, i)) - feet[f++]));
  }
  return worst;
}

// The effector index of the joint with `role` on `side` (-1 if the chain has none).
inline int effector_with_role(const Body& body, ik::Role role, ik::Side side) {
  for (int i = 0; i < ik::effector_count(body.chain); ++i) {
    const ik::JointRole& r = body.roles.joints[ik::effector_joint(body.chain, i)];
    if (r.role == role && r.side == side) return i;
  }
  return -1;
}

// A joint's model-space rotation (its frame's, the scales taken out), by forward kinematics.
inline glm::quat model_rotation(const Body& body, const ik::Pose& pose, int joint) {
  std::vector<glm::mat4> world;
  ik::fk_all(body.skeleton, pose, world);
  glm::mat3 m(world[static_cast<size_t>(joint)]);
  for (int c = 0; c < 3; ++c) m[c] = glm::normalize(m[c]);
  return glm::normalize(glm::quat_cast(m));
}

// The angle of the turn from one rotation to another, radians.
inline float angle_between(const glm::quat& a, const glm::quat& b) {
  const glm::quat d = glm::conjugate(a) * b;
  return 2.0f * std::asin(std::min(1.0f, glm::length(glm::vec3(d.x, d.y, d.z))));
}

// The angle between a joint's incoming and outgoing bones (0 straight).
inline float bend_at(const Body& body, const ik::Pose& pose, int joint) {
  const int child = joint + 1;  // the shin's child is the foot (depth-first order)
  const glm::vec3 in =
      world_position(body.skeleton, pose, joint) - world_position(body.skeleton, pose, body.skeleton.parent[joint]);
  const glm::vec3 out = world_position(body.skeleton, pose, child) - world_position(body.skeleton, pose, joint);
  return std::acos(std::clamp(glm::dot(glm::normalize(in), glm::normalize(out)), -1.0f, 1.0f));
}

// The body's centre of mass by the tests' own forward kinematics, with the solver's segment
// model: each body joint's mass (fill_full_body_masses) at the middle of the joint and its
// children (at the joint without children).
inline glm::vec3 centre_of_mass(const Body& body, const std::vector<float>& mass, const ik::Pose& pose) {
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
inline float balance_miss(const Body& body, const std::vector<float>& mass, const ik::Pose& pose) {
  const ik::Pose rest = ik::rest_pose(body.skeleton);
  glm::vec3 feet_now(0.0f), feet_rest(0.0f);
  for (int i = 0; i < ik::effector_count(body.chain); ++i)
    if (ik::effector_pinned(body.chain, i)) {
      feet_now += world_position(body.skeleton, pose, ik::effector_joint(body.chain, i));
      feet_rest += world_position(body.skeleton, rest, ik::effector_joint(body.chain, i));
    }
  glm::vec3 miss = centre_of_mass(body, mass, pose) - centre_of_mass(body, mass, rest) - 0.5f * (feet_now - feet_rest);
  miss.y = 0.0f;
  return glm::length(miss);
}

// The humanoid under an added parent joint carrying `root`: the chain's indices shift by one.
inline Body under_root(const Body& body, const ik::Transform& root) {
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

}  // namespace full_body_test
