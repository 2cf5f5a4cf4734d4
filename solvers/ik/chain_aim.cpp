// Rotations from wanted joint positions (chain_aim.h): the walk down the chain's tree that
// ends FABRIK and the mass-spring solver, and its quaternion-only forms for a rigid path
// (FABRIK's passes under limits; the rebuild after its positions-only passes).
//
// Index:
//   Rotation extraction  rotation_maximising (Mueller et al. 2016)
//   The tree walk        inverse_direction, branch_rotation (a joint with several children),
//                        roll_for_hinge (a limited hinge child), aim_chain_tree
//   The rigid path under limits  unit_inverse_rows (both rigid paths), shortest_turn, aim_limited_rigid_path
//   The rigid path       scaled_shortest_turn, aim_rigid_path_body, RigidAimScratch::resize, aim_rigid_path
#include "solvers/ik/chain_aim.h"

#include <algorithm>
#include <cmath>

#include "solvers/base/isa_dispatch.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {

// ---- Rotation extraction ----------------------------------------------------------------

glm::quat rotation_maximising(const glm::mat3& a, const glm::quat& start) {
  // <a, Q> = sum_j dot(q_j, a_j) over columns. Turning Q by a small rotation w changes it
  // by dot(w, sum_j q_j x a_j), so sum_j q_j x a_j is the ascent direction; dividing by
  // sum_j dot(q_j, a_j) gives a Newton-like step (Mueller, Bender, Chentanez, Macklin,
  // "A Robust Method to Extract the Rotational Part of Deformations", 2016).
  glm::quat q = start;
  for (int iteration = 0; iteration < 32; ++iteration) {
    const glm::mat3 r = glm::mat3_cast(q);
    const glm::vec3 ascent =
        glm::cross(r[0], a[0]) + glm::cross(r[1], a[1]) + glm::cross(r[2], a[2]);
    const float scale =
        std::fabs(glm::dot(r[0], a[0]) + glm::dot(r[1], a[1]) + glm::dot(r[2], a[2])) + 1e-9f;
    const glm::vec3 omega = ascent / scale;
    const float angle = glm::length(omega);
    if (!(angle > 1e-7f)) break;
    q = glm::normalize(glm::angleAxis(angle, omega / angle) * q);
  }
  return q;
}

// ---- The tree walk ----------------------------------------------------------------------

