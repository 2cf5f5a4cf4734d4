// FABRIK: cost per joint-iteration at N = 16 and N = 1024 (linear: the two within 1.3x;
// goal: <= 15 ns at N = 1024, 16 iterations, set-up included), and the mean iteration count
// on a 10-joint chain for random reachable goals at a tolerance of 1e-3 x chain length.
// Results are reported as counters (solver_bench_util.h).
#include <benchmark/benchmark.h>

#include "bench/solver_bench_util.h"
#include "solvers/ik/fabrik/fabrik.h"

namespace {

// The extra row of 48 iterations (the stall test ends some solves a little earlier) shows
// how much of the cost is set-up (validation, forward kinematics, the rotations rebuilt at
// the end): the cost of the iterations alone is
//   (time(48) - time(16)) / ((iterations_per_solve(48) - iterations_per_solve(16)) * N).
void BM_JointIteration(benchmark::State& state) {
  ikbench::joint_iteration_cost(state, ik::solve_fabrik, static_cast<int>(state.range(0)), state.range(1) != 0,
                                static_cast<int>(state.range(2)));
}
BENCHMARK(BM_JointIteration)
    ->ArgNames({"N", "limits", "iterations"})
    ->Args({16, 0, 16})
    ->Args({1024, 0, 16})
    ->Args({16, 1, 16})
    ->Args({1024, 1, 16})
    ->Args({1024, 0, 48});

// The FABRIK paper's table gives 15.5 mean iterations.
void BM_MeanIterations(benchmark::State& state) { ikbench::mean_iterations(state, ik::solve_fabrik); }
BENCHMARK(BM_MeanIterations)->Iterations(1000);

}  // namespace

BENCHMARK_MAIN();
