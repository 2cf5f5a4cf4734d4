#include "io/session/session_full_body.h"

#include <cmath>
#include <sstream>

#include "io/json/json_output.h"

namespace ik {
namespace {

using Json = nlohmann::ordered_json;

std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

// "a string", "the number -1", ... for messages.
std::string describe(const Json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number()) return "the number " + v.dump();
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array of " + std::to_string(v.size());
  return "an object";
}

// ---- One value of each kind a setting can be ---------------------------------------------

Json setting_json(float value) { return json_float(value); }
Json setting_json(bool value) { return value; }
Json setting_json(const RoleStiffness& stiffness) {
  Json out = Json::object();
  for (int r = 0; r < kRoleSlots; ++r)
    out[role_name(static_cast<Role>(r))] = json_float(stiffness[static_cast<std::size_t>(r)]);
  return out;
}

void read_setting(const Json& v, const std::string& where, float& value, std::vector<std::string>& warnings,
                  SettingRange range) {
  const double x = v.is_number() ? v.get<double>() : std::nan("");
  if (x >= range.min && x <= range.max) {
    value = static_cast<float>(x);
    return;
  }
  warnings.push_back(where + ": must be a number from " + number_text(range.min) + " to " + number_text(range.max) +
                     ", not " + describe(v) + "; the default " + number_text(value) + " is kept");
}

void read_setting(const Json& v, const std::string& where, bool& value, std::vector<std::string>& warnings) {
  if (v.is_boolean()) {
    value = v.get<bool>();
    return;
  }
  warnings.push_back(where + ": must be true or false, not " + describe(v) + "; the default " +
                     (value ? "true" : "false") + " is kept");
}

// Each role by its name; roles not listed keep their defaults.
void read_setting(const Json& v, const std::string& where, RoleStiffness& stiffness, std::vector<std::string>& warnings,
                  SettingRange range) {
  if (!v.is_object()) {
    warnings.push_back(where + ": must be an object of stiffness per role name, not " + describe(v) +
                       "; the defaults are kept");
    return;
  }
  for (auto it = v.begin(); it != v.end(); ++it) {
    int role = -1;
    for (int r = 0; r < kRoleSlots && role < 0; ++r)
      if (it.key() == role_name(static_cast<Role>(r))) role = r;
    if (role < 0) {
      warnings.push_back(where + "." + it.key() + ": unknown role, ignored");
      continue;
    }
    read_setting(it.value(), where + "." + it.key(), stiffness[static_cast<std::size_t>(role)], warnings, range);
  }
}

}  // namespace

Json full_body_settings_json(const FullBodySettings& settings) {
  Json section = Json::object();
  for_each_full_body_setting(
      [&](const char* key, auto member, auto...) { section[key] = setting_json(settings.*member); });
  return section;
}

FullBodySettings read_full_body_settings(const Json& section, std::vector<std::string>& warnings) {
  FullBodySettings settings;
  if (!section.is_object()) {
    warnings.push_back("full_body: must be an object, not " + describe(section) +
                       "; the full-body settings are the defaults");
    return settings;
  }
  for (auto it = section.begin(); it != section.end(); ++it) {
    bool known = false;
    for_each_full_body_setting([&](const char* key, auto...) { known = known || it.key() == key; });
    if (!known) warnings.push_back("full_body." + it.key() + ": unknown, ignored");
  }
  for_each_full_body_setting([&](const char* key, auto member, auto... range) {
    const auto it = section.find(key);
    if (it != section.end()) read_setting(*it, std::string("full_body.") + key, settings.*member, warnings, range...);
  });
  return settings;
}

}  // namespace ik
