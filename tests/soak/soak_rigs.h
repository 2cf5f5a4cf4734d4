// The soak's random rigs and poses (soak_cases.cpp draws the cases from them): chains of
// any length with zero-length or wildly scaled bones, straight or branched, under any base
// transform, with no, random, tight or frozen limits; random poses within (or ignoring) the
// limits.
#pragma once

#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "tests/soak/soak_rng.h"

namespace soak {

inline constexpr float kPi = 3.14159265358979f;

enum class LimitStyle {
  none,
  random,           // ranges that contain the rest rotation, hinge or ball
  tight,            // min == max (at rest), or ranges a few milliradians wide
  frozen_off_rest,  // min == max away from rest (the start pose sits there; warm start only)
};

enum class BaseStyle { identity, rigid, non_uniform, mirrored, extreme_scale };

struct RigPlan {
  int chain_joints = 3;       // joints from the chain root to the effector (bones + 1)
  bool root_is_base = false;  // the chain root is joint 0 (no parent)
  bool colinear = false;      // straight along +Y below the root, rest rotations identity
  int zero_bones = 0;         // bones of length zero
  bool wild_lengths = false;  // bone lengths log-uniform in [1e-3, 1e3]
  bool branch = false;        // a side branch off the chain
  LimitStyle limits = LimitStyle::none;
  BaseStyle base = BaseStyle::identity;
};

struct Rig {
  ik::Skeleton skeleton;
  std::vector<int> chain;  // the chain's joints, root first
  int branch_tip = -1;     // last joint of the side branch, -1 without one
};

ik::Transform base_transform(BaseStyle style, Rng& rng);
ik::JointLimits make_limits(LimitStyle style, Rng& rng);
Rig build_rig(const RigPlan& plan, Rng& rng);

// A rotation from XYZ angles (radians).
glm::quat xyz(const glm::vec3& a);
// A random pose of the rig's chain from `from`: within the joints' limits (or, with
// ignore_limits, any turn up to free_angle).
ik::Pose random_pose(const Rig& rig, const ik::Pose& from, Rng& rng, bool ignore_limits = false,
                     float free_angle = 1.2f);
float reach_of(const Rig& rig, const ik::Pose& pose);
glm::quat model_rotation(const ik::Skeleton& skeleton, const ik::Pose& pose, int joint);

}  // namespace soak
