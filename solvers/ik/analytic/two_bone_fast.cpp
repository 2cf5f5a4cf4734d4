// The two-bone closed form and the fast path (two_bone_fast.h), in simd_math.h's
// vocabulary: one register holds what takes three or four scalar registers, so the solve's
// ~40 vectors stay in registers instead of spilling to the stack.
//
// Index:
//   [CLOSED FORM]  bend_and_turn_at_once: analytic.h's steps 1-3 at once, as
//                  measure_triangle (lengths, the common-case checks, the law of cosines
//                  and Heron), bent_middle_rotation (step 1) and turned_root_rotation
//                  (steps 2-3, Shepperd's quaternion of the frame-to-frame rotation)
//   [FAST PATH]    fast_shape (the shape, in a few comparisons), surely_valid (the
//                  inputs, four floats at a time), fast_start (both, and the start pose),
//                  limb_vectors (the loads), fast_solve (the steps in order),
//                  begin_fast_trace (a traced solve's start, recorded before fast_solve)
//   [ENTRY]        reach_two_bone_at_once, solve_two_bone_fast (untraced, or traced
//                  around the same call): each a dispatched copy (isa_dispatch.h) of one
//                  always-inline body
#include "solvers/ik/analytic/two_bone_fast.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "solvers/base/isa_dispatch.h"
#include "solvers/base/simd_math.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

using namespace simd;  // NOLINT: this file is written in the vocabulary

// 1 / sqrt(x) for x > 0 to about float precision (scale_over_sqrt); NaN for x = 0 or NaN,
// which the checks (written to fail on NaN) send to the general path.
IKSCOPE_ALWAYS_INLINE float inverse_sqrt(float x) { return scale_over_sqrt(1.0f, x); }

// ---- [CLOSED FORM] ----------------------------------------------------------------------

// What the closed form reads: the bones in a's own frame (before its rotation), b's
// rotation and, in the limb frame, root -> target and the pole.
struct LimbVectors {
  Float4 w1;          // a -> b, a's frame (root_frame_bone 0)
  Float4 w2;          // b -> end, a's frame (root_frame_bone 1)
  Float4 rotation_b;  // b's local rotation (x, y, z, w)
  Float4 to_target;   // target - a's position, limb frame
  Float4 pole;        // Goal::pole, limb frame (lanes 0-2)
};

// What it found besides the rotations.
struct AtOnce {
  float distance = 0.0f;   // |target - root|
  float wanted = 0.0f;     // the distance clamped into [|l1 - l2|, l1 + l2]: the effector's
  float longest = 0.0f;    // l1 + l2
  bool in_range = false;   // distance within [|l1 - l2|, l1 + l2] (a relative 1e-6 of slack)
  Float4 u;                // the unit target direction: the effector lands at root + wanted u
};

// The triangle (l1, l2, wanted) the bent limb makes, and the lengths and directions the two
// turns need. beta is its angle at b, alpha its angle at the root (between w1 and the end).
struct Triangle {
  float l1, l1_squared, l2_squared, product_squared;  // |w1|, |w1|², |w2|², (l1 l2)²
  float inverse_l1, w1_dot_w2;
  float plane_length, inverse_plane_length;           // |w1 x w2| and its inverse
  float distance, inverse_distance, inverse_pole_plane_length;
  float longest, wanted;                              // l1 + l2; the target distance clamped
  bool in_range;
  float cos_beta_scaled;   // l1 l2 cos(beta)
  float cos_alpha_scaled;  // l1 wanted cos(alpha)
  float twice_area;        // l1 l2 sin(beta) = l1 wanted sin(alpha)
  Float4 plane;            // w1 x w2 (a's frame)
  Float4 pole_plane;       // pole x (target - root) (limb frame)
};