namespace {

// The direction of linear⁻¹ v, the model-space offset v seen in the frame whose linear part
// is `linear` (its length does not matter: every caller normalises). The rows of adj(linear)
// = det(linear) linear⁻¹ are the cross products of its columns, so adj(linear) v has that
// direction when the determinant is positive and the opposite one under a mirroring frame.
// Shorter than glm::inverse on the chain of joints each waiting for its parent's frame, and
// finite even for a nearly singular frame.
//
// The result is scaled so that its largest component is +-1: for a target ~1e19 away the
// squares inside rotation_between would overflow, and glm::normalize of a quaternion with
// an infinite length is the zero quaternion (the solver soak found such poses).
glm::vec3 inverse_direction(const glm::mat3& linear, const glm::vec3& v) {
  const glm::vec3 row0 = glm::cross(linear[1], linear[2]);
  const glm::vec3 row1 = glm::cross(linear[2], linear[0]);
  const glm::vec3 row2 = glm::cross(linear[0], linear[1]);
  glm::vec3 d(glm::dot(row0, v), glm::dot(row1, v), glm::dot(row2, v));
  const float largest = std::max(std::fabs(d.x), std::max(std::fabs(d.y), std::fabs(d.z)));
  if (largest > 0.0f && std::isfinite(largest)) d /= largest;
  return glm::dot(linear[0], row0) < 0.0f ? -d : d;
}

// The rotation (in the parent's frame, applied before the rest rotation) for a joint
// with several tree children: best match of the rest bone directions to the wanted ones.
glm::quat branch_rotation(const Workspace& ws, const Pose& pose, const Transform& local,
                          const glm::quat& rest_rotation, const glm::mat3& parent_linear,
                          const glm::vec3& position, const std::vector<glm::vec3>& targets,
                          const float* child_weights, int first_child) {
  glm::mat3 a(0.0f);
  glm::quat start(1.0f, 0.0f, 0.0f, 0.0f);
  float heaviest = -1.0f;
  for (int c = first_child; c >= 0; c = ws.next_sibling[static_cast<size_t>(c)]) {
    const float w = child_weights != nullptr ? child_weights[c] : 1.0f;
    const glm::vec3 from =
        rest_rotation *
        (local.scale *
         pose.local[static_cast<size_t>(ws.path[static_cast<size_t>(c)])].translation);
    const glm::vec3 to = inverse_direction(parent_linear, targets[static_cast<size_t>(c)] - position);
    const glm::vec3 u = direction_or(from, glm::vec3(0.0f));
    const glm::vec3 d = direction_or(to, glm::vec3(0.0f));
    a += glm::outerProduct(d, u) * w;  // outerProduct(d, u) = d * transpose(u)
    if (w > heaviest && glm::dot(u, u) > 0.0f && glm::dot(d, d) > 0.0f) {
      heaviest = w;
      start = rotation_between(u, d);
    }
  }
  return rotation_maximising(a, start);
}

// For a joint whose one child is a limited hinge with one child of its own: the wanted turn
// (in the joint's parent frame) rolled about the wanted bone direction `to` so that the
// hinge can swing its child's bone onto `child_to`. The shortest turn alone leaves the roll
// where the rest pose had it; the hinge then can only clamp its bone back out of the cone
// it was asked to reach, and the solve stalls. A hinge sweeps its child's bone over the
// cone of directions at a fixed angle from its axis, so the roll must put the axis at that
// angle from child_to: with the axis a(phi) = p + cos(phi) q + sin(phi) (b x q) rolled
// about the unit bone b (p along b, q square to it), a(phi) . w = a . f (w, f the wanted
// and the rest child bone, unit) is A cos(phi) + B sin(phi) = C, whose two solutions are
// psi +- delta, (A, B) = R (cos psi, sin psi), cos(delta) = C / R (clamped: the nearest
// roll when none reaches). Of the two, the one whose hinge angle is inside the hinge's
// range, or nearer it, then the smaller roll. `axis` and `child_bone` are the hinge's axis
// and the child's bone at the hinge's rest, in the joint's own frame. No trigonometry but
// atan2_fast. `turn` as it is when the roll cannot matter (axis or child_to along the bone).
glm::quat roll_for_hinge(const glm::quat& turn, const glm::quat& rest_rotation, const glm::vec3& to,
                         const glm::vec3& child_to, const glm::vec3& axis, const glm::vec3& child_bone,
                         const JointLimits& hinge) {
  const glm::vec3 b = direction_or(to, glm::vec3(0.0f));
  const glm::vec3 w = direction_or(child_to, glm::vec3(0.0f));
  const glm::quat start = turn * rest_rotation;
  const glm::vec3 a = direction_or(rotate(start, axis), glm::vec3(0.0f));
  const glm::vec3 f = direction_or(rotate(start, child_bone), glm::vec3(0.0f));
  const glm::vec3 p = glm::dot(a, b) * b, q = a - p, side = glm::cross(b, q);
  const float A = glm::dot(q, w), B = glm::dot(side, w), C = glm::dot(a, f) - glm::dot(p, w);
  const float R = std::sqrt(A * A + B * B);
  if (!(R > 1e-4f)) return turn;
  const float cos_psi = A / R, sin_psi = B / R;
  const float cos_delta = std::min(1.0f, std::max(-1.0f, C / R));
  const float sin_delta = std::sqrt(std::max(0.0f, 1.0f - cos_delta * cos_delta));
  glm::quat best = turn;
  float best_outside = 0.0f, best_cos = -2.0f;
  for (const float sign : {1.0f, -1.0f}) {
    const float cos_phi = cos_psi * cos_delta - sign * sin_psi * sin_delta;
    const float sin_phi = sin_psi * cos_delta + sign * cos_psi * sin_delta;
    // The roll by phi about b: (1 + cos phi, sin phi b) normalised is (cos phi/2, sin phi/2 b).
    const glm::quat roll = 1.0f + cos_phi > 1e-6f
                               ? glm::normalize(glm::quat(1.0f + cos_phi, sin_phi * b.x, sin_phi * b.y, sin_phi * b.z))
                               : glm::quat(0.0f, b.x, b.y, b.z);
    const glm::vec3 rolled_axis = p + cos_phi * q + sin_phi * side;
    const glm::vec3 n = direction_or(rolled_axis, b);
    const glm::vec3 rolled_child = rotate(roll, f);
    const float hinge_angle = atan2_fast(glm::dot(n, glm::cross(rolled_child, w)),
                                         glm::dot(rolled_child, w) - glm::dot(rolled_child, n) * glm::dot(w, n));
    const float outside = std::max(0.0f, std::max(hinge.min.x - hinge_angle, hinge_angle - hinge.max.x));
    if (best_cos < -1.5f || outside < best_outside || (outside == best_outside && cos_phi > best_cos)) {
      best = glm::normalize(roll * turn);
      best_outside = outside;
      best_cos = cos_phi;
    }
  }
  return best;
}

}  // namespace

