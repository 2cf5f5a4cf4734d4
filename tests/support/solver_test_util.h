// Shared helpers for the solver tests: rigs built in code, an independent forward
// kinematics (matrices composed directly with GLM, not ik::fk / ik::to_matrix), root
// transforms to repeat each case under, random rigs and goals with fixed seeds, and
// checks (bone lengths, limits, finiteness) written independently of the library.
//
// Header only: every test_*.cpp below tests/ is its own executable.
//
// Index:
//   Independent forward kinematics  path_of, bone_lengths, bone_lengths_in_frame, sum, max_bend (the
//                                   matrices themselves: independent_fk.h)
//   Rigs                            build, chain_raw, chain_skeleton, RootCase, root_cases, from_base
//   Random rigs and goals           kPropertyShare, uniform, random_unit, random_rotation, random_limits,
//                                   random_chain, xyz, random_pose, random_reachable_goal
//   Checks                          finite, same_pose, distance_to_range, respects_limits
//   Solve helpers                   chain_to, expect_only_rotations_of, expect_lengths_kept
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <random>
#include <string>
#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "tests/support/independent_fk.h"

#if defined(__SANITIZE_ADDRESS__)
#define IKTEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IKTEST_SANITIZED 1
#endif
#endif
#ifndef IKTEST_SANITIZED
#define IKTEST_SANITIZED 0
#endif

