// bench_analytic's main: Google Benchmark's, plus the two-bone peer comparison
// (ozz_two_bone.h): before the benchmarks, the check that ikscope and ozz reach the same
// positions on the shared cases (printed; a failure makes the exit status 1); after them,
// ikscope's time per solve over ozz's for the same work, against the goal of one third.
// The peer benchmarks are BM_TwoBonePeers_* (registered by ozz_two_bone_bench.cpp); without
// the ozz snapshot (IKSCOPE_HAVE_OZZ 0) they are absent and a line says why.
#pragma once

namespace ikbench {

int run_benchmarks_with_two_bone_peers(int argc, char** argv);

}  // namespace ikbench
