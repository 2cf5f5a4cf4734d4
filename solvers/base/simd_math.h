// The SIMD vocabulary of ikscope's fast paths: named operations on four floats in one
// register (ozz-animation's simd_math.h is the model), so a fast path reads like the
// scalar code it speeds up. No solver file writes an intrinsic or inline asm of its own.
//
// A 3-vector sits in lanes 0-2 of a Float4, lane 3 being whatever came along unless an
// operation says otherwise (dot3 never reads it, cross3 keeps it in lane 3); a quaternion
// is (x, y, z, w), the order glm keeps it in memory.
//
// Every operation is written twice, with the same name and the same result lane for lane:
//   ik::simd_sse  SSE2 intrinsics (every x86-64 processor has SSE2), where __SSE2__;
//   ik::simd_ref  plain C++ on a struct of four floats, always compiled: the reference
//                 that test_simd_math checks the SSE2 section against (bit for bit, but
//                 for the two estimates, rsqrt_est and rsqrt_est_nr, within stated
//                 bounds), and the implementation wherever there is no SSE2.
// ik::simd, the name the solvers use, is simd_sse where there is SSE2 and simd_ref
// elsewhere; -DIKSCOPE_SIMD_REF makes it simd_ref everywhere, so a whole build can run
// (and its tests check) the reference. The two agree lane for lane except the estimates,
// so a reference build gives the same poses up to the last bits.
//
// Adding an operation: write it in both sections, in the same place of each, add it to
// the index below and compare the two in tests/solvers/base/test_simd_math.cpp.
//
// Index (the operations, in the order both sections define them):
//   make and read:   splat, set4, load4, load3, load3_by_float, store4, store3, lane<i>,
//                    splat_lane<i>
//   arithmetic:      add, sub, mul, max4
//   swizzles:        yzx, zxy, with_w, xyz_only, w_only
//   products:        cross3, cross3_sum, sum3, dot3, dot4, four_dot3, symmetric_sums
//   quaternions:     rotate3
//   matrices:        symmetric4_column<k>
//   roots:           rsqrt_est (one float), rsqrt_est_nr
//   tests:           index_of_largest, all_finite4, all_nonzero3
//
// Sections: [SSE2] ik::simd_sse, [REFERENCE] ik::simd_ref, [CHOICE] ik::simd.
#pragma once

#include <cmath>
#include <cstddef>

#include "solvers/base/isa_dispatch.h"

// ---- [SSE2] ik::simd_sse ---------------------------------------------------------------

#if defined(__SSE2__)
#include <emmintrin.h>

