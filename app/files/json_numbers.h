// Floats written to JSON so they read well and read back bit for bit.
//
// nlohmann/json stores numbers as double and prints the shortest decimal that gives the
// same double back. A float widened to double prints as 0.10000000149011612; the double
// nearest to the float's own shortest decimal ("0.1") prints as 0.1 and still narrows back
// to the very same float. So every float goes through json_float() on its way out.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

namespace ik {

// The double with the fewest significant digits that narrows back to exactly `value`
// (non-finite values are passed through; the callers reject them beforehand).
double json_float(float value);

// [x, y, z] through json_float.
nlohmann::ordered_json json_vec3(const glm::vec3& v);

// [x, y, z, w] (glTF's order) through json_float.
nlohmann::ordered_json json_quat_xyzw(const glm::quat& q);

}  // namespace ik
