#include "io/session/session.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <system_error>

#include "io/files/atomic_file.h"
#include "io/files/file_paths.h"
#include "io/files/message_text.h"
#include "io/json/json_output.h"
#include "io/session/session_full_body.h"
#include "solvers/ik/goal_space.h"
#include "solvers/scene/solver_table.h"

namespace ik {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormat = "ikscope-session";
constexpr int kVersion = 1;

// ---- Writing ----------------------------------------------------------------------------

Json joint_json(const Skeleton& skeleton, int joint) {
  Json ref = {{"index", joint}};
  // An index outside the rig gets no name; the check before writing reports it.
  if (joint >= 0 && joint < skeleton.joint_count())
    ref["name"] = skeleton.name[static_cast<size_t>(joint)];
  return ref;
}

Json goal_json(const Goal& goal) {
  return {{"position", json_vec3(goal.position)},
          {"use_orientation", goal.use_orientation},
          {"orientation", json_quat_xyzw(goal.orientation)},
          {"pole", json_vec3(goal.pole)},
          {"up", json_vec3(goal.up)},
          {"scale", json_float(goal.scale)},
          // Pole target (solvers/ik/pole.h); files without these keys load with the pole off.
          {"use_pole", goal.use_pole},
          {"pole_target", json_vec3(goal.pole_target)},
          {"pole_twist", json_float(goal.pole_twist)}};
}

// Every field of the param table under its stable id.
Json params_json(const Params& params) {
  Json out = Json::object();
  for (int i = 0; i < param_count(); ++i) {
    const ParamInfo& info = param_table()[i];
    switch (info.kind) {
      case ParamKind::real:
        out[info.id] = json_float(get_param(params, info.field));
        break;
      case ParamKind::integer:
        out[info.id] = std::lround(get_param(params, info.field));
        break;
      case ParamKind::boolean:
        out[info.id] = get_param(params, info.field) != 0.0f;
        break;
      case ParamKind::vector3:
        out[info.id] = json_vec3(get_param3(params, info.field));
        break;
    }
  }
  return out;
}

// ---- Goal modes driven by motion (Chain::motion, solvers/ik/goal_space.h): absent = none ----
void write_goal_motion(const Chain& chain, Json& out) {
  if (chain.motion == Chain::Motion::animated) out["goal_motion"] = {{"mode", "animation"}};
  if (chain.motion == Chain::Motion::path) out["goal_motion"] = {{"mode", "path"}, {"path", chain.follow_path}};
}

Json chain_json(const Chain& chain, bool disabled_by_full_body, const Skeleton& skeleton) {
  // An out-of-table solver index is written as "" and reported by the check before writing.
  const bool known_solver = chain.solver >= 0 && chain.solver < solver_count();
  Json out = {{"solver", known_solver ? solver_table()[chain.solver].id : ""},
              {"enabled", chain.enabled},
              {"root", joint_json(skeleton, chain.root)},
              {"effector", joint_json(skeleton, chain.effector)},
              {"goal", goal_json(chain.goal)}};
  Json extras = Json::array();
  for (const EffectorGoal& extra : chain.extra_effectors)
    extras.push_back({{"joint", joint_json(skeleton, extra.joint)},
                      {"weight", json_float(extra.weight)},
                      {"pinned", extra.pinned},  // the full-body solver's hard goals (chain.h)
                      {"goal", goal_json(extra.goal)}});
  out["extra_effectors"] = std::move(extras);
  out["params"] = params_json(chain.params);
  out["ik_weight"] = json_float(chain.ik_weight);  // solvers/scene/ik_blend.h
  // ---- Group, goal space, aim (solvers/ik/goal_space.h) ----
  out["group"] = to_string(chain.group);
  if (chain.follow_joint >= 0) out["follow_joint"] = joint_json(skeleton, chain.follow_joint);
  if (chain.aim) out["aim"] = {{"axis", json_vec3(chain.aim_axis)}};
  if (disabled_by_full_body) out["disabled_by_full_body"] = true;  // app/editor/full_body_chains.h
  write_goal_motion(chain, out);
  return out;
}

// ---- Roles: the joints that have one ----
Json roles_json(const std::vector<JointRole>& roles, const Skeleton& skeleton) {
  Json out = Json::array();
  for (size_t j = 0; j < roles.size(); ++j) {
    const JointRole& r = roles[j];
    if (r.role == Role::none) continue;
    Json entry = {{"joint", joint_json(skeleton, static_cast<int>(j))}, {"role", role_name(r.role)}};
    if (r.side != Side::centre) entry["side"] = side_name(r.side);
    if (r.finger != Finger::none) entry["finger"] = finger_name(r.finger);
    if (r.segment != 0) entry["segment"] = r.segment;
    out.push_back(std::move(entry));
  }
  return out;
}

// Recorded goal paths (solvers/anim/goal_path.h): arrays per field, so a long path stays compact.
Json goal_paths_json(const std::vector<SessionGoalPath>& paths) {
  Json out = Json::array();
  for (const SessionGoalPath& entry : paths) {
    const GoalPath& path = entry.path;
    Json times = Json::array(), positions = Json::array(), orientations = Json::array();
    for (const GoalPathSample& sample : path.samples) {
      times.push_back(json_float(sample.time));
      positions.push_back(json_vec3(sample.position));
      if (path.has_orientation) orientations.push_back(json_quat_xyzw(sample.orientation));
    }
    Json item = {{"chain", entry.chain},
                 {"name", path.name},
                 {"has_orientation", path.has_orientation},
                 {"times", std::move(times)},
                 {"positions", std::move(positions)}};
    if (path.has_orientation) item["orientations"] = std::move(orientations);
    out.push_back(std::move(item));
  }
  return out;
}

Json session_json(const Session& session, const Skeleton& skeleton, const std::string& folder) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string absolute =
      fs::absolute(fs::path(session.rig_path), ec).lexically_normal().string();
  const std::string relative = relative_to_folder(session.rig_path, folder);
  Json doc = {{"format", kFormat},
              {"version", kVersion},
              {"rig_path", relative.empty() ? absolute : relative},
              {"rig_path_absolute", absolute},
              {"joint_count", skeleton.joint_count()}};
  if (session.has_camera)
    doc["camera"] = {{"target", json_vec3(session.camera.target)},
                     {"distance", json_float(session.camera.distance)},
                     {"yaw", json_float(session.camera.yaw)},
                     {"pitch", json_float(session.camera.pitch)}};
  Json chains = Json::array();
  for (size_t c = 0; c < session.chains.size(); ++c) {
    const bool marked = c < session.disabled_by_full_body.size() && session.disabled_by_full_body[c] != 0;
    chains.push_back(chain_json(session.chains[c], marked, skeleton));
  }
  doc["chains"] = std::move(chains);
  if (session.has_roles) doc["roles"] = roles_json(session.roles, skeleton);
  if (!session.goal_paths.empty()) doc["goal_paths"] = goal_paths_json(session.goal_paths);
  if (!session.joint_limits.empty()) doc["joint_limits"] = joint_limits_json(session.joint_limits, skeleton);
  doc["full_body"] = full_body_settings_json(session.full_body);
  return doc;
}

