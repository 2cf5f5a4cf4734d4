// Running hot solver code with AVX2 + FMA where the processor has them, while the library
// itself stays built for plain x86-64 (no -march) and runs on any x86-64.
//
// One mechanism, used by every fast path (its users: grep IsaDispatch):
//
//   IKSCOPE_ALWAYS_INLINE float iteration_body(Scratch& s, const glm::vec3& goal) { ... }
//   ...
//   const float error = IsaDispatch<iteration_body>::run(scratch, goal);
//
// The body is written once, always inline. IsaDispatch<body> has two member functions that
// call it, `plain` and `avx2_fma` (the latter marked IKSCOPE_TARGET_AVX2_FMA), so the
// compiler inlines the body into each and compiles it twice: once for plain x86-64 and once
// with VEX encoding and fused multiply-adds (GCC contracts a * b + c into one by default in
// C++). `run` calls the copy that active_isa() names. Out-of-line helpers the body calls
// (glm, the standard library, other files) stay plain x86-64 code, so no AVX instruction
// can leak into a function a plain build relies on. IsaDispatch<body, IsaHot> marks both
// copies hot and keeps them out of line, for a long body run on every solve (IsaHot below
// says why and who).
//
// IKSCOPE_ISA=plain in the environment makes a process start on the plain copies, as on a
// processor without AVX2: CI runs the release build's unit tests a second time so (the
// `release-plain` test preset), which tests the very copies a plain x86-64 machine runs.
// -DIKSCOPE_NO_AVX2_FMA_PATH (the `plain` preset) compiles the AVX2 copies out: `run` then
// always calls `plain`. test_isa_dispatch checks that the two copies agree to a stated
// tolerance.
//
// Determinism: one binary on one machine always takes the same copy (unless IKSCOPE_ISA, a
// test or a benchmark chose), so the same input gives the same output bit for bit. The two
// copies round differently (a fused multiply-add rounds once), so results may differ in the
// last bits between a machine with FMA and one without.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__GNUC__) && defined(__x86_64__) && !defined(IKSCOPE_NO_AVX2_FMA_PATH)
#define IKSCOPE_HAS_AVX2_FMA_PATH 1
#define IKSCOPE_TARGET_AVX2_FMA __attribute__((target("avx2,fma")))
#define IKSCOPE_ALWAYS_INLINE inline __attribute__((always_inline))
#define IKSCOPE_HOT __attribute__((hot, noinline))
#elif defined(__GNUC__)
#define IKSCOPE_HAS_AVX2_FMA_PATH 0
#define IKSCOPE_TARGET_AVX2_FMA
#define IKSCOPE_ALWAYS_INLINE inline __attribute__((always_inline))
#define IKSCOPE_HOT __attribute__((hot, noinline))
#else
#define IKSCOPE_HAS_AVX2_FMA_PATH 0
#define IKSCOPE_TARGET_AVX2_FMA
#define IKSCOPE_ALWAYS_INLINE inline
#define IKSCOPE_HOT
#endif

