// The table of solvers: one row per solver (id, name, function, which Params fields it
// reads), and one row per Params field (label, UI range, default, unit). The program's
// panels are driven by these tables, so adding a solver touches its own file and one row
// here.
//
// Chain::solver is an index into solver_table(); find_solver("fabrik") gives it by id.
#pragma once

#include <cstdint>

#include "solvers/chain.h"

namespace ik {

using SolveFunction = SolveResult (*)(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                      Workspace& workspace, Trace* trace);

// One bit per Params field.
enum ParamField : std::uint32_t {
  kParamMaxIterations = 1u << 0,
  kParamTolerance = 1u << 1,
  kParamToleranceRelative = 1u << 2,
  kParamLambda = 1u << 3,
  kParamFiniteDifference = 1u << 4,
  kParamFdStep = 1u << 5,
  kParamMaxStepAngle = 1u << 6,
  kParamUseLimits = 1u << 7,
  kParamWarmStart = 1u << 8,
  kParamOrientationWeight = 1u << 9,
  kParamGravity = 1u << 10,
  kParamMass = 1u << 11,
  kParamDamping = 1u << 12,
  kParamTimeStep = 1u << 13,
  kParamSubstep = 1u << 14,
  kParamConstraintIterations = 1u << 15,
  kParamMinScale = 1u << 16,
  kParamMaxScale = 1u << 17,
};

enum class ParamKind : std::uint8_t { real, integer, boolean, vector3 };

// How the UI shows one Params field. `default_value` equals the field's value in a
// default-constructed Params (a test checks it); for vector3 it is the y component.
struct ParamInfo {
  ParamField field;
  const char* id;  // stable, for files: "max_iterations" (the Params member's name)
  ParamKind kind;
  const char* label;
  float min;
  float max;
  float default_value;
  bool log_scale;    // slider on a logarithmic scale
  const char* unit;  // "", "rad", "s", "kg", "scene units", ...
  const char* help;  // one line for a tooltip
};

struct SolverInfo {
  const char* id;    // stable, for files and the command line: "fabrik"
  const char* name;  // for the UI: "FABRIK"
  SolveFunction solve;
  std::uint32_t params;    // ParamField bits the solver reads
  bool extra_effectors;    // honours Chain::extra_effectors
  bool orientation_goals;  // honours Goal::use_orientation
  bool scale_goal;         // solves Goal::scale (scene_solve runs these chains first)
  int exact_bones;         // 0: any chain; else the chain must have exactly this many bones
  const char* summary;     // one line for a tooltip
};

// The solvers, in UI order.
const SolverInfo* solver_table();
int solver_count();

// Index of the solver with this id, or -1.
int find_solver(const char* id);

// The table of every Params field, in UI order.
const ParamInfo* param_table();
int param_count();

// The row of one field (nullptr if `field` is not a single known bit).
const ParamInfo* find_param(ParamField field);

// Reads / writes a scalar field (integer and boolean fields as 0/1 and whole numbers;
// set_param rounds integers and reads booleans as value != 0). vector3 fields: use
// get_param3 / set_param3. Unknown fields read 0 and ignore writes.
float get_param(const Params& params, ParamField field);
void set_param(Params& params, ParamField field, float value);
glm::vec3 get_param3(const Params& params, ParamField field);
void set_param3(Params& params, ParamField field, const glm::vec3& value);

}  // namespace ik