// ---- Reading ----------------------------------------------------------------------------
//
// The readers below throw a Problem at the first fault, so each reads as a straight list
// of fields; load_session catches it and reports "<path>: <where>: <problem>". `where`
// names the value like a path into the document: "chains[1].goal.position".

struct Problem {
  std::string text;
};

[[noreturn]] void fail(const std::string& where, const std::string& problem) {
  throw Problem{where.empty() ? problem : where + ": " + problem};
}

// "a string", "an array of 2", "null", ... for messages.
std::string describe(const Json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number()) return "the number " + v.dump();
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array of " + std::to_string(v.size());
  if (v.is_object()) return "an object";
  return v.type_name();
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

std::string member_where(const std::string& where, const char* key) {
  return where.empty() ? std::string(key) : where + "." + key;
}

std::string element_where(const std::string& where, size_t i) {
  return where + "[" + std::to_string(i) + "]";
}

const Json* find_member(const Json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const Json& require_member(const Json& object, const char* key, const std::string& where) {
  const Json* v = find_member(object, key);
  if (v == nullptr) fail(where, "missing " + quoted(key));
  return *v;
}

void require_object(const Json& v, const std::string& where) {
  if (!v.is_object()) fail(where, "must be an object, not " + describe(v));
}

float read_float(const Json& v, const std::string& where) {
  if (!v.is_number()) fail(where, "must be a number, not " + describe(v));
  const double d = v.get<double>();
  const float f = static_cast<float>(d);
  // (nlohmann would print NaN and infinity as null.)
  if (!std::isfinite(f))
    fail(where, "must be a finite number, not " + (std::isnan(d)   ? "NaN"
                                                   : std::isinf(d) ? "infinity"
                                                                   : v.dump()));
  return f;
}

// Whole numbers a float holds exactly (the param table passes integers as floats).
int read_int(const Json& v, const std::string& where) {
  constexpr double kLimit = 16777216.0;  // 2^24
  const bool whole = v.is_number() && std::floor(v.get<double>()) == v.get<double>();
  if (!whole || std::fabs(v.get<double>()) > kLimit)
    fail(where, "must be a whole number within +-16777216, not " + describe(v));
  return static_cast<int>(v.get<double>());
}

bool read_bool(const Json& v, const std::string& where) {
  if (!v.is_boolean()) fail(where, "must be true or false, not " + describe(v));
  return v.get<bool>();
}

const std::string& read_string(const Json& v, const std::string& where) {
  if (!v.is_string()) fail(where, "must be a string, not " + describe(v));
  return v.get_ref<const std::string&>();
}

const Json& read_array(const Json& v, size_t size, const std::string& where) {
  if (!v.is_array() || v.size() != size)
    fail(where, "must be an array of " + std::to_string(size) + " numbers, not " + describe(v));
  return v;
}

glm::vec3 read_vec3(const Json& v, const std::string& where) {
  const Json& a = read_array(v, 3, where);
  return {read_float(a[0], element_where(where, 0)), read_float(a[1], element_where(where, 1)),
          read_float(a[2], element_where(where, 2))};
}

// [x, y, z, w]. Kept bit for bit when already unit length to float precision (so a loaded
// goal solves exactly as saved); a hand-written [0, 0, 0, 2] is normalised.
glm::quat read_quat_xyzw(const Json& v, const std::string& where) {
  const Json& a = read_array(v, 4, where);
  glm::quat q(read_float(a[3], element_where(where, 3)), read_float(a[0], element_where(where, 0)),
              read_float(a[1], element_where(where, 1)), read_float(a[2], element_where(where, 2)));
  const float length = glm::length(q);
  if (!(length > 1e-6f)) fail(where, "must not be a zero quaternion");
  if (std::fabs(length - 1.0f) > 1e-5f) q = q / length;
  return q;
}

// Keys of `object` that the reader does not know: ignored, but said in the warnings.
void note_unknown_keys(const Json& object, std::initializer_list<const char*> known,
                       const std::string& where, std::vector<std::string>& warnings) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool found = false;
    for (const char* key : known) found = found || it.key() == key;
    if (!found) warnings.push_back(member_where(where, it.key().c_str()) + ": unknown, ignored");
  }
}