// Lengths come as x * (1 / sqrt(x)) (shorter latency than sqrt, and the reciprocals
// normalise the directions without a division); a zero length gives NaN, which the checks
// (written to fail on NaN) turn away. Returns false outside the common case.
IKSCOPE_ALWAYS_INLINE bool measure_triangle(const LimbVectors& limb, Triangle& t) {
  const Float4 w1 = limb.w1, w2 = limb.w2, to_target = limb.to_target, pole = limb.pole;
  // The limb's plane normal (a's frame), the target line and the pole's plane (limb frame).
  t.plane = cross3(w1, w2);
  t.pole_plane = cross3(pole, to_target);
  // The squared lengths that do not wait for b's rotation, side by side (a batch with |w2|²
  // or the plane's in it would make these wait for them too).
  const Float4 early_squares = four_dot3(w1, w1, to_target, to_target, t.pole_plane, t.pole_plane, pole, pole);
  const Float4 early_inverses = rsqrt_est_nr(early_squares), early_lengths = mul(early_squares, early_inverses);
  t.l1_squared = lane<0>(early_squares);
  const float distance_squared = lane<1>(early_squares);
  const float pole_plane_squared = lane<2>(early_squares), pole_squared = lane<3>(early_squares);
  t.inverse_l1 = lane<0>(early_inverses), t.inverse_distance = lane<1>(early_inverses);
  t.inverse_pole_plane_length = lane<2>(early_inverses);
  t.l1 = lane<0>(early_lengths), t.distance = lane<1>(early_lengths);
  t.l2_squared = dot3(w2, w2), t.w1_dot_w2 = dot3(w1, w2);
  const float plane_squared = dot3(t.plane, t.plane);
  t.product_squared = t.l1_squared * t.l2_squared;
  const float inverse_l2 = inverse_sqrt(t.l2_squared);
  t.inverse_plane_length = inverse_sqrt(plane_squared);
  const float l2 = t.l2_squared * inverse_l2;
  t.plane_length = plane_squared * t.inverse_plane_length;
  t.longest = t.l1 + l2;
  const float difference = t.l1 - l2, shortest = std::fabs(difference);
  // The common case, squared: a bent limb (|w1 x w2| > 1e-4 l1 l2), a target away from the
  // root (d > 1e-6 (l1 + l2)), off the pole's line (|pole x D| > 1e-4 d |pole|). Each fails
  // on NaN. And sizes whose squares below stay normal floats (the solver soak found limbs
  // ~1e6 and ~1e-6 long that overflowed or underflowed to infinite rotations): b's
  // unnormalised turn is between (l1 l2)² and 2 (l1 l2)² long, and is squared, so
  // 1e-18 < (l1 l2)² < 1e18; the root's is between l1 wanted and 4 l1 wanted long,
  // 1e-6 (l1 + l2) < wanted <= l1 + l2, and is squared, so 1e-12 < l1 (l1 + l2) < 1e18.
  // Limbs beyond take the step-by-step route.
  const float l1_longest = t.l1 * t.longest;
  if (!(plane_squared > 1e-8f * t.product_squared) || !(distance_squared > 1e-12f * (t.longest * t.longest)) ||
      !(pole_plane_squared > 1e-8f * (distance_squared * pole_squared)) || !(t.product_squared > 1e-18f) ||
      !(t.product_squared < 1e18f) || !(l1_longest > 1e-12f) || !(l1_longest < 1e18f))
    return false;
  t.in_range = t.distance >= shortest - 1e-6f * t.longest && t.distance <= t.longest + 1e-6f * t.longest;
  t.wanted = std::min(std::max(t.distance, shortest), t.longest);

  // By the law of cosines
  //   l1 l2 cos(beta) = (l1² + l2² - wanted²) / 2,  l1 wanted cos(alpha) = (l1² + wanted² - l2²) / 2,
  // and l1 l2 sin(beta) = l1 wanted sin(alpha) = twice the area, from Heron's formula as
  // products of differences of lengths, 16 area² = ((l1 + l2)² - wanted²)(wanted² - (l1 - l2)²):
  // exactly 0 for a straight (or folded) limb, where a square root of 1 - cos² would turn
  // the cosine's last-bit rounding into a bend of ~3e-4 radians.
  const float wanted = t.wanted, longest = t.longest;
  const float wanted_squared = wanted * wanted;
  t.cos_beta_scaled = 0.5f * ((t.l1_squared + t.l2_squared) - wanted_squared);
  t.cos_alpha_scaled = 0.5f * ((t.l1_squared - t.l2_squared) + wanted_squared);
  t.twice_area = 0.5f * std::sqrt(std::max(0.0f, ((longest - wanted) * (longest + wanted)) *
                                                     ((wanted - difference) * (wanted + difference))));
  return true;
}

