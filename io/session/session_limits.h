// The session file's "joint_limits" section: the limits of the joints the user edited in
// the joint panel (limits from the file or from the role defaults are not saved: the rig
// gives them again). A section of its own so a bad entry never costs the rest of the
// session.
//
//   "joint_limits": [
//     {"joint": {"index": 66, "name": "mixamorig:LeftLeg"},
//      "kind": "hinge",                     none | hinge | per_axis | cone
//      "hinge_axis": [1, 0, 0],             unit, the joint's local frame
//      "min": [-2.6, 0, 0], "max": [0, 0, 0],   radians, -pi..pi, min <= max (hinge: x only)
//      "bone_axis": [0, 1, 0],              unit (cone)
//      "swing": [0.8, 0.8],                 cone half angles, radians, 0..pi
//      "twist": [-0.5, 0.5]}                radians about the bone, -pi..pi, min <= max
//   ]
//
// Every field is written for every kind, so a file round-trips exactly. Reading
// (io/json/json_read.h): an entry with a problem (a joint the rig lacks, a missing or
// non-finite value, an angle out of range, min > max, a zero axis) is skipped with one
// warning naming the key and the joint ("joint_limits[2].swing[0]: must be from 0 to pi, not
// -0.2; the limits of joint 'mixamorig:LeftLeg' are not loaded"); the other entries load. A
// joint found by name at another index is taken, with a warning. The program puts the
// session file's name in front of the warnings it shows.
#pragma once

#include <string>
#include <vector>

#include "io/json/json_read.h"
#include "solvers/anim/skeleton.h"

namespace ik {

struct SessionJointLimits {
  int joint = -1;  // index into the rig's skeleton
  JointLimits limits;
};

Json joint_limits_json(const std::vector<SessionJointLimits>& entries, const Skeleton& skeleton);

// Never fails: problems become warnings (to `section`'s reader) and the entry is skipped.
std::vector<SessionJointLimits> read_joint_limits(const JsonValue& section, const Skeleton& skeleton);

}  // namespace ik
