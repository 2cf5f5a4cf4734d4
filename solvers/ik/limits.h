// Joint-limit maths: angles of a local rotation relative to its rest rotation, and the
// clamp that keeps a joint inside its JointLimits (skeleton.h).
//
// Conventions (the same as JointLimits'): a joint's local rotation is
//   local = rest * offset
// where `offset` is expressed in the joint's own rest frame. A hinge's offset is a
// rotation by an angle about limits.hinge_axis; a ball joint's offset is
//   offset = Rx(a.x) * Ry(a.y) * Rz(a.z)        (radians, intrinsic X then Y then Z)
// Angle ranges are read on the circle: [min, max] may start anywhere, and a range of
// 2*pi or more means "no limit on this axis".
#pragma once

#include <cmath>

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/solver_common.h"

namespace ik {

constexpr float kTwoPi = 6.28318530717958647f;

// `angle` wrapped into [-pi, pi).
float wrap_angle(float angle);

// The angle in [min, max] (read on the circle) nearest to `angle`: `angle` itself (moved by
// whole turns into [min, max]) when it is inside, else the nearer end. max < min is read
// as the single angle min.
float clamp_angle(float angle, float min, float max);

// Twist of `q` about the unit `axis` (swing-twist decomposition q = swing * twist, twist
// about `axis`), as an angle in [-pi, pi). A pure swing of 180 degrees has no defined
// twist and gives 0.
float twist_angle(const glm::quat& q, const glm::vec3& axis);

// offset -> (a.x, a.y, a.z) with offset = Rx(a.x) * Ry(a.y) * Rz(a.z), a.y in [-pi/2, pi/2].
// At the gimbal lock (a.y = +-pi/2) a.z is 0.
glm::vec3 xyz_angles(const glm::quat& offset);

// Rx(a.x) * Ry(a.y) * Rz(a.z).
glm::quat from_xyz_angles(const glm::vec3& a);

// The same rotation as xyz_angles(offset) read the other way round the gimbal:
// (a.x + pi, pi - a.y, a.z + pi), wrapped.
glm::vec3 other_xyz_angles(const glm::vec3& a);

// Of the two XYZ readings of `offset`, the one nearer to the ball limits (per-axis
// ranges of `limits`; the first reading if both are inside or the limits are off).
glm::vec3 xyz_angles_near_limits(const JointLimits& limits, const glm::quat& offset);

// The hinge axis of `limits` as a unit vector (+Z if it was zero or not finite).
glm::vec3 hinge_axis(const JointLimits& limits);

// ---- Swing-twist cones (JointLimits::cone, skeleton.h) -----------------------------------
//
// offset = middle * swing * twist (middle = limits.cone_middle, identity unless the cone is
// centred off the rest) with twist about the bone axis n and swing about an axis
// perpendicular to n. The clamp keeps the twist's angle in [twist_min, twist_max] (read on
// the circle, clamp_angle) and pulls a swing outside the elliptical cone radially back onto
// its rim: the swing's rotation vector (s_u, s_v) is scaled by 1 / sqrt((s_u / a)² + (s_v /
// b)²), which keeps the direction the bone swung toward. That is the nearest point of a
// circular cone, and an approximation of it (inside, never outside) for an elliptical one.
// A half angle below 1e-6 rad is read as 1e-6. The clamp first asks a quick inside test
// (limits.cpp, cone_surely_inside: no library atan2) and reads the angles only when not
// surely inside; a rotation inside is left alone bit for bit either way.

// A swing-twist reading of an offset: the swing's rotation vector on the cone's axes u, v
// (radians; its length is the angle between the bone's rest and current directions) and the
// twist's angle about the bone in [-pi, pi].
struct SwingTwist {
  glm::vec2 swing{0.0f};
  float twist = 0.0f;
};

// The cone's unit bone axis (+Y if bone_axis is zero or not finite).
glm::vec3 cone_bone_axis(const JointLimits& limits);

// The cone's axes u, v for the unit bone axis n: +X and +Z turned by the shortest turn
// taking +Y onto n (for n = -Y: u = +X, v = -Z).
void cone_axes(const glm::vec3& n, glm::vec3& u, glm::vec3& v);

// `offset` (unit, = rest⁻¹ local) read from the cone's middle and split about its bone axis. A half-turn swing has no
// defined twist and gives twist 0.
SwingTwist swing_twist_angles(const JointLimits& limits, const glm::quat& offset);

// middle * swing * twist from a reading (the inverse of swing_twist_angles).
glm::quat from_swing_twist(const JointLimits& limits, const SwingTwist& angles);

// (s_u / a)² + (s_v / b)² for the cone's half angles a, b: <= 1 inside the cone.
float cone_swing_ratio(const JointLimits& limits, const glm::vec2& swing);

// True if the limits can change a rotation: enabled, and a hinge, a cone with a half angle
// below pi or a twist range below a full turn, or at least one axis narrower than a full turn.
bool limits_active(const JointLimits& limits);

// Clamps `local` (the joint's local rotation) into `limits` relative to `rest` (the
// joint's rest local rotation). A hinge is first projected onto its axis (the swing is
// dropped, the twist kept), then its angle clamped to [min.x, max.x]. A cone's swing and
// twist are clamped as described above ("Swing-twist cones"). A ball joint's XYZ
// angles are clamped per axis (whichever of the two XYZ readings of the rotation needs
// less clamping). Returns true if the rotation changed by more than 1e-5 rad.
bool clamp_to_limits(const JointLimits& limits, const glm::quat& rest, glm::quat& local);

// The same with the hinge's unit axis given (`axis` = hinge_axis(limits), ignored for a
// ball joint): for a solver that clamps the same joint in every iteration and normalises
// the axis once per solve.
bool clamp_to_limits(const JointLimits& limits, const glm::vec3& axis, const glm::quat& rest,
                     glm::quat& local);

// ---- Hinges tracked by their angle -----------------------------------------------------
//
// An iterative solver turns a hinge only about its own axis, so once clamp_to_limits has
// dropped a swing the offset stays a pure twist: rest * (cos(t/2), axis sin(t/2)). Such a
// solver can then keep the angle t as a number for the whole solve, add each step to it,
// clamp it directly and rebuild the rotation, instead of turning the quaternion and reading
// the angle back out of it in every iteration. Turns about one axis add their angles, and
// the swing-twist split gives (swing * twist) * turn the twist twist * turn, so this is
// clamp_to_limits' result up to rounding.

// The hinge's angle: the twist of rest⁻¹ local about the unit `axis` (twist_angle, in
// [-pi, pi)). `swing` is set when local also turns off the axis by more than the 1e-5 rad
// that clamp_to_limits counts as a change (it would drop that swing and report a clamp).
float hinge_angle(const glm::vec3& axis, const glm::quat& rest, const glm::quat& local, bool& swing);

// clamp_hinge_angle for an angle outside [limits.min.x, limits.max.x] (read as numbers).
bool clamp_hinge_angle_outside(const JointLimits& limits, float& angle);

// `angle` clamped into the hinge's range [limits.min.x, limits.max.x] read on the circle
// (clamp_angle); returns true if that moved it by more than 1e-5 rad. Inline: the solvers
// call it on every hinge in every iteration, and it is mostly inside.
inline bool clamp_hinge_angle(const JointLimits& limits, float& angle) {
  if (angle >= limits.min.x && angle <= limits.max.x) return false;  // the common case
  return clamp_hinge_angle_outside(limits, angle);
}

// sin x and cos x for |x| <= pi to within ~1e-7: folded into [-pi/2, pi/2] (sin(pi - x) =
// sin x, cos(pi - x) = -cos x), then Taylor series to x^11 and x^12, whose first term left
// out stays below 6e-8 there. (Multiplied by reciprocals: a division by a constant stays a
// division.)
inline void sin_cos(float x, float& sine, float& cosine) {
  float sign = 1.0f;
  if (x > 0.5f * kPi) {
    x = kPi - x;
    sign = -1.0f;
  } else if (x < -0.5f * kPi) {
    x = -kPi - x;
    sign = -1.0f;
  }
  const float x2 = x * x;
  sine = x * (1.0f - x2 * (1.0f / 6.0f) * (1.0f - x2 * (1.0f / 20.0f) * (1.0f - x2 * (1.0f / 42.0f) * (1.0f - x2 * (1.0f / 72.0f) * (1.0f - x2 * (1.0f / 110.0f))))));
  cosine = sign * (1.0f - x2 * (1.0f / 2.0f) * (1.0f - x2 * (1.0f / 12.0f) * (1.0f - x2 * (1.0f / 30.0f) * (1.0f - x2 * (1.0f / 56.0f) * (1.0f - x2 * (1.0f / 90.0f) * (1.0f - x2 * (1.0f / 132.0f)))))));
}

// q / |q| for a q that is a unit quaternion up to rounding (a product of unit ones, as a
// solver's turns make): one Newton step for 1 / sqrt(n) from 1, q (3 - n) / 2 with n = |q|²,
// whose error 3/8 (n - 1)² lies far below a float's rounding. No square root and no
// division: on an iterative solver's chain of dependent arithmetic that is some twenty
// cycles less per turn. A q further from unit (n off by 1e-3 or more: a pose given with
// unnormalised rotations) takes glm::normalize.
inline glm::quat renormalized(const glm::quat& q) {
  const float n = glm::dot(q, q);
  return std::fabs(n - 1.0f) < 1e-3f ? q * (1.5f - 0.5f * n) : glm::normalize(q);
}

// rest * (the turn by `angle` about the unit `axis`), normalised. Polynomial sine and
// cosine (within ~1e-7), no library call; the turn's quaternion has w >= 0, as
// clamp_to_limits' twist has. Inline, for the solvers' iterations (a caller compiled for
// AVX2 + FMA gets it so compiled, isa_dispatch.h).
inline glm::quat hinge_rotation(const glm::vec3& axis, const glm::quat& rest, float angle) {
  // sin_cos wants |x| <= pi; a half angle of an angle in [-pi, pi) is in [-pi/2, pi/2), so
  // its cosine, the turn's w, is >= 0.
  if (!(angle >= -kPi && angle < kPi)) angle = wrap_angle(angle);
  float sine, cosine;
  sin_cos(0.5f * angle, sine, cosine);
  return renormalized(multiply(rest, glm::quat(cosine, axis * sine)));
}

// ---- A quick inside test for ball joints ----------------------------------------------
//
// Reading a rotation's XYZ angles costs three atan2; an iterative solver clamps every joint
// in every iteration, and mostly finds it inside. An angle a = atan2(s, c) lies in
// [min, max] (read on the circle, width below a full turn) exactly when cos(a - m) >= cos h,
// with m the range's middle and h its half width, that is when
//     c cos m + s sin m >= |(s, c)| cos h,
// which needs no angle once cos m, sin m and cos h are known. For the first XYZ reading of
// an offset (xyz_angles) the pairs (s, c) are (-M12, M22) and (-M01, M00) for X and Z, both
// of length cos b = |(M00, M01)|, and (M02, cos b) of length 1 for Y, M = the offset's
// rotation matrix: one square root for the three axes.

// Prepares the test for `limits` into ranges[0..2] = (cos m, sin m, cos h) per axis (an axis
// without a limit gets cos h = -2: always inside). Returns false, ranges untouched, unless
// the limits are an enabled per-axis ball joint (a cone's quick test is clamp_to_limits' own:
// limits.cpp, cone_surely_inside). A few polynomial sines and cosines: meant to be run once
// per solve per joint, not per iteration.
bool prepare_ball_ranges(const JointLimits& limits, glm::vec3 ranges[3]);

// One joint's ball limits prepared for the quick inside test (limits.h: prepare_ball_ranges,
// ball_surely_inside), kept across solves in JacobianScratch::ball_ranges (jacobian.h). The
// entry remembers the limit values it was prepared from and is used only while the joint's
// limits are still exactly those values (cached_ball_ranges compares them bit for bit), so a
// Workspace shared by different skeletons, chains or edited limits never reads another
// joint's ranges.
struct BallRangeCache {
  bool prepared = false;  // `limits` and `ranges` are filled
  bool ball = false;      // prepare_ball_ranges accepted the limits (else: no quick test)
  JointLimits limits;     // the limits the entry was prepared from
  glm::vec3 ranges[3]{};  // prepare_ball_ranges' output when `ball`
};

// prepare_ball_ranges through `entry` (kept across solves, one per skeleton joint): prepares
// again unless the entry was prepared from limits with exactly these values (enabled, hinge,
// cone, min, max bit for bit; prepare_ball_ranges reads nothing else), so a hit gives the very
// ranges a fresh preparation would. Returns the ranges, or nullptr where prepare_ball_ranges
// returns false (no quick test for this joint).
const glm::vec3* cached_ball_ranges(const JointLimits& limits, BallRangeCache& entry);

// True if the first XYZ reading of the unit quaternion `offset` (= rest⁻¹ local) is surely
// inside the ranges prepared by prepare_ball_ranges: clamp_to_limits would then leave the
// rotation alone. False means "not sure" (outside, within ~1e-6 of an end, or near the
// gimbal lock): ask clamp_to_limits.
inline bool ball_surely_inside(const glm::vec3 ranges[3], const glm::quat& offset) {
  const float w = offset.w, x = offset.x, y = offset.y, z = offset.z;
  const float m00 = 1.0f - 2.0f * (y * y + z * z), m01 = 2.0f * (x * y - w * z);
  const float m02 = 2.0f * (x * z + w * y), m12 = 2.0f * (y * z - w * x);
  const float m22 = 1.0f - 2.0f * (x * x + y * y);
  const float cos_b = std::sqrt(m00 * m00 + m01 * m01);
  if (!(cos_b >= 1e-3f)) return false;  // near the gimbal lock (or NaN): read the angles
  // A margin of 2e-6 (relative) on each side keeps rounding in the prepared values and in M
  // from calling a rotation inside that the angles would put just outside.
  const glm::vec3 &cos_m = ranges[0], &sin_m = ranges[1], &cos_h = ranges[2];
  constexpr float kMargin = 2e-6f;
  return (m22 * cos_m.x - m12 * sin_m.x >= (cos_h.x + kMargin) * cos_b) &&
         (cos_b * cos_m.y + m02 * sin_m.y >= cos_h.y + kMargin) &&
         (m00 * cos_m.z - m01 * sin_m.z >= (cos_h.z + kMargin) * cos_b);
}

// True if `local` lies at an end of `limits` (relative to `rest`): within `margin` radians
// of a hinge's or an axis's end, of the cone's twist range or of its rim (read along the
// swing's own direction, as the clamp reads it), or outside them. A range of a full turn has
// no end. For saying which joint held a solve back ("orientation 23 deg short: ankle limit").
bool at_limit(const JointLimits& limits, const glm::quat& rest, const glm::quat& local, float margin);

// True if `local` satisfies `limits` (relative to `rest`) within `slack` radians.
bool within_limits(const JointLimits& limits, const glm::quat& rest, const glm::quat& local,
                   float slack = 1e-4f);

}  // namespace ik