namespace iktest {

constexpr float kPi = 3.14159265358979f;

// The random property loops (100,000 solves a solver) run a fifth of their cases in the
// sanitizer build: unoptimised and checking every access it runs them five to twenty times
// slower, and it looks for memory errors and undefined behaviour, which 20,000 random solves
// reach as well; the release build runs them all.
constexpr int kPropertyShare = IKTEST_SANITIZED ? 5 : 1;

// ---- Independent forward kinematics ---------------------------------------------------

// local_matrix, world_matrix, world_position: tests/support/independent_fk.h.

// The joints from root down to effector (walking parents; independent of ik::chain_path).
inline std::vector<int> path_of(const ik::Skeleton& skeleton, int root, int effector) {
  std::vector<int> up;
  for (int j = effector; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) {
    up.push_back(j);
    if (j == root) return std::vector<int>(up.rbegin(), up.rend());
  }
  ADD_FAILURE() << "joint " << root << " is not an ancestor of " << effector;
  return {};
}

// Model-space lengths of the bones along `path` (path[k-1] -> path[k]).
inline std::vector<float> bone_lengths(const ik::Skeleton& skeleton, const ik::Pose& pose,
                                       const std::vector<int>& path) {
  bool chain = true;  // each joint the parent of the next: one walk down (path_positions)
  for (size_t k = 1; k < path.size(); ++k)
    chain = chain && skeleton.parent[static_cast<size_t>(path[k])] == path[k - 1];
  std::vector<glm::vec3> at;
  if (chain)
    at = path_positions(skeleton, pose, path);
  else
    for (int j : path) at.push_back(world_position(skeleton, pose, j));
  std::vector<float> out;
  for (size_t k = 1; k < at.size(); ++k) out.push_back(glm::length(at[k] - at[k - 1]));
  return out;
}

// Lengths of the same bones measured in the frame of joint `frame` (e.g. a base joint
// carrying a non-uniform scale, under which model-space lengths depend on direction).
inline std::vector<float> bone_lengths_in_frame(const ik::Skeleton& skeleton, const ik::Pose& pose,
                                                const std::vector<int>& path, int frame) {
  const glm::mat4 to_frame = glm::inverse(world_matrix(skeleton, pose, frame));
  std::vector<float> out;
  for (size_t k = 1; k < path.size(); ++k) {
    const glm::vec3 a(to_frame * glm::vec4(world_position(skeleton, pose, path[k - 1]), 1.0f));
    const glm::vec3 b(to_frame * glm::vec4(world_position(skeleton, pose, path[k]), 1.0f));
    out.push_back(glm::length(b - a));
  }
  return out;
}

inline float sum(const std::vector<float>& v) {
  float s = 0.0f;
  for (float x : v) s += x;
  return s;
}

// Largest angle (radians) between consecutive bones along `path`: 0 for a straight chain.
inline float max_bend(const ik::Skeleton& skeleton, const ik::Pose& pose,
                      const std::vector<int>& path) {
  float worst = 0.0f;
  for (size_t k = 2; k < path.size(); ++k) {
    const glm::vec3 a =
        world_position(skeleton, pose, path[k - 1]) - world_position(skeleton, pose, path[k - 2]);
    const glm::vec3 b =
        world_position(skeleton, pose, path[k]) - world_position(skeleton, pose, path[k - 1]);
    if (glm::length(a) < 1e-6f || glm::length(b) < 1e-6f) continue;
    const float c = glm::clamp(glm::dot(a, b) / (glm::length(a) * glm::length(b)), -1.0f, 1.0f);
    worst = std::max(worst, std::acos(c));
  }
  return worst;
}

// ---- Rigs -----------------------------------------------------------------------------

inline ik::Skeleton build(const ik::RawSkeleton& raw) {
  ik::Skeleton s;
  std::string error;
  EXPECT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  return s;
}

// A chain rig: joint 0 "base" carries `base` (the root transform the tests vary), joint 1
// is the chain root (a small offset from the base), joints 2..n each `bone_length` along
// their parent's +Y; the rest pose is bent by `bend` radians per joint about an axis
// mostly along X (a naturalistic, non-straight rest, as the guide advises). The last
// joint is named "*_end", so no tip is added: the effector is joint n.
inline ik::RawSkeleton chain_raw(int n, float bone_length = 1.0f, const ik::Transform& base = {},
                                 float bend = 0.3f) {
  ik::RawSkeleton raw;
  raw.joints.resize(static_cast<size_t>(n) + 1);
  raw.joints[0].name = "base";
  raw.joints[0].rest = base;
  const glm::vec3 bend_axis = glm::normalize(glm::vec3(1.0f, 0.0f, 0.35f));
  for (int i = 1; i <= n; ++i) {
    ik::RawJoint& j = raw.joints[static_cast<size_t>(i)];
    j.name = i == n ? "chain_end" : "chain" + std::to_string(i);
    j.parent = i - 1;
    j.rest.translation = i == 1 ? glm::vec3(0.1f, 0.2f, -0.1f) : glm::vec3(0.0f, bone_length, 0.0f);
    j.rest.rotation = glm::angleAxis(bend, bend_axis);
  }
  return raw;
}

inline ik::Skeleton chain_skeleton(int n, float bone_length = 1.0f, const ik::Transform& base = {},
                                   float bend = 0.3f) {
  return build(chain_raw(n, bone_length, base, bend));
}

// The root transforms every reach case is repeated under.
struct RootCase {
  const char* name;
  ik::Transform base;
};

inline std::vector<RootCase> root_cases() {
  std::vector<RootCase> cases(6);
  cases[0].name = "identity";
  cases[1].name = "translated";
  cases[1].base.translation = {3.0f, -2.0f, 5.0f};
  cases[2].name = "rotated";
  cases[2].base.rotation = glm::angleAxis(1.1f, glm::normalize(glm::vec3(1, 2, 3)));
  cases[3].name = "uniformly scaled";
  cases[3].base.translation = {-1.0f, 0.5f, 2.0f};
  cases[3].base.rotation = glm::angleAxis(-0.7f, glm::normalize(glm::vec3(0, 1, 1)));
  cases[3].base.scale = glm::vec3(2.5f);
  cases[4].name = "non-uniformly scaled";
  cases[4].base.translation = {0.5f, 1.0f, -3.0f};
  cases[4].base.rotation = glm::angleAxis(0.4f, glm::normalize(glm::vec3(1, 0, 1)));
  cases[4].base.scale = {1.0f, 2.5f, 0.5f};
  cases[5].name = "mirrored";
  cases[5].base.rotation = glm::angleAxis(0.9f, glm::normalize(glm::vec3(0, 0, 1)));
  cases[5].base.scale = {-1.5f, 1.5f, 1.5f};
  return cases;
}

// A point given in the base joint's frame (joint 0 of chain_raw), in model space.
inline glm::vec3 from_base(const ik::Transform& base, const glm::vec3& p) {
  return glm::vec3(local_matrix(base) * glm::vec4(p, 1.0f));
}

// ---- Random rigs and goals (callers pass a seeded engine) ---------------------------
// Every draw is its own statement or an element of a braced list: the order in which a
// call's arguments (or an operator's operands) are evaluated is unspecified, so
// `vec3(u(rng), u(rng), u(rng))` gives g++ and clang different cases from one seed.

inline float uniform(std::mt19937& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}

// Each coordinate uniform in [lo, hi], drawn x, y, z.
inline glm::vec3 random_vec3(std::mt19937& rng, float lo, float hi) {
  const float x = uniform(rng, lo, hi), y = uniform(rng, lo, hi), z = uniform(rng, lo, hi);
  return {x, y, z};
}

inline glm::vec3 random_unit(std::mt19937& rng) {
  for (;;) {
    const glm::vec3 v = random_vec3(rng, -1.0f, 1.0f);
    const float l = glm::length(v);
    if (l > 0.05f && l <= 1.0f) return v / l;
  }
}

// A random direction, then a length uniform in [min_length, max_length].
inline glm::vec3 random_vector(std::mt19937& rng, float min_length, float max_length) {
  const glm::vec3 direction = random_unit(rng);
  return direction * uniform(rng, min_length, max_length);
}

inline glm::quat random_rotation(std::mt19937& rng, float max_angle) {
  const float angle = uniform(rng, -max_angle, max_angle);
  return glm::angleAxis(angle, random_unit(rng));
}

// Random limits that contain the rest rotation (offset 0): half hinges, half ball joints.
inline ik::JointLimits random_limits(std::mt19937& rng) {
  ik::JointLimits l;
  l.enabled = true;
  l.hinge = uniform(rng, 0, 1) < 0.5f;
  l.hinge_axis = random_unit(rng);
  for (int a = 0; a < 3; ++a) {
    l.min[a] = uniform(rng, -1.5f, 0.0f);
    l.max[a] = uniform(rng, 0.0f, 1.5f);
  }
  return l;
}

// A chain of `n` joints below a base joint carrying `base`: random bone lengths in
// [0.3, 1.5] (model space before scaling), random bent rest rotations, and (when
// `with_limits`) random limits on every joint but the effector.
inline ik::Skeleton random_chain(std::mt19937& rng, int n, bool with_limits,
                                 const ik::Transform& base = {}) {
  ik::RawSkeleton raw = chain_raw(n, 1.0f, base, 0.0f);
  for (int i = 2; i <= n; ++i) raw.joints[static_cast<size_t>(i)].rest.translation = random_vector(rng, 0.3f, 1.5f);
  for (int i = 1; i <= n; ++i) {
    raw.joints[static_cast<size_t>(i)].rest.rotation = random_rotation(rng, 0.8f);
    if (with_limits && i < n) raw.joints[static_cast<size_t>(i)].limits = random_limits(rng);
  }
  return build(raw);
}

// Rotation offset XYZ angles (offset = Rx(a.x) Ry(a.y) Rz(a.z)), for building poses.
inline glm::quat xyz(const glm::vec3& a) {
  return glm::angleAxis(a.x, glm::vec3(1, 0, 0)) * glm::angleAxis(a.y, glm::vec3(0, 1, 0)) *
         glm::angleAxis(a.z, glm::vec3(0, 0, 1));
}

// A random pose of the joints in `path` that respects every enabled limit (free joints
// turn up to `free_angle` from rest).
inline ik::Pose random_pose(std::mt19937& rng, const ik::Skeleton& skeleton,
                            const std::vector<int>& path, float free_angle = 1.2f) {
  ik::Pose pose = ik::rest_pose(skeleton);
  for (int j : path) {
    const ik::JointLimits& l = skeleton.limits[static_cast<size_t>(j)];
    glm::quat offset;
    if (!l.enabled) {
      offset = random_rotation(rng, free_angle);
    } else if (l.hinge) {
      offset = glm::angleAxis(uniform(rng, l.min.x, l.max.x), glm::normalize(l.hinge_axis));
    } else {
      offset = xyz({uniform(rng, l.min.x, l.max.x), uniform(rng, l.min.y, l.max.y),
                    uniform(rng, l.min.z, l.max.z)});
    }
    pose.local[static_cast<size_t>(j)].rotation =
        skeleton.rest[static_cast<size_t>(j)].rotation * offset;
  }
  return pose;
}

// A goal the chain can reach: the effector of a random pose that respects the limits.
inline glm::vec3 random_reachable_goal(std::mt19937& rng, const ik::Skeleton& skeleton,
                                       const std::vector<int>& path) {
  return world_position(skeleton, random_pose(rng, skeleton, path), path.back());
}

// ---- Checks ---------------------------------------------------------------------------

inline bool finite(const ik::Pose& pose) {
  for (const ik::Transform& t : pose.local) {
    const float values[] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.w,
                            t.rotation.x,    t.rotation.y,    t.rotation.z,    t.scale.x,
                            t.scale.y,       t.scale.z};
    for (float v : values)
      if (!std::isfinite(v)) return false;
  }
  return true;
}