namespace ik {
namespace simd_sse {

using Float4 = __m128;

// -- make and read
IKSCOPE_ALWAYS_INLINE Float4 splat(float x) { return _mm_set1_ps(x); }
IKSCOPE_ALWAYS_INLINE Float4 set4(float x, float y, float z, float w) { return _mm_setr_ps(x, y, z, w); }
// Four floats from memory (any alignment).
IKSCOPE_ALWAYS_INLINE Float4 load4(const float* p) { return _mm_loadu_ps(p); }
// Three floats with lane 3 = 0 (reads exactly three: a neighbour in memory is never touched).
IKSCOPE_ALWAYS_INLINE Float4 load3(const float* p) {
  // _mm_loadl_pi, not _mm_load_sd: a double read at a 4-byte boundary is undefined behaviour.
  const Float4 xy = _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(p));  // (x, y, 0, 0)
  return _mm_movelh_ps(xy, _mm_load_ss(p + 2));
}
// load3's value from three 4-byte reads, for floats just written one at a time: a wider
// read across narrower stores still on their way to memory waits for them to finish.
IKSCOPE_ALWAYS_INLINE Float4 load3_by_float(const float* p) {
  return _mm_movelh_ps(_mm_unpacklo_ps(_mm_load_ss(p), _mm_load_ss(p + 1)), _mm_load_ss(p + 2));
}
IKSCOPE_ALWAYS_INLINE void store4(float* p, Float4 a) { _mm_storeu_ps(p, a); }
// Lanes 0..2 of a into p[0..2], nothing past it.
IKSCOPE_ALWAYS_INLINE void store3(float* p, Float4 a) {
  _mm_storel_pi(reinterpret_cast<__m64*>(p), a);
  _mm_store_ss(p + 2, _mm_movehl_ps(a, a));
}
template <int i>
IKSCOPE_ALWAYS_INLINE float lane(Float4 a) {
  return _mm_cvtss_f32(_mm_shuffle_ps(a, a, _MM_SHUFFLE(i, i, i, i)));
}
// Lane i in all four lanes.
template <int i>
IKSCOPE_ALWAYS_INLINE Float4 splat_lane(Float4 a) {
  return _mm_shuffle_ps(a, a, _MM_SHUFFLE(i, i, i, i));
}

// -- arithmetic (lane by lane)
IKSCOPE_ALWAYS_INLINE Float4 add(Float4 a, Float4 b) { return _mm_add_ps(a, b); }
IKSCOPE_ALWAYS_INLINE Float4 sub(Float4 a, Float4 b) { return _mm_sub_ps(a, b); }
IKSCOPE_ALWAYS_INLINE Float4 mul(Float4 a, Float4 b) { return _mm_mul_ps(a, b); }
// a > b ? a : b (so b where either is NaN, and b of +0 and -0).
IKSCOPE_ALWAYS_INLINE Float4 max4(Float4 a, Float4 b) { return _mm_max_ps(a, b); }

// -- swizzles
IKSCOPE_ALWAYS_INLINE Float4 yzx(Float4 a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1)); }  // (y, z, x, w)
IKSCOPE_ALWAYS_INLINE Float4 zxy(Float4 a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 1, 0, 2)); }  // (z, x, y, w)
// (x, y, z) of a with w in lane 3.
IKSCOPE_ALWAYS_INLINE Float4 with_w(Float4 a, float w) {
  const Float4 z_w = _mm_unpackhi_ps(a, splat(w));         // (z, w, ...)
  return _mm_shuffle_ps(a, z_w, _MM_SHUFFLE(1, 0, 1, 0));  // (x, y, z, w)
}
// Lane masks: keep x, y, z (lane 3 = 0); keep lane 3 only (lanes 0-2 = 0).
IKSCOPE_ALWAYS_INLINE Float4 xyz_only(Float4 a) {
  return _mm_and_ps(a, _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1)));
}
IKSCOPE_ALWAYS_INLINE Float4 w_only(Float4 a) { return _mm_and_ps(a, _mm_castsi128_ps(_mm_set_epi32(-1, 0, 0, 0))); }

// -- products
// a x b = yzx(a * yzx(b) - yzx(a) * b): lane i of the difference is component i + 2 of the cross.
IKSCOPE_ALWAYS_INLINE Float4 cross3(Float4 a, Float4 b) { return yzx(sub(mul(a, yzx(b)), mul(yzx(a), b))); }
// a0 x b0 + a1 x b1 + a2 x b2, summed before the one shuffle cross3 ends with.
IKSCOPE_ALWAYS_INLINE Float4 cross3_sum(Float4 a0, Float4 b0, Float4 a1, Float4 b1, Float4 a2, Float4 b2) {
  return yzx(add(add(sub(mul(a0, yzx(b0)), mul(yzx(a0), b0)), sub(mul(a1, yzx(b1)), mul(yzx(a1), b1))),
                 sub(mul(a2, yzx(b2)), mul(yzx(a2), b2))));
}
// (x + y) + z of lanes 0-2; dot3 of the lane products, as glm::dot sums them.
IKSCOPE_ALWAYS_INLINE float sum3(Float4 p) {
  const Float4 x_plus_y = _mm_add_ss(p, _mm_shuffle_ps(p, p, _MM_SHUFFLE(1, 1, 1, 1)));
  return _mm_cvtss_f32(_mm_add_ss(x_plus_y, _mm_movehl_ps(p, p)));
}
IKSCOPE_ALWAYS_INLINE float dot3(Float4 a, Float4 b) { return sum3(mul(a, b)); }
// (x + z) + (y + w) of the lane products.
IKSCOPE_ALWAYS_INLINE float dot4(Float4 a, Float4 b) {
  const Float4 p = mul(a, b);
  const Float4 pairs = add(p, _mm_movehl_ps(p, p));  // (x + z, y + w, ...)
  return _mm_cvtss_f32(_mm_add_ss(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 1, 1, 1))));
}
// (a0·b0, a1·b1, a2·b2, a3·b3), each (x + y) + z: the four products transposed so that one
// register holds the x terms, one the y terms, one the z terms.
IKSCOPE_ALWAYS_INLINE Float4 four_dot3(Float4 a0, Float4 b0, Float4 a1, Float4 b1, Float4 a2, Float4 b2, Float4 a3,
                                       Float4 b3) {
  const Float4 p0 = mul(a0, b0), p1 = mul(a1, b1), p2 = mul(a2, b2), p3 = mul(a3, b3);
  const Float4 xy01 = _mm_unpacklo_ps(p0, p1), xy23 = _mm_unpacklo_ps(p2, p3);  // (x0, x1, y0, y1), (x2, x3, y2, y3)
  const Float4 z01 = _mm_unpackhi_ps(p0, p1), z23 = _mm_unpackhi_ps(p2, p3);    // (z0, z1, ...), (z2, z3, ...)
  return add(add(_mm_movelh_ps(xy01, xy23), _mm_movehl_ps(xy23, xy01)), _mm_movelh_ps(z01, z23));
}
// The symmetric sums of a bᵀ off its diagonal, (a1 b2 + a2 b1, a2 b0 + a0 b2, a0 b1 + a1 b0).
IKSCOPE_ALWAYS_INLINE Float4 symmetric_sums(Float4 a, Float4 b) {
  return add(mul(yzx(a), zxy(b)), mul(zxy(a), yzx(b)));
}

