// The full-body solver's step (full_body_problem.h: priority_step): up to three tasks in
// strict priority -- the pinned effectors, the other effectors, the balance -- each a
// weighted damped least-squares step in the null space of the tasks before it, on small
// m x m systems.
//
// Index:
//   small dense helpers   cholesky_factor, cholesky_solve (double accumulation)
//   priority_step
#include <algorithm>
#include <cmath>

#include "solvers/ik/full_body/full_body_problem.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace full_body_detail {
namespace {

// ---- Small dense helpers (row-major n x n, lower triangle used) -------------------------

// In-place Cholesky factor L (A = L Lᵀ) in the lower triangle, accumulated in double, with
// each diagonal entry stored as its reciprocal 1 / L_jj: the solves below run once per row of
// every coupling, and a division there is a long wait on a chain of dependent steps.
bool cholesky_factor(float* a, int n) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= static_cast<double>(a[j * n + k]) * a[j * n + k];
    if (!(d > 0.0) || !std::isfinite(d)) return false;
    const double inverse_l = 1.0 / std::sqrt(d);
    a[j * n + j] = static_cast<float>(inverse_l);
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= static_cast<double>(a[i * n + k]) * a[j * n + k];
      a[i * n + j] = static_cast<float>(s * inverse_l);
    }
  }
  return true;
}

// Solves L Lᵀ x = b in place with the factor of cholesky_factor (its diagonal reciprocal).
void cholesky_solve(const float* l, int n, float* b) {
  for (int i = 0; i < n; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= static_cast<double>(l[i * n + k]) * b[k];
    b[i] = static_cast<float>(s * l[i * n + i]);
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= static_cast<double>(l[k * n + i]) * b[k];
    b[i] = static_cast<float>(s * l[i * n + i]);
  }
}

// One task: rows [first, first + count) of J, its damping, and where its projected rows and
// its factor live.
struct Task {
  int first = 0;
  int count = 0;
  float lambda = 0.0f;
  float* projected = nullptr;  // A_l, count x n
  float* factor = nullptr;     // the Cholesky factor of A_l W A_lᵀ + λ_l² I, count x count
  float* projector = nullptr;  // the same with μ² for λ_l² (the null-space projection), count x count
};

}  // namespace

// ---- priority_step ------------------------------------------------------------------------
//
// Tasks l = 1, 2, 3 with Jacobian rows J_l and errors e_l, W = diag(column weights). Each
// task works in the W-weighted null space of the tasks before it:
//   A_1 = J_1,   A_l = J_l - Σ_{k<l} C_lk A_k,   C_lk = J_l W A_kᵀ G_k⁻¹,
//   G_l = A_l W A_lᵀ + λ_l² I,   Δ_l = W A_lᵀ G_l⁻¹ (e_l - J_l (Δ_1 + ... + Δ_{l-1})),
// and Δ = Σ Δ_l. (A_l = J_l P, P the projector onto the null space of the tasks before l,
// which they map to ~0: Siciliano and Slotine's recursion.) Only m_l x m_l systems are
// solved; no n x n matrix is formed. Rows for the errors are scratch.task_error (the error
// less what the clamping loop's held columns already move).

bool priority_step(Body& b, float damping, bool pins_only) {
  FullBodyScratch& s = b.scratch;
  // Rows are n long; past the live columns J is 0 (no row reads those joints), so the
  // products stop there and those columns' step stays 0.
  const int n = b.columns, live = b.live_columns;
  const float* j = s.jacobian.data();
  const float* w = s.column_weight.data();
  float* step = s.step.data();
  std::fill(step, step + n, 0.0f);
  if (n == 0) return true;
  // The pin correction moves only the columns below pins alone (their weight times the mask).
  float* weights = s.task_weight.data();
  for (int c = 0; c < n; ++c) weights[c] = pins_only ? w[c] * s.column_mask[static_cast<size_t>(c)] : w[c];
  const float lambda = b.lambda * damping;
  const float projection_damping = kProjectionDamping * b.reach;

  Task tasks[3];
  int task_count = 0;
  int factor_used = 0;
  const int sizes[3] = {b.pinned_rows, pins_only ? 0 : b.rows - b.pinned_rows - b.balance_rows,
                        pins_only || !b.balancing ? 0 : b.balance_rows};
  const float lambdas[3] = {pins_only ? 1e-3f * b.reach * damping : kPinDamping * lambda, lambda, lambda};
  for (int l = 0, first = 0; l < 3; first += sizes[l], ++l) {
    if (sizes[l] == 0) continue;
    Task& t = tasks[task_count++];
    t.first = first;
    t.count = sizes[l];
    t.lambda = lambdas[l];
    t.projected = s.projected.data() + static_cast<size_t>(first) * static_cast<size_t>(n);
    t.factor = s.gram.data() + factor_used;
    t.projector = t.factor + t.count * t.count;
    factor_used += 2 * t.count * t.count;
  }

  for (int l = 0; l < task_count; ++l) {
    Task& t = tasks[l];
    const float* jl = j + t.first * n;
    float* a = t.projected;
    std::copy(jl, jl + t.count * n, a);
    // A_l = J_l - Σ C_lk A_k, a row of C at a time.
    for (int k = 0; k < l; ++k) {
      const Task& before = tasks[k];
      float* row = s.column.data();
      for (int r = 0; r < t.count; ++r) {
        for (int q = 0; q < before.count; ++q)
          row[q] = weighted_row_dot(jl + r * n, weights, before.projected + q * n, live);
        cholesky_solve(before.projector, before.count, row);
        for (int q = 0; q < before.count; ++q) {
          const float factor = row[q];
          if (factor == 0.0f) continue;
          for (int c = 0; c < live; ++c) a[r * n + c] -= factor * before.projected[q * n + c];
        }
      }
    }
    // G_l and its factor.
    float* g = t.factor;
    for (int r = 0; r < t.count; ++r)
      for (int q = 0; q <= r; ++q)
        g[r * t.count + q] = g[q * t.count + r] = weighted_row_dot(a + r * n, weights, a + q * n, live);
    float* projector = t.projector;
    std::copy(g, g + t.count * t.count, projector);
    for (int r = 0; r < t.count; ++r) {
      g[r * t.count + r] += t.lambda * t.lambda;
      projector[r * t.count + r] += projection_damping * projection_damping;
    }
    if (!cholesky_factor(g, t.count) || (l + 1 < task_count && !cholesky_factor(projector, t.count))) {
      std::fill(step, step + n, 0.0f);
      return false;
    }
    // Δ_l = W A_lᵀ G_l⁻¹ (e_l - J_l Δ).
    float* y = s.y.data() + t.first;
    for (int r = 0; r < t.count; ++r)
      y[r] = s.task_error[static_cast<size_t>(t.first + r)] - row_dot(jl + r * n, step, live);
    cholesky_solve(g, t.count, y);
    for (int c = 0; c < live; ++c) {
      float sum = 0.0f;
      for (int r = 0; r < t.count; ++r) sum += a[r * n + c] * y[r];
      step[c] += weights[c] * sum;
    }
  }
  return true;
}

}  // namespace full_body_detail
}  // namespace ik
