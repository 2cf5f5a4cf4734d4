#include "io/gltf/ikscope_extras.h"

#include <cmath>
#include <cstdio>

namespace ik {
namespace {

using nlohmann::json;

constexpr double kMaxDegrees = 360.0;

bool read_degrees(const json& block, const char* key, double& out, std::string& problem) {
  const auto it = block.find(key);
  if (it == block.end()) {
    problem = std::string("'") + key + "' is missing";
    return false;
  }
  if (!it->is_number()) {
    problem = std::string("'") + key + "' must be a number of degrees";
    return false;
  }
  out = it->get<double>();
  if (!(std::fabs(out) <= kMaxDegrees)) {
    problem = std::string("'") + key + "' must lie in [-360, 360] degrees";
    return false;
  }
  return true;
}

bool read_vec3(const json& block, const char* key, double out[3], std::string& problem) {
  const auto it = block.find(key);
  if (it == block.end()) {
    problem = std::string("'") + key + "' is missing";
    return false;
  }
  if (!it->is_array() || it->size() != 3 || !(*it)[0].is_number() || !(*it)[1].is_number() ||
      !(*it)[2].is_number()) {
    problem = std::string("'") + key + "' must be an array of 3 numbers";
    return false;
  }
  for (int k = 0; k < 3; ++k) out[k] = (*it)[static_cast<std::size_t>(k)].get<double>();
  return true;
}

std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

bool check_range(double lo, double hi, const std::string& what, std::string& problem) {
  if (lo <= hi) return true;
  problem = what + " min_deg " + number_text(lo) + " is greater than max_deg " + number_text(hi);
  return false;
}

float radians(double degrees) {
  return static_cast<float>(degrees * (3.14159265358979323846 / 180.0));
}

bool parse_hinge(const json& block, JointLimits& limits, std::string& problem) {
  double axis[3], lo = 0.0, hi = 0.0;
  if (!read_vec3(block, "hinge_axis", axis, problem)) return false;
  const double len = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  if (!(len > 1e-9) || !std::isfinite(len)) {
    problem = "'hinge_axis' must be a non-zero vector";
    return false;
  }
  if (!read_degrees(block, "min_deg", lo, problem) ||
      !read_degrees(block, "max_deg", hi, problem) || !check_range(lo, hi, "hinge", problem))
    return false;
  JointLimits l;
  l.enabled = true;
  l.hinge = true;
  l.hinge_axis = glm::vec3(static_cast<float>(axis[0] / len), static_cast<float>(axis[1] / len),
                           static_cast<float>(axis[2] / len));
  l.min = glm::vec3(radians(lo), 0.0f, 0.0f);
  l.max = glm::vec3(radians(hi), 0.0f, 0.0f);
  limits = l;
  return true;
}

bool parse_three_axis(const json& block, JointLimits& limits, std::string& problem) {
  double lo[3], hi[3];
  if (!read_vec3(block, "min_deg", lo, problem) || !read_vec3(block, "max_deg", hi, problem))
    return false;
  static const char* const kAxis[3] = {"X", "Y", "Z"};
  for (int k = 0; k < 3; ++k) {
    if (!(std::fabs(lo[k]) <= kMaxDegrees) || !(std::fabs(hi[k]) <= kMaxDegrees)) {
      problem = "angles must lie in [-360, 360] degrees";
      return false;
    }
    if (!check_range(lo[k], hi[k], std::string(kAxis[k]) + " axis:", problem)) return false;
  }
  JointLimits l;
  l.enabled = true;
  l.hinge = false;
  l.min = glm::vec3(radians(lo[0]), radians(lo[1]), radians(lo[2]));
  l.max = glm::vec3(radians(hi[0]), radians(hi[1]), radians(hi[2]));
  limits = l;
  return true;
}

// "swing_deg": one number or an array of one or two numbers, each in [0, 180] (a degree
// value past 180 would be a cone wider than the whole sphere; a negative one is no cone).
bool read_swing(const json& block, double out[2], std::string& problem) {
  const json& value = block.at("swing_deg");
  const bool one_number = value.is_number();
  const bool array = value.is_array() && (value.size() == 1 || value.size() == 2) && value[0].is_number() &&
                     (value.size() == 1 || value[1].is_number());
  if (!one_number && !array) {
    problem = "'swing_deg' must be a number of degrees or an array of 1 or 2 numbers";
    return false;
  }
  out[0] = one_number ? value.get<double>() : value[0].get<double>();
  out[1] = one_number || value.size() == 1 ? out[0] : value[1].get<double>();
  for (int k = 0; k < 2; ++k) {
    if (!(out[k] >= 0.0 && out[k] <= 180.0)) {
      problem = "'swing_deg' " + number_text(out[k]) + " must lie in [0, 180] degrees";
      return false;
    }
  }
  return true;
}

bool parse_cone(const json& block, JointLimits& limits, std::string& problem) {
  JointLimits l;
  l.enabled = true;
  l.cone = true;
  if (block.contains("swing_deg")) {
    double swing[2];
    if (!read_swing(block, swing, problem)) return false;
    l.swing = glm::vec2(radians(swing[0]), radians(swing[1]));
  }
  if (block.contains("twist_deg")) {
    const json& value = block.at("twist_deg");
    if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number()) {
      problem = "'twist_deg' must be an array of 2 numbers [min, max]";
      return false;
    }
    const double lo = value[0].get<double>(), hi = value[1].get<double>();
    if (!(std::fabs(lo) <= kMaxDegrees) || !(std::fabs(hi) <= kMaxDegrees)) {
      problem = "'twist_deg' angles must lie in [-360, 360] degrees";
      return false;
    }
    if (!check_range(lo, hi, "twist", problem)) return false;
    l.twist_min = radians(lo);
    l.twist_max = radians(hi);
  }
  if (block.contains("bone_axis")) {
    double axis[3];
    if (!read_vec3(block, "bone_axis", axis, problem)) return false;
    const double len = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    if (!(len > 1e-9) || !std::isfinite(len)) {
      problem = "'bone_axis' must be a non-zero vector";
      return false;
    }
    l.bone_axis = glm::vec3(static_cast<float>(axis[0] / len), static_cast<float>(axis[1] / len),
                            static_cast<float>(axis[2] / len));
  }
  limits = l;
  return true;
}

bool is_cone_key(const std::string& key) { return key == "swing_deg" || key == "twist_deg" || key == "bone_axis"; }

}  // namespace

