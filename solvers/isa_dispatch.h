// Running hot solver code with AVX2 + FMA where the processor has them, while the library
// itself stays built for plain x86-64 (no -march) and runs on any x86-64. Used by the
// analytic two-bone solve's lean path (analytic.cpp), FABRIK's passes and quaternion
// set-up (fabrik.cpp) and rotation rebuild (chain_aim.cpp), and the Jacobian solvers'
// fused iteration (jacobian.cpp).
//
// The pattern: the code is written once, as an always-inline function (or template); two
// thin wrappers call it, one of them marked IKSCOPE_TARGET_AVX2_FMA, so the compiler
// inlines the body into each and compiles it twice, once with VEX encoding and fused
// multiply-adds (GCC contracts a * b + c into one by default in C++). The caller picks a
// wrapper with cpu_has_avx2_fma(), decided once per process. Out-of-line helpers the body
// calls (glm, the standard library, other files) stay plain x86-64 code, so no AVX
// instruction can leak into a function a plain build relies on.
//
// -DIKSCOPE_NO_AVX2_FMA_PATH builds only the plain code (to test it on an AVX2 machine).
//
// Determinism: one binary on one machine always takes the same wrapper, so the same input
// gives the same output bit for bit. The two wrappers round differently (a fused
// multiply-add rounds once), so results may differ in the last bits between a machine with
// FMA and one without.
#pragma once

#if defined(__GNUC__) && defined(__x86_64__) && !defined(IKSCOPE_NO_AVX2_FMA_PATH)
#define IKSCOPE_HAS_AVX2_FMA_PATH 1
#define IKSCOPE_TARGET_AVX2_FMA __attribute__((target("avx2,fma")))
#define IKSCOPE_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define IKSCOPE_HAS_AVX2_FMA_PATH 0
#define IKSCOPE_TARGET_AVX2_FMA
#define IKSCOPE_ALWAYS_INLINE inline
#endif

namespace ik {

// True if this processor (and its operating system, which must save the AVX registers)
// runs AVX2 and FMA instructions. Asked once; later calls read a cached flag.
inline bool cpu_has_avx2_fma() {
#if IKSCOPE_HAS_AVX2_FMA_PATH
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
#else
  return false;
#endif
}

}  // namespace ik
