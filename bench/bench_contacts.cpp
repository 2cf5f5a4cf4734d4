// Foot contacts: detection over a whole clip, and the foot-skate measure and the cleanup's
// held goals over one foot's path.
//
// BM_DetectContacts/<clip>: ik::detect_contacts on every contact joint of the rig over the
// whole clip, as the program does for each clip when a rig opens (goal: <= 1 ms for a
// 1,000-frame clip of a 65-joint rig). Clips:
//   mixamo_1000  assets/mixamo_rig.gltf (65 Mixamo joints, 75 with tips; feet and toes: 4
//                contact joints) with every joint's rotation keyed at every frame and the
//                hips' translation: 1,000 frames at 30 fps, linear;
//   cesiumman    CesiumMan's walk (48 frames at 24 fps; 4 contact joints), read from
//                ../shared/gltf-samples; skipped when that folder is missing.
// BM_FootSkateAndHold: measure_foot_skate then hold_plants over a walking foot's path of
// 1,000 frames with 34 plants. Counters: per_frame.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>

#include "bench/rig_bench_util.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/anim/foot_skate.h"
#include "solvers/rig/contact_joints.h"

namespace {


struct Case {
  ik::ImportedRig rig;
  ik::Clip clip;
  std::vector<ik::ContactJoint> joints;
};

const Case& mixamo_1000() {
  static const Case c = [] {
    Case out;
    out.rig = ikbench::load_rig(std::string(IKSCOPE_SOURCE_DIR) + "/assets/mixamo_rig.gltf");
    out.clip = ikbench::synthetic_clip(out.rig.skeleton, ik::find_joint(out.rig.skeleton, "mixamorig:Hips"), 1000,
                                       0.2f, 0.0f, glm::vec3(0.0f, 0.0f, 120.0f));  // centimetres
    out.joints = ik::find_contact_joints(out.rig.skeleton, out.rig.roles);
    return out;
  }();
  return c;
}

void detect(benchmark::State& state, const Case& c) {
  if (c.rig.clips.empty() && c.clip.channels.empty()) {
    state.SkipWithError("rig not found");
    return;
  }
  const ik::Clip& clip = c.clip.channels.empty() ? c.rig.clips[0] : c.clip;
  const float rate = ik::clip_frame_rate(clip);
  for (auto _ : state) {
    std::vector<ik::FootContacts> found = ik::detect_contacts(c.rig.skeleton, clip, rate, c.joints, {});
    benchmark::DoNotOptimize(found.data());
  }
  state.counters["frames"] = ik::last_frame(clip.start, clip.end, rate) + 1;
  state.counters["contact_joints"] = static_cast<double>(c.joints.size());
}

void BM_DetectContacts_Mixamo(benchmark::State& state) { detect(state, mixamo_1000()); }
BENCHMARK(BM_DetectContacts_Mixamo)->Name("BM_DetectContacts/mixamo_1000")->Unit(benchmark::kMicrosecond);

void BM_DetectContacts_CesiumMan(benchmark::State& state) {
  static const Case c = [] {
    Case out;
    out.rig = ikbench::load_rig(std::string(IKSCOPE_SOURCE_DIR) + "/../shared/gltf-samples/CesiumMan/glTF/CesiumMan.gltf");
    out.joints = ik::find_contact_joints(out.rig.skeleton, out.rig.roles);
    return out;
  }();
  detect(state, c);
}
BENCHMARK(BM_DetectContacts_CesiumMan)->Name("BM_DetectContacts/cesiumman")->Unit(benchmark::kMicrosecond);

void BM_FootSkateAndHold(benchmark::State& state) {
  // A foot walking 1.2 m/s in 30-frame steps: planted for frames 0-17 of each (sliding 2 mm
  // a frame), swinging 5 cm up for the rest; 1,000 frames, 34 plants.
  ik::FootContacts plants;
  std::vector<glm::vec3> path;
  float z = 0.0f;
  for (int f = 0; f < 1000; ++f) {
    const int phase = f % 30;
    z += phase < 18 ? 0.002f : 0.1f;
    path.emplace_back(0.1f, phase < 18 ? 0.0f : 0.05f * std::sin(3.14159f * static_cast<float>(phase - 17) / 13.0f), z);
    if (phase == 17 || f == 999)
      plants.plants.push_back({static_cast<float>(f - phase) / 30.0f, static_cast<float>(f) / 30.0f});
  }
  const ik::FootTrack foot = ik::foot_track(plants, 0.9f, glm::vec3(0.0f), path, 0.0f, 30.0f);
  for (auto _ : state) {
    const ik::FootSkate skate = ik::measure_foot_skate(path.data(), 1, 1000, foot);
    const std::vector<glm::vec3> held = ik::hold_plants(path, foot);
    benchmark::DoNotOptimize(skate);
    benchmark::DoNotOptimize(held.data());
  }
  state.counters["per_frame"] = benchmark::Counter(1000.0 * static_cast<double>(state.iterations()),
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["plants"] = static_cast<double>(plants.plants.size());
}
BENCHMARK(BM_FootSkateAndHold)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
