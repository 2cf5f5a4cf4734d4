// The full-body solver (solvers/ik/full_body/full_body.h) on whole rigs.
//
// BM_FullBodyDrag/<rig>/<balance>: the rig's full-body chain (ik::full_body_chain: both hands, head,
// hips, both feet pinned; stiffness from roles), warm started, relative tolerance 1e-3, at
// most 64 iterations; the left hand's goal moves along a fixed path (240 frames: half a
// figure of eight reaching forward and up, then back), one frame per benchmark iteration.
// Counters: iterations per frame, the fraction of frames reached. The goal: at most
// 25 us per frame (median) on a 65-joint Mixamo-size rig and on the built-in humanoid. With
// balance 1 the balance is on (centre of mass over the feet, masses from roles), as in the
// program's full-body mode.
//
// BM_FullBodyGoalsHanded/<rig>/<extras>: the goals a full-body chain following the animation
// is handed each frame (ik::solving_goals), with (1) and without (0) its extra effectors.
//
// After the benchmarks, two printed tables (skip with --full_body_cases=0; with
// --full_body_no_limits the reachability table's full-body solves ignore the joint limits,
// which shows how many of the failures the limits cause; --full_body_iterations=N gives the
// reachability solves N iterations instead of 64, which shows how many fail for the budget):
//   * drag: the median and 95th percentile of one frame's wall time over 5 passes of the
//     path, per rig;
//   * reachability: N random poses within the joint limits (default 10,000; the hips also
//     turned by up to 0.3 rad per axis and moved by up to 5 % of the height; a joint without
//     limits turned by up to 0.4 rad per axis) turned into
//     goals for every effector (all weights 1, feet pinned), solved from the rest pose: the
//     share reaching every effector within 1e-3 of the rig's height (checked by forward
//     kinematics) within 64 iterations, the distribution of iterations, the failures by
//     status and worst effector; and the per-chain setup on the same poses (the program's
//     suggested chains from roles, ik::suggest_rig_chains, with DLS, 64 iterations, from
//     rest, each goal on its effector in the random pose -- its orientation too where the
//     chain has an orientation goal, an aim chain's look target ahead along its aim axis --,
//     solved by ik::solve_scene), judged by the same
//     effectors, with the cost ratio. Then the same with the hips left at rest in the random
//     poses: no per-chain setup moves the hips, so only there can it reach a goal set.
//
// Index:
//   rigs                Rig, load, rig (the humanoid and the Mixamo rig, loaded once)
//   the benchmarks      hand_path, BM_FullBodyDrag, BM_FullBodyGoalsHanded
//   The printed tables  drag_table; body_joints, random_pose, reach_table (reachability, and the per-chain
//                       DLS setup on the same poses)
//   main                the flags above, the benchmarks, then the tables
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

namespace {

struct Rig {
  std::string name;
  bool loaded = false;
  ik::Skeleton skeleton;
  ik::RigRoles roles;
  ik::Chain chain;  // full body
  std::vector<float> stiffness;
  std::vector<float> mass;  // segment masses from roles, for the balance
  float height = 0.0f;
};

Rig load(const char* name, const char* file) {
  Rig rig;
  rig.name = name;
  ik::ImportedRig imported;
  std::string error;
  if (!ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + file, imported, error)) return rig;
  rig.skeleton = imported.skeleton;
  rig.roles = ik::recognise_roles(rig.skeleton, imported.roles);
  std::vector<glm::mat4> world;
  ik::fk_all(rig.skeleton, ik::rest_pose(rig.skeleton), world);
  if (!ik::full_body_chain(rig.skeleton, rig.roles, world, ik::find_solver("full_body"), rig.chain)) return rig;
  ik::fill_full_body_stiffness(rig.skeleton, rig.roles, rig.stiffness);
  ik::fill_full_body_masses(rig.skeleton, rig.roles.joints, rig.mass);
  float low = 1e9f, high = -1e9f;
  for (const glm::mat4& m : world) {
    low = std::min(low, m[3].y);
    high = std::max(high, m[3].y);
  }
  rig.height = high - low;
  rig.chain.params.max_iterations = 64;
  rig.chain.params.tolerance = 1e-3f;
  rig.chain.params.tolerance_relative = true;
  rig.loaded = true;
  return rig;
}

