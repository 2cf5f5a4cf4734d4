#include "io/session/session_limits.h"

#include <cmath>
#include <sstream>

namespace ik {
namespace {

using Json = nlohmann::ordered_json;

constexpr float kPi = 3.14159265f;
constexpr float kAngleSlack = 1e-4f;  // radians: -pi and pi written as floats read back

struct EntryProblem {
  std::string text;
};

[[noreturn]] void bad(const std::string& text) { throw EntryProblem{text}; }

const char* kind_name(const JointLimits& l) {
  if (!l.enabled) return "none";
  if (l.hinge) return "hinge";
  return l.cone ? "cone" : "per_axis";
}

Json vec_json(const float* v, int n) {
  Json a = Json::array();
  for (int i = 0; i < n; ++i) a.push_back(v[i]);
  return a;
}

std::string number_text(float x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

glm::vec3 read_numbers(const Json& entry, const char* key, int n) {
  const auto it = entry.find(key);
  if (it == entry.end()) bad(std::string("'") + key + "' is missing");
  if (!it->is_array() || static_cast<int>(it->size()) != n)
    bad(std::string("'") + key + "' must be an array of " + std::to_string(n) + " numbers");
  glm::vec3 v(0.0f);
  for (int i = 0; i < n; ++i) {
    const Json& x = (*it)[static_cast<size_t>(i)];
    if (!x.is_number()) bad(std::string("'") + key + "'[" + std::to_string(i) + "] is not a number");
    v[i] = x.get<float>();
    if (!std::isfinite(v[i])) bad(std::string("'") + key + "'[" + std::to_string(i) + "] is not finite");
  }
  return v;
}

glm::vec3 read_axis(const Json& entry, const char* key) {
  const glm::vec3 axis = read_numbers(entry, key, 3);
  const float length = glm::length(axis);
  if (!(length > 1e-6f)) bad(std::string("'") + key + "' is a zero vector");
  return axis / length;
}

void check_angle(float a, const std::string& what, float lo, float hi, const char* range) {
  if (a < lo - kAngleSlack || a > hi + kAngleSlack) bad(what + " " + number_text(a) + " rad is outside " + range);
}

JointLimits read_limits(const Json& entry) {
  JointLimits l;
  const auto kind_it = entry.find("kind");
  if (kind_it == entry.end() || !kind_it->is_string()) bad("'kind' is missing (none, hinge, per_axis or cone)");
  const std::string kind = kind_it->get<std::string>();
  if (kind != "none" && kind != "hinge" && kind != "per_axis" && kind != "cone")
    bad("unknown kind '" + kind + "' (none, hinge, per_axis or cone)");
  l.enabled = kind != "none";
  l.hinge = kind == "hinge";
  l.cone = kind == "cone";
  l.hinge_axis = read_axis(entry, "hinge_axis");
  l.min = read_numbers(entry, "min", 3);
  l.max = read_numbers(entry, "max", 3);
  l.bone_axis = read_axis(entry, "bone_axis");
  const glm::vec3 swing = read_numbers(entry, "swing", 2);
  l.swing = glm::vec2(swing.x, swing.y);
  const glm::vec3 twist = read_numbers(entry, "twist", 2);
  l.twist_min = twist.x;
  l.twist_max = twist.y;
  for (int i = 0; i < 3; ++i) {
    check_angle(l.min[i], "min[" + std::to_string(i) + "]", -kPi, kPi, "-pi..pi");
    check_angle(l.max[i], "max[" + std::to_string(i) + "]", -kPi, kPi, "-pi..pi");
    if (l.min[i] > l.max[i]) bad("min[" + std::to_string(i) + "] is greater than max[" + std::to_string(i) + "]");
  }
  for (int i = 0; i < 2; ++i) check_angle(l.swing[i], "swing[" + std::to_string(i) + "]", 0.0f, kPi, "0..pi");
  check_angle(l.twist_min, "twist[0]", -kPi, kPi, "-pi..pi");
  check_angle(l.twist_max, "twist[1]", -kPi, kPi, "-pi..pi");
  if (l.twist_min > l.twist_max) bad("twist[0] is greater than twist[1]");
  return l;
}

// The joint an entry names: its index when the rig has that name there, else the name
// anywhere (with a warning); -1 with `label` set to what the entry says when neither.
int find_joint(const Json& entry, const Skeleton& skeleton, std::string& label, std::string& moved) {
  const auto it = entry.find("joint");
  if (it == entry.end() || !it->is_object()) {
    label = "?";
    bad("'joint' is missing");
  }
  const auto name_it = it->find("name");
  const auto index_it = it->find("index");
  const std::string name = name_it != it->end() && name_it->is_string() ? name_it->get<std::string>() : "";
  const int index = index_it != it->end() && index_it->is_number_integer() ? index_it->get<int>() : -1;
  label = name.empty() ? "#" + std::to_string(index) : "'" + name + "'";
  if (index >= 0 && index < skeleton.joint_count() &&
      (name.empty() || skeleton.name[static_cast<size_t>(index)] == name))
    return index;
  for (int j = 0; j < skeleton.joint_count(); ++j)
    if (!name.empty() && skeleton.name[static_cast<size_t>(j)] == name) {
      moved = "found by name as joint " + std::to_string(j);
      return j;
    }
  bad("this rig has no such joint");
}

}  // namespace

Json joint_limits_json(const std::vector<SessionJointLimits>& entries, const Skeleton& skeleton) {
  Json section = Json::array();
  for (const SessionJointLimits& e : entries) {
    if (e.joint < 0 || e.joint >= skeleton.joint_count()) continue;
    const JointLimits& l = e.limits;
    const float twist[2] = {l.twist_min, l.twist_max};
    section.push_back({{"joint", {{"index", e.joint}, {"name", skeleton.name[static_cast<size_t>(e.joint)]}}},
                       {"kind", kind_name(l)},
                       {"hinge_axis", vec_json(&l.hinge_axis.x, 3)},
                       {"min", vec_json(&l.min.x, 3)},
                       {"max", vec_json(&l.max.x, 3)},
                       {"bone_axis", vec_json(&l.bone_axis.x, 3)},
                       {"swing", vec_json(&l.swing.x, 2)},
                       {"twist", vec_json(twist, 2)}});
  }
  return section;
}

std::vector<SessionJointLimits> read_joint_limits(const Json& section, const Skeleton& skeleton,
                                                  std::vector<std::string>& warnings) {
  std::vector<SessionJointLimits> entries;
  if (!section.is_array()) {
    warnings.push_back("joint_limits: must be an array; no edited limits loaded");
    return entries;
  }
  for (size_t i = 0; i < section.size(); ++i) {
    const std::string where = "joint_limits[" + std::to_string(i) + "]";
    std::string label = "?", moved;
    try {
      if (!section[i].is_object()) bad("must be an object");
      SessionJointLimits e;
      e.joint = find_joint(section[i], skeleton, label, moved);
      e.limits = read_limits(section[i]);
      if (!moved.empty()) warnings.push_back(where + " (joint " + label + "): " + moved);
      entries.push_back(e);
    } catch (const EntryProblem& problem) {
      warnings.push_back(where + " (joint " + label + "): " + problem.text + "; its limits are not loaded");
    }
  }
  return entries;
}

}  // namespace ik
