// Rigs and goals for the solver benchmarks (header only; fixed seeds).
#pragma once

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ikbench {

// A chain of `joints` joints, unit bones along each parent's +Y, the rest pose bent by
// `bend` radians per joint about an axis near X (the last joint is "*_end": no tip added).
// Joint 0 is the chain root, joints - 1 the effector.
inline ik::Skeleton chain(int joints, float bend = 0.25f) {
  ik::RawSkeleton raw;
  raw.joints.resize(static_cast<size_t>(joints));
  const glm::vec3 axis = glm::normalize(glm::vec3(1.0f, 0.0f, 0.35f));
  for (int i = 0; i < joints; ++i) {
    ik::RawJoint& j = raw.joints[static_cast<size_t>(i)];
    j.name = i + 1 == joints ? "chain_end" : "chain" + std::to_string(i);
    j.parent = i - 1;
    j.rest.translation = i == 0 ? glm::vec3(0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
    j.rest.rotation = glm::angleAxis(bend, axis);
  }
  ik::Skeleton s;
  std::string error;
  if (!ik::build_skeleton(raw, s, error)) std::abort();
  return s;
}

inline glm::vec3 random_unit(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (;;) {
    const glm::vec3 v{u(rng), u(rng), u(rng)};
    const float l = glm::length(v);
    if (l > 0.05f && l <= 1.0f) return v / l;
  }
}

// Goals the chain can reach: the effector of random poses (each joint turned from rest by
// up to `max_angle` about a random axis).
inline std::vector<glm::vec3> reachable_goals(const ik::Skeleton& s, int root, int effector,
                                              int count, unsigned seed, float max_angle = 1.2f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> angle(-max_angle, max_angle);
  std::vector<glm::vec3> goals;
  std::vector<glm::mat4> world;
  for (int i = 0; i < count; ++i) {
    ik::Pose pose = ik::rest_pose(s);
    for (int j = effector; j >= root; j = s.parent[static_cast<size_t>(j)]) {
      const float turn = angle(rng);  // drawn before the axis: argument order is unspecified
      pose.local[static_cast<size_t>(j)].rotation =
          s.rest[static_cast<size_t>(j)].rotation * glm::angleAxis(turn, random_unit(rng));
    }
    ik::fk_all(s, pose, world);
    goals.push_back(ik::position_of(world[static_cast<size_t>(effector)]));
  }
  return goals;
}

// A solver's signature (chain.h).
using SolveFunction = ik::SolveResult (*)(const ik::Skeleton&, const ik::Chain&, ik::Pose&, ik::Workspace&,
                                          ik::Trace*);

// Solves `chain` toward `goals` in turn (one per benchmark iteration) from the rest pose
// and reports per_joint_iteration = time / (iterations run * joints of the skeleton), the
// per-solve set-up included, and iterations_per_solve. The chain should be cold-started
// (warm_start false), so every solve does the same work and no pose copy is timed.
inline void time_joint_iterations(benchmark::State& state, SolveFunction solve, const ik::Skeleton& s,
                                  ik::Chain chain, const std::vector<glm::vec3>& goals) {
  const int n = s.joint_count();
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  double joint_iterations = 0.0;
  size_t g = 0;
  for (auto _ : state) {
    chain.goal.position = goals[g++ % goals.size()];
    const ik::SolveResult r = solve(s, chain, pose, ws, nullptr);
    benchmark::DoNotOptimize(pose.local.data());
    joint_iterations += static_cast<double>(r.iterations) * n;
  }
  // An inverted rate prints as a time per joint-iteration.
  state.counters["per_joint_iteration"] =
      benchmark::Counter(joint_iterations, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["iterations_per_solve"] = benchmark::Counter(joint_iterations / n, benchmark::Counter::kAvgIterations);
}

// Cost per joint-iteration (the linearity goal and FABRIK's ns goal): cold-started solves
// (every solve begins at rest, so no copy is needed between runs) of `max_iterations` with
// no tolerance toward goals at 99.9% of the chain's length in random directions: the chain,
// coiled at rest, has to unroll almost straight, so every iteration does work and the error
// keeps falling (an easier goal is met in 2 or 3 iterations). With `limits`, every joint
// but the last is limited to [-1, 1] rad per axis. Counters: per_joint_iteration = time /
// (iterations run * joints), the per-solve set-up included; iterations_per_solve.
inline void joint_iteration_cost(benchmark::State& state, SolveFunction solve, int n, bool limits,
                                 int max_iterations) {
  ik::Skeleton s = chain(n);
  if (limits)
    for (int j = 0; j + 1 < n; ++j) {
      s.limits[static_cast<size_t>(j)].enabled = true;
      s.limits[static_cast<size_t>(j)].min = glm::vec3(-1.0f);
      s.limits[static_cast<size_t>(j)].max = glm::vec3(1.0f);
    }
  std::mt19937 rng(7);
  std::vector<glm::vec3> goals;
  for (int i = 0; i < 64; ++i) goals.push_back(random_unit(rng) * (0.999f * static_cast<float>(n - 1)));
  ik::Chain c;
  c.root = 0;
  c.effector = n - 1;
  c.params.max_iterations = max_iterations;
  c.params.tolerance = 0.0f;
  c.params.warm_start = false;
  time_joint_iterations(state, solve, s, c, goals);
}

// Mean iterations to reach random reachable goals on a 10-joint chain from rest, at the
// default tolerance (1e-3 x chain length), at most 1000 iterations. Counters:
// mean_iterations, reached_fraction.
inline void mean_iterations(benchmark::State& state, SolveFunction solve) {
  const ik::Skeleton s = chain(10);
  const std::vector<glm::vec3> goals = reachable_goals(s, 0, 9, 1000, 11, 3.14159f);
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  ik::Chain c;
  c.root = 0;
  c.effector = 9;
  c.params.max_iterations = 1000;
  c.params.warm_start = false;
  double iterations = 0.0, reached = 0.0;
  size_t g = 0;
  for (auto _ : state) {
    c.goal.position = goals[g++ % goals.size()];
    const ik::SolveResult r = solve(s, c, pose, ws, nullptr);
    iterations += r.iterations;
    reached += r.status == ik::SolveStatus::reached ? 1.0 : 0.0;
  }
  state.counters["mean_iterations"] = benchmark::Counter(iterations, benchmark::Counter::kAvgIterations);
  state.counters["reached_fraction"] = benchmark::Counter(reached, benchmark::Counter::kAvgIterations);
}

}  // namespace ikbench
