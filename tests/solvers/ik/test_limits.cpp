// Joint-limit maths: angle wrapping and clamping on the circle, swing-twist, XYZ angles,
// and the clamp of a local rotation into hinge and ball limits (checked with the test
// util's independent limit check).
#include <gtest/gtest.h>

#include <cfloat>

#include "solvers/ik/limits.h"
#include "tests/support/solver_test_util.h"

namespace {

using iktest::kPi;

TEST(ClampAngle, InsideKeepsTheAngleOutsidePicksTheNearerEnd) {
  EXPECT_FLOAT_EQ(ik::clamp_angle(0.3f, -1.0f, 1.0f), 0.3f);
  EXPECT_FLOAT_EQ(ik::clamp_angle(1.2f, -1.0f, 1.0f), 1.0f);
  EXPECT_FLOAT_EQ(ik::clamp_angle(-1.7f, -1.0f, 1.0f), -1.0f);
  // 3.0 is 2.0 past max but only 2pi - 4 = 2.28 before min going round: max is nearer.
  EXPECT_FLOAT_EQ(ik::clamp_angle(3.0f, -1.0f, 1.0f), 1.0f);
  // -3.0 is 2.28 past max going round, 2.0 before min: min is nearer.
  EXPECT_FLOAT_EQ(ik::clamp_angle(-3.0f, -1.0f, 1.0f), -1.0f);
}

TEST(ClampAngle, RangesAcrossPiAndFullTurns) {
  // [2.5, 4.0] contains -3.0 (= 3.28 after a turn): returned inside the range.
  EXPECT_NEAR(ik::clamp_angle(-3.0f, 2.5f, 4.0f), -3.0f + 2.0f * kPi, 1e-5f);
  // A full turn clamps nothing.
  EXPECT_FLOAT_EQ(ik::clamp_angle(2.9f, -kPi, kPi + 0.01f), 2.9f);
  // max < min reads as the single angle min.
  EXPECT_FLOAT_EQ(ik::clamp_angle(0.5f, 0.2f, -0.2f), 0.2f);
}

TEST(WrapAngle, IntoMinusPiToPi) {
  EXPECT_NEAR(ik::wrap_angle(3.0f * kPi / 2.0f), -kPi / 2.0f, 1e-5f);
  EXPECT_NEAR(ik::wrap_angle(-5.0f * kPi / 2.0f), -kPi / 2.0f, 1e-5f);
  EXPECT_NEAR(ik::wrap_angle(0.25f), 0.25f, 1e-7f);
}

TEST(TwistAngle, RecoversTheTwistUnderAnySwing) {
  const glm::vec3 axis = glm::normalize(glm::vec3(1, 2, -1));
  const glm::vec3 swing_axis = glm::normalize(glm::cross(axis, glm::vec3(0, 0, 1)));
  for (float twist : {-2.5f, -0.4f, 0.0f, 0.7f, 3.0f}) {
    const glm::quat q = glm::angleAxis(0.9f, swing_axis) * glm::angleAxis(twist, axis);
    EXPECT_NEAR(ik::twist_angle(q, axis), twist, 1e-4f) << twist;
  }
}

TEST(XyzAngles, RoundTripAndTheOtherReadingIsTheSameRotation) {
  std::mt19937 rng(7);
  for (int i = 0; i < 1000; ++i) {
    const glm::vec3 a{iktest::uniform(rng, -3.1f, 3.1f), iktest::uniform(rng, -1.4f, 1.4f),
                      iktest::uniform(rng, -3.1f, 3.1f)};
    const glm::quat q = iktest::xyz(a);
    const glm::vec3 back = ik::xyz_angles(q);
    EXPECT_NEAR(back.x, a.x, 1e-3f);
    EXPECT_NEAR(back.y, a.y, 1e-3f);
    EXPECT_NEAR(back.z, a.z, 1e-3f);
    const glm::quat other = ik::from_xyz_angles(ik::other_xyz_angles(back));
    EXPECT_NEAR(std::fabs(glm::dot(other, q)), 1.0f, 1e-5f);
  }
}

TEST(ClampToLimits, HingeDropsTheSwingAndClampsTheAngle) {
  ik::JointLimits hinge;
  hinge.enabled = true;
  hinge.hinge = true;
  hinge.hinge_axis = {0, 0, 2};  // not unit: the clamp normalises it
  hinge.min.x = -0.5f;
  hinge.max.x = 1.0f;
  const glm::quat rest = glm::angleAxis(0.3f, glm::vec3(0, 1, 0));
  const glm::quat before =
      rest * glm::angleAxis(0.4f, glm::vec3(1, 0, 0)) * glm::angleAxis(1.6f, glm::vec3(0, 0, 1));
  glm::quat q = before;
  EXPECT_TRUE(ik::clamp_to_limits(hinge, rest, q));
  const glm::quat expected = rest * glm::angleAxis(1.0f, glm::vec3(0, 0, 1));
  EXPECT_NEAR(std::fabs(glm::dot(q, expected)), 1.0f, 1e-6f);
  EXPECT_TRUE(ik::within_limits(hinge, rest, q));
  EXPECT_FALSE(ik::within_limits(hinge, rest, before));
}

TEST(ClampToLimits, HingeInsideItsRangeIsUnchanged) {
  ik::JointLimits hinge;
  hinge.enabled = true;
  hinge.hinge = true;
  hinge.hinge_axis = {1, 0, 0};
  hinge.min.x = -0.5f;
  hinge.max.x = 1.0f;
  const glm::quat rest(1, 0, 0, 0);
  const glm::quat before = glm::angleAxis(0.6f, glm::vec3(1, 0, 0));
  glm::quat q = before;
  EXPECT_FALSE(ik::clamp_to_limits(hinge, rest, q));
  // Within two ulps of 1: even dot(before, before) is 1 only to rounding (1 + 1.2e-7 here).
  EXPECT_NEAR(std::fabs(glm::dot(q, before)), 1.0f, 2.5e-7f);
}

TEST(ClampToLimits, BallClampsEachAxis) {
  ik::JointLimits ball;
  ball.enabled = true;
  ball.min = {-0.2f, -0.3f, -0.4f};
  ball.max = {0.2f, 0.3f, 0.4f};
  const glm::quat rest = glm::angleAxis(-0.6f, glm::normalize(glm::vec3(1, 1, 0)));
  glm::quat q = rest * iktest::xyz({0.5f, 0.1f, -0.9f});
  EXPECT_TRUE(ik::clamp_to_limits(ball, rest, q));
  const glm::vec3 a = ik::xyz_angles(glm::conjugate(rest) * q);
  EXPECT_NEAR(a.x, 0.2f, 1e-4f);
  EXPECT_NEAR(a.y, 0.1f, 1e-4f);
  EXPECT_NEAR(a.z, -0.4f, 1e-4f);
}

TEST(ClampToLimits, DisabledLimitsChangeNothing) {
  ik::JointLimits none;
  none.min = glm::vec3(-0.1f);
  none.max = glm::vec3(0.1f);
  const glm::quat before = glm::angleAxis(2.0f, glm::vec3(0, 1, 0));
  glm::quat q = before;
  EXPECT_FALSE(ik::clamp_to_limits(none, glm::quat(1, 0, 0, 0), q));
  EXPECT_EQ(q, before);
  EXPECT_FALSE(ik::limits_active(none));
}

TEST(ClampToLimits, FullRangeBallIsNotActive) {
  ik::JointLimits full;
  full.enabled = true;
  full.min = glm::vec3(-kPi);
  full.max = glm::vec3(kPi);
  EXPECT_FALSE(ik::limits_active(full));
  full.max.y = 0.5f;
  EXPECT_TRUE(ik::limits_active(full));
}

// 100,000 random rotations against random limits: the clamp always lands inside (by the
// independent check), never produces NaN, and leaves rotations already inside alone.
TEST(ClampToLimits, PropertyRandomRotationsLandInsideTheLimits) {
  std::mt19937 rng(12345);
  ik::Skeleton skeleton = iktest::chain_skeleton(1);
  ik::Pose pose = ik::rest_pose(skeleton);
  int clamped = 0;
  for (int i = 0; i < 100000; ++i) {
    skeleton.limits[1] = iktest::random_limits(rng);
    skeleton.rest[1].rotation = iktest::random_rotation(rng, 3.0f);
    const glm::quat before = iktest::random_rotation(rng, kPi);
    glm::quat q = before;
    const bool inside_before =
        ik::within_limits(skeleton.limits[1], skeleton.rest[1].rotation, before, 0.0f);
    const bool changed = ik::clamp_to_limits(skeleton.limits[1], skeleton.rest[1].rotation, q);
    ASSERT_TRUE(iktest::finite(pose));
    ASSERT_TRUE(std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) &&
                std::isfinite(q.z));
    pose.local[1].rotation = q;
    ASSERT_TRUE(iktest::respects_limits(skeleton, pose, 1)) << "case " << i;
    if (inside_before) {
      ASSERT_FALSE(changed) << "case " << i;
      ASSERT_NEAR(std::fabs(glm::dot(q, before)), 1.0f, 1e-4f) << "case " << i;
    }
    clamped += changed ? 1 : 0;
  }
  EXPECT_GT(clamped, 50000);  // the property was exercised on rotations that needed it
}

