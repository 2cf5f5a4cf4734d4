// The parts of a Jacobian step that both iterations run (private to solvers/jacobian*.cpp):
// the damped m x m solve and the turn of the joints by Δθ, with limits and hinges.
//
// They are defined here, always inline, because the fused iteration (jacobian_fused.cpp)
// compiles them into its body, which isa_dispatch.h compiles twice (plain x86-64 and
// AVX2 + FMA); an out-of-line call would leave them plain. The general iteration
// (jacobian_step.cpp) inlines the same code.
//
// Index:
//   solve_spd_3     closed-form 3 x 3 symmetric positive definite solve
//   solve_damped    (J Jᵀ + λ² I) y = e
//   step_scale      the factor that keeps every joint's turn under params.max_step_angle
//   turn_joint      one joint turned by its part of Δθ (a hinge by its angle, clamped)
//   clamp_ball      a turned ball joint clamped into its limits
//   apply_step      every joint turned, then the ball joints clamped
#pragma once

#include <algorithm>
#include <cmath>

#include "solvers/base/dense.h"
#include "solvers/base/isa_dispatch.h"
#include "solvers/ik/jacobian/jacobian_problem.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace jacobian_detail {

// A x = b for the symmetric positive definite 3 x 3 A = a + diagonal I (a row-major, both
// triangles), in closed form: x = adj(A) b / det(A), with the cofactors C_ij of the symmetric A. One
// division instead of Cholesky's chain of three square roots and nine divisions, each
// waiting for the one before (about 150 cycles of latency on every iteration's path, down
// to about 40). By Sylvester's criterion A is positive definite exactly when a00, the
// leading 2 x 2 minor C22 and det(A) are positive; otherwise returns false with `b`
// untouched (the caller then damps more, as after a failed Cholesky). Accuracy: like
// Cholesky's, the error grows with A's condition number; the damping λ² I the solvers
// add bounds it.
IKSCOPE_ALWAYS_INLINE bool solve_spd_3(const float* a, float diagonal, float* b) {
  const float a00 = a[0] + diagonal, a01 = a[1], a02 = a[2], a11 = a[4] + diagonal, a12 = a[5], a22 = a[8] + diagonal;
  const float c00 = a11 * a22 - a12 * a12;
  const float c01 = a02 * a12 - a01 * a22;
  const float c02 = a01 * a12 - a02 * a11;
  const float c11 = a00 * a22 - a02 * a02;
  const float c12 = a01 * a02 - a00 * a12;
  const float c22 = a00 * a11 - a01 * a01;
  const float det = (a00 * c00 + a01 * c01) + a02 * c02;
  if (!(a00 > 0.0f && c22 > 0.0f && det > 0.0f && std::isfinite(det))) return false;
  const float inverse = 1.0f / det;
  const float b0 = b[0], b1 = b[1], b2 = b[2];
  b[0] = ((c00 * b0 + c01 * b1) + c02 * b2) * inverse;
  b[1] = ((c01 * b0 + c11 * b1) + c12 * b2) * inverse;
  b[2] = ((c02 * b0 + c12 * b1) + c22 * b2) * inverse;
  return true;
}

// (G + λ² I) y = e into scratch.y for G = scratch.gram (J Jᵀ, rows x rows, full): in closed
// form for 3 rows (solve_spd_3), else by Cholesky on a damped copy in scratch.damped_gram.
IKSCOPE_ALWAYS_INLINE void solve_damped(Problem& p, float lambda) {
  const int m = p.rows;
  const float* gram = p.scratch.gram.data();
  float* y = p.scratch.y.data();
  const float* e = p.scratch.error.data();
  auto attempt = [&](float diagonal) {
    if (m == 3) {  // three stores, not std::copy's memmove call for 12 bytes
      y[0] = e[0], y[1] = e[1], y[2] = e[2];
      return solve_spd_3(gram, diagonal, y);
    }
    std::copy(e, e + m, y);
    float* damped = p.scratch.damped_gram.data();
    std::copy(gram, gram + m * m, damped);
    for (int r = 0; r < m; ++r) damped[r * m + r] += diagonal;
    return cholesky_solve_in_place(damped, m, y);
  };
  const float damping = lambda * lambda;
  if (attempt(damping)) return;
  // lambda = 0 at a singular pose: damp just enough to make the system solvable.
  float trace = 0.0f;
  for (int r = 0; r < m; ++r) trace += gram[r * m + r];
  const float floor = 1e-6f * trace / static_cast<float>(m) + 1e-30f;
  if (!attempt(damping + floor)) std::fill(y, y + m, 0.0f);
}

