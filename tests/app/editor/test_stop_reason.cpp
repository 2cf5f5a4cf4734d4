// The stop reason the panels show agrees with the iteration count and the limit, and with the
// goal's parts read from the pose (a reached position with its orientation short reads
// "position reached", not "stalled"; a solver that ignores the orientation never reads the
// plain "reached").
#include <gtest/gtest.h>

#include "app/editor/stop_reason.h"
#include "solvers/scene/solver_table.h"

namespace {

const ik::SolverInfo& solver(const char* id) { return ik::solver_table()[ik::find_solver(id)]; }

TEST(StopReason, MassSpringOutOfTimeIsStillSettlingNotMaxIterations) {
  ik::Params p;
  ik::SolveResult r;
  r.status = ik::SolveStatus::max_iterations;
  r.iterations = 4;
  r.error = 0.5f;
  const app::StopReason s = app::describe_stop(solver("mass_spring"), p, r);
  EXPECT_EQ(s.status, "still settling");
  EXPECT_NE(s.detail.find("4 substeps"), std::string::npos) << s.detail;
  EXPECT_EQ(s.detail.find("of 16"), std::string::npos) << s.detail;
}

TEST(StopReason, IterativeSolversNameTheLimit) {
  ik::Params p;
  p.max_iterations = 16;
  ik::SolveResult r;
  r.status = ik::SolveStatus::max_iterations;
  r.iterations = 16;
  r.error = 0.5f;
  const app::StopReason s = app::describe_stop(solver("dls"), p, r);
  EXPECT_EQ(s.status, "max iterations");
  EXPECT_NE(s.detail.find("after 16 of 16 iterations"), std::string::npos) << s.detail;
}

TEST(StopReason, SplineIsOnePassAndEndsWithItsNote) {
  ik::SolveResult r;
  r.status = ik::SolveStatus::unreachable;
  r.iterations = 1;
  r.error = 0.25f;
  r.note = "the curve is longer than the chain: the chain ends short of the goal";
  const app::StopReason s = app::describe_stop(solver("spline"), ik::Params{}, r);
  EXPECT_EQ(s.status, "unreachable");
  EXPECT_NE(s.detail.find("in one pass, error 0.25: the curve is longer"), std::string::npos) << s.detail;
  EXPECT_EQ(s.detail.find("of 16"), std::string::npos) << s.detail;
  r.note = nullptr;
  EXPECT_EQ(app::describe_stop(solver("spline"), ik::Params{}, r).detail.find(':'), std::string::npos);
}

TEST(StopReason, ConvergedWithoutIterating) {
  ik::SolveResult r;
  r.status = ik::SolveStatus::reached;
  r.iterations = 0;
  EXPECT_NE(app::describe_stop(solver("fabrik"), ik::Params{}, r).detail.find("already within tolerance"),
            std::string::npos);
}

ik::Skeleton two_joints() {
  ik::Skeleton s;
  s.parent = {-1, 0};
  s.name = {"Leg", "Foot"};
  return s;
}

TEST(StopReason, APositionReachedWithTheOrientationShortIsNotStalled) {
  ik::SolveResult r;
  r.status = ik::SolveStatus::stalled;
  r.iterations = 16;
  r.error = 0.41f;
  ik::GoalReading reading;
  reading.position = ik::GoalPart::reached;
  reading.position_error = 0.004f;
  reading.orientation = ik::GoalPart::short_of;
  reading.orientation_degrees = 23.2f;
  reading.limiting_joint = 1;
  const app::StopReason s = app::describe_stop(solver("dls"), ik::Params{}, r, reading, two_joints());
  EXPECT_EQ(s.status, "position reached");
  EXPECT_TRUE(s.partial);
  EXPECT_EQ(s.parts, "(0.004) · orientation 23° short: Foot at its limit");
  EXPECT_EQ(s.detail, "after 16 of 16 iterations, error 0.41");
}

TEST(StopReason, ASolverThatIgnoresTheOrientationIsNotPlainReached) {
  ik::SolveResult r;
  r.status = ik::SolveStatus::reached;
  r.iterations = 3;
  r.error = 1e-4f;
  ik::GoalReading reading;
  reading.position = ik::GoalPart::reached;
  reading.position_error = 1e-4f;
  reading.orientation = ik::GoalPart::not_supported;
  const app::StopReason s = app::describe_stop(solver("fabrik"), ik::Params{}, r, reading, two_joints());
  EXPECT_EQ(s.status, "position reached");
  EXPECT_TRUE(s.partial);
  EXPECT_EQ(s.parts, "(0.0001) · orientation not supported");
}

TEST(StopReason, TheWholeGoalReachedAndPositionOnlyGoalsReadAsBefore) {
  ik::SolveResult r;
  r.status = ik::SolveStatus::reached;
  r.iterations = 3;
  r.error = 1e-4f;
  ik::GoalReading position_only;
  position_only.position = ik::GoalPart::reached;
  const app::StopReason plain = app::describe_stop(solver("dls"), ik::Params{}, r);
  const app::StopReason read = app::describe_stop(solver("dls"), ik::Params{}, r, position_only, two_joints());
  EXPECT_EQ(read.status, plain.status);
  EXPECT_EQ(read.detail, plain.detail);
  EXPECT_EQ(read.parts, "");
  EXPECT_FALSE(read.partial);
  ik::GoalReading both = position_only;
  both.orientation = ik::GoalPart::reached;
  both.orientation_degrees = 0.2f;
  const app::StopReason whole = app::describe_stop(solver("dls"), ik::Params{}, r, both, two_joints());
  EXPECT_EQ(whole.status, "reached");
  EXPECT_FALSE(whole.partial);
  EXPECT_EQ(whole.parts, "") << "the whole goal reached: nothing to add";
  // The position short: the solver's word stays, the parts lead the detail.
  r.status = ik::SolveStatus::stalled;
  ik::GoalReading short_position = both;
  short_position.position = ik::GoalPart::short_of;
  short_position.position_error = 0.05f;
  const app::StopReason stalled = app::describe_stop(solver("dls"), ik::Params{}, r, short_position, two_joints());
  EXPECT_EQ(stalled.status, "stalled");
  EXPECT_EQ(stalled.parts, "position short (0.05) · orientation reached (0.2°)");
  EXPECT_FALSE(stalled.partial);
}

}  // namespace
