// The camera, the roles and the recorded goal paths in session files (session_fields.h):
// one field table each.
#include "io/session/session_fields.h"

namespace ik {

// ---- Camera: the viewport's orbit, as plain numbers (render/ clamps them as it uses them) ----

const JsonFields<SessionCamera>& camera_fields() {
  using Row = JsonField<SessionCamera>;
  static const JsonFields<SessionCamera> fields{{
      Row::member("target", &SessionCamera::target),
      Row::member("distance", &SessionCamera::distance, above(0.0f)),
      Row::member("yaw", &SessionCamera::yaw),
      Row::member("pitch", &SessionCamera::pitch),
  }};
  return fields;
}

namespace {

// ---- Roles: one entry per joint that has one ----------------------------------------------------

struct RoleEntry {
  int joint = -1;
  JointRole role;
};

// The names of `count` enum values, in order.
template <typename Enum>
std::vector<std::string> names_of(int count, const char* (*name_of)(Enum)) {
  std::vector<std::string> names;
  for (int i = 0; i < count; ++i) names.push_back(name_of(static_cast<Enum>(i)));
  return names;
}

// A row for one of the role's enum members, written when it is not its first value.
template <typename Enum>
JsonField<RoleEntry, const Skeleton> enum_row(const char* key, Need need, Enum JointRole::*member, Enum last,
                                              const char* (*name_of)(Enum)) {
  const int count = static_cast<int>(last) + 1;
  return JsonField<RoleEntry, const Skeleton>::custom(
      key, need,
      [member, count, name_of](const JsonValue& v, RoleEntry& out, const Skeleton&) {
        out.role.*member = static_cast<Enum>(v.one_of("name", names_of(count, name_of)));
      },
      [member, name_of](const RoleEntry& in, const Skeleton&) { return name_of(in.role.*member); },
      [member](const RoleEntry& in, const Skeleton&) { return in.role.*member != Enum{}; });
}

const JsonFields<RoleEntry, const Skeleton>& role_fields() {
  using Row = JsonField<RoleEntry, const Skeleton>;
  static const JsonFields<RoleEntry, const Skeleton> fields{{
      Row::custom(
          "joint", kRequired,
          [](const JsonValue& v, RoleEntry& out, const Skeleton& skeleton) { out.joint = read_joint(v, skeleton); },
          [](const RoleEntry& in, const Skeleton& skeleton) { return joint_json(skeleton, in.joint); }),
      enum_row("role", kRequired, &JointRole::role, Role::twist, role_name),
      enum_row("side", kOptional, &JointRole::side, Side::right, side_name),
      enum_row("finger", kOptional, &JointRole::finger, Finger::little, finger_name),
      // Segments number the joints of a finger, the spine, the neck or a tail: never more
      // than the rig has joints.
      Row::custom(
          "segment", kOptional,
          [](const JsonValue& v, RoleEntry& out, const Skeleton& skeleton) {
            out.role.segment = v.whole_number(from_to(0.0f, static_cast<float>(skeleton.joint_count())));
          },
          [](const RoleEntry& in, const Skeleton&) { return in.role.segment; },
          [](const RoleEntry& in, const Skeleton&) { return in.role.segment != 0; }),
  }};
  return fields;
}

}  // namespace

Json roles_json(const std::vector<JointRole>& roles, const Skeleton& skeleton) {
  Json out = Json::array();
  for (size_t j = 0; j < roles.size(); ++j)
    if (roles[j].role != Role::none)
      out.push_back(write_fields(role_fields(), RoleEntry{static_cast<int>(j), roles[j]}, skeleton));
  return out;
}

std::vector<JointRole> read_roles(const JsonValue& value, const Skeleton& skeleton) {
  std::vector<JointRole> roles(static_cast<size_t>(skeleton.joint_count()));
  for (size_t e = 0, n = value.array(); e < n; ++e) {
    RoleEntry entry;
    read_fields(value.element(e), role_fields(), entry, skeleton);
    entry.role.source = RoleSource::given;
    roles[static_cast<size_t>(entry.joint)] = entry.role;
  }
  const std::string problem = roles_problem(skeleton, roles);
  if (!problem.empty()) value.fail(problem);
  return roles;
}

namespace {

// ---- Goal paths (solvers/anim/goal_path.h): arrays per field, so a long path stays compact ----------

using GoalPathRow = JsonField<SessionGoalPath, const std::size_t>;  // Env: the session's chain count

GoalPathRow sample_column(const char* key, Need need, std::function<Json(const GoalPathSample&)> write_one,
                          std::function<void(const JsonValue&, GoalPathSample&)> read_one, const char* of,
                          bool orientations) {
  return GoalPathRow::custom(
      key, need,
      [read_one, of, orientations](const JsonValue& v, SessionGoalPath& out, const std::size_t&) {
        std::vector<GoalPathSample>& samples = out.path.samples;
        if (orientations && !out.path.has_orientation) return;  // read only with has_orientation
        v.array_of(samples.size(), of);
        for (size_t k = 0; k < samples.size(); ++k) read_one(v.element(k), samples[k]);
      },
      [write_one](const SessionGoalPath& in, const std::size_t&) {
        Json column = Json::array();
        for (const GoalPathSample& sample : in.path.samples) column.push_back(write_one(sample));
        return column;
      },
      [orientations](const SessionGoalPath& in, const std::size_t&) { return !orientations || in.path.has_orientation; });
}

const JsonFields<SessionGoalPath, const std::size_t>& goal_path_fields() {
  using Row = GoalPathRow;
  static const JsonFields<SessionGoalPath, const std::size_t> fields{
      {
          // An index into "chains".
          Row::custom(
              "chain", kRequired,
              [](const JsonValue& v, SessionGoalPath& out, const std::size_t& chain_count) {
                out.chain = v.whole_number();
                if (out.chain < 0 || static_cast<size_t>(out.chain) >= chain_count)
                  v.fail("chain " + std::to_string(out.chain) + " is not in this session (it has " +
                         std::to_string(chain_count) + " chains)");
              },
              [](const SessionGoalPath& in, const std::size_t&) { return in.chain; }),
          Row::custom(
              "name", kRequired, [](const JsonValue& v, SessionGoalPath& out, const std::size_t&) { out.path.name = v.string(); },
              [](const SessionGoalPath& in, const std::size_t&) { return in.path.name; }),
          Row::custom(
              "has_orientation", kOptional,
              [](const JsonValue& v, SessionGoalPath& out, const std::size_t&) { out.path.has_orientation = v.boolean(); },
              [](const SessionGoalPath& in, const std::size_t&) { return in.path.has_orientation; }),
          // Seconds, strictly increasing (check_goal_path), within kMaxGoalPathTime.
          Row::custom(
              "times", kRequired,
              [](const JsonValue& v, SessionGoalPath& out, const std::size_t&) {
                out.path.samples.resize(v.array());
                for (size_t k = 0; k < out.path.samples.size(); ++k)
                  out.path.samples[k].time = v.element(k).number(within(kMaxGoalPathTime));
              },
              [](const SessionGoalPath& in, const std::size_t&) {
                Json times = Json::array();
                for (const GoalPathSample& sample : in.path.samples) times.push_back(json_float(sample.time));
                return times;
              }),
          // Model space, one per time, within kMaxGoalPathCoordinate.
          sample_column(
              "positions", kRequired, [](const GoalPathSample& s) { return json_vec3(s.position); },
              [](const JsonValue& v, GoalPathSample& s) { s.position = v.vec3(within(kMaxGoalPathCoordinate)); },
              "positions (one per time)", false),
          // x, y, z, w, one per time; only with has_orientation.
          sample_column(
              "orientations", kOptional, [](const GoalPathSample& s) { return json_quat_xyzw(s.orientation); },
              [](const JsonValue& v, GoalPathSample& s) { s.orientation = v.quat_xyzw(); },
              "orientations (one per time)", true),
      },
      [](const JsonValue& object, SessionGoalPath& out, const std::size_t&) {
        if (out.path.has_orientation) object.member("orientations");  // "missing 'orientations'"
        const std::string problem = check_goal_path(out.path);
        if (!problem.empty()) object.fail(problem);
      }};
  return fields;
}

}  // namespace

Json goal_paths_json(const std::vector<SessionGoalPath>& paths) {
  Json out = Json::array();
  for (const SessionGoalPath& entry : paths) out.push_back(write_fields(goal_path_fields(), entry, paths.size()));
  return out;
}

std::vector<SessionGoalPath> read_goal_paths(const JsonValue& value, std::size_t chain_count) {
  std::vector<SessionGoalPath> out;
  for (size_t i = 0, n = value.array(); i < n; ++i) {
    const JsonValue item = value.element(i);
    SessionGoalPath entry;
    read_fields(item, goal_path_fields(), entry, chain_count);
    for (const SessionGoalPath& other : out)
      if (other.chain == entry.chain && other.path.name == entry.path.name)
        item.member("name").fail("chain " + std::to_string(entry.chain) + " already has a goal path named '" +
                                 entry.path.name + "'");
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace ik
