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
// BM_CleanUpFeet/N, BM_GroundQuery/N, BM_CrowdFrame/N: below.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>

#include "bench/rig_bench_util.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/anim/foot_skate.h"
#include "solvers/anim/ground_mesh.h"
#include "solvers/rig/contact_joints.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

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
    out.clip = ikbench::synthetic_clip(out.rig.skeleton, ik::find_joint(out.rig.skeleton, "mixamorig:Hips"), 1000, 0.2f,
                                       0.0f, glm::vec3(0.0f, 0.0f, 120.0f));  // centimetres
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
    out.rig =
        ikbench::load_rig(std::string(IKSCOPE_SOURCE_DIR) + "/../shared/gltf-samples/CesiumMan/glTF/CesiumMan.gltf");
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
  ik::ContactJoint joint;
  joint.leg_length = 0.9f;
  const ik::FootTrack foot = ik::foot_track(plants, joint, glm::vec3(0.0f), path, 0.0f, 30.0f);
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

// The waves' bumps as a mesh (solvers/anim/ground_mesh.h): 100 x 100 quads over 10 x 10
// units, 20,000 triangles, as a glTF ground would bring them.
ik::Ground waves_as_mesh() {
  const ik::Ground waves{ik::GroundKind::waves, 0.1f};
  std::vector<glm::vec3> corners;
  const auto at = [&](int i, int k) {
    const float x = -5.0f + 0.1f * static_cast<float>(i), z = -5.0f + 0.1f * static_cast<float>(k);
    return glm::vec3(x, ik::ground_height(waves, x, z), z);
  };
  for (int i = 0; i < 100; ++i)
    for (int k = 0; k < 100; ++k)
      corners.insert(corners.end(),
                     {at(i, k), at(i + 1, k), at(i + 1, k + 1), at(i, k), at(i + 1, k + 1), at(i, k + 1)});
  auto mesh = std::make_shared<ik::GroundMesh>();
  std::string problem;
  if (!ik::build_ground_mesh(corners, *mesh, problem)) std::fprintf(stderr, "waves_as_mesh: %s\n", problem.c_str());
  ik::Ground ground;
  ground.kind = ik::GroundKind::mesh;
  ground.mesh = std::move(mesh);
  return ground;
}