// 1. b's new rotation: turned by phi = beta0 - beta about n0 = plane / |plane| (a's frame,
// which is b's parent frame), where beta0 is the angle at b now: l1 l2 cos(beta0) = -w1·w2,
// l1 l2 sin(beta0) = |w1 x w2|. The angle-difference formulas give, times (l1 l2)²,
//   C = (l1 l2)² cos(phi) = |plane| twice_area - (w1·w2) cos_beta_scaled,
//   S = (l1 l2)² sin(phi) = |plane| cos_beta_scaled + (w1·w2) twice_area.
// The rotation is then a positive multiple of (cos(phi/2), sin(phi/2) n0) without a half
// angle: (1 + cos phi, sin phi n0) = 2 cos(phi/2) (...), used up to a quarter turn, and
// sign(sin phi) (sin phi, (1 - cos phi) n0) = 2 |sin(phi/2)| (...) beyond, where
// 1 + cos phi is what shrinks. Both times (l1 l2)²; one normalisation of the product
// with b's rotation, which also removes any drift of b's rotation from unit length.
IKSCOPE_ALWAYS_INLINE Float4 bent_middle_rotation(const Triangle& t, Float4 n0, Float4 rotation_b) {
  const float C = t.plane_length * t.twice_area - t.w1_dot_w2 * t.cos_beta_scaled;
  const float S = t.plane_length * t.cos_beta_scaled + t.w1_dot_w2 * t.twice_area;
  const bool small_turn = C >= 0.0f;
  const float bw = small_turn ? t.product_squared + C : std::fabs(S);
  const float b_sine = small_turn ? S : std::copysign(t.product_squared - C, S);  // times n0
  // The product (bw, bv) (x) (u_b, w_b) = (bw u_b + w_b bv + bv x u_b, bw w_b - bv·u_b), with
  // bv's lane 3 cleared so that only bw w_b lands in lane 3 before the dot is taken off.
  const Float4 bv = xyz_only(mul(splat(b_sine), n0));
  const Float4 bent =
      sub(add(add(mul(splat(bw), rotation_b), mul(splat_lane<3>(rotation_b), bv)), cross3(bv, rotation_b)),
          w_only(splat(dot3(bv, rotation_b))));
  return mul(bent, splat(inverse_sqrt((bw * bw + b_sine * b_sine) * dot4(rotation_b, rotation_b))));
}