const Rig& rig(int index) {
  static const Rig rigs[2] = {load("humanoid", "humanoid.gltf"), load("mixamo", "mixamo_rig.gltf")};
  return rigs[index];
}

// The left hand's goal at frame f of the fixed path (240 frames, a closed loop).
glm::vec3 hand_path(const Rig& r, const glm::vec3& start, int frame) {
  const float t = 2.0f * 3.14159265f * static_cast<float>(frame % 240) / 240.0f;
  return start + r.height * glm::vec3(0.15f * std::sin(t), 0.1f * std::sin(2.0f * t), 0.25f * (1.0f - std::cos(t)));
}

// The drag's settings (its second argument): 0 the library's defaults; 1 the balance on; 2
// the heels rising too; 3 those and the pull toward the rest pose, 0.1; 4 the program's
// (io/session/full_body_settings.h): those and the knees over the toes.
const char* const kDragSettings[] = {"", ", balance", ", balance, heels", ", balance, heels, pull 0.1",
                                     ", balance, heels, pull 0.1, knees"};

void BM_FullBodyDrag(benchmark::State& state) {
  const Rig& r = rig(static_cast<int>(state.range(0)));
  const int settings = static_cast<int>(state.range(1));
  if (!r.loaded) {
    state.SkipWithError(("no rig " + r.name).c_str());
    return;
  }
  state.SetLabel(r.name + ", " + std::to_string(r.skeleton.joint_count()) + " joints" + kDragSettings[settings]);
  ik::Chain chain = r.chain;
  ik::Workspace ws;
  ik::FullBodyScratch& scratch = ik::scratch_of<ik::FullBodyScratch>(ws);
  scratch.stiffness = r.stiffness;
  scratch.balance = settings >= 1;
  scratch.heels_rise = settings >= 2;
  scratch.reference_pull = settings >= 3 ? 0.1f : 0.0f;
  scratch.knees_over_toes = settings >= 4;
  scratch.segment_mass = r.mass;
  ik::Pose pose = ik::rest_pose(r.skeleton);
  const glm::vec3 start = chain.goal.position;
  int frame = 0;
  long iterations = 0, reached = 0, frames = 0;
  for (auto _ : state) {
    chain.goal.position = hand_path(r, start, frame++);
    const ik::SolveResult result = ik::solve_full_body(r.skeleton, chain, pose, ws, nullptr);
    benchmark::DoNotOptimize(pose.local.data());
    iterations += result.iterations;
    reached += result.status == ik::SolveStatus::reached;
    ++frames;
  }
  state.counters["iterations"] = static_cast<double>(iterations) / static_cast<double>(std::max(frames, 1L));
  state.counters["reached"] = static_cast<double>(reached) / static_cast<double>(std::max(frames, 1L));
}
BENCHMARK(BM_FullBodyDrag)->ArgsProduct({{0, 1}, {0, 1, 2, 3, 4}})->Unit(benchmark::kMicrosecond);

// What the scene solve pays each frame to hand a full-body chain that follows the animation
// its goals (ik::solving_goals): the main hand's and (argument 1) each extra effector's, an
// offset from its joint in the animated pose, that joint's transform walked up from the root
// (argument 0: the main goal alone, as before the extras followed the clip).
void BM_FullBodyGoalsHanded(benchmark::State& state) {
  const Rig& r = rig(static_cast<int>(state.range(0)));
  const bool extras = state.range(1) != 0;
  if (!r.loaded) {
    state.SkipWithError(("no rig " + r.name).c_str());
    return;
  }
  state.SetLabel(r.name + (extras ? ", every goal" : ", the main goal"));
  ik::Chain chain = r.chain;
  chain.motion = ik::Chain::Motion::animated;
  ik::Pose animated = ik::rest_pose(r.skeleton);
  for (size_t j = 0; j < animated.local.size(); ++j)  // some clip's frame: each joint turned a little
    animated.local[j].rotation = glm::normalize(
        glm::angleAxis(0.1f * static_cast<float>(j % 5), glm::vec3(0.6f, 0.8f, 0.0f)) * animated.local[j].rotation);
  const ik::Pose pose = ik::rest_pose(r.skeleton);
  ik::Chain solving = chain;
  for (auto _ : state) {
    const bool ok = extras ? ik::solving_goals(r.skeleton, pose, chain, solving, &animated)
                           : ik::solving_goal(r.skeleton, pose, chain, solving.goal, &animated);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(solving.extra_effectors.data());
  }
}
BENCHMARK(BM_FullBodyGoalsHanded)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMicrosecond);

