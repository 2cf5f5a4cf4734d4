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

#include "solvers/skeleton.h"

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

// True if the limits can change a rotation: enabled, and a hinge or at least one axis
// narrower than a full turn.
bool limits_active(const JointLimits& limits);

// Clamps `local` (the joint's local rotation) into `limits` relative to `rest` (the
// joint's rest local rotation). A hinge is first projected onto its axis (the swing is
// dropped, the twist kept), then its angle clamped to [min.x, max.x]. A ball joint's XYZ
// angles are clamped per axis (whichever of the two XYZ readings of the rotation needs
// less clamping). Returns true if the rotation changed by more than 1e-5 rad.
bool clamp_to_limits(const JointLimits& limits, const glm::quat& rest, glm::quat& local);

// True if `local` satisfies `limits` (relative to `rest`) within `slack` radians.
bool within_limits(const JointLimits& limits, const glm::quat& rest, const glm::quat& local,
                   float slack = 1e-4f);

}  // namespace ik
