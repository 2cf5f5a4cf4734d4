// Jacobian transpose, DLS and CCD -> DLS: cost per joint-iteration at N = 16 and
// N = 1024 (linear per iteration: the two within 1.3x), and mean iteration counts on a
// 10-joint chain for random reachable goals at a tolerance of 1e-3 x chain length.
// Results are reported as counters.
#include <benchmark/benchmark.h>

#include "bench/solver_bench_util.h"
#include "solvers/ik/jacobian/ccd_dls.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/workspace.h"

namespace {

using Solve = ik::SolveResult (*)(const ik::Skeleton&, const ik::Chain&, ik::Pose&, ik::Workspace&, ik::Trace*);

ik::Chain chain_of(int joints, int max_iterations, float tolerance) {
  ik::Chain chain;
  chain.root = 0;
  chain.effector = joints - 1;
  chain.params.max_iterations = max_iterations;
  chain.params.tolerance = tolerance;
  chain.params.warm_start = false;  // every solve from rest: no copy of the pose between runs
  return chain;
}

// Cold-started solves of at most 8 iterations toward reachable goals with no tolerance:
// the iterations run until the error stops improving.
// per_joint_iteration = time / (iterations run * joints), the per-solve set-up included.
void joint_iteration(benchmark::State& state, Solve solve) {
  const int n = static_cast<int>(state.range(0));
  const ik::Skeleton s = ikbench::chain(n);
  const std::vector<glm::vec3> goals = ikbench::reachable_goals(s, 0, n - 1, 64, 7, 0.3f);
  ikbench::time_joint_iterations(state, solve, s, chain_of(n, 8, 0.0f), goals);
}

void BM_JacobianTransposeJointIteration(benchmark::State& state) {
  joint_iteration(state, ik::solve_jacobian_transpose);
}
void BM_DlsJointIteration(benchmark::State& state) { joint_iteration(state, ik::solve_dls); }
BENCHMARK(BM_JacobianTransposeJointIteration)->ArgName("N")->Arg(16)->Arg(1024);
BENCHMARK(BM_DlsJointIteration)->ArgName("N")->Arg(16)->Arg(1024);

// Mean iterations to reach random reachable goals on a 10-joint chain from rest, at the
// default tolerance (1e-3 x chain length) and lambda (ikbench::mean_iterations: the same
// goals as bench_fabrik's and bench_ccd's). The FABRIK paper's table gives 999 for its DLS.
using ikbench::mean_iterations;

void BM_DlsMeanIterations(benchmark::State& state) { mean_iterations(state, ik::solve_dls); }
void BM_JacobianTransposeMeanIterations(benchmark::State& state) {
  mean_iterations(state, ik::solve_jacobian_transpose);
}
void BM_CcdDlsMeanIterations(benchmark::State& state) { mean_iterations(state, ik::solve_ccd_dls); }
BENCHMARK(BM_DlsMeanIterations)->Iterations(1000);
BENCHMARK(BM_JacobianTransposeMeanIterations)->Iterations(1000);
BENCHMARK(BM_CcdDlsMeanIterations)->Iterations(1000);

// The singular values of a 16-joint chain's Jacobian (the UI computes them every frame).
void BM_JacobianSpectrum(benchmark::State& state) {
  const ik::Skeleton s = ikbench::chain(16);
  const ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  const ik::Chain chain = chain_of(16, 16, 1e-3f);
  ik::JacobianSpectrum spectrum;
  for (auto _ : state) {
    ik::jacobian_spectrum(s, chain, pose, ws, spectrum);
    benchmark::DoNotOptimize(spectrum);
  }
}
BENCHMARK(BM_JacobianSpectrum);

}  // namespace

BENCHMARK_MAIN();
