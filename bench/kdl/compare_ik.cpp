// ikscope_kdl_compare: ikscope's damped least squares against Orocos KDL on 6-D pose IK
// for three robot arms, in one process, on the same targets (TRAC-IK's protocol):
//
//   * targets: N (default 10,000) uniformly random joint configurations within the
//     limits, turned into flange poses by the double-precision forward kinematics of the
//     glTF rig (arm_model.h); every solver gets the same targets;
//   * seed: the middle of every joint's range; budget: 5 ms of CPU time per solve;
//   * success: ONE check for every solver, here, after the solve: the returned angles,
//     moved by whole turns into the joint's range if needed (a solver without limits may
//     land a full turn out), must lie within the limits (1e-5 rad slack), and the flange pose they give by
//     the same double-precision forward kinematics must match the target within 1e-5 on
//     each of the six components (metres; rotation vector of actual * targetᵀ, radians);
//   * time per solve: CPU time of the solving thread (ik_runners.h says why), budget
//     included; a failure counts as the full budget.
//
// Prints a markdown table (success %, median / p95 / mean µs, median iterations) and, with
// --out FILE, writes it with the machine, load and date between the markers
// "<!-- kdl-compare:begin -->" and "<!-- kdl-compare:end -->" of FILE (the rest of the
// file is kept; the section is appended if the markers are missing).
//
//   ikscope_kdl_compare [--targets N] [--budget-ms MS] [--arms arm7,panda,ur5] [--out FILE]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/gltf_import.h"
#include "bench/kdl/ik_runners.h"

namespace {

using armbench::Clock;

constexpr double kTolerance = 1e-5;
// A joint may lie this far past a limit (radians): the pose tolerance. Solvers in float
// (ikscope) clamp to float limits; read back in double, a joint at its limit can sit
// ~1e-7 rad outside the double limit.
constexpr double kLimitSlack = 1e-5;
constexpr double kTwoPi = 6.283185307179586476925;

struct Options {
  int targets = 10000;
  double budget_ms = 5.0;
  std::vector<std::string> arms{"arm7", "panda", "ur5"};
  std::string out;
};

struct Row {
  std::string arm, solver;
  double success_percent = 0, median_us = 0, p95_us = 0, mean_us = 0, median_iterations = 0;
};

// Moves each angle by whole turns into its range; false if one cannot be.
bool into_limits(const armbench::ArmModel& arm, std::vector<double>& theta) {
  for (size_t i = 0; i < theta.size(); ++i) {
    const armbench::ArmHinge& h = arm.hinges[i];
    double& t = theta[i];
    if (!std::isfinite(t)) return false;
    const double low = h.min - kLimitSlack, high = h.max + kLimitSlack;
    if (t < low) t += kTwoPi * std::ceil((low - t) / kTwoPi);
    if (t > high) t -= kTwoPi * std::ceil((t - high) / kTwoPi);
    if (t < h.min - kLimitSlack || t > h.max + kLimitSlack) return false;
  }
  return true;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const size_t k = static_cast<size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1;
  return v[std::min(k, v.size() - 1)];
}

std::string read_first_line_with(const char* path, const char* key) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return line;
  return "";
}

std::string cpu_model() {
  const std::string line = read_first_line_with("/proc/cpuinfo", "model name");
  const size_t colon = line.find(':');
  return colon == std::string::npos ? "unknown CPU" : line.substr(colon + 2);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  double one = 0, five = 0, fifteen = 0;
  in >> one >> five >> fifteen;
  char text[64];
  std::snprintf(text, sizeof text, "%.2f %.2f %.2f", one, five, fifteen);
  return text;
}

int cpu_count() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  int n = 0;
  while (std::getline(in, line))
    if (line.rfind("processor", 0) == 0) ++n;
  return n;
}

