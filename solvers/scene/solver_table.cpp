#include "solvers/scene/solver_table.h"

#include <cmath>
#include <cstring>
#include <iterator>

#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/ccd/ccd.h"
#include "solvers/ik/fabrik/fabrik.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/jacobian/ccd_dls.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/mass_spring/mass_spring.h"
#include "solvers/ik/scale_target/scale_target.h"
#include "solvers/ik/soft_reach.h"
#include "solvers/ik/spline/spline.h"

namespace ik {
namespace {

using Family = SolverFamily;

// Columns: id, name, function, family, then what it honours -- extra effectors, orientation
// goals, a scale goal, a pole -- then exact bones (0: any), colour (0: from the index), summary.
// The colours are Okabe and Ito's palette for colour-vision deficiencies ("Color Universal
// Design", 2008: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple),
// with white and grey in place of its black on the dark background; two-bone and three-bone
// share blue (a chain is solved by one of them, never both), and the Motion panel draws each
// solver in a line style of its own as well (solver_dash).
const SolverInfo kSolvers[] = {
    {"fabrik", "FABRIK", solve_fabrik, Family::heuristic, true, true, false, true, 0, 0x56B4E9,
     "Forward and backward reaching on positions; rotations rebuilt from the rest pose, the "
     "effector turned to an orientation goal. Mid-chain and branch effectors."},
    {"ccd", "CCD", solve_ccd, Family::heuristic, false, true, false, true, 0, 0xE69F00,
     "Cyclic coordinate descent: each joint in turn, effector to root, points the effector "
     "at the goal, then the effector turns to an orientation goal. Hinge, per-axis and cone limits."},
    {"jacobian_transpose", "Jacobian transpose", solve_jacobian_transpose, Family::jacobian, true, true, false, true, 0,
     0x009E73, "Steps along J^T e with Buss's optimal step length. Position and orientation goals."},
    {"dls", "Damped least squares", solve_dls, Family::jacobian, true, true, false, true, 0, 0xCC79A7,
     "J^T (J J^T + lambda^2 I)^-1 e: steady near singularities, lambda trades reach for calm."},
    {"ccd_dls", "CCD then DLS", solve_ccd_dls, Family::jacobian, true, true, false, true, 0, 0xF0E442,
     "A couple of CCD sweeps bring the chain near the goal, damped least squares finishes."},
    {"two_bone", "Analytic two-bone", solve_two_bone, Family::analytic, false, true, false, true, 2, 0x0072B2,
     "Law of cosines in the plane of the pole: exact in one step for a two-bone limb."},
    {"three_bone", "Analytic three-bone", solve_three_bone, Family::analytic, false, true, false, true, 3, 0x0072B2,
     "Two-bone solve for the joint before the last link, the last link along the goal's up."},
    {"mass_spring", "Mass-spring", solve_mass_spring, Family::physics, false, false, false, false, 0, 0xD55E00,
     "Particles under gravity held at the root and at the goal, bones kept by distance "
     "constraints; fixed substeps. Swings and settles."},
    {"scale_target", "Scale target", solve_scale_target, Family::scale, false, false, true, false, 0, 0xCCCCCC,
     "Spreads the goal's scale over the chain's joints within [min, max] each; runs first."},
    {"full_body", "Full body", solve_full_body, Family::jacobian, true, true, false, false, 0, 0xF0F0F0,
     "Every effector at once over the root's subtree: root free to move, stiff spine, pinned "
     "effectors first, the others in their null space (weighted damped least squares)."},
    {"spline", "Spline IK", solve_spline, Family::curve, false, false, false, false, 0, 0x999999,
     "The chain laid along a curve from its root through draggable control points to the goal: "
     "bone lengths kept, twist spread smoothly. One pass."},
};

// ---- The param rows ----------------------------------------------------------------------

// Who reads a parameter (ParamInfo::readers), for the groups that recur.
constexpr const char* kEverySolver = "heuristic jacobian analytic physics scale curve";
constexpr const char* kIterativeSolvers = "heuristic jacobian";  // they iterate from a start pose
constexpr const char* kRotationSolvers = "heuristic jacobian analytic physics curve";  // they turn joints
// The limb solvers (full body drives many effectors and softens none).
constexpr const char* kSoftReachSolvers = "heuristic analytic physics jacobian_transpose dls ccd_dls";

enum Slider : bool { kLinear = false, kLogarithmic = true };

const Params& defaults() {
  static const Params params;
  return params;
}

// A row's words and range; row() adds the member, and with it the kind and the default.
ParamInfo describe(const char* id, const char* label, float min, float max, Slider slider,
                   const char* unit, const char* readers, const char* help) {
  ParamInfo info{};
  info.id = id;
  info.label = label;
  info.min = min;
  info.max = max;
  info.log_scale = slider == kLogarithmic;
  info.unit = unit;
  info.readers = readers;
  info.help = help;
  return info;
}

// One row() per member type: the member's type gives the kind, a default-constructed
// Params the default.
ParamInfo row(float Params::*member, const char* id, const char* label, float min, float max,
              Slider slider, const char* unit, const char* readers, const char* help) {
  ParamInfo info = describe(id, label, min, max, slider, unit, readers, help);
  info.field.real = member;
  info.kind = ParamKind::real;
  info.default_value = defaults().*member;
  return info;
}

ParamInfo row(int Params::*member, const char* id, const char* label, float min, float max,
              Slider slider, const char* unit, const char* readers, const char* help) {
  ParamInfo info = describe(id, label, min, max, slider, unit, readers, help);
  info.field.integer = member;
  info.kind = ParamKind::integer;
  info.default_value = static_cast<float>(defaults().*member);
  return info;
}

// A switch: a checkbox, no range or unit.
ParamInfo row(bool Params::*member, const char* id, const char* label, const char* readers,
              const char* help) {
  ParamInfo info = describe(id, label, 0.0f, 1.0f, kLinear, "", readers, help);
  info.field.boolean = member;
  info.kind = ParamKind::boolean;
  info.default_value = defaults().*member ? 1.0f : 0.0f;
  return info;
}

// The range bounds each component; the default shown is the y component.
ParamInfo row(glm::vec3 Params::*member, const char* id, const char* label, float min, float max,
              Slider slider, const char* unit, const char* readers, const char* help) {
  ParamInfo info = describe(id, label, min, max, slider, unit, readers, help);
  info.field.vector3 = member;
  info.kind = ParamKind::vector3;
  info.default_value = (defaults().*member).y;
  return info;
}

// Built on first use (not at static initialisation, so a caller in another file's static
// initialiser still finds it filled).
const ParamInfo* params_and_count(int* count) {
  static const ParamInfo kRows[] = {
      row(&Params::max_iterations, "max_iterations", "Iterations", 1.0f, 256.0f, kLogarithmic, "", kIterativeSolvers,
          "Most iterations per solve"),
      row(&Params::tolerance, "tolerance", "Tolerance", 1e-6f, 0.1f, kLogarithmic, "", kEverySolver,
          "Stop when the error is at most this (scene units, or a fraction of the chain length)"),
      row(&Params::tolerance_relative, "tolerance_relative", "Tolerance relative to chain length", kEverySolver,
          "Read the tolerance (and lambda) as fractions of the chain's length"),
      row(&Params::lambda, "lambda", "Damping lambda", 1e-4f, 10.0f, kLogarithmic, "scene units",
          "dls ccd_dls full_body",
          "Damped least squares: larger is steadier near singularities, smaller reaches closer"),
      row(&Params::finite_difference, "finite_difference", "Finite-difference Jacobian",
          "jacobian_transpose dls ccd_dls",
          "Jacobian columns by finite differences instead of axis x (effector - joint)"),
      row(&Params::fd_step, "fd_step", "Finite-difference step", 1e-5f, 0.1f, kLogarithmic, "rad",
          "jacobian_transpose dls ccd_dls", "Angle each joint is nudged by to measure its Jacobian column"),
      row(&Params::max_step_angle, "max_step_angle", "Max step angle", 0.0f, 3.14159265f, kLinear, "rad",
          "ccd jacobian", "Most a joint may turn in one iteration (0 = no limit)"),
      row(&Params::use_limits, "use_limits", "Joint limits", kRotationSolvers, "Honour the skeleton's joint limits"),
      row(&Params::warm_start, "warm_start", "Warm start", kIterativeSolvers,
          "Start from the last pose (path dependent) instead of the rest pose"),
      row(&Params::orientation_weight, "orientation_weight", "Orientation weight", 0.0f, 10.0f, kLinear,
          "scene units/rad", "jacobian", "Weight of the orientation error against the position error"),
      row(&Params::gravity, "gravity", "Gravity", -50.0f, 50.0f, kLinear, "scene units/s^2", "physics",
          "Acceleration on every particle, model space"),
      row(&Params::mass, "mass", "Mass", 0.01f, 100.0f, kLogarithmic, "kg", "physics", "Mass of each particle"),
      row(&Params::damping, "damping", "Damping", 0.0f, 1.0f, kLinear, "per substep", "physics",
          "Fraction of velocity lost each substep"),
      row(&Params::time_step, "time_step", "Time per solve", 0.001f, 0.1f, kLogarithmic, "s", "physics",
          "Simulated time each solve advances (one frame)"),
      row(&Params::substep, "substep", "Substep", 0.0005f, 1.0f / 30.0f, kLogarithmic, "s", "physics",
          "Fixed simulation step, so motion does not depend on the frame rate"),
      row(&Params::constraint_iterations, "constraint_iterations", "Constraint passes", 1.0f, 64.0f, kLinear, "",
          "physics", "Distance-constraint passes per substep"),
      row(&Params::min_scale, "min_scale", "Min scale", 0.01f, 1.0f, kLogarithmic, "", "scale",
          "Smallest scale factor one joint may take"),
      row(&Params::max_scale, "max_scale", "Max scale", 1.0f, 100.0f, kLogarithmic, "", "scale",
          "Largest scale factor one joint may take"),
      row(&Params::soft_reach, "soft_reach", "Soft reach", 0.0f, 0.3f, kLinear, "of the reach", kSoftReachSolvers,
          "Near full extension the goal is drawn in over this fraction of the limb's reach, so the knee or elbow "
          "straightens smoothly instead of snapping (0 = off)"),
  };
  if (count != nullptr) *count = static_cast<int>(std::size(kRows));
  return kRows;
}

// True if the space-separated `list` holds `word`.
bool lists(const char* list, const char* word) {
  const size_t length = std::strlen(word);
  for (const char* p = list; *p != '\0';) {
    while (*p == ' ') ++p;
    const char* end = p;
    while (*end != '\0' && *end != ' ') ++end;
    if (static_cast<size_t>(end - p) == length && std::strncmp(p, word, length) == 0) return true;
    p = end;
  }
  return false;
}

glm::vec3 from_rgb(std::uint32_t rgb) {
  return glm::vec3(static_cast<float>((rgb >> 16) & 0xFF), static_cast<float>((rgb >> 8) & 0xFF),
                   static_cast<float>(rgb & 0xFF)) /
         255.0f;
}

// Hue, saturation, value in [0, 1] to RGB.
glm::vec3 from_hsv(float hue, float saturation, float value) {
  const glm::vec3 k = glm::mod(glm::vec3(5.0f, 3.0f, 1.0f) + hue * 6.0f, 6.0f);
  return value -
         value * saturation * glm::clamp(glm::min(k, 4.0f - k), glm::vec3(0.0f), glm::vec3(1.0f));
}

}  // namespace

const char* to_string(SolverFamily family) {
  switch (family) {
    case SolverFamily::heuristic:
      return "heuristic";
    case SolverFamily::jacobian:
      return "jacobian";
    case SolverFamily::analytic:
      return "analytic";
    case SolverFamily::physics:
      return "physics";
    case SolverFamily::scale:
      return "scale";
    case SolverFamily::curve:
      return "curve";
  }
  return "?";
}

const SolverInfo* solver_table() { return kSolvers; }
int solver_count() { return static_cast<int>(std::size(kSolvers)); }

int find_solver(const char* id) {
  if (id == nullptr) return -1;
  for (int i = 0; i < solver_count(); ++i)
    if (std::strcmp(kSolvers[i].id, id) == 0) return i;
  return -1;
}

glm::vec3 solver_colour(int solver) {
  if (solver >= 0 && solver < solver_count() && kSolvers[solver].colour != 0)
    return from_rgb(kSolvers[solver].colour);
  // Hues a golden angle (1 - 1/phi of a turn) apart never repeat and stay spread out however
  // many there are; every other one darker, so neighbours in hue differ in brightness too.
  // The start hue keeps the first generated colours away from the table's (a test checks
  // that 16 indices give 16 distinct colours).
  const float steps = static_cast<float>(solver < 0 ? -solver : solver);
  const float hue = std::fmod(0.78f + 0.381966f * steps, 1.0f);
  return from_hsv(hue, 0.65f, solver % 2 == 0 ? 0.85f : 0.61f);
}

int solver_line_style(int solver) { return (solver < 0 ? -solver : solver) % kLineStyles; }

const float* line_style_pattern(int style) {
  static const float kPatterns[kLineStyles][4] = {{1.0f, 0.0f, 1.0f, 0.0f},   // solid
                                                  {7.0f, 4.0f, 7.0f, 4.0f},   // dashed
                                                  {2.0f, 3.0f, 2.0f, 3.0f},   // dotted
                                                  {8.0f, 3.0f, 2.0f, 3.0f}};  // dash-dot
  return kPatterns[style >= 0 && style < kLineStyles ? style : 0];
}

const ParamInfo* param_table() { return params_and_count(nullptr); }

int param_count() {
  int count = 0;
  params_and_count(&count);
  return count;
}

const ParamInfo* find_param(const char* id) {
  if (id == nullptr) return nullptr;
  const ParamInfo* rows = param_table();
  for (int i = 0; i < param_count(); ++i)
    if (std::strcmp(rows[i].id, id) == 0) return &rows[i];
  return nullptr;
}

bool reads_param(const SolverInfo& solver, const ParamInfo& param) {
  return lists(param.readers, to_string(solver.family)) || lists(param.readers, solver.id);
}

float get_param(const Params& params, const ParamField& field) {
  if (field.real != nullptr) return params.*field.real;
  if (field.integer != nullptr) return static_cast<float>(params.*field.integer);
  if (field.boolean != nullptr) return params.*field.boolean ? 1.0f : 0.0f;
  return 0.0f;
}

void set_param(Params& params, const ParamField& field, float value) {
  if (field.real != nullptr) params.*field.real = value;
  if (field.integer != nullptr) params.*field.integer = static_cast<int>(std::lround(value));
  if (field.boolean != nullptr) params.*field.boolean = value != 0.0f;
}

glm::vec3 get_param3(const Params& params, const ParamField& field) {
  return field.vector3 != nullptr ? params.*field.vector3 : glm::vec3(0.0f);
}

void set_param3(Params& params, const ParamField& field, const glm::vec3& value) {
  if (field.vector3 != nullptr) params.*field.vector3 = value;
}

// ---- Pole and bone-count advice ----------------------------------------------------------

bool uses_pole(const SolverInfo& solver) { return solver.pole; }

bool same_params(const Params& a, const Params& b) {
  for (int i = 0; i < param_count(); ++i) {
    const ParamInfo& param = param_table()[i];
    const bool same = param.kind == ParamKind::vector3 ? get_param3(a, param.field) == get_param3(b, param.field)
                                                       : get_param(a, param.field) == get_param(b, param.field);
    if (!same) return false;
  }
  return true;
}

std::string bone_count_advice(const SolverInfo& solver, const Skeleton& skeleton, int root, int effector) {
  const std::vector<int> path = chain_path(skeleton, root, effector);
  const int bones = static_cast<int>(path.size()) - 1;
  if (solver.exact_bones <= 0 || path.empty() || bones == solver.exact_bones) return "";
  std::string name = solver.name;  // "Analytic two-bone" -> "Two-bone"
  if (name.rfind("Analytic ", 0) == 0) name = name.substr(9);
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
  std::string advice = name + " needs a " + std::to_string(solver.exact_bones) + "-bone chain (this one has " +
                       std::to_string(bones) + "): ";
  // The joint exact_bones parents above the effector, if the skeleton has it.
  int wanted_root = effector;
  for (int k = 0; k < solver.exact_bones && wanted_root >= 0; ++k)
    wanted_root = skeleton.parent[static_cast<size_t>(wanted_root)];
  if (wanted_root < 0) return advice + "pick an effector farther from the skeleton's root.";
  const std::string& joint = skeleton.name[static_cast<size_t>(wanted_root)];
  return advice + "set the root to " + (joint.empty() ? "joint " + std::to_string(wanted_root) : joint) + ".";
}

SolveResult solve_chain(const SolverInfo& solver, const Skeleton& skeleton, const Chain& chain, Pose& pose,
                        Workspace& workspace, Trace* trace) {
  static const ParamInfo* const soft_reach = find_param("soft_reach");
  if (!(chain.params.soft_reach > 0.0f) || !chain.extra_effectors.empty() || soft_reach == nullptr ||
      !reads_param(solver, *soft_reach))
    return solver.solve(skeleton, chain, pose, workspace, trace);
  workspace.soft_reach_chain = chain;  // assigned over: no allocation after the first solve
  const bool drawn_in = soften_goal(skeleton, pose, workspace.soft_reach_chain);
  SolveResult result = solver.solve(skeleton, workspace.soft_reach_chain, pose, workspace, trace);
  if (drawn_in && result.note == nullptr && result.status != SolveStatus::invalid_input)
    result.note = "soft reach drew the goal in";
  return result;
}

}  // namespace ik
