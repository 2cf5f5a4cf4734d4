// simd_math.h: every SSE2 operation (ik::simd_sse) against the scalar reference
// (ik::simd_ref) on random inputs. Both compute each lane with the same operations in the
// same order, so they must agree bit for bit; only the two estimates differ, within the
// bounds stated at their tests. The reference is tied to glm where the solvers rely on
// glm's arithmetic (cross3 and dot3 round as glm::cross and glm::dot do, rotate3 as
// solver_common.h's rotate).
//
// This file is built without -march and without fused multiply-adds, so neither side is
// contracted: the comparison is of the operations as written.
//
// Index:
//   helpers                     random_float; with SSE2: Lanes, Both, same_bits, same, for_random_inputs
//   SSE2 against the reference  in simd_math.h's order: make and read, stores, arithmetic (max4 with NaN and
//                               signed zeros), swizzles, products (cross and dot rounding as glm's), rotate3,
//                               symmetric columns, the two estimates within their bounds, index_of_largest,
//                               the finite and non-zero tests; without SSE2, one skipped test
//   The reference alone         the values the operations promise, on every target
#include "solvers/base/simd_math.h"
#include "solvers/ik/solver_common.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <limits>
#include <random>

#include <glm/glm.hpp>

namespace {

constexpr int kTrials = 20000;

// Random floats of every magnitude from 2^-20 to 2^20, either sign, and now and then an
// exact 0 or -0; products and sums of them stay finite.
float random_float(std::mt19937& rng) {
  std::uniform_int_distribution<int> exponent(-20, 20), special(0, 63);
  std::uniform_real_distribution<float> mantissa(-1.0f, 1.0f);
  const int s = special(rng);
  if (s == 0) return 0.0f;
  if (s == 1) return -0.0f;
  const float m = mantissa(rng);
  return std::ldexp(m, exponent(rng));
}

#if defined(__SSE2__)
namespace sse = ik::simd_sse;
namespace ref = ik::simd_ref;

using Lanes = std::array<float, 4>;

Lanes lanes(sse::Float4 a) {
  Lanes out;
  sse::store4(out.data(), a);
  return out;
}
Lanes lanes(const ref::Float4& a) { return {a.v[0], a.v[1], a.v[2], a.v[3]}; }

// The same four floats on both sides.
struct Both {
  sse::Float4 s;
  ref::Float4 r;
};
Both both(const Lanes& v) { return {sse::load4(v.data()), ref::load4(v.data())}; }
Both random4(std::mt19937& rng) {
  return both({random_float(rng), random_float(rng), random_float(rng), random_float(rng)});
}

bool same_bits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  std::uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

::testing::AssertionResult same(const Lanes& a, const Lanes& b) {
  for (size_t i = 0; i < 4; ++i)
    if (!same_bits(a[i], b[i]))
      return ::testing::AssertionFailure() << "lane " << i << ": sse " << a[i] << " ref " << b[i];
  return ::testing::AssertionSuccess();
}
::testing::AssertionResult same(sse::Float4 a, const ref::Float4& b) { return same(lanes(a), lanes(b)); }
::testing::AssertionResult same(float a, float b) {
  if (same_bits(a, b)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "sse " << a << " ref " << b;
}

// Runs `check(rng)` kTrials times with a fixed seed.
template <typename Check>
void for_random_inputs(unsigned seed, Check&& check) {
  std::mt19937 rng(seed);
  for (int i = 0; i < kTrials; ++i) check(rng);
}

// ---- SSE2 against the reference ---------------------------------------------------------

TEST(SimdMath, MakeAndRead) {
  for_random_inputs(1, [](std::mt19937& rng) {
    const float x = random_float(rng), y = random_float(rng), z = random_float(rng), w = random_float(rng);
    ASSERT_TRUE(same(sse::splat(x), ref::splat(x)));
    ASSERT_TRUE(same(sse::set4(x, y, z, w), ref::set4(x, y, z, w)));
    ASSERT_TRUE(same(lanes(sse::set4(x, y, z, w)), Lanes{x, y, z, w}));
    const float memory[4] = {x, y, z, w};
    ASSERT_TRUE(same(sse::load4(memory), ref::load4(memory)));
    ASSERT_TRUE(same(sse::load3(memory), ref::load3(memory)));
    ASSERT_TRUE(same(sse::load3_by_float(memory), ref::load3_by_float(memory)));
    ASSERT_TRUE(same(lanes(sse::load3(memory)), Lanes{x, y, z, 0.0f}));
    const Both a = both({x, y, z, w});
    ASSERT_TRUE(same(sse::lane<0>(a.s), ref::lane<0>(a.r)));
    ASSERT_TRUE(same(sse::lane<1>(a.s), ref::lane<1>(a.r)));
    ASSERT_TRUE(same(sse::lane<2>(a.s), ref::lane<2>(a.r)));
    ASSERT_TRUE(same(sse::lane<3>(a.s), ref::lane<3>(a.r)));
    ASSERT_TRUE(same(sse::splat_lane<0>(a.s), ref::splat_lane<0>(a.r)));
    ASSERT_TRUE(same(sse::splat_lane<1>(a.s), ref::splat_lane<1>(a.r)));
    ASSERT_TRUE(same(sse::splat_lane<2>(a.s), ref::splat_lane<2>(a.r)));
    ASSERT_TRUE(same(sse::splat_lane<3>(a.s), ref::splat_lane<3>(a.r)));
  });
}

TEST(SimdMath, StoresWriteExactlyTheirLanes) {
  for_random_inputs(2, [](std::mt19937& rng) {
    const Both a = random4(rng);
    const float sentinel = std::numeric_limits<float>::quiet_NaN();
    float s4[5], r4[5], s3[4], r3[4];
    s4[4] = r4[4] = s3[3] = r3[3] = sentinel;
    sse::store4(s4, a.s);
    ref::store4(r4, a.r);
    sse::store3(s3, a.s);
    ref::store3(r3, a.r);
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(same(s4[i], r4[i]));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(same(s3[i], r3[i]));
    ASSERT_TRUE(std::isnan(s4[4]) && std::isnan(r4[4]) && std::isnan(s3[3]) && std::isnan(r3[3]));
  });
}

TEST(SimdMath, Arithmetic) {
  for_random_inputs(3, [](std::mt19937& rng) {
    const Both a = random4(rng), b = random4(rng);
    ASSERT_TRUE(same(sse::add(a.s, b.s), ref::add(a.r, b.r)));
    ASSERT_TRUE(same(sse::sub(a.s, b.s), ref::sub(a.r, b.r)));
    ASSERT_TRUE(same(sse::mul(a.s, b.s), ref::mul(a.r, b.r)));
    ASSERT_TRUE(same(sse::max4(a.s, b.s), ref::max4(a.r, b.r)));
  });
}

TEST(SimdMath, MaxTakesTheSecondOperandForNanAndSignedZeros) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Both a = both({nan, 1.0f, 0.0f, -0.0f}), b = both({2.0f, nan, -0.0f, 0.0f});
  EXPECT_TRUE(same(sse::max4(a.s, b.s), ref::max4(a.r, b.r)));
  EXPECT_TRUE(same(lanes(ref::max4(a.r, b.r)), Lanes{2.0f, nan, -0.0f, 0.0f}));
}

TEST(SimdMath, Swizzles) {
  for_random_inputs(4, [](std::mt19937& rng) {
    const Both a = random4(rng);
    const float w = random_float(rng);
    ASSERT_TRUE(same(sse::yzx(a.s), ref::yzx(a.r)));
    ASSERT_TRUE(same(sse::zxy(a.s), ref::zxy(a.r)));
    ASSERT_TRUE(same(sse::with_w(a.s, w), ref::with_w(a.r, w)));
    ASSERT_TRUE(same(sse::xyz_only(a.s), ref::xyz_only(a.r)));
    ASSERT_TRUE(same(sse::w_only(a.s), ref::w_only(a.r)));
  });
}

TEST(SimdMath, Products) {
  for_random_inputs(5, [](std::mt19937& rng) {
    Both a[4], b[4];
    for (int i = 0; i < 4; ++i) a[i] = random4(rng), b[i] = random4(rng);
    ASSERT_TRUE(same(sse::cross3(a[0].s, b[0].s), ref::cross3(a[0].r, b[0].r)));
    ASSERT_TRUE(same(sse::cross3_sum(a[0].s, b[0].s, a[1].s, b[1].s, a[2].s, b[2].s),
                     ref::cross3_sum(a[0].r, b[0].r, a[1].r, b[1].r, a[2].r, b[2].r)));
    ASSERT_TRUE(same(sse::sum3(a[0].s), ref::sum3(a[0].r)));
    ASSERT_TRUE(same(sse::dot3(a[0].s, b[0].s), ref::dot3(a[0].r, b[0].r)));
    ASSERT_TRUE(same(sse::dot4(a[0].s, b[0].s), ref::dot4(a[0].r, b[0].r)));
    ASSERT_TRUE(same(sse::four_dot3(a[0].s, b[0].s, a[1].s, b[1].s, a[2].s, b[2].s, a[3].s, b[3].s),
                     ref::four_dot3(a[0].r, b[0].r, a[1].r, b[1].r, a[2].r, b[2].r, a[3].r, b[3].r)));
    ASSERT_TRUE(same(sse::symmetric_sums(a[0].s, b[0].s), ref::symmetric_sums(a[0].r, b[0].r)));
  });
}

TEST(SimdMath, CrossAndDotRoundAsGlmDoes) {
  for_random_inputs(6, [](std::mt19937& rng) {
    const Both a = random4(rng), b = random4(rng);
    const glm::vec3 u(a.r.v[0], a.r.v[1], a.r.v[2]), v(b.r.v[0], b.r.v[1], b.r.v[2]);
    const glm::vec3 c = glm::cross(u, v);
    const Lanes cross = lanes(ref::cross3(a.r, b.r));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(same(cross[static_cast<size_t>(i)], c[i]));
    ASSERT_TRUE(same(ref::dot3(a.r, b.r), glm::dot(u, v)));
  });
}

TEST(SimdMath, RotateAsSolverCommonDoes) {
  for_random_inputs(11, [](std::mt19937& rng) {
    const glm::quat q =
        glm::normalize(glm::quat{random_float(rng), random_float(rng), random_float(rng), random_float(rng) + 1e-3f});
    const Lanes v = {random_float(rng), random_float(rng), random_float(rng), 0.0f};
    const Both q4 = both({q.x, q.y, q.z, q.w}), v4 = both(v);
    ASSERT_TRUE(same(sse::rotate3(q4.s, v4.s), ref::rotate3(q4.r, v4.r)));
    const glm::vec3 expected = ik::rotate(q, glm::vec3(v[0], v[1], v[2]));
    const Lanes got = lanes(ref::rotate3(q4.r, v4.r));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(same(got[static_cast<size_t>(i)], expected[i]));
  });
}

TEST(SimdMath, SymmetricColumns) {
  for_random_inputs(7, [](std::mt19937& rng) {
    const Both d = random4(rng), s = random4(rng), v = random4(rng);
    ASSERT_TRUE(same(sse::symmetric4_column<0>(d.s, s.s, v.s), ref::symmetric4_column<0>(d.r, s.r, v.r)));
    ASSERT_TRUE(same(sse::symmetric4_column<1>(d.s, s.s, v.s), ref::symmetric4_column<1>(d.r, s.r, v.r)));
    ASSERT_TRUE(same(sse::symmetric4_column<2>(d.s, s.s, v.s), ref::symmetric4_column<2>(d.r, s.r, v.r)));
  });
  // The matrix itself: with s = symmetric_sums' (s12, s20, s01), column k holds row k.
  const ref::Float4 d{{1, 2, 3, 99}}, s{{12, 20, 1, 99}}, v{{30, 31, 32, 99}};
  EXPECT_TRUE(same(lanes(ref::symmetric4_column<0>(d, s, v)), Lanes{1, 1, 20, 30}));
  EXPECT_TRUE(same(lanes(ref::symmetric4_column<1>(d, s, v)), Lanes{1, 2, 12, 31}));
  EXPECT_TRUE(same(lanes(ref::symmetric4_column<2>(d, s, v)), Lanes{20, 12, 3, 32}));
}

// The estimates, against the reference's 1 / sqrt(x) (rounded once from the exact value).
// rsqrt_est: the processor's estimate, relative error below 1.5 * 2^-12 (Intel's and
// AMD's documented bound). rsqrt_est_nr: one Newton step squares that error (1.5 e² =
// 2.0e-7) and adds the rounding of its four operations and of the reference (about
// 5 * 2^-24 = 3.0e-7): below 2^-21 = 4.8e-7.
TEST(SimdMath, InverseSquareRootEstimatesWithinTheirBounds) {
  std::mt19937 rng(8);
  std::uniform_int_distribution<int> exponent(-60, 60);
  std::uniform_real_distribution<float> mantissa(1.0f, 2.0f);
  float worst_estimate = 0.0f, worst_refined = 0.0f;
  for (int i = 0; i < kTrials; ++i) {
    float x[4];
    for (float& value : x) {
      const float m = mantissa(rng);
      value = std::ldexp(m, exponent(rng));
    }
    const Lanes refined = lanes(sse::rsqrt_est_nr(sse::load4(x)));
    const Lanes exact = lanes(ref::rsqrt_est_nr(ref::load4(x)));
    for (size_t k = 0; k < 4; ++k) {
      ASSERT_TRUE(same(exact[k], ref::rsqrt_est(x[k])));
      worst_refined = std::max(worst_refined, std::fabs(refined[k] / exact[k] - 1.0f));
      worst_estimate = std::max(worst_estimate, std::fabs(sse::rsqrt_est(x[k]) / exact[k] - 1.0f));
    }
  }
  std::cout << "worst relative error: rsqrt_est " << worst_estimate << ", rsqrt_est_nr " << worst_refined << "\n";
  EXPECT_LT(worst_estimate, 1.5f * std::ldexp(1.0f, -12));
  EXPECT_LT(worst_refined, std::ldexp(1.0f, -21));
  EXPECT_GT(worst_estimate, 0.0f);  // an estimate: if this were exact, the bound tests nothing
}

TEST(SimdMath, IndexOfLargest) {
  for_random_inputs(9, [](std::mt19937& rng) {
    const Both a = random4(rng);
    ASSERT_EQ(sse::index_of_largest(a.s), ref::index_of_largest(a.r));
  });
  // Ties (the first of equals) and NaN (lane 3 when nothing compares).
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const Lanes& v : {Lanes{1, 5, 5, 2}, Lanes{7, 7, 7, 7}, Lanes{0, -0.0f, -1, -2}, Lanes{1, 2, 3, 4},
                         Lanes{nan, 1, 2, 3}, Lanes{nan, nan, nan, nan}, Lanes{4, nan, 1, 2}}) {
    const Both a = both(v);
    EXPECT_EQ(sse::index_of_largest(a.s), ref::index_of_largest(a.r))
        << v[0] << " " << v[1] << " " << v[2] << " " << v[3];
  }
  EXPECT_EQ(ref::index_of_largest(both({1, 5, 5, 2}).r), 1);
  EXPECT_EQ(ref::index_of_largest(both({1, 2, 3, 4}).r), 3);
}

