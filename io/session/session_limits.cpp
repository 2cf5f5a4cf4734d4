#include "io/session/session_limits.h"

#include "io/json/json_fields.h"
#include "io/session/session_fields.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace {

// Angles as JointLimits reads them (skeleton.h); solver_common.h's kPi, compared as a float,
// so -pi and pi written by json_float read back inside.
constexpr Bound kAngle = from_to(-kPi, kPi, "from -pi to pi");
constexpr Bound kHalfAngle = from_to(0.0f, kPi, "from 0 to pi");

const std::vector<std::string>& kind_names() {
  static const std::vector<std::string> names = {"none", "hinge", "per_axis", "cone"};
  return names;
}

int kind_of(const JointLimits& l) {
  if (!l.enabled) return 0;
  if (l.hinge) return 1;
  return l.cone ? 3 : 2;
}

using LimitsRow = JsonField<SessionJointLimits, const Skeleton>;

// A vec3 of the limits: an axis (unit, not zero) or angles within `bound`.
LimitsRow vec3_row(const char* key, glm::vec3 JointLimits::*m, const Bound* angles) {
  return LimitsRow::custom(
      key, kRequired,
      [m, angles](const JsonValue& v, SessionJointLimits& out, const Skeleton&) {
        out.limits.*m = angles != nullptr ? v.vec3(*angles) : v.unit_direction();
      },
      [m](const SessionJointLimits& in, const Skeleton&) { return json_vec3(in.limits.*m); });
}

// Every field is written for every kind, so a file round-trips exactly.
const JsonFields<SessionJointLimits, const Skeleton>& limits_fields() {
  static const JsonFields<SessionJointLimits, const Skeleton> fields{
      {
          LimitsRow::custom(
              "joint", kRequired,
              [](const JsonValue& v, SessionJointLimits& out, const Skeleton& skeleton) {
                out.joint = read_joint(v, skeleton);
              },
              [](const SessionJointLimits& in, const Skeleton& skeleton) { return joint_json(skeleton, in.joint); }),
          LimitsRow::custom(
              "kind", kRequired,
              [](const JsonValue& v, SessionJointLimits& out, const Skeleton&) {
                const int kind = v.one_of("kind", kind_names());
                out.limits.enabled = kind != 0;
                out.limits.hinge = kind == 1;
                out.limits.cone = kind == 3;
              },
              [](const SessionJointLimits& in, const Skeleton&) {
                return kind_names()[static_cast<size_t>(kind_of(in.limits))];
              }),
          vec3_row("hinge_axis", &JointLimits::hinge_axis, nullptr),
          vec3_row("min", &JointLimits::min, &kAngle),
          vec3_row("max", &JointLimits::max, &kAngle),
          vec3_row("bone_axis", &JointLimits::bone_axis, nullptr),
          LimitsRow::custom(
              "swing", kRequired,
              [](const JsonValue& v, SessionJointLimits& out, const Skeleton&) {
                out.limits.swing = v.vec2(kHalfAngle);
              },
              [](const SessionJointLimits& in, const Skeleton&) {
                return Json::array({json_float(in.limits.swing.x), json_float(in.limits.swing.y)});
              }),
          LimitsRow::custom(
              "twist", kRequired,
              [](const JsonValue& v, SessionJointLimits& out, const Skeleton&) {
                const glm::vec2 twist = v.vec2(kAngle);
                out.limits.twist_min = twist.x;
                out.limits.twist_max = twist.y;
              },
              [](const SessionJointLimits& in, const Skeleton&) {
                return Json::array({json_float(in.limits.twist_min), json_float(in.limits.twist_max)});
              }),
          // Optional: sessions written before cones had a middle read as centred on the rest.
          LimitsRow::custom(
              "cone_middle", kOptional,
              [](const JsonValue& v, SessionJointLimits& out, const Skeleton&) {
                out.limits.cone_middle = v.quat_xyzw();
              },
              [](const SessionJointLimits& in, const Skeleton&) { return json_quat_xyzw(in.limits.cone_middle); }),
      },
      // Ranges in order.
      [](const JsonValue& object, SessionJointLimits& out, const Skeleton&) {
        const JointLimits& l = out.limits;
        for (int i = 0; i < 3; ++i)
          if (l.min[i] > l.max[i])
            object.fail("min[" + std::to_string(i) + "] is greater than max[" + std::to_string(i) + "]");
        if (l.twist_min > l.twist_max) object.fail("twist[0] is greater than twist[1]");
      }};
  return fields;
}

}  // namespace

Json joint_limits_json(const std::vector<SessionJointLimits>& entries, const Skeleton& skeleton) {
  Json section = Json::array();
  for (const SessionJointLimits& e : entries)
    if (e.joint >= 0 && e.joint < skeleton.joint_count()) section.push_back(write_fields(limits_fields(), e, skeleton));
  return section;
}

std::vector<SessionJointLimits> read_joint_limits(const JsonValue& section, const Skeleton& skeleton) {
  std::vector<SessionJointLimits> entries;
  JsonReader& reader = section.reader();
  std::size_t count = 0;
  if (!warn_instead(reader, "no edited limits are loaded", [&] { count = section.array(); })) return entries;
  for (std::size_t i = 0; i < count; ++i) {
    SessionJointLimits entry;  // joint -1 until its row is read
    const auto skipped = [&] {
      return entry.joint < 0 ? std::string("the entry is skipped")
                             : "the limits of joint '" + skeleton.name[static_cast<size_t>(entry.joint)] +
                                   "' are not loaded";
    };
    if (warn_instead(reader, skipped, [&] { read_fields(section.element(i), limits_fields(), entry, skeleton); }))
      entries.push_back(entry);
  }
  return entries;
}

}  // namespace ik
