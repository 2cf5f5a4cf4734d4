// Motion analysis (solvers/scene/motion_analysis.h) of a 1,000-frame goal path on the built-in
// humanoid's left arm (the chain the program suggests, LeftShoulder -> LeftHand_end, 4
// bones: FABRIK, CCD, Jacobian transpose, DLS, CCD then DLS and mass-spring accept it; the
// two- and three-bone solvers need 2 and 3 bones, the scale target solves no positions),
// through every solver that accepts the chain, warm started, default Params.
// BM_MotionAnalysis/upper_arm_warm: the same on LeftUpperArm -> LeftHand_end (2 bones), where
// the analytic two-bone solver runs too (7 solvers).
// The goal: the whole analysis in <= 50 ms, so it can rerun while a slider moves.
//
// BM_MotionAnalysis/warm: the analysis as the goal counts it (warm start, no drift).
// BM_MotionAnalysis/warm_and_drift: plus a from-rest solve of every frame for the drift
// (the optional part, reported separately). Both reuse one MotionAnalysis, as the program
// does when it reruns: no allocation per iteration. Counters: runs (solvers) and frames.
//
// The goal path: a figure of eight in front of the shoulder, 30 cm wide, within reach,
// sampled at 60 Hz for 1,000 frames.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "io/gltf/gltf_import.h"
#include "solvers/scene/motion_analysis.h"

namespace {

struct ArmCase {
  ik::Skeleton skeleton;
  ik::Pose rest;
  ik::Chain chain;
  ik::MotionTrack track;
};

ArmCase make_case(const char* root) {
  ArmCase out;
  ik::ImportedRig rig;
  std::string error;
  if (!ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    std::abort();
  }
  out.skeleton = rig.skeleton;
  out.rest = ik::rest_pose(out.skeleton);
  out.chain.root = ik::find_joint(out.skeleton, root);
  out.chain.effector = ik::find_joint(out.skeleton, "LeftHand_end");
  if (out.chain.root < 0 || out.chain.effector < 0) std::abort();
  std::vector<glm::mat4> world;
  ik::fk_all(out.skeleton, out.rest, world);
  const glm::vec3 hand = ik::position_of(world[static_cast<size_t>(out.chain.effector)]);
  ik::GoalPath path;
  path.name = "figure_eight";
  for (int i = 0; i < 1000; ++i) {
    const float t = static_cast<float>(i) / 1000.0f * 6.2831853f;
    ik::GoalPathSample s;
    s.time = static_cast<float>(i) / 60.0f;
    s.position = hand + glm::vec3(0.15f * std::sin(t), 0.1f * std::sin(2.0f * t), 0.1f + 0.05f * std::cos(t));
    path.samples.push_back(s);
  }
  if (!ik::track_from_goal_path(path, 60.0f, 1000, ik::PathWrap::clamp, out.track).empty()) std::abort();
  return out;
}

const ArmCase& arm_case(bool upper_arm) {
  static const ArmCase limb = make_case("LeftShoulder");
  static const ArmCase two_bones = make_case("LeftUpperArm");
  return upper_arm ? two_bones : limb;
}

void BM_MotionAnalysis(benchmark::State& state, bool drift, bool upper_arm) {
  const ArmCase& c = arm_case(upper_arm);
  ik::MotionOptions options;
  options.drift = drift;
  ik::MotionAnalysis analysis;
  if (!analysis.start(c.skeleton, c.chain, c.rest, c.track, options).empty()) std::abort();
  analysis.run();  // the workspaces grow once
  for (auto _ : state) {
    analysis.start(c.skeleton, c.chain, c.rest, c.track, options);
    analysis.run();
    benchmark::DoNotOptimize(analysis.report().runs.front().summary.mean_error);
  }
  state.counters["runs"] = static_cast<double>(analysis.report().runs.size());
  state.counters["frames"] = static_cast<double>(analysis.report().times.size());
}
BENCHMARK_CAPTURE(BM_MotionAnalysis, warm, false, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MotionAnalysis, warm_and_drift, true, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MotionAnalysis, upper_arm_warm, false, true)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
