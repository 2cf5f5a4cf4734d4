#include "bench/kdl/arm_rows.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

namespace armbench {
namespace {

double process_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const size_t k = static_cast<size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1;
  return v[std::min(k, v.size() - 1)];
}

Times times_of(const std::vector<double>& micros) {
  Times t;
  t.median = percentile(micros, 0.5);
  t.p95 = percentile(micros, 0.95);
  double sum = 0.0;
  for (double m : micros) sum += m;
  t.mean = sum / static_cast<double>(micros.size());
  return t;
}

}  // namespace

std::unique_ptr<ArmCase> load_arm_case(const std::string& name, const std::string& gltf_path, int target_count) {
  auto c = std::make_unique<ArmCase>();
  c->name = name;
  std::string error;
  if (!read_arm_gltf(gltf_path, c->arm, error)) throw std::runtime_error(error);
  if (!ik::import_gltf_file(gltf_path, c->rig, error)) throw std::runtime_error(error);
  std::mt19937 rng(20240601u);
  std::vector<double> theta(static_cast<size_t>(c->arm.dof()));
  for (int t = 0; t < target_count; ++t) {
    for (size_t i = 0; i < theta.size(); ++i)
      theta[i] = std::uniform_real_distribution<double>(c->arm.hinges[i].min, c->arm.hinges[i].max)(rng);
    c->targets.push_back(flange_pose(c->arm, theta.data()));
  }
  for (const ArmHinge& h : c->arm.hinges) c->seed.push_back(0.5 * (h.min + h.max));
  return c;
}

Row run_row(const ArmCase& arm_case, IkRunner& runner, double budget_ms) {
  const auto budget = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(budget_ms));
  const double budget_us = budget_ms * 1000.0;
  std::vector<double> cpu_micros, wall_micros, iterations;
  std::vector<double> theta;
  Row row;
  row.arm = arm_case.name;
  row.solver = runner.name();
  row.budget_clock = runner.budget_clock();
  for (const Pose3& target : arm_case.targets) {
    const auto wall_start = std::chrono::steady_clock::now();
    const double cpu_start = process_cpu_us();
    const int iters = runner.solve(target, arm_case.seed, Clock::now() + budget, theta);
    const double cpu_us = process_cpu_us() - cpu_start;
    const double wall_us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - wall_start).count();
    bool ok = false, ok_target_frame = false;
    // A success that overran the budget (the last iteration crossed the deadline) is not one.
    const double budget_clock_us = row.budget_clock == BudgetClock::wall ? wall_us : cpu_us;
    if (theta.size() == arm_case.seed.size() && into_limits(arm_case.arm, theta, kLimitSlack) &&
        budget_clock_us <= budget_us) {
      const Pose3 reached = flange_pose(arm_case.arm, theta.data());
      ok = pose_error(target, reached).largest() <= kTolerance;
      ok_target_frame = pose_error_in_target_frame(target, reached).largest() <= kTolerance;
    }
    row.successes += ok;
    row.successes_target_frame += ok_target_frame;
    cpu_micros.push_back(ok ? cpu_us : std::max(cpu_us, budget_us));
    wall_micros.push_back(ok ? wall_us : std::max(wall_us, budget_us));
    if (iters >= 0) iterations.push_back(iters);
  }
  row.targets = static_cast<int>(arm_case.targets.size());
  row.success_percent = 100.0 * row.successes / static_cast<double>(row.targets);
  row.success_percent_target_frame = 100.0 * row.successes_target_frame / static_cast<double>(row.targets);
  row.cpu = times_of(cpu_micros);
  row.wall = times_of(wall_micros);
  if (!iterations.empty()) row.median_iterations = percentile(iterations, 0.5);
  return row;
}

}  // namespace armbench
