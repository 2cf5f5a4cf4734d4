// The everyday-pose suite (solvers/rig/everyday_poses.h; tests/support/everyday_pose_suite.h)
// for every solver that honours limits, on the generated rigs of each convention and rest
// pose: microseconds per solve (each solve from rest, the suite's poses in turn), and after
// the runs a table for BENCHMARKS.md: per solver, arm and leg poses reached, mean iterations
// and microseconds per solve.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <string>

#include "tests/support/everyday_pose_suite.h"

namespace {

// One pose of the suite as a solver takes it.
struct Case {
  const suite::Rig* rig;
  const ik::EverydayPose* pose;
  ik::Chain chain;
};

const std::vector<suite::Rig>& all_rigs() {
  static const std::vector<suite::Rig> rigs = suite::rigs();
  return rigs;
}

std::vector<Case> cases_for(int solver) {
  std::vector<Case> cases;
  for (const suite::Rig& rig : all_rigs())
    for (const ik::EverydayPose& p : rig.poses) {
      Case c{&rig, &p, {}};
      if (suite::not_applicable(rig, p, solver).empty() && suite::chain_for(rig, p, solver, c.chain))
        cases.push_back(c);
    }
  return cases;
}

std::map<int, double> microseconds_per_solve;  // by solver, from the last run

void BM_EverydayPoses(benchmark::State& state, int solver) {
  const std::vector<Case> cases = cases_for(solver);
  if (cases.empty()) {
    state.SkipWithError("no pose fits this solver");
    return;
  }
  ik::Workspace ws;
  std::vector<ik::Pose> rest;
  for (const Case& c : cases) rest.push_back(ik::rest_pose(c.rig->skeleton));
  ik::Pose pose;
  size_t i = 0;
  double seconds = 0.0;
  for (auto _ : state) {
    const Case& c = cases[i % cases.size()];
    state.PauseTiming();
    pose = rest[i % cases.size()];
    state.ResumeTiming();
    const auto start = std::chrono::steady_clock::now();
    const ik::SolveResult r = ik::solver_table()[solver].solve(c.rig->skeleton, c.chain, pose, ws, nullptr);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    benchmark::DoNotOptimize(r);
    ++i;
  }
  microseconds_per_solve[solver] = seconds * 1e6 / static_cast<double>(state.iterations());
  state.counters["us_per_solve"] = microseconds_per_solve[solver];
}

// Reached counts and mean iterations (not timed).
void print_table() {
  std::printf("\n| Solver | Arm poses reached | Leg poses reached | Mean iterations | µs per solve |\n");
  std::printf("|---|---|---|---|---|\n");
  ik::Workspace ws;
  ik::Pose scratch;
  for (int solver : suite::limit_solvers()) {
    int reached[2] = {0, 0}, tried[2] = {0, 0};
    double iterations = 0.0;
    for (const Case& c : cases_for(solver)) {
      const suite::Outcome o = suite::solve(*c.rig, *c.pose, c.chain, scratch, ws);
      const int limb = c.pose->limb == ik::Limb::arm ? 0 : 1;
      ++tried[limb];
      reached[limb] += o.reached ? 1 : 0;
      iterations += o.result.iterations;
    }
    const int total = tried[0] + tried[1];
    if (total == 0) continue;
    const auto us = microseconds_per_solve.find(solver);
    std::printf("| %s | %d of %d | %d of %d | %.1f | %.1f |\n", ik::solver_table()[solver].name, reached[0], tried[0],
                reached[1], tried[1], iterations / total, us == microseconds_per_solve.end() ? 0.0 : us->second);
  }
}

}  // namespace

int main(int argc, char** argv) {
  for (int solver : suite::limit_solvers())
    benchmark::RegisterBenchmark((std::string("BM_EverydayPoses/") + ik::solver_table()[solver].id).c_str(),
                                 BM_EverydayPoses, solver);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  print_table();
  benchmark::Shutdown();
  return 0;
}
