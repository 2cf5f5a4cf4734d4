// ikscope_kdl_compare: ikscope's damped least squares against Orocos KDL and TRAC-IK on
// 6-D pose IK for three robot arms, in one process, on the same targets (TRAC-IK's
// protocol; arm_rows.h has the targets, the one success check and how times are taken):
// N (default 10,000) targets per arm, every solver seeded at mid-limits, a budget of 5 ms
// per solve (the solving thread's CPU time; TRAC-IK keeps its own, in wall time).
//
// Rows: KDL NR_JL (pinv, wdls), KDL LMA, KDL-RR (LMA in ikscope's restart wrapper),
// TRAC-IK (trac_ik.cmake), ikscope DLS without and with restarts
// (ik_runners.h, trac_ik_runner.h). For each: success %, then median / p95 / mean µs as
// CPU time of all threads and as wall time, and median iterations.
//
// Prints a markdown table and the goals, and with --out FILE writes them with the
// machine, load and date between the markers "<!-- kdl-compare:begin -->" and
// "<!-- kdl-compare:end -->" of FILE (the rest of the file is kept; the section is
// appended if the markers are missing).
//
//   ikscope_kdl_compare [--targets N] [--budget-ms MS] [--arms arm7,panda,ur5]
//                       [--solvers SUBSTRING,...] [--out FILE]
// --solvers keeps the rows whose name contains one of the substrings (for quick runs).
//
// Index:
//   Options and the machine  Options, split, read_first_line_with, cpu_model, load_average, cpu_count
//   Running the rows         wanted (--solvers), run_arm (the seven runners on one arm)
//   The report               find_row, as_fraction, goals, table, write_section (between the markers of FILE)
//   Command line             parse, main
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/kdl/arm_rows.h"
#include "bench/kdl/ik_runners.h"
#include "bench/kdl/trac_ik_runner.h"

namespace {

using armbench::Row;

// ---- Options and the machine ------------------------------------------------------------

struct Options {
  int targets = 10000;
  double budget_ms = 5.0;
  std::vector<std::string> arms{"arm7", "panda", "ur5"};
  std::vector<std::string> solvers;  // empty: all
  std::string out;
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> parts;
  std::stringstream in(list);
  std::string part;
  while (std::getline(in, part, ','))
    if (!part.empty()) parts.push_back(part);
  return parts;
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

// ---- Running the rows -------------------------------------------------------------------

bool wanted(const Options& options, const std::string& solver) {
  if (options.solvers.empty()) return true;
  for (const std::string& s : options.solvers)
    if (solver.find(s) != std::string::npos) return true;
  return false;
}

std::vector<Row> run_arm(const std::string& name, const Options& options) {
  const std::unique_ptr<armbench::ArmCase> arm_case =
      armbench::load_arm_case(name, std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + name + ".gltf", options.targets);
  const armbench::ArmModel& arm = arm_case->arm;
  const armbench::DlsSettings dls;
  armbench::DlsSettings dls_restarts = dls;
  dls_restarts.restarts = true;

  std::vector<std::unique_ptr<armbench::IkRunner>> runners;
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::nr_jl_pinv, dls_restarts));
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::nr_jl_wdls, dls_restarts));
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::lma, dls_restarts));
  runners.push_back(armbench::make_kdl_runner(arm, armbench::KdlMethod::lma_restarts, dls_restarts));
  runners.push_back(armbench::make_trac_ik_runner(arm, options.budget_ms / 1000.0));
  runners.push_back(armbench::make_ikscope_runner(arm, arm_case->rig.skeleton, dls));
  runners.push_back(armbench::make_ikscope_runner(arm, arm_case->rig.skeleton, dls_restarts));

  std::vector<Row> rows;
  for (auto& runner : runners) {
    if (!wanted(options, runner->name())) continue;
    const Row row = armbench::run_row(*arm_case, *runner, options.budget_ms);
    std::fprintf(stderr, "%-6s %-26s %7.2f%%  median %8.1f us CPU, %8.1f us wall\n", name.c_str(), row.solver.c_str(),
                 row.success_percent, row.cpu.median, row.wall.median);
    rows.push_back(row);
  }
  return rows;
}

// ---- The report -------------------------------------------------------------------------

const Row* find_row(const std::vector<Row>& rows, const std::string& arm, const std::string& prefix) {
  for (const Row& r : rows)
    if (r.arm == arm && r.solver.rfind(prefix, 0) == 0) return &r;
  return nullptr;
}

// "1/12.3" for a ratio of 0.081.
std::string as_fraction(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, ratio > 0.0 ? "1/%.1f" : "-", ratio > 0.0 ? 1.0 / ratio : 0.0);
  return text;
}