// A hinge tracked by its angle (hinge_angle once, then per turn clamp_hinge_angle and
// hinge_rotation, as the Jacobian solvers do) against turning the quaternion and calling
// clamp_to_limits after every turn: the same rotation up to rounding, the same clamps
// reported. Start rotations with a swing off the axis, ranges anywhere on the circle, some
// wrapping past pi, some wider than a full turn, some empty (max < min).
TEST(HingeTrackedByAngle, AgreesWithClampToLimitsAfterEveryTurn) {
  std::mt19937 rng(2026);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  int clamps = 0, flag_mismatches = 0, turns = 0;
  for (int i = 0; i < 20000; ++i) {
    ik::JointLimits limits;
    limits.enabled = true;
    limits.hinge = true;
    limits.hinge_axis = glm::vec3{unit(rng), unit(rng), unit(rng)} + glm::vec3(0.0f, 0.0f, 0.1f);
    limits.min.x = 4.0f * unit(rng);
    limits.max.x = i % 50 == 0 ? limits.min.x - 0.1f : limits.min.x + 3.5f * (unit(rng) + 1.0f);
    const glm::vec3 axis = ik::hinge_axis(limits);
    const glm::quat rest = iktest::random_rotation(rng, 3.0f);
    glm::quat turned = rest * iktest::random_rotation(rng, i % 4 == 0 ? 0.5f : 1e-7f);
    bool swing = false;
    float angle = ik::hinge_angle(axis, rest, turned, swing);
    for (int step = 0; step < 8; ++step, ++turns) {
      const float d = 0.8f * unit(rng);
      turned = glm::normalize(turned * glm::angleAxis(d, axis));
      const bool clamped = ik::clamp_to_limits(limits, axis, rest, turned);
      angle += d;
      const bool tracked_clamped = ik::clamp_hinge_angle(limits, angle) || swing;
      swing = false;
      const glm::quat tracked = ik::hinge_rotation(axis, rest, angle);
      ASSERT_NEAR(std::fabs(glm::dot(tracked, turned)), 1.0f, 2e-6f) << "case " << i << " step " << step;
      ASSERT_TRUE(ik::within_limits(limits, rest, tracked)) << "case " << i << " step " << step;
      clamps += clamped ? 1 : 0;
      flag_mismatches += clamped != tracked_clamped ? 1 : 0;
    }
  }
  EXPECT_GT(clamps, turns / 10);  // the clamp was exercised
  // Only an angle within rounding of an end, or a swing within rounding of 1e-5 rad, may
  // be read differently.
  EXPECT_LE(flag_mismatches, turns / 10000);
}

