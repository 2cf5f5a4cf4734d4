// The iteration loop's stall detector (solvers/ik/solver_common.h): progress is a new best
// error; an uphill first step (an overshoot, as DLS's first step from a warm pose pressed on
// a limit makes) does not count against the descent after it, while a solve that goes uphill
// later, or stays where it is, still stalls after kPatience idle iterations.
#include <gtest/gtest.h>

#include <vector>

#include "solvers/ik/solver_common.h"

namespace {

// Runs iterate_until_done over the errors given (one per step, then the last one again).
ik::LoopOutcome run(float initial, const std::vector<float>& errors, int max_iterations = 32) {
  size_t next = 0;
  const auto step = [&]() { return errors[next < errors.size() ? next++ : errors.size() - 1]; };
  return ik::iterate_until_done(max_iterations, 1e-3f, initial, step, [](float) {});
}

TEST(StallDetector, AnUphillFirstStepThenADescentIsProgress) {
  // DLS on the cleaned CMU walk's wide stance, the foot's orientation past the ankle's range:
  // 0.21 before the first step, 0.54 after it, then 12 % less each step. Counted from 0.21 the
  // four steps after the first were "no progress" and the solve stopped at 0.36, worse than
  // it started; the next frame, warm from there, went down to 0.13 -- frame after frame.
  std::vector<float> errors{0.54f};
  while (errors.size() < 16) errors.push_back(errors.back() * 0.88f);
  const ik::LoopOutcome out = run(0.21f, errors, 16);
  EXPECT_EQ(out.iterations, 16);
  EXPECT_FALSE(out.stalled);
  EXPECT_LT(out.error, 0.21f);
}

TEST(StallDetector, AnErrorThatStopsFallingStalls) {
  const ik::LoopOutcome flat = run(0.2f, {0.2f});
  EXPECT_TRUE(flat.stalled);
  EXPECT_EQ(flat.iterations, ik::StallDetector::kPatience);
  // Uphill first, then no lower than that: the first step and kPatience more.
  const ik::LoopOutcome stuck = run(0.2f, {0.5f, 0.5f});
  EXPECT_TRUE(stuck.stalled);
  EXPECT_EQ(stuck.iterations, 1 + ik::StallDetector::kPatience);
  // Down first, then uphill: measured from the best, as before.
  const ik::LoopOutcome up_later = run(0.2f, {0.1f, 0.3f, 0.25f, 0.2f, 0.15f, 0.12f});
  EXPECT_TRUE(up_later.stalled);
  EXPECT_EQ(up_later.iterations, 1 + ik::StallDetector::kPatience);
}

TEST(StallDetector, WithinTheToleranceStops) {
  const ik::LoopOutcome out = run(0.2f, {0.5f, 0.1f, 1e-4f});
  EXPECT_FALSE(out.stalled);
  EXPECT_EQ(out.iterations, 3);
}

}  // namespace
