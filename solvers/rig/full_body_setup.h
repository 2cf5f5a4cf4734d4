// Setting up a full-body solve from a rig's roles (rig_roles.h): the per-joint stiffness
// (spine stiffer than shoulders and arms, so the arms do most of the reaching and the spine
// bends a little), the segments' masses for the balance, and the one chain that replaces a humanoid's per-limb chains:
// the hips as root, a hand pulling, the other hand, the head and the hips holding nothing until given a weight, both
// feet pinned.
//
// The stiffness values are a starting point, in the spirit of FinalIK's and Unreal's full
// body IK defaults: 1 for limbs, 2 for clavicles and the head, 3 for the hips' rotation and
// the neck, 4 for spine and chest segments; a joint without a role gets 1.
#pragma once

#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// How much a joint of `role` resists turning (see above).
float role_stiffness(const JointRole& role);

// stiffness[j] = role_stiffness(roles.joints[j]) for every joint (resized to the skeleton;
// 1 where roles has no entry). For FullBodyScratch::stiffness.
void fill_full_body_stiffness(const Skeleton& skeleton, const RigRoles& roles, std::vector<float>& stiffness);

// The share of the body's mass in the segment a joint of `role` carries (the bone from it to
// its children; fingers and toes count with the hand and the foot), after Winter's
// anthropometric table: pelvis 14 %, abdomen 14 % over the spine joints, thorax 22 %, head
// and neck 8 %, upper arm 2.8 %, forearm 1.6 %, hand 0.6 %, thigh 10 %, shin 4.65 %, foot
// 1.45 %. `spine_joints` is how many spine joints the rig has.
float role_mass(const JointRole& role, int spine_joints);

// mass[j] = role_mass(roles[j]) for every joint (FullBodyScratch::segment_mass); left empty
// (every segment then weighs its length) when the roles give no hips. Allocation-free once
// `mass` has held the skeleton's size.
void fill_full_body_masses(const Skeleton& skeleton, const std::vector<JointRole>& roles, std::vector<float>& mass);

// Default weights of the effectors full_body_chain makes: the main hand pulls (weight 1);
// the other hand, the head and the hips are effectors with weight 0, so they hold nothing
// until a caller gives them a weight or pins them, and a dragged hand can bend the spine and
// shift the hips freely (as full-body IK tools leave an effector's position weight at 0
// until it is used). Holding the other hand as well makes a far reach a conflict.
inline constexpr float kFullBodyHandWeight = 1.0f;
inline constexpr float kFullBodyHoldWeight = 0.0f;

// The full-body chain of a rig with roles: root the hips (joint 0 without a hips role); main
// effector the left hand (the right one if there is no left); extra effectors the other
// hand, the head and the hips (weight kFullBodyHoldWeight), the left and right feet
// (pinned), those the rig has. Every goal sits on its effector in `world` (model-space
// transforms of the current pose), so setting it up moves nothing. False without a hand.
bool full_body_chain(const Skeleton& skeleton, const RigRoles& roles, const std::vector<glm::mat4>& world, int solver,
                     Chain& out);

// The joint with `role` on `side`, or -1.
int find_role(const RigRoles& roles, Role role, Side side = Side::centre);

}  // namespace ik