std::string joint_label(const Skeleton& skeleton, int joint) {
  return "joint " + std::to_string(joint) + " " + quoted(skeleton.name[static_cast<size_t>(joint)]);
}

// {"index": 12, "name": "Hand.L"}: the index when it holds that name in this rig, else the
// one joint with that name.
int read_joint(const Json& v, const Skeleton& skeleton, const std::string& where,
               std::vector<std::string>& warnings) {
  require_object(v, where);
  const Json* index_value = find_member(v, "index");
  const Json* name_value = find_member(v, "name");
  if (index_value == nullptr && name_value == nullptr) fail(where, "needs an 'index' or a 'name'");
  const int n = skeleton.joint_count();
  const int index = index_value ? read_int(*index_value, member_where(where, "index")) : -1;
  const bool in_range = index >= 0 && index < n;
  if (name_value == nullptr) {
    if (!in_range)
      fail(where, "joint index " + std::to_string(index) + " is out of range (the rig has " +
                      std::to_string(n) + " joints)");
    return index;
  }
  const std::string& name = read_string(*name_value, member_where(where, "name"));
  if (in_range && skeleton.name[static_cast<size_t>(index)] == name) return index;

  int found = -1, count = 0;
  for (int j = 0; j < n; ++j)
    if (skeleton.name[static_cast<size_t>(j)] == name) {
      found = j;
      ++count;
    }
  const std::string index_note =
      index_value == nullptr ? ""
      : in_range             ? " (joint " + std::to_string(index) + " is " +
                       quoted(skeleton.name[static_cast<size_t>(index)]) + " in this rig)"
                 : " (index " + std::to_string(index) + " is out of range)";
  if (count == 0) fail(where, "the rig has no joint named " + quoted(name) + index_note);
  if (count > 1)
    fail(where, "the rig has " + std::to_string(count) + " joints named " + quoted(name) +
                    " and the index does not pick one" + index_note);
  if (index_value != nullptr)
    warnings.push_back(where + ": found " + quoted(name) + " by name as joint " +
                       std::to_string(found) + index_note);
  return found;
}