std::vector<Row> run_arm(const std::string& name, const Options& options) {
  const std::string path = std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + name + ".gltf";
  armbench::ArmModel arm;
  std::string error;
  if (!armbench::read_arm_gltf(path, arm, error)) throw std::runtime_error(error);
  ik::ImportedRig rig;
  if (!ik::import_gltf_file(path, rig, error)) throw std::runtime_error(error);

  // The same targets and seed for every solver.
  std::mt19937 rng(20240601u);
  std::vector<armbench::Pose3> targets;
  std::vector<double> theta(static_cast<size_t>(arm.dof()));
  for (int t = 0; t < options.targets; ++t) {
    for (size_t i = 0; i < theta.size(); ++i)
      theta[i] = std::uniform_real_distribution<double>(arm.hinges[i].min, arm.hinges[i].max)(rng);
    targets.push_back(armbench::flange_pose(arm, theta.data()));
  }
  std::vector<double> seed;
  for (const armbench::ArmHinge& h : arm.hinges) seed.push_back(0.5 * (h.min + h.max));

  std::vector<std::unique_ptr<armbench::IkRunner>> runners;
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::nr_jl_pinv));
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::nr_jl_wdls));
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::lma));
  armbench::DlsSettings dls;
  runners.push_back(armbench::make_ikscope_runner(arm, rig.skeleton, dls));
  dls.restarts = true;
  runners.push_back(armbench::make_ikscope_runner(arm, rig.skeleton, dls));

  const auto budget = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(options.budget_ms));
  const double budget_us = options.budget_ms * 1000.0;
  std::vector<Row> rows;
  for (auto& runner : runners) {
    std::vector<double> micros, iterations;
    int successes = 0;
    for (const armbench::Pose3& target : targets) {
      const Clock::time_point start = Clock::now();
      const int iters = runner->solve(target, seed, start + budget, theta);
      const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
      bool ok = into_limits(arm, theta);
      if (ok) ok = armbench::pose_error(target, armbench::flange_pose(arm, theta.data())).largest() <= kTolerance;
      // A success that overran the budget (the last iteration crossed the deadline) is not one.
      if (ok && us > budget_us) ok = false;
      successes += ok;
      micros.push_back(ok ? us : budget_us);
      iterations.push_back(iters);
    }
    Row row;
    row.arm = name;
    row.solver = runner->name();
    row.success_percent = 100.0 * successes / static_cast<double>(targets.size());
    row.median_us = percentile(micros, 0.5);
    row.p95_us = percentile(micros, 0.95);
    double sum = 0;
    for (double m : micros) sum += m;
    row.mean_us = sum / static_cast<double>(micros.size());
    row.median_iterations = percentile(iterations, 0.5);
    std::fprintf(stderr, "%-6s %-24s %7.2f%%  median %8.1f us\n", name.c_str(), row.solver.c_str(),
                 row.success_percent, row.median_us);
    rows.push_back(row);
  }
  return rows;
}

// The goal, per arm: ikscope (the better of its two rows) succeeds on >= 99.9 %
// of the targets, and its median time is at most a third of KDL LMA's in the same run.
std::string goals(const std::vector<Row>& rows) {
  std::ostringstream out;
  for (const Row& lma : rows) {
    if (lma.solver.rfind("KDL LMA", 0) != 0) continue;
    const Row* best = nullptr;
    for (const Row& r : rows)
      if (r.arm == lma.arm && r.solver.rfind("ikscope", 0) == 0 && (!best || r.success_percent > best->success_percent))
        best = &r;
    if (best == nullptr) continue;
    const bool success = best->success_percent >= 99.9;
    const bool speed = best->median_us <= lma.median_us / 3.0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "- %s: %s %.2f %% (goal >= 99.9 %%: %s), median %.0f µs against KDL LMA's %.0f µs (goal <= 1/3: %s)\n",
                  lma.arm.c_str(), best->solver.c_str(), best->success_percent, success ? "met" : "NOT met",
                  best->median_us, lma.median_us, speed ? "met" : "NOT met");
    out << line;
  }
  return out.str();
}

