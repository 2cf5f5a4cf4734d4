#include "solvers/base/dense.h"

#include <cmath>

namespace ik {

bool cholesky_solve_in_place(float* a, int n, float* b) {
  // Factor A = L Lᵀ column by column (Cholesky-Banachiewicz), L stored in the lower
  // triangle of `a`:  L(r,c) = (A(r,c) - sum_k<c L(r,k) L(c,k)) / L(c,c),
  //                   L(c,c) = sqrt(A(c,c) - sum_k<c L(c,k)^2).
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c <= r; ++c) {
      float sum = a[r * n + c];
      for (int k = 0; k < c; ++k) sum -= a[r * n + k] * a[c * n + k];
      if (r == c) {
        if (!(sum > 0.0f) || !std::isfinite(sum)) return false;
        a[r * n + r] = std::sqrt(sum);
      } else {
        a[r * n + c] = sum / a[c * n + c];
      }
    }
  }
  // Forward substitution L z = b, then back substitution Lᵀ x = z, both in place.
  for (int r = 0; r < n; ++r) {
    float sum = b[r];
    for (int k = 0; k < r; ++k) sum -= a[r * n + k] * b[k];
    b[r] = sum / a[r * n + r];
  }
  for (int r = n - 1; r >= 0; --r) {
    float sum = b[r];
    for (int k = r + 1; k < n; ++k) sum -= a[k * n + r] * b[k];
    b[r] = sum / a[r * n + r];
  }
  return true;
}

void symmetric_eigenvalues(double* a, int n, double* eigenvalues) {
  // Cyclic Jacobi: each rotation P in the (p, q) plane makes A' = Pᵀ A P with
  // A'(p,q) = 0. With theta = (A(q,q) - A(p,p)) / (2 A(p,q)) the smaller root
  // t = tan(phi) = sign(theta) / (|theta| + sqrt(theta^2 + 1)) gives c = 1/sqrt(t^2+1),
  // s = t c. The off-diagonal mass only shrinks, quadratically once it is small.
  for (int sweep = 0; sweep < 64; ++sweep) {
    double off = 0.0, diagonal = 0.0;
    for (int r = 0; r < n; ++r) {
      diagonal += a[r * n + r] * a[r * n + r];
      for (int c = r + 1; c < n; ++c) off += a[r * n + c] * a[r * n + c];
    }
    if (off <= 1e-30 * diagonal || off == 0.0) break;
    for (int p = 0; p < n; ++p) {
      for (int q = p + 1; q < n; ++q) {
        const double apq = a[p * n + q];
        if (apq == 0.0) continue;
        const double theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
        const double t = (theta >= 0.0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0);
        const double s = t * c;
        for (int k = 0; k < n; ++k) {  // columns p and q: A P
          const double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (int k = 0; k < n; ++k) {  // rows p and q: Pᵀ (A P)
          const double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        a[p * n + q] = 0.0;
        a[q * n + p] = 0.0;
      }
    }
  }
  for (int r = 0; r < n; ++r) eigenvalues[r] = a[r * n + r];
  // Insertion sort, largest first: n is tiny.
  for (int i = 1; i < n; ++i) {
    const double v = eigenvalues[i];
    int j = i - 1;
    while (j >= 0 && eigenvalues[j] < v) {
      eigenvalues[j + 1] = eigenvalues[j];
      --j;
    }
    eigenvalues[j + 1] = v;
  }
}

}  // namespace ik