Goal read_goal(const Json& v, const std::string& where, std::vector<std::string>& warnings) {
  require_object(v, where);
  note_unknown_keys(
      v, {"position", "use_orientation", "orientation", "pole", "up", "scale", "use_pole", "pole_target", "pole_twist"},
      where, warnings);
  Goal goal;
  goal.position = read_vec3(require_member(v, "position", where), member_where(where, "position"));
  if (const Json* x = find_member(v, "use_orientation"))
    goal.use_orientation = read_bool(*x, member_where(where, "use_orientation"));
  if (const Json* x = find_member(v, "orientation"))
    goal.orientation = read_quat_xyzw(*x, member_where(where, "orientation"));
  if (const Json* x = find_member(v, "pole"))
    goal.pole = read_vec3(*x, member_where(where, "pole"));
  if (const Json* x = find_member(v, "up")) goal.up = read_vec3(*x, member_where(where, "up"));
  if (const Json* x = find_member(v, "scale"))
    goal.scale = read_float(*x, member_where(where, "scale"));
  // Pole target (absent in older files: off).
  if (const Json* x = find_member(v, "use_pole")) goal.use_pole = read_bool(*x, member_where(where, "use_pole"));
  if (const Json* x = find_member(v, "pole_target"))
    goal.pole_target = read_vec3(*x, member_where(where, "pole_target"));
  if (const Json* x = find_member(v, "pole_twist"))
    goal.pole_twist = read_float(*x, member_where(where, "pole_twist"));
  return goal;
}

// Fields not in the file keep Params{}'s defaults.
Params read_params(const Json& v, const std::string& where, std::vector<std::string>& warnings) {
  require_object(v, where);
  Params params;
  for (auto it = v.begin(); it != v.end(); ++it) {
    const ParamInfo* info = find_param(it.key().c_str());
    const std::string field_where = member_where(where, it.key().c_str());
    if (info == nullptr) {
      warnings.push_back(field_where + ": unknown parameter, ignored");
      continue;
    }
    switch (info->kind) {
      case ParamKind::real:
        set_param(params, info->field, read_float(it.value(), field_where));
        break;
      case ParamKind::integer:
        set_param(params, info->field, static_cast<float>(read_int(it.value(), field_where)));
        break;
      case ParamKind::boolean:
        set_param(params, info->field, read_bool(it.value(), field_where) ? 1.0f : 0.0f);
        break;
      case ParamKind::vector3:
        set_param3(params, info->field, read_vec3(it.value(), field_where));
        break;
    }
  }
  return params;
}

int read_solver(const Json& v, const std::string& where) {
  const std::string& id = read_string(v, where);
  const int solver = find_solver(id.c_str());
  if (solver >= 0) return solver;
  std::string known;
  for (int i = 0; i < solver_count(); ++i)
    known += (i ? ", " : "") + std::string(solver_table()[i].id);
  fail(where, "unknown solver " + quoted(id) + " (known: " + known + ")");
}

// "goal_motion": {"mode": "animation"} or {"mode": "path", "path": NAME}; the path is
// checked against the session's goal_paths once they are read (check_followed_paths).
void read_goal_motion(const Json& v, const std::string& where, Chain& chain, std::vector<std::string>& warnings) {
  require_object(v, where);
  note_unknown_keys(v, {"mode", "path"}, where, warnings);
  const std::string& mode = read_string(require_member(v, "mode", where), member_where(where, "mode"));
  if (mode == "animation") {
    chain.motion = Chain::Motion::animated;
  } else if (mode == "path") {
    chain.motion = Chain::Motion::path;
    chain.follow_path = read_string(require_member(v, "path", where), member_where(where, "path"));
  } else {
    fail(member_where(where, "mode"), "unknown goal mode " + quoted(mode) + " (known: animation, path)");
  }
  chain.follow_joint = -1;  // a goal driven by motion follows no joint
}