// ---- The printed tables ---------------------------------------------------------------------

void drag_table(const Rig& r, bool balance) {
  ik::Chain chain = r.chain;
  ik::Workspace ws;
  ik::scratch_of<ik::FullBodyScratch>(ws).stiffness = r.stiffness;
  ik::scratch_of<ik::FullBodyScratch>(ws).balance = balance;
  ik::scratch_of<ik::FullBodyScratch>(ws).segment_mass = r.mass;
  ik::Pose pose = ik::rest_pose(r.skeleton);
  const glm::vec3 start = chain.goal.position;
  std::vector<double> us;
  for (int frame = 0; frame < 5 * 240; ++frame) {
    chain.goal.position = hand_path(r, start, frame);
    const auto t0 = std::chrono::steady_clock::now();
    ik::solve_full_body(r.skeleton, chain, pose, ws, nullptr);
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(us.begin(), us.end());
  std::printf("drag %-9s %3d joints%s: median %.1f us per frame, 95th percentile %.1f us\n", r.name.c_str(),
              r.skeleton.joint_count(), balance ? ", balance" : "", us[us.size() / 2], us[us.size() * 95 / 100]);
}

// The joints the full body turns: every joint from an effector up to the root.
std::vector<int> body_joints(const Rig& r) {
  std::vector<int> joints;
  for (int i = 0; i < ik::effector_count(r.chain); ++i)
    for (int j = ik::effector_joint(r.chain, i); j >= r.chain.root; j = r.skeleton.parent[j]) {
      if (std::find(joints.begin(), joints.end(), j) == joints.end()) joints.push_back(j);
      if (j == r.chain.root) break;
    }
  return joints;
}

constexpr float kFreeTurn = 0.4f;  // rad

ik::Pose random_pose(const Rig& r, const std::vector<int>& joints, std::mt19937& rng, bool move_hips) {
  ik::Pose pose = ik::rest_pose(r.skeleton);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int j : joints) {
    const ik::JointLimits& l = r.skeleton.limits[j];
    const glm::quat rest = r.skeleton.rest[j].rotation;
    if (j == r.chain.root) {
      if (!move_hips) continue;
      const glm::vec3 turn{0.6f * unit(rng) - 0.3f, 0.6f * unit(rng) - 0.3f, 0.6f * unit(rng) - 0.3f};
      pose.local[j].rotation = rest * ik::from_xyz_angles(turn);
      pose.local[j].translation +=
          r.height * 0.05f * glm::vec3{2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f};
    } else if (l.enabled && l.hinge) {
      pose.local[j].rotation =
          rest * glm::angleAxis(l.min.x + (l.max.x - l.min.x) * unit(rng), glm::normalize(l.hinge_axis));
    } else if (l.enabled && l.cone) {
      // Inside the elliptical cone (uniform over its disc of swing vectors) and the twist
      // range: per-axis ranges mean nothing for a cone (they stay at a full turn).
      const float radius = std::sqrt(unit(rng)), angle = 6.2831853f * unit(rng);
      ik::SwingTwist st;
      st.swing =
          radius * glm::vec2(std::cos(angle) * std::min(l.swing.x, 3.1f), std::sin(angle) * std::min(l.swing.y, 3.1f));
      st.twist = l.twist_min + (l.twist_max - l.twist_min) * unit(rng);
      pose.local[j].rotation = rest * ik::from_swing_twist(l, st);
    } else if (l.enabled) {
      glm::vec3 a;
      for (int k = 0; k < 3; ++k) a[k] = l.min[k] + (l.max[k] - l.min[k]) * unit(rng);
      pose.local[j].rotation = rest * ik::from_xyz_angles(a);
    } else {
      // A joint without limits (the Mixamo rig has none): up to kFreeTurn about each axis.
      glm::vec3 a;
      for (int k = 0; k < 3; ++k) a[k] = kFreeTurn * (2.0f * unit(rng) - 1.0f);
      pose.local[j].rotation = rest * ik::from_xyz_angles(a);
    }
  }
  return pose;
}

