// The solver soak's cases (soak_cases.h): make_case draws each one, kind by kind, from its own seed.
//
// Index:
//   Params     random_params (near the defaults, or anywhere the UI allows), spoil_params
//   Goals      reachable_scale, unreachable_scale, set_extra_effectors, set_full_body_stiffness (stiffness,
//              balance and masses; a bad setting in 3 % of the cases)
//   make_case  to_string, then make_case in its steps: 1. kind and degenerate variant, 2. rig, 3. params,
//              4. start pose and locks, 5. goals, 6. invalid input, 7. the solves, 8. the full-body stiffness
#include "tests/soak/soak_cases.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include "tests/soak/soak_rigs.h"
#include "tests/support/independent_fk.h"

namespace soak {

using iktest::world_matrix;
using iktest::world_position;
namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

// ---- Params -----------------------------------------------------------------------------

void random_params(const ik::SolverInfo& solver, Rng& rng, ik::Params& p) {
  if (rng.chance(0.65f)) {
    // Near the defaults, as a user mostly has them.
    p.max_iterations = rng.integer(1, 64);
    p.use_limits = rng.chance(0.85f);
    p.warm_start = rng.chance(0.8f);
    p.tolerance_relative = rng.chance(0.8f);
    p.tolerance = rng.log_uniform(1e-5f, 1e-2f);
    p.lambda = rng.log_uniform(1e-3f, 1.0f);
    p.max_step_angle = rng.chance(0.3f) ? rng.uniform(0.01f, 1.0f) : 0.0f;
    p.finite_difference = rng.chance(0.15f);
    p.orientation_weight = rng.uniform(0.0f, 3.0f);
    return;
  }
  // Anywhere in the ranges the UI offers (solver_table.h), for the fields the solver reads.
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& info = ik::param_table()[i];
    if (!ik::reads_param(solver, info)) continue;
    auto draw = [&] {
      return info.log_scale ? rng.log_uniform(std::max(info.min, 1e-6f), info.max) : rng.uniform(info.min, info.max);
    };
    switch (info.kind) {
      case ik::ParamKind::real:
        ik::set_param(p, info.field, draw());
        break;
      case ik::ParamKind::integer:
        ik::set_param(p, info.field, std::round(draw()));
        break;
      case ik::ParamKind::boolean:
        ik::set_param(p, info.field, rng.chance(0.5f) ? 1.0f : 0.0f);
        break;
      case ik::ParamKind::vector3:
        ik::set_param3(p, info.field, {draw(), draw(), draw()});
        break;
    }
  }
}

// One parameter the solver reads set to a value no UI would give it.
const char* spoil_params(const ik::SolverInfo& solver, Rng& rng, ik::Params& p) {
  std::vector<const ik::ParamInfo*> fields;
  for (int i = 0; i < ik::param_count(); ++i) {
    const ik::ParamInfo& info = ik::param_table()[i];
    if (ik::reads_param(solver, info) && info.kind != ik::ParamKind::boolean) fields.push_back(&info);
  }
  if (fields.empty()) return "no numeric parameter";
  const ik::ParamInfo& info = *fields[static_cast<size_t>(rng.integer(0, static_cast<int>(fields.size()) - 1))];
  // Integers get only small bad values: a huge iteration count is a valid, slow request.
  const float real_values[] = {kNaN, kInf, -kInf, -1.0f, 0.0f, 1e30f};
  const float integer_values[] = {0.0f, -5.0f};
  const float value =
      info.kind == ik::ParamKind::integer ? integer_values[rng.integer(0, 1)] : real_values[rng.integer(0, 5)];
  if (info.kind == ik::ParamKind::vector3)
    ik::set_param3(p, info.field, glm::vec3(value));
  else
    ik::set_param(p, info.field, value);
  return info.id;
}

// ---- Goals ------------------------------------------------------------------------------

