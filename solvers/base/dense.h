// Small dense linear algebra for the Jacobian solvers: the m x m systems they solve have
// one row per effector coordinate (3 or 6 per effector), never one per joint, so a plain
// Cholesky factorisation and a cyclic Jacobi eigenvalue iteration are all that is needed.
//
// Matrices are row-major arrays owned by the caller: element (r, c) of an n x n matrix is
// a[r * n + c]. Nothing here allocates.
#pragma once

namespace ik {

// Solves A x = b for a symmetric positive definite n x n matrix A. Only the lower
// triangle of `a` is read; it is overwritten by the Cholesky factor L (A = L Lᵀ), and `b`
// is overwritten by x. Returns false when A is not positive definite (a pivot <= 0 or
// not finite); `a` and `b` are then partly overwritten and must not be used.
bool cholesky_solve_in_place(float* a, int n, float* b);

// Eigenvalues of a symmetric n x n matrix by cyclic Jacobi rotations, sorted from the
// largest to the smallest into `eigenvalues` (n entries). `a` is destroyed. Converges to
// full double precision for the sizes used here (n <= 6) in a handful of sweeps.
void symmetric_eigenvalues(double* a, int n, double* eigenvalues);

}  // namespace ik