// 2-3. a's new rotation R takes a's frame onto the limb frame so that the bent limb's end
// direction e goes to the target direction u and the plane normal n0 to the pole plane's
// normal m = (pole x u) / |pole x u| (this puts b on the pole's side of the line). In the
// orthonormal frame (w^ = w1 / l1, t = n0 x w^, n0) of a's frame, b bends the same way as
// before the bend, so e = cos(alpha) w^ + sin(alpha) t, and e x n0 = sin(alpha) w^ -
// cos(alpha) t. With k = u x m, R takes (e, n0, e x n0) to (u, m, k):
//   R = u eᵀ + m n0ᵀ + k (e x n0)ᵀ = (U w^ᵀ + V tᵀ) / (l1 wanted) + m n0ᵀ,
//   U = l1 wanted (cos(alpha) u + sin(alpha) k) = cos_alpha_scaled u + twice_area k,
//   V = l1 wanted (sin(alpha) u - cos(alpha) k) = twice_area u - cos_alpha_scaled k.
// R's quaternion q by Shepperd's method: with R' = l1 wanted R (a positive multiple, which
// the normalisation removes) and T' its trace, the symmetric matrix
//   K = [ 2 r'00 + l1 wanted - T'   r'01 + r'10   r'02 + r'20   r'21 - r'12 ]
//       [ r'01 + r'10   2 r'11 + l1 wanted - T'   r'12 + r'21   r'02 - r'20 ]
//       [ r'02 + r'20   r'12 + r'21   2 r'22 + l1 wanted - T'   r'10 - r'01 ]
//       [ r'21 - r'12   r'02 - r'20   r'10 - r'01         l1 wanted + T'    ]
// is 4 l1 wanted q qᵀ (q as x, y, z, w), so its column k is q times 4 l1 wanted q_k; the
// column with the largest diagonal is far from zero. For R' = Σ a bᵀ over the three terms
// (U, w^), (V, t), (l1 wanted m, n0): the diagonal is Σ a * b lane by lane, the symmetric
// sums (r'12 + r'21, r'20 + r'02, r'01 + r'10) are Σ symmetric_sums(a, b), the
// antisymmetric part is Σ b x a, and l1 wanted + T' = l1 wanted (1 + m·n0) + w^·U + t·V.
// (The benchmark's rig and any limb whose rest turns the root by more than ~150 degrees
// need the x, y or z column, not only the usual w one.) `u` is set to the target direction.
IKSCOPE_ALWAYS_INLINE Float4 turned_root_rotation(const LimbVectors& limb, const Triangle& tri, Float4 n0, Float4& u) {
  const Float4 w_hat = mul(splat(tri.inverse_l1), limb.w1), t = cross3(n0, w_hat);
  u = mul(splat(tri.inverse_distance), limb.to_target);
  const Float4 m = mul(splat(tri.inverse_pole_plane_length), tri.pole_plane);
  const Float4 k = cross3(u, m);
  const Float4 U = add(mul(splat(tri.cos_alpha_scaled), u), mul(splat(tri.twice_area), k));
  const Float4 V = sub(mul(splat(tri.twice_area), u), mul(splat(tri.cos_alpha_scaled), k));
  const float l1_wanted = tri.l1 * tri.wanted;
  const Float4 scaled_m = mul(splat(l1_wanted), m);
  const Float4 diagonal = add(add(mul(U, w_hat), mul(V, t)), mul(scaled_m, n0));
  const float aw = l1_wanted + sum3(diagonal);  // l1 wanted + T'
  const Float4 av = cross3_sum(n0, scaled_m, w_hat, U, t, V);
  const Float4 symmetric = add(add(symmetric_sums(U, w_hat), symmetric_sums(V, t)), symmetric_sums(scaled_m, n0));
  // 2 r'ii + l1 wanted - T' = 2 r'ii + 2 l1 wanted - (l1 wanted + T').
  const Float4 k_diagonal = add(add(diagonal, diagonal), splat(2.0f * l1_wanted - aw));
  // A branch, not a select (which measured 56 ns against 49): predicted, it lets the
  // normalisation start before the comparison is done.
  Float4 quaternion;
  switch (index_of_largest(with_w(k_diagonal, aw))) {
    case 0: quaternion = symmetric4_column<0>(k_diagonal, symmetric, av); break;
    case 1: quaternion = symmetric4_column<1>(k_diagonal, symmetric, av); break;
    case 2: quaternion = symmetric4_column<2>(k_diagonal, symmetric, av); break;
    default: quaternion = with_w(av, aw); break;
  }
  return mul(quaternion, splat(inverse_sqrt(dot4(quaternion, quaternion))));
}

// analytic.h's steps 1-3 for the common case, at once: measure the triangle, bend b, turn
// a. Writes b's new local rotation to rotation_b_out and a's to rotation_a_out (four floats
// each, x y z w) and returns true; returns false, nothing written, when the case is not the
// common one. The bend is worked out in a's own frame, where the limb's shape is the same
// as in the limb frame, so a's old rotation is never needed: its new one maps a's frame
// onto the limb frame directly.
IKSCOPE_ALWAYS_INLINE bool bend_and_turn_at_once(const LimbVectors& limb, float* rotation_a_out, float* rotation_b_out,
                                                 AtOnce& out) {
  Triangle triangle;
  if (!measure_triangle(limb, triangle)) return false;
  const Float4 n0 = mul(splat(triangle.inverse_plane_length), triangle.plane);
  store4(rotation_b_out, bent_middle_rotation(triangle, n0, limb.rotation_b));
  store4(rotation_a_out, turned_root_rotation(limb, triangle, n0, out.u));
  out.distance = triangle.distance;
  out.wanted = triangle.wanted;
  out.longest = triangle.longest;
  out.in_range = triangle.in_range;
  return true;
}

