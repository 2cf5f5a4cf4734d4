// Spline IK: one solve of a 32-bone chain (33 joints) along a curve through 2 and 6 control
// points, with and without joint limits (limits take the general rotation rebuild), the target
// being 5 us a solve (the Time column is per solve). The control points move a little between solves, as a drag moves them,
// from a fixed set (seeded), so no two consecutive solves are the same.
#include <benchmark/benchmark.h>

#include <random>

#include "bench/solver_bench_util.h"
#include "solvers/ik/spline/spline.h"

namespace {

void BM_SplineSolve(benchmark::State& state) {
  const int bones = static_cast<int>(state.range(0));
  const int points = static_cast<int>(state.range(1));
  const bool limits = state.range(2) != 0;
  ik::Skeleton s = ikbench::chain(bones + 1, 0.05f);
  if (limits)
    for (int j = 0; j < bones; ++j) {
      ik::JointLimits& l = s.limits[static_cast<size_t>(j)];
      l.enabled = true;
      l.min = glm::vec3(-0.8f);
      l.max = glm::vec3(0.8f);
    }
  const ik::Pose rest = ik::rest_pose(s);
  std::vector<glm::mat4> world;
  ik::fk_all(s, rest, world);
  // Curves through the chain's own pose, each point pushed aside by up to a tenth of the chain.
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> push(-0.1f * static_cast<float>(bones), 0.1f * static_cast<float>(bones));
  std::vector<ik::Chain> chains(64);
  for (ik::Chain& chain : chains) {
    chain.root = 0;
    chain.effector = bones;
    chain.params.use_limits = limits;
    chain.spline_points = ik::default_spline_points(s, world, 0, bones, points);
    for (glm::vec3& p : chain.spline_points) p += glm::vec3{push(rng), push(rng), push(rng)};
    chain.goal.position = ik::position_of(world[static_cast<size_t>(bones)]) + glm::vec3{push(rng), 0.0f, push(rng)};
  }
  ik::Pose pose = rest;
  ik::Workspace workspace;
  size_t next = 0;
  for (auto _ : state) {
    const ik::SolveResult r = ik::solve_spline(s, chains[next], pose, workspace, nullptr);
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(pose.local.data());
    next = (next + 1) % chains.size();
  }
}
BENCHMARK(BM_SplineSolve)
    ->ArgNames({"bones", "points", "limits"})
    ->Args({32, 2, 0})
    ->Args({32, 6, 0})
    ->Args({32, 2, 1})
    ->Args({8, 2, 0});

}  // namespace

BENCHMARK_MAIN();