// -- quaternions
// R(q) v for a unit quaternion q = (u, w) and a 3-vector v: v + w t + u x t with t = 2 u x v
// (solver_common.h's rotate, the same operations).
IKSCOPE_ALWAYS_INLINE Float4 rotate3(Float4 q, Float4 v) {
  const Float4 twice_u_cross_v = cross3(add(q, q), v);
  return add(add(v, mul(splat_lane<3>(q), twice_u_cross_v)), cross3(q, twice_u_cross_v));
}

// -- matrices
// Column k (0, 1 or 2) of the symmetric 4 x 4 matrix with diagonal d (lanes 0-2), upper-left
// off-diagonal entries s = (s12, s20, s01) (symmetric_sums' order) and last column v
// (lanes 0-2): (d0, s01, s20, v0), (s01, d1, s12, v1), (s20, s12, d2, v2). Column 3 is
// with_w(v, corner).
template <int k>
IKSCOPE_ALWAYS_INLINE Float4 symmetric4_column(Float4 d, Float4 s, Float4 v) {
  static_assert(k >= 0 && k <= 2, "columns 0-2; column 3 is with_w(v, corner)");
  if constexpr (k == 0) {
    const Float4 d0_s01 = _mm_shuffle_ps(d, s, _MM_SHUFFLE(2, 2, 0, 0));  // (d0, d0, s01, s01)
    const Float4 s12_v0 = _mm_unpacklo_ps(s, v);                          // (s12, v0, s20, v1)
    return _mm_shuffle_ps(d0_s01, s12_v0, _MM_SHUFFLE(1, 2, 2, 0));
  } else if constexpr (k == 1) {
    const Float4 s01_d1 = _mm_shuffle_ps(s, d, _MM_SHUFFLE(1, 1, 2, 2));  // (s01, s01, d1, d1)
    const Float4 s12_v1 = _mm_unpacklo_ps(s, v);                          // (s12, v0, s20, v1)
    return _mm_shuffle_ps(s01_d1, s12_v1, _MM_SHUFFLE(3, 0, 2, 0));
  } else {
    return _mm_shuffle_ps(s, _mm_unpackhi_ps(d, v), _MM_SHUFFLE(1, 0, 0, 1));  // (s20, s12 | d2, v2)
  }
}

// -- roots
// The processor's estimate of 1 / sqrt(x) for one float (relative error below 1.5 * 2^-12),
// for callers that refine it with a Newton step of their own (solver_common.h's
// scale_over_sqrt; FABRIK's passes fold it into their arithmetic).
IKSCOPE_ALWAYS_INLINE float rsqrt_est(float x) {
#if defined(__GNUC__)
  // In place on x's own register: the intrinsics would first clear the register's upper
  // lanes (through a general-purpose register), which takes longer than the estimate.
  asm("rsqrtss %0, %0" : "+x"(x));
  return x;
#else
  return _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
#endif
}
// 1 / sqrt(x) in each lane: the estimate and one Newton step y (3 - x y²) / 2 (about float
// precision; the same values as solver_common.h's scale_over_sqrt(1, x)).
IKSCOPE_ALWAYS_INLINE Float4 rsqrt_est_nr(Float4 x) {
  const Float4 y = _mm_rsqrt_ps(x);
  return mul(y, sub(splat(1.5f), mul(mul(splat(0.5f), x), mul(y, y))));
}

