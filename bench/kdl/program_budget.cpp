// ikscope_program_budget: the time of the program's per-frame solve step on the built-in
// humanoid, set up as the program sets it up when it opens (app/editor/editor.cpp: open_rig ->
// suggest_chains with DLS and default Params for every suggested chain), and solved as
// app::solve_chains does each frame: ik::solve_frame (traces for every chain, poses
// recorded for the selected chain, the first, ik::solve_scene, the traces of chains that
// iterated kept), then forward kinematics of the whole pose.
//
// Three cases, each 600 warm-up frames then 6,000 timed frames (wall clock per frame):
//   at rest       the goals where the chains were suggested (what the program does when
//                 nobody touches it: warm-started chains that have converged);
//   one dragged   the right hand's goal moving on a 15 cm circle, one turn per 2 s at
//                 60 frames per second (a user dragging it);
//   all moving    every goal on its own circle (10 cm for limbs, 4 cm for the spine and
//                 the head), phases spread.
// Prints a markdown table of median / p95 / mean µs per frame.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Stats {
  double median = 0, p95 = 0, mean = 0;
};

Stats stats_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  Stats s;
  s.median = v[v.size() / 2];
  s.p95 = v[static_cast<size_t>(std::ceil(0.95 * static_cast<double>(v.size()))) - 1];
  for (double x : v) s.mean += x;
  s.mean /= static_cast<double>(v.size());
  return s;
}

enum class Motion { at_rest, one_dragged, all_moving };

Stats run(const ik::Skeleton& skeleton, Motion motion, int& chain_count, std::string& chain_summary) {
  // As app::open_rig + app::suggest_chains.
  ik::Pose pose = ik::rest_pose(skeleton);
  const int dls = ik::find_solver("dls");
  std::vector<ik::Chain> chains = ik::suggest_chains(skeleton, pose, dls >= 0 ? dls : 0);
  ik::Workspace workspace;
  ik::FrameSolve frame_solve;
  std::vector<glm::mat4> world;
  chain_count = static_cast<int>(chains.size());
  chain_summary.clear();
  for (const ik::Chain& c : chains) {
    if (!chain_summary.empty()) chain_summary += ", ";
    chain_summary += ik::chain_name(skeleton, c) + " (" + std::to_string(c.effector - c.root) + " bones)";
  }
  const std::vector<ik::Chain> start = chains;
  int dragged = -1;
  for (size_t c = 0; c < chains.size(); ++c)
    if (skeleton.name[static_cast<size_t>(chains[c].effector)].find("RightHand") != std::string::npos)
      dragged = static_cast<int>(c);

  const int warm_up = 600, timed = 6000;
  std::vector<double> micros;
  for (int frame = 0; frame < warm_up + timed; ++frame) {
    const double turn = 2.0 * 3.14159265358979 * frame / 120.0;  // one turn per 120 frames
    for (size_t c = 0; c < chains.size(); ++c) {
      const bool moves = motion == Motion::all_moving || (motion == Motion::one_dragged && static_cast<int>(c) == dragged);
      if (!moves) continue;
      const bool limb = chains[c].effector - chains[c].root >= 3;
      const float radius = motion == Motion::one_dragged ? 0.15f : limb ? 0.10f : 0.04f;
      const double phase = turn + 1.3 * static_cast<double>(c);
      chains[c].goal.position =
          start[c].goal.position + radius * glm::vec3(std::cos(phase), std::sin(phase), 0.5f * std::sin(2.0 * phase));
    }
    // As app::solve_chains, the selected chain being the first.
    const Clock::time_point begin = Clock::now();
    ik::solve_frame(skeleton, chains, 0, pose, workspace, frame_solve);
    ik::fk_all(skeleton, pose, world);
    const double us = std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
    if (frame >= warm_up) micros.push_back(us);
  }
  return stats_of(micros);
}

}  // namespace

int main() {
  ik::ImportedRig rig;
  std::string error;
  if (!ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) {
    std::fprintf(stderr, "ikscope_program_budget: %s\n", error.c_str());
    return 1;
  }
  const ik::Params defaults;
  std::printf("Humanoid (%d joints), DLS on every suggested chain with default Params (max_iterations %d, "
              "tolerance %g relative, lambda %g relative, limits on, warm start).\n\n",
              rig.skeleton.joint_count(), defaults.max_iterations, defaults.tolerance, defaults.lambda);
  std::printf("| case | median µs / frame | p95 µs | mean µs |\n|---|---:|---:|---:|\n");
  const char* names[] = {"at rest (goals reached)", "right hand dragged", "every goal moving"};
  const Motion motions[] = {Motion::at_rest, Motion::one_dragged, Motion::all_moving};
  int chain_count = 0;
  std::string summary;
  for (int m = 0; m < 3; ++m) {
    const Stats s = run(rig.skeleton, motions[m], chain_count, summary);
    std::printf("| %s | %.1f | %.1f | %.1f |\n", names[m], s.median, s.p95, s.mean);
  }
  std::printf("\n%d chains: %s.\n", chain_count, summary.c_str());
  return 0;
}