int aim_chain_tree(const Skeleton& skeleton, Workspace& workspace, bool use_limits, const glm::mat4& parent_of_root,
                   const std::vector<glm::vec3>& targets, const float* child_weights, Pose& pose,
                   std::vector<glm::vec3>& positions, std::vector<float>& lengths, Trace* trace,
                   std::vector<BallRangeCache>* ball_ranges) {
  const std::vector<int>& joints = workspace.path;
  const std::vector<int>& tree_parent = workspace.tree_parent;
  const std::vector<int>& first_child = workspace.first_child;
  std::vector<glm::mat3>& linear = workspace.linear;
  const glm::mat3 root_parent_linear(parent_of_root);
  const glm::vec3 root_parent_position(parent_of_root[3]);
  int clamped = 0;
  if (!use_limits) ball_ranges = nullptr;
  if (ball_ranges != nullptr && ball_ranges->size() < skeleton.limits.size())
    ball_ranges->resize(skeleton.limits.size());

  for (size_t k = 0; k < joints.size(); ++k) {
    const size_t j = static_cast<size_t>(joints[k]);
    Transform& local = pose.local[j];
    const int t = tree_parent[k];
    const glm::mat3& parent_linear = t < 0 ? root_parent_linear : linear[static_cast<size_t>(t)];
    const glm::vec3 parent_position =
        t < 0 ? root_parent_position : positions[static_cast<size_t>(t)];
    positions[k] = parent_position + parent_linear * local.translation;
    lengths[k] = t < 0 ? 0.0f : glm::length(positions[k] - parent_position);

    const int c = first_child[k];
    if (c >= 0 && !is_locked(workspace, static_cast<int>(j))) {
      const glm::quat& rest_rotation = skeleton.rest[j].rotation;
      // Model-space offsets -> the parent's frame, where the local rotation acts (the
      // inverse, not the transpose, keeps directions right under non-uniform scale).
      glm::quat turn;
      if (workspace.next_sibling[static_cast<size_t>(c)] < 0) {
        const glm::vec3 from =
            rest_rotation *
            (local.scale *
             pose.local[static_cast<size_t>(joints[static_cast<size_t>(c)])].translation);
        const glm::vec3 to = inverse_direction(parent_linear, targets[static_cast<size_t>(c)] - positions[k]);
        turn = rotation_between(from, to);
        // A limited hinge child with one child of its own: roll its axis square to the bend.
        const size_t child_joint = static_cast<size_t>(joints[static_cast<size_t>(c)]);
        const int g = first_child[static_cast<size_t>(c)];
        const JointLimits& child_limits = skeleton.limits[child_joint];
        if (use_limits && child_limits.enabled && child_limits.hinge && g >= 0 &&
            workspace.next_sibling[static_cast<size_t>(g)] < 0 && !is_locked(workspace, static_cast<int>(child_joint))) {
          const Transform& child_local = pose.local[child_joint];
          const glm::quat& child_rest = skeleton.rest[child_joint].rotation;
          const glm::vec3 grandchild_translation = pose.local[static_cast<size_t>(joints[static_cast<size_t>(g)])].translation;
          const glm::vec3 child_to =
              inverse_direction(parent_linear, targets[static_cast<size_t>(g)] - targets[static_cast<size_t>(c)]);
          turn = roll_for_hinge(turn, rest_rotation, to, child_to, local.scale * rotate(child_rest, hinge_axis(child_limits)),
                                local.scale * rotate(child_rest, child_local.scale * grandchild_translation), child_limits);
        }
      } else {
        turn = branch_rotation(workspace, pose, local, rest_rotation, parent_linear, positions[k],
                               targets, child_weights, c);
      }
      local.rotation = turn * rest_rotation;
      const glm::vec3* ranges =
          ball_ranges != nullptr ? cached_ball_ranges(skeleton.limits[j], (*ball_ranges)[j]) : nullptr;
      const bool surely_inside =
          ranges != nullptr && ball_surely_inside(ranges, multiply(glm::conjugate(rest_rotation), local.rotation));
      if (use_limits && !surely_inside && clamp_to_limits(skeleton.limits[j], rest_rotation, local.rotation)) {
        trace_clamped(trace, static_cast<int>(k));
        ++clamped;
      }
    }
    glm::mat3 m = parent_linear * glm::mat3_cast(local.rotation);
    m[0] *= local.scale.x;
    m[1] *= local.scale.y;
    m[2] *= local.scale.z;
    linear[k] = m;
  }
  return clamped;
}

