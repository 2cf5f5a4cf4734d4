// The stop reason the panels show agrees with the iteration count and the limit.
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

}  // namespace