// The factor every joint's part of Δθ is scaled by: 1, or less so that no joint turns more
// than params.max_step_angle (scaling the whole step keeps its direction).
IKSCOPE_ALWAYS_INLINE float step_scale(Problem& p) {
  const float limit = p.params.max_step_angle;
  if (!(limit > 0.0f)) return 1.0f;
  const std::uint8_t* column_count = p.scratch.column_count.data();
  const float* step = p.scratch.step.data();
  float largest = 0.0f;  // the largest turn of a joint
  int column = 0;
  for (size_t k = 0; k < p.moving; ++k) {
    const int count = column_count[k];
    if (count == 0) continue;
    const float* s = step + column;
    largest = std::max(largest, std::sqrt(count == 1 ? s[0] * s[0] : (s[0] * s[0] + s[1] * s[1]) + s[2] * s[2]));
    column += count;
  }
  return largest > limit ? limit / largest : 1.0f;
}

// Turns unlocked tree joint k by `scale` times its part of Δθ, `s` (1 angle for a hinge, 3
// for a ball joint, own frame); a hinge is clamped here too (its angle, before the turn is
// built), a ball joint by clamp_ball.
IKSCOPE_ALWAYS_INLINE void turn_joint(Problem& p, Pose& pose, Trace* trace, size_t k, const float* s, float scale) {
  JacobianScratch& scratch = p.scratch;
  const int j = p.workspace.path[k];
  glm::quat& rotation = pose.local[static_cast<size_t>(j)].rotation;
  const glm::quat& rest = p.skeleton.rest[static_cast<size_t>(j)].rotation;
  if (scratch.column_count[k] == 1) {
    // A hinge (one column only with limits on): its angle moves by the step and is clamped
    // as a number, then the rotation is rebuilt from it (limits.h, "Hinges tracked by
    // their angle"), instead of turning the quaternion and reading the angle back.
    HingeState& hinge = scratch.hinge[k];
    hinge.angle += scale * s[0];
    const bool clamped = clamp_hinge_angle(p.skeleton.limits[static_cast<size_t>(j)], hinge.angle);
    rotation = hinge_rotation(scratch.hinge_axis[k], rest, hinge.angle);
    if (clamped || hinge.swing_to_report) trace_clamped(trace, static_cast<int>(k));
    hinge.swing_to_report = false;
    return;
  }
  const glm::vec3 turn = scale * glm::vec3(s[0], s[1], s[2]);  // own frame
  if (glm::dot(turn, turn) > 0.0f) rotation = renormalized(multiply(rotation, rotation_from_vector(turn)));
}

// Clamps turned ball joint k into its limits (with params.use_limits).
IKSCOPE_ALWAYS_INLINE void clamp_ball(Problem& p, Pose& pose, Trace* trace, size_t k) {
  const int j = p.workspace.path[k];
  glm::quat& rotation = pose.local[static_cast<size_t>(j)].rotation;
  const glm::quat& rest = p.skeleton.rest[static_cast<size_t>(j)].rotation;
  // Most turns stay inside a ball joint's ranges: the quick test spares the angle reading.
  const glm::vec3* ranges = p.scratch.ball_test[k].ranges;
  if (ranges[2].x <= 1.0f && ball_surely_inside(ranges, multiply(glm::conjugate(rest), rotation))) return;
  if (clamp_to_limits(p.skeleton.limits[static_cast<size_t>(j)], p.scratch.hinge_axis[k], rest, rotation))
    trace_clamped(trace, static_cast<int>(k));
}

// Turns every unlocked joint by its part of Δθ (scratch.step, scaled by step_scale), then
// clamps the ball joints. Two loops on purpose: the turns do not depend on one another, and
// each is a long chain of dependent arithmetic (the exponential map, a product, the
// renormalisation) that the next forward pass waits for; without the limit tests between
// them (the quick test's own product and square root, off that chain but in the processor's
// window) more of the turns run side by side. About 6% of the humanoid frame.
IKSCOPE_ALWAYS_INLINE void apply_step(Problem& p, Pose& pose, Trace* trace) {
  const std::uint8_t* column_count = p.scratch.column_count.data();
  const float* step = p.scratch.step.data();
  const float scale = step_scale(p);
  int column = 0;
  for (size_t k = 0; k < p.moving; ++k) {
    if (column_count[k] == 0) continue;
    turn_joint(p, pose, trace, k, step + column, scale);
    column += column_count[k];
  }
  if (!p.params.use_limits) return;
  for (size_t k = 0; k < p.moving; ++k)
    if (column_count[k] == 3) clamp_ball(p, pose, trace, k);
}

}  // namespace jacobian_detail
}  // namespace ik