// renormalized: the Newton step for products of unit quaternions gives glm::normalize's
// result to float rounding, and a quaternion far from unit still comes out unit.
TEST(Renormalized, AgreesWithNormalizeNearUnitAndNormalizesTheRest) {
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const glm::quat a = iktest::random_rotation(rng, 3.0f), b = iktest::random_rotation(rng, 0.3f);
    glm::quat product = a * b;
    for (int step = 0; step < 50; ++step) product = product * b;  // rounding piles up a little
    const glm::quat fast = ik::renormalized(product), exact = glm::normalize(product);
    // Four ulps of 1: a rounded unit quaternion's squared norm is itself a few ulps off
    // (three in one of these 20,000 cases).
    ASSERT_NEAR(glm::dot(fast, fast), 1.0f, 4.0f * FLT_EPSILON) << i;
    for (int c = 0; c < 4; ++c) ASSERT_NEAR(fast[c], exact[c], 3e-7f) << i;
  }
  for (const float scale : {0.5f, 0.999f, 1.002f, 3.0f}) {
    const glm::quat q = iktest::random_rotation(rng, 2.0f);
    const glm::quat far = ik::renormalized(q * scale);
    EXPECT_NEAR(glm::dot(far, far), 1.0f, 1e-6f) << scale;
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(far[c], q[c], 1e-6f) << scale;
  }
}

