// Playback: clip sampling, and a frame of a clip played with IK on top.
//
// BM_ClipSampling/<clip>: one frame's animated pose -- the rest pose copied, then the clip
// sampled into it at the frame's time (ik::sample_clip), as app/editor/timeline.cpp does every
// frame; the time advances 1/60 s per iteration and wraps. per_joint is the time per keyed
// joint (goal: at most 1 us). Clips:
//   humanoid_synthetic  the built-in humanoid with every joint's rotation keyed and the
//                       hips' translation too: 30 fps, 31 keys, linear (the humanoid has no
//                       clip of its own);
//   cesiumman           CesiumMan's own walk (57 channels on 19 joints, linear), read from
//                       ../shared/gltf-samples; skipped when that folder is missing.
//
// BM_PlaybackFrame/<rig>_<ik weight>: the program's whole per-frame step with a clip playing:
// the animated pose sampled as above, then ik::solve_animated_frame (the pose starts from
// the animated one, solve_frame on the chains the program suggests from the rig's roles --
// DLS, default Params, traced and timed as in the program -- then the IK-weight blend). Rigs:
// the built-in humanoid (26 joints) and assets/mixamo_rig.gltf (65 Mixamo joints, 75 with
// tips, in centimetres under a 0.01 root; its default limits from roles), each with the
// synthetic clip below. The goals
// stay pinned where the effectors are at rest (foot locks, hands held) while the clip moves
// the body, so every frame the IK has work to do. weight_1 skips the blend (nothing to
// blend), weight_half (0.5) blends every chain's joints. per_frame is the time of one frame.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>

#include "bench/rig_bench_util.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/clip.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/ik_blend.h"
#include "solvers/scene/solver_table.h"

namespace {


const ik::ImportedRig& humanoid() {
  static const ik::ImportedRig rig = ikbench::load_rig(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf");
  return rig;
}

const ik::ImportedRig& mixamo() {
  static const ik::ImportedRig rig = ikbench::load_rig(std::string(IKSCOPE_SOURCE_DIR) + "/assets/mixamo_rig.gltf");
  return rig;
}

// The synthetic clip: every joint's rotation keyed (a sway of up to 0.3 rad) and the hips'
// translation (3 cm up and down, 0.2 m/s forward): 31 keys at 30 fps, linear.
ik::Clip synthetic_clip(const ik::Skeleton& s) {
  return ikbench::synthetic_clip(s, 0, 31, 0.3f, 0.03f, glm::vec3(0.0f, 0.0f, 0.2f));
}

int keyed_joints(const ik::Clip& clip, int joint_count) {
  std::vector<char> keyed(static_cast<size_t>(joint_count), 0);
  for (const ik::ClipChannel& c : clip.channels) keyed[static_cast<size_t>(c.joint)] = 1;
  int n = 0;
  for (char k : keyed) n += k;
  return n;
}

// The animated pose at `time`: rest, then the clip (app/editor/timeline.cpp's sample_animated).
void animated_pose(const ik::Skeleton& s, const ik::Clip& clip, float time, ik::Pose& animated) {
  for (size_t j = 0; j < s.rest.size(); ++j) animated.local[j] = s.rest[j];
  ik::sample_clip(clip, time, animated);
}

float next_time(float time, const ik::Clip& clip) {
  time += 1.0f / 60.0f;
  return time > clip.end ? clip.start : time;
}

void run_sampling(benchmark::State& state, const ik::Skeleton& s, const ik::Clip& clip) {
  ik::Pose animated = ik::rest_pose(s);
  float time = clip.start;
  for (auto _ : state) {
    animated_pose(s, clip, time, animated);
    benchmark::DoNotOptimize(animated.local.data());
    time = next_time(time, clip);
  }
  const int keyed = keyed_joints(clip, s.joint_count());
  state.counters["per_joint"] = benchmark::Counter(static_cast<double>(state.iterations()) * keyed,
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["keyed_joints"] = keyed;
  state.counters["channels"] = static_cast<double>(clip.channels.size());
}

void BM_ClipSampling_HumanoidSynthetic(benchmark::State& state) {
  const ik::Skeleton& s = humanoid().skeleton;
  run_sampling(state, s, synthetic_clip(s));
}
BENCHMARK(BM_ClipSampling_HumanoidSynthetic)->Name("BM_ClipSampling/humanoid_synthetic");

void BM_ClipSampling_CesiumMan(benchmark::State& state) {
  static const ik::ImportedRig rig =
      ikbench::load_rig(std::string(IKSCOPE_SOURCE_DIR) + "/../shared/gltf-samples/CesiumMan/glTF/CesiumMan.gltf");
  if (rig.clips.empty()) {
    state.SkipWithError("CesiumMan (../shared/gltf-samples) not found");
    return;
  }
  run_sampling(state, rig.skeleton, rig.clips[0]);
}
BENCHMARK(BM_ClipSampling_CesiumMan)->Name("BM_ClipSampling/cesiumman");

void BM_PlaybackFrame(benchmark::State& state, const ik::ImportedRig& (*rig)(), float ik_weight) {
  const ik::Skeleton& s = rig().skeleton;
  const ik::Clip clip = synthetic_clip(s);
  const int dls = ik::find_solver("dls");
  std::vector<ik::Chain> chains = ik::suggest_rig_chains(s, rig().roles, ik::rest_pose(s), dls >= 0 ? dls : 0);
  for (ik::Chain& c : chains) c.ik_weight = ik_weight;
  ik::Pose animated = ik::rest_pose(s), pose = ik::rest_pose(s);
  ik::Workspace workspace;
  ik::FrameSolve frame;
  float time = clip.start;
  double iterations = 0.0;
  for (auto _ : state) {
    animated_pose(s, clip, time, animated);
    ik::solve_animated_frame(s, chains, 0, animated, true, pose, workspace, frame);
    benchmark::DoNotOptimize(pose.local.data());
    for (const ik::SolveResult& r : frame.results) iterations += r.iterations;
    time = next_time(time, clip);
  }
  state.counters["per_frame"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  int enabled = 0;
  for (const ik::Chain& c : chains) enabled += c.enabled ? 1 : 0;
  state.counters["chains"] = static_cast<double>(chains.size());
  state.counters["enabled_chains"] = enabled;
  state.counters["iterations_per_chain"] =
      benchmark::Counter(iterations / static_cast<double>(chains.size()), benchmark::Counter::kAvgIterations);
}
BENCHMARK_CAPTURE(BM_PlaybackFrame, humanoid_weight_1, humanoid, 1.0f);
BENCHMARK_CAPTURE(BM_PlaybackFrame, humanoid_weight_half, humanoid, 0.5f);
BENCHMARK_CAPTURE(BM_PlaybackFrame, mixamo_weight_1, mixamo, 1.0f);
BENCHMARK_CAPTURE(BM_PlaybackFrame, mixamo_weight_half, mixamo, 0.5f);

}  // namespace

BENCHMARK_MAIN();
