// The KDL chain of an arm read from its glTF rig (arm_model.h): the same numbers, so
// KDL's forward kinematics and armbench::flange_pose agree to rounding
// (test_arm_kdl_fk.cpp checks 1e-9).
//
// Chain layout. KDL's Segment is "joint, then a fixed frame to the segment's tip", and
// a rig joint is "fixed rest transform, then the hinge turn": so the first segment is
// fixed (base, then hinge 1's rest transform), segment i turns hinge i about its axis in
// its own rest frame and ends at hinge i+1's rest frame (the flange's, for the last).
// KDL joint angles are then the rig's θ, relative to rest, and its limits the file's.
#pragma once

#include <kdl/chain.hpp>
#include <kdl/jntarray.hpp>

#include "bench/kdl/arm_model.h"

namespace armbench {

struct KdlArm {
  KDL::Chain chain;  // every KDL solver keeps a reference to it: keep the KdlArm alive
  KDL::JntArray q_min, q_max;  // radians, relative to rest (the file's limits)
};

KDL::Frame to_kdl(const Pose3& pose);
Pose3 from_kdl(const KDL::Frame& frame);

// Builds `out` from `arm` (out is filled in place because KDL::Chain must not move
// once solvers refer to it).
void make_kdl_arm(const ArmModel& arm, KdlArm& out);

}  // namespace armbench
