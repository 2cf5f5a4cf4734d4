// Joint-limit maths (limits.h): angles of a local rotation relative to its rest rotation,
// and the clamps that keep it inside a hinge, a swing-twist cone or per-axis (ball) ranges.
//
// Index:
//   Helpers                              range_distance, ball_violation, turns_noticeably, angle_between
//   Angles                               wrap_angle, clamp_angle, twist_angle, xyz_angles, from_xyz_angles,
//                                        other_xyz_angles, xyz_angles_near_limits, hinge_axis
//   Swing-twist cones                    cone_bone_axis, cone_axes, swing_twist_angles, from_swing_twist,
//                                        cone_swing_ratio, cone_limits_swing, clamp_swing_twist,
//                                        cone_surely_inside
//   Clamping                             limits_active, clamp_to_limits (hinge, cone, ball)
//   Hinges tracked by their angle        hinge_angle, clamp_hinge_angle_outside
//   A quick inside test for ball joints  prepare_ball_ranges, cached_ball_ranges; then within_limits (every
//                                        kind of limit, with a slack)
//   At a limit                           distance_to_range_end, at_limit
#include "solvers/ik/limits.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "solvers/ik/solver_common.h"

namespace ik {
namespace {

// ---- Helpers ----------------------------------------------------------------------------

constexpr float kPiF = 3.14159265358979f;
// A rotation change smaller than this (radians) does not count as a clamp.
constexpr float kChangeEpsilon = 1e-5f;

// Circular distance from `angle` to the range [min, max]; 0 inside.
float range_distance(float angle, float min, float max) {
  if (angle >= min && angle <= max) return 0.0f;  // the common case, no wrapping needed
  if (!(max >= min)) max = min;
  const float width = max - min;
  if (width >= kTwoPi) return 0.0f;
  float d = angle - min;
  d -= kTwoPi * std::floor(d / kTwoPi);  // [0, 2pi): how far past min going forward
  if (d <= width) return 0.0f;
  return std::min(d - width, kTwoPi - d);
}

// Largest per-axis distance of XYZ angles `a` from the ball limits.
float ball_violation(const JointLimits& limits, const glm::vec3& a) {
  float worst = 0.0f;
  for (int axis = 0; axis < 3; ++axis)
    worst = std::max(worst, range_distance(a[axis], limits.min[axis], limits.max[axis]));
  return worst;
}

// True if the rotation taking a to b (both unit) turns by more than kChangeEpsilon:
// its angle 2 atan2(|v|, |w|) exceeds epsilon exactly when |v|^2 > tan^2(epsilon/2) w^2.
bool turns_noticeably(const glm::quat& a, const glm::quat& b) {
  const glm::quat d = glm::conjugate(a) * b;
  const float tan_half = std::tan(0.5f * kChangeEpsilon);
  return d.x * d.x + d.y * d.y + d.z * d.z > tan_half * tan_half * d.w * d.w;
}

// Angle of the rotation taking a to b (both unit).
float angle_between(const glm::quat& a, const glm::quat& b) {
  const glm::quat d = glm::conjugate(a) * b;
  const float v = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  return 2.0f * std::atan2(v, std::fabs(d.w));
}

}  // namespace

// ---- Angles -----------------------------------------------------------------------------

float wrap_angle(float angle) { return angle - kTwoPi * std::floor((angle + kPiF) / kTwoPi); }

float clamp_angle(float angle, float min, float max) {
  if (!(max >= min)) max = min;
  const float width = max - min;
  if (width >= kTwoPi) return angle;
  float d = angle - min;
  d -= kTwoPi * std::floor(d / kTwoPi);
  if (d <= width) return min + d;
  // Outside: going forward from max we reach `angle` after d - width; going backward
  // from min after 2pi - d. Pick the nearer end.
  return (d - width) <= (kTwoPi - d) ? max : min;
}

float twist_angle(const glm::quat& q, const glm::vec3& axis) {
  const float projection = q.x * axis.x + q.y * axis.y + q.z * axis.z;
  if (std::fabs(projection) < 1e-12f && std::fabs(q.w) < 1e-12f) return 0.0f;
  // The twist is the normalised quaternion (w, projection * axis): angle 2*atan2(p, w).
  return wrap_angle(2.0f * std::atan2(projection, q.w));
}

glm::vec3 xyz_angles(const glm::quat& offset) {
  // M = Rx(a) Ry(b) Rz(c) has, by rows:
  //   row 0: [ cb cc,            -cb sc,             sb    ]
  //   row 1: [ ca sc + sa sb cc,  ca cc - sa sb sc,  -sa cb ]
  //   row 2: [ sa sc - ca sb cc,  sa cc + ca sb sc,   ca cb ]
  // and the entries needed, from the unit quaternion (w, x, y, z):
  //   M00 = 1 - 2(y^2 + z^2)   M01 = 2(xy - wz)   M02 = 2(xz + wy)
  //   M11 = 1 - 2(x^2 + z^2)   M12 = 2(yz - wx)   M21 = 2(yz + wx)   M22 = 1 - 2(x^2 + y^2)
  const float w = offset.w, x = offset.x, y = offset.y, z = offset.z;
  const float m00 = 1.0f - 2.0f * (y * y + z * z), m01 = 2.0f * (x * y - w * z);
  const float m02 = 2.0f * (x * z + w * y), m12 = 2.0f * (y * z - w * x);
  const float m22 = 1.0f - 2.0f * (x * x + y * y);
  const float cos_b = std::sqrt(m00 * m00 + m01 * m01);
  const float b = atan2_fast(m02, cos_b);
  if (cos_b < 1e-6f) {
    // Gimbal lock: only a + c (sb = 1) or a - c (sb = -1) is defined; put it all in a,
    // whose sine and cosine are then M21 and M11.
    const float m11 = 1.0f - 2.0f * (x * x + z * z), m21 = 2.0f * (y * z + w * x);
    return {atan2_fast(m21, m11), b, 0.0f};
  }
  return {atan2_fast(-m12, m22), b, atan2_fast(-m01, m00)};
}

glm::quat from_xyz_angles(const glm::vec3& a) {
  return glm::angleAxis(a.x, glm::vec3(1, 0, 0)) * glm::angleAxis(a.y, glm::vec3(0, 1, 0)) *
         glm::angleAxis(a.z, glm::vec3(0, 0, 1));
}

glm::vec3 other_xyz_angles(const glm::vec3& a) {
  // Rx(pi) Ry(pi - b) Rz(pi) = Ry(b), so both readings give the same rotation.
  return {wrap_angle(a.x + kPiF), wrap_angle(kPiF - a.y), wrap_angle(a.z + kPiF)};
}

glm::vec3 xyz_angles_near_limits(const JointLimits& limits, const glm::quat& offset) {
  const glm::vec3 a = xyz_angles(offset);
  if (!limits.enabled) return a;
  const glm::vec3 b = other_xyz_angles(a);
  return ball_violation(limits, b) < ball_violation(limits, a) ? b : a;
}

glm::vec3 hinge_axis(const JointLimits& limits) {
  const glm::vec3 a = limits.hinge_axis;
  const float len = std::sqrt(glm::dot(a, a));
  if (!(len > 1e-12f) || !std::isfinite(len)) return {0.0f, 0.0f, 1.0f};
  return a / len;
}

// ---- Swing-twist cones ------------------------------------------------------------------

glm::vec3 cone_bone_axis(const JointLimits& limits) {
  const glm::vec3 a = limits.bone_axis;
  const float len = std::sqrt(glm::dot(a, a));
  if (!(len > 1e-12f) || !std::isfinite(len)) return {0.0f, 1.0f, 0.0f};
  return a / len;
}

void cone_axes(const glm::vec3& n, glm::vec3& u, glm::vec3& v) {
  // The shortest turn taking +Y onto n; for n = -Y (no unique shortest turn) the half turn
  // about +X.
  const glm::vec3 y(0.0f, 1.0f, 0.0f);
  glm::quat turn;
  if (n.y < -1.0f + 1e-6f) {
    turn = glm::quat(0.0f, 1.0f, 0.0f, 0.0f);
  } else {
    const glm::vec3 c = glm::cross(y, n);
    turn = glm::normalize(glm::quat(1.0f + n.y, c.x, c.y, c.z));
  }
  u = turn * glm::vec3(1.0f, 0.0f, 0.0f);
  v = turn * glm::vec3(0.0f, 0.0f, 1.0f);
}

SwingTwist swing_twist_angles(const JointLimits& limits, const glm::quat& offset) {
  const glm::vec3 n = cone_bone_axis(limits);
  glm::quat q = multiply(glm::conjugate(limits.cone_middle), offset);
  if (q.w < 0.0f) q = -q;  // the same rotation, read with w >= 0
  const float along = q.x * n.x + q.y * n.y + q.z * n.z;
  const float norm2 = along * along + q.w * q.w;
  SwingTwist result;
  glm::quat twist(1.0f, 0.0f, 0.0f, 0.0f);
  if (norm2 > 1e-12f) {
    const float inverse_norm = 1.0f / std::sqrt(norm2);
    twist = glm::quat(q.w * inverse_norm, n * (along * inverse_norm));
    result.twist = 2.0f * std::atan2(along, q.w);  // w >= 0: in [-pi, pi]
  }
  glm::quat swing = q * glm::conjugate(twist);
  if (swing.w < 0.0f) swing = -swing;
  glm::vec3 s(swing.x, swing.y, swing.z);
  s -= glm::dot(s, n) * n;  // perpendicular to the bone up to rounding: make it exactly so
  const float length = std::sqrt(glm::dot(s, s));
  if (length > 0.0f) {
    const glm::vec3 rotation_vector = s * (2.0f * std::atan2(length, swing.w) / length);
    glm::vec3 u, v;
    cone_axes(n, u, v);
    result.swing = glm::vec2(glm::dot(rotation_vector, u), glm::dot(rotation_vector, v));
  }
  return result;
}

glm::quat from_swing_twist(const JointLimits& limits, const SwingTwist& angles) {
  const glm::vec3 n = cone_bone_axis(limits);
  glm::vec3 u, v;
  cone_axes(n, u, v);
  const glm::vec3 rotation_vector = angles.swing.x * u + angles.swing.y * v;
  const float angle = std::sqrt(glm::dot(rotation_vector, rotation_vector));
  const glm::quat swing =
      angle > 0.0f ? glm::angleAxis(angle, rotation_vector / angle) : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  return glm::normalize(limits.cone_middle * swing * glm::angleAxis(angles.twist, n));
}

float cone_swing_ratio(const JointLimits& limits, const glm::vec2& swing) {
  const float a = std::max(limits.swing.x, 1e-6f), b = std::max(limits.swing.y, 1e-6f);
  const float su = swing.x / a, sv = swing.y / b;
  return su * su + sv * sv;
}

namespace {

// True if the cone's swing can be limited (some half angle below pi).
bool cone_limits_swing(const JointLimits& limits) {
  return !(limits.swing.x >= kPiF) || !(limits.swing.y >= kPiF);
}

// The reading `angles` clamped into the cone: the twist on the circle, the swing radially.
SwingTwist clamp_swing_twist(const JointLimits& limits, SwingTwist angles) {
  angles.twist = clamp_angle(angles.twist, limits.twist_min, limits.twist_max);
  const float ratio = cone_swing_ratio(limits, angles.swing);
  if (ratio > 1.0f) angles.swing *= 1.0f / std::sqrt(ratio);
  return angles;
}

// True if the reading of `offset` (swing_twist_angles') is surely inside the cone, so that
// clamp_to_limits leaves the rotation alone; false means "not sure": read the angles. Two
// atan2 and the cone's axes are most of a cone's clamp, and an iterative solver clamps every
// joint in every iteration, mostly inside. The twist is read with atan2_fast (within 3e-7
// rad of atan2). The swing of q = swing * twist (q read from the cone's middle, w >= 0)
// turns by t with cos(t/2) = |(w, along)| / |q|, and a swing no longer than the cone's
// smaller half angle is inside its ellipse whatever its direction: no angle is read. Past
// that, an elliptical cone's wider side may still hold it: then the swing is read as
// swing_twist_angles reads it, its angle by atan2_fast. Margins of 1e-5 rad (the twist),
// 1e-4 rad (the smaller half angle) and a thousandth of the ellipse keep rounding from
// calling inside what the full reading puts just outside.
bool cone_surely_inside(const JointLimits& limits, const glm::quat& offset) {
  const glm::vec3 n = cone_bone_axis(limits);
  glm::quat q = multiply(glm::conjugate(limits.cone_middle), offset);  // as swing_twist_angles reads it
  if (q.w < 0.0f) q = -q;
  const float along = q.x * n.x + q.y * n.y + q.z * n.z;
  const float norm2 = along * along + q.w * q.w;
  if (!(norm2 > 1e-12f)) return false;  // a half-turn swing: no twist to read
  if (limits.twist_max - limits.twist_min < kTwoPi) {
    const float twist = 2.0f * atan2_fast(along, q.w);
    if (!(twist >= limits.twist_min + 1e-5f && twist <= limits.twist_max - 1e-5f)) return false;
  }
  const float surely_inside_swing = std::min(std::max(limits.swing.x, 1e-6f), std::max(limits.swing.y, 1e-6f)) - 1e-4f;
  if (surely_inside_swing >= kPiF) return true;  // no swing can leave it
  if (!(surely_inside_swing > 0.0f)) return false;
  float sine, cosine;
  sin_cos(0.5f * surely_inside_swing, sine, cosine);
  if (norm2 >= cosine * cosine * glm::dot(q, q)) return true;
  // Past the smaller half angle: an elliptical cone's wider side may still hold it. The swing
  // read as swing_twist_angles reads it, its angle by atan2_fast, against the ellipse with a
  // margin of a thousandth (the angle's error is below 1e-6 rad, and half angles under 0.01
  // are left to the full reading).
  if (!(surely_inside_swing >= 0.01f)) return false;
  const float inverse_norm = 1.0f / std::sqrt(norm2);
  const glm::quat twist(q.w * inverse_norm, n * (along * inverse_norm));
  glm::quat swing = multiply(q, glm::conjugate(twist));
  if (swing.w < 0.0f) swing = -swing;
  glm::vec3 v(swing.x, swing.y, swing.z);
  v -= glm::dot(v, n) * n;
  const float length = std::sqrt(glm::dot(v, v));
  if (!(length > 0.0f)) return false;
  glm::vec3 axis_u, axis_v;
  cone_axes(n, axis_u, axis_v);
  const float per_length = 2.0f * atan2_fast(length, swing.w) / length;
  const glm::vec2 reading(per_length * glm::dot(v, axis_u), per_length * glm::dot(v, axis_v));
  return cone_swing_ratio(limits, reading) <= 0.999f;
}

}  // namespace

// ---- Clamping ---------------------------------------------------------------------------

bool limits_active(const JointLimits& limits) {
  if (!limits.enabled) return false;
  if (limits.hinge) return true;
  if (limits.cone) return cone_limits_swing(limits) || !(limits.twist_max - limits.twist_min >= kTwoPi);
  for (int axis = 0; axis < 3; ++axis)
    if (!(limits.max[axis] - limits.min[axis] >= kTwoPi)) return true;
  return false;
}

bool clamp_to_limits(const JointLimits& limits, const glm::quat& rest, glm::quat& local) {
  if (!limits.enabled) return false;
  return clamp_to_limits(limits, limits.hinge ? hinge_axis(limits) : glm::vec3(0.0f), rest, local);
}

bool clamp_to_limits(const JointLimits& limits, const glm::vec3& axis, const glm::quat& rest,
                     glm::quat& local) {
  if (!limits.enabled) return false;
  const glm::quat offset = multiply(glm::conjugate(rest), local);  // unit: both factors are
  glm::quat clamped_offset;
  if (limits.hinge) {
    // Swing-twist about the axis: offset = swing * twist, twist = (w, along axis) / n with
    // n = |(w, along)|, whose angle is 2 atan2(along, w). Read with w >= 0 (-q is the same
    // rotation) that angle is already in [-pi, pi], so the common case -- inside the range
    // as given -- needs no wrapping, no library atan2 and no sine or cosine: the clamped
    // offset is the twist itself, and the swing it drops turns by 2 atan2(|v_perp|, n)
    // (v_perp: the offset's vector part off the axis; |swing| = 1 makes its vector part as
    // long as v_perp), which decides "changed" without another rotation product.
    const float along = offset.x * axis.x + offset.y * axis.y + offset.z * axis.z;
    const float norm2 = along * along + offset.w * offset.w;
    const float sign = offset.w < 0.0f ? -1.0f : 1.0f;
    const float angle = 2.0f * atan2_fast(sign * along, sign * offset.w);
    if (norm2 > 1e-12f && angle >= limits.min.x && angle <= limits.max.x) {
      const glm::vec3 v_perp = glm::vec3(offset.x, offset.y, offset.z) - along * axis;
      const float swing2 = glm::dot(v_perp, v_perp);
      if (swing2 == 0.0f) return false;  // already a pure twist: nothing to drop
      const float tan_half = std::tan(0.5f * kChangeEpsilon);
      const bool changed = swing2 > tan_half * tan_half * norm2;
      const float inverse_norm = 1.0f / std::sqrt(norm2);
      local = glm::normalize(multiply(rest, glm::quat(offset.w * inverse_norm, axis * (along * inverse_norm))));
      return changed;
    }
    // Outside the range as given (or read on the circle), or a pure half-turn swing whose
    // twist is undefined: the angle clamped on the circle, the twist rebuilt from it.
    const float clamped = clamp_angle(twist_angle(offset, axis), limits.min.x, limits.max.x);
    clamped_offset = glm::angleAxis(clamped, axis);
  } else if (limits.cone) {
    // Inside (the common case): the rotation is left alone, bit for bit.
    if (cone_surely_inside(limits, offset)) return false;
    const SwingTwist angles = swing_twist_angles(limits, offset);
    const bool swing_inside = !(cone_swing_ratio(limits, angles.swing) > 1.0f);
    if (swing_inside && range_distance(angles.twist, limits.twist_min, limits.twist_max) == 0.0f) return false;
    clamped_offset = from_swing_twist(limits, clamp_swing_twist(limits, angles));
  } else {
    const glm::vec3 a = xyz_angles(offset);
    const float va = ball_violation(limits, a);
    if (va == 0.0f) return false;
    const glm::vec3 b = other_xyz_angles(a);
    const float vb = ball_violation(limits, b);
    if (vb == 0.0f) return false;
    glm::vec3 angles = va <= vb ? a : b;
    for (int i = 0; i < 3; ++i) angles[i] = clamp_angle(angles[i], limits.min[i], limits.max[i]);
    clamped_offset = from_xyz_angles(angles);
  }
  const bool changed = turns_noticeably(offset, clamped_offset);
  local = glm::normalize(multiply(rest, clamped_offset));
  return changed;
}

// ---- Hinges tracked by their angle ------------------------------------------------------

namespace {

// sin_cos's cosine alone (inlined, the unused sine is dropped).
inline float cos_of(float x) {
  float sine, cosine;
  sin_cos(x, sine, cosine);
  return cosine;
}

}  // namespace

float hinge_angle(const glm::vec3& axis, const glm::quat& rest, const glm::quat& local, bool& swing) {
  const glm::quat offset = multiply(glm::conjugate(rest), local);
  // The swing clamp_to_limits would drop turns by 2 atan2(|v_perp|, n), n = |(w, along)|:
  // more than kChangeEpsilon exactly when |v_perp|² > tan²(kChangeEpsilon / 2) n².
  const float along = offset.x * axis.x + offset.y * axis.y + offset.z * axis.z;
  const glm::vec3 v_perp = glm::vec3(offset.x, offset.y, offset.z) - along * axis;
  const float tan_half = std::tan(0.5f * kChangeEpsilon);
  swing = glm::dot(v_perp, v_perp) > tan_half * tan_half * (along * along + offset.w * offset.w);
  return twist_angle(offset, axis);
}

bool clamp_hinge_angle_outside(const JointLimits& limits, float& angle) {
  const float clamped = clamp_angle(angle, limits.min.x, limits.max.x);
  // clamp_angle may move an inside angle by whole turns: only the move on the circle counts.
  const bool moved = std::fabs(wrap_angle(clamped - angle)) > kChangeEpsilon;
  angle = clamped;
  return moved;
}

// ---- A quick inside test for ball joints ------------------------------------------------

bool prepare_ball_ranges(const JointLimits& limits, glm::vec3 ranges[3]) {
  if (!limits.enabled || limits.hinge || limits.cone) return false;
  glm::vec3 cos_middle(1.0f), sin_middle(0.0f), cos_half(-2.0f);
  for (int axis = 0; axis < 3; ++axis) {
    const float min = limits.min[axis];
    float max = limits.max[axis];
    if (!std::isfinite(min) || !std::isfinite(max)) {
      cos_half[axis] = 2.0f;  // cos(a - m) >= 2 never holds: always "not sure"
      continue;
    }
    if (!(max >= min)) max = min;  // clamp_angle's reading: the single angle min
    const float width = max - min;
    if (width >= kTwoPi) continue;  // no limit on this axis
    float middle = min + 0.5f * width;
    if (!(middle >= -kPiF && middle <= kPiF)) middle = wrap_angle(middle);
    sin_cos(middle, sin_middle[axis], cos_middle[axis]);
    cos_half[axis] = cos_of(0.5f * width);  // half width in [0, pi)
  }
  ranges[0] = cos_middle;
  ranges[1] = sin_middle;
  ranges[2] = cos_half;
  return true;
}

const glm::vec3* cached_ball_ranges(const JointLimits& limits, BallRangeCache& entry) {
  const JointLimits& old = entry.limits;
  const bool same = entry.prepared && old.enabled == limits.enabled && old.hinge == limits.hinge && old.cone == limits.cone &&
                    std::memcmp(&old.min, &limits.min, sizeof(glm::vec3)) == 0 &&
                    std::memcmp(&old.max, &limits.max, sizeof(glm::vec3)) == 0;
  if (!same) {
    entry.limits = limits;
    entry.ball = prepare_ball_ranges(limits, entry.ranges);
    entry.prepared = true;
  }
  return entry.ball ? entry.ranges : nullptr;
}

bool within_limits(const JointLimits& limits, const glm::quat& rest, const glm::quat& local,
                   float slack) {
  if (!limits.enabled) return true;
  const glm::quat offset = glm::normalize(glm::conjugate(rest) * local);
  if (limits.hinge) {
    const glm::vec3 axis = hinge_axis(limits);
    const float angle = twist_angle(offset, axis);
    const glm::quat twist = glm::angleAxis(angle, axis);
    if (angle_between(twist, offset) > slack) return false;  // a swing off the axis
    return range_distance(angle, limits.min.x, limits.max.x) <= slack;
  }
  if (limits.cone) {
    const SwingTwist angles = swing_twist_angles(limits, offset);
    if (range_distance(angles.twist, limits.twist_min, limits.twist_max) > slack) return false;
    // How far the swing lies outside the rim, along its own direction (the radial reading).
    const float ratio = cone_swing_ratio(limits, angles.swing);
    if (!(ratio > 1.0f)) return true;
    return glm::length(angles.swing) * (1.0f - 1.0f / std::sqrt(ratio)) <= slack;
  }
  const glm::vec3 a = xyz_angles(offset);
  return ball_violation(limits, a) <= slack || ball_violation(limits, other_xyz_angles(a)) <= slack;
}

namespace {

// How far `angle`, inside [min, max] (read on the circle), lies from the nearer end: 0
// outside the range, infinity for a range of a full turn (no end to be at).
float distance_to_range_end(float angle, float min, float max) {
  if (!(max >= min)) max = min;
  const float width = max - min;
  if (width >= kTwoPi) return std::numeric_limits<float>::infinity();
  float d = angle - min;
  d -= kTwoPi * std::floor(d / kTwoPi);
  if (d > width) return 0.0f;
  return std::min(d, width - d);
}

}  // namespace

bool at_limit(const JointLimits& limits, const glm::quat& rest, const glm::quat& local, float margin) {
  if (!limits.enabled) return false;
  const glm::quat offset = glm::normalize(glm::conjugate(rest) * local);
  if (limits.hinge)
    return distance_to_range_end(twist_angle(offset, hinge_axis(limits)), limits.min.x, limits.max.x) <= margin;
  if (limits.cone) {
    const SwingTwist angles = swing_twist_angles(limits, offset);
    if (distance_to_range_end(angles.twist, limits.twist_min, limits.twist_max) <= margin) return true;
    if (!cone_limits_swing(limits)) return false;
    // The rim along the swing's own direction lies at |swing| / sqrt(ratio) (the radial
    // reading the clamp uses).
    const float ratio = cone_swing_ratio(limits, angles.swing), swing = glm::length(angles.swing);
    if (!(ratio > 0.0f)) return false;  // no swing: at the rim only for a cone of no width
    return swing / std::sqrt(ratio) - swing <= margin;
  }
  const glm::vec3 a = xyz_angles_near_limits(limits, offset);
  for (int axis = 0; axis < 3; ++axis)
    if (distance_to_range_end(a[axis], limits.min[axis], limits.max[axis]) <= margin) return true;
  return false;
}

}  // namespace ik
