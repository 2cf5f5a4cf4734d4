// The frame pacer (app/platform/frame_pacer.h): interactive frames at most at the display's
// rate, without a burst after a late frame. Only lower bounds on time are checked (a sleep
// never ends early; a loaded machine only makes the waits longer).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/platform/frame_pacer.h"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

TEST(FramePacer, TenFramesAtOneHundredHertzTakeNinetyMillisecondsAtLeast) {
  app::FramePacer pacer(100.0);
  pacer.wait();  // the first frame begins at once
  const Clock::time_point start = Clock::now();
  for (int frame = 0; frame < 9; ++frame) pacer.wait();
  EXPECT_GE(ms_since(start), 89.0);
}

TEST(FramePacer, AFrameAfterALateOneIsStillPacedFromTheLateOne) {
  app::FramePacer pacer(100.0);
  pacer.wait();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // five intervals late
  pacer.wait();  // late: it begins at once
  const Clock::time_point after_late = Clock::now();
  pacer.wait();  // one interval after the late frame, not at once to catch up
  EXPECT_GE(ms_since(after_late), 9.0);
}

TEST(FramePacer, NoRateNeverSleeps) {
  app::FramePacer unpaced;  // batch runs
  const Clock::time_point start = Clock::now();
  for (int frame = 0; frame < 1000; ++frame) unpaced.wait();
  EXPECT_LT(ms_since(start), 1000.0);  // a thousand 60 Hz frames would take 16 s
}

}  // namespace