// -- tests
// The lane holding the largest of the four (the first of equals; lane 3 if none compares,
// which only NaN can cause).
IKSCOPE_ALWAYS_INLINE int index_of_largest(Float4 a) {
  const Float4 pairs = _mm_max_ps(a, _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 3, 0, 1)));
  const Float4 largest = _mm_max_ps(pairs, _mm_shuffle_ps(pairs, pairs, _MM_SHUFFLE(1, 0, 3, 2)));
  return __builtin_ctz(static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(a, largest))) | 8u);
}
// All four lanes finite: a - a is 0 for a finite a and NaN for an infinite or NaN one.
IKSCOPE_ALWAYS_INLINE bool all_finite4(Float4 a) {
  return _mm_movemask_ps(_mm_cmpeq_ps(sub(a, a), _mm_setzero_ps())) == 0xf;
}
// Lanes 0-2 all non-zero (lane 3 not read; NaN counts as non-zero).
IKSCOPE_ALWAYS_INLINE bool all_nonzero3(Float4 a) {
  return (_mm_movemask_ps(_mm_cmpneq_ps(a, _mm_setzero_ps())) & 7) == 7;
}

}  // namespace simd_sse
}  // namespace ik
#endif  // __SSE2__

// ---- [REFERENCE] ik::simd_ref ----------------------------------------------------------
//
// The same operations on four floats in a struct, written lane by lane with the SSE2
// section's order of operations, so that each lane rounds the same way.

namespace ik {
namespace simd_ref {

struct Float4 {
  float v[4];
};

// -- make and read
IKSCOPE_ALWAYS_INLINE Float4 splat(float x) { return {{x, x, x, x}}; }
IKSCOPE_ALWAYS_INLINE Float4 set4(float x, float y, float z, float w) { return {{x, y, z, w}}; }
IKSCOPE_ALWAYS_INLINE Float4 load4(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
IKSCOPE_ALWAYS_INLINE Float4 load3(const float* p) { return {{p[0], p[1], p[2], 0.0f}}; }
IKSCOPE_ALWAYS_INLINE Float4 load3_by_float(const float* p) { return load3(p); }
IKSCOPE_ALWAYS_INLINE void store4(float* p, Float4 a) {
  for (int i = 0; i < 4; ++i) p[i] = a.v[i];
}
IKSCOPE_ALWAYS_INLINE void store3(float* p, Float4 a) {
  for (int i = 0; i < 3; ++i) p[i] = a.v[i];
}
template <int i>
IKSCOPE_ALWAYS_INLINE float lane(Float4 a) {
  return a.v[i];
}
template <int i>
IKSCOPE_ALWAYS_INLINE Float4 splat_lane(Float4 a) {
  return splat(a.v[i]);
}

// -- arithmetic
IKSCOPE_ALWAYS_INLINE Float4 add(Float4 a, Float4 b) {
  return {{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}};
}
IKSCOPE_ALWAYS_INLINE Float4 sub(Float4 a, Float4 b) {
  return {{a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2], a.v[3] - b.v[3]}};
}
IKSCOPE_ALWAYS_INLINE Float4 mul(Float4 a, Float4 b) {
  return {{a.v[0] * b.v[0], a.v[1] * b.v[1], a.v[2] * b.v[2], a.v[3] * b.v[3]}};
}
IKSCOPE_ALWAYS_INLINE Float4 max4(Float4 a, Float4 b) {
  Float4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] > b.v[i] ? a.v[i] : b.v[i];
  return r;
}

// -- swizzles
IKSCOPE_ALWAYS_INLINE Float4 yzx(Float4 a) { return {{a.v[1], a.v[2], a.v[0], a.v[3]}}; }
IKSCOPE_ALWAYS_INLINE Float4 zxy(Float4 a) { return {{a.v[2], a.v[0], a.v[1], a.v[3]}}; }
IKSCOPE_ALWAYS_INLINE Float4 with_w(Float4 a, float w) { return {{a.v[0], a.v[1], a.v[2], w}}; }
IKSCOPE_ALWAYS_INLINE Float4 xyz_only(Float4 a) { return {{a.v[0], a.v[1], a.v[2], 0.0f}}; }
IKSCOPE_ALWAYS_INLINE Float4 w_only(Float4 a) { return {{0.0f, 0.0f, 0.0f, a.v[3]}}; }

// -- products
IKSCOPE_ALWAYS_INLINE Float4 cross3(Float4 a, Float4 b) {
  const float* x = a.v;
  const float* y = b.v;
  return {{x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0], x[3] * y[3] - x[3] * y[3]}};
}
// Lane by lane ((a0 x b0)_i + (a1 x b1)_i) + (a2 x b2)_i, each cross as in cross3.
IKSCOPE_ALWAYS_INLINE Float4 cross3_sum(Float4 a0, Float4 b0, Float4 a1, Float4 b1, Float4 a2, Float4 b2) {
  return add(add(cross3(a0, b0), cross3(a1, b1)), cross3(a2, b2));
}
IKSCOPE_ALWAYS_INLINE float sum3(Float4 p) { return (p.v[0] + p.v[1]) + p.v[2]; }
IKSCOPE_ALWAYS_INLINE float dot3(Float4 a, Float4 b) { return sum3(mul(a, b)); }
IKSCOPE_ALWAYS_INLINE float dot4(Float4 a, Float4 b) {
  const Float4 p = mul(a, b);
  return (p.v[0] + p.v[2]) + (p.v[1] + p.v[3]);
}
IKSCOPE_ALWAYS_INLINE Float4 four_dot3(Float4 a0, Float4 b0, Float4 a1, Float4 b1, Float4 a2, Float4 b2, Float4 a3,
                                       Float4 b3) {
  return {{dot3(a0, b0), dot3(a1, b1), dot3(a2, b2), dot3(a3, b3)}};
}
IKSCOPE_ALWAYS_INLINE Float4 symmetric_sums(Float4 a, Float4 b) {
  const float* x = a.v;
  const float* y = b.v;
  return {{x[1] * y[2] + x[2] * y[1], x[2] * y[0] + x[0] * y[2], x[0] * y[1] + x[1] * y[0], x[3] * y[3] + x[3] * y[3]}};
}

