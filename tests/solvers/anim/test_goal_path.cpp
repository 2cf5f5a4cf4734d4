// Goal paths: sampling checked by hand (linear positions, slerped orientations, clamped and
// looped times), recording with a minimum spacing, and every bad path rejected with its
// one-line message.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "solvers/anim/goal_path.h"

namespace {

ik::GoalPath three_samples() {
  ik::GoalPath path;
  path.name = "wave";
  path.samples.resize(3);
  path.samples[0].time = 1.0f;
  path.samples[0].position = {0.0f, 0.0f, 0.0f};
  path.samples[1].time = 2.0f;
  path.samples[1].position = {2.0f, 0.0f, 0.0f};
  path.samples[2].time = 4.0f;
  path.samples[2].position = {2.0f, 4.0f, 0.0f};
  return path;
}

void expect_near(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-5f);
  EXPECT_NEAR(a.y, b.y, 1e-5f);
  EXPECT_NEAR(a.z, b.z, 1e-5f);
}

TEST(GoalPath, DurationAndStart) {
  const ik::GoalPath path = three_samples();
  EXPECT_FLOAT_EQ(path.duration(), 3.0f);
  EXPECT_FLOAT_EQ(path.start_time(), 1.0f);
  ik::GoalPath one;
  one.samples.resize(1);
  EXPECT_FLOAT_EQ(one.duration(), 0.0f);
}

TEST(GoalPath, LinearBetweenSamplesByHand) {
  const ik::GoalPath path = three_samples();
  expect_near(ik::sample_goal_path(path, 1.0f).position, {0.0f, 0.0f, 0.0f});
  expect_near(ik::sample_goal_path(path, 1.25f).position, {0.5f, 0.0f, 0.0f});  // a quarter of 0 -> 2
  expect_near(ik::sample_goal_path(path, 2.0f).position, {2.0f, 0.0f, 0.0f});
  expect_near(ik::sample_goal_path(path, 3.5f).position, {2.0f, 3.0f, 0.0f});  // 3/4 of the way to y = 4
  expect_near(ik::sample_goal_path(path, 4.0f).position, {2.0f, 4.0f, 0.0f});
}

TEST(GoalPath, ClampedOutsideTheSamples) {
  const ik::GoalPath path = three_samples();
  expect_near(ik::sample_goal_path(path, -7.0f).position, {0.0f, 0.0f, 0.0f});
  expect_near(ik::sample_goal_path(path, 99.0f).position, {2.0f, 4.0f, 0.0f});
  EXPECT_FLOAT_EQ(ik::sample_goal_path(path, 99.0f).time, 4.0f);
}

TEST(GoalPath, LoopedWrapsByTheDuration) {
  const ik::GoalPath path = three_samples();  // period 3 s from t = 1
  // 5.25 = 1.25 + 4 - 3 ... wraps to 2.25: 1/8 of the way from (2,0,0) to (2,4,0).
  expect_near(ik::sample_goal_path(path, 5.25f, ik::PathWrap::loop).position, {2.0f, 0.5f, 0.0f});
  EXPECT_NEAR(ik::sample_goal_path(path, 5.25f, ik::PathWrap::loop).time, 2.25f, 1e-5f);
  // Before the start: -0.75 wraps to 2.25 as well (-0.75 - 1 = -1.75, + 3 = 1.25 after start).
  expect_near(ik::sample_goal_path(path, -0.75f, ik::PathWrap::loop).position, {2.0f, 0.5f, 0.0f});
}

TEST(GoalPath, OrientationsSlerpedByHand) {
  ik::GoalPath path;
  path.name = "turn";
  path.has_orientation = true;
  path.samples.resize(2);
  path.samples[0].time = 0.0f;
  path.samples[1].time = 1.0f;
  path.samples[1].orientation = glm::angleAxis(1.6f, glm::vec3(0.0f, 0.0f, 1.0f));
  // A quarter of the way: a rotation of 0.4 rad about z, i.e. (cos 0.2, 0, 0, sin 0.2).
  const glm::quat q = ik::sample_goal_path(path, 0.25f).orientation;
  EXPECT_NEAR(q.w, std::cos(0.2f), 1e-5f);
  EXPECT_NEAR(q.z, std::sin(0.2f), 1e-5f);
  EXPECT_NEAR(q.x, 0.0f, 1e-6f);
  // The shorter arc: -q1 is the same rotation, the result must be too.
  path.samples[1].orientation = -path.samples[1].orientation;
  const glm::quat r = ik::sample_goal_path(path, 0.25f).orientation;
  EXPECT_NEAR(std::fabs(r.w), std::cos(0.2f), 1e-5f);
  EXPECT_NEAR(std::fabs(r.z), std::sin(0.2f), 1e-5f);
}