// The whole cleanup of the mixamo_1000 clip on a heightfield: every contact joint's held
// goals placed on it and the body's move (ik::clean_up_feet), as the program makes it when
// Clean up is on and the clip, its contacts or the ground change. /0: the generated waves,
// bumps 10 cm high (model space: metres); /1: the same bumps as a mesh.
void BM_CleanUpFeet(benchmark::State& state) {
  const Case& c = mixamo_1000();
  glm::vec3 ground_velocity(0.0f);
  const std::vector<ik::FootContacts> found =
      ik::detect_contacts(c.rig.skeleton, c.clip, 30.0f, c.joints, {}, glm::vec3(0.0f, 1.0f, 0.0f), &ground_velocity);
  const ik::Ground ground = state.range(0) == 0 ? ik::Ground{ik::GroundKind::waves, 0.1f} : waves_as_mesh();
  for (auto _ : state) {
    const ik::FeetCleanup cleanup =
        ik::clean_up_feet(c.rig.skeleton, c.clip, 0.0f, 30.0f, 1000, c.joints, found, ground_velocity, ground);
    benchmark::DoNotOptimize(cleanup.body_y.data());
  }
  state.SetLabel(state.range(0) == 0 ? "waves" : "mesh_20k");
  state.counters["per_frame"] = benchmark::Counter(1000.0 * static_cast<double>(state.iterations()),
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CleanUpFeet)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// A thousand heights and normals over the ground (a crowd's feet in a frame): the generated
// waves, and the same bumps as a 20,000-triangle mesh. Counters: per_query.
void BM_GroundQuery(benchmark::State& state) {
  const ik::Ground ground = state.range(0) == 0 ? ik::Ground{ik::GroundKind::waves, 0.1f} : waves_as_mesh();
  std::vector<glm::vec2> points;
  for (int k = 0; k < 1000; ++k)
    points.emplace_back(4.5f * std::sin(0.37f * static_cast<float>(k)), 4.5f * std::cos(0.53f * static_cast<float>(k)));
  for (auto _ : state) {
    float sum = 0.0f;
    for (const glm::vec2& p : points)
      sum += ik::ground_height(ground, p.x, p.y) + ik::ground_normal(ground, p.x, p.y).y;
    benchmark::DoNotOptimize(sum);
  }
  state.SetLabel(state.range(0) == 0 ? "waves" : "mesh_20k");
  state.counters["per_query"] = benchmark::Counter(1000.0 * static_cast<double>(state.iterations()),
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_GroundQuery)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// A crowd: N Mixamo characters (75 joints each) playing the mixamo_1000 clip at their own
// times, feet cleaned up and placed on a heightfield -- one frame of all of them per
// iteration, as a game would run it: each character's clip sampled onto its rest pose, its
// body moved by its cleanup, its two legs (thigh to ankle) given their held goals and solved
// by DLS with the program's defaults (16 iterations, limits from roles). The cleanups are made
// before (one per character; all stand at the origin, so they are alike). Counters:
// per_character.
void BM_CrowdFrame(benchmark::State& state) {
  const Case& c = mixamo_1000();
  const ik::Skeleton& s = c.rig.skeleton;
  const int n = static_cast<int>(state.range(0));
  glm::vec3 ground_velocity(0.0f);
  const std::vector<ik::FootContacts> found =
      ik::detect_contacts(s, c.clip, 30.0f, c.joints, {}, glm::vec3(0.0f, 1.0f, 0.0f), &ground_velocity);
  const ik::FeetCleanup cleanup =
      ik::clean_up_feet(s, c.clip, 0.0f, 30.0f, 1000, c.joints, found, ground_velocity, {ik::GroundKind::waves, 0.1f});
  std::vector<ik::Chain> legs;  // thigh -> ankle, per side; with the contact joint it holds
  std::vector<size_t> held;
  for (size_t i = 0; i < c.joints.size(); ++i)
    if (c.rig.roles[static_cast<size_t>(c.joints[i].joint)].role == ik::Role::foot) {
      ik::Chain leg;
      leg.root = c.joints[i].leg_root;
      leg.effector = c.joints[i].joint;
      leg.solver = ik::find_solver("dls");
      legs.push_back(leg);
      held.push_back(i);
    }
  struct Character {
    ik::Pose pose;
    ik::Workspace workspace;
    std::vector<ik::Chain> legs;
    float offset;
  };
  std::vector<Character> crowd(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k)
    crowd[static_cast<size_t>(k)] = {ik::rest_pose(s), ik::Workspace{}, legs, 0.037f * static_cast<float>(k)};
  const int hips = cleanup.body_joint;
  std::vector<ik::SolveResult> results;
  float clock = 0.0f;
  for (auto _ : state) {
    clock += 1.0f / 60.0f;
    for (Character& ch : crowd) {
      const float t = std::fmod(clock + ch.offset, c.clip.duration());
      for (size_t j = 0; j < s.rest.size(); ++j) ch.pose.local[j] = s.rest[j];  // the animated pose, as playback
      ik::sample_clip(c.clip, t, ch.pose);
      ik::translate_in_model_space(s, ch.pose, hips, glm::vec3(0.0f, ik::cleanup_body_y_at(cleanup, t), 0.0f));
      for (size_t l = 0; l < ch.legs.size(); ++l) ch.legs[l].goal.position = ik::cleanup_goal_at(cleanup, held[l], t);
      ik::solve_scene(s, ch.legs, ch.pose, ch.workspace, results);
    }
    benchmark::DoNotOptimize(crowd.data());
  }
  state.counters["per_character"] = benchmark::Counter(static_cast<double>(state.iterations()) * n,
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CrowdFrame)->Arg(1)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
