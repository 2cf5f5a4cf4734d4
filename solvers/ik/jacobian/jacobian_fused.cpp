// The fused iteration: one position goal on rigid frames (Problem::fused; the humanoid's
// limbs, the program's usual chain). The same step as the general iteration, taken without
// forming J, and the frames walked down the path; the whole iteration is one body compiled
// for plain x86-64 and for AVX2 + FMA (isa_dispatch.h).
//
// With one effector at p and every frame a rotation times a uniform scale, a ball joint's
// three columns are â_a × r, where â_a are its frame's unit axes (Problem's frame) and
// r = sqrt(weight) (p - p_j). For an orthonormal â_a, with â_a × r = -[r]x â_a,
//     Σ_a (â_a × r)(â_a × r)ᵀ = [r]x (Σ_a â_a â_aᵀ) [r]xᵀ = -[r]x [r]x = |r|² I - r rᵀ,
// and its part of Δθ = Jᵀ y is (â_a × r)·y = â_a·(r × y): the components of r × y in the
// joint's own axes. A hinge's one column is c = â × r (â its axis), adding c cᵀ to J Jᵀ and
// c·y to Δθ. So a step needs neither J nor a pass over 3 x columns entries: one pass over
// the joints builds J Jᵀ, a second turns y into Δθ (about a third of the arithmetic).
//
// Index:
//   WalkFrame, walk_frame, linear_times, point_at, store_xyz   the walk's frame (simd_math.h)
//   place_child           a child's frame from its parent's
//   walk_frames           the frames of the path (chain_frames' arithmetic, to the bit)
//   walk_path_frames      the same, out of line (update_frames)
//   fused_gram            J Jᵀ and each joint's lever
//   fused_transpose_times Δθ = Jᵀ y
//   fused_dls_y           DLS's y
//   fused_transpose_y     the transpose step's y = α e
//   fused_iteration_body  one iteration, J Jᵀ to the new frames
//   fused_iteration       the body's plain or AVX2 + FMA copy (IsaDispatch)
#include "solvers/base/isa_dispatch.h"
#include "solvers/base/simd_math.h"
#include "solvers/ik/jacobian/jacobian_problem.h"
#include "solvers/ik/jacobian/jacobian_step.h"

