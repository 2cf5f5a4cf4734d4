// Clip sampling (solvers/anim/clip.h): each interpolation against values worked out by hand
// in the test, the ends of the key range, the shorter-arc slerp, joint frames, and the
// channel contract's messages.
#include <gtest/gtest.h>

#include <cmath>

#include "solvers/anim/clip.h"

namespace {

constexpr float kPi = 3.14159265358979f;

ik::ClipChannel channel(ik::ClipProperty property, ik::Interpolation interpolation, std::vector<float> times,
                        std::vector<glm::vec4> values) {
  ik::ClipChannel c;
  c.joint = 0;
  c.property = property;
  c.interpolation = interpolation;
  c.times = std::move(times);
  c.values = std::move(values);
  return c;
}

// (x, y, z, w) of a rotation by `angle` about the unit `axis`.
glm::vec4 rotation_xyzw(float angle, const glm::vec3& axis) {
  return glm::vec4(axis * std::sin(angle / 2.0f), std::cos(angle / 2.0f));
}

void expect_near4(const glm::vec4& a, const glm::vec4& b, float tolerance) {
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(a[i], b[i], tolerance) << "component " << i;
}

TEST(Clip, LinearTranslationBetweenKeysAndAtThem) {
  const ik::ClipChannel c = channel(ik::ClipProperty::translation, ik::Interpolation::linear, {1.0f, 2.0f, 4.0f},
                                    {{0, 0, 0, 0}, {2, 4, -2, 0}, {2, 0, 6, 0}});
  expect_near4(ik::sample_channel(c, 1.0f), {0, 0, 0, 0}, 0.0f);
  expect_near4(ik::sample_channel(c, 1.25f), {0.5f, 1.0f, -0.5f, 0}, 1e-6f);
  expect_near4(ik::sample_channel(c, 2.0f), {2, 4, -2, 0}, 0.0f);
  expect_near4(ik::sample_channel(c, 3.0f), {2, 2, 2, 0}, 1e-6f);  // halfway through [2, 4]
  expect_near4(ik::sample_channel(c, 4.0f), {2, 0, 6, 0}, 0.0f);
}

TEST(Clip, BeforeTheFirstKeyAndAfterTheLastHoldTheEnds) {
  const ik::ClipChannel c =
      channel(ik::ClipProperty::scale, ik::Interpolation::linear, {0.5f, 1.0f}, {{1, 1, 1, 0}, {2, 3, 4, 0}});
  expect_near4(ik::sample_channel(c, -10.0f), {1, 1, 1, 0}, 0.0f);
  expect_near4(ik::sample_channel(c, 0.0f), {1, 1, 1, 0}, 0.0f);
  expect_near4(ik::sample_channel(c, 1.5f), {2, 3, 4, 0}, 0.0f);
  expect_near4(ik::sample_channel(c, NAN), {1, 1, 1, 0}, 0.0f);
}

TEST(Clip, StepHoldsTheLastKeyAtOrBefore) {
  const ik::ClipChannel c = channel(ik::ClipProperty::translation, ik::Interpolation::step, {0.0f, 1.0f, 2.0f},
                                    {{1, 0, 0, 0}, {2, 0, 0, 0}, {3, 0, 0, 0}});
  EXPECT_EQ(ik::sample_channel(c, 0.0f).x, 1.0f);
  EXPECT_EQ(ik::sample_channel(c, 0.999f).x, 1.0f);
  EXPECT_EQ(ik::sample_channel(c, 1.0f).x, 2.0f);
  EXPECT_EQ(ik::sample_channel(c, 1.5f).x, 2.0f);
  EXPECT_EQ(ik::sample_channel(c, 7.0f).x, 3.0f);
}

TEST(Clip, LinearRotationIsSlerpAtConstantSpeed) {
  const glm::vec3 axis(0.0f, 0.6f, 0.8f);
  const ik::ClipChannel c = channel(ik::ClipProperty::rotation, ik::Interpolation::linear, {0.0f, 2.0f},
                                    {rotation_xyzw(0.0f, axis), rotation_xyzw(2.0f, axis)});
  for (float t : {0.25f, 0.5f, 1.0f, 1.7f})  // the angle grows linearly with time: t radians
    expect_near4(ik::sample_channel(c, t), rotation_xyzw(t, axis), 2e-6f);
}

TEST(Clip, LinearRotationTakesTheShorterArc) {
  // The second key is stored as -q: the same rotation. The shorter arc from 0 to 90 degrees
  // passes 45 degrees, not the long way round.
  const glm::vec3 axis(1.0f, 0.0f, 0.0f);
  const ik::ClipChannel c = channel(ik::ClipProperty::rotation, ik::Interpolation::linear, {0.0f, 1.0f},
                                    {rotation_xyzw(0.0f, axis), -rotation_xyzw(kPi / 2.0f, axis)});
  const glm::vec4 half = ik::sample_channel(c, 0.5f);
  const glm::vec4 want = rotation_xyzw(kPi / 4.0f, axis);
  EXPECT_NEAR(std::fabs(glm::dot(half, want)), 1.0f, 1e-6f);
}

TEST(Clip, CubicSplineIsHermiteWithTangentsScaledByTheInterval) {
  // Keys at t = 1 and t = 3 (interval 2): p0 = 0, out-tangent 1; p1 = 4, in-tangent -1.
  // p(u) = (2u³-3u²+1)·0 + (u³-2u²+u)·2·1 + (-2u³+3u²)·4 + (u³-u²)·2·(-1).
  const ik::ClipChannel c = channel(
      ik::ClipProperty::translation, ik::Interpolation::cubic_spline, {1.0f, 3.0f},
      {{9, 9, 9, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {-1, 0, 0, 0}, {4, 1, 0, 0}, {9, 9, 9, 0}});
  for (float u : {0.0f, 0.25f, 0.5f, 0.9f, 1.0f}) {
    const float x = (u * u * u - 2 * u * u + u) * 2.0f + (-2 * u * u * u + 3 * u * u) * 4.0f +
                    (u * u * u - u * u) * 2.0f * -1.0f;
    const float y = (-2 * u * u * u + 3 * u * u) * 1.0f;
    const glm::vec4 got = ik::sample_channel(c, 1.0f + 2.0f * u);
    EXPECT_NEAR(got.x, x, 1e-5f) << "u = " << u;
    EXPECT_NEAR(got.y, y, 1e-5f) << "u = " << u;
  }
  // Outside the keys: the key values, never the tangents.
  EXPECT_EQ(ik::sample_channel(c, 0.0f).x, 0.0f);
  EXPECT_EQ(ik::sample_channel(c, 5.0f).x, 4.0f);
}

TEST(Clip, CubicSplineRotationIsNormalised) {
  const glm::vec3 axis(0.0f, 0.0f, 1.0f);
  const glm::vec4 zero(0.0f);
  const ik::ClipChannel c =
      channel(ik::ClipProperty::rotation, ik::Interpolation::cubic_spline, {0.0f, 1.0f},
              {zero, rotation_xyzw(0.0f, axis), zero, zero, rotation_xyzw(kPi / 2.0f, axis), zero});
  const glm::vec4 q = ik::sample_channel(c, 0.5f);
  EXPECT_NEAR(glm::dot(q, q), 1.0f, 1e-6f);
  EXPECT_NEAR(2.0f * std::atan2(q.z, q.w), kPi / 4.0f, 1e-5f);  // symmetric: halfway
}

TEST(Clip, SampleClipWritesKeyedJointsOnlyAndComposesJointFrames) {
  ik::Pose pose;
  pose.local.resize(3);
  pose.local[1].translation = glm::vec3(5.0f, 6.0f, 7.0f);  // not keyed: must stay
  ik::Clip clip;
  clip.channels.push_back(channel(ik::ClipProperty::translation, ik::Interpolation::linear, {0.0f, 1.0f},
                                  {{0, 0, 0, 0}, {0, 2, 0, 0}}));
  ik::ClipChannel rotation = channel(ik::ClipProperty::rotation, ik::Interpolation::linear, {0.0f},
                                     {rotation_xyzw(kPi / 2.0f, {0, 0, 1})});
  rotation.joint = 2;
  clip.channels.push_back(rotation);
  // Joint 2 hangs below a non-joint node that moves it by (0, 0, 3) and doubles its size.
  ik::JointFrame frame;
  frame.joint = 2;
  frame.above = glm::mat4(2.0f);
  frame.above[3] = glm::vec4(0.0f, 0.0f, 3.0f, 1.0f);
  frame.node_rest.translation = glm::vec3(1.0f, 0.0f, 0.0f);
  clip.frames.push_back(frame);
  ik::set_time_range(clip);
  EXPECT_EQ(clip.start, 0.0f);
  EXPECT_EQ(clip.end, 1.0f);

  ik::sample_clip(clip, 0.5f, pose);
  EXPECT_NEAR(pose.local[0].translation.y, 1.0f, 1e-6f);
  EXPECT_EQ(pose.local[1].translation, glm::vec3(5.0f, 6.0f, 7.0f));
  // Joint 2: above * T(1, 0, 0) * R(90° about z): translation (2, 0, 3), scale 2, the rotation.
  EXPECT_NEAR(pose.local[2].translation.x, 2.0f, 1e-5f);
  EXPECT_NEAR(pose.local[2].translation.z, 3.0f, 1e-5f);
  EXPECT_NEAR(pose.local[2].scale.x, 2.0f, 1e-5f);
  const glm::vec3 x_axis = pose.local[2].rotation * glm::vec3(1.0f, 0.0f, 0.0f);
  EXPECT_NEAR(x_axis.y, 1.0f, 1e-5f);
  // Sampling again gives the same (the node's rest is the start, not the last result).
  const ik::Transform first = pose.local[2];
  ik::sample_clip(clip, 0.5f, pose);
  EXPECT_EQ(pose.local[2].translation, first.translation);
}

TEST(Clip, CheckChannelNamesEachProblem) {
  const auto problem = [](ik::ClipChannel c) { return ik::check_channel(c, 4); };
  ik::ClipChannel good =
      channel(ik::ClipProperty::translation, ik::Interpolation::linear, {0.0f, 1.0f}, {{0, 0, 0, 0}, {1, 0, 0, 0}});
  EXPECT_EQ(problem(good), "");
  ik::ClipChannel c = good;
  c.joint = 4;
  EXPECT_NE(problem(c).find("joint 4 is out of range"), std::string::npos) << problem(c);
  c = good;
  c.times = {1.0f, 1.0f};
  EXPECT_NE(problem(c).find("times are not increasing"), std::string::npos) << problem(c);
  c = good;
  c.times = {0.0f, NAN};
  EXPECT_NE(problem(c).find("not finite"), std::string::npos) << problem(c);
  c = good;
  c.times = {0.0f, 2e9f};
  EXPECT_NE(problem(c).find("past 1000000000"), std::string::npos) << problem(c);
  c = good;
  c.values[0].z = -3e18f;
  EXPECT_NE(problem(c).find("value 0 is not finite or past 1e18"), std::string::npos) << problem(c);
  c = good;
  c.values.pop_back();
  EXPECT_NE(problem(c).find("1 values for 2 keys"), std::string::npos) << problem(c);
  c = good;
  c.interpolation = ik::Interpolation::cubic_spline;
  EXPECT_NE(problem(c).find("CUBICSPLINE needs 6"), std::string::npos) << problem(c);
  c = good;
  c.values[1].y = INFINITY;
  EXPECT_NE(problem(c).find("value 1 is not finite"), std::string::npos) << problem(c);
  c = good;
  c.property = ik::ClipProperty::rotation;
  c.values[0] = glm::vec4(0.0f);
  EXPECT_NE(problem(c).find("zero length"), std::string::npos) << problem(c);
  c = good;
  c.times.clear();
  c.values.clear();
  EXPECT_EQ(problem(c), "no keys");
}

}  // namespace