namespace ik {

// The instruction sets a dispatched body is compiled for.
enum class Isa : std::uint8_t {
  plain,     // x86-64 as the library is built (SSE2), or whatever the target is
  avx2_fma,  // AVX2 + FMA (x86-64 with IKSCOPE_HAS_AVX2_FMA_PATH only)
};

// True if this build has the AVX2 + FMA copies and this processor (and its operating
// system, which must save the AVX registers) runs them. Asked once; later calls read a
// cached flag.
inline bool cpu_has_avx2_fma() {
#if IKSCOPE_HAS_AVX2_FMA_PATH
  static const bool has = [] {
    __builtin_cpu_init();  // harmless if done; needed if asked from a static initialiser
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
#else
  return false;
#endif
}

// IsaDispatch<body, IsaHot>: both copies marked __attribute__((hot, noinline)), for a long body that
// runs on every solve. GCC's size heuristics judge the calls in a long body unlikely and
// may leave small helpers (scale_over_sqrt, glm's cross and dot) out of line; every such
// call then spills all the live floats (the SysV ABI saves no xmm register). "hot" makes
// it inline them and optimise the copies for speed. The copies are also kept out of line
// (noinline), so that `run` stays a test and a jump: the plain copy inlined into `run`
// would make every call, the AVX2 one too, save and restore its registers first. The
// two-bone fast path needs this (solvers/ik/analytic/two_bone_fast.cpp); the other bodies, short
// loops, do not.
struct IsaHot {};

namespace isa_detail {
struct Plain {};  // IsaDispatch's default mark: none

// The copy IsaDispatch::run calls: the best the processor has, unless IKSCOPE_ISA or set_isa
// chose. One
// variable for the process, set while static objects are initialised, so that `run` reads
// it with one load and compare (a function-local static would add a guard check, and the
// guard's rarely taken initialisation call makes each caller save registers first). Read
// before its initialisation (from another file's static initialiser) it is zero: plain,
// which is correct everywhere.
// IKSCOPE_ISA=plain (any other value, or none: the best) is read here, once.
inline bool plain_asked_by_environment() {
  const char* asked = std::getenv("IKSCOPE_ISA");
  return asked != nullptr && std::strcmp(asked, "plain") == 0;
}
inline Isa chosen_isa = cpu_has_avx2_fma() && !plain_asked_by_environment() ? Isa::avx2_fma : Isa::plain;
}  // namespace isa_detail

// The copy every IsaDispatch::run calls in this process.
inline Isa active_isa() { return isa_detail::chosen_isa; }

// For tests and benchmarks only: run the plain copies on an AVX2 machine (or go back).
// Asking for avx2_fma where cpu_has_avx2_fma() is false keeps plain. Returns the copy now
// active. Not thread-safe: call it before solving, not while solving.
inline Isa set_isa(Isa isa) {
  isa_detail::chosen_isa = (isa == Isa::avx2_fma && !cpu_has_avx2_fma()) ? Isa::plain : isa;
  return active_isa();
}

// The two copies of one always-inline body and the call that picks between them. The
// optional second argument marks both copies (isa_detail::Plain: nothing; IsaHot: hot).
template <auto Body, typename Mark = isa_detail::Plain>
struct IsaDispatch;

namespace isa_detail {
// The pick between the two copies, written once for every mark: `Copies` (the
// IsaDispatch specialisation deriving from this) has static plain and avx2_fma.
template <typename Copies, typename Result, typename... Args>
struct PickCopy {
  static Result run(Args... args) {
#if IKSCOPE_HAS_AVX2_FMA_PATH
    if (active_isa() == Isa::avx2_fma) return Copies::avx2_fma(static_cast<Args>(args)...);
#endif
    return Copies::plain(static_cast<Args>(args)...);
  }
};
}  // namespace isa_detail

template <typename Result, typename... Args, Result (*Body)(Args...)>
struct IsaDispatch<Body, isa_detail::Plain>
    : isa_detail::PickCopy<IsaDispatch<Body, isa_detail::Plain>, Result, Args...> {
  static Result plain(Args... args) { return Body(static_cast<Args>(args)...); }
#if IKSCOPE_HAS_AVX2_FMA_PATH
  IKSCOPE_TARGET_AVX2_FMA static Result avx2_fma(Args... args) { return Body(static_cast<Args>(args)...); }
#endif
};

template <typename Result, typename... Args, Result (*Body)(Args...)>
struct IsaDispatch<Body, IsaHot> : isa_detail::PickCopy<IsaDispatch<Body, IsaHot>, Result, Args...> {
  IKSCOPE_HOT static Result plain(Args... args) { return Body(static_cast<Args>(args)...); }
#if IKSCOPE_HAS_AVX2_FMA_PATH
  IKSCOPE_TARGET_AVX2_FMA IKSCOPE_HOT static Result avx2_fma(Args... args) { return Body(static_cast<Args>(args)...); }
#endif
};

}  // namespace ik
