// The SIMD vocabulary of ikscope's fast paths: named operations on four floats in one
// register (ozz-animation's simd_math.h is the model), so a fast path reads like the
// scalar code it speeds up. No solver file writes an intrinsic of its own.
//
// A 3-vector sits in lanes 0-2 of a Float4, lane 3 being whatever came along unless an
// operation says otherwise (dot3 never reads it, cross3 keeps it in lane 3); a quaternion
// is (x, y, z, w), the order glm keeps it in memory.
//
// Index:
//   make and read:   splat, set4, load4, load3, store4, store3, lane<i>
//   arithmetic:      add, sub, mul, max4
//   swizzles:        yzx, zxy, with_w, xyz_only, w_only
//   products:        cross3, sum3, dot3, dot4, four_dot3
//   roots:           rsqrt_est_nr
//   tests:           index_of_largest
//
// Written with SSE2, which every x86-64 processor has. Where there is no SSE2 the solvers
// take their general (scalar) paths, which do not use this header.
#pragma once

#if defined(__SSE2__)
#define IKSCOPE_HAS_SIMD_MATH 1
#include <emmintrin.h>

#include <cstddef>

#include "solvers/isa_dispatch.h"

namespace ik {
namespace simd {

using Float4 = __m128;

IKSCOPE_ALWAYS_INLINE Float4 set4(float x, float y, float z, float w) { return _mm_setr_ps(x, y, z, w); }
// Four floats from memory (any alignment); three floats with lane 3 = 0 (reads exactly
// three: a neighbour in memory is never touched).
IKSCOPE_ALWAYS_INLINE Float4 load4(const float* p) { return _mm_loadu_ps(p); }
IKSCOPE_ALWAYS_INLINE Float4 load3(const float* p) {
  // _mm_loadl_pi, not _mm_load_sd: a double read at a 4-byte boundary is undefined behaviour.
  const Float4 xy = _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(p));  // (x, y, 0, 0)
  return _mm_movelh_ps(xy, _mm_load_ss(p + 2));
}
IKSCOPE_ALWAYS_INLINE void store4(float* p, Float4 a) { _mm_storeu_ps(p, a); }
// Lanes 0..2 of a into p[0..2], nothing past it.
IKSCOPE_ALWAYS_INLINE void store3(float* p, Float4 a) {
  _mm_storel_pi(reinterpret_cast<__m64*>(p), a);
  _mm_store_ss(p + 2, _mm_movehl_ps(a, a));
}
IKSCOPE_ALWAYS_INLINE Float4 max4(Float4 a, Float4 b) { return _mm_max_ps(a, b); }
IKSCOPE_ALWAYS_INLINE Float4 splat(float x) { return _mm_set1_ps(x); }
IKSCOPE_ALWAYS_INLINE Float4 add(Float4 a, Float4 b) { return _mm_add_ps(a, b); }
IKSCOPE_ALWAYS_INLINE Float4 sub(Float4 a, Float4 b) { return _mm_sub_ps(a, b); }
IKSCOPE_ALWAYS_INLINE Float4 mul(Float4 a, Float4 b) { return _mm_mul_ps(a, b); }
IKSCOPE_ALWAYS_INLINE Float4 yzx(Float4 a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1)); }
// a x b = yzx(a * yzx(b) - yzx(a) * b): lane i of the difference is component i + 2 of the cross.
IKSCOPE_ALWAYS_INLINE Float4 cross3(Float4 a, Float4 b) { return yzx(sub(mul(a, yzx(b)), mul(yzx(a), b))); }
// (x + y) + z of lanes 0-2; dot3 of the lane products, as glm::dot sums them.
IKSCOPE_ALWAYS_INLINE float sum3(Float4 p) {
  const Float4 x_plus_y = _mm_add_ss(p, _mm_shuffle_ps(p, p, _MM_SHUFFLE(1, 1, 1, 1)));
  return _mm_cvtss_f32(_mm_add_ss(x_plus_y, _mm_movehl_ps(p, p)));
}
IKSCOPE_ALWAYS_INLINE float dot3(Float4 a, Float4 b) { return sum3(mul(a, b)); }
// (a0·b0, a1·b1, a2·b2, a3·b3), each (x + y) + z: the four products transposed so that one
// register holds the x terms, one the y terms, one the z terms.
IKSCOPE_ALWAYS_INLINE Float4 four_dot3(Float4 a0, Float4 b0, Float4 a1, Float4 b1, Float4 a2, Float4 b2, Float4 a3,
                                       Float4 b3) {
  const Float4 p0 = mul(a0, b0), p1 = mul(a1, b1), p2 = mul(a2, b2), p3 = mul(a3, b3);
  const Float4 xy01 = _mm_unpacklo_ps(p0, p1), xy23 = _mm_unpacklo_ps(p2, p3);  // (x0, x1, y0, y1), (x2, x3, y2, y3)
  const Float4 z01 = _mm_unpackhi_ps(p0, p1), z23 = _mm_unpackhi_ps(p2, p3);    // (z0, z1, ...), (z2, z3, ...)
  return add(add(_mm_movelh_ps(xy01, xy23), _mm_movehl_ps(xy23, xy01)), _mm_movelh_ps(z01, z23));
}
template <int i>
IKSCOPE_ALWAYS_INLINE float lane(Float4 a) {
  return _mm_cvtss_f32(_mm_shuffle_ps(a, a, _MM_SHUFFLE(i, i, i, i)));
}
// 1 / sqrt(x) in each lane: the hardware estimate and one Newton step (about float precision;
// the same values as solver_common.h's scale_over_sqrt(1, x)).
IKSCOPE_ALWAYS_INLINE Float4 rsqrt_est_nr(Float4 x) {
  const Float4 y = _mm_rsqrt_ps(x);
  return mul(y, sub(splat(1.5f), mul(mul(splat(0.5f), x), mul(y, y))));
}
IKSCOPE_ALWAYS_INLINE float dot4(Float4 a, Float4 b) {
  const Float4 p = mul(a, b);
  const Float4 pairs = add(p, _mm_movehl_ps(p, p));  // (x + z, y + w, ...)
  return _mm_cvtss_f32(_mm_add_ss(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 1, 1, 1))));
}
// Lane masks: keep x, y, z (clear lane 3); keep lane 3 only.
IKSCOPE_ALWAYS_INLINE Float4 xyz_only(Float4 a) {
  return _mm_and_ps(a, _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1)));
}
IKSCOPE_ALWAYS_INLINE Float4 w_only(Float4 a) { return _mm_and_ps(a, _mm_castsi128_ps(_mm_set_epi32(-1, 0, 0, 0))); }
// (x, y, z) of a with w in lane 3.
IKSCOPE_ALWAYS_INLINE Float4 with_w(Float4 a, float w) {
  const Float4 z_w = _mm_unpackhi_ps(a, splat(w));                // (z, w, ...)
  return _mm_shuffle_ps(a, z_w, _MM_SHUFFLE(1, 0, 1, 0));  // (x, y, z, w)
}
IKSCOPE_ALWAYS_INLINE Float4 zxy(Float4 a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 1, 0, 2)); }
// The symmetric sums of a bᵀ off its diagonal, (a1 b2 + a2 b1, a2 b0 + a0 b2, a0 b1 + a1 b0).
IKSCOPE_ALWAYS_INLINE Float4 symmetric_sums(Float4 a, Float4 b) {
  return add(mul(yzx(a), zxy(b)), mul(zxy(a), yzx(b)));
}
// The lane holding the largest of the four (the first of equals; lane 3 if none compares,
// which only NaN can cause).
IKSCOPE_ALWAYS_INLINE int index_of_largest(Float4 a) {
  const Float4 pairs = _mm_max_ps(a, _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 3, 0, 1)));
  const Float4 largest = _mm_max_ps(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 0, 3, 2)));
  return __builtin_ctz(static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(a, largest))) | 8u);
}

}  // namespace simd
}  // namespace ik

#else
#define IKSCOPE_HAS_SIMD_MATH 0
#endif  // __SSE2__