// ---- [FAST PATH] ------------------------------------------------------------------------

static_assert(sizeof(Transform) == 10 * sizeof(float) && offsetof(Transform, rotation) == 3 * sizeof(float) &&
                  offsetof(Transform, scale) == 7 * sizeof(float),
              "Transform is ten floats in a row");
static_assert(offsetof(glm::quat, x) == 0 && offsetof(glm::quat, w) == 3 * sizeof(float),
              "glm::quat is (x, y, z, w) in memory");

// A Transform's parts (floats 0-2 translation, 3-6 rotation, 7-9 scale), each read on its
// own (lane 3 of a 3-vector 0): a read that straddles the rotation and a neighbour could not
// take its value from a store to the rotation still on its way to memory (this solve's
// cold start, or the last solve's result) and would wait for that store to finish.
template <typename T>
IKSCOPE_ALWAYS_INLINE const float* floats_at(const T& t, size_t byte_offset) {
  return reinterpret_cast<const float*>(reinterpret_cast<const char*>(&t) + byte_offset);
}
IKSCOPE_ALWAYS_INLINE Float4 translation4(const Transform& t) { return load3(floats_at(t, 0)); }
IKSCOPE_ALWAYS_INLINE Float4 rotation4(const Transform& t) {
  return load4(floats_at(t, offsetof(Transform, rotation)));
}
IKSCOPE_ALWAYS_INLINE Float4 scale4(const Transform& t) { return load3(floats_at(t, offsetof(Transform, scale))); }
// The four floats of a quaternion (x, y, z, w), from the whole object's address (a store
// of four floats through &q.x would, to the compiler, run past the one float x).
IKSCOPE_ALWAYS_INLINE float* floats_of(glm::quat& q) { return reinterpret_cast<float*>(&q); }
IKSCOPE_ALWAYS_INLINE const float* floats_of(const glm::vec3& v) { return reinterpret_cast<const float*>(&v); }
IKSCOPE_ALWAYS_INLINE float* floats_of(glm::vec3& v) { return reinterpret_cast<float*>(&v); }
IKSCOPE_ALWAYS_INLINE float* rotation_floats(Transform& t) { return floats_of(t.rotation); }

// The joints of a limb in the fast path's shape.
struct FastLimb {
  int root = -1, middle = -1, effector = -1;
};

// The shape: root -> middle -> effector, the root without a parent, indices in range, the
// locked mask empty, no extra effector, no orientation goal, no limit on the limb's joints
// (when limits are used).
IKSCOPE_ALWAYS_INLINE bool fast_shape(const Skeleton& skeleton, const Chain& chain, const Pose& pose,
                                      const Workspace& workspace, FastLimb& limb) {
  const int n = skeleton.joint_count();
  const int effector = chain.effector, root = chain.root;
  if (!workspace.locked.empty() || !chain.extra_effectors.empty() || chain.goal.use_orientation ||
      static_cast<int>(pose.local.size()) != n || effector <= 0 || effector >= n || root < 0)
    return false;
  const int b = skeleton.parent[static_cast<size_t>(effector)];
  if (b <= root || skeleton.parent[static_cast<size_t>(b)] != root || skeleton.parent[static_cast<size_t>(root)] >= 0)
    return false;
  if (chain.params.use_limits && (skeleton.limits[static_cast<size_t>(root)].enabled ||
                                  skeleton.limits[static_cast<size_t>(b)].enabled ||
                                  skeleton.limits[static_cast<size_t>(effector)].enabled))
    return false;
  limb = {root, b, effector};
  return true;
}