// -- quaternions
IKSCOPE_ALWAYS_INLINE Float4 rotate3(Float4 q, Float4 v) {
  const Float4 twice_u_cross_v = cross3(add(q, q), v);
  return add(add(v, mul(splat_lane<3>(q), twice_u_cross_v)), cross3(q, twice_u_cross_v));
}

// -- matrices (s = (s12, s20, s01))
template <int k>
IKSCOPE_ALWAYS_INLINE Float4 symmetric4_column(Float4 d, Float4 s, Float4 v) {
  static_assert(k >= 0 && k <= 2, "columns 0-2; column 3 is with_w(v, corner)");
  if constexpr (k == 0) return {{d.v[0], s.v[2], s.v[1], v.v[0]}};
  if constexpr (k == 1) return {{s.v[2], d.v[1], s.v[0], v.v[1]}};
  return {{s.v[1], s.v[0], d.v[2], v.v[2]}};
}

// -- roots: the exact values the estimates approximate.
IKSCOPE_ALWAYS_INLINE float rsqrt_est(float x) { return 1.0f / std::sqrt(x); }
IKSCOPE_ALWAYS_INLINE Float4 rsqrt_est_nr(Float4 x) {
  return {{rsqrt_est(x.v[0]), rsqrt_est(x.v[1]), rsqrt_est(x.v[2]), rsqrt_est(x.v[3])}};
}

// -- tests
IKSCOPE_ALWAYS_INLINE int index_of_largest(Float4 a) {
  // As the SSE2 section compares: the larger of neighbours, then of the pairs.
  const Float4 pairs = max4(a, {{a.v[1], a.v[0], a.v[3], a.v[2]}});
  const Float4 largest = max4(pairs, {{pairs.v[2], pairs.v[3], pairs.v[0], pairs.v[1]}});
  for (int i = 0; i < 3; ++i)
    if (a.v[i] == largest.v[i]) return i;
  return 3;
}
IKSCOPE_ALWAYS_INLINE bool all_finite4(Float4 a) {
  bool finite = true;
  for (int i = 0; i < 4; ++i) finite = finite && a.v[i] - a.v[i] == 0.0f;
  return finite;
}
IKSCOPE_ALWAYS_INLINE bool all_nonzero3(Float4 a) { return a.v[0] != 0.0f && a.v[1] != 0.0f && a.v[2] != 0.0f; }

}  // namespace simd_ref
}  // namespace ik

// ---- [CHOICE] ik::simd -----------------------------------------------------------------

#if defined(__SSE2__) && !defined(IKSCOPE_SIMD_REF)
#define IKSCOPE_SIMD_IS_SSE2 1
namespace ik {
namespace simd = simd_sse;
}
#else
#define IKSCOPE_SIMD_IS_SSE2 0
namespace ik {
namespace simd = simd_ref;
}
#endif