// ---- The rigid path under limits ---------------------------------------------------------

namespace {

// Qᵀ's rows for a root parent frame M = s Q (a similarity, Q orthogonal, mirrored or not):
// the cross products of M's columns, scaled to unit length (for M = s Q they are s² times
// Qᵀ's rows; unit, no square a huge scale could overflow) and negated under a mirroring M,
// so that rows(v) = Qᵀ v = s M⁻¹ v without an inverse. Rows without a finite length are kept
// unscaled. Both rigid-path walks read their targets through it.
struct UnitInverseRows {
  glm::vec3 row0, row1, row2;
  glm::vec3 operator()(const glm::vec3& v) const {
    return glm::vec3(glm::dot(row0, v), glm::dot(row1, v), glm::dot(row2, v));
  }
};
IKSCOPE_ALWAYS_INLINE UnitInverseRows unit_inverse_rows(const glm::mat3& m) {
  float row_scale = 1.0f / std::sqrt(glm::dot(glm::cross(m[1], m[2]), glm::cross(m[1], m[2])));
  if (!(row_scale > 0.0f) || !std::isfinite(row_scale)) row_scale = 1.0f;
  if (glm::dot(m[0], glm::cross(m[1], m[2])) < 0.0f) row_scale = -row_scale;  // mirroring
  return {row_scale * glm::cross(m[1], m[2]), row_scale * glm::cross(m[2], m[0]), row_scale * glm::cross(m[0], m[1])};
}

// rotation_between(from, to) inline for its common case, given 1 / |from| (known before `to`
// is): (|from| |to| + from . to, from x to) normalised, each square root an estimate refined
// by one Newton step (scale_over_sqrt). rotation_between itself when `to` is (nearly) zero,
// huge (then scaled down first) or opposite to `from`.
inline glm::quat shortest_turn(const glm::vec3& from, float inverse_from_length, const glm::vec3& to) {
  const float to2 = glm::dot(to, to);
  if (to2 > 1e-30f && to2 < 1e30f) {
    const float inverse_norm = inverse_from_length * scale_over_sqrt(1.0f, to2);
    const float cosine = glm::dot(from, to) * inverse_norm;
    if (cosine > 1e-6f - 1.0f) {
      // (1 + cos a, sin a axis), normalised by its own length: near a half turn the identity
      // |.|² = 2 (1 + cos a) would amplify cos a's rounding.
      const glm::vec3 c = glm::cross(from, to) * inverse_norm;
      const float real = 1.0f + cosine;
      return glm::quat(real, c.x, c.y, c.z) * scale_over_sqrt(1.0f, real * real + glm::dot(c, c));
    }
  }
  const float largest = std::max(std::fabs(to.x), std::max(std::fabs(to.y), std::fabs(to.z)));
  return rotation_between(from, largest > 1e15f && std::isfinite(largest) ? to / largest : to);
}

}  // namespace