std::string table(const std::vector<Row>& rows) {
  std::ostringstream out;
  out << "| arm | solver | success | median µs | p95 µs | mean µs | median iterations |\n";
  out << "|---|---|---:|---:|---:|---:|---:|\n";
  char line[256];
  for (const Row& r : rows) {
    std::snprintf(line, sizeof line, "| %s | %s | %.2f %% | %.0f | %.0f | %.0f | %.0f |\n", r.arm.c_str(),
                  r.solver.c_str(), r.success_percent, r.median_us, r.p95_us, r.mean_us, r.median_iterations);
    out << line;
  }
  return out.str();
}

void write_section(const std::string& path, const std::string& section) {
  const std::string begin = "<!-- kdl-compare:begin -->", end = "<!-- kdl-compare:end -->";
  std::string text;
  {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    text = s.str();
  }
  const std::string block = begin + "\n" + section + end;
  const size_t b = text.find(begin), e = text.find(end);
  if (b != std::string::npos && e != std::string::npos && e > b)
    text.replace(b, e + end.size() - b, block);
  else
    text += (text.empty() ? "" : "\n") + block + "\n";
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--targets" && has_value)
      o.targets = std::atoi(argv[++i]);
    else if (a == "--budget-ms" && has_value)
      o.budget_ms = std::atof(argv[++i]);
    else if (a == "--out" && has_value)
      o.out = argv[++i];
    else if (a == "--arms" && has_value) {
      o.arms.clear();
      std::stringstream list(argv[++i]);
      std::string arm;
      while (std::getline(list, arm, ',')) o.arms.push_back(arm);
    } else
      return false;
  }
  return o.targets > 0 && o.budget_ms > 0.0 && !o.arms.empty();
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) {
    std::fprintf(stderr, "usage: %s [--targets N] [--budget-ms MS] [--arms arm7,panda,ur5] [--out FILE]\n", argv[0]);
    return 2;
  }
  const std::string load_before = load_average();
  const std::time_t started = std::time(nullptr);
  std::vector<Row> rows;
  try {
    for (const std::string& arm : options.arms) {
      const std::vector<Row> r = run_arm(arm, options);
      rows.insert(rows.end(), r.begin(), r.end());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ikscope_kdl_compare: %s\n", e.what());
    return 1;
  }
  const double minutes = std::difftime(std::time(nullptr), started) / 60.0;
  char date[64];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&started));
  const armbench::DlsSettings dls;
  char settings[256];
  std::snprintf(settings, sizeof settings,
                "ikscope DLS: lambda %g m, orientation weight %g m/rad, tolerance %g (metres + weight x radians), "
                "%d iterations per call; with restarts, a new random start after a stall or %d iterations.",
                dls.lambda, dls.orientation_weight, dls.tolerance, dls.iterations_per_call, dls.iterations_per_attempt);
  char minutes_text[32];
  std::snprintf(minutes_text, sizeof minutes_text, "%.1f", minutes);
  std::ostringstream section;
  section << "Run on " << date << " (" << minutes_text << " min), " << cpu_model() << ", " << cpu_count()
          << " logical CPUs, load average " << load_before << " before and " << load_average()
          << " after (1, 5, 15 min); "
#ifdef NDEBUG
          << "optimised build (NDEBUG)"
#else
          << "UNOPTIMISED build (assertions on)"
#endif
          << ". " << options.targets << " targets per arm, " << options.budget_ms
          << " ms of CPU time per solve (times are the solving thread's CPU time, one ~1 µs clock read "
             "included), tolerance 1e-5 on each of the six pose components. " << settings << "\n\n"
          << table(rows) << "\n" << goals(rows);
  std::printf("%s", section.str().c_str());
  if (!options.out.empty()) {
    try {
      write_section(options.out, section.str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ikscope_kdl_compare: %s\n", e.what());
      return 1;
    }
    std::fprintf(stderr, "wrote the table into %s\n", options.out.c_str());
  }
  return 0;
}