// `disabled_by_full_body` gets the chain's "disabled_by_full_body" (absent: false).
Chain read_chain(const Json& v, const Skeleton& skeleton, const std::string& where, bool& disabled_by_full_body,
                 std::vector<std::string>& warnings) {
  require_object(v, where);
  note_unknown_keys(v,
                    {"solver", "enabled", "root", "effector", "goal", "extra_effectors", "params", "ik_weight", "group",
                     "follow_joint", "aim", "disabled_by_full_body", "goal_motion"},
                    where, warnings);
  Chain chain;
  chain.solver = read_solver(require_member(v, "solver", where), member_where(where, "solver"));
  if (const Json* x = find_member(v, "enabled"))
    chain.enabled = read_bool(*x, member_where(where, "enabled"));
  chain.root =
      read_joint(require_member(v, "root", where), skeleton, member_where(where, "root"), warnings);
  chain.effector = read_joint(require_member(v, "effector", where), skeleton,
                              member_where(where, "effector"), warnings);
  const std::vector<int> path = chain_path(skeleton, chain.root, chain.effector);
  if (path.empty())
    fail(where, "root " + joint_label(skeleton, chain.root) + " is not an ancestor of effector " +
                    joint_label(skeleton, chain.effector));
  const SolverInfo& solver = solver_table()[chain.solver];
  const int bones = static_cast<int>(path.size()) - 1;
  if (solver.exact_bones != 0 && bones != solver.exact_bones)
    fail(where, "solver " + quoted(solver.id) + " needs a chain of exactly " +
                    std::to_string(solver.exact_bones) + " bones; this one has " +
                    std::to_string(bones));
  chain.goal = read_goal(require_member(v, "goal", where), member_where(where, "goal"), warnings);

  if (const Json* extras = find_member(v, "extra_effectors")) {
    const std::string extras_where = member_where(where, "extra_effectors");
    if (!extras->is_array()) fail(extras_where, "must be an array, not " + describe(*extras));
    for (size_t e = 0; e < extras->size(); ++e) {
      const Json& x = (*extras)[e];
      const std::string w = element_where(extras_where, e);
      require_object(x, w);
      note_unknown_keys(x, {"joint", "weight", "pinned", "goal"}, w, warnings);
      EffectorGoal extra;
      extra.joint =
          read_joint(require_member(x, "joint", w), skeleton, member_where(w, "joint"), warnings);
      // Extra effectors sit in the root's subtree: mid-chain or on a branch below the root.
      if (extra.joint < chain.root ||
          extra.joint >= skeleton.subtree_end[static_cast<size_t>(chain.root)])
        fail(w, joint_label(skeleton, extra.joint) + " is not below the chain's root " +
                    joint_label(skeleton, chain.root));
      if (const Json* weight = find_member(x, "weight")) {
        extra.weight = read_float(*weight, member_where(w, "weight"));
        if (extra.weight < 0.0f) fail(member_where(w, "weight"), "must not be negative");
      }
      // Sessions older than pins have none: their effectors load unpinned.
      if (const Json* pinned = find_member(x, "pinned")) extra.pinned = read_bool(*pinned, member_where(w, "pinned"));
      extra.goal = read_goal(require_member(x, "goal", w), member_where(w, "goal"), warnings);
      chain.extra_effectors.push_back(extra);
    }
  }
  if (const Json* params = find_member(v, "params"))
    chain.params = read_params(*params, member_where(where, "params"), warnings);
  // The IK weight, 0..1; sessions older than it have none and get 1 (the IK as solved).
  if (const Json* weight = find_member(v, "ik_weight")) {
    chain.ik_weight = read_float(*weight, member_where(where, "ik_weight"));
    if (!(chain.ik_weight >= 0.0f && chain.ik_weight <= 1.0f))
      fail(member_where(where, "ik_weight"), "must be between 0 and 1");
  }
  // ---- Group, goal space, aim ----
  if (const Json* x = find_member(v, "group")) {
    const std::string& group = read_string(*x, member_where(where, "group"));
    if (!chain_group_from_string(group.c_str(), chain.group))
      fail(member_where(where, "group"),
           "unknown group " + quoted(group) + " (known: other, fingers, limbs, spine, head, tail)");
  }
  if (const Json* x = find_member(v, "follow_joint")) {
    chain.follow_joint = read_joint(*x, skeleton, member_where(where, "follow_joint"), warnings);
    const std::string problem = follow_joint_problem(skeleton, chain);
    if (!problem.empty()) fail(member_where(where, "follow_joint"), problem);
  }
  if (const Json* x = find_member(v, "aim")) {
    const std::string w = member_where(where, "aim");
    require_object(*x, w);
    note_unknown_keys(*x, {"axis"}, w, warnings);
    chain.aim = true;
    if (const Json* axis = find_member(*x, "axis")) {
      const glm::vec3 a = read_vec3(*axis, member_where(w, "axis"));
      const float length = glm::length(a);
      if (!(length > 1e-6f) || !std::isfinite(length)) fail(member_where(w, "axis"), "must be a non-zero direction");
      chain.aim_axis = a / length;
    }
  }
  if (const Json* x = find_member(v, "goal_motion")) read_goal_motion(*x, member_where(where, "goal_motion"), chain, warnings);
  disabled_by_full_body = false;
  if (const Json* x = find_member(v, "disabled_by_full_body"))
    disabled_by_full_body = read_bool(*x, member_where(where, "disabled_by_full_body"));
  return chain;
}

