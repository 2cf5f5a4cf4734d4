// One animation frame of the built-in humanoid (assets/humanoid.gltf).
//
// BM_HumanoidFrame/<solver>_<limits or no_limits>: its four limb chains (shoulder ->
// hand_end, thigh -> toe_end: 4 bones each, 16 in all) follow goals that move every frame,
// 8 iterations per chain, warm started from the last frame, solved by the scene solve (DFS
// order, locking). Its per_frame counter is the time of one frame (all four chains). Issue
// 3's goal is 10 us per frame; the program suggests DLS with joint limits for every chain,
// so dls_limits is the figure that matters most.
//
// BM_ProgramFrame/<program or library>: the chains exactly as the program sets them up when
// it opens the humanoid (ik::suggest_chains with DLS and default Params, as app/editor/editor.cpp
// does), every goal on its own circle. "program" runs the program's per-frame step,
// ik::solve_frame (every chain traced, chain 0 -- the one the program selects -- recording
// poses, the traces that iterated kept, each chain timed); "library" solves the same chains
// on the same goals with ik::solve_scene, untraced. BM_ProgramFrameRatio runs the two
// alternately on identical input and reports program_us, library_us and their ratio (the
// cost of what the program keeps for its panels; the goal is at most 1.2).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

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

// ---- The program's frame against the library's ------------------------------------------

// The humanoid's chains as the program suggests them when it opens the rig, and the goals'
// path: each goal on its own circle (10 cm for limbs of three bones or more, 4 cm for the
// spine and the head), a turn every 120 frames (2 s at 60 Hz), phases spread.
struct ProgramScene {
  std::vector<ik::Chain> chains;
  std::vector<glm::vec3> start_goals;

  ProgramScene() {
    const ik::Skeleton& s = humanoid();
    const int dls = ik::find_solver("dls");
    chains = ik::suggest_chains(s, ik::rest_pose(s), dls >= 0 ? dls : 0);
    for (const ik::Chain& c : chains) start_goals.push_back(c.goal.position);
  }

  void move_goals(int frame) {
    const float turn = static_cast<float>(frame) * (6.2831853f / 120.0f);
    for (size_t c = 0; c < chains.size(); ++c) {
      const bool limb = chains[c].effector - chains[c].root >= 3;
      const float radius = limb ? 0.10f : 0.04f;
      const float phase = turn + 1.3f * static_cast<float>(c);
      chains[c].goal.position =
          start_goals[c] +
          radius * glm::vec3(std::cos(phase), std::sin(phase), 0.5f * std::sin(2.0f * phase));
    }
  }
};

// The library: the chains solved untraced.
struct LibraryFrame {
  ik::Pose pose = ik::rest_pose(humanoid());
  ik::Workspace workspace;
  std::vector<ik::SolveResult> results;
  void solve(const std::vector<ik::Chain>& chains) {
    ik::solve_scene(humanoid(), chains, pose, workspace, results);
  }
};

// The program: its per-frame step, chain 0 inspected (the program selects the first chain).
struct ProgramFrame {
  ik::Pose pose = ik::rest_pose(humanoid());
  ik::Workspace workspace;
  ik::FrameSolve frame;
  void solve(const std::vector<ik::Chain>& chains) {
    ik::solve_frame(humanoid(), chains, 0, pose, workspace, frame);
  }
};

template <typename Frame>
void BM_ProgramFrame(benchmark::State& state) {
  ProgramScene scene;
  Frame solver;
  int frame = 0;
  for (auto _ : state) {
    scene.move_goals(frame++);
    solver.solve(scene.chains);
    benchmark::DoNotOptimize(solver.pose.local.data());
  }
  state.counters["per_frame"] =
      benchmark::Counter(static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["chains"] = static_cast<double>(scene.chains.size());
}
BENCHMARK_TEMPLATE(BM_ProgramFrame, ProgramFrame)->Name("BM_ProgramFrame/program");
BENCHMARK_TEMPLATE(BM_ProgramFrame, LibraryFrame)->Name("BM_ProgramFrame/library");

// Both on the same goals, frame by frame, each timed on its own: the ratio is measured on
// interleaved frames, so a slow spell of a shared machine hits both sides alike.
void BM_ProgramFrameRatio(benchmark::State& state) {
  using Clock = std::chrono::steady_clock;
  ProgramScene scene;
  ProgramFrame program;
  LibraryFrame library;
  double program_seconds = 0.0, library_seconds = 0.0;
  int frame = 0;
  auto timed = [](auto& side, const std::vector<ik::Chain>& chains, double& seconds) {
    const Clock::time_point start = Clock::now();
    side.solve(chains);
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    benchmark::DoNotOptimize(side.pose.local.data());
  };
  for (auto _ : state) {
    scene.move_goals(frame);
    if (frame++ % 2 == 0) {  // each side goes first every other frame (warm caches alike)
      timed(library, scene.chains, library_seconds);
      timed(program, scene.chains, program_seconds);
    } else {
      timed(program, scene.chains, program_seconds);
      timed(library, scene.chains, library_seconds);
    }
  }
  const double frames = static_cast<double>(state.iterations());
  state.counters["program_us"] = 1e6 * program_seconds / frames;
  state.counters["library_us"] = 1e6 * library_seconds / frames;
  state.counters["ratio"] = library_seconds > 0.0 ? program_seconds / library_seconds : 0.0;
}
BENCHMARK(BM_ProgramFrameRatio);

}  // namespace

BENCHMARK_MAIN();
