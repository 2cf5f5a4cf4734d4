// JSON written for people to read: floats that read back bit for bit, and a layout that
// keeps short arrays of numbers on one line.
//
// nlohmann/json stores numbers as double and prints the shortest decimal that gives the
// same double back. A float widened to double prints as 0.10000000149011612; the double
// nearest to the float's own shortest decimal ("0.1") prints as 0.1 and still narrows back
// to the very same float. So every float goes through json_float() on its way out.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace ik {

// The double with the fewest significant digits that narrows back to exactly `value`
// (non-finite values are passed through; the callers reject them beforehand).
double json_float(float value);

// [x, y, z] through json_float.
nlohmann::ordered_json json_vec3(const glm::vec3& v);

// [x, y, z, w] (glTF's order) through json_float.
nlohmann::ordered_json json_quat_xyzw(const glm::quat& q);

// `json` as text, objects indented by two spaces, one member per line, but arrays that
// hold no object or array on a single line: "position": [0.5, 1.2, 0.1]. Invalid UTF-8 in
// strings is replaced, never thrown. No final newline.
std::string dump_readable(const nlohmann::ordered_json& json);

}  // namespace ik
