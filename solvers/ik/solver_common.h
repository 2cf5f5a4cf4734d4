// Machinery every iterative solver shares: input validation, the chain's joints (a
// path, or a tree when there are extra effectors), model-space frames, tolerance,
// warm start, the colinear bump, trace recording and the "iterate until close enough,
// out of iterations or stalled" loop (the one loop shared by every solver, each solver
// only supplying its step, as Godot's iterate_ik does).
//
// Spaces: "model space" is the space of forward kinematics' world matrices (pose.h);
// a joint's "frame" is its model-space transform, split into a position (vec3) and a
// linear part (mat3 = rotation * scale, which may shear under a non-uniformly scaled
// parent).
//
// Index:
//   Validation                    is_finite, all_finite, is_valid_goal, is_valid_transform, is_valid_chain
//   The chain's joints            fill_chain_path, fill_chain_tree, fill_tree_children, use_path_as_tree,
//                                 find_in_sorted
//   Frames                        parent_world, chain_frames, is_similarity, path_length, max_stretch,
//                                 reach_upper_bound
//   Tolerance and warm start      resolve_tolerance, apply_start_pose
//   Vectors, rotations, the bump  rsqrt_estimate, scale_over_sqrt, multiply, sandwich, rotate, row_dot,
//                                 weighted_row_dot, atan2_fast,
//                                 rotation_from_vector, any_perpendicular, direction_or, angle_across,
//                                 rotation_between,
//                                 nearly_colinear, bump_colinear_path
//   Trace                         trace_begin, trace_iteration, trace_clamped
//   The iteration loop            StallDetector, LoopOutcome, iterate_until_done, final_status
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "solvers/base/simd_math.h"
#include "solvers/ik/chain.h"

