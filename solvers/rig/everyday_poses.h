// Everyday poses from rig roles: hand to the mouth, on the belly, on the opposite shoulder,
// reaching up; foot forward, knee raise, on a step... as position goals for the arm and leg
// chains (upper arm -> hand, thigh -> foot, as chains_from_roles makes them), for checking
// that every solver with limits reaches what a person reaches.
//
// Each pose starts from a landmark placed relative to the body, never in one rig's
// coordinates: the body's frame (forward, left, up: character_directions) and its measures
// from the roles (the shoulders, hips, chest, head; the shoulder span, each limb's length).
// The goal is then the nearest point to that landmark the limb can reach INSIDE its limits:
// limb poses are sampled inside each joint's range (a cone's swing and twist, a hinge's
// angle, a ball's per-axis ranges, each shrunk by 2 % so no goal sits on a limit; joints
// without limits stay at rest) and refined by shrinking random steps, and the goal is the
// effector's position in the best pose. So every goal is one a person (with these limits) can
// reach, by construction, and `landmark_distance` says how far from its name it fell.
// Deterministic: a fixed seed per pose.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/anim/skeleton.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

enum class Limb : std::uint8_t { arm, leg };

struct EverydayPose {
  std::string name;  // "hand to mouth", "foot on a step"
  Limb limb = Limb::arm;
  Side side = Side::left;
  int root = -1;                   // the limb chain: upper arm or thigh
  int effector = -1;               // hand or foot
  glm::vec3 landmark{0.0f};        // model space: where the name puts the hand or foot
  glm::vec3 goal{0.0f};            // model space: the reachable point nearest the landmark
  float landmark_distance = 0.0f;  // |goal - landmark|
  float limb_length = 0.0f;        // the chain's length at rest (model space)
  std::vector<glm::quat> local;    // the sampled pose: local rotations of root .. effector's parent
};

// The body's frame and measures, from the roles and the rest pose (model space).
struct BodyMeasures {
  glm::vec3 forward{0, 0, 1}, left{1, 0, 0}, up{0, 1, 0};
  glm::vec3 hips{0.0f}, chest{0.0f}, head{0.0f};
  glm::vec3 shoulder[2]{};     // the upper arm joints, [0] left, [1] right
  glm::vec3 hip[2]{};          // the thigh joints
  float shoulder_span = 0.0f;  // |shoulder[0] - shoulder[1]|
  float arm_length[2]{}, leg_length[2]{};
  int upper_arm[2]{-1, -1}, hand[2]{-1, -1}, thigh[2]{-1, -1}, foot[2]{-1, -1};
};

// False when the roles lack a hips, a head (or neck, chest), or both arms and both legs.
bool body_measures(const Skeleton& skeleton, const std::vector<JointRole>& roles, BodyMeasures& out);

// The suite for both sides (arm poses then leg poses, left then right), under the limits in
// skeleton.limits (default_limits_from_roles for the program's defaults). Empty when
// body_measures fails.
std::vector<EverydayPose> everyday_poses(const Skeleton& skeleton, const std::vector<JointRole>& roles);

}  // namespace ik
