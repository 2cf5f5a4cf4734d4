// Index:
//   eigen_decompose     cyclic Jacobi on the symmetric J Jᵀ, eigenvalues and eigenvectors
//   analyse_jacobian    rank, smallest non-zero σ, condition of the non-zero part, goal test
//   jacobian_readout    the same for a chain at a pose (J and the goal error as the solvers')
#include "solvers/ik/jacobian/jacobian_readout.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "solvers/ik/goal_error.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

// Eigenvalues (largest first) and unit eigenvectors (vectors[i * n + k]: component k of
// the i-th) of the symmetric n x n matrix `a` (destroyed), n <= 6, by cyclic Jacobi
// rotations: each sweep zeroes every off-diagonal pair once; the vectors accumulate the
// rotations. Double precision converges in a handful of sweeps at these sizes.
void eigen_decompose(double* a, int n, double* values, double* vectors) {
  double v[36];
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) v[r * n + c] = r == c ? 1.0 : 0.0;
  for (int sweep = 0; sweep < 50; ++sweep) {
    double off = 0.0;
    for (int r = 0; r < n; ++r)
      for (int c = r + 1; c < n; ++c) off += a[r * n + c] * a[r * n + c];
    if (off < 1e-30) break;
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) {
        const double apq = a[p * n + q];
        if (apq == 0.0) continue;
        // The rotation (c, s) that zeroes a[p][q] (Golub & Van Loan, symmetric Schur).
        const double theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
        const double t = (theta >= 0.0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < n; ++k) {  // A <- A G (columns p, q)
          const double akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (int k = 0; k < n; ++k) {  // A <- Gᵀ A (rows p, q)
          const double apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (int k = 0; k < n; ++k) {  // V <- V G
          const double vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  int order[6];
  for (int i = 0; i < n; ++i) order[i] = i;
  std::sort(order, order + n, [&](int x, int y) { return a[x * n + x] > a[y * n + y]; });
  for (int i = 0; i < n; ++i) {
    values[i] = a[order[i] * n + order[i]];
    for (int k = 0; k < n; ++k) vectors[i * n + k] = v[k * n + order[i]];  // column order[i] of V
  }
}

}  // namespace

bool analyse_jacobian(const float* jacobian, int rows, int columns, const float* goal_error, float reached_within,
                      const ReadoutThresholds& thresholds, JacobianReadout& out) {
  out = JacobianReadout{};
  if (rows < 1 || rows > 6 || columns < 0 || (columns > 0 && jacobian == nullptr)) return false;
  const int m = rows;
  double jjt[36], values[6], vectors[36];
  for (int r = 0; r < m; ++r)
    for (int s = 0; s < m; ++s) {
      double sum = 0.0;
      for (int c = 0; c < columns; ++c)
        sum += static_cast<double>(jacobian[r * columns + c]) * static_cast<double>(jacobian[s * columns + c]);
      jjt[r * m + s] = sum;
    }
  eigen_decompose(jjt, m, values, vectors);
  out.rows = m;
  out.columns = columns;
  for (int i = 0; i < m; ++i) {
    out.singular_values[i] = static_cast<float>(std::sqrt(std::max(0.0, values[i])));
    for (int k = 0; k < m; ++k) out.directions[i][k] = static_cast<float>(vectors[i * m + k]);
  }
  // A matrix with fewer columns than rows has at most `columns` non-zero singular values.
  const float largest = out.singular_values[0];
  const int most = std::min(m, columns);
  for (int i = 0; i < most; ++i)
    if (largest > 0.0f && out.singular_values[i] > thresholds.rank_tolerance * largest) out.rank = i + 1;
  out.smallest_nonzero = out.rank > 0 ? out.singular_values[out.rank - 1] : 0.0f;
  out.condition = out.rank > 0 ? largest / out.smallest_nonzero : 0.0f;
  for (int i = 0; i < m; ++i)
    if (!(out.singular_values[i] >= thresholds.near_null_ratio * largest) || i >= most) ++out.near_null_count;
  if (largest == 0.0f) out.near_null_count = m;

  if (goal_error == nullptr) return true;
  double length2 = 0.0;
  for (int k = 0; k < m; ++k) length2 += static_cast<double>(goal_error[k]) * goal_error[k];
  out.goal_distance = static_cast<float>(std::sqrt(length2));
  if (!(out.goal_distance > reached_within) || !(out.goal_distance > 0.0f)) return true;
  // The near-null directions are the last near_null_count (the values are sorted).
  double along2 = 0.0;
  for (int i = m - out.near_null_count; i < m; ++i) {
    double dot = 0.0;
    for (int k = 0; k < m; ++k) dot += static_cast<double>(out.directions[i][k]) * goal_error[k];
    along2 += dot * dot;
  }
  out.goal_along_near_null = static_cast<float>(std::min(1.0, std::sqrt(along2 / length2)));
  out.near_singular = out.near_null_count > 0 && out.goal_along_near_null >= thresholds.along_threshold;
  return true;
}

bool jacobian_readout(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                      JacobianReadout& out, const ReadoutThresholds& thresholds) {
  out = JacobianReadout{};
  std::vector<float> jacobian;
  int rows = 0, columns = 0;
  if (!compute_jacobian(skeleton, chain, pose, workspace, true, jacobian, rows, columns)) return false;
  // The goal error as the solvers' rows (jacobian.h, Rows): position, then with an
  // orientation goal orientation_weight times the rotation vector of goal * effector⁻¹.
  std::vector<glm::mat4> world;
  fk_all(skeleton, pose, world);
  const glm::mat4& effector = world[static_cast<size_t>(chain.effector)];
  float error[6] = {};
  const glm::vec3 move = chain.goal.position - position_of(effector);
  for (int k = 0; k < 3; ++k) error[k] = move[k];
  if (rows == 6) {
    const glm::vec3 turn = chain.params.orientation_weight *
                           rotation_vector_between(rotation_of(glm::mat3(effector)), chain.goal.orientation);
    for (int k = 0; k < 3; ++k) error[3 + k] = turn[k];
  }
  float chain_length = 0.0f;
  for (int j = chain.effector; j != chain.root && j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) {
    const int parent = skeleton.parent[static_cast<size_t>(j)];
    if (parent >= 0)
      chain_length +=
          glm::length(position_of(world[static_cast<size_t>(j)]) - position_of(world[static_cast<size_t>(parent)]));
  }
  return analyse_jacobian(jacobian.data(), rows, columns, error, resolve_tolerance(chain.params, chain_length),
                          thresholds, out);
}

}  // namespace ik
