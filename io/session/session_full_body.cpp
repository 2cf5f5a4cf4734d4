#include "io/session/session_full_body.h"

#include "io/json/json_output.h"

namespace ik {
namespace {

// ---- One value of each kind a setting can be ---------------------------------------------

Json setting_json(float value) { return json_float(value); }
Json setting_json(bool value) { return value; }
Json setting_json(const RoleStiffness& stiffness) {
  Json out = Json::object();
  for (int r = 0; r < kRoleSlots; ++r)
    out[role_name(static_cast<Role>(r))] = json_float(stiffness[static_cast<std::size_t>(r)]);
  return out;
}

// Each reads within the setting's range, or warns and keeps `value` (the default).
void read_setting(const JsonValue& v, float& value, SettingRange range) {
  warn_instead(v.reader(), "the default " + number_text(value) + " is kept",
               [&] { value = v.number(from_to(range.min, range.max)); });
}

void read_setting(const JsonValue& v, bool& value) {
  warn_instead(v.reader(), std::string("the default ") + (value ? "true" : "false") + " is kept",
               [&] { value = v.boolean(); });
}

// Each role by its name; roles not listed keep their defaults.
void read_setting(const JsonValue& v, RoleStiffness& stiffness, SettingRange range) {
  if (!warn_instead(v.reader(), "the defaults are kept", [&] { v.object(); })) return;
  for (auto it = v.json().begin(); it != v.json().end(); ++it) {
    const JsonValue entry = *v.find(it.key().c_str());
    int role = -1;
    for (int r = 0; r < kRoleSlots && role < 0; ++r)
      if (it.key() == role_name(static_cast<Role>(r))) role = r;
    if (role < 0)
      entry.warn("unknown role, ignored");
    else
      read_setting(entry, stiffness[static_cast<std::size_t>(role)], range);
  }
}

}  // namespace

Json full_body_settings_json(const FullBodySettings& settings) {
  Json section = Json::object();
  for_each_full_body_setting(
      [&](const char* key, auto member, auto...) { section[key] = setting_json(settings.*member); });
  return section;
}

FullBodySettings read_full_body_settings(const JsonValue& section) {
  FullBodySettings settings;
  if (!warn_instead(section.reader(), "the full-body settings are the defaults", [&] { section.object(); }))
    return settings;
  std::vector<const char*> known;
  for_each_full_body_setting([&](const char* key, auto...) { known.push_back(key); });
  section.note_unknown_keys(known);
  for_each_full_body_setting([&](const char* key, auto member, auto... range) {
    if (const std::optional<JsonValue> value = section.find(key)) read_setting(*value, settings.*member, range...);
  });
  return settings;
}

}  // namespace ik