// The goals, per arm, for ikscope's better row (the higher success): success >= 99.9 %
// and >= TRAC-IK's; median time <= 1/10 of TRAC-IK's, judged on CPU time of all threads
// (wall time given beside it); and the earlier goal, median <= 1/3 of KDL LMA's (CPU).
std::string goals(const std::vector<Row>& rows, const std::vector<std::string>& arms) {
  std::ostringstream out;
  char line[640];
  for (const std::string& arm : arms) {
    const Row* best = nullptr;
    for (const Row& r : rows)
      if (r.arm == arm && r.solver.rfind("ikscope", 0) == 0 && (!best || r.success_percent > best->success_percent))
        best = &r;
    if (best == nullptr) continue;
    std::snprintf(line, sizeof line, "- %s: %s %.2f %% (goal >= 99.9 %%: %s)", arm.c_str(), best->solver.c_str(),
                  best->success_percent, best->success_percent >= 99.9 ? "met" : "NOT met");
    out << line;
    if (const Row* trac = find_row(rows, arm, "TRAC-IK")) {
      const double cpu = best->cpu.median / trac->cpu.median, wall = best->wall.median / trac->wall.median;
      std::snprintf(line, sizeof line,
                    "; TRAC-IK %.2f %% (goal ikscope >= TRAC-IK: %s; along the target's axes %.2f %% against "
                    "ikscope's %.2f %%: %s); median CPU time %.1f µs against TRAC-IK's %.1f µs, %s (goal <= 1/10: "
                    "%s); wall time %.1f against %.1f µs, %s (%s)",
                    trac->success_percent, best->success_percent >= trac->success_percent ? "met" : "NOT met",
                    trac->success_percent_target_frame, best->success_percent_target_frame,
                    best->success_percent_target_frame >= trac->success_percent_target_frame ? "met" : "not met",
                    best->cpu.median, trac->cpu.median, as_fraction(cpu).c_str(), cpu <= 0.1 ? "met" : "NOT met",
                    best->wall.median, trac->wall.median, as_fraction(wall).c_str(), wall <= 0.1 ? "met" : "not met");
      out << line;
    }
    if (const Row* lma = find_row(rows, arm, "KDL LMA")) {
      const double cpu = best->cpu.median / lma->cpu.median;
      std::snprintf(line, sizeof line, "; against KDL LMA's %.1f µs CPU, %s (goal <= 1/3: %s)", lma->cpu.median,
                    as_fraction(cpu).c_str(), cpu <= 1.0 / 3.0 ? "met" : "NOT met");
      out << line;
    }
    if (const Row* rr = find_row(rows, arm, "KDL-RR")) {
      std::snprintf(line, sizeof line, "; KDL-RR %.2f %% at %.1f µs CPU", rr->success_percent, rr->cpu.median);
      out << line;
    }
    out << "\n";
  }
  return out.str();
}

std::string table(const std::vector<Row>& rows) {
  std::ostringstream out;
  out << "| arm | solver | success | success, target's axes | median µs CPU / wall | p95 µs CPU / wall | mean µs "
         "CPU / wall | median iterations |\n";
  out << "|---|---|---:|---:|---:|---:|---:|---:|\n";
  char line[320], iterations[32];
  for (const Row& r : rows) {
    if (r.median_iterations >= 0.0)
      std::snprintf(iterations, sizeof iterations, "%.0f", r.median_iterations);
    else
      std::snprintf(iterations, sizeof iterations, "–");
    std::snprintf(line, sizeof line, "| %s | %s | %.2f %% | %.2f %% | %.1f / %.1f | %.0f / %.0f | %.0f / %.0f | %s |\n",
                  r.arm.c_str(), r.solver.c_str(), r.success_percent, r.success_percent_target_frame, r.cpu.median,
                  r.wall.median, r.cpu.p95, r.wall.p95, r.cpu.mean, r.wall.mean, iterations);
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

// ---- Command line -----------------------------------------------------------------------

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
    else if (a == "--arms" && has_value)
      o.arms = split(argv[++i]);
    else if (a == "--solvers" && has_value)
      o.solvers = split(argv[++i]);
    else
      return false;
  }
  return o.targets > 0 && o.budget_ms > 0.0 && !o.arms.empty();
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) {
    std::fprintf(stderr,
                 "usage: %s [--targets N] [--budget-ms MS] [--arms arm7,panda,ur5] [--solvers SUBSTRING,...] "
                 "[--out FILE]\n",
                 argv[0]);
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
  char settings[512];
  std::snprintf(settings, sizeof settings,
                "ikscope DLS: lambda %g m, orientation weight %g m/rad, tolerance %g (metres + weight x radians), "
                "%d iterations per call; with restarts, a new random start after a stall or %d iterations "
                "(KDL-RR: the same wrapper around LMA, %d iterations per call). TRAC-IK: SolveType::Speed, eps "
                "1e-5, its budget %g ms of wall time.",
                dls.lambda, dls.orientation_weight, dls.tolerance, dls.iterations_per_call, dls.iterations_per_attempt,
                dls.iterations_per_call, options.budget_ms);
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
          << " ms per solve (the solving thread's CPU time; TRAC-IK's own budget is wall time). Times are CPU "
             "time of all threads of the process (for the single-threaded rows, the solving thread's) and wall "
             "time, read around each solve call; a failure counts as the budget, or what it took if more. "
             "Tolerance 1e-5 on each of the six pose components. "
          << settings << "\n\n"
          << table(rows) << "\n"
          << "Goals (median times: the goal is judged on CPU time of all threads; wall time beside it):\n\n"
          << goals(rows, options.arms);
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
