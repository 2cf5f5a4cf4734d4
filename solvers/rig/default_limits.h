// Default joint limits from rig roles: anatomical limits for a rig whose file gave none (a Mixamo character, the
// Khronos samples), so that a knee never bends backwards and a shoulder does not spin round.
//
// What each role gets: a person's normal range of motion (anatomical_limits.h: the AAOS
// values, cited there), measured from the anatomical neutral, not from the rest pose:
//   upper arm (shoulder), thigh (hip)   a cone around a middle off the rest: the neutral is
//                                        the arm hanging at the side, the leg straight down,
//                                        so a T-pose's and an A-pose's arms get the same range
//   hand (wrist), foot (ankle), clavicle a cone around a middle near the rest (the rest is
//                                        the neutral: hand in line with the forearm, foot flat);
//                                        a foot's cone is about its sole's long axis (its bone
//                                        laid flat), whatever way its bone points to the toe
//   spine, chest                         the thoracolumbar range shared among them
//   neck, head                           the cervical range shared among them
//   shin (knee)                          hinge that swings the shin backward, 135° from straight
//   forearm (elbow)                      hinge that swings the forearm forward, 150° from straight
//   everything else (hips, eyes, jaw, fingers, toes, tail, twist bones, none): free.
// Each cone lies in the joint's own rest frame whatever its axes (anatomical_cone_limits),
// so every naming convention the roles know and every rest pose get the same anatomy.
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
