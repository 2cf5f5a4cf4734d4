// Swing-twist cone limits (JointLimits::cone, solvers/ik/limits.h): random rotations clamped
// never end outside the cone (checked with a reading written here, independent of
// solvers/limits), rotations inside are left alone bit for bit, elliptical cones, twist
// ranges, a bone axis other than +Y, and every solver that honours limits keeps a chain of
// cone joints inside its cones.
#include <gtest/gtest.h>

#include <cstring>

#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

using iktest::kPi;

ik::JointLimits cone(float half_u, float half_v, float twist_min, float twist_max,
                     glm::vec3 bone_axis = {0.0f, 1.0f, 0.0f}) {
  ik::JointLimits l;
  l.enabled = true;
  l.cone = true;
  l.swing = {half_u, half_v};
  l.twist_min = twist_min;
  l.twist_max = twist_max;
  l.bone_axis = bone_axis;
  return l;
}

// The cone's reading of `offset`, written independently of solvers/limits: the swing is
// the shortest turn taking the bone axis n onto offset * n (its rotation vector read on
// u, v), the twist what is left about n.
struct Reading {
  float u = 0.0f, v = 0.0f, twist = 0.0f;
};

Reading read_cone(const glm::vec3& n, const glm::vec3& u, const glm::vec3& v, glm::quat offset) {
  const glm::vec3 moved = offset * n;
  const glm::vec3 axis = glm::cross(n, moved);
  const float sine = glm::length(axis), cosine = glm::dot(n, moved);
  const float angle = std::atan2(sine, cosine);
  Reading r;
  glm::quat swing(1.0f, 0.0f, 0.0f, 0.0f);
  if (sine > 1e-7f) {
    r.u = angle * glm::dot(axis / sine, u);
    r.v = angle * glm::dot(axis / sine, v);
    swing = glm::angleAxis(angle, axis / sine);
  }
  glm::quat twist = glm::inverse(swing) * offset;
  if (twist.w < 0.0f) twist = -twist;
  r.twist = 2.0f * std::atan2(glm::dot(glm::vec3(twist.x, twist.y, twist.z), n), twist.w);
  return r;
}

// How far (radians) `offset` lies outside the cone: the swing's distance past the rim along
// its own direction, or the twist's distance from its range.
float outside_by(const ik::JointLimits& l, const glm::vec3& u, const glm::vec3& v, const glm::quat& offset) {
  const glm::vec3 n = glm::normalize(l.bone_axis);
  const Reading r = read_cone(n, u, v, offset);
  const float ratio = (r.u / l.swing.x) * (r.u / l.swing.x) + (r.v / l.swing.y) * (r.v / l.swing.y);
  const float swing_out = ratio > 1.0f ? std::sqrt(r.u * r.u + r.v * r.v) * (1.0f - 1.0f / std::sqrt(ratio)) : 0.0f;
  return std::max(swing_out, iktest::distance_to_range(r.twist, l.twist_min, l.twist_max));
}