// A goal scale for the scale-target solver that the chain can make: a product of factors
// each within [min_scale, max_scale].
float reachable_scale(const ik::Params& p, int joints, Rng& rng) {
  float s = 1.0f;
  for (int k = 0; k < joints; ++k)
    s *= rng.log_uniform(std::max(p.min_scale, 1e-6f), std::max(p.max_scale, p.min_scale));
  return s;
}

float unreachable_scale(const ik::Params& p, int joints, Rng& rng) {
  switch (rng.integer(0, 2)) {
    case 0:
      return std::pow(p.max_scale, static_cast<float>(joints)) * rng.uniform(1.5f, 10.0f);
    case 1:
      return std::pow(p.min_scale, static_cast<float>(joints)) / rng.uniform(1.5f, 10.0f);
    default:
      return -rng.uniform(0.0f, 2.0f);
  }
}

void set_extra_effectors(const ik::SolverInfo& solver, const Rig& rig, const ik::Pose& target, Rng& rng,
                         ik::Chain& chain) {
  chain.extra_effectors.clear();
  if (!solver.extra_effectors || !rng.chance(0.25f)) return;
  std::vector<int> candidates(rig.chain.begin() + 1, rig.chain.end() - (rig.chain.size() > 1));
  if (rig.branch_tip >= 0) candidates.push_back(rig.branch_tip);
  if (candidates.empty()) return;
  const int count = rng.integer(1, 2);
  for (int k = 0; k < count; ++k) {
    ik::EffectorGoal e;
    e.joint = candidates[static_cast<size_t>(rng.integer(0, static_cast<int>(candidates.size()) - 1))];
    e.goal.position = world_position(rig.skeleton, target, e.joint);
    e.weight = rng.uniform(0.1f, 2.0f);
    // Pins only for the solver that reads them (other solvers' random streams stay as they were).
    if (std::strcmp(solver.id, "full_body") == 0) e.pinned = rng.chance(0.4f);
    chain.extra_effectors.push_back(e);
  }
}