// A sure, cheap test that the floats a fast solve reads are all finite and the scales
// non-zero (what is_valid_transform and is_valid_goal ask), conservative the other way: a
// sum of finite floats that overflows, or a product of scales that underflows, only sends
// the solve to the general path, which checks each value. A NaN or infinity anywhere makes
// the sum NaN or infinite; a product of finite scales is 0 only if one of them is (or it
// underflows). The goal's position is bounded on its own: |p|² <= (1e18)² implies every
// |p_i| <= kMaxGoalCoordinate, and fails on NaN or infinity. Four floats at a time (the
// goal's pole, up and scale are seven floats in a row, read as 0-3 and 3-6): twenty-odd
// instructions instead of ~40 scalar additions, and no float held in a register for the
// check alone (which cost the solve ~20 ns of register spills).
static_assert(offsetof(Goal, up) == offsetof(Goal, pole) + 3 * sizeof(float) &&
                  offsetof(Goal, scale) == offsetof(Goal, up) + 3 * sizeof(float),
              "Goal's pole, up and scale are seven floats in a row");
IKSCOPE_ALWAYS_INLINE bool surely_valid(const Transform& a, const Transform& b, const Transform& e, const Goal& goal) {
  const Float4 scale_a = scale4(a), scale_b = scale4(b), scale_e = scale4(e);
  const Float4 sum_a = add(add(translation4(a), rotation4(a)), scale_a);
  const Float4 sum_b = add(add(translation4(b), rotation4(b)), scale_b);
  const Float4 sum_e = add(add(translation4(e), rotation4(e)), scale_e);
  const size_t pole = offsetof(Goal, pole);
  const Float4 sum_goal = add(load4(floats_at(goal, pole)), load4(floats_at(goal, pole + 3 * sizeof(float))));
  const Float4 sum = add(add(sum_a, sum_b), add(sum_e, sum_goal));
  const glm::vec3& p = goal.position;
  const float position_squared = (p.x * p.x + p.y * p.y) + p.z * p.z;
  return all_finite4(sum) && all_nonzero3(mul(mul(scale_a, scale_b), scale_e)) &&
         position_squared <= kMaxGoalCoordinate * kMaxGoalCoordinate;
}

// The closed form's inputs from the limb's transforms (the limb frame is the model frame).
// The bones in a's own frame (root_frame_bone): w1 = S_a t_b, w2 = S_a R_b S_b t_e. The
// goal's position from its three floats: the caller has usually just written them.
IKSCOPE_ALWAYS_INLINE LimbVectors limb_vectors(const Transform& a, const Transform& b, const Transform& e,
                                               const Goal& goal) {
  const Float4 scale_a = scale4(a), rotation_b = rotation4(b);
  const glm::vec3& target = goal.position;
  return {mul(scale_a, translation4(b)), mul(scale_a, rotate3(rotation_b, mul(scale4(b), translation4(e)))), rotation_b,
          sub(set4(target.x, target.y, target.z, 0.0f), translation4(a)), load4(floats_at(goal, offsetof(Goal, pole)))};
}

// The solve's first steps: the shape, the inputs, the start pose (warm_start off: the rest
// rotations). Returns false, the pose untouched, if the chain is not the fast path's shape
// or an input may be invalid.
IKSCOPE_ALWAYS_INLINE bool fast_start(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                      const Workspace& workspace, FastLimb& limb) {
  if (!fast_shape(skeleton, chain, pose, workspace, limb)) return false;
  Transform& joint_a = pose.local[static_cast<size_t>(limb.root)];
  Transform& joint_b = pose.local[static_cast<size_t>(limb.middle)];
  Transform& joint_e = pose.local[static_cast<size_t>(limb.effector)];
  if (!surely_valid(joint_a, joint_b, joint_e, chain.goal)) return false;
  if (!chain.params.warm_start) {
    joint_a.rotation = skeleton.rest[static_cast<size_t>(limb.root)].rotation;
    joint_b.rotation = skeleton.rest[static_cast<size_t>(limb.middle)].rotation;
    joint_e.rotation = skeleton.rest[static_cast<size_t>(limb.effector)].rotation;
  }
  return true;
}