// One of `count` enum values by its name (`name_of`), or a Problem listing them.
template <typename Enum>
Enum read_enum(const Json& v, const std::string& where, int count, const char* (*name_of)(Enum)) {
  const std::string& text = read_string(v, where);
  std::string known;
  for (int i = 0; i < count; ++i) {
    if (text == name_of(static_cast<Enum>(i))) return static_cast<Enum>(i);
    known += (i ? ", " : "") + std::string(name_of(static_cast<Enum>(i)));
  }
  fail(where, "unknown name " + quoted(text) + " (known: " + known + ")");
}

std::vector<JointRole> read_roles(const Json& v, const Skeleton& skeleton, std::vector<std::string>& warnings) {
  if (!v.is_array()) fail("roles", "must be an array, not " + describe(v));
  std::vector<JointRole> roles(static_cast<size_t>(skeleton.joint_count()));
  for (size_t e = 0; e < v.size(); ++e) {
    const std::string w = element_where("roles", e);
    const Json& x = v[e];
    require_object(x, w);
    note_unknown_keys(x, {"joint", "role", "side", "finger", "segment"}, w, warnings);
    const int joint = read_joint(require_member(x, "joint", w), skeleton, member_where(w, "joint"), warnings);
    JointRole r;
    r.role = read_enum<Role>(require_member(x, "role", w), member_where(w, "role"), static_cast<int>(Role::twist) + 1,
                             role_name);
    if (const Json* s = find_member(x, "side")) r.side = read_enum<Side>(*s, member_where(w, "side"), 3, side_name);
    if (const Json* f = find_member(x, "finger"))
      r.finger = read_enum<Finger>(*f, member_where(w, "finger"), static_cast<int>(Finger::little) + 1, finger_name);
    if (const Json* s = find_member(x, "segment")) {
      r.segment = read_int(*s, member_where(w, "segment"));
      if (r.segment < 0 || r.segment > 1000) fail(member_where(w, "segment"), "must be in 0..1000");
    }
    r.source = RoleSource::given;
    roles[static_cast<size_t>(joint)] = r;
  }
  const std::string problem = roles_problem(skeleton, roles);
  if (!problem.empty()) fail("roles", problem);
  return roles;
}

// "goal_paths": each entry on a chain of this session, names unique per chain, the path
// itself checked by check_goal_path (times finite and increasing, ...).
std::vector<SessionGoalPath> read_goal_paths(const Json& v, size_t chain_count, std::vector<std::string>& warnings) {
  if (!v.is_array()) fail("goal_paths", "must be an array, not " + describe(v));
  std::vector<SessionGoalPath> out;
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string where = element_where("goal_paths", i);
    const Json& x = v[i];
    require_object(x, where);
    note_unknown_keys(x, {"chain", "name", "has_orientation", "times", "positions", "orientations"}, where,
                      warnings);
    SessionGoalPath entry;
    entry.chain = read_int(require_member(x, "chain", where), member_where(where, "chain"));
    if (entry.chain < 0 || static_cast<size_t>(entry.chain) >= chain_count)
      fail(member_where(where, "chain"), "chain " + std::to_string(entry.chain) + " is not in this session (it has " +
                                             std::to_string(chain_count) + " chains)");
    GoalPath& path = entry.path;
    path.name = read_string(require_member(x, "name", where), member_where(where, "name"));
    if (const Json* o = find_member(x, "has_orientation"))
      path.has_orientation = read_bool(*o, member_where(where, "has_orientation"));
    const Json& times = require_member(x, "times", where);
    const Json& positions = require_member(x, "positions", where);
    if (!times.is_array()) fail(member_where(where, "times"), "must be an array, not " + describe(times));
    if (!positions.is_array() || positions.size() != times.size())
      fail(member_where(where, "positions"),
           "must be an array of " + std::to_string(times.size()) + " positions (one per time), not " +
               describe(positions));
    const Json* orientations = path.has_orientation ? &require_member(x, "orientations", where) : nullptr;
    if (orientations && (!orientations->is_array() || orientations->size() != times.size()))
      fail(member_where(where, "orientations"),
           "must be an array of " + std::to_string(times.size()) + " orientations (one per time), not " +
               describe(*orientations));
    path.samples.resize(times.size());
    for (size_t k = 0; k < times.size(); ++k) {
      path.samples[k].time = read_float(times[k], element_where(member_where(where, "times"), k));
      path.samples[k].position = read_vec3(positions[k], element_where(member_where(where, "positions"), k));
      if (orientations)
        path.samples[k].orientation =
            read_quat_xyzw((*orientations)[k], element_where(member_where(where, "orientations"), k));
    }
    const std::string problem = check_goal_path(path);
    if (!problem.empty()) fail(where, problem);
    for (const SessionGoalPath& other : out)
      if (other.chain == entry.chain && other.path.name == path.name)
        fail(member_where(where, "name"), "chain " + std::to_string(entry.chain) + " already has a goal path named " +
                                              (quoted)(path.name));
    out.push_back(std::move(entry));
  }
  return out;
}