// The full-body solver's stiffness settings, drawn after everything else (so this solver's
// rigs, poses and goals, and every other solver's cases, stay as they were): half the cases
// a random stiffness per joint (1 in 10 joints +inf, held still), the root's translation
// stiffness 4, random or +inf; 3 % of the valid cases get a bad setting (a list of the wrong
// size, a 0, negative or NaN stiffness on the effector, a root translation stiffness of 0,
// -1 or NaN), which must be refused as invalid input. Half the cases turn the balance on,
// half of those with random segment masses (one in five 0); a bad mass list (the wrong size,
// a negative or NaN mass) is one of the bad settings. Half the cases let the heels rise, half
// pull toward the reference pose (a random fraction), and out-of-range pulls are bad. A
// third keep a reference pose (the start pose, its root moved) for the balance and the feet;
// one of the wrong size is bad.
void set_full_body_stiffness(Case& c, Rng& rng) {
  const float inf = std::numeric_limits<float>::infinity();
  const size_t n = static_cast<size_t>(c.skeleton.joint_count());
  if (rng.chance(0.5f)) {
    c.stiffness.resize(n);
    for (float& s : c.stiffness) s = rng.chance(0.1f) ? inf : rng.log_uniform(0.25f, 16.0f);
  }
  const float roll = rng.unit_float();
  c.root_translation_stiffness = roll < 0.6f ? 4.0f : roll < 0.9f ? rng.log_uniform(0.25f, 64.0f) : inf;
  c.balance = rng.chance(0.5f);
  if (c.balance && rng.chance(0.5f)) {
    c.segment_mass.resize(n);
    for (float& m : c.segment_mass) m = rng.chance(0.2f) ? 0.0f : rng.log_uniform(0.01f, 10.0f);
  }
  c.heels_rise = rng.chance(0.5f);
  c.knees_over_toes = rng.chance(0.5f);
  c.reference_pull = rng.chance(0.5f) ? rng.uniform(0.0f, 1.0f) : 0.0f;
  // Hanging joints (the upper arms in the program): up to three of the rig's, any of them.
  if (rng.chance(0.5f))
    for (int h = rng.integer(1, 3); h > 0; --h) c.hanging_joints.push_back(rng.integer(0, static_cast<int>(n) - 1));
  // The reference pose (the animated pose under the IK in the program): the start pose, the
  // root moved, in a third of the cases.
  if (rng.chance(0.33f)) {
    c.has_reference_pose = true;
    c.reference_pose = c.pose;
    c.reference_pose.local[0].translation += glm::vec3{rng.uniform(-1.0f, 1.0f), 0.0f, rng.uniform(-1.0f, 1.0f)};
  }
  if (c.expect_invalid || !rng.chance(0.03f)) return;
  const int effector = c.solves.front().effector;
  if (effector < 0 || static_cast<size_t>(effector) >= n) return;
  const float bad[] = {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN()};
  switch (rng.integer(0, 6)) {
    case 6:
      c.variant = "a hanging joint -1 or past the last joint";
      c.hanging_joints.push_back(rng.chance(0.5f) ? -1 : static_cast<int>(n));
      break;
    case 5: {
      c.variant = "reference pull -1, 1.5 or NaN";
      const float pulls[] = {-1.0f, 1.5f, bad[2]};
      c.reference_pull = pulls[rng.integer(0, 2)];
      break;
    }
    case 4:
      c.variant = "balance reference pose of the wrong size";
      c.balance = true;
      c.has_reference_pose = true;
      c.reference_pose.local.assign(n + 1, ik::Transform{});
      break;
    case 3:
      c.variant = "segment masses of the wrong size, or a mass -1 or NaN";
      c.segment_mass.assign(rng.chance(0.5f) ? n + 1 : n, 1.0f);
      if (c.segment_mass.size() == n) c.segment_mass[static_cast<size_t>(effector)] = rng.chance(0.5f) ? -1.0f : bad[2];
      break;
    case 0:
      c.variant = "stiffness list of the wrong size";
      c.stiffness.assign(n + 1, 1.0f);
      break;
    case 1:
      c.variant = "stiffness 0, -1 or NaN on the effector";
      if (c.stiffness.empty()) c.stiffness.assign(n, 1.0f);
      c.stiffness[static_cast<size_t>(effector)] = bad[rng.integer(0, 2)];
      break;
    default:
      c.variant = "root translation stiffness 0, -1 or NaN";
      c.root_translation_stiffness = bad[rng.integer(0, 2)];
      break;
  }
  c.expect_invalid = true;
}

}  // namespace

const char* to_string(Kind kind) {
  switch (kind) {
    case Kind::reachable:
      return "reachable";
    case Kind::unreachable:
      return "unreachable";
    case Kind::degenerate:
      return "degenerate";
    case Kind::tight_limits:
      return "tight limits";
    case Kind::nan_input:
      return "NaN input";
    case Kind::inf_input:
      return "infinite input";
    case Kind::invalid_chain:
      return "invalid chain";
    case Kind::bad_params:
      return "bad params";
  }
  return "?";
}

