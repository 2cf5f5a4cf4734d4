// Motion capture speed: BVH import (io/bvh/bvh_import.h) of the CMU clips of ../shared/mocap
// (0.7-1.2 MB, 994 to 1,248 frames of 31 joints), read from memory: parsing, the skeleton,
// the clip, roles and default limits (the goal: a 1 MB file in 20 ms or less; the file's
// bytes are read once, outside the timing: a disk read is the disk's speed, not the
// parser's). And retargeting (solvers/rig/retarget.h) the 994-frame walk onto the built-in
// humanoid and onto the built-in Mixamo-style rig: the map and the clip (goal: 50 ms).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "solvers/rig/retarget.h"

namespace {

std::string mocap_text(const char* file) {
  std::ifstream in(std::string(IKSCOPE_SOURCE_DIR) + "/../shared/mocap/" + file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void import_file(benchmark::State& state, const char* file) {
  const std::string text = mocap_text(file);
  if (text.empty()) {
    state.SkipWithError("../shared/mocap is not beside the checkout");
    return;
  }
  for (auto _ : state) {
    ik::ImportedRig rig;
    std::string error;
    if (!ik::import_bvh_text(text, file, ik::BvhOptions{}, rig, error)) state.SkipWithError(error.c_str());
    benchmark::DoNotOptimize(rig.clips.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}

void retarget_walk(benchmark::State& state, const char* target_file) {
  ik::ImportedRig walk, target;
  std::string error;
  const std::string text = mocap_text("131_01.bvh");
  if (text.empty() || !ik::import_bvh_text(text, "131_01.bvh", ik::BvhOptions{}, walk, error) ||
      !ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/" + target_file, target, error)) {
    state.SkipWithError(error.empty() ? "../shared/mocap is not beside the checkout" : error.c_str());
    return;
  }
  const ik::RetargetRig from{&walk.skeleton, &walk.roles}, onto{&target.skeleton, &target.roles};
  for (auto _ : state) {
    std::string problem;
    const ik::RetargetMap map = ik::map_by_roles(from, onto, ik::RetargetOptions{}, problem);
    ik::Clip clip = ik::retarget_clip(from, walk.clips[0], onto, map, "walk");
    benchmark::DoNotOptimize(clip.channels.data());
  }
  state.counters["frames"] = static_cast<double>(ik::clip_key_times(walk.clips[0]).size());
}

}  // namespace

BENCHMARK_CAPTURE(retarget_walk, onto_humanoid, "assets/humanoid.gltf")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(retarget_walk, onto_mixamo_rig, "assets/mixamo_rig.gltf")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(import_file, cmu_131_01_716KB, "131_01.bvh")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(import_file, cmu_131_03_794KB, "131_03.bvh")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(import_file, cmu_scaled_131_02_1188KB, "scaled_131_02.bvh")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
