// CCD: cost per joint-iteration at N = 16 and N = 1024 (linear: the two within 1.3x),
// and the mean iteration count on a 10-joint chain for random reachable goals at a
// tolerance of 1e-3 x chain length. Results are reported as counters (solver_bench_util.h).
#include <benchmark/benchmark.h>

#include "bench/solver_bench_util.h"
#include "solvers/ik/ccd/ccd.h"

namespace {

// 16 iterations per solve, the per-solve set-up included.
void BM_JointIteration(benchmark::State& state) {
  ikbench::joint_iteration_cost(state, ik::solve_ccd, static_cast<int>(state.range(0)), state.range(1) != 0, 16);
}
BENCHMARK(BM_JointIteration)
    ->ArgNames({"N", "limits"})
    ->Args({16, 0})
    ->Args({1024, 0})
    ->Args({16, 1})
    ->Args({1024, 1});

// The FABRIK paper's table gives 26.3 mean iterations for CCD.
void BM_MeanIterations(benchmark::State& state) { ikbench::mean_iterations(state, ik::solve_ccd); }
BENCHMARK(BM_MeanIterations)->Iterations(1000);

}  // namespace

BENCHMARK_MAIN();
