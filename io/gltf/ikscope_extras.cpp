// extras.ikscope joint limits (ikscope_extras.h), read in the vocabulary of
// io/json/json_read.h: a problem is "KEY: problem, not VALUE" ("swing_deg: must be from 0 to
// 180, not -10"), which the importer puts into its warning for the node.
#include "io/gltf/ikscope_extras.h"

#include "io/json/json_read.h"

namespace ik {
namespace {

// The schema's bounds, in degrees (ikscope_extras.h): any angle a full turn either way,
// and a cone's half angle at most the whole sphere.
constexpr Bound kDegrees = within(360.0f);
constexpr Bound kHalfAngleDegrees = from_to(0.0f, 180.0f);

float radians(float degrees) { return static_cast<float>(static_cast<double>(degrees) * (3.14159265358979323846 / 180.0)); }

glm::vec3 radians(const glm::vec3& degrees) { return {radians(degrees.x), radians(degrees.y), radians(degrees.z)}; }

// min <= max, else "WHAT min_deg 50 is greater than max_deg 10".
void check_range(const JsonValue& block, float lo, float hi, const std::string& what) {
  if (!(lo <= hi))
    block.fail(what + " min_deg " + number_text(lo) + " is greater than max_deg " + number_text(hi));
}

JointLimits read_hinge(const JsonValue& block) {
  JointLimits l;
  l.enabled = true;
  l.hinge = true;
  l.hinge_axis = block.member("hinge_axis").unit_direction();
  const float lo = block.member("min_deg").number(kDegrees);
  const float hi = block.member("max_deg").number(kDegrees);
  check_range(block, lo, hi, "hinge");
  l.min = glm::vec3(radians(lo), 0.0f, 0.0f);
  l.max = glm::vec3(radians(hi), 0.0f, 0.0f);
  return l;
}

JointLimits read_three_axis(const JsonValue& block) {
  const glm::vec3 lo = block.member("min_deg").vec3(kDegrees);
  const glm::vec3 hi = block.member("max_deg").vec3(kDegrees);
  static const char* const kAxis[3] = {"X", "Y", "Z"};
  for (int k = 0; k < 3; ++k) check_range(block, lo[k], hi[k], std::string(kAxis[k]) + " axis:");
  JointLimits l;
  l.enabled = true;
  l.min = radians(lo);
  l.max = radians(hi);
  return l;
}

// "swing_deg": one half angle (a circular cone) or an array of one or two.
glm::vec2 read_swing(const JsonValue& swing) {
  const Json& value = swing.json();
  if (value.is_number()) return glm::vec2(swing.number(kHalfAngleDegrees));
  if (!value.is_array() || value.empty() || value.size() > 2)
    swing.fail("must be a number or an array of 1 or 2 numbers, not " + describe(value));
  if (value.size() == 1) return glm::vec2(swing.element(0).number(kHalfAngleDegrees));
  return swing.vec2(kHalfAngleDegrees);
}

JointLimits read_cone(const JsonValue& block) {
  JointLimits l;
  l.enabled = true;
  l.cone = true;
  if (const std::optional<JsonValue> swing = block.find("swing_deg")) {
    const glm::vec2 degrees = read_swing(*swing);
    l.swing = glm::vec2(radians(degrees.x), radians(degrees.y));
  }
  if (const std::optional<JsonValue> twist = block.find("twist_deg")) {
    const glm::vec2 degrees = twist->vec2(kDegrees);
    check_range(block, degrees.x, degrees.y, "twist");
    l.twist_min = radians(degrees.x);
    l.twist_max = radians(degrees.y);
  }
  if (const std::optional<JsonValue> axis = block.find("bone_axis")) l.bone_axis = axis->unit_direction();
  if (const std::optional<JsonValue> middle = block.find("cone_middle")) l.cone_middle = middle->quat_xyzw();
  return l;
}

bool is_cone_key(const std::string& key) {
  return key == "swing_deg" || key == "twist_deg" || key == "bone_axis" || key == "cone_middle";
}

// Which of the three kinds the block's keys say; an unknown key or a mix fails.
JointLimits read_block(const JsonValue& block) {
  block.object();
  bool cone_keys = false, angle_keys = false;
  for (auto it = block.json().begin(); it != block.json().end(); ++it) {
    const std::string& key = it.key();
    if (is_cone_key(key)) {
      cone_keys = true;
    } else if (key == "hinge_axis" || key == "min_deg" || key == "max_deg") {
      angle_keys = true;
    } else {
      block.fail("unknown key '" + key +
                 "' (expected hinge_axis, min_deg, max_deg, or swing_deg, twist_deg, bone_axis, cone_middle)");
    }
  }
  if (cone_keys && angle_keys)
    block.fail("a cone (swing_deg, twist_deg, bone_axis, cone_middle) cannot be mixed with hinge or per-axis keys");
  if (cone_keys && !block.json().contains("swing_deg") && !block.json().contains("twist_deg"))
    block.fail("'bone_axis' and 'cone_middle' need 'swing_deg' or 'twist_deg'");
  if (cone_keys) return read_cone(block);
  return block.json().contains("hinge_axis") ? read_hinge(block) : read_three_axis(block);
}

}  // namespace

ExtrasLimits read_ikscope_limits(const nlohmann::json* node_extras, JointLimits& limits, std::string& problem) {
  if (node_extras == nullptr || !node_extras->is_object()) return ExtrasLimits::kNone;
  const auto block = node_extras->find("ikscope");
  if (block == node_extras->end()) return ExtrasLimits::kNone;
  // The importer's document is unordered JSON; the vocabulary reads the ordered kind (a copy
  // of one small block).
  const Json ordered = *block;
  JsonReader reader("extras.ikscope");  // the importer names the node and the block itself
  try {
    limits = read_block(JsonValue(ordered, "", reader));
  } catch (const JsonProblem& malformed) {
    problem = malformed.text;
    return ExtrasLimits::kMalformed;
  }
  return ExtrasLimits::kParsed;
}

}  // namespace ik
