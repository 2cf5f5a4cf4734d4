// The full-body solver's step (full_body_problem.h: priority_step): pinned effectors first,
// the others in the pins' null space, both as weighted damped least squares on m x m systems.
//
// Index:
//   small dense helpers   cholesky_factor, cholesky_solve (double accumulation)
//   priority_step
#include <algorithm>
#include <cmath>

#include "solvers/full_body_problem.h"

namespace ik {
namespace full_body_detail {
namespace {

// ---- Small dense helpers (row-major n x n, lower triangle used) -------------------------

// In-place Cholesky factor L (A = L Lᵀ) in the lower triangle, accumulated in double.
bool cholesky_factor(float* a, int n) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= static_cast<double>(a[j * n + k]) * a[j * n + k];
    if (!(d > 0.0) || !std::isfinite(d)) return false;
    const double l = std::sqrt(d);
    a[j * n + j] = static_cast<float>(l);
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= static_cast<double>(a[i * n + k]) * a[j * n + k];
      a[i * n + j] = static_cast<float>(s / l);
    }
  }
  return true;
}

// Solves L Lᵀ x = b in place with the factor of cholesky_factor.
void cholesky_solve(const float* l, int n, float* b) {
  for (int i = 0; i < n; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= static_cast<double>(l[i * n + k]) * b[k];
    b[i] = static_cast<float>(s / l[i * n + i]);
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= static_cast<double>(l[k * n + i]) * b[k];
    b[i] = static_cast<float>(s / l[i * n + i]);
  }
}

}  // namespace

// ---- priority_step ------------------------------------------------------------------------
//
// Pins (rows [0, m1)): Δ1 = W J1ᵀ (J1 W J1ᵀ + λ1² I)⁻¹ e1. The others (rows [m1, m)), in the
// pins' W-weighted null space: with C = J2 W J1ᵀ (J1 W J1ᵀ + λ1² I)⁻¹ and J̃2 = J2 - C J1
// (= J2 P, P = I - W J1ᵀ (..)⁻¹ J1, which J1 maps to ~0), Δ2 = W J̃2ᵀ (J̃2 W J̃2ᵀ + λ² I)⁻¹
// (e2 - J2 Δ1). Δ = Δ1 + Δ2. Only m x m systems are solved.

bool priority_step(Body& b, float damping, bool pins_only) {
  FullBodyScratch& s = b.scratch;
  const int n = b.columns, m1 = b.pinned_rows, m2 = pins_only ? 0 : b.rows - b.pinned_rows;
  const float* j = s.jacobian.data();
  float* w = s.column_weight.data();
  float* step = s.step.data();
  std::fill(step, step + n, 0.0f);
  if (n == 0) return true;
  // The pin correction moves only the columns below pins alone (their weight times the mask).
  auto weight = [&](int c) { return pins_only ? w[c] * s.column_mask[static_cast<size_t>(c)] : w[c]; };
  const float lambda = b.lambda * damping;
  const float pin_lambda = pins_only ? 1e-3f * b.reach : kPinDamping * lambda;

  if (m1 > 0) {
    float* gram = s.pin_gram.data();
    for (int r = 0; r < m1; ++r)
      for (int q = 0; q <= r; ++q) {
        float sum = 0.0f;
        for (int c = 0; c < n; ++c) sum += j[r * n + c] * weight(c) * j[q * n + c];
        gram[r * m1 + q] = gram[q * m1 + r] = sum;
      }
    float* factor = s.pin_gram_factor.data();
    std::copy(gram, gram + m1 * m1, factor);
    for (int r = 0; r < m1; ++r) factor[r * m1 + r] += pin_lambda * pin_lambda;
    if (!cholesky_factor(factor, m1)) return false;
    float* y = s.y.data();
    std::copy(s.task_error.data(), s.task_error.data() + m1, y);
    cholesky_solve(factor, m1, y);
    for (int c = 0; c < n; ++c) {
      float sum = 0.0f;
      for (int r = 0; r < m1; ++r) sum += j[r * n + c] * y[r];
      step[c] = weight(c) * sum;
    }
  }
  if (m2 == 0) return true;

  // J̃2 and the residual e2 - J2 Δ1.
  const float* j2 = j + m1 * n;
  float* projected = s.projected.data();
  float* residual = s.y.data() + m1;
  for (int r = 0; r < m2; ++r) {
    float moved = 0.0f;
    for (int c = 0; c < n; ++c) moved += j2[r * n + c] * step[c];
    residual[r] = s.task_error[static_cast<size_t>(m1 + r)] - moved;
  }
  std::copy(j2, j2 + m2 * n, projected);
  if (m1 > 0) {
    float* coupling = s.coupling.data();
    float* column = s.column.data();
    for (int r = 0; r < m2; ++r) {
      for (int q = 0; q < m1; ++q) {
        float sum = 0.0f;
        for (int c = 0; c < n; ++c) sum += j2[r * n + c] * w[c] * j[q * n + c];
        column[q] = sum;
      }
      cholesky_solve(s.pin_gram_factor.data(), m1, column);
      std::copy(column, column + m1, coupling + r * m1);
    }
    for (int r = 0; r < m2; ++r)
      for (int q = 0; q < m1; ++q) {
        const float factor = coupling[r * m1 + q];
        if (factor == 0.0f) continue;
        for (int c = 0; c < n; ++c) projected[r * n + c] -= factor * j[q * n + c];
      }
  }
  float* gram = s.gram.data();
  for (int r = 0; r < m2; ++r)
    for (int q = 0; q <= r; ++q) {
      float sum = 0.0f;
      for (int c = 0; c < n; ++c) sum += projected[r * n + c] * w[c] * projected[q * n + c];
      gram[r * m2 + q] = gram[q * m2 + r] = sum;
    }
  for (int r = 0; r < m2; ++r) gram[r * m2 + r] += lambda * lambda;
  if (!cholesky_factor(gram, m2)) {
    std::fill(step, step + n, 0.0f);
    return false;
  }
  cholesky_solve(gram, m2, residual);
  for (int c = 0; c < n; ++c) {
    float sum = 0.0f;
    for (int r = 0; r < m2; ++r) sum += projected[r * n + c] * residual[r];
    step[c] += w[c] * sum;
  }
  return true;
}

}  // namespace full_body_detail
}  // namespace ik
