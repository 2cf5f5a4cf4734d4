#include "io/json/json_output.h"

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

using Json = nlohmann::ordered_json;  // the name io/json/json_read.h gives it

namespace {

std::string dump_scalar(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool is_flat_array(const Json& value) {
  if (!value.is_array()) return false;
  for (const Json& element : value)
    if (element.is_structured()) return false;
  return true;
}

void append_readable(const Json& value, int depth, std::string& out) {
  const std::string indent(static_cast<size_t>(2 * (depth + 1)), ' ');
  const std::string closing_indent(static_cast<size_t>(2 * depth), ' ');
  if (is_flat_array(value)) {
    out += '[';
    for (size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + dump_scalar(value[i]);
    out += ']';
  } else if (value.is_array()) {
    out += "[\n";
    for (size_t i = 0; i < value.size(); ++i) {
      out += indent;
      append_readable(value[i], depth + 1, out);
      out += i + 1 < value.size() ? ",\n" : "\n";
    }
    out += closing_indent + "]";
  } else if (value.is_object() && !value.empty()) {
    out += "{\n";
    size_t i = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++i) {
      out += indent + dump_scalar(Json(it.key())) + ": ";
      append_readable(it.value(), depth + 1, out);
      out += i + 1 < value.size() ? ",\n" : "\n";
    }
    out += closing_indent + "}";
  } else {
    out += dump_scalar(value);  // scalars and {}
  }
}

}  // namespace

std::string dump_readable(const nlohmann::ordered_json& json) {
  std::string out;
  append_readable(json, 0, out);
  return out;
}

}  // namespace ik