Case make_case(const ik::SolverInfo& solver, Rng& rng) {
  Case c;
  // ---- 1. Kind, and the variant of a degenerate case ---------------------------------
  const float roll = rng.unit_float();
  c.kind = roll < 0.30f   ? Kind::reachable
           : roll < 0.45f ? Kind::unreachable
           : roll < 0.65f ? Kind::degenerate
           : roll < 0.77f ? Kind::tight_limits
           : roll < 0.84f ? Kind::nan_input
           : roll < 0.90f ? Kind::inf_input
           : roll < 0.95f ? Kind::invalid_chain
                          : Kind::bad_params;
  enum Degenerate {
    goal_at_root,
    goal_at_effector,
    goal_next_to_root,
    colinear_goal_on_line,
    zero_length_bones,
    single_joint,
    pole_or_up_degenerate,
    non_unit_orientation,
    huge_goal,
    extreme_goal,
    wild_bone_lengths,
    extreme_root_scale,
    degenerate_goal_scale,
    degenerate_count
  };
  const int degenerate = c.kind == Kind::degenerate ? rng.integer(0, degenerate_count - 1) : -1;
  const bool scale_solver = solver.scale_goal;

  // ---- 2. Rig ---------------------------------------------------------------------------
  RigPlan plan;
  const int bones = solver.exact_bones > 0 ? solver.exact_bones : rng.integer(1, 8);
  plan.chain_joints = bones + 1;
  plan.root_is_base = rng.chance(0.15f);
  plan.branch = rng.chance(0.3f);
  const float base_roll = rng.unit_float();
  plan.base = base_roll < 0.3f    ? BaseStyle::identity
              : base_roll < 0.65f ? BaseStyle::rigid
              : base_roll < 0.8f  ? BaseStyle::non_uniform
              : base_roll < 0.92f ? BaseStyle::mirrored
                                  : BaseStyle::extreme_scale;
  plan.limits = rng.chance(0.5f) ? LimitStyle::random : LimitStyle::none;
  if (c.kind == Kind::tight_limits) plan.limits = rng.chance(0.75f) ? LimitStyle::tight : LimitStyle::frozen_off_rest;
  if (degenerate == colinear_goal_on_line) plan.colinear = true;
  if (degenerate == zero_length_bones) plan.zero_bones = rng.integer(1, bones);
  if (degenerate == single_joint) plan.chain_joints = 1;
  if (degenerate == wild_bone_lengths) plan.wild_lengths = true;
  if (degenerate == extreme_root_scale) plan.base = BaseStyle::extreme_scale;
  const Rig rig = build_rig(plan, rng);
  c.skeleton = rig.skeleton;
  const int n = c.skeleton.joint_count();
  const int root = rig.chain.front();
  const int effector = rig.chain.back();

  // ---- 3. Params --------------------------------------------------------------------------
  ik::Chain chain;
  chain.root = root;
  chain.effector = effector;
  random_params(solver, rng, chain.params);
  // A joint held away from its rest rotation: starting from rest would begin outside the
  // limits, so these cases start from the given pose.
  if (plan.limits == LimitStyle::frozen_off_rest) chain.params.warm_start = true;
  if (c.kind == Kind::bad_params) c.variant = spoil_params(solver, rng, chain.params);

  // ---- 4. Start pose, locks -------------------------------------------------------------
  c.pose = random_pose(rig, ik::rest_pose(c.skeleton), rng);
  if (rng.chance(0.15f)) {
    c.locked.assign(static_cast<size_t>(n), 0);
    for (int j : rig.chain)
      if (rng.chance(0.3f)) c.locked[static_cast<size_t>(j)] = 1;
  }
  const float reach = std::max(reach_of(rig, c.pose), 1e-6f);
  const glm::vec3 root_position = world_position(c.skeleton, c.pose, root);

  // ---- 5. Goals -------------------------------------------------------------------------
  // The target pose the goals come from: within the limits (reachable), or turned freely
  // (tight limits: a goal the limits may forbid).
  const ik::Pose target = random_pose(rig, c.pose, rng, c.kind == Kind::tight_limits);
  ik::Goal& goal = chain.goal;
  goal.position = world_position(c.skeleton, target, effector);
  goal.pole = rng.chance(0.3f) ? glm::vec3(0.0f, 0.0f, 1.0f) : rng.direction();
  goal.up = rng.direction();
  if (solver.orientation_goals && rng.chance(0.3f)) {
    goal.use_orientation = true;
    goal.orientation = model_rotation(c.skeleton, target, effector);
  }
  if (scale_solver) goal.scale = reachable_scale(chain.params, plan.chain_joints, rng);
  set_extra_effectors(solver, rig, target, rng, chain);
  if (c.kind == Kind::reachable) c.variant = "goal of a pose within the limits";
  if (c.kind == Kind::tight_limits)
    c.variant = plan.limits == LimitStyle::tight ? "min == max or a few mrad wide" : "held away from rest (min == max)";

  if (c.kind == Kind::unreachable) {
    const bool far = rng.chance(0.2f);
    c.variant = far ? "1e3 to 1e6 times the reach" : "1.05 to 20 times the reach";
    const float distance = reach * (far ? rng.log_uniform(1e3f, 1e6f) : rng.uniform(1.05f, 20.0f));
    goal.position = root_position + rng.direction() * distance;
    for (ik::EffectorGoal& e : chain.extra_effectors) e.goal.position = root_position + rng.direction() * distance;
    if (scale_solver) goal.scale = unreachable_scale(chain.params, plan.chain_joints, rng);
  }

  switch (degenerate) {
    case goal_at_root:
      c.variant = "goal at the root";
      goal.position = root_position;
      break;
    case goal_at_effector:
      c.variant = "goal at the effector";
      goal.position = world_position(c.skeleton, c.pose, effector);
      break;
    case goal_next_to_root:
      c.variant = "goal 1e-6 of the reach from the root";
      goal.position = root_position + rng.direction() * (reach * 1e-6f);
      break;
    case colinear_goal_on_line: {
      c.variant = "colinear chain, goal on its line";
      const ik::Pose rest = ik::rest_pose(c.skeleton);
      c.pose = rest;  // straight: no limit is needed to hold it (limits contain the rest)
      const glm::vec3 end = world_position(c.skeleton, rest, effector);
      const float along[] = {0.3f, 0.7f, 1.0f, 1.5f, -0.5f};
      goal.position = root_position + (end - root_position) * along[rng.integer(0, 4)];
      if (plan.limits == LimitStyle::none && rng.chance(0.5f))
        goal.pole = glm::length(end - root_position) > 0.0f ? end - root_position : goal.pole;
      break;
    }
    case zero_length_bones:
      c.variant = "zero-length bones";
      break;
    case single_joint:
      c.variant = "root == effector";
      break;
    case pole_or_up_degenerate: {
      const int which = rng.integer(0, 2);
      c.variant = which == 0 ? "pole along the root-goal line" : which == 1 ? "zero pole" : "zero up";
      if (which == 0) goal.pole = goal.position - root_position;
      if (which == 1) goal.pole = glm::vec3(0.0f);
      if (which == 2) goal.up = glm::vec3(0.0f);
      break;
    }
    case non_unit_orientation:
      c.variant = "orientation goal not of unit length";
      goal.use_orientation = true;
      goal.orientation = model_rotation(c.skeleton, target, effector) * (rng.chance(0.5f) ? 1e-3f : 1e3f);
      break;
    case huge_goal:
      c.variant = "goal 1e18 away";
      goal.position = rng.direction() * 1e18f;
      break;
    case extreme_goal:
      // Beyond ik::kMaxGoalCoordinate (chain.h): the solver must refuse it.
      c.variant = "goal 1e30 away";
      goal.position = rng.direction() * 1e30f;
      c.expect_invalid = true;
      break;
    case wild_bone_lengths:
      c.variant = "bone lengths 1e-3 to 1e3";
      break;
    case extreme_root_scale:
      c.variant = "root scale 1e-4 to 1e-2 or 1e2 to 1e4";
      break;
    case degenerate_goal_scale: {
      const float scales[] = {0.0f, 1e-30f, 1e30f, -1.0f};
      c.variant = "goal scale 0, 1e-30, 1e30 or -1";
      goal.scale = scales[rng.integer(0, 3)];
      break;
    }
    default:
      break;
  }

  // ---- 6. Invalid input ---------------------------------------------------------------
  if (c.kind == Kind::nan_input || c.kind == Kind::inf_input) {
    c.expect_invalid = true;
    const bool nan = c.kind == Kind::nan_input;
    const float bad = nan ? kNaN : (rng.chance(0.5f) ? kInf : -kInf);
    const int which = rng.integer(0, solver.extra_effectors && !chain.extra_effectors.empty() ? 7 : 5);
    switch (which) {
      case 0:
        c.variant = "goal position";
        goal.position[rng.integer(0, 2)] = bad;
        break;
      case 1:
        c.variant = "pole";
        goal.pole[rng.integer(0, 2)] = bad;
        break;
      case 2:
        c.variant = "up";
        goal.up[rng.integer(0, 2)] = bad;
        break;
      case 3:
        c.variant = "goal scale";
        goal.scale = bad;
        break;
      case 4:
        goal.use_orientation = true;
        if (nan || rng.chance(0.5f)) {
          c.variant = "orientation";
          goal.orientation[rng.integer(0, 3)] = bad;
        } else {
          c.variant = "zero orientation quaternion";
          goal.orientation = glm::quat(0.0f, 0.0f, 0.0f, 0.0f);
        }
        break;
      case 5:
        c.variant = "goal position, every component";
        goal.position = glm::vec3(bad);
        break;
      case 6:
        c.variant = "extra effector's goal";
        chain.extra_effectors[0].goal.position.x = bad;
        break;
      default:
        c.variant = "extra effector's weight";
        chain.extra_effectors[0].weight = bad;
        break;
    }
  }
  if (c.kind == Kind::invalid_chain) {
    c.expect_invalid = true;
    const bool extras = solver.extra_effectors;
    switch (rng.integer(0, extras ? 9 : 7)) {
      case 0:
        c.variant = "effector -1";
        chain.effector = -1;
        break;
      case 1:
        c.variant = "effector past the last joint";
        chain.effector = n + rng.integer(0, 5);
        break;
      case 2:
        c.variant = "root past the last joint";
        chain.root = n;
        break;
      case 3:
        c.variant = "root -1";
        chain.root = -1;
        break;
      case 4:
        c.variant = "root not an ancestor of the effector";
        chain.root = effector;
        chain.effector = root == effector ? (effector > 0 ? effector - 1 : n) : root;
        break;
      case 5: {
        c.variant = "NaN in the start pose";
        ik::Transform& t = c.pose.local[static_cast<size_t>(
            rig.chain[static_cast<size_t>(rng.integer(0, static_cast<int>(rig.chain.size()) - 1))])];
        const int part = rng.integer(0, 2);
        if (part == 0) t.translation.y = kNaN;
        if (part == 1) t.rotation.x = kNaN;
        if (part == 2) t.scale.z = kNaN;
        break;
      }
      case 6:
        c.variant = "zero scale in the start pose";
        c.pose.local[static_cast<size_t>(effector)].scale.x = 0.0f;
        break;
      case 7:
        c.variant = "lock list of the wrong size";
        c.locked.assign(static_cast<size_t>(n) + 1, 0);
        break;
      case 8:
        c.variant = "extra effector outside the root's subtree";
        chain.extra_effectors.assign(1, ik::EffectorGoal{});
        chain.extra_effectors[0].joint = root > 0 ? root - 1 : n;
        chain.extra_effectors[0].goal.position = goal.position;
        break;
      default:
        c.variant = "extra effector with a negative weight";
        chain.extra_effectors.assign(1, ik::EffectorGoal{});
        chain.extra_effectors[0].joint = effector;
        chain.extra_effectors[0].goal.position = goal.position;
        chain.extra_effectors[0].weight = -1.0f;
        break;
    }
  }

  // ---- 7. The solves: a reachable, unreachable or tight goal is dragged on a little ---
  c.solves.push_back(chain);
  const bool drag = c.kind == Kind::reachable || c.kind == Kind::unreachable || c.kind == Kind::tight_limits;
  const int count = drag ? rng.integer(1, 4) : 1;
  for (int k = 1; k < count; ++k) {
    ik::Chain next = c.solves.back();
    next.goal.position += rng.direction() * (reach * 0.05f);
    c.solves.push_back(next);
  }
  // ---- 8. The full-body solver's stiffness (drawn last) ---------------------------------
  if (std::strcmp(solver.id, "full_body") == 0) set_full_body_stiffness(c, rng);
  return c;
}

}  // namespace soak
