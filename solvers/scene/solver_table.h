// The table of solvers and the table of parameters. The program's panels, sessions, the
// soak and the solver comparison are driven by these two tables, so:
//
//   - adding a solver is its own file and one SolverInfo row: its id, name, function,
//     family (which also says which parameters it reads, below), what it honours (extra
//     effectors, orientation, scale, pole), and comparison colour;
//   - adding a parameter is its Params member (chain.h) and one ParamInfo row: the member,
//     id, label, range, unit, help and which solvers read it. The row's default is read
//     from a default-constructed Params, so the two cannot disagree; reading and writing
//     go through the row's member pointer, so there is no per-parameter code anywhere.
//
// "Which solvers read it" is a ParamInfo's `readers`: solver family names and solver ids,
// so a new Jacobian-based solver reads what the Jacobian family reads without any
// parameter row changing, and a parameter only some solvers read names them.
//
// Chain::solver is an index into solver_table(); find_solver("fabrik") gives it by id.
#pragma once

#include <cstdint>

#include <string>

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"

namespace ik {

using SolveFunction = SolveResult (*)(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                      Workspace& workspace, Trace* trace);

// What kind of method a solver is (the classes of Aristidou et al.'s IK survey, plus the
// two special jobs). Names which solvers read a parameter (ParamInfo::readers), and tells
// the program which solvers have a Jacobian to inspect.
enum class SolverFamily : std::uint8_t {
  heuristic,  // "heuristic": FABRIK, CCD -- geometric sweeps, no derivatives
  jacobian,   // "jacobian": Jacobian transpose, DLS, CCD then DLS -- steps from J
  analytic,   // "analytic": closed form for a fixed number of bones
  physics,    // "physics": a simulation that settles (mass-spring)
  scale,      // "scale": solves scale goals, not positions
  curve,      // "curve": lays the chain along a curve through control points (spline IK)
};

// The family's name as ParamInfo::readers spells it ("jacobian").
const char* to_string(SolverFamily family);

struct SolverInfo {
  const char* id;    // stable, for files and the command line: "fabrik"
  const char* name;  // for the UI: "FABRIK"
  SolveFunction solve;
  SolverFamily family;
  bool extra_effectors;    // honours Chain::extra_effectors
  bool orientation_goals;  // honours Goal::use_orientation
  bool scale_goal;         // solves Goal::scale (scene_solve runs these chains first)
  bool pole;               // honours a pole target (Goal::use_pole, pole.h)
  int exact_bones;         // 0: any chain; else the chain must have exactly this many bones
  // Comparison ghosts and curves, 0xRRGGBB; 0 picks one from the row's index
  // (solver_colour), so a new row needs no colour to be told apart.
  std::uint32_t colour;
  const char* summary;  // one line for a tooltip
};

enum class ParamKind : std::uint8_t { real, integer, boolean, vector3 };

// Where a parameter lives in Params: the member pointer of its kind; the others are null.
struct ParamField {
  float Params::*real = nullptr;
  int Params::*integer = nullptr;
  bool Params::*boolean = nullptr;
  glm::vec3 Params::*vector3 = nullptr;
};

// One Params field: where it is, how files name it, how the UI shows it, who reads it.
struct ParamInfo {
  ParamField field;
  const char* id;  // stable, for files: "max_iterations" (today the member's name; never renamed)
  ParamKind kind;  // follows from the member's type
  const char* label;
  float min;  // the accepted range: a session outside it does not load, the sliders clamp
              // to it (booleans: 0 and 1)
  float max;
  float default_value;  // the field in a default-constructed Params; vector3: its y component
  bool log_scale;       // slider on a logarithmic scale
  const char* unit;     // "", "rad", "s", "kg", "scene units", ...
  // Space-separated solver family names (to_string(SolverFamily)) and solver ids: a solver
  // reads this field if its family or its id is listed (reads_param).
  const char* readers;
  const char* help;  // one line for a tooltip
};

// The solvers, in UI order.
const SolverInfo* solver_table();
int solver_count();

// Index of the solver with this id, or -1.
int find_solver(const char* id);

// The comparison colour of solver `solver` (an index into the table, or past it), each
// channel in [0, 1]: the row's colour if it has one, else a hue stepped by the golden angle
// from the index, so every index gets a colour of its own.
glm::vec3 solver_colour(int solver);

// The line style solver `solver` is plotted in, the second cue besides its colour for readers
// who tell few colours apart: 0 solid, 1 dashed, 2 dotted, 3 dash-dot -- the index modulo
// kLineStyles, so neighbours in the table differ.
inline constexpr int kLineStyles = 4;
int solver_line_style(int solver);
// Line style `style`'s pattern: on, off, on, off lengths in points (pixels in a PNG),
// repeating along the line; solid is always on. Shared by the program's plots and --analyse's.
const float* line_style_pattern(int style);

// Every Params field, in UI order.
const ParamInfo* param_table();
int param_count();

// The row with this id, or nullptr.
const ParamInfo* find_param(const char* id);

// True if `solver` reads `param` (its family or its id is among param.readers).
bool reads_param(const SolverInfo& solver, const ParamInfo& param);

// Reads / writes a scalar field (integer and boolean fields as whole numbers and 0/1;
// set_param rounds integers and reads booleans as value != 0). vector3 fields: use
// get_param3 / set_param3. A field of another kind reads 0 and ignores writes.
float get_param(const Params& params, const ParamField& field);
void set_param(Params& params, const ParamField& field, float value);
glm::vec3 get_param3(const Params& params, const ParamField& field);
void set_param3(Params& params, const ParamField& field, const glm::vec3& value);

// Solves `chain` with `solver` (its row's solve), the goal first drawn in by soft reach when
// the chain asks for it and the row reads it (Params::soft_reach, solvers/ik/soft_reach.h;
// the chain is copied into workspace.soft_reach_chain, so after the first solve nothing is
// allocated). The solve then says so in SolveResult::note when that moved the goal by more
// than the tolerance. Every solve the program makes (scene, Compare, motion analysis) goes
// through here.
SolveResult solve_chain(const SolverInfo& solver, const Skeleton& skeleton, const Chain& chain, Pose& pose,
                        Workspace& workspace, Trace* trace);

// True if `a` and `b` hold the same value in every row of the parameter table.
bool same_params(const Params& a, const Params& b);

// True if the solver honours a pole (its row's `pole`: FABRIK, CCD, the Jacobian solvers and
// the analytic ones; not mass-spring, scale target or full body).
bool uses_pole(const SolverInfo& solver);

// When `solver` needs an exact number of bones (exact_bones) and the chain root -> effector
// has another: one short line that says so and what to do, e.g. "Two-bone needs a 2-bone
// chain (this one has 4): set the root to LeftUpperArm." Empty when the chain fits or
// root is not above effector.
std::string bone_count_advice(const SolverInfo& solver, const Skeleton& skeleton, int root, int effector);

}  // namespace ik
