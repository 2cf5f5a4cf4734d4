// Analytic two-bone and three-bone: time per solve (target: two-bone <= 50 ns), toward
// random reachable goals, for a limb at the model root and for one under four ancestors
// (whose world transform each solve composes).
#include <benchmark/benchmark.h>

#include "bench/ozz_two_bone_bench.h"
#include "bench/solver_bench_util.h"
#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/workspace.h"

namespace {

using Solve = ik::SolveResult (*)(const ik::Skeleton&, const ik::Chain&, ik::Pose&, ik::Workspace&, ik::Trace*);

// A chain of `ancestors + bones + 1` joints; the limb is its last bones + 1 joints.
void solve_limb(benchmark::State& state, Solve solve, int bones, int ancestors) {
  const int joints = ancestors + bones + 1;
  const ik::Skeleton s = ikbench::chain(joints);
  const std::vector<glm::vec3> goals = ikbench::reachable_goals(s, ancestors, joints - 1, 256, 3);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::Chain chain;
  chain.root = ancestors;
  chain.effector = joints - 1;
  chain.goal.up = glm::normalize(glm::vec3(0.3f, 1.0f, 0.2f));
  size_t g = 0;
  for (auto _ : state) {
    chain.goal.position = goals[g++ % goals.size()];
    const ik::SolveResult r = solve(s, chain, pose, ws, nullptr);
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(pose.local.data());
  }
}

void BM_TwoBone(benchmark::State& state) { solve_limb(state, ik::solve_two_bone, 2, 0); }
void BM_TwoBoneUnderFourAncestors(benchmark::State& state) { solve_limb(state, ik::solve_two_bone, 2, 4); }
void BM_ThreeBone(benchmark::State& state) { solve_limb(state, ik::solve_three_bone, 3, 0); }
BENCHMARK(BM_TwoBone);
BENCHMARK(BM_TwoBoneUnderFourAncestors);
BENCHMARK(BM_ThreeBone);

}  // namespace

// Google Benchmark's main, with ozz-animation's two-bone job timed and checked beside
// ikscope's (BM_TwoBonePeers_*, bench/ozz_two_bone_bench.h).
int main(int argc, char** argv) { return ikbench::run_benchmarks_with_two_bone_peers(argc, argv); }