// --full_body_iterations: the reachability solves' iteration budget.
int g_iterations = 64;

void reach_table(const Rig& r, int cases, bool use_limits, bool move_hips) {
  const std::vector<int> joints = body_joints(r);
  ik::Chain chain = r.chain;
  chain.params.max_iterations = g_iterations;
  for (ik::EffectorGoal& e : chain.extra_effectors) e.weight = 1.0f;
  chain.params.use_limits = use_limits;
  chain.params.warm_start = false;  // from rest (the pose given is the rest pose too)
  ik::Workspace ws;
  ik::scratch_of<ik::FullBodyScratch>(ws).stiffness = r.stiffness;
  const ik::Pose rest = ik::rest_pose(r.skeleton);
  // The program's per-chain setup: the chains it suggests from roles (role_chains.h; the
  // fingers and eyes off), DLS.
  std::vector<ik::Chain> chains = ik::suggest_rig_chains(r.skeleton, r.roles.joints, rest, ik::find_solver("dls"));
  for (ik::Chain& c : chains) {
    c.params.max_iterations = 64;
    c.params.warm_start = false;
  }
  ik::Workspace chain_ws;
  std::vector<ik::SolveResult> results;
  std::vector<glm::mat4> world;
  const float tolerance = 1e-3f * r.height;
  std::mt19937 rng(1414);
  int full_reached = 0, chains_reached = 0, both = 0, full_only = 0, chains_only = 0;
  double full_us = 0.0, chains_us = 0.0;
  std::map<int, int> iteration_buckets;
  std::map<std::string, int> failures;
  // Per effector, how often each setup put it within the tolerance.
  std::vector<int> effector_reached[2];
  effector_reached[0].assign(static_cast<size_t>(ik::effector_count(chain)), 0);
  effector_reached[1] = effector_reached[0];
  auto worst_of = [&](const ik::Pose& pose, const ik::Chain& goals, int& worst_effector, std::vector<int>& reached) {
    ik::fk_all(r.skeleton, pose, world);
    float worst = 0.0f;
    ik::Chain g = goals;
    for (int i = 0; i < ik::effector_count(g); ++i) {
      const float e = glm::length(ik::position_of(world[ik::effector_joint(g, i)]) - effector_goal(g, i).position);
      reached[static_cast<size_t>(i)] += e <= tolerance;
      if (e > worst) {
        worst = e;
        worst_effector = i;
      }
    }
    return worst;
  };
  for (int n = 0; n < cases; ++n) {
    const ik::Pose target = random_pose(r, joints, rng, move_hips);
    ik::fk_all(r.skeleton, target, world);
    for (int i = 0; i < ik::effector_count(chain); ++i)
      effector_goal(chain, i).position = ik::position_of(world[ik::effector_joint(chain, i)]);
    // Each chain's goal from its effector in the random pose: its position (and orientation
    // where the chain has an orientation goal); an aim chain's look target a reach ahead
    // along its aim axis.
    for (ik::Chain& c : chains) {
      const glm::mat4& m = world[c.effector];
      c.goal.position = ik::position_of(m);
      if (c.goal.use_orientation) c.goal.orientation = ik::rotation_of(glm::mat3(m));
      if (c.aim) c.goal.position += r.height * glm::normalize(glm::mat3(m) * c.aim_axis);
    }

    ik::Pose pose = rest;
    auto t0 = std::chrono::steady_clock::now();
    const ik::SolveResult result = ik::solve_full_body(r.skeleton, chain, pose, ws, nullptr);
    full_us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    int worst_effector = 0;
    const bool full_ok = worst_of(pose, chain, worst_effector, effector_reached[0]) <= tolerance;
    const int bucket = result.iterations <= 4    ? 4
                       : result.iterations <= 8  ? 8
                       : result.iterations <= 16 ? 16
                       : result.iterations <= 32 ? 32
                       : result.iterations <= 64 ? 64
                                                 : 72;
    ++iteration_buckets[bucket];
    if (!full_ok) {
      const int joint = ik::effector_joint(chain, worst_effector);
      const bool pin = worst_effector > 0 && chain.extra_effectors[worst_effector - 1].pinned;
      failures[std::string(ik::to_string(result.status)) + ", worst " + (pin ? "pinned " : "") +
               ik::describe_role(r.roles.joints[joint])]++;
    }

    ik::Pose chain_pose = rest;
    t0 = std::chrono::steady_clock::now();
    ik::solve_scene(r.skeleton, chains, chain_pose, chain_ws, results);
    chains_us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    int unused = 0;
    const bool chains_ok = worst_of(chain_pose, chain, unused, effector_reached[1]) <= tolerance;
    full_reached += full_ok;
    chains_reached += chains_ok;
    both += full_ok && chains_ok;
    full_only += full_ok && !chains_ok;
    chains_only += chains_ok && !full_ok;
  }
  const double share = 100.0 / cases;
  std::printf(
      "\nreach %s (%d joints, %d random poses within limits, %s, every effector within 1e-3 of the height "
      "%.3f)%s\n",
      r.name.c_str(), r.skeleton.joint_count(), cases, move_hips ? "hips moved and turned" : "hips at rest", r.height,
      use_limits ? "" : ", full body solved with use_limits off");
  std::printf("  full body: %.2f %% reached, %.1f us per solve\n", full_reached * share, full_us / cases);
  std::printf(
      "  per-chain DLS (%zu suggested chains): %.2f %% reached, %.1f us per solve; cost ratio full body / "
      "per-chain %.2f\n",
      chains.size(), chains_reached * share, chains_us / cases, full_us / chains_us);
  std::printf("  goal sets only full body reaches: %d, only per-chain: %d, both: %d\n", full_only, chains_only, both);
  std::printf("  each effector reached, full body / per-chain:");
  for (int i = 0; i < ik::effector_count(chain); ++i)
    std::printf("  %s %.1f / %.1f %%", r.skeleton.name[static_cast<size_t>(ik::effector_joint(chain, i))].c_str(),
                effector_reached[0][static_cast<size_t>(i)] * share,
                effector_reached[1][static_cast<size_t>(i)] * share);
  std::printf("\n");
  std::printf("  full-body iterations:");
  for (const auto& [bucket, count] : iteration_buckets) {
    if (bucket > 64)
      std::printf("  >64 (pin correction): %.1f %%", count * share);
    else
      std::printf("  <=%d: %.1f %%", bucket, count * share);
  }
  std::printf("\n  failures:%s\n", failures.empty() ? " none" : "");
  for (const auto& [reason, count] : failures) std::printf("    %5d  %s\n", count, reason.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  int cases = 10000;
  bool use_limits = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--full_body_cases=", 18) == 0) cases = std::atoi(argv[i] + 18);
    if (std::strcmp(argv[i], "--full_body_no_limits") == 0) use_limits = false;
    if (std::strncmp(argv[i], "--full_body_iterations=", 23) == 0) g_iterations = std::atoi(argv[i] + 23);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (cases <= 0) return 0;
  std::printf("\n");
  for (int k = 0; k < 2; ++k)
    if (rig(k).loaded) {
      drag_table(rig(k), false);
      drag_table(rig(k), true);
    } else
      std::printf("drag %s: no rig (assets file missing)\n", rig(k).name.c_str());
  for (int k = 0; k < 2; ++k)
    if (rig(k).loaded) reach_table(rig(k), cases, use_limits, true);
  // The per-chain setup cannot move the hips: the same comparison with the hips at rest.
  for (int k = 0; k < 2; ++k)
    if (rig(k).loaded) reach_table(rig(k), cases, use_limits, false);
  return 0;
}