// Every chain that follows a path follows one of its own recorded paths.
void check_followed_paths(const Session& session) {
  for (size_t c = 0; c < session.chains.size(); ++c) {
    const Chain& chain = session.chains[c];
    if (chain.motion != Chain::Motion::path) continue;
    bool found = false;
    for (const SessionGoalPath& entry : session.goal_paths)
      found = found || (entry.chain == static_cast<int>(c) && entry.path.name == chain.follow_path);
    if (!found)
      fail(member_where(element_where("chains", c), "goal_motion.path"),
           "chain " + std::to_string(c) + " has no goal path named " + quoted(chain.follow_path));
  }
}

SessionCamera read_camera(const Json& v, std::vector<std::string>& warnings) {
  const std::string where = "camera";
  require_object(v, where);
  note_unknown_keys(v, {"target", "distance", "yaw", "pitch"}, where, warnings);
  SessionCamera camera;
  if (const Json* x = find_member(v, "target")) camera.target = read_vec3(*x, "camera.target");
  if (const Json* x = find_member(v, "distance")) {
    camera.distance = read_float(*x, "camera.distance");
    if (!(camera.distance > 0.0f)) fail("camera.distance", "must be positive");
  }
  if (const Json* x = find_member(v, "yaw")) camera.yaw = read_float(*x, "camera.yaw");
  if (const Json* x = find_member(v, "pitch")) camera.pitch = read_float(*x, "camera.pitch");
  return camera;
}

void check_header(const Json& doc) {
  if (!doc.is_object())
    fail("", "not an ikscope session (the file is " + describe(doc) + ", not an object)");
  const Json* format = find_member(doc, "format");
  if (format == nullptr || !format->is_string() || format->get<std::string>() != kFormat)
    fail("", std::string("not an ikscope session ('format' is not \"") + kFormat + "\")");
  const int version = read_int(require_member(doc, "version", ""), "version");
  if (version > kVersion)
    fail("version", "the file is version " + std::to_string(version) +
                        ", newer than this ikscope reads (" + std::to_string(kVersion) + ")");
  if (version < 1) fail("version", "must be at least 1, not " + std::to_string(version));
}

// The stored rig path made usable: relative paths are taken from the session's folder;
// if that file is gone but the stored absolute one exists, that one.
std::string read_rig_path(const Json& doc, const std::string& folder) {
  const std::string& stored = read_string(require_member(doc, "rig_path", ""), "rig_path");
  if (stored.empty()) fail("rig_path", "must not be empty");
  const std::string resolved = resolve_in_folder(stored, folder);
  if (const Json* absolute = find_member(doc, "rig_path_absolute")) {
    const std::string& fallback = read_string(*absolute, "rig_path_absolute");
    std::error_code ec;
    if (!std::filesystem::exists(resolved, ec) && !fallback.empty() &&
        std::filesystem::exists(fallback, ec))
      return fallback;
  }
  return resolved;
}

