// Joint references in session files (session_fields.h): {"index": 12, "name": "Hand.L"}.
#include "io/session/session_fields.h"

namespace ik {
namespace {

std::string quoted_name(const std::string& text) { return "'" + text + "'"; }

// The one joint named `name`, or a failure at `value` saying why there is none.
int joint_named(const JsonValue& value, const Skeleton& skeleton, const std::string& name,
                const std::string& index_note) {
  int found = -1, count = 0;
  for (int j = 0; j < skeleton.joint_count(); ++j)
    if (skeleton.name[static_cast<size_t>(j)] == name) {
      found = j;
      ++count;
    }
  if (count == 0) value.fail("the rig has no joint named " + quoted_name(name) + index_note);
  if (count > 1)
    value.fail("the rig has " + std::to_string(count) + " joints named " + quoted_name(name) +
               " and the index does not pick one" + index_note);
  return found;
}

}  // namespace

Json joint_json(const Skeleton& skeleton, int joint) {
  Json ref = {{"index", joint}};
  if (joint >= 0 && joint < skeleton.joint_count()) ref["name"] = skeleton.name[static_cast<size_t>(joint)];
  return ref;
}

std::string joint_label(const Skeleton& skeleton, int joint) {
  return "joint " + std::to_string(joint) + " " + quoted_name(skeleton.name[static_cast<size_t>(joint)]);
}

int read_joint(const JsonValue& value, const Skeleton& skeleton) {
  const std::optional<JsonValue> index_value = value.find("index");
  const std::optional<JsonValue> name_value = value.find("name");
  if (!index_value && !name_value) value.fail("needs an 'index' or a 'name'");
  const int n = skeleton.joint_count();
  const int index = index_value ? index_value->whole_number() : -1;
  const bool in_range = index >= 0 && index < n;
  if (!name_value) {
    if (!in_range)
      value.fail("joint index " + std::to_string(index) + " is out of range (the rig has " + std::to_string(n) +
                 " joints)");
    return index;
  }
  const std::string& name = name_value->string();
  if (in_range && skeleton.name[static_cast<size_t>(index)] == name) return index;

  const std::string index_note = !index_value ? ""
                                 : in_range
                                     ? " (joint " + std::to_string(index) + " is " +
                                           quoted_name(skeleton.name[static_cast<size_t>(index)]) + " in this rig)"
                                     : " (index " + std::to_string(index) + " is out of range)";
  const int found = joint_named(value, skeleton, name, index_note);
  // The rig was edited (a joint added or removed): the name is what the user meant.
  if (index_value) value.warn("found " + quoted_name(name) + " by name as joint " + std::to_string(found) + index_note);
  return found;
}

}  // namespace ik