int aim_limited_rigid_path(const Skeleton& skeleton, const Workspace& workspace, const glm::mat4& parent_of_root,
                           const std::vector<glm::vec3>& targets, Pose& pose, std::vector<glm::vec3>& positions,
                           std::vector<float>& lengths, Trace* trace, std::vector<BallRangeCache>& ball_ranges) {
  const std::vector<int>& path = workspace.path;
  const size_t n = path.size();
  if (ball_ranges.size() < skeleton.limits.size()) ball_ranges.resize(skeleton.limits.size());
  // The root's parent M = s Q (Q orthogonal; the caller checks): M⁻¹ v = Qᵀ v / s. The walk
  // below is in M's frame, where joint k's frame is the product of the scales above it
  // times R(world_k).
  const glm::mat3 m(parent_of_root);
  const glm::vec3 origin(parent_of_root[3]);
  const float s = glm::length(m[0]);
  const UnitInverseRows inverse_rotation = unit_inverse_rows(m);
  const float inverse_s = 1.0f / s;
  auto target = [&](size_t k) { return inverse_rotation(targets[k] - origin) * inverse_s; };  // in M's frame
  auto translation = [&](size_t k) -> const glm::vec3& { return pose.local[static_cast<size_t>(path[k])].translation; };

  // The quick inside test's ranges, prepared before the walk (no call inside it but the
  // rare ones: a call makes the compiler keep the walk's values in memory across it).
  for (size_t k = 0; k + 1 < n; ++k) {
    const size_t j = static_cast<size_t>(path[k]);
    cached_ball_ranges(skeleton.limits[j], ball_ranges[j]);
  }
  // Joint k's wanted bone direction in its parent's frame is to_k = world_(k-1)⁻¹ (target_(k+1)
  // - p_k). As p_k = p_(k-1) + scale_(k-1) R(world_(k-1)) t_k, that is local_(k-1)⁻¹ ahead_k -
  // scale_(k-1) t_k with ahead_k = world_(k-2)⁻¹ (target_(k+1) - p_(k-1)), known a joint
  // earlier: only the last rotation waits for the joint just aimed (as in aim_rigid_path).
  int clamped = 0;
  glm::quat world(1.0f, 0.0f, 0.0f, 0.0f);  // of joint k's parent, then of joint k
  float scale = 1.0f;                       // the product of the scales above joint k
  glm::vec3 position = translation(0);      // joint k, in M's frame
  glm::vec3 to = n > 1 ? target(1) - position : glm::vec3(0.0f);
  glm::vec3 next_target = n > 1 ? target(1) : glm::vec3(0.0f);  // joint k + 1's, in M's frame
  lengths[0] = 0.0f;
  for (size_t k = 0; k < n; ++k) {
    positions[k] = origin + m * position;
    if (k + 1 == n) break;
    const size_t j = static_cast<size_t>(path[k]);
    glm::quat& rotation = pose.local[j].rotation;
    const glm::vec3& child_translation = translation(k + 1);
    const float bone_length = glm::length(child_translation);  // in joint k's frame
    lengths[k + 1] = s * scale * pose.local[j].scale.x * bone_length;
    const glm::quat to_parent_frame = glm::conjugate(world);
    const glm::vec3 after_target = k + 2 < n ? target(k + 2) : glm::vec3(0.0f);
    const glm::vec3 ahead = k + 2 < n ? rotate(to_parent_frame, after_target - position) : glm::vec3(0.0f);
    if (!is_locked(workspace, static_cast<int>(j))) {
      const glm::quat& rest = skeleton.rest[j].rotation;
      glm::quat turn = shortest_turn(rotate(rest, child_translation), 1.0f / bone_length, to);
      // A limited hinge child with one child of its own: roll its axis square to the bend.
      const size_t child = static_cast<size_t>(path[k + 1]);
      const JointLimits& child_limits = skeleton.limits[child];
      if (child_limits.enabled && child_limits.hinge && k + 2 < n && !is_locked(workspace, static_cast<int>(child))) {
        const glm::quat& child_rest = skeleton.rest[child].rotation;
        const glm::vec3 child_to = rotate(to_parent_frame, after_target - next_target);
        turn = roll_for_hinge(turn, rest, to, child_to, rotate(child_rest, hinge_axis(child_limits)),
                              rotate(child_rest, translation(k + 2)), child_limits);
      }
      rotation = multiply(turn, rest);
      const BallRangeCache& prepared = ball_ranges[j];
      const bool surely_inside =
          prepared.ball && ball_surely_inside(prepared.ranges, multiply(glm::conjugate(rest), rotation));
      if (!surely_inside && clamp_to_limits(skeleton.limits[j], rest, rotation)) {
        trace_clamped(trace, static_cast<int>(k));
        ++clamped;
      }
    }
    world = multiply(world, rotation);
    scale *= pose.local[j].scale.x;
    to = rotate(glm::conjugate(rotation), ahead) - scale * translation(k + 1);
    position += rotate(world, translation(k + 1)) * scale;
    next_target = after_target;
  }
  return clamped;
}

// ---- The rigid path ---------------------------------------------------------------------

