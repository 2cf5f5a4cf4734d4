// Goals, extra effectors and chains in session files (session_fields.h): one field table
// each, read within the library's bounds.
//
// Index: goal_fields, params (the param table), effector_fields, the chain's own rows
//        (solver, joints, aim, goal motion, spline points), chain_fields
#include <cmath>

#include "io/session/session_fields.h"
#include "solvers/ik/goal_space.h"
#include "solvers/scene/solver_table.h"

namespace ik {

// ---- Goals ---------------------------------------------------------------------------------
//
// What is_valid_goal (solver_common.h) and is_valid_pole (pole.h) accept: a position within
// kMaxGoalCoordinate, the other numbers finite, a non-zero orientation; and a non-zero up,
// which the three-bone solver needs (analytic.cpp's valid_limb). The pole, the up and the
// pole target are model-space vectors and points like the position and share its bound: the
// analytic solvers carry them into the limb's frame (limb_goal) and refuse the goal when that
// overflows, which a finite value near float's maximum does under a turned or scaled parent.

const JsonFields<Goal>& goal_fields() {
  using Row = JsonField<Goal>;
  static constexpr Bound kModelSpace = within(kMaxGoalCoordinate);
  static const JsonFields<Goal> fields{{
      Row::member("position", &Goal::position, kModelSpace, kRequired),
      Row::member("use_orientation", &Goal::use_orientation),
      Row::member("orientation", &Goal::orientation),
      Row::member("pole", &Goal::pole, kModelSpace),
      Row::direction("up", &Goal::up, &kModelSpace),
      Row::member("scale", &Goal::scale),
      // Pole target (solvers/ik/pole.h); files without these keys load with the pole off.
      Row::member("use_pole", &Goal::use_pole),
      Row::member("pole_target", &Goal::pole_target, kModelSpace),
      Row::member("pole_twist", &Goal::pole_twist),
      Row::member("auto_pole", &Goal::auto_pole),
  }};
  return fields;
}

namespace {

// ---- Params: every row of the param table under its id, within the row's range -------------

Bound param_bound(const ParamInfo& info) { return from_to(info.min, info.max); }

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

void read_param(const JsonValue& value, const ParamInfo& info, Params& params) {
  switch (info.kind) {
    case ParamKind::real:
      set_param(params, info.field, value.number(param_bound(info)));
      break;
    case ParamKind::integer:
      set_param(params, info.field, static_cast<float>(value.whole_number(param_bound(info))));
      break;
    case ParamKind::boolean:
      set_param(params, info.field, value.boolean() ? 1.0f : 0.0f);
      break;
    case ParamKind::vector3:
      set_param3(params, info.field, value.vec3(param_bound(info)));
      break;
  }
}

// Fields not in the file keep Params{}'s defaults.
Params read_params(const JsonValue& value) {
  value.object();
  Params params;
  for (auto it = value.json().begin(); it != value.json().end(); ++it) {
    const ParamInfo* info = find_param(it.key().c_str());
    const JsonValue field = *value.find(it.key().c_str());
    if (info == nullptr)
      field.warn("unknown parameter, ignored");
    else
      read_param(field, *info, params);
  }
  return params;
}

// ---- Extra effectors -------------------------------------------------------------------------

struct EffectorFile {
  const Skeleton* skeleton = nullptr;
  int root = 0;  // the chain's, already read
};

const JsonFields<EffectorGoal, EffectorFile>& effector_fields() {
  using Row = JsonField<EffectorGoal, EffectorFile>;
  static const JsonFields<EffectorGoal, EffectorFile> fields{
      {
          Row::custom(
              "joint", kRequired,
              [](const JsonValue& v, EffectorGoal& out, EffectorFile& env) { out.joint = read_joint(v, *env.skeleton); },
              [](const EffectorGoal& in, const EffectorFile& env) { return joint_json(*env.skeleton, in.joint); }),
          // is_valid_chain: a finite weight, not negative.
          Row::member("weight", &EffectorGoal::weight, at_least(0.0f)),
          // The full-body solver's hard goals (chain.h); sessions older than pins load unpinned.
          Row::member("pinned", &EffectorGoal::pinned),
          Row::nested("goal", &EffectorGoal::goal, goal_fields(), kRequired),
      },
      // Extra effectors sit in the root's subtree: mid-chain or on a branch below the root.
      [](const JsonValue& object, EffectorGoal& out, EffectorFile& env) {
        const Skeleton& skeleton = *env.skeleton;
        if (out.joint < env.root || out.joint >= skeleton.subtree_end[static_cast<size_t>(env.root)])
          object.fail(joint_label(skeleton, out.joint) + " is not below the chain's root " +
                      joint_label(skeleton, env.root));
      }};
  return fields;
}

// ---- The chain's own rows ------------------------------------------------------------------------

std::vector<std::string> solver_ids() {
  std::vector<std::string> ids;
  for (int i = 0; i < solver_count(); ++i) ids.push_back(solver_table()[i].id);
  return ids;
}

std::vector<std::string> group_names() {
  std::vector<std::string> names;
  for (int g = 0; g < kChainGroupCount; ++g) names.push_back(to_string(static_cast<ChainGroup>(g)));
  return names;
}

using ChainRow = JsonField<Chain, ChainFile>;

// A joint of the chain (root, effector), by reference.
ChainRow joint_row(const char* key, int Chain::*joint) {
  return ChainRow::custom(
      key, kRequired, [joint](const JsonValue& v, Chain& out, ChainFile& env) { out.*joint = read_joint(v, *env.skeleton); },
      [joint](const Chain& in, const ChainFile& env) { return joint_json(*env.skeleton, in.*joint); });
}

ChainRow extra_effectors_row() {
  return ChainRow::custom(
      "extra_effectors", kOptional,
      [](const JsonValue& v, Chain& out, ChainFile& env) {
        EffectorFile effector_env{env.skeleton, out.root};
        for (size_t e = 0, n = v.array(); e < n; ++e) {
          EffectorGoal extra;
          read_fields(v.element(e), effector_fields(), extra, effector_env);
          out.extra_effectors.push_back(extra);
        }
      },
      [](const Chain& in, const ChainFile& env) {
        Json extras = Json::array();
        for (const EffectorGoal& extra : in.extra_effectors)
          extras.push_back(write_fields(effector_fields(), extra, EffectorFile{env.skeleton, in.root}));
        return extras;
      });
}

// "aim": {"axis": [0, 0, 1]}: present makes the chain an aim chain (goal_space.h).
const JsonFields<Chain>& aim_fields() {
  static const JsonFields<Chain> fields{{JsonField<Chain>::direction("axis", &Chain::aim_axis, nullptr)}};
  return fields;
}

// "goal_motion": {"mode": "animation"} or {"mode": "path", "path": NAME}; the path is checked
// against the session's goal_paths once they are read (session.cpp).
const JsonFields<Chain>& goal_motion_fields() {
  using Row = JsonField<Chain>;
  static const JsonFields<Chain> fields{
      {
          Row::custom(
              "mode", kRequired,
              [](const JsonValue& v, Chain& out, NoEnv&) {
                out.motion = v.one_of("goal mode", {"animation", "path"}) == 0 ? Chain::Motion::animated
                                                                                 : Chain::Motion::path;
              },
              [](const Chain& in, const NoEnv&) { return in.motion == Chain::Motion::animated ? "animation" : "path"; }),
          Row::custom(
              "path", kOptional, [](const JsonValue& v, Chain& out, NoEnv&) { out.follow_path = v.string(); },
              [](const Chain& in, const NoEnv&) { return in.follow_path; },
              [](const Chain& in, const NoEnv&) { return in.motion == Chain::Motion::path; }),
      },
      [](const JsonValue& object, Chain& out, NoEnv&) {
        if (out.motion == Chain::Motion::path) object.member("path");  // "missing 'path'"
        out.follow_joint = -1;  // a goal driven by motion follows no joint
      }};
  return fields;
}

// A row whose value is an object read by its own table into the chain; written when `written`.
ChainRow chain_part_row(const char* key, const JsonFields<Chain>& (*fields)(), void (*on_read)(Chain&),
                        bool (*written)(const Chain&)) {
  return ChainRow::custom(
      key, kOptional,
      [fields, on_read](const JsonValue& v, Chain& out, ChainFile&) {
        on_read(out);
        read_fields(v, fields(), out);
      },
      [fields](const Chain& in, const ChainFile&) { return write_fields(fields(), in); },
      [written](const Chain& in, const ChainFile&) { return written(in); });
}

// "spline_points": [[x, y, z], ...]: the spline solver's control points (Chain::spline_points),
// model space like the goal and bounded as it is, at most kMaxSplinePoints; written when there
// are some (files without the key load with none).
ChainRow spline_points_row() {
  return ChainRow::custom(
      "spline_points", kOptional,
      [](const JsonValue& v, Chain& out, ChainFile&) {
        const size_t count = v.array();
        if (count > static_cast<size_t>(kMaxSplinePoints))
          v.fail("has " + std::to_string(count) + " points; at most " + std::to_string(kMaxSplinePoints));
        out.spline_points.clear();
        for (size_t i = 0; i < count; ++i) out.spline_points.push_back(v.element(i).vec3(within(kMaxGoalCoordinate)));
      },
      [](const Chain& in, const ChainFile&) {
        Json points = Json::array();
        for (const glm::vec3& p : in.spline_points) points.push_back(json_vec3(p));
        return points;
      },
      [](const Chain& in, const ChainFile&) { return !in.spline_points.empty(); });
}

// After every row: the joints make a chain the solver can take.
void check_chain(const JsonValue& object, Chain& chain, ChainFile& env) {
  const Skeleton& skeleton = *env.skeleton;
  const std::vector<int> path = chain_path(skeleton, chain.root, chain.effector);
  if (path.empty())
    object.fail("root " + joint_label(skeleton, chain.root) + " is not an ancestor of effector " +
                joint_label(skeleton, chain.effector));
  const SolverInfo& solver = solver_table()[chain.solver];
  const int bones = static_cast<int>(path.size()) - 1;
  if (solver.exact_bones != 0 && bones != solver.exact_bones)
    object.fail("solver '" + std::string(solver.id) + "' needs a chain of exactly " +
                std::to_string(solver.exact_bones) + " bones; this one has " + std::to_string(bones));
}

}  // namespace

const JsonFields<Chain, ChainFile>& chain_fields() {
  using Row = ChainRow;
  static const JsonFields<Chain, ChainFile> fields{
      {
          // SolverInfo::id, never a table index (an index outside the table is written as "").
          Row::custom(
              "solver", kRequired, [](const JsonValue& v, Chain& out, ChainFile&) { out.solver = v.one_of("solver", solver_ids()); },
              [](const Chain& in, const ChainFile&) {
                return in.solver >= 0 && in.solver < solver_count() ? solver_table()[in.solver].id : "";
              }),
          Row::member("enabled", &Chain::enabled),
          joint_row("root", &Chain::root),
          joint_row("effector", &Chain::effector),
          Row::nested("goal", &Chain::goal, goal_fields(), kRequired),
          extra_effectors_row(),
          Row::custom(
              "params", kOptional, [](const JsonValue& v, Chain& out, ChainFile&) { out.params = read_params(v); },
              [](const Chain& in, const ChainFile&) { return params_json(in.params); }),
          // The IK weight (solvers/scene/ik_blend.h): 1 the IK as solved (sessions older than it), 0 as animated.
          Row::member("ik_weight", &Chain::ik_weight, from_to(0.0f, 1.0f)),
          // ---- Group, goal space, aim (solvers/ik/goal_space.h) ----
          Row::custom(
              "group", kOptional,
              [](const JsonValue& v, Chain& out, ChainFile&) {
                out.group = static_cast<ChainGroup>(v.one_of("group", group_names()));
              },
              [](const Chain& in, const ChainFile&) { return to_string(in.group); }),
          Row::custom(
              "follow_joint", kOptional,
              [](const JsonValue& v, Chain& out, ChainFile& env) {
                out.follow_joint = read_joint(v, *env.skeleton);
                const std::string problem = follow_joint_problem(*env.skeleton, out);
                if (!problem.empty()) v.fail(problem);
              },
              [](const Chain& in, const ChainFile& env) { return joint_json(*env.skeleton, in.follow_joint); },
              [](const Chain& in, const ChainFile&) { return in.follow_joint >= 0; }),
          chain_part_row(
              "aim", aim_fields, [](Chain& out) { out.aim = true; }, [](const Chain& in) { return in.aim; }),
          // Written only when true: entering full-body mode disabled this chain, so leaving it
          // enables the chain again (app/editor/full_body_chains.h).
          Row::custom(
              "disabled_by_full_body", kOptional,
              [](const JsonValue& v, Chain&, ChainFile& env) { env.disabled_by_full_body = v.boolean(); },
              [](const Chain&, const ChainFile&) { return true; },
              [](const Chain&, const ChainFile& env) { return env.disabled_by_full_body; }),
          chain_part_row(
              "goal_motion", goal_motion_fields, [](Chain&) {},
              [](const Chain& in) { return in.motion != Chain::Motion::none; }),
          spline_points_row(),
      },
      check_chain};
  return fields;
}

}  // namespace ik