// Exact equality of two poses (for "untouched" and "same input, same output").
inline ::testing::AssertionResult same_pose(const ik::Pose& a, const ik::Pose& b) {
  if (a.local.size() != b.local.size()) return ::testing::AssertionFailure() << "sizes differ";
  for (size_t i = 0; i < a.local.size(); ++i) {
    const ik::Transform &x = a.local[i], &y = b.local[i];
    if (x.translation != y.translation || x.rotation != y.rotation || x.scale != y.scale)
      return ::testing::AssertionFailure() << "joint " << i << " differs";
  }
  return ::testing::AssertionSuccess();
}

// Circular distance from `angle` to [lo, hi] (0 inside); a range of a full turn or more
// contains everything.
inline float distance_to_range(float angle, float lo, float hi) {
  if (hi - lo >= 2.0f * kPi) return 0.0f;
  float d = std::fmod(angle - lo, 2.0f * kPi);
  if (d < 0.0f) d += 2.0f * kPi;
  if (d <= hi - lo) return 0.0f;
  return std::min(d - (hi - lo), 2.0f * kPi - d);
}

// Checks one joint's local rotation against its limits, independently of solvers/limits:
// a hinge offset must be a rotation about the hinge axis with its angle in [min.x, max.x];
// a ball offset must have XYZ angles (either reading) within the per-axis ranges.
inline ::testing::AssertionResult respects_limits(const ik::Skeleton& skeleton,
                                                  const ik::Pose& pose, int joint,
                                                  float slack = 2e-3f) {
  const ik::JointLimits& l = skeleton.limits[static_cast<size_t>(joint)];
  if (!l.enabled) return ::testing::AssertionSuccess();
  glm::quat q = glm::normalize(glm::inverse(skeleton.rest[static_cast<size_t>(joint)].rotation) *
                               pose.local[static_cast<size_t>(joint)].rotation);
  if (q.w < 0.0f) q = -q;
  if (l.hinge) {
    const glm::vec3 axis = glm::normalize(l.hinge_axis);
    const glm::vec3 v(q.x, q.y, q.z);
    const float off_axis = glm::length(v - axis * glm::dot(v, axis));  // sin(swing/2)-ish
    const float angle = 2.0f * std::atan2(glm::dot(v, axis), q.w);
    const float d = distance_to_range(angle, l.min.x, l.max.x);
    if (off_axis > slack || d > slack)
      return ::testing::AssertionFailure()
             << "joint " << joint << " hinge: off-axis " << off_axis << ", angle " << angle
             << " outside [" << l.min.x << ", " << l.max.x << "] by " << d;
    return ::testing::AssertionSuccess();
  }
  // M = Rx(a) Ry(b) Rz(c): M[row0][col2] = sin b, M[row1][col2] = -sin a cos b,
  // M[row2][col2] = cos a cos b, M[row0][col1] = -cos b sin c, M[row0][col0] = cos b cos c.
  const glm::mat3 m = glm::mat3_cast(q);
  const float b = std::asin(glm::clamp(m[2][0], -1.0f, 1.0f));
  const float a = std::atan2(-m[2][1], m[2][2]);
  const float c = std::atan2(-m[1][0], m[0][0]);
  const glm::vec3 readings[2] = {{a, b, c}, {a + kPi, kPi - b, c + kPi}};
  float best = 1e9f;
  for (const glm::vec3& r : readings) {
    float worst = 0.0f;
    for (int k = 0; k < 3; ++k)
      worst = std::max(worst, distance_to_range(r[k], l.min[k], l.max[k]));
    best = std::min(best, worst);
  }
  if (std::fabs(std::cos(b)) < 1e-3f) best = 0.0f;  // gimbal lock: the reading is not unique
  if (best > slack)
    return ::testing::AssertionFailure() << "joint " << joint << " ball: angles (" << a << ", " << b
                                         << ", " << c << ") outside the limits by " << best;
  return ::testing::AssertionSuccess();
}

