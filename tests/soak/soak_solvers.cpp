// Solver soak: a million random solves per solver of the solver table (solver_table.h),
// each checked against the solver contract (soak_checks.h): reachable, unreachable and
// degenerate goals, NaN and infinite input, bad indices, tight limits, bad parameters
// (soak_cases.h). Fixed seeds; every case has its own seed, so a failure names the one
// case that re-runs it.
//
//   soak_solvers [--solves N] [--seed S] [--solver ID] [--case K] [--show N] [--self-test]
//     --solves N   solves per solver (default 1000000)
//     --seed S     the run's seed (default 1)
//     --solver ID  only this solver (an id of the table: fabrik, ccd, dls, ...)
//     --case K     only case K of --solver, printed in detail
//     --show N     failing cases printed per solver and check (default 3)
//     --self-test  only check that every check catches a spoiled solve (soak_self_test.h)
//
// Prints per solver: solves, failed solves, time spent in the solver, the statuses
// returned, and for failures which checks failed with the first few examples. Exits 1 if
// any solve failed a check. Not part of ctest (it runs for minutes): see tests/soak/README.md.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/mass_spring/mass_spring.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"
#include "tests/soak/soak_cases.h"
#include "tests/soak/soak_checks.h"
#include "tests/soak/soak_rng.h"
#include "tests/soak/soak_self_test.h"