TEST(SimdMath, FiniteAndNonZeroTests) {
  const float specials[] = {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(), 0.0f, -0.0f, 1.0f, -3.4e38f, 1e-45f};
  std::mt19937 rng(10);
  std::uniform_int_distribution<int> pick(0, 7), which_lane(0, 3);
  for (int i = 0; i < kTrials; ++i) {
    Lanes v = {random_float(rng), random_float(rng), random_float(rng), random_float(rng)};
    if (i % 2 == 0) v[static_cast<size_t>(which_lane(rng))] = specials[pick(rng)];
    const Both a = both(v);
    ASSERT_EQ(sse::all_finite4(a.s), ref::all_finite4(a.r));
    ASSERT_EQ(sse::all_nonzero3(a.s), ref::all_nonzero3(a.r));
  }
  EXPECT_FALSE(ref::all_finite4(both({1, 2, 3, std::numeric_limits<float>::infinity()}).r));
  EXPECT_TRUE(ref::all_finite4(both({1, 2, 3, -3.4e38f}).r));
  EXPECT_TRUE(ref::all_nonzero3(both({1, -1, 1e-45f, 0}).r));  // lane 3 not read
  EXPECT_FALSE(ref::all_nonzero3(both({1, -0.0f, 1, 1}).r));
}

