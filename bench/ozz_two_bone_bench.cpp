#include "bench/ozz_two_bone_bench.h"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#if IKSCOPE_HAVE_OZZ
#include "bench/ozz_two_bone.h"
#endif

namespace ikbench {
namespace {

#if IKSCOPE_HAVE_OZZ
constexpr int kCases = 256;  // cycled through; both sides' data for them fit in L2
constexpr unsigned kSeed = 17;

TwoBonePeers& peers() {
  static TwoBonePeers shared(kCases, kSeed);
  return shared;
}

// One benchmark per side, the same loop: case after case, each solve writing its case's
// own output.
template <void (TwoBonePeers::*solve)(int)>
void time_peer(benchmark::State& state) {
  TwoBonePeers& p = peers();
  int i = 0;
  for (auto _ : state) {
    (p.*solve)(i);
    benchmark::ClobberMemory();
    if (++i == kCases) i = 0;
  }
}

void BM_TwoBonePeers_Ikscope(benchmark::State& state) { time_peer<&TwoBonePeers::solve_ikscope>(state); }
void BM_TwoBonePeers_Ozz(benchmark::State& state) { time_peer<&TwoBonePeers::solve_ozz>(state); }
void BM_TwoBonePeers_OzzJobOnly(benchmark::State& state) { time_peer<&TwoBonePeers::run_ozz_job_only>(state); }
BENCHMARK(BM_TwoBonePeers_Ikscope);
BENCHMARK(BM_TwoBonePeers_Ozz);
BENCHMARK(BM_TwoBonePeers_OzzJobOnly);
#endif

// The console output as usual, and each benchmark's CPU time per iteration kept: the
// median aggregate when repetitions make one, else the median of its runs.
class KeepingReporter : public benchmark::ConsoleReporter {
 public:
  // Colours only on a terminal (Google Benchmark's own default reporter asks the flag).
  KeepingReporter() : benchmark::ConsoleReporter(isatty(fileno(stdout)) ? OO_Defaults : OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    benchmark::ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      Times& t = times_[run.run_name.function_name];
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") t.median = run.GetAdjustedCPUTime();
      } else {
        t.runs.push_back(run.GetAdjustedCPUTime());
      }
    }
  }
  // Nanoseconds (the benchmarks' default unit), or a negative number if it did not run.
  double time(const std::string& name) const {
    const auto found = times_.find(name);
    if (found == times_.end()) return -1.0;
    if (found->second.median >= 0.0) return found->second.median;
    std::vector<double> runs = found->second.runs;
    if (runs.empty()) return -1.0;
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
  }

 private:
  struct Times {
    double median = -1.0;
    std::vector<double> runs;
  };
  std::map<std::string, Times> times_;
};

}  // namespace

int run_benchmarks_with_two_bone_peers(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  bool check_passed = true;
#if IKSCOPE_HAVE_OZZ
  const TwoBonePeerCheck check = peers().check();
  check_passed = check.passed;
  std::printf("%s\n", check.text.c_str());
#else
  std::printf("two-bone peers: ozz-animation not built (no snapshot at IKSCOPE_SHARED_DIR/peers/ozz-animation)\n");
#endif
  std::fflush(stdout);
  KeepingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
#if IKSCOPE_HAVE_OZZ
  const double ikscope = reporter.time("BM_TwoBonePeers_Ikscope"), ozz = reporter.time("BM_TwoBonePeers_Ozz");
  const double job_only = reporter.time("BM_TwoBonePeers_OzzJobOnly");
  if (ikscope > 0.0 && ozz > 0.0) {
    const double ratio = ikscope / ozz;
    std::printf(
        "two-bone, the same work per solve (bench/ozz_two_bone.h), CPU time: ikscope %.1f ns [%s], ozz %.1f ns "
        "[%s]; ikscope / ozz = %.3f (goal <= 1/3: %s)",
        ikscope, TwoBonePeers::ikscope_instruction_set(), ozz, TwoBonePeers::ozz_instruction_set(), ratio,
        ratio <= 1.0 / 3.0 ? "met" : "NOT met");
    if (job_only > 0.0) std::printf("; ozz's IKTwoBoneJob::Run alone %.1f ns", job_only);
    std::printf("\n");
  }
  if (!check_passed) std::printf("two-bone peers: the position check FAILED (see its line above)\n");
#endif
  return check_passed ? 0 : 1;
}

}  // namespace ikbench
