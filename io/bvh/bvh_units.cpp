// The units of a BVH file's numbers (bvh_units.h).
#include "io/bvh/bvh_units.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

#include "io/files/message_text.h"

namespace ik {

namespace {

constexpr float kPersonHeight = 1.7f;  // metres: what the units guess aims at

// A number of metres per unit: finite, above 0, at most a kilometre.
bool parse_scale(const std::string& text, float& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && std::isfinite(out) && out > 0.0f && out <= 1e3f;
}

// The words of --bvh-units and a session's "units", both ways (parse_bvh_units, bvh_units_spec).
constexpr std::pair<const char*, BvhUnits> kUnitWords[] = {{"guess", BvhUnits::guess},    {"m", BvhUnits::metres},
                                                           {"cm", BvhUnits::centimetres}, {"mm", BvhUnits::millimetres},
                                                           {"in", BvhUnits::inches},      {"cmu", BvhUnits::cmu}};

}  // namespace

BvhUnits guess_bvh_units(float size) {
  BvhUnits best = BvhUnits::metres;
  float best_error = INFINITY;
  for (BvhUnits u : {BvhUnits::metres, BvhUnits::centimetres, BvhUnits::millimetres, BvhUnits::inches, BvhUnits::cmu}) {
    const float error = std::fabs(std::log(size * bvh_metres_per_unit(u) / kPersonHeight));
    if (error < best_error) best = u, best_error = error;
  }
  return best;
}

float bvh_metres_per_unit(BvhUnits units) {
  switch (units) {
    case BvhUnits::metres:
      return 1.0f;
    case BvhUnits::centimetres:
      return 0.01f;
    case BvhUnits::millimetres:
      return 0.001f;
    case BvhUnits::inches:
      return 0.0254f;
    case BvhUnits::cmu:
      return 0.0254f / 0.45f;
    case BvhUnits::guess:
      break;
  }
  return 0.0f;
}

const char* bvh_units_name(BvhUnits units) {
  switch (units) {
    case BvhUnits::metres:
      return "metres";
    case BvhUnits::centimetres:
      return "centimetres";
    case BvhUnits::millimetres:
      return "millimetres";
    case BvhUnits::inches:
      return "inches";
    case BvhUnits::cmu:
      return "CMU units (1/0.45 inch)";
    case BvhUnits::guess:
      break;
  }
  return "guessed";
}

std::string bvh_units_spec(const BvhOptions& options) {
  if (options.metres_per_unit > 0.0f) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(options.metres_per_unit));
    return text;
  }
  for (const auto& [word, units] : kUnitWords)
    if (units == options.units) return word;
  return "guess";
}

bool parse_bvh_units(const std::string& text, BvhOptions& options, std::string& error) {
  for (const auto& [word, units] : kUnitWords)
    if (text == word) {
      options.units = units;
      options.metres_per_unit = 0.0f;
      return true;
    }
  float scale = 0.0f;
  if (parse_scale(text, scale)) {
    options.metres_per_unit = scale;
    return true;
  }
  error = "unknown BVH units '" + one_line(text, 40) +
          "': m, cm, mm, in, cmu, guess, or a number of metres per unit (0.05644)";
  return false;
}

}  // namespace ik
