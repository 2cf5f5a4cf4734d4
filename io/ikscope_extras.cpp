#include "io/ikscope_extras.h"

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
  for (const auto& item : block->items()) {
    const std::string& key = item.key();
    if (key != "hinge_axis" && key != "min_deg" && key != "max_deg") {
      problem = "unknown key '" + key + "' (expected hinge_axis, min_deg, max_deg)";
      return ExtrasLimits::kMalformed;
    }
  }
  const bool ok = block->contains("hinge_axis") ? parse_hinge(*block, limits, problem)
                                                : parse_three_axis(*block, limits, problem);
  return ok ? ExtrasLimits::kParsed : ExtrasLimits::kMalformed;
}

}  // namespace ik