namespace {

struct Options {
  long long solves = 1000000;
  std::uint64_t seed = 1;
  int solver = -1;         // -1: every solver
  long long only_case = -1;
  int show = 3;
  bool self_test = false;
};

struct Example {
  long long case_index;
  int solve_index;
  soak::Kind kind;
  std::string variant;
  soak::Violation violation;
};

struct Stats {
  long long solves = 0;
  long long failed = 0;
  long long cases = 0;
  double solve_seconds = 0.0;
  double wall_seconds = 0.0;
  long long status[5] = {};
  long long kind_solves[soak::kKindCount] = {};
  long long kind_failed[soak::kKindCount] = {};
  std::map<std::string, long long> variant_failed;  // "kind: variant" -> failed solves
  std::map<std::string, long long> checks;  // check name -> failed solves
  std::map<std::string, std::vector<Example>> examples;  // the first few per check
};

// Every 16th solve is repeated with a fresh workspace: the output must be the same.
constexpr int kRepeatEvery = 16;

bool same_result(const ik::SolveResult& a, const ik::SolveResult& b) {
  return a.status == b.status && a.iterations == b.iterations &&
         std::memcmp(&a.error, &b.error, sizeof(float)) == 0;
}

void print_case(const soak::Case& c, long long index) {
  std::printf("case %lld: %s, %s; %d joints, %zu solve(s)%s\n", index, soak::to_string(c.kind),
              c.variant, c.skeleton.joint_count(), c.solves.size(),
              c.expect_invalid ? ", invalid input" : "");
  const ik::Chain& chain = c.solves.front();
  std::printf("  chain %d -> %d, %zu extra effector(s), use_limits %d, warm_start %d, "
              "max_iterations %d, locks %s\n",
              chain.root, chain.effector, chain.extra_effectors.size(), chain.params.use_limits,
              chain.params.warm_start, chain.params.max_iterations,
              c.locked.empty() ? "none" : "some");
  for (size_t k = 0; k < c.solves.size(); ++k) {
    const ik::Goal& g = c.solves[k].goal;
    std::printf("  goal %zu: (%g, %g, %g)%s, scale %g\n", k, g.position.x, g.position.y,
                g.position.z, g.use_orientation ? " with orientation" : "", g.scale);
  }
}

// The case's full-body settings into the workspace's FullBodyScratch.
void set_full_body_settings(const soak::Case& c, ik::Workspace& workspace) {
  ik::FullBodyScratch& s = ik::scratch_of<ik::FullBodyScratch>(workspace);
  s.stiffness = c.stiffness;
  s.root_translation_stiffness = c.root_translation_stiffness;
  s.balance = c.balance;
  s.heels_rise = c.heels_rise;
  s.knees_over_toes = c.knees_over_toes;
  s.reference_pull = c.reference_pull;
  s.hanging_joints = c.hanging_joints;
  s.segment_mass = c.segment_mass;
  s.reference_pose = c.has_reference_pose ? &c.reference_pose : nullptr;
}

// Runs one case (all its solves), checks each solve, adds to `stats`.
void run_case(const ik::SolverInfo& solver, const soak::Case& c, long long case_index,
              const Options& options, ik::Workspace& workspace, Stats& stats, bool verbose) {
  workspace.locked = c.locked;
  set_full_body_settings(c, workspace);
  ik::scratch_of<ik::MassSpringScratch>(workspace).states.clear();  // a new rig: the mass-spring simulation starts afresh
  workspace.chain_slot = 0;
  ik::Pose pose = c.pose;
  ik::Trace trace;
  const bool with_trace = case_index % 2 == 0;
  trace.record_poses = case_index % 6 == 0;
  std::vector<soak::Violation> violations;

  for (size_t k = 0; k < c.solves.size(); ++k) {
    const ik::Chain& chain = c.solves[k];
    const ik::Pose before = pose;
    const bool repeat = (stats.solves + 1) % kRepeatEvery == 0;
    std::vector<ik::MassSpringState> state_before;
    if (repeat) state_before = ik::scratch_of<ik::MassSpringScratch>(workspace).states;
    trace.clear();

    const auto start = std::chrono::steady_clock::now();
    const ik::SolveResult result =
        solver.solve(c.skeleton, chain, pose, workspace, with_trace ? &trace : nullptr);
    stats.solve_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    violations.clear();
    soak::SolveRecord record;
    record.solver = &solver;
    record.skeleton = &c.skeleton;
    record.chain = &chain;
    record.locked = &c.locked;
    record.before = &before;
    record.after = &pose;
    record.result = result;
    record.expect_invalid = c.expect_invalid;
    record.stiffness = &c.stiffness;
    record.root_translation_stiffness = c.root_translation_stiffness;
    soak::check_solve(record, violations);
    if (with_trace && result.status != ik::SolveStatus::invalid_input && !c.expect_invalid &&
        c.kind != soak::Kind::bad_params)
      for (float e : trace.error)
        if (!std::isfinite(e)) {
          violations.push_back({"trace", "the trace holds a non-finite error"});
          break;
        }

    if (repeat) {
      ik::Workspace fresh;
      fresh.locked = c.locked;
      set_full_body_settings(c, fresh);
      ik::scratch_of<ik::MassSpringScratch>(fresh).states = state_before;
      ik::Pose again = before;
      ik::Trace trace_again;
      trace_again.record_poses = trace.record_poses;
      const ik::SolveResult result_again =
          solver.solve(c.skeleton, chain, again, fresh, with_trace ? &trace_again : nullptr);
      const std::string difference = soak::pose_difference(pose, again);
      if (!difference.empty() || !same_result(result, result_again))
        violations.push_back({"repeatable", "a fresh workspace gave another result: " +
                                                (difference.empty() ? "status/iterations/error"
                                                                    : difference)});
    }

    ++stats.solves;
    ++stats.status[static_cast<int>(result.status)];
    ++stats.kind_solves[static_cast<int>(c.kind)];
    if (verbose)
      std::printf("  solve %zu: %s, %d iterations, error %g\n", k, ik::to_string(result.status),
                  result.iterations, result.error);
    if (violations.empty()) continue;
    ++stats.failed;
    ++stats.kind_failed[static_cast<int>(c.kind)];
    ++stats.variant_failed[std::string(soak::to_string(c.kind)) + ": " + c.variant];
    std::map<std::string, bool> counted;
    for (const soak::Violation& v : violations) {
      if (verbose) std::printf("  VIOLATION %s: %s\n", v.check, v.message.c_str());
      if (counted[v.check]) continue;
      counted[v.check] = true;
      ++stats.checks[v.check];
      std::vector<Example>& examples = stats.examples[v.check];
      if (static_cast<int>(examples.size()) < options.show)
        examples.push_back({case_index, static_cast<int>(k), c.kind, c.variant, v});
    }
  }
}

Stats soak_solver(int solver_index, const Options& options) {
  const ik::SolverInfo& solver = ik::solver_table()[solver_index];
  Stats stats;
  ik::Workspace workspace;  // reused across cases, as the program does (buffers only grow)
  const auto start = std::chrono::steady_clock::now();
  if (options.only_case >= 0) {
    soak::Rng rng(soak::case_seed(options.seed, solver_index,
                                  static_cast<std::uint64_t>(options.only_case)));
    const soak::Case c = soak::make_case(solver, rng);
    print_case(c, options.only_case);
    run_case(solver, c, options.only_case, options, workspace, stats, true);
  } else {
    for (long long index = 0; stats.solves < options.solves; ++index) {
      soak::Rng rng(soak::case_seed(options.seed, solver_index, static_cast<std::uint64_t>(index)));
      const soak::Case c = soak::make_case(solver, rng);
      run_case(solver, c, index, options, workspace, stats, false);
      ++stats.cases;
    }
  }
  stats.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

void print_stats(const ik::SolverInfo& solver, const Stats& s, const Options& options) {
  std::printf("%-20s %9lld %8lld %9.1f %9.2f %8.1f   %lld / %lld / %lld / %lld / %lld\n",
              solver.id, s.solves, s.failed, s.solve_seconds,
              s.solves ? 1e6 * s.solve_seconds / static_cast<double>(s.solves) : 0.0,
              s.wall_seconds, s.status[0], s.status[1], s.status[2], s.status[3], s.status[4]);
  std::fflush(stdout);
  if (s.failed == 0) return;
  for (int k = 0; k < soak::kKindCount; ++k)
    if (s.kind_failed[k] > 0)
      std::printf("    %-16s %lld of %lld solves failed\n",
                  soak::to_string(static_cast<soak::Kind>(k)), s.kind_failed[k], s.kind_solves[k]);
  for (const auto& [variant, count] : s.variant_failed)
    std::printf("      %-46s %lld failed\n", variant.c_str(), count);
  for (const auto& [check, count] : s.checks) {
    std::printf("    check %-18s failed in %lld solves\n", check.c_str(), count);
    for (const Example& e : s.examples.at(check))
      std::printf("      e.g. --solver %s --seed %llu --case %lld (solve %d; %s, %s): %s\n",
                  solver.id, static_cast<unsigned long long>(options.seed), e.case_index,
                  e.solve_index, soak::to_string(e.kind), e.variant.c_str(),
                  e.violation.message.c_str());
  }
}

bool parse(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--solves" && has_value) {
      options.solves = std::atoll(argv[++i]);
    } else if (arg == "--seed" && has_value) {
      options.seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--solver" && has_value) {
      options.solver = ik::find_solver(argv[++i]);
      if (options.solver < 0) {
        std::fprintf(stderr, "soak_solvers: no solver '%s'\n", argv[i]);
        return false;
      }
    } else if (arg == "--case" && has_value) {
      options.only_case = std::atoll(argv[++i]);
    } else if (arg == "--show" && has_value) {
      options.show = std::atoi(argv[++i]);
    } else if (arg == "--self-test") {
      options.self_test = true;
    } else {
      std::fprintf(stderr,
                   "usage: soak_solvers [--solves N] [--seed S] [--solver ID] [--case K] "
                   "[--show N] [--self-test]\n");
      return false;
    }
  }
  if (options.only_case >= 0 && options.solver < 0) {
    std::fprintf(stderr, "soak_solvers: --case needs --solver\n");
    return false;
  }
  return options.solves > 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) return 2;
  if (options.self_test) return soak::self_test() ? 0 : 1;
  if (options.only_case < 0)
    std::printf("solver soak: %lld solves per solver, seed %llu, on %s\n\n"
                "%-20s %9s %8s %9s %9s %8s   %s\n",
                options.solves, static_cast<unsigned long long>(options.seed), cpu_name().c_str(),
                "solver", "solves", "failed", "solve s", "us/solve", "wall s",
                "reached / max_iterations / stalled / unreachable / invalid_input");
  long long failed = 0;
  for (int i = 0; i < ik::solver_count(); ++i) {
    if (options.solver >= 0 && i != options.solver) continue;
    const Stats stats = soak_solver(i, options);
    failed += stats.failed;
    if (options.only_case < 0) print_stats(ik::solver_table()[i], stats, options);
  }
  return failed == 0 ? 0 : 1;
}