namespace ik {
namespace jacobian_detail {
namespace {

// ---- The forward pass down the path -------------------------------------------------------
//
// On the fused path the chain's tree is a path (one effector: tree_parent[k] = k - 1), so
// the forward pass can walk down it with the parent's frame in registers: chain_frames'
// arithmetic, operation for operation (the same frames to the bit), without its general
// tree bookkeeping, and compiled into the fused iteration (see fused_iteration_body).

// The walk's frame in four-float registers: the linear part's three columns and the
// position, one register each (lane 3 unused), so linear * v is three broadcasts, three
// multiplies and two adds.
struct WalkFrame {
  simd::Float4 column[3];
  simd::Float4 position;
};

// An affine mat4's frame (its columns' lane 3 is 0 or 1, never read).
IKSCOPE_ALWAYS_INLINE WalkFrame walk_frame(const glm::mat4& m) {
  return {{simd::load4(&m[0][0]), simd::load4(&m[1][0]), simd::load4(&m[2][0])}, simd::load4(&m[3][0])};
}

// frame.linear * (x, y, z), summed (x + y) + z as glm's mat3 * vec3.
IKSCOPE_ALWAYS_INLINE simd::Float4 linear_times(const WalkFrame& frame, float x, float y, float z) {
  using namespace simd;
  return add(add(mul(frame.column[0], splat(x)), mul(frame.column[1], splat(y))), mul(frame.column[2], splat(z)));
}

// The point at (x, y, z) in the frame: position + linear * (x, y, z).
IKSCOPE_ALWAYS_INLINE simd::Float4 point_at(const WalkFrame& frame, float x, float y, float z) {
  return simd::add(frame.position, linear_times(frame, x, y, z));
}

// Lanes 0..2 of v into v3, nothing past it.
IKSCOPE_ALWAYS_INLINE void store_xyz(glm::vec3& v3, simd::Float4 v) { simd::store3(&v3.x, v); }

// The child's frame from its parent's (Problem's frame): position = parent position +
// parent linear * t, linear = parent linear * R(q) * S, with R(q)'s columns as in
// glm::mat3_cast; stored into `linear` and `position` too.
IKSCOPE_ALWAYS_INLINE WalkFrame place_child(const WalkFrame& parent, const Transform& local, glm::mat3& linear,
                                            glm::vec3& position) {
  const glm::quat& q = local.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  const glm::vec3& s = local.scale;
  const glm::vec3& t = local.translation;
  WalkFrame child;
  child.position = point_at(parent, t.x, t.y, t.z);
  child.column[0] =
      linear_times(parent, s.x * (1.0f - 2.0f * (yy + zz)), s.x * (2.0f * (xy + wz)), s.x * (2.0f * (xz - wy)));
  child.column[1] =
      linear_times(parent, s.y * (2.0f * (xy - wz)), s.y * (1.0f - 2.0f * (xx + zz)), s.y * (2.0f * (yz + wx)));
  child.column[2] =
      linear_times(parent, s.z * (2.0f * (xz + wy)), s.z * (2.0f * (yz - wx)), s.z * (1.0f - 2.0f * (xx + yy)));
  store_xyz(linear[0], child.column[0]);
  store_xyz(linear[1], child.column[1]);
  store_xyz(linear[2], child.column[2]);
  store_xyz(position, child.position);
  return child;
}

// The frames of the chain (a path) from the pose, as update_frames.
IKSCOPE_ALWAYS_INLINE void walk_frames(Problem& p, const Pose& pose) {
  Workspace& ws = p.workspace;
  WalkFrame parent = walk_frame(p.frame_parent);
  for (size_t k = 0; k < p.moving; ++k)
    parent = place_child(parent, pose.local[static_cast<size_t>(ws.path[k])], ws.linear[k], ws.positions[k]);
  if (p.moving < ws.path.size()) {  // the effector's position alone (choose_path)
    const glm::vec3& t = pose.local[static_cast<size_t>(ws.path[p.moving])].translation;
    store_xyz(ws.positions[p.moving], point_at(parent, t.x, t.y, t.z));
  }
}

// ---- The step without J ---------------------------------------------------------------------

// J Jᵀ into scratch.gram, and per unlocked tree joint k what its Δθ needs -- r for a ball
// joint, c for a hinge -- into scratch.fused_lever[k].
IKSCOPE_ALWAYS_INLINE void fused_gram(Problem& p) {
  JacobianScratch& s = p.scratch;
  const glm::vec3 effector = s.effector_position[0];
  const float weight = s.effector_row_scale[0];
  const size_t joints = p.moving;
  const std::uint8_t* column_count = s.column_count.data();
  const glm::vec3* positions = p.workspace.positions.data();
  const glm::vec3* hinge_axes = s.hinge_axis.data();
  const glm::mat3* linear = p.workspace.linear.data();
  const float* inverse_frame_scale = s.inverse_frame_scale.data();
  glm::vec3* lever = s.fused_lever.data();
  float g00 = 0.0f, g01 = 0.0f, g02 = 0.0f, g11 = 0.0f, g12 = 0.0f, g22 = 0.0f;
  for (size_t k = 0; k < joints; ++k) {
    const int count = column_count[k];
    if (count == 0) continue;
    glm::vec3 v = (effector - positions[k]) * weight;  // r
    if (count == 3) {
      const float xx = v.x * v.x, yy = v.y * v.y, zz = v.z * v.z;
      g00 += yy + zz;
      g11 += xx + zz;
      g22 += xx + yy;
      g01 -= v.x * v.y;
      g02 -= v.x * v.z;
      g12 -= v.y * v.z;
    } else {
      // The hinge's axis in the Problem's frame: its frame (scale 1 / inverse_frame_scale[k])
      // times the unit axis in its own frame.
      v = glm::cross((linear[k] * hinge_axes[k]) * inverse_frame_scale[k], v);
      g00 += v.x * v.x;
      g11 += v.y * v.y;
      g22 += v.z * v.z;
      g01 += v.x * v.y;
      g02 += v.x * v.z;
      g12 += v.y * v.z;
    }
    lever[k] = v;
  }
  float* gram = s.gram.data();
  gram[0] = g00, gram[1] = g01, gram[2] = g02;
  gram[3] = g01, gram[4] = g11, gram[5] = g12;
  gram[6] = g02, gram[7] = g12, gram[8] = g22;
}

// Δθ = Jᵀ y from fused_gram's levers, into scratch.step.
IKSCOPE_ALWAYS_INLINE void fused_transpose_times(Problem& p, const glm::vec3& y) {
  const JacobianScratch& s = p.scratch;
  const glm::mat3* linear = p.workspace.linear.data();
  float* step = p.scratch.step.data();
  for (size_t k = 0; k < p.moving; ++k) {
    const int count = s.column_count[k];
    if (count == 0) continue;
    const glm::vec3 lever = s.fused_lever[k];
    if (count == 3) {
      // r × y in the joint's own axes: the frame's columns have length 1 / inverse_frame_scale[k].
      const glm::vec3 w = glm::cross(lever, y) * s.inverse_frame_scale[k];
      step[0] = glm::dot(linear[k][0], w);
      step[1] = glm::dot(linear[k][1], w);
      step[2] = glm::dot(linear[k][2], w);
    } else {
      step[0] = glm::dot(lever, y);
    }
    step += count;
  }
}

// The fused path's y, with Δθ = Jᵀ y, from fused_gram's J Jᵀ. DLS: (J Jᵀ + λ² I) y = e.
IKSCOPE_ALWAYS_INLINE glm::vec3 fused_dls_y(Problem& p, float lambda) {
  solve_damped(p, lambda);
  const float* y = p.scratch.y.data();
  return glm::vec3(y[0], y[1], y[2]);
}

// Jacobian transpose: y = α e, transpose_step's α = |Jᵀe|² / |J Jᵀ e|² with |Jᵀe|² = eᵀ (J Jᵀ) e.
IKSCOPE_ALWAYS_INLINE glm::vec3 fused_transpose_y(Problem& p) {
  const float* g = p.scratch.gram.data();
  const float* e = p.scratch.error.data();
  const glm::vec3 ev(e[0], e[1], e[2]);
  const glm::vec3 ge(g[0] * e[0] + g[1] * e[1] + g[2] * e[2], g[3] * e[0] + g[4] * e[1] + g[5] * e[2],
                     g[6] * e[0] + g[7] * e[1] + g[8] * e[2]);
  const float ge2 = glm::dot(ge, ge);
  const float alpha = ge2 > 0.0f ? glm::dot(ev, ge) / ge2 : 0.0f;
  return alpha * ev;
}

// ---- One fused iteration, compiled twice ------------------------------------------------------
//
// From J Jᵀ to the new frames, with every step inlined, compiled once for plain x86-64 and
// once with AVX2 + FMA (isa_dispatch.h), picked per solve. The error of the new pose
// (evaluate) stays plain code, the same in every solve. FMA fuses the many a * b + c of the
// turns, frames and J Jᵀ into one instruction each, and VEX's three operands spare the
// register copies of the two-operand SSE code.
IKSCOPE_ALWAYS_INLINE void fused_iteration_body(Problem& p, Pose& pose, Trace* trace, JacobianMethod method,
                                                float lambda) {
  fused_gram(p);
  const glm::vec3 y = method == JacobianMethod::transpose ? fused_transpose_y(p) : fused_dls_y(p, lambda);
  fused_transpose_times(p, y);
  apply_step(p, pose, trace);
  walk_frames(p, pose);
}

}  // namespace

void walk_path_frames(Problem& p, const Pose& pose) { walk_frames(p, pose); }

void fused_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method) {
  IsaDispatch<fused_iteration_body>::run(p, pose, trace, method, p.lambda);
}

}  // namespace jacobian_detail
}  // namespace ik
