// Running hot solver code with AVX2 + FMA where the processor has them, while the library
// itself stays built for plain x86-64 (no -march) and runs on any x86-64.
//
// The pattern: the code is written once, as an always-inline function (or template); two
// thin wrappers call it, one of them marked IKSCOPE_TARGET_AVX2_FMA, so the compiler
// inlines the body into each and compiles it twice, once with VEX encoding and fused
// multiply-adds. The caller picks a wrapper with cpu_has_avx2_fma(), decided once per
// process. Out-of-line helpers the body calls (glm, the standard library, other files) stay
// plain x86-64 code, so no AVX instruction can leak into a function a plain build relies on.
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

// a * b + c, rounded once (a fused multiply-add) when kFused: only for code inlined into an
// IKSCOPE_TARGET_AVX2_FMA function, where it is one instruction (elsewhere it would be a
// slow library call). Where the order of operations sets a loop's latency, the hot code
// says which products fuse instead of leaving it to the compiler.
template <bool kFused>
IKSCOPE_ALWAYS_INLINE float multiply_add(float a, float b, float c) {
  if constexpr (kFused) return __builtin_fmaf(a, b, c);
  return a * b + c;
}

// `v` unchanged, but opaque to the compiler, so that a product kept in it is not fused into
// the addition that reads it (a fused multiply-add waits for all three operands; a separate
// multiply runs before the addend is ready). No instruction is emitted.
IKSCOPE_ALWAYS_INLINE float unfused(float v) {
#if IKSCOPE_HAS_AVX2_FMA_PATH
  asm("" : "+x"(v));
#endif
  return v;
}

}  // namespace ik
