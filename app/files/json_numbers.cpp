#include "app/files/json_numbers.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ik {

double json_float(float value) {
  if (!std::isfinite(value)) return static_cast<double>(value);
  // 9 significant digits always identify a float; fewer often do. The check is on
  // float(strtod(text)), the path a reader takes, so double rounding cannot bite.
  char text[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
    const double candidate = std::strtod(text, nullptr);
    if (static_cast<float>(candidate) == value) return candidate;
  }
  return static_cast<double>(value);
}

nlohmann::ordered_json json_vec3(const glm::vec3& v) {
  return nlohmann::ordered_json::array({json_float(v.x), json_float(v.y), json_float(v.z)});
}

nlohmann::ordered_json json_quat_xyzw(const glm::quat& q) {
  return nlohmann::ordered_json::array(
      {json_float(q.x), json_float(q.y), json_float(q.z), json_float(q.w)});
}

}  // namespace ik
