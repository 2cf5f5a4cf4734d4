// One animation frame of the built-in humanoid (assets/humanoid.gltf): its four limb
// chains (shoulder -> hand_end, thigh -> toe_end: 4 bones each, 16 in all) follow goals
// that move every frame, 8 iterations per chain, warm started from the last frame, solved
// by the scene solve (DFS order, locking). One benchmark per solver, named
// BM_HumanoidFrame/<solver>_<limits or no_limits>; its per_frame counter is the time of one
// frame (all four chains). Issue 3's goal is 10 us per frame; the program suggests DLS with
// joint limits for every chain, so dls_limits is the figure that matters most.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>

#include "io/gltf_import.h"
#include "solvers/scene_solve.h"
#include "solvers/solver_table.h"
#include "solvers/workspace.h"

namespace {

const ik::Skeleton& humanoid() {
  static const ik::Skeleton skeleton = [] {
    ik::ImportedRig rig;
    std::string error;
    if (!ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig,
                              error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      std::abort();
    }
    return rig.skeleton;
  }();
  return skeleton;
}

int joint(const ik::Skeleton& s, const char* name) {
  const int i = ik::find_joint(s, name);
  if (i >= 0) return i;
  std::fprintf(stderr, "no joint %s\n", name);
  std::abort();
}

void BM_HumanoidFrame(benchmark::State& state, const char* solver, bool use_limits) {
  const ik::Skeleton& s = humanoid();
  const char* limbs[4][2] = {{"LeftShoulder", "LeftHand_end"},
                             {"RightShoulder", "RightHand_end"},
                             {"LeftThigh", "LeftToe_end"},
                             {"RightThigh", "RightToe_end"}};
  std::vector<ik::Chain> chains(4);
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  std::vector<glm::vec3> rest_goal(4);
  for (int c = 0; c < 4; ++c) {
    ik::Chain& chain = chains[static_cast<size_t>(c)];
    chain.root = joint(s, limbs[c][0]);
    chain.effector = joint(s, limbs[c][1]);
    chain.solver = ik::find_solver(solver);
    chain.params.max_iterations = 8;
    chain.params.tolerance = 0.0f;  // always the full 8 iterations (unless stalled)
    chain.params.use_limits = use_limits;
    rest_goal[static_cast<size_t>(c)] = ik::position_of(world[static_cast<size_t>(chain.effector)]);
  }
  ik::Pose pose = ik::rest_pose(s);
  ik::Workspace ws;
  std::vector<ik::SolveResult> results;
  int frame = 0;
  double iterations = 0.0;
  for (auto _ : state) {
    // Each goal circles 10 cm around the effector's rest position, a lap every 2 s at 60 Hz.
    const float t = static_cast<float>(frame++) * (6.2831853f / 120.0f);
    for (int c = 0; c < 4; ++c)
      chains[static_cast<size_t>(c)].goal.position =
          rest_goal[static_cast<size_t>(c)] +
          0.1f * glm::vec3(std::cos(t + c), std::sin(t + c), 0.5f * std::sin(2.0f * t));
    ik::solve_scene(s, chains, pose, ws, results);
    benchmark::DoNotOptimize(pose.local.data());
    for (const ik::SolveResult& r : results) iterations += r.iterations;
  }
  state.counters["per_frame"] =
      benchmark::Counter(static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["iterations_per_chain"] =
      benchmark::Counter(iterations / 4.0, benchmark::Counter::kAvgIterations);
}
BENCHMARK_CAPTURE(BM_HumanoidFrame, fabrik_limits, "fabrik", true);
BENCHMARK_CAPTURE(BM_HumanoidFrame, fabrik_no_limits, "fabrik", false);
BENCHMARK_CAPTURE(BM_HumanoidFrame, ccd_limits, "ccd", true);
BENCHMARK_CAPTURE(BM_HumanoidFrame, jacobian_transpose_limits, "jacobian_transpose", true);
BENCHMARK_CAPTURE(BM_HumanoidFrame, dls_limits, "dls", true);
BENCHMARK_CAPTURE(BM_HumanoidFrame, mass_spring_limits, "mass_spring", true);

}  // namespace

BENCHMARK_MAIN();
