// Joint limits carried in a glTF node's `extras`, under the key "ikscope".
//
// Schema (angles in degrees, axes in the joint's own rest frame):
//
//   hinge joint — one axis, one angle range:
//     "extras": { "ikscope": { "hinge_axis": [x, y, z], "min_deg": -120, "max_deg": 10 } }
//
//   three-axis limits — the rotation offset from rest is Rx(a) * Ry(b) * Rz(c) with each
//   angle in its [min, max]:
//     "extras": { "ikscope": { "min_deg": [x, y, z], "max_deg": [x, y, z] } }
//
//   swing-twist cone — the bone may swing inside a cone around its rest direction and
//   twist about itself (JointLimits::cone, solvers/anim/skeleton.h):
//     "extras": { "ikscope": { "swing_deg": 45, "twist_deg": [-30, 60] } }
//     "extras": { "ikscope": { "swing_deg": [20, 70], "twist_deg": [-10, 10], "bone_axis": [0, 1, 0] } }
//   swing_deg is one half angle (a circular cone) or two, about the axes perpendicular to
//   the bone that +X and +Z become when +Y turns onto bone_axis (for the default +Y bone:
//   about X, then about Z), each in [0, 180]; twist_deg is [min, max] about the bone;
//   bone_axis (optional, default [0, 1, 0]) is the bone's direction in the joint's rest
//   frame. Either of swing_deg and twist_deg may be left out: that part is free.
//
// Rules: hinge_axis is 3 finite numbers, not all zero (it is normalised); every angle
// lies in [-360, 360] and min <= max; cone keys are not mixed with the others; no other keys.
// A block that breaks them is one problem in the words of io/json/json_read.h, naming the
// key: "swing_deg: must be from 0 to 180, not -10". Degrees become radians in
// JointLimits (see solvers/anim/skeleton.h); a hinge stores its range in min.x / max.x and
// zeros in y and z. Other keys of `extras` belong to other tools and are ignored.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "solvers/anim/skeleton.h"

namespace ik {

enum class ExtrasLimits {
  kNone,       // no extras.ikscope block: the joint is unlimited
  kParsed,     // `limits` filled in
  kMalformed,  // a block that breaks the schema: `problem` says how; `limits` unchanged
};

// Reads the ikscope block of one node's `extras` (nullptr if the node has none).
ExtrasLimits read_ikscope_limits(const nlohmann::json* node_extras, JointLimits& limits,
                                 std::string& problem);

}  // namespace ik
