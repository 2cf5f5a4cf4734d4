// Which joints of a rig can be planted on the ground (solvers/anim/contacts.h), and the
// leg length each one's thresholds scale with.
//
//   By roles  every foot and toe (solvers/rig/rig_roles.h), and for an arm whose hand rests
//             near the ground (a quadruped's front leg: the roles give front legs the arm
//             roles) the joints the shape would take on it.
//   By shape  when the roles name no foot (a rig named "node 20", a fox whose legs the
//             roles did not find): the joints near the ground at rest -- within 10 % of
//             the rest pose's height above its lowest joint -- whose parent is not (the
//             ankles and paws, one per leg), then each one's first low child (a toe).
// A leg's length is the sum of its bones from the joint up to the branch point it hangs
// from (the hips, a quadruped's shoulders) or from its thigh (or upper arm) by role: shin
// and thigh for an ankle, and the foot too for a toe. Rest pose, model space, +Y up.
#pragma once

#include <vector>

#include "solvers/anim/contacts.h"
#include "solvers/anim/skeleton.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// The contact joints in depth-first order (each foot before its toe).
std::vector<ContactJoint> find_contact_joints(const Skeleton& skeleton, const std::vector<JointRole>& roles);

// The length of the leg `joint` ends (see above; with roles, one per joint or none, the leg
// begins at the thigh or upper arm, and twist helpers beside it are no branch); 0 for a root.
// `leg_root`, if given, gets the leg's first joint.
float leg_length(const Skeleton& skeleton, const std::vector<glm::mat4>& rest_world,
                 const std::vector<JointRole>& roles, int joint, int* leg_root = nullptr);

}  // namespace ik
