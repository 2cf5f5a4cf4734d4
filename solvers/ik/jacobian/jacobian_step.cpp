// The general iteration: J, then the Jacobian transpose or the damped least squares step on
// it, then the turn of every joint (jacobian_step.h) and the new frames. See jacobian.h for
// the two steps' formulas.
//
// Index:
//   dot                  a dot product in four partial sums
//   multiply_transposed  Jᵀ v
//   transpose_step       Δθ = α Jᵀ e with Buss's α
//   gram_of_three_rows   J Jᵀ of a three-row J in one pass
//   dls_step             Δθ = Jᵀ (J Jᵀ + λ² I)⁻¹ e
//   general_iteration    one iteration, up to the new frames
#include "solvers/ik/jacobian/jacobian_step.h"

#include <algorithm>

#include "solvers/ik/jacobian/jacobian_problem.h"

namespace ik {
namespace jacobian_detail {
namespace {

// out = Jᵀ v.
void multiply_transposed(const float* jacobian, int rows, int columns, const float* v, float* out) {
  std::fill(out, out + columns, 0.0f);
  for (int r = 0; r < rows; ++r) {
    const float* row = jacobian + r * columns;
    const float vr = v[r];
    for (int c = 0; c < columns; ++c) out[c] += row[c] * vr;
  }
}

// Jacobian transpose: Δθ = α Jᵀ e, α = <e, J Jᵀ e> / |J Jᵀ e|² = |Jᵀe|² / |J Jᵀ e|².
void transpose_step(Problem& p) {
  JacobianScratch& s = p.scratch;
  const float* jacobian = s.jacobian.data();
  float* step = s.step.data();
  float* jg = s.jg.data();
  multiply_transposed(jacobian, p.rows, p.columns, s.error.data(), step);
  for (int r = 0; r < p.rows; ++r) jg[r] = row_dot(jacobian + r * p.columns, step, p.columns);
  const float jg2 = row_dot(jg, jg, p.rows);
  const float alpha = jg2 > 0.0f ? row_dot(step, step, p.columns) / jg2 : 0.0f;
  for (int c = 0; c < p.columns; ++c) step[c] *= alpha;
}

// J Jᵀ for three rows (one position goal, the common case) in one pass over the columns:
// the six distinct entries as running sums, instead of six dot products.
void gram_of_three_rows(const float* jacobian, int n, float* gram) {
  const float* r0 = jacobian;
  const float* r1 = jacobian + n;
  const float* r2 = jacobian + 2 * n;
  float s00 = 0.0f, s10 = 0.0f, s11 = 0.0f, s20 = 0.0f, s21 = 0.0f, s22 = 0.0f;
  for (int c = 0; c < n; ++c) {
    const float a = r0[c], b = r1[c], d = r2[c];
    s00 += a * a;
    s10 += b * a;
    s11 += b * b;
    s20 += d * a;
    s21 += d * b;
    s22 += d * d;
  }
  gram[0] = s00, gram[1] = s10, gram[2] = s20;
  gram[3] = s10, gram[4] = s11, gram[5] = s21;
  gram[6] = s20, gram[7] = s21, gram[8] = s22;
}

// Damped least squares: (J Jᵀ + λ² I) y = e (solve_damped), Δθ = Jᵀ y. J Jᵀ is the proper
// triple loop (each entry a dot product of two rows of J), never an N x N matrix.
void dls_step(Problem& p, float lambda) {
  JacobianScratch& s = p.scratch;
  const float* jacobian = s.jacobian.data();
  const int m = p.rows, n = p.columns;
  float* gram = s.gram.data();
  if (m == 3) {
    gram_of_three_rows(jacobian, n, gram);
  } else {
    for (int r = 0; r < m; ++r)
      for (int c = 0; c <= r; ++c) {
        const float v = row_dot(jacobian + r * n, jacobian + c * n, n);
        gram[r * m + c] = v;
        gram[c * m + r] = v;
      }
  }
  solve_damped(p, lambda);
  multiply_transposed(jacobian, m, n, s.y.data(), s.step.data());
}

}  // namespace

void general_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method) {
  build_jacobian(p, pose);
  if (method == JacobianMethod::transpose)
    transpose_step(p);
  else
    dls_step(p, p.lambda);
  apply_step(p, pose, trace);
  update_frames(p, pose);
}

}  // namespace jacobian_detail
}  // namespace ik