// The whole solve, in order: the start, the closed form, the result.
IKSCOPE_ALWAYS_INLINE bool fast_solve(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                      const Workspace& workspace, SolveResult& result) {
  FastLimb limb;
  if (!fast_start(skeleton, chain, pose, workspace, limb)) return false;
  Transform& joint_a = pose.local[static_cast<size_t>(limb.root)];
  Transform& joint_b = pose.local[static_cast<size_t>(limb.middle)];
  const Transform& joint_e = pose.local[static_cast<size_t>(limb.effector)];
  AtOnce reach;
  if (!bend_and_turn_at_once(limb_vectors(joint_a, joint_b, joint_e, chain.goal), rotation_floats(joint_a),
                             rotation_floats(joint_b), reach))
    return false;

  // The effector lands at root + wanted u, on the line toward the target: its distance from
  // the target is |d - wanted|.
  result.error = std::fabs(reach.distance - reach.wanted);
  result.iterations = 1;
  result.status = final_status(result.error, resolve_tolerance(chain.params, reach.longest), !reach.in_range, true);
  return true;
}

// A traced solve's start, recorded before fast_solve runs (as solve_limb records it): the
// limb's joints, the effector's distance from the goal and, when record_poses, the pose,
// all at the start pose, which fast_start sets here already (fast_solve setting it again
// changes nothing). Returns false, nothing recorded, if the solve is not the fast path's.
// Out of line and cold: an untraced solve never comes here.
__attribute__((noinline, cold)) bool begin_fast_trace(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                                      Workspace& workspace, Trace* trace) {
  FastLimb limb;
  if (!fast_start(skeleton, chain, pose, workspace, limb)) return false;
  workspace.path.assign({limb.root, limb.middle, limb.effector});
  trace_begin(trace, workspace.path, pose, glm::length(chain.goal.position - limb_end(pose, workspace.path)), 1);
  return true;
}

// ---- [ENTRY] ----------------------------------------------------------------------------

IKSCOPE_ALWAYS_INLINE bool at_once_body(const glm::vec3& w1, const glm::vec3& w2, const glm::vec3& root,
                                        const glm::vec3& target, const glm::vec3& pole, glm::quat& rotation_a,
                                        glm::quat& rotation_b, glm::vec3& end, bool& in_range) {
  const Float4 root4 = load3(floats_of(root));
  const LimbVectors limb{load3(floats_of(w1)), load3(floats_of(w2)), load4(floats_of(rotation_b)),
                         sub(load3(floats_of(target)), root4), load3(floats_of(pole))};
  AtOnce reach;
  if (!bend_and_turn_at_once(limb, floats_of(rotation_a), floats_of(rotation_b), reach)) return false;
  store3(floats_of(end), add(root4, mul(splat(reach.wanted), reach.u)));
  in_range = reach.in_range;
  return true;
}

// A trace is recorded around the solve, not inside it: traced and untraced solves run the
// very same compiled code (IsaDispatch<fast_solve, IsaHot>), so their poses are the same
// bit for bit by construction. Out of line, so that an untraced solve is a test and a jump.
__attribute__((noinline, cold)) bool solve_traced(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                                  Workspace& workspace, Trace* trace, SolveResult& result) {
  if (!begin_fast_trace(skeleton, chain, pose, workspace, trace)) return false;
  if (!IsaDispatch<fast_solve, IsaHot>::run(skeleton, chain, pose, workspace, result)) return false;
  trace_iteration(trace, pose, result.error);
  return true;
}

}  // namespace

bool reach_two_bone_at_once(const glm::vec3& w1, const glm::vec3& w2, const glm::vec3& root, const glm::vec3& target,
                            const glm::vec3& pole, glm::quat& rotation_a, glm::quat& rotation_b, glm::vec3& end,
                            bool& in_range) {
  return IsaDispatch<at_once_body, IsaHot>::run(w1, w2, root, target, pole, rotation_a, rotation_b, end, in_range);
}

bool solve_two_bone_fast(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                         Trace* trace, SolveResult& result) {
  if (trace == nullptr) return IsaDispatch<fast_solve, IsaHot>::run(skeleton, chain, pose, workspace, result);
  return solve_traced(skeleton, chain, pose, workspace, trace, result);
}

}  // namespace ik