Session read_session(const Json& doc, const Skeleton& skeleton, const std::string& folder,
                     std::vector<std::string>& warnings) {
  check_header(doc);
  note_unknown_keys(doc,
                    {"format", "version", "rig_path", "rig_path_absolute", "joint_count", "camera", "chains", "roles",
                     "goal_paths", "joint_limits", "full_body"},
                    "", warnings);
  Session session;
  session.rig_path = read_rig_path(doc, folder);
  if (const Json* camera = find_member(doc, "camera")) {
    session.camera = read_camera(*camera, warnings);
    session.has_camera = true;
  }
  if (const Json* chains = find_member(doc, "chains")) {
    if (!chains->is_array()) fail("chains", "must be an array, not " + describe(*chains));
    for (size_t c = 0; c < chains->size(); ++c) {
      bool marked = false;
      session.chains.push_back(read_chain((*chains)[c], skeleton, element_where("chains", c), marked, warnings));
      session.disabled_by_full_body.push_back(marked ? 1 : 0);
    }
  }
  if (const Json* roles = find_member(doc, "roles")) {
    session.roles = read_roles(*roles, skeleton, warnings);
    session.has_roles = true;
  }
  if (const Json* paths = find_member(doc, "goal_paths"))
    session.goal_paths = read_goal_paths(*paths, session.chains.size(), warnings);
  if (const Json* limits = find_member(doc, "joint_limits"))
    session.joint_limits = read_joint_limits(*limits, skeleton, warnings);
  if (const Json* full_body = find_member(doc, "full_body")) {
    session.full_body = read_full_body_settings(*full_body, warnings);
    session.has_full_body = true;
  }
  check_followed_paths(session);
  return session;
}

// Parses a session's text; "<name>: invalid JSON: <where>" in `error` on failure.
bool parse_text(const std::string& text, const std::string& name, Json& doc, std::string& error) {
  try {
    doc = Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // what() starts with "[json.exception.parse_error.101] "; the rest says where.
    std::string what = e.what();
    const size_t bracket = what.find("] ");
    if (bracket != std::string::npos) what = what.substr(bracket + 2);
    error = one_line(name + ": invalid JSON: " + what);
    return false;
  }
  return true;
}

// Reads and parses the file; "<path>: <problem>" in `error` on failure.
bool parse_file(const std::string& path, Json& doc, std::string& error) {
  std::string text;
  if (!read_file_bytes(path, text, error)) return false;
  return parse_text(text, path, doc, error);
}

}  // namespace

bool save_session(const std::string& path, const Skeleton& skeleton, const Session& session,
                  std::string& error) {
  if (session.rig_path.empty()) {
    error = path + ": cannot save: the session names no rig file";
    return false;
  }
  if (is_same_file(path, session.rig_path)) {
    error = path + ": is the rig file itself; save the session under another name";
    return false;
  }
  const std::string folder = folder_of_file(path);
  const Json doc = session_json(session, skeleton, folder);
  // The load-time checks, on what is about to be written: a saved file always loads.
  try {
    std::vector<std::string> ignored;
    read_session(doc, skeleton, folder, ignored);
  } catch (const Problem& problem) {
    error = path + ": cannot save: " + problem.text;
    return false;
  }
  return app::write_file_atomically(path, dump_readable(doc) + "\n", error);
}

bool read_session_rig_path(const std::string& path, std::string& rig_path, std::string& error) {
  Json doc;
  if (!parse_file(path, doc, error)) return false;
  try {
    check_header(doc);
    rig_path = read_rig_path(doc, folder_of_file(path));
  } catch (const Problem& problem) {
    error = path + ": " + problem.text;
    return false;
  }
  return true;
}

bool load_session(const std::string& path, const Skeleton& skeleton, Session& session,
                  std::string& error, std::vector<std::string>* warnings) {
  std::string text;
  if (!read_file_bytes(path, text, error)) return false;
  return load_session_text(text, path, folder_of_file(path), skeleton, session, error, warnings);
}

bool load_session_text(const std::string& text, const std::string& name, const std::string& folder,
                       const Skeleton& skeleton, Session& session, std::string& error,
                       std::vector<std::string>* warnings) {
  Json doc;
  if (!parse_text(text, name, doc, error)) return false;
  std::vector<std::string> notes;
  try {
    Session loaded = read_session(doc, skeleton, folder, notes);
    session = std::move(loaded);
  } catch (const Problem& problem) {
    error = one_line(name + ": " + problem.text);
    return false;
  }
  // Keys and names come from the file: a key holding a newline must not split a note.
  if (warnings != nullptr)
    for (const std::string& note : notes) warnings->push_back(one_line(note));
  return true;
}

}  // namespace ik