#else
TEST(SimdMath, NeedsSse2) { GTEST_SKIP() << "no SSE2 on this target: only the reference section is compiled"; }
#endif  // __SSE2__

// ---- The reference alone ----------------------------------------------------------------

// The reference on its own (every target): the values the operations promise.
TEST(SimdMath, ReferenceMeansWhatTheIndexSays) {
  namespace r = ik::simd_ref;
  const r::Float4 a{{1, 2, 3, 4}}, b{{5, 6, 7, 8}};
  const r::Float4 c = r::cross3(a, b);
  EXPECT_EQ(c.v[0], 2 * 7 - 3 * 6);
  EXPECT_EQ(c.v[1], 3 * 5 - 1 * 7);
  EXPECT_EQ(c.v[2], 1 * 6 - 2 * 5);
  EXPECT_EQ(r::dot3(a, b), 5 + 12 + 21);
  EXPECT_EQ(r::dot4(a, b), 5 + 12 + 21 + 32);
  const r::Float4 four = r::four_dot3(a, b, b, b, a, a, b, a);
  EXPECT_EQ(four.v[0], 38);
  EXPECT_EQ(four.v[1], 25 + 36 + 49);
  EXPECT_EQ(four.v[2], 1 + 4 + 9);
  EXPECT_EQ(four.v[3], 38);
  const r::Float4 s = r::symmetric_sums(a, b);  // (a1 b2 + a2 b1, a2 b0 + a0 b2, a0 b1 + a1 b0)
  EXPECT_EQ(s.v[0], 2 * 7 + 3 * 6);
  EXPECT_EQ(s.v[1], 3 * 5 + 1 * 7);
  EXPECT_EQ(s.v[2], 1 * 6 + 2 * 5);
  EXPECT_EQ(r::rsqrt_est(4.0f), 0.5f);
  EXPECT_EQ(r::with_w(a, 9).v[3], 9);
}

}  // namespace
