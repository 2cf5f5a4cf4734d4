// Default joint limits from rig roles: plausible anatomical limits for a rig whose file
// gave none (a Mixamo character, the Khronos samples), so that a knee never bends
// backwards and a shoulder does not spin round.
//
// What each role gets (angles relative to the rest pose; a joint's "bone" is the mean
// direction to its children in its own rest frame, the cone's bone_axis):
//   thigh (hip)         elliptical cone: 120° forward/back, 50° to the side; twist ±40°
//   upper arm (shoulder) cone 100°; twist ±80°
//   shin (knee)         hinge that swings the shin backward, 150° from straight
//   forearm (elbow)     hinge that swings the forearm forward, 150° from straight
//   hand (wrist)        cone 60°; twist ±30°
//   foot (ankle)        cone 40°; twist ±15°
//   spine, chest        cone 20°; twist ±20°
//   neck                cone 30°; twist ±40°
//   clavicle            cone 20°; twist ±10°
//   everything else (hips, head, eyes, jaw, fingers, toes, tail, twist bones, none): free.
//
// Directions come from the rest pose, not from fixed axes: the character's left is the
// left thigh minus the right thigh (else the upper arms, else +X), up is the hips toward
// the head (else the chest, neck or spine, else +Y), forward is left × up (+Z for a glTF
// character facing +Z). A hinge's axis is chosen so that a positive angle swings its bone
// toward the wanted side (the knee: backward; the elbow: forward), taken perpendicular to
// the bone; where the bone points almost along that side (an arm reaching forward at rest)
// the axis is the rest bend's own (upper bone × lower bone). The hinge's range starts at a
// bend of 3° from straight, not 0: a straight hinge held at its limit is a stationary point
// for a gradient solver (DLS stalls there with the leg straight), so a T-pose's straight
// knee is bent 3° by the first clamp; a rest already bent more lies inside the range.
#pragma once

#include <vector>

#include "solvers/anim/skeleton.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// True if any joint of `skeleton` has enabled limits.
bool has_any_limits(const Skeleton& skeleton);

// One JointLimits per joint of `skeleton` from `roles` (one per joint; a shorter vector
// leaves the joints past it free) as described above.
std::vector<JointLimits> default_limits_from_roles(const Skeleton& skeleton, const std::vector<JointRole>& roles);

// Joint j's bone in its own rest frame: the mean direction to its children (unit; +Y for a
// joint without children). What the defaults use as a cone's bone_axis.
glm::vec3 rest_bone_direction(const Skeleton& skeleton, int j);

// The character's forward and left directions in model space from its roles and rest pose
// (both unit; forward = left × up).
void character_directions(const Skeleton& skeleton, const std::vector<JointRole>& roles, glm::vec3& forward,
                          glm::vec3& left);

}  // namespace ik