// ---- Solve helpers ---------------------------------------------------------------------

// A chain from `root` to `effector` reaching for `goal` (model space).
inline ik::Chain chain_to(int root, int effector, const glm::vec3& goal, int max_iterations = 64) {
  ik::Chain c;
  c.root = root;
  c.effector = effector;
  c.goal.position = goal;
  c.params.max_iterations = max_iterations;
  return c;
}

// Only the rotations of `joints` may differ between `before` and `after`.
inline void expect_only_rotations_of(const ik::Pose& before, const ik::Pose& after,
                                     const std::vector<int>& joints) {
  for (size_t i = 0; i < before.local.size(); ++i) {
    EXPECT_EQ(before.local[i].translation, after.local[i].translation) << "joint " << i;
    EXPECT_EQ(before.local[i].scale, after.local[i].scale) << "joint " << i;
    const bool in_chain =
        std::find(joints.begin(), joints.end(), static_cast<int>(i)) != joints.end();
    if (!in_chain) {
      EXPECT_EQ(before.local[i].rotation, after.local[i].rotation) << "joint " << i;
    }
  }
}

inline void expect_lengths_kept(const std::vector<float>& before, const std::vector<float>& after,
                                float relative = 1e-4f) {
  ASSERT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size(); ++i)
    EXPECT_NEAR(after[i], before[i], relative * (1.0f + before[i])) << "bone " << i;
}

}  // namespace iktest
