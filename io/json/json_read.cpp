#include "io/json/json_read.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ik {

// ---- Bounds and words -----------------------------------------------------------------------

std::string Bound::text() const {
  constexpr float kFloatMax = std::numeric_limits<float>::max();
  if (words != nullptr) return words;
  if (min == -kFloatMax && max == kFloatMax) return "a finite number";
  if (min == -max) return "within ±" + number_text(max);
  if (max == kFloatMax) {
    if (!above_min) return "at least " + number_text(min);
    return min == 0.0f ? "positive" : "above " + number_text(min);
  }
  return "from " + number_text(min) + " to " + number_text(max);
}

std::string describe(const Json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number()) return "the number " + value_text(value);
  if (value.is_string()) return "a string";
  if (value.is_array()) return "an array of " + std::to_string(value.size());
  return "an object";
}

std::string number_text(float value) {
  // The fewest significant digits that read back as `value` (9 always do).
  char text[32];
  int digits = 1;
  for (; digits < 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(value));
    if (static_cast<float>(std::strtod(text, nullptr)) == value) break;
  }
  std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(value));
  const std::string scientific = text;
  const std::size_t e = scientific.find('e');
  const int exponent = std::atoi(scientific.c_str() + e + 1);
  // Plain digits where they are short (100, 0.0001, 16777216), else 1e9 and 1e-5: %g's rule
  // with at least the digits needed.
  if (value == 0.0f || (exponent >= -4 && exponent < std::max(digits, 6))) {
    std::snprintf(text, sizeof text, "%.*f", std::max(0, digits - 1 - exponent), static_cast<double>(value));
    return text;
  }
  return scientific.substr(0, e) + "e" + std::to_string(exponent);
}

std::string value_text(const Json& number) {
  const double d = number.get<double>();
  // (nlohmann prints NaN and infinity as null.)
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "infinity" : "-infinity";
  return number.dump();
}

// ---- Members and elements ---------------------------------------------------------------------

std::string JsonValue::child_path(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

JsonValue JsonValue::member(const char* key) const {
  std::optional<JsonValue> found = find(key);
  if (!found) fail(std::string("missing '") + key + "'");
  return *found;
}

std::optional<JsonValue> JsonValue::find(const char* key) const {
  object();
  const auto it = json_->find(key);
  if (it == json_->end()) return std::nullopt;
  return JsonValue(*it, child_path(key), *reader_);
}

JsonValue JsonValue::element(std::size_t i) const {
  return JsonValue((*json_)[i], path_ + "[" + std::to_string(i) + "]", *reader_);
}

// ---- Shapes -------------------------------------------------------------------------------------

void JsonValue::object() const {
  if (!json_->is_object()) fail_not("an object");
}

std::size_t JsonValue::array() const {
  if (!json_->is_array()) fail_not("an array");
  return json_->size();
}

void JsonValue::array_of(std::size_t size, const char* of) const {
  if (!json_->is_array() || json_->size() != size) fail_not("an array of " + std::to_string(size) + " " + of);
}

// ---- Values -------------------------------------------------------------------------------------

float JsonValue::number(const Bound& bound) const {
  if (!json_->is_number()) fail_not("a number");
  const float value = static_cast<float>(json_->get<double>());
  if (!bound.contains(value)) fail("must be " + bound.text() + ", not " + value_text(*json_));
  return value;
}

int JsonValue::whole_number(const Bound& bound) const {
  const std::string what = "a whole number " + bound.text();
  if (!json_->is_number()) fail_not(what);
  const double value = json_->get<double>();
  if (std::floor(value) != value) fail_not(what);
  if (!bound.contains(static_cast<float>(value)) || !kWholeFloats.contains(static_cast<float>(value)))
    fail("must be " + what + ", not " + value_text(*json_));
  return static_cast<int>(value);
}

bool JsonValue::boolean() const {
  if (!json_->is_boolean()) fail_not("true or false");
  return json_->get<bool>();
}

const std::string& JsonValue::string() const {
  if (!json_->is_string()) fail_not("a string");
  return json_->get_ref<const std::string&>();
}

glm::vec2 JsonValue::vec2(const Bound& bound) const {
  array_of(2, "numbers");
  return {element(0).number(bound), element(1).number(bound)};
}

glm::vec3 JsonValue::vec3(const Bound& bound) const {
  array_of(3, "numbers");
  return {element(0).number(bound), element(1).number(bound), element(2).number(bound)};
}

glm::vec3 JsonValue::direction(const Bound& bound) const {
  const glm::vec3 v = vec3(bound);
  if (!(glm::dot(v, v) > 0.0f)) fail("must be a non-zero direction");
  return v;
}

namespace {

// Unit to float precision: the tolerance within which a unit value read back is kept as it
// is instead of being divided by a length of 0.9999999.
constexpr double kUnitTolerance = 1e-6;

}  // namespace

glm::vec3 JsonValue::unit_direction() const {
  const glm::vec3 v = direction();
  // In double: a direction of 1e30 has no float length.
  const glm::dvec3 d(v);
  const double length = glm::length(d);
  if (std::fabs(length - 1.0) <= kUnitTolerance) return v;
  return glm::vec3(d / length);
}

glm::quat JsonValue::quat_xyzw() const {
  array_of(4, "numbers");
  const glm::quat q(element(3).number(), element(0).number(), element(1).number(), element(2).number());
  const glm::dquat d(q.w, q.x, q.y, q.z);
  const double length = glm::length(d);
  if (!(length > 0.0)) fail("must not be a zero quaternion");
  if (std::fabs(length - 1.0) <= kUnitTolerance) return q;
  const glm::dquat unit = d / length;
  return glm::quat(static_cast<float>(unit.w), static_cast<float>(unit.x), static_cast<float>(unit.y),
                   static_cast<float>(unit.z));
}

int JsonValue::one_of(const char* what, const std::vector<std::string>& names) const {
  const std::string& text = string();
  std::string known;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == text) return static_cast<int>(i);
    known += (i ? ", " : "") + names[i];
  }
  fail(std::string("unknown ") + what + " '" + text + "' (known: " + known + ")");
}

// ---- Problems -----------------------------------------------------------------------------------

void JsonValue::fail(const std::string& problem) const {
  throw JsonProblem{path_.empty() ? problem : path_ + ": " + problem};
}

void JsonValue::fail_not(const std::string& what) const { fail("must be " + what + ", not " + describe(*json_)); }

void JsonValue::warn(const std::string& problem) const {
  reader_->warn(path_.empty() ? problem : path_ + ": " + problem);
}

void JsonValue::note_unknown_keys(const std::vector<const char*>& known) const {
  if (!json_->is_object()) return;
  for (auto it = json_->begin(); it != json_->end(); ++it) {
    bool found = false;
    for (const char* key : known) found = found || it.key() == key;
    if (!found) reader_->warn(child_path(it.key().c_str()) + ": unknown, ignored");
  }
}

// ---- Documents ----------------------------------------------------------------------------------

bool parse_json(const std::string& text, const std::string& name, Json& doc, std::string& error) {
  try {
    doc = Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // what() starts with "[json.exception.parse_error.101] "; the rest says where.
    std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    if (bracket != std::string::npos) what = what.substr(bracket + 2);
    error = name + ": invalid JSON: " + what;
    return false;
  }
  return true;
}

}  // namespace ik
