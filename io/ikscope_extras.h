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
// Rules: hinge_axis is 3 finite numbers, not all zero (it is normalised); every angle
// lies in [-360, 360] and min <= max; no other keys. Degrees become radians in
// JointLimits (see solvers/skeleton.h); a hinge stores its range in min.x / max.x and
// zeros in y and z. Other keys of `extras` belong to other tools and are ignored.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "solvers/skeleton.h"

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
