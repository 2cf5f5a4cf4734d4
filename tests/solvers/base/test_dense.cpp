// Small dense linear algebra: Cholesky solve and Jacobi eigenvalues, checked against
// matrices whose answers are known by construction.
#include "solvers/base/dense.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

TEST(CholeskySolve, SolvesAKnownSystem) {
  // A = [[4, 2, 0], [2, 5, 1], [0, 1, 3]], x = (1, -2, 3)  ->  b = A x = (0, -5, 7).
  float a[9] = {4, 2, 0, 2, 5, 1, 0, 1, 3};
  float b[3] = {0, -5, 7};
  ASSERT_TRUE(ik::cholesky_solve_in_place(a, 3, b));
  EXPECT_NEAR(b[0], 1.0f, 1e-5f);
  EXPECT_NEAR(b[1], -2.0f, 1e-5f);
  EXPECT_NEAR(b[2], 3.0f, 1e-5f);
}

TEST(CholeskySolve, RandomSixBySixMatchesTheProduct) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (int trial = 0; trial < 50; ++trial) {
    // A = M Mᵀ + I is symmetric positive definite.
    float m[36], a[36], x[6], b[6];
    for (float& v : m) v = u(rng);
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 6; ++c) {
        float s = r == c ? 1.0f : 0.0f;
        for (int k = 0; k < 6; ++k) s += m[r * 6 + k] * m[c * 6 + k];
        a[r * 6 + c] = s;
      }
    for (float& v : x) v = u(rng);
    for (int r = 0; r < 6; ++r) {
      b[r] = 0.0f;
      for (int c = 0; c < 6; ++c) b[r] += a[r * 6 + c] * x[c];
    }
    ASSERT_TRUE(ik::cholesky_solve_in_place(a, 6, b));
    for (int r = 0; r < 6; ++r) EXPECT_NEAR(b[r], x[r], 1e-3f) << trial << " " << r;
  }
}

TEST(CholeskySolve, RejectsASingularOrIndefiniteMatrix) {
  float singular[4] = {1, 1, 1, 1};
  float b[2] = {1, 2};
  EXPECT_FALSE(ik::cholesky_solve_in_place(singular, 2, b));
  float indefinite[4] = {1, 0, 0, -1};
  EXPECT_FALSE(ik::cholesky_solve_in_place(indefinite, 2, b));
}

TEST(SymmetricEigenvalues, DiagonalAndRotatedDiagonal) {
  // Q diag(5, 2, 0) Qᵀ for a rotation Q about (1, 1, 1) by 0.7 rad.
  const double d[3] = {5, 2, 0};
  const double angle = 0.7, c = std::cos(angle), s = std::sin(angle), k = 1.0 / std::sqrt(3.0);
  const double ux = k, uy = k, uz = k;
  // Rodrigues: Q = c I + s [u]x + (1 - c) u uᵀ.
  const double q[9] = {c + ux * ux * (1 - c),      ux * uy * (1 - c) - uz * s, ux * uz * (1 - c) + uy * s,
                       uy * ux * (1 - c) + uz * s, c + uy * uy * (1 - c),      uy * uz * (1 - c) - ux * s,
                       uz * ux * (1 - c) - uy * s, uz * uy * (1 - c) + ux * s, c + uz * uz * (1 - c)};
  double a[9];
  for (int r = 0; r < 3; ++r)
    for (int col = 0; col < 3; ++col) {
      double sum = 0.0;
      for (int i = 0; i < 3; ++i) sum += q[r * 3 + i] * d[i] * q[col * 3 + i];
      a[r * 3 + col] = sum;
    }
  double eigen[3];
  ik::symmetric_eigenvalues(a, 3, eigen);
  EXPECT_NEAR(eigen[0], 5.0, 1e-12);
  EXPECT_NEAR(eigen[1], 2.0, 1e-12);
  EXPECT_NEAR(eigen[2], 0.0, 1e-12);
}

TEST(SymmetricEigenvalues, TraceAndDeterminantOfARandomSixBySix) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double m[36], a[36];
  for (double& v : m) v = u(rng);
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) {
      double s = 0.0;
      for (int k = 0; k < 6; ++k) s += m[r * 6 + k] * m[c * 6 + k];
      a[r * 6 + c] = s;
    }
  double trace = 0.0, trace_of_square = 0.0;
  for (int r = 0; r < 6; ++r) {
    trace += a[r * 6 + r];
    for (int c = 0; c < 6; ++c) trace_of_square += a[r * 6 + c] * a[c * 6 + r];
  }
  double eigen[6];
  ik::symmetric_eigenvalues(a, 6, eigen);
  double sum = 0.0, sum_of_squares = 0.0;
  for (int i = 0; i < 6; ++i) {
    if (i > 0) {
      EXPECT_GE(eigen[i - 1], eigen[i]);  // sorted, largest first
    }
    EXPECT_GE(eigen[i], -1e-12);                   // M Mᵀ is positive semi-definite
    sum += eigen[i];
    sum_of_squares += eigen[i] * eigen[i];
  }
  EXPECT_NEAR(sum, trace, 1e-10);
  EXPECT_NEAR(sum_of_squares, trace_of_square, 1e-9);
}

}  // namespace
