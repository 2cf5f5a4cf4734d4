// FABRIK: cost per joint-iteration at N = 16 and N = 1024 (linear: the two within 1.3x),
// and the mean iteration count on a 10-joint chain for random reachable goals at a
// tolerance of 1e-3 x chain length. Results are reported as counters.
#include <benchmark/benchmark.h>

#include "bench/solver_bench_util.h"
#include "solvers/fabrik.h"

namespace {

// Cold-started solves (every solve begins at rest, so no copy is needed between runs) of
// 16 iterations with no tolerance toward goals at 99.9% of the chain's length in random
// directions: the chain, coiled at rest, has to unroll almost straight, so every iteration
// does work and the error keeps falling (an easier goal is met in 2 or 3 iterations).
// per_joint_iteration = time / (iterations run * joints), the per-solve set-up (validation,
// forward kinematics, the rotations rebuilt at the end) included: the figure.
// The extra row of 48 iterations (the stall test ends some solves a little earlier) shows
// how much of it is set-up: the cost of the iterations alone is
//   (time(48) - time(16)) / ((iterations_per_solve(48) - 16) * N).
void BM_JointIteration(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const bool limits = state.range(1) != 0;
  const int max_iterations = static_cast<int>(state.range(2));
  ik::Skeleton s = ikbench::chain(n);
  if (limits)
    for (int j = 0; j + 1 < n; ++j) {
      s.limits[static_cast<size_t>(j)].enabled = true;
      s.limits[static_cast<size_t>(j)].min = glm::vec3(-1.0f);
      s.limits[static_cast<size_t>(j)].max = glm::vec3(1.0f);
    }
  std::mt19937 rng(7);
  std::vector<glm::vec3> goals;
  for (int i = 0; i < 64; ++i)
    goals.push_back(ikbench::random_unit(rng) * (0.999f * static_cast<float>(n - 1)));
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::Chain chain;
  chain.root = 0;
  chain.effector = n - 1;
  chain.params.max_iterations = max_iterations;
  chain.params.tolerance = 0.0f;
  chain.params.warm_start = false;
  double joint_iterations = 0.0;
  size_t g = 0;
  for (auto _ : state) {
    chain.goal.position = goals[g++ % goals.size()];
    const ik::SolveResult r = ik::solve_fabrik(s, chain, pose, ws, nullptr);
    benchmark::DoNotOptimize(pose.local.data());
    joint_iterations += static_cast<double>(r.iterations) * n;
  }
  state.counters["per_joint_iteration"] = benchmark::Counter(
      joint_iterations, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["iterations_per_solve"] =
      benchmark::Counter(joint_iterations / n, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_JointIteration)
    ->ArgNames({"N", "limits", "iterations"})
    ->Args({16, 0, 16})
    ->Args({1024, 0, 16})
    ->Args({16, 1, 16})
    ->Args({1024, 1, 16})
    ->Args({1024, 0, 48});

// Mean iterations to reach random reachable goals on a 10-joint chain from rest, at the
// default tolerance (1e-3 x chain length). The FABRIK paper's table gives 15.5.
void BM_MeanIterations(benchmark::State& state) {
  const ik::Skeleton s = ikbench::chain(10);
  const std::vector<glm::vec3> goals = ikbench::reachable_goals(s, 0, 9, 1000, 11, 3.14159f);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::Chain chain;
  chain.root = 0;
  chain.effector = 9;
  chain.params.max_iterations = 1000;
  chain.params.warm_start = false;
  double iterations = 0.0, reached = 0.0;
  size_t g = 0;
  for (auto _ : state) {
    chain.goal.position = goals[g++ % goals.size()];
    const ik::SolveResult r = ik::solve_fabrik(s, chain, pose, ws, nullptr);
    iterations += r.iterations;
    reached += r.status == ik::SolveStatus::reached ? 1.0 : 0.0;
  }
  state.counters["mean_iterations"] =
      benchmark::Counter(iterations, benchmark::Counter::kAvgIterations);
  state.counters["reached_fraction"] =
      benchmark::Counter(reached, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_MeanIterations)->Iterations(1000);

}  // namespace

BENCHMARK_MAIN();