namespace ik {

constexpr float kPi = 3.14159265358979f;

// ---- Validation -----------------------------------------------------------------------

inline bool is_finite(float v) { return std::isfinite(v); }
inline bool is_finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
inline bool is_finite(const glm::quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

// Every one of the ten floats finite: x - x is 0 for a finite x and NaN for an infinite or
// NaN one, so the sum of the differences is 0 exactly when all are finite; one comparison
// instead of ten (the solvers check every transform they read, on every solve). Scalar
// loads on purpose: a transform a solve has just written is read back by the next one,
// and a 16-byte load across those fresh scalar stores would wait for them to retire.
inline bool all_finite(const float (&v)[10]) {
  float sum = 0.0f;
  for (float x : v) sum += x - x;
  return sum == 0.0f;
}

// Position, orientation (when used), pole and up all finite, the orientation not zero and
// the position within kMaxGoalCoordinate (chain.h).
inline bool is_valid_goal(const Goal& goal) {
  const float values[10] = {goal.position.x, goal.position.y, goal.position.z, goal.pole.x, goal.pole.y,
                            goal.pole.z,     goal.up.x,       goal.up.y,       goal.up.z,   goal.scale};
  if (!all_finite(values)) return false;
  const glm::vec3& p = goal.position;
  if (!(std::fabs(p.x) <= kMaxGoalCoordinate && std::fabs(p.y) <= kMaxGoalCoordinate &&
        std::fabs(p.z) <= kMaxGoalCoordinate))
    return false;
  if (goal.use_orientation) {
    const glm::quat& q = goal.orientation;
    if (!is_finite(q) || !(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z > 1e-12f)) return false;
  }
  return true;
}

// transform.h's is_valid (every component finite, no zero scale), inline here for the
// validation every solve runs on the transforms it reads.
inline bool is_valid_transform(const Transform& t) {
  const float values[10] = {t.translation.x, t.translation.y, t.translation.z, t.rotation.w, t.rotation.x,
                            t.rotation.y,    t.rotation.z,    t.scale.x,       t.scale.y,    t.scale.z};
  return all_finite(values) && t.scale.x != 0.0f && t.scale.y != 0.0f && t.scale.z != 0.0f;
}

// Everything a solver relies on before it touches the pose: the pose has one transform
// per joint, finite with no zero scale on every joint the solve reads (the paths from the
// effectors up to the root, and the root's ancestors), root and effector are joints with
// root an ancestor of (or equal to) the effector, every extra effector is a joint in the
// root's subtree, every goal is valid, and workspace.locked is empty or has one entry per
// joint. Does not look at params (each solver checks the ones it uses).
bool is_valid_chain(const Skeleton& skeleton, const Chain& chain, const Pose& pose,
                    const Workspace& workspace);

// ---- The chain's joints ---------------------------------------------------------------

// `path` = the joints from `root` down to `effector`, ascending (reuses the vector's
// memory). Returns false (and leaves `path` empty) if root is not an ancestor of effector.
bool fill_chain_path(const Skeleton& skeleton, int root, int effector, std::vector<int>& path);

// The chain's tree: the union of the paths from chain.root to chain.effector and to
// every extra effector, ascending, in `joints`; `tree_parent[k]` is the position in
// `joints` of joints[k]'s parent, -1 for the root (joints[0]). For a chain without extra
// effectors this is the path. Returns false if an effector is not below the root.
bool fill_chain_tree(const Skeleton& skeleton, const Chain& chain, std::vector<int>& joints,
                     std::vector<int>& tree_parent);

// The tree's child lists from `tree_parent`: first_child[k] and next_sibling[k] (-1 for
// none), children in ascending order.
void fill_tree_children(const std::vector<int>& tree_parent, std::vector<int>& first_child,
                        std::vector<int>& next_sibling);

// The path in ws.path as a tree of its own (ws.tree_parent: each joint's parent the one
// before it), with ws.positions and ws.linear sized for its frames: the set-up of every
// solver that works on the plain path from root to effector.
void use_path_as_tree(Workspace& ws);

// Position of `joint` in the ascending list `joints`, or -1.
int find_in_sorted(const std::vector<int>& joints, int joint);

// ---- Frames ---------------------------------------------------------------------------

// Model-space transform of the parent of `joint` (identity for a root), composed from the
// pose by walking up the ancestors: O(depth), no allocation.
glm::mat4 parent_world(const Skeleton& skeleton, const Pose& pose, int joint);

// Model-space frames of the chain's tree joints: positions[k] and linear[k] for joints[k].
// `parent_of_root` is parent_world(joints[0]). The vectors must have joints.size() entries.
// last_position_only: the last joint's position alone, its linear[] entry left as it was
// (for a caller that only needs where the effector is, not how it is turned).
void chain_frames(const Pose& pose, const std::vector<int>& joints,
                  const std::vector<int>& tree_parent, const glm::mat4& parent_of_root,
                  std::vector<glm::vec3>& positions, std::vector<glm::mat3>& linear,
                  bool last_position_only = false);

// True if the linear part maps every length by the same factor (a rotation, possibly
// mirrored, times a uniform scale), within a relative `tolerance`.
bool is_similarity(const glm::mat3& linear, float tolerance = 1e-4f);

// Sum of the model-space lengths of the bones joints[k] -> its tree parent along the
// path from joints[0] to joints[last] (`positions` as filled by chain_frames).
float path_length(const std::vector<glm::vec3>& positions, const std::vector<int>& tree_parent,
                  int last);

// The largest factor by which `linear` stretches a vector (its largest singular value).
float max_stretch(const glm::mat3& linear);

// An upper bound on how far the effector of the path `path` (root first) can get from
// the root, whatever the rotations: the sum of the bones' local lengths, each times the
// largest stretch its parent frame can have (the root's parent frame's stretch times the
// largest scale components of the chain joints above it). Exactly the chain's length when
// every frame is a similarity; never less than the true reach under non-uniform scales.
float reach_upper_bound(const Pose& pose, const std::vector<int>& path,
                        const glm::mat4& parent_of_root);

// ---- Tolerance and warm start ---------------------------------------------------------

// The stopping distance in scene units: params.tolerance, times `chain_length` when
// params.tolerance_relative. Negative or NaN reads as 0 (run every iteration).
inline float resolve_tolerance(const Params& params, float chain_length) {
  const float tolerance =
      params.tolerance_relative ? params.tolerance * chain_length : params.tolerance;
  return tolerance > 0.0f ? tolerance : 0.0f;
}

// Cold start (params.warm_start == false): puts the local rotation of every unlocked joint
// in `joints` back to its rest rotation. Translations and scales are left as they are
// (position solvers only change rotations; a scale-target chain may have scaled them).
void apply_start_pose(const Skeleton& skeleton, const Params& params, const Workspace& workspace,
                      const std::vector<int>& joints, Pose& pose);

// ---- Vectors, rotations and the colinear bump ----------------------------------------

// The processor's estimate of 1/sqrt(x) (simd_math.h's rsqrt_est: relative error below
// 1.5 * 2^-12 with SSE), for callers that refine it with a Newton step y (3 - x y^2) / 2 of
// their own (scale_over_sqrt; FABRIK's passes fold it into their arithmetic). Without SSE
// (or in a reference build) the exact 1/sqrt(x), which that step keeps.
inline float rsqrt_estimate(float x) { return simd::rsqrt_est(x); }

// scale / sqrt(x) for x > 0, to about float precision: the estimate y of 1/sqrt(x)
// refined by one Newton step, y' = y (3 - x y^2) / 2, grouped so that scale * y and
// x/2 * y^2 run side by side. About half the latency of sqrt then divide.
inline float scale_over_sqrt(float scale, float x) {
  const float y = rsqrt_estimate(x);
  return (scale * y) * (1.5f - (0.5f * x) * (y * y));
}

// q * r, with each component's four products summed as a balanced tree: the same value as
// glm's operator* up to rounding, in three steps of latency instead of four (it matters on
// chains of joints where each rotation waits for its parent's).
inline glm::quat multiply(const glm::quat& q, const glm::quat& r) {
  return glm::quat((q.w * r.w - q.x * r.x) - (q.y * r.y + q.z * r.z),
                   (q.w * r.x + q.x * r.w) + (q.y * r.z - q.z * r.y),
                   (q.w * r.y + q.y * r.w) + (q.z * r.x - q.x * r.z),
                   (q.w * r.z + q.z * r.w) + (q.x * r.y - q.y * r.x));
}

// q v q* for any quaternion q, given norm2 = |q|²: |q|² times R(q) v. With u = (q.x, q.y,
// q.z) and t = 2 u × v it is |q|² v + w t + u × t (q v q* = (w² - |u|²) v + 2 (u·v) u +
// 2 w u × v, and u × t = 2 (u·v) u - 2 |u|² v), in five steps of latency instead of glm's
// seven.
inline glm::vec3 sandwich(const glm::quat& q, float norm2, const glm::vec3& v) {
  const glm::vec3 u(q.x, q.y, q.z);
  const glm::vec3 t = glm::cross(u + u, v);
  return (v * norm2 + q.w * t) + glm::cross(u, t);
}

// R(q) v for a unit q (v * 1 folds away: the same arithmetic as written out).
inline glm::vec3 rotate(const glm::quat& q, const glm::vec3& v) { return sandwich(q, 1.0f, v); }

// Σ a[i] b[i] over `count` floats in four running sums: independent chains of additions
// the CPU can overlap (and the compiler can put in one SIMD register), where one sum's chain
// of dependent additions would set the pace of a solver's short dense rows. The order is
// fixed, so results stay repeatable. weighted_row_dot: Σ a[i] w[i] b[i].
inline float row_dot(const float* a, const float* b, int count) {
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  for (; i < count; ++i) s0 += a[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}

inline float weighted_row_dot(const float* a, const float* w, const float* b, int count) {
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += a[i] * w[i] * b[i];
    s1 += a[i + 1] * w[i + 1] * b[i + 1];
    s2 += a[i + 2] * w[i + 2] * b[i + 2];
    s3 += a[i + 3] * w[i + 3] * b[i + 3];
  }
  for (; i < count; ++i) s0 += a[i] * w[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}

// atan2(y, x) to within 3e-7 radians (a float ulp or two near pi; checked against the
// double-precision atan2 on 2e7 arguments), a third of the library's cost, for the angle
// readings of joint limits and CCD that run on every joint in every iteration. With
// t = min(|x|, |y|) / max(|x|, |y|) in [0, 1], atan(t) = pi/6 + atan(t') with
// t' = (sqrt(3) t - 1) / (sqrt(3) + t) brings the argument into [-tan(pi/12), tan(pi/12)],
// where the series t' - t'^3/3 + ... - t'^11/11 leaves out less than 0.268^13 / 13 = 3e-9;
// the octant follows from the signs and the larger of |x| and |y|. Zeros, infinities and
// NaN go to std::atan2.
inline float atan2_fast(float y, float x) {
  const float ax = std::fabs(x), ay = std::fabs(y);
  const float larger = ax > ay ? ax : ay, smaller = ax > ay ? ay : ax;
  if (!(larger > 0.0f) || !(larger <= 3.4e38f)) return std::atan2(y, x);
  float t = smaller / larger;
  constexpr float kSqrt3 = 1.7320508075688772f;
  constexpr float kTanPi12 = 0.2679491924311227f;
  float base = 0.0f;
  if (t > kTanPi12) {
    t = (kSqrt3 * t - 1.0f) / (kSqrt3 + t);
    base = kPi / 6.0f;
  }
  const float t2 = t * t;
  const float series =
      t * (1.0f - t2 * (1.0f / 3.0f - t2 * (1.0f / 5.0f - t2 * (1.0f / 7.0f - t2 * (1.0f / 9.0f - t2 * (1.0f / 11.0f))))));
  float angle = base + series;
  if (ay > ax) angle = 0.5f * kPi - angle;
  if (x < 0.0f) angle = kPi - angle;
  return std::signbit(y) ? -angle : angle;
}

// The rotation by the rotation vector v (the angle |v| about v / |v|): the quaternion
// (cos h, sin(h) v / |v|), h = |v| / 2. Up to a quarter turn by the Taylor series of cos h
// and sin(h) / h in h² to the eighth power (what is left out stays below 3e-8 for h <= pi/4),
// with no square root and no library call; beyond, std::cos and std::sin.
inline glm::quat rotation_from_vector(const glm::vec3& v) {
  const float h2 = 0.25f * glm::dot(v, v);
  if (h2 <= 0.25f * 0.25f * kPi * kPi) {
    // cos h = 1 - h²/2 + h⁴/24 - h⁶/720 + h⁸/40320; sin(h) / h = 1 - h²/6 + h⁴/120 - h⁶/5040 + h⁸/362880.
    // (Multiplied by the reciprocals, which the compiler folds: a division by a constant
    // other than a power of two stays a division, about ten cycles each on this path.)
    const float c =
        1.0f - (0.5f * h2) * (1.0f - (h2 * (1.0f / 12.0f)) * (1.0f - (h2 * (1.0f / 30.0f)) * (1.0f - h2 * (1.0f / 56.0f))));
    const float sinc =
        1.0f - (h2 * (1.0f / 6.0f)) * (1.0f - (h2 * (1.0f / 20.0f)) * (1.0f - (h2 * (1.0f / 42.0f)) * (1.0f - h2 * (1.0f / 72.0f))));
    return glm::quat(c, (0.5f * sinc) * v);  // sin(h) v / |v| = (sin(h) / h) (v / 2)
  }
  const float h = std::sqrt(h2);
  return glm::quat(std::cos(h), (std::sin(h) / (2.0f * h)) * v);
}

// A unit vector perpendicular to `v` (any, but always the same for the same v); +X for 0.
glm::vec3 any_perpendicular(const glm::vec3& v);

// `v` normalised, or `fallback` if v is (nearly) zero.
glm::vec3 direction_or(const glm::vec3& v, const glm::vec3& fallback);

// The angle between `a` and `b` seen along the unit `up` (their parts across it), radians in
// [0, pi]; 0 when either lies along up. How far a knee points off its toes seen from above
// (the full body's knee turn and the body's reading measure it alike).
inline float angle_across(const glm::vec3& a, const glm::vec3& b, const glm::vec3& up) {
  const glm::vec3 a_flat = a - up * glm::dot(a, up), b_flat = b - up * glm::dot(b, up);
  return std::atan2(glm::length(glm::cross(a_flat, b_flat)), glm::dot(a_flat, b_flat));
}

// The shortest rotation turning the direction of `from` into the direction of `to`
// (neither needs to be unit). Opposite directions turn half a turn about
// `half_turn_axis` made perpendicular to `from` (any perpendicular if that fails); a zero
// vector gives the identity.
glm::quat rotation_between(const glm::vec3& from, const glm::vec3& to,
                           const glm::vec3& half_turn_axis = glm::vec3(0.0f));

// A joint's local rotation turned by the model-space rotation `turn` about the joint's own
// position, its parent frame having the rotation `parent`: P⁻¹ turn P L, normalised.
inline glm::quat turned_in_model(const glm::quat& local, const glm::quat& parent, const glm::quat& turn) {
  return glm::normalize(glm::conjugate(parent) * turn * parent * local);
}

// True if a and b are parallel or opposite: |a x b| <= sin_tolerance * |a| |b|.
// Zero vectors count as colinear.
bool nearly_colinear(const glm::vec3& a, const glm::vec3& b, float sin_tolerance = 1e-4f);

// The guide's colinear bump for position-based solvers: if every joint of the path
// `positions[0..count)` and `goal` lie on one line (the solver could then only slide
// joints along that line and never bend), moves each interior joint sideways by
// `fraction` of its bone length, towards `pole` made perpendicular to the line (any
// perpendicular if the pole is along it). Returns true if it bumped.
bool bump_colinear_path(glm::vec3* positions, int count, const glm::vec3& goal,
                        const glm::vec3& pole, float fraction = 0.02f);

// ---- Trace ----------------------------------------------------------------------------

// Starts a trace for one solve: clears it, records which joints the solve may write
// (trace.joints, trace.clamped sized to match), the error before iteration 1 and, when
// record_poses, the pose of those joints. Reserves room for `max_iterations` more
// entries so recording inside the iteration loop does not allocate.
void trace_begin(Trace* trace, const std::vector<int>& joints, const Pose& pose, float error,
                 int max_iterations);

// Appends the error after an iteration and, when record_poses, the pose.
void trace_iteration(Trace* trace, const Pose& pose, float error);

// Marks trace.joints[k] as clamped by a limit during this solve.
inline void trace_clamped(Trace* trace, int k) {
  if (trace != nullptr && k >= 0 && k < static_cast<int>(trace->clamped.size()))
    trace->clamped[static_cast<size_t>(k)] = 1;
}

// ---- The iteration loop ---------------------------------------------------------------

// Decides when an error sequence has stopped improving. An iteration "makes progress"
// when it lowers the best error so far by at least the smaller of kProgress of it and
// kToleranceFraction of the tolerance (so a large error that still shrinks by useful
// amounts in scene units is not given up on); kPatience iterations in a row without
// progress is a stall. A first iteration that raises the error (an overshoot: DLS's first
// step from a warm pose pressed on a limit) sets the best instead, so the descent after it
// counts: measured from the start, the cleaned CMU walk's DLS stopped four iterations into a
// steady descent, worse than it began, and its warm solves alternated between two poses
// frame after frame (the foot turning 15 degrees a frame; BENCHMARKS.md).
class StallDetector {
 public:
  static constexpr float kProgress = 1e-4f;
  static constexpr float kToleranceFraction = 1e-2f;
  static constexpr int kPatience = 4;
  StallDetector(float initial_error, float tolerance)
      : best_(initial_error), tolerance_(tolerance) {}
  // Feeds the error after one iteration; returns true once stalled.
  bool stalled_after(float error) {
    if (first_) {  // a first step uphill (an overshoot): the descent from it is progress
      first_ = false;
      if (error > best_) {
        best_ = error;
        return false;
      }
    }
    const float needed = std::min(kProgress * best_, kToleranceFraction * tolerance_);
    if (error < best_ - needed) {
      best_ = error;
      idle_ = 0;
    } else if (++idle_ >= kPatience) {
      return true;
    }
    return false;
  }

 private:
  float best_;
  float tolerance_;
  int idle_ = 0;
  bool first_ = true;
};

struct LoopOutcome {
  int iterations = 0;
  float error = 0.0f;
  bool stalled = false;
};

// Runs `step()` (one iteration; returns the error after it) until the error is within
// `tolerance` of `error_floor`, `max_iterations` have run, or the error stalls (or is not
// finite). `error_floor` is the least error the goal allows (for a goal beyond reach, its
// distance minus the chain's length), so an unreachable goal runs until the chain is as
// close as it can get, not until it gives up improving a large error by small amounts.
// Calls `record(error)` after every iteration: solvers pass a lambda that appends to the
// trace (trace_iteration), with a pose that is up to date when poses are recorded.
// Grows `v` to at least n entries (never shrinks it: a buffer sized once stays sized).
template <typename T>
void size_at_least(std::vector<T>& v, size_t n) {
  if (v.size() < n) v.resize(n);
}

template <typename Step, typename Record>
LoopOutcome iterate_until_done(int max_iterations, float tolerance, float initial_error,
                               Step&& step, Record&& record, float error_floor = 0.0f) {
  LoopOutcome out;
  out.error = initial_error;
  StallDetector stall(initial_error - error_floor, tolerance);
  tolerance += error_floor;
  while (out.iterations < max_iterations && out.error > tolerance) {
    out.error = step();
    ++out.iterations;
    record(out.error);
    if (!std::isfinite(out.error)) {
      out.stalled = true;
      break;
    }
    if (!(out.error > tolerance)) break;
    if (stall.stalled_after(out.error - error_floor)) {
      out.stalled = true;
      break;
    }
  }
  return out;
}

// The status of a finished solve: reached if within tolerance, else unreachable if the
// goal is beyond the chain's reach, else stalled or max_iterations as the loop ended.
inline SolveStatus final_status(float error, float tolerance, bool beyond_reach, bool stalled) {
  if (error <= tolerance) return SolveStatus::reached;
  if (beyond_reach) return SolveStatus::unreachable;
  if (stalled || !std::isfinite(error)) return SolveStatus::stalled;
  return SolveStatus::max_iterations;
}

}  // namespace ik
