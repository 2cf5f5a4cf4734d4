// Clip playback maths (solvers/anim/clip_playback.h): the frame rate read from key times, frames
// and times on it, the play clock (speed, loop, stop at the end) and one-frame steps, each
// against values worked out by hand.
#include <gtest/gtest.h>

#include "solvers/anim/clip_playback.h"

namespace {

ik::ClipChannel keyed(std::vector<float> times) {
  ik::ClipChannel c;
  c.joint = 0;
  c.property = ik::ClipProperty::translation;
  c.times = std::move(times);
  c.values.assign(c.times.size(), glm::vec4(0.0f));
  return c;
}

// Keys every 1/rate seconds from `start`, `count` of them, computed in float as an exporter
// writes them.
std::vector<float> regular_times(float start, float rate, int count) {
  std::vector<float> t;
  for (int k = 0; k < count; ++k) t.push_back(start + static_cast<float>(k) / rate);
  return t;
}

TEST(ClipPlayback, FrameRateIsTheMostCommonKeyInterval) {
  ik::Clip clip;
  clip.channels.push_back(keyed(regular_times(0.0f, 30.0f, 31)));  // 30 intervals of 1/30 s
  clip.channels.push_back(keyed({0.0f, 0.5f, 1.0f}));              // 2 intervals of 1/2 s
  ik::set_time_range(clip);
  EXPECT_EQ(ik::clip_frame_rate(clip), 30.0f);  // rounded to the whole number
}

TEST(ClipPlayback, FrameRateOf24And60AndAnOddRate) {
  for (float rate : {24.0f, 60.0f, 25.0f}) {
    ik::Clip clip;
    clip.channels.push_back(keyed(regular_times(1.25f, rate, 40)));
    EXPECT_EQ(ik::clip_frame_rate(clip), rate);
  }
  ik::Clip odd;  // keys every 0.07 s: 14.2857 fps, not near a whole number, kept as is
  odd.channels.push_back(keyed({0.0f, 0.07f, 0.14f, 0.21f}));
  EXPECT_NEAR(ik::clip_frame_rate(odd), 1.0f / 0.07f, 1e-3f);
}

TEST(ClipPlayback, FrameRateDefaultsTo30WithoutIntervals) {
  ik::Clip empty;
  EXPECT_EQ(ik::clip_frame_rate(empty), ik::kDefaultFrameRate);
  ik::Clip single_keys;
  single_keys.channels.push_back(keyed({0.5f}));
  single_keys.channels.push_back(keyed({2.0f}));
  EXPECT_EQ(ik::clip_frame_rate(single_keys), ik::kDefaultFrameRate);
  ik::Clip sparse;  // one key every 4 s: 0.25 fps is below the minimum rate
  sparse.channels.push_back(keyed({0.0f, 4.0f, 8.0f}));
  EXPECT_EQ(ik::clip_frame_rate(sparse), ik::kDefaultFrameRate);
}

TEST(ClipPlayback, FramesAndTimes) {
  const float start = 0.5f, rate = 30.0f;
  EXPECT_EQ(ik::frame_at(start, start, rate), 0);
  for (int f = 0; f < 200; ++f) EXPECT_EQ(ik::frame_at(ik::time_of_frame(f, start, rate), start, rate), f) << f;
  EXPECT_EQ(ik::frame_at(start + 0.99f / rate, start, rate), 0);  // between frames: the earlier
  EXPECT_EQ(ik::frame_at(start + 1.5f / rate, start, rate), 1);
  EXPECT_EQ(ik::frame_at(start - 0.5f / rate, start, rate), -1);
  EXPECT_FLOAT_EQ(ik::time_of_frame(45, start, rate), 2.0f);
  EXPECT_EQ(ik::last_frame(0.0f, 2.0f, 24.0f), 48);
  EXPECT_EQ(ik::last_frame(0.0f, 1.01f, 30.0f), 30);  // the end between frames 30 and 31
}

TEST(ClipPlayback, ClockAdvancesBySpeed) {
  bool stopped = false;
  EXPECT_FLOAT_EQ(ik::advance_time(1.0f, 0.1f, 1.0f, 0.0f, 2.0f, true, &stopped), 1.1f);
  EXPECT_FLOAT_EQ(ik::advance_time(1.0f, 0.1f, 0.5f, 0.0f, 2.0f, true, &stopped), 1.05f);
  EXPECT_FLOAT_EQ(ik::advance_time(1.0f, 0.1f, 2.0f, 0.0f, 2.0f, true, &stopped), 1.2f);
  EXPECT_FALSE(stopped);
}

TEST(ClipPlayback, ClockLoopsOrStopsAtTheEnd) {
  bool stopped = false;
  // Looping: 1.9 + 0.3 = 2.2 wraps to 0.5 + (2.2 - 0.5) mod 1.5 = 0.7 on a clip from 0.5 to 2.
  EXPECT_NEAR(ik::advance_time(1.9f, 0.3f, 1.0f, 0.5f, 2.0f, true, &stopped), 0.7f, 1e-6f);
  EXPECT_FALSE(stopped);
  // Several durations at once (a long stall): 1.0 + 4.0 = 5.0 -> 0.5 + 4.5 mod 1.5 = 0.5.
  EXPECT_NEAR(ik::advance_time(1.0f, 4.0f, 1.0f, 0.5f, 2.0f, true, &stopped), 0.5f, 1e-6f);
  // Not looping: stops at the end and says so.
  EXPECT_EQ(ik::advance_time(1.9f, 0.3f, 1.0f, 0.5f, 2.0f, false, &stopped), 2.0f);
  EXPECT_TRUE(stopped);
  // A zero-length clip and non-finite input stay at the start.
  EXPECT_EQ(ik::advance_time(3.0f, 0.1f, 1.0f, 3.0f, 3.0f, true), 3.0f);
  EXPECT_EQ(ik::advance_time(1.0f, NAN, 1.0f, 0.0f, 2.0f, true), 0.0f);
}

TEST(ClipPlayback, StepForwardAndBackOnTheFrameGrid) {
  const float start = 0.0f, end = 1.01f, rate = 30.0f;
  // From a frame to the next; from between frames to the next frame.
  EXPECT_FLOAT_EQ(ik::step_frame(ik::time_of_frame(3, start, rate), 1, start, end, rate, false),
                  ik::time_of_frame(4, start, rate));
  EXPECT_FLOAT_EQ(ik::step_frame(3.5f / rate, 1, start, end, rate, false), 4.0f / rate);
  // Back from between frames: the start of its frame; from on a frame: the frame before.
  EXPECT_FLOAT_EQ(ik::step_frame(3.5f / rate, -1, start, end, rate, false), 3.0f / rate);
  EXPECT_FLOAT_EQ(ik::step_frame(ik::time_of_frame(3, start, rate), -1, start, end, rate, false), 2.0f / rate);
  // The last frame (30, at 1.0 s) steps to the end (1.01 s), and back from the end to frame 30.
  EXPECT_FLOAT_EQ(ik::step_frame(1.0f, 1, start, end, rate, false), end);
  EXPECT_FLOAT_EQ(ik::step_frame(end, -1, start, end, rate, false), 1.0f);
  // At the ends: stay, or wrap when looping.
  EXPECT_EQ(ik::step_frame(end, 1, start, end, rate, false), end);
  EXPECT_EQ(ik::step_frame(end, 1, start, end, rate, true), start);
  EXPECT_EQ(ik::step_frame(start, -1, start, end, rate, false), start);
  EXPECT_EQ(ik::step_frame(start, -1, start, end, rate, true), end);
}

TEST(ClipPlayback, StepsVisitEveryFrameOnce) {
  // 31 forward steps from the start of a 1 s clip at 30 fps visit frames 1..30 and the end.
  const float start = 2.0f, end = 3.0f, rate = 30.0f;
  float t = start;
  for (int f = 1; f <= 30; ++f) {
    t = ik::step_frame(t, 1, start, end, rate, false);
    EXPECT_EQ(ik::frame_at(t, start, rate), f);
  }
  EXPECT_FLOAT_EQ(t, end);
  for (int f = 29; f >= 0; --f) {
    t = ik::step_frame(t, -1, start, end, rate, false);
    EXPECT_EQ(ik::frame_at(t, start, rate), f);
  }
  EXPECT_EQ(t, start);
}

}  // namespace