bool same_bits(const glm::quat& a, const glm::quat& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void expect_clamp_keeps_inside(const ik::JointLimits& l, const glm::vec3& u, const glm::vec3& v, unsigned seed) {
  std::mt19937 rng(seed);
  const glm::quat rest = iktest::random_rotation(rng, 2.0f);
  int inside = 0, outside = 0;
  for (int i = 0; i < 4000; ++i) {
    const glm::quat before = rest * iktest::random_rotation(rng, kPi);
    glm::quat local = before;
    const bool changed = ik::clamp_to_limits(l, rest, local);
    const float after = outside_by(l, u, v, glm::normalize(glm::inverse(rest) * local));
    ASSERT_LE(after, 2e-4f) << "rotation " << i;
    EXPECT_TRUE(ik::within_limits(l, rest, local)) << i;
    if (!changed) {
      ++inside;
      EXPECT_TRUE(same_bits(before, local)) << "a rotation inside the cone was touched, " << i;
    } else {
      ++outside;
      EXPECT_GT(outside_by(l, u, v, glm::normalize(glm::inverse(rest) * before)), 1e-6f) << i;
      // Clamping again changes nothing.
      glm::quat again = local;
      EXPECT_FALSE(ik::clamp_to_limits(l, rest, again)) << i;
    }
  }
  // Both cases occurred often enough to mean something.
  EXPECT_GT(inside, 100);
  EXPECT_GT(outside, 100);
}

TEST(SwingTwistCone, CircularConeClampsRandomRotationsAndLeavesInsideOnesAlone) {
  expect_clamp_keeps_inside(cone(0.6f, 0.6f, -0.8f, 0.5f), {1, 0, 0}, {0, 0, 1}, 11);
}

TEST(SwingTwistCone, EllipticalConeClampsRandomRotationsAndLeavesInsideOnesAlone) {
  expect_clamp_keeps_inside(cone(0.3f, 1.2f, -2.0f, 2.0f), {1, 0, 0}, {0, 0, 1}, 12);
}

// Rotations just inside and just outside the rim and the twist's ends, on cones with a middle
// off the rest, a bone axis off +Y and elliptical swings: the clamp leaves the first alone
// (bit for bit) and moves the others, as the full reading decides -- the clamp's quick inside
// test (limits.cpp: the swing against the smaller half angle, the twist by atan2_fast) never
// calls inside what lies outside.
TEST(SwingTwistCone, RotationsAtTheRimAreClampedAsTheFullReadingSays) {
  std::mt19937 rng(21);
  int kept = 0, moved = 0;
  for (int c = 0; c < 200; ++c) {
    ik::JointLimits l =
        cone(iktest::uniform(rng, 0.05f, 2.5f), iktest::uniform(rng, 0.05f, 2.5f), iktest::uniform(rng, -2.5f, 0.0f),
             iktest::uniform(rng, 0.05f, 2.5f), iktest::random_unit(rng) * iktest::uniform(rng, 0.5f, 2.0f));
    l.cone_middle = iktest::random_rotation(rng, 1.0f);
    const glm::quat rest = iktest::random_rotation(rng, 2.0f);
    for (int i = 0; i < 40; ++i) {
      // A swing direction, how far along it relative to the rim, and a twist near an end.
      const float direction = iktest::uniform(rng, -kPi, kPi);
      const float rim = 1.0f / std::sqrt(std::pow(std::cos(direction) / l.swing.x, 2.0f) +
                                         std::pow(std::sin(direction) / l.swing.y, 2.0f));
      const float swing_scale = (i % 4 == 0) ? 1.002f : (i % 4 == 1) ? 0.998f : iktest::uniform(rng, 0.0f, 0.99f);
      const float twist_end = (i % 2 == 0) ? l.twist_max : l.twist_min;
      const float twist = (i % 8 < 4) ? twist_end + (i % 2 == 0 ? 1.0f : -1.0f) * (i % 3 == 0 ? 2e-3f : -2e-3f)
                                      : iktest::uniform(rng, l.twist_min, l.twist_max);
      const ik::SwingTwist reading{swing_scale * rim * glm::vec2(std::cos(direction), std::sin(direction)), twist};
      const glm::quat before = rest * ik::from_swing_twist(l, reading);
      const ik::SwingTwist read = ik::swing_twist_angles(l, glm::normalize(glm::inverse(rest) * before));
      const bool inside =
          ik::cone_swing_ratio(l, read.swing) <= 1.0f && read.twist >= l.twist_min && read.twist <= l.twist_max;
      glm::quat local = before;
      const bool changed = ik::clamp_to_limits(l, rest, local);
      if (inside) {
        ++kept;
        EXPECT_FALSE(changed) << c << " " << i;
        EXPECT_TRUE(same_bits(before, local)) << "a rotation inside the cone was touched, " << c << " " << i;
      } else if (ik::cone_swing_ratio(l, read.swing) > 1.003f || read.twist > l.twist_max + 1e-3f ||
                 read.twist < l.twist_min - 1e-3f) {
        ++moved;
        EXPECT_TRUE(changed) << "a rotation outside the cone was left alone, " << c << " " << i;
      }
    }
  }
  EXPECT_GT(kept, 2000);
  EXPECT_GT(moved, 1000);
}

TEST(SwingTwistCone, ABoneAxisOtherThanY) {
  const glm::vec3 n = glm::normalize(glm::vec3(1.0f, 1.0f, 0.0f));
  glm::vec3 u, v;
  ik::cone_axes(n, u, v);
  EXPECT_NEAR(glm::dot(u, n), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::dot(v, n), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::dot(u, v), 0.0f, 1e-6f);
  EXPECT_NEAR(v.z, 1.0f, 1e-6f);  // +Z is perpendicular to n already: the turn keeps it
  expect_clamp_keeps_inside(cone(0.5f, 0.9f, -0.3f, 0.3f, n * 3.0f), u, v, 13);
}

TEST(SwingTwistCone, EllipticalConeLimitsEachSwingAxisByItsOwnAngle) {
  const ik::JointLimits l = cone(0.3f, 1.0f, -kPi, kPi);
  const glm::quat rest(1.0f, 0.0f, 0.0f, 0.0f);
  // A swing about X (u) by 0.5 passes its 0.3: clamped to 0.3 about X.
  glm::quat q = glm::angleAxis(0.5f, glm::vec3(1, 0, 0));
  EXPECT_TRUE(ik::clamp_to_limits(l, rest, q));
  EXPECT_NEAR(std::fabs(glm::dot(q, glm::angleAxis(0.3f, glm::vec3(1, 0, 0)))), 1.0f, 1e-6f);
  // A swing about Z (v) by 0.8 is inside its 1.0.
  q = glm::angleAxis(0.8f, glm::vec3(0, 0, 1));
  EXPECT_FALSE(ik::clamp_to_limits(l, rest, q));
  // About Z by 1.3: clamped to 1.0.
  q = glm::angleAxis(1.3f, glm::vec3(0, 0, 1));
  EXPECT_TRUE(ik::clamp_to_limits(l, rest, q));
  EXPECT_NEAR(std::fabs(glm::dot(q, glm::angleAxis(1.0f, glm::vec3(0, 0, 1)))), 1.0f, 1e-6f);
}

TEST(SwingTwistCone, TwistIsClampedAndTheSwingKept) {
  const ik::JointLimits l = cone(1.0f, 1.0f, -0.5f, 0.25f);
  const glm::quat rest = glm::angleAxis(0.4f, glm::normalize(glm::vec3(1, 0, 1)));
  const glm::quat swing = glm::angleAxis(0.6f, glm::vec3(0, 0, 1));
  glm::quat q = rest * swing * glm::angleAxis(1.5f, glm::vec3(0, 1, 0));
  EXPECT_TRUE(ik::clamp_to_limits(l, rest, q));
  const glm::quat expected = rest * swing * glm::angleAxis(0.25f, glm::vec3(0, 1, 0));
  EXPECT_NEAR(std::fabs(glm::dot(q, expected)), 1.0f, 1e-6f);
  q = rest * swing * glm::angleAxis(-2.0f, glm::vec3(0, 1, 0));
  EXPECT_TRUE(ik::clamp_to_limits(l, rest, q));
  EXPECT_NEAR(std::fabs(glm::dot(q, rest * swing * glm::angleAxis(-0.5f, glm::vec3(0, 1, 0)))), 1.0f, 1e-6f);
}

TEST(SwingTwistCone, ActiveQuickTestsAndReadings) {
  EXPECT_TRUE(ik::limits_active(cone(0.5f, kPi, -kPi, kPi)));
  EXPECT_TRUE(ik::limits_active(cone(kPi, kPi, -1.0f, 1.0f)));
  EXPECT_FALSE(ik::limits_active(cone(kPi, kPi, -kPi, kPi)));
  ik::JointLimits off = cone(0.1f, 0.1f, 0.0f, 0.0f);
  off.enabled = false;
  EXPECT_FALSE(ik::limits_active(off));
  // A cone has no per-axis quick test: the solvers ask clamp_to_limits (which has its own).
  glm::vec3 ranges[3];
  EXPECT_FALSE(ik::prepare_ball_ranges(cone(0.5f, 0.5f, -1.0f, 1.0f), ranges));
  ik::BallRangeCache entry;
  ik::JointLimits ball;
  ball.enabled = true;
  ball.min = glm::vec3(-0.5f);
  ball.max = glm::vec3(0.5f);
  EXPECT_NE(ik::cached_ball_ranges(ball, entry), nullptr);
  ik::JointLimits same_numbers_as_cone = ball;
  same_numbers_as_cone.cone = true;
  EXPECT_EQ(ik::cached_ball_ranges(same_numbers_as_cone, entry), nullptr);  // not the stale ball entry
  // Readings round-trip.
  const ik::JointLimits l = cone(1.0f, 1.0f, -kPi, kPi);
  const ik::SwingTwist st{{0.3f, -0.7f}, 1.1f};
  const ik::SwingTwist back = ik::swing_twist_angles(l, ik::from_swing_twist(l, st));
  EXPECT_NEAR(back.swing.x, 0.3f, 1e-5f);
  EXPECT_NEAR(back.swing.y, -0.7f, 1e-5f);
  EXPECT_NEAR(back.twist, 1.1f, 1e-5f);
}

// A chain of `n` bones (each along its parent's +Y, a bent rest) whose joints all carry
// `limits`.
ik::Skeleton cone_chain(int n, const ik::JointLimits& limits) {
  ik::RawSkeleton raw = iktest::chain_raw(n, 1.0f, {}, 0.2f);
  for (int i = 1; i < n; ++i) raw.joints[static_cast<size_t>(i)].limits = limits;
  return iktest::build(raw);
}

TEST(SwingTwistCone, EverySolverThatHonoursLimitsKeepsConeJointsInside) {
  const ik::JointLimits limits = cone(0.35f, 0.6f, -0.3f, 0.3f);
  const glm::vec3 u(1, 0, 0), v(0, 0, 1);
  for (int s = 0; s < ik::solver_count(); ++s) {
    const ik::SolverInfo& info = ik::solver_table()[s];
    if (info.family == ik::SolverFamily::scale) continue;
    const int bones = info.exact_bones > 0 ? info.exact_bones : 4;
    const ik::Skeleton skeleton = cone_chain(bones + 1, limits);
    std::mt19937 rng(100 + static_cast<unsigned>(s));
    ik::Workspace workspace;
    int clamped_solves = 0;
    for (int trial = 0; trial < 40; ++trial) {
      ik::Pose pose = ik::rest_pose(skeleton);
      const glm::vec3 goal = iktest::random_vector(rng, 0.5f, 1.2f * bones) + glm::vec3(0.1f, 0.2f, -0.1f);
      ik::Chain chain = iktest::chain_to(1, bones + 1, goal);
      chain.solver = s;
      const ik::Pose before = pose;
      ik::Trace trace;
      info.solve(skeleton, chain, pose, workspace, &trace);
      bool moved = false;
      for (int j = 1; j <= bones; ++j) {
        const glm::quat offset = glm::normalize(glm::inverse(skeleton.rest[static_cast<size_t>(j)].rotation) *
                                                pose.local[static_cast<size_t>(j)].rotation);
        EXPECT_LE(outside_by(limits, u, v, offset), 2e-3f) << info.id << " trial " << trial << " joint " << j;
        moved = moved ||
                !same_bits(before.local[static_cast<size_t>(j)].rotation, pose.local[static_cast<size_t>(j)].rotation);
      }
      for (std::uint8_t c : trace.clamped) clamped_solves += c;
      EXPECT_TRUE(moved || info.family == ik::SolverFamily::analytic) << info.id << " trial " << trial;
    }
    // The goals pull the joints past their cones often: the limits did work.
    if (info.family != ik::SolverFamily::analytic) {
      EXPECT_GT(clamped_solves, 0) << info.id;
    }
  }
}

}  // namespace