ExtrasLimits read_ikscope_limits(const json* node_extras, JointLimits& limits,
                                 std::string& problem) {
  if (node_extras == nullptr || !node_extras->is_object()) return ExtrasLimits::kNone;
  const auto block = node_extras->find("ikscope");
  if (block == node_extras->end()) return ExtrasLimits::kNone;
  if (!block->is_object()) {
    problem = "'ikscope' must be an object";
    return ExtrasLimits::kMalformed;
  }
  bool cone_keys = false, angle_keys = false;
  for (const auto& item : block->items()) {
    const std::string& key = item.key();
    if (is_cone_key(key)) {
      cone_keys = true;
    } else if (key == "hinge_axis" || key == "min_deg" || key == "max_deg") {
      angle_keys = true;
    } else {
      problem = "unknown key '" + key + "' (expected hinge_axis, min_deg, max_deg, or swing_deg, twist_deg, bone_axis)";
      return ExtrasLimits::kMalformed;
    }
  }
  if (cone_keys && angle_keys) {
    problem = "a cone (swing_deg, twist_deg, bone_axis) cannot be mixed with hinge or per-axis keys";
    return ExtrasLimits::kMalformed;
  }
  if (cone_keys && !block->contains("swing_deg") && !block->contains("twist_deg")) {
    problem = "'bone_axis' needs 'swing_deg' or 'twist_deg'";
    return ExtrasLimits::kMalformed;
  }
  const bool ok = cone_keys                       ? parse_cone(*block, limits, problem)
                  : block->contains("hinge_axis") ? parse_hinge(*block, limits, problem)
                                                  : parse_three_axis(*block, limits, problem);
  return ok ? ExtrasLimits::kParsed : ExtrasLimits::kMalformed;
}

}  // namespace ik