namespace {

// rotation_between(from, to) inline, for its common case (neither vector zero, not
// opposite), given |from| |to| (`norm`, known before `to` is), and left unnormalised: the
// quaternion (|from| |to| + from . to, from x to) is the shortest turn times its length,
// whose square goes to `norm2`. Returns false, touching nothing, in the other cases.
inline bool scaled_shortest_turn(const glm::vec3& from, const glm::vec3& to, float norm, glm::quat& turn,
                                 float& norm2) {
  const float real = norm + glm::dot(from, to);
  if (!(real > 1e-6f * norm)) return false;
  const glm::vec3 c = glm::cross(from, to);
  norm2 = real * real + glm::dot(c, c);
  turn = glm::quat(real, c.x, c.y, c.z);
  return true;
}

IKSCOPE_ALWAYS_INLINE glm::vec3 aim_rigid_path_body(const Skeleton& skeleton, const std::vector<int>& path,
                                                    const glm::mat4& parent_of_root, const glm::vec3* targets,
                                                    Pose& pose, RigidAimScratch::Bone* bones, float* norms,
                                                    glm::quat* worlds) {
  const size_t n = path.size();
  // First, what does not depend on the joints above (no joint waits for another here):
  // the rest bone direction `from` (a uniform scale does not turn it), the wanted direction
  // in the root parent's frame `wanted` (M⁻¹ times the model-space one, up to length, by the
  // rows of adj(M) scaled to unit length: unit_inverse_rows) and the product of their lengths.
  const UnitInverseRows inverse_rotation = unit_inverse_rows(glm::mat3(parent_of_root));
  for (size_t k = 0; k + 1 < n; ++k) {
    const glm::vec3 from = skeleton.rest[static_cast<size_t>(path[k])].rotation *
                           pose.local[static_cast<size_t>(path[k + 1])].translation;
    const glm::vec3 model = targets[k + 1] - targets[k];
    const glm::vec3 wanted = inverse_rotation(model);
    bones[k].rest_direction = from;
    bones[k].wanted_direction = wanted;
    norms[k] = std::sqrt(glm::dot(from, from) * glm::dot(wanted, wanted));
  }
  // Then down the path, the one part where each joint waits for the one before. Joint k's
  // frame in the root parent's frame is a scale times R(world_k), world_k the product of
  // the local rotations from the root down to k. The wanted direction in k's parent frame
  // (`to`) is R(world_(k-1))ᵀ wanted, taken as R(local_(k-1))ᵀ (R(world_(k-2))ᵀ wanted)
  // so that only the outer rotation waits for the parent's new rotation.
  glm::quat parent_world(1.0f, 0.0f, 0.0f, 0.0f);  // world_(k-1)
  glm::vec3 to = bones[0].wanted_direction;
  float to_scale = 1.0f;
  for (size_t k = 0; k + 1 < n; ++k) {
    const size_t j = static_cast<size_t>(path[k]);
    const glm::vec3& from = bones[k].rest_direction;
    const glm::quat& rest = skeleton.rest[j].rotation;
    glm::quat turn;
    float turn_norm2;
    if (!scaled_shortest_turn(from, to, norms[k] * to_scale, turn, turn_norm2)) {
      turn = rotation_between(from, to);
      turn_norm2 = 1.0f;
    }
    const glm::quat scaled_local = multiply(turn, rest);
    const float inverse_length = scale_over_sqrt(1.0f, turn_norm2);
    const glm::quat local = scaled_local * inverse_length;
    pose.local[j].rotation = local;
    if (k + 2 < n) {
      const glm::vec3 u = rotate(glm::conjugate(parent_world), bones[k + 1].wanted_direction);
      const float local_norm2 = turn_norm2 * glm::dot(rest, rest);
      const float r = inverse_length * inverse_length;
      to = sandwich(glm::conjugate(scaled_local), local_norm2, u) * r;
      to_scale = local_norm2 * r;
    }
    parent_world = multiply(parent_world, local);
    worlds[k] = parent_world;
  }
  // Last, the effector's position in the pose written (forward kinematics, so the error
  // reported is measured on the pose, rounding included).
  float scale = 1.0f;
  glm::vec3 position = pose.local[static_cast<size_t>(path[0])].translation;
  for (size_t k = 0; k + 1 < n; ++k) {
    scale *= pose.local[static_cast<size_t>(path[k])].scale.x;
    position += rotate(worlds[k], pose.local[static_cast<size_t>(path[k + 1])].translation) * scale;
  }
  return glm::vec3(parent_of_root * glm::vec4(position, 1.0f));
}

}  // namespace

void RigidAimScratch::resize(size_t joints) {
  bones.resize(joints);
  norms.resize(joints);
  worlds.resize(joints);
}

glm::vec3 aim_rigid_path(const Skeleton& skeleton, const std::vector<int>& path,
                         const glm::mat4& parent_of_root, const glm::vec3* targets, Pose& pose,
                         RigidAimScratch& scratch) {
  return IsaDispatch<aim_rigid_path_body>::run(skeleton, path, parent_of_root, targets, pose, scratch.bones.data(),
                                               scratch.norms.data(), scratch.worlds.data());
}

}  // namespace ik