TEST(GoalPath, OneSampleHoldsEverywhere) {
  ik::GoalPath path;
  path.name = "still";
  path.samples.resize(1);
  path.samples[0].time = 3.0f;
  path.samples[0].position = {1.0f, 2.0f, 3.0f};
  expect_near(ik::sample_goal_path(path, 0.0f, ik::PathWrap::loop).position, {1.0f, 2.0f, 3.0f});
  expect_near(ik::sample_goal_path(path, 10.0f).position, {1.0f, 2.0f, 3.0f});
}

TEST(GoalPath, RecordKeepsTheMinimumSpacing) {
  ik::GoalPath path;
  path.name = "drag";
  const glm::quat id(1.0f, 0.0f, 0.0f, 0.0f);
  EXPECT_TRUE(ik::record_goal_sample(path, 0.0f, {0, 0, 0}, id, 0.1f));
  EXPECT_FALSE(ik::record_goal_sample(path, 0.05f, {1, 0, 0}, id, 0.1f));  // too soon
  EXPECT_TRUE(ik::record_goal_sample(path, 0.1f, {1, 0, 0}, id, 0.1f));
  EXPECT_FALSE(ik::record_goal_sample(path, 0.1f, {2, 0, 0}, id, 0.0f));  // not after the last
  EXPECT_FALSE(ik::record_goal_sample(path, 0.0f, {2, 0, 0}, id, 0.0f));  // backwards
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(ik::record_goal_sample(path, 1.0f, {nan, 0, 0}, id, 0.0f));
  ASSERT_EQ(path.samples.size(), 2u);
  EXPECT_FLOAT_EQ(path.samples[1].position.x, 1.0f);
  EXPECT_EQ(ik::check_goal_path(path), "");
}

TEST(GoalPath, BadPathsRejectedWithTheirMessage) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  ik::GoalPath good = three_samples();
  EXPECT_EQ(ik::check_goal_path(good), "");

  ik::GoalPath p = good;
  p.name = "";
  EXPECT_EQ(ik::check_goal_path(p), "goal path without a name");

  p = good;
  p.samples.clear();
  EXPECT_EQ(ik::check_goal_path(p), "goal path 'wave': has no samples");

  p = good;
  p.samples[2].time = 1.5f;
  EXPECT_EQ(ik::check_goal_path(p), "goal path 'wave': sample 2: time 1.5 is not after the previous sample's 2");

  p = good;
  p.samples[1].time = 1.0f;  // equal is not increasing
  EXPECT_EQ(ik::check_goal_path(p), "goal path 'wave': sample 1: time 1 is not after the previous sample's 1");

  p = good;
  p.samples[0].time = nan;
  EXPECT_EQ(ik::check_goal_path(p), "goal path 'wave': sample 0: time nan is not a finite number within +-1e+09 s");

  p = good;
  p.samples[1].position.y = inf;
  EXPECT_EQ(ik::check_goal_path(p),
            "goal path 'wave': sample 1: position is not finite or farther than 1e+18 from the origin");

  p = good;
  p.has_orientation = true;
  p.samples[2].orientation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
  EXPECT_EQ(ik::check_goal_path(p), "goal path 'wave': sample 2: orientation is a zero quaternion");
  p.samples[2].orientation.w = nan;
  EXPECT_EQ(ik::check_goal_path(p), "goal path 'wave': sample 2: orientation is not finite");
}

TEST(GoalPath, FindByName) {
  std::vector<ik::GoalPath> paths(2);
  paths[0].name = "a";
  paths[1].name = "b";
  EXPECT_EQ(ik::find_goal_path(paths, "b"), &paths[1]);
  EXPECT_EQ(ik::find_goal_path(paths, "c"), nullptr);
}

}  // namespace
