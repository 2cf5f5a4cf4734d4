// One row of the arm comparison: one runner on one arm's targets, every answer judged by
// the same check, and the time each solve took. compare_ik.cpp (the comparison) and
// peers_smoke.cpp (the ctest smoke test) share it.
//
//   * targets: uniformly random joint configurations within the limits (fixed seed),
//     turned into flange poses by the double-precision forward kinematics of the glTF rig
//     (arm_model.h); every runner gets the same targets, and the same seed: the middle of
//     every joint's range;
//   * success, ONE check for every runner, here, after the solve: the returned angles,
//     moved by whole turns into the joint's range if needed (a solver without limits may
//     land a full turn out), must lie within the limits (kLimitSlack), and the flange pose
//     they give by the same forward kinematics must match the target within kTolerance on
//     each of the six components (metres; rotation vector of actual * targetᵀ, radians).
//     A success that ended past the budget on the runner's own budget clock (the solving
//     thread's CPU time; TRAC-IK: wall time) is not one. Beside it, for every row, the
//     success of the same answers with the six components taken along the TARGET's axes
//     (pose_error_in_target_frame: TRAC-IK's own convergence test measures there, so its
//     answers can pass there and be up to sqrt(3) x 1e-5 along the model's axes);
//   * times, for every row, read around the solve call: wall time (steady clock) and the
//     CPU time of ALL the process's threads (clock_gettime(CLOCK_PROCESS_CPUTIME_ID), which
//     counts TRAC-IK's two threads and their start); for our single-threaded runners it is
//     the solving thread's CPU time. One read of the thread CPU clock (about 0.2 µs here,
//     for the deadline) is inside both. A failure counts as the budget, or as what it took
//     if that is more (TRAC-IK's two threads can spend up to twice its wall budget in CPU).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bench/kdl/arm_model.h"
#include "bench/kdl/ik_runners.h"
#include "io/gltf/gltf_import.h"

namespace armbench {

constexpr double kTolerance = 1e-5;
// A joint may lie this far past a limit (radians): the pose tolerance. Solvers in float
// (ikscope) clamp to float limits; read back in double, a joint at its limit can sit
// ~1e-7 rad outside the double limit.
constexpr double kLimitSlack = 1e-5;

// An arm read both ways (arm_model.h in double for KDL, TRAC-IK and the check; ikscope's
// importer for ikscope's runners), its targets and its seed. Runners keep references to
// `arm` and `rig.skeleton`: keep the ArmCase alive, and where it is.
struct ArmCase {
  std::string name;
  ArmModel arm;
  ik::ImportedRig rig;
  std::vector<Pose3> targets;
  std::vector<double> seed;  // the middle of every joint's range
};

// Reads `gltf_path` and makes `target_count` targets (seed 20240601, as always); throws
// std::runtime_error with the reader's message.
std::unique_ptr<ArmCase> load_arm_case(const std::string& name, const std::string& gltf_path, int target_count);

struct Times {  // µs per solve
  double median = 0.0, p95 = 0.0, mean = 0.0;
};

struct Row {
  std::string arm, solver;
  BudgetClock budget_clock = BudgetClock::thread_cpu;
  int targets = 0, successes = 0;
  double success_percent = 0.0;
  int successes_target_frame = 0;  // the same check, components along the target's axes
  double success_percent_target_frame = 0.0;
  Times cpu, wall;                  // cpu: all threads of the process
  double median_iterations = -1.0;  // -1: the runner does not tell
};

Row run_row(const ArmCase& arm_case, IkRunner& runner, double budget_ms);

}  // namespace armbench