// The quick ball test (prepare_ball_ranges + ball_surely_inside) against the angles read
// the slow way: "surely inside" must never be said of a reading outside its ranges, and
// must be said of every reading clearly inside (1e-3 rad from each end, away from the
// gimbal lock). Ranges anywhere on the circle, some wrapping past pi, some wider than a
// full turn, some empty (max < min reads as the single angle min).
TEST(BallSurelyInside, AgreesWithTheXyzAngles) {
  std::mt19937 rng(2024);
  auto inside = [](float angle, float min, float max, float margin) {
    if (!(max >= min)) max = min;
    const float width = max - min;
    if (width >= 2.0f * kPi) return true;
    float d = std::fmod(angle - min, 2.0f * kPi);
    if (d < 0.0f) d += 2.0f * kPi;
    return d >= margin && d <= width - margin;
  };
  int surely = 0, clearly = 0;
  for (int i = 0; i < 100000; ++i) {
    ik::JointLimits ball;
    ball.enabled = true;
    for (int a = 0; a < 3; ++a) {
      ball.min[a] = iktest::uniform(rng, -4.0f, 2.0f);
      ball.max[a] = ball.min[a] + iktest::uniform(rng, -0.2f, 1.2f) * (a == 1 ? 3.0f : 7.0f);
    }
    glm::vec3 ranges[3];
    ASSERT_TRUE(ik::prepare_ball_ranges(ball, ranges));
    const glm::quat offset = iktest::random_rotation(rng, kPi);
    const glm::vec3 angles = ik::xyz_angles(offset);
    bool reading_inside = true, reading_clearly_inside = true;
    for (int a = 0; a < 3; ++a) {
      reading_inside = reading_inside && inside(angles[a], ball.min[a], ball.max[a], -1e-5f);
      reading_clearly_inside = reading_clearly_inside && inside(angles[a], ball.min[a], ball.max[a], 1e-3f);
    }
    const bool near_gimbal = std::fabs(std::fabs(angles.y) - 0.5f * kPi) < 0.01f;
    const bool quick = ik::ball_surely_inside(ranges, offset);
    if (quick) {
      ASSERT_TRUE(reading_inside) << "case " << i;
    }
    if (reading_clearly_inside && !near_gimbal) {
      ASSERT_TRUE(quick) << "case " << i;
    }
    surely += quick ? 1 : 0;
    clearly += reading_clearly_inside ? 1 : 0;
  }
  EXPECT_GT(clearly, 5000);  // both answers were exercised (about 7,500 inside here)
  EXPECT_GT(surely, 5000);
  EXPECT_LT(surely, 90000);
}

TEST(BallSurelyInside, OnlyBallJointsArePrepared) {
  ik::JointLimits hinge;
  hinge.enabled = true;
  hinge.hinge = true;
  ik::JointLimits disabled;
  glm::vec3 ranges[3] = {glm::vec3(7.0f), glm::vec3(7.0f), glm::vec3(7.0f)};
  EXPECT_FALSE(ik::prepare_ball_ranges(hinge, ranges));
  EXPECT_FALSE(ik::prepare_ball_ranges(disabled, ranges));
  EXPECT_EQ(ranges[2], glm::vec3(7.0f));  // untouched
}

}  // namespace
