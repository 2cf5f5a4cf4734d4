#include "solvers/solver_table.h"

#include <cmath>
#include <cstring>

#include "solvers/analytic.h"
#include "solvers/ccd.h"
#include "solvers/ccd_dls.h"
#include "solvers/fabrik.h"
#include "solvers/jacobian.h"
#include "solvers/mass_spring.h"
#include "solvers/scale_target.h"

namespace ik {
namespace {

constexpr std::uint32_t kIterative = kParamMaxIterations | kParamTolerance |
                                     kParamToleranceRelative | kParamUseLimits | kParamWarmStart;

constexpr std::uint32_t kJacobian = kIterative | kParamFiniteDifference | kParamFdStep |
                                    kParamMaxStepAngle | kParamOrientationWeight;
constexpr std::uint32_t kAnalytic = kParamTolerance | kParamToleranceRelative | kParamUseLimits;

const SolverInfo kSolvers[] = {
    {"fabrik", "FABRIK", solve_fabrik, kIterative, true, false, false, 0,
     "Forward and backward reaching on positions; rotations rebuilt from the rest pose. "
     "Mid-chain and branch effectors."},
    {"ccd", "CCD", solve_ccd, kIterative | kParamMaxStepAngle, false, false, false, 0,
     "Cyclic coordinate descent: each joint in turn, effector to root, points the effector "
     "at the goal. Hinge and per-axis limits."},
    {"jacobian_transpose", "Jacobian transpose", solve_jacobian_transpose, kJacobian, true, true,
     false, 0,
     "Steps along J^T e with Buss's optimal step length. Position and orientation goals."},
    {"dls", "Damped least squares", solve_dls, kJacobian | kParamLambda, true, true, false, 0,
     "J^T (J J^T + lambda^2 I)^-1 e: steady near singularities, lambda trades reach for calm."},
    {"ccd_dls", "CCD then DLS", solve_ccd_dls, kJacobian | kParamLambda, true, true, false, 0,
     "A couple of CCD sweeps bring the chain near the goal, damped least squares finishes."},
    {"two_bone", "Analytic two-bone", solve_two_bone, kAnalytic, false, true, false, 2,
     "Law of cosines in the plane of the pole: exact in one step for a two-bone limb."},
    {"three_bone", "Analytic three-bone", solve_three_bone, kAnalytic, false, true, false, 3,
     "Two-bone solve for the joint before the last link, the last link along the goal's up."},
    {"mass_spring", "Mass-spring", solve_mass_spring,
     kParamTolerance | kParamToleranceRelative | kParamUseLimits | kParamGravity | kParamMass |
         kParamDamping | kParamTimeStep | kParamSubstep | kParamConstraintIterations,
     false, false, false, 0,
     "Particles under gravity held at the root and at the goal, bones kept by distance "
     "constraints; fixed substeps. Swings and settles."},
    {"scale_target", "Scale target", solve_scale_target,
     kParamTolerance | kParamToleranceRelative | kParamMinScale | kParamMaxScale, false, false,
     true, 0,
     "Spreads the goal's scale over the chain's joints within [min, max] each; runs first."},
};

const ParamInfo kParams[] = {
    {kParamMaxIterations, "max_iterations", ParamKind::integer, "Iterations", 1.0f, 256.0f, 16.0f,
     true, "", "Most iterations per solve"},
    {kParamTolerance, "tolerance", ParamKind::real, "Tolerance", 1e-6f, 0.1f, 1e-3f, true, "",
     "Stop when the error is at most this (scene units, or a fraction of the chain length)"},
    {kParamToleranceRelative, "tolerance_relative", ParamKind::boolean,
     "Tolerance relative to chain length", 0.0f, 1.0f, 1.0f, false, "",
     "Read the tolerance (and lambda) as fractions of the chain's length"},
    {kParamLambda, "lambda", ParamKind::real, "Damping lambda", 1e-4f, 10.0f, 0.1f, true,
     "scene units",
     "Damped least squares: larger is steadier near singularities, smaller reaches closer"},
    {kParamFiniteDifference, "finite_difference", ParamKind::boolean, "Finite-difference Jacobian",
     0.0f, 1.0f, 0.0f, false, "",
     "Jacobian columns by finite differences instead of axis x (effector - joint)"},
    {kParamFdStep, "fd_step", ParamKind::real, "Finite-difference step", 1e-5f, 0.1f, 1e-3f, true,
     "rad", "Angle each joint is nudged by to measure its Jacobian column"},
    {kParamMaxStepAngle, "max_step_angle", ParamKind::real, "Max step angle", 0.0f, 3.14159265f,
     0.0f, false, "rad", "Most a joint may turn in one iteration (0 = no limit)"},
    {kParamUseLimits, "use_limits", ParamKind::boolean, "Joint limits", 0.0f, 1.0f, 1.0f, false, "",
     "Honour the skeleton's joint limits"},
    {kParamWarmStart, "warm_start", ParamKind::boolean, "Warm start", 0.0f, 1.0f, 1.0f, false, "",
     "Start from the last pose (path dependent) instead of the rest pose"},
    {kParamOrientationWeight, "orientation_weight", ParamKind::real, "Orientation weight", 0.0f,
     10.0f, 1.0f, false, "scene units/rad",
     "Weight of the orientation error against the position error"},
    {kParamGravity, "gravity", ParamKind::vector3, "Gravity", -50.0f, 50.0f, -9.81f, false,
     "scene units/s^2", "Acceleration on every particle, model space"},
    {kParamMass, "mass", ParamKind::real, "Mass", 0.01f, 100.0f, 1.0f, true, "kg",
     "Mass of each particle"},
    {kParamDamping, "damping", ParamKind::real, "Damping", 0.0f, 1.0f, 0.02f, false, "per substep",
     "Fraction of velocity lost each substep"},
    {kParamTimeStep, "time_step", ParamKind::real, "Time per solve", 0.001f, 0.1f, 1.0f / 60.0f,
     true, "s", "Simulated time each solve advances (one frame)"},
    {kParamSubstep, "substep", ParamKind::real, "Substep", 0.0005f, 1.0f / 30.0f, 1.0f / 240.0f,
     true, "s", "Fixed simulation step, so motion does not depend on the frame rate"},
    {kParamConstraintIterations, "constraint_iterations", ParamKind::integer, "Constraint passes",
     1.0f, 64.0f, 8.0f, false, "", "Distance-constraint passes per substep"},
    {kParamMinScale, "min_scale", ParamKind::real, "Min scale", 0.01f, 1.0f, 0.25f, true, "",
     "Smallest scale factor one joint may take"},
    {kParamMaxScale, "max_scale", ParamKind::real, "Max scale", 1.0f, 100.0f, 4.0f, true, "",
     "Largest scale factor one joint may take"},
};

}  // namespace

const SolverInfo* solver_table() { return kSolvers; }
int solver_count() { return static_cast<int>(sizeof(kSolvers) / sizeof(kSolvers[0])); }

int find_solver(const char* id) {
  if (id == nullptr) return -1;
  for (int i = 0; i < solver_count(); ++i)
    if (std::strcmp(kSolvers[i].id, id) == 0) return i;
  return -1;
}

const ParamInfo* param_table() { return kParams; }
int param_count() { return static_cast<int>(sizeof(kParams) / sizeof(kParams[0])); }

const ParamInfo* find_param(ParamField field) {
  for (const ParamInfo& p : kParams)
    if (p.field == field) return &p;
  return nullptr;
}

float get_param(const Params& p, ParamField field) {
  switch (field) {
    case kParamMaxIterations:
      return static_cast<float>(p.max_iterations);
    case kParamTolerance:
      return p.tolerance;
    case kParamToleranceRelative:
      return p.tolerance_relative ? 1.0f : 0.0f;
    case kParamLambda:
      return p.lambda;
    case kParamFiniteDifference:
      return p.finite_difference ? 1.0f : 0.0f;
    case kParamFdStep:
      return p.fd_step;
    case kParamMaxStepAngle:
      return p.max_step_angle;
    case kParamUseLimits:
      return p.use_limits ? 1.0f : 0.0f;
    case kParamWarmStart:
      return p.warm_start ? 1.0f : 0.0f;
    case kParamOrientationWeight:
      return p.orientation_weight;
    case kParamMass:
      return p.mass;
    case kParamDamping:
      return p.damping;
    case kParamTimeStep:
      return p.time_step;
    case kParamSubstep:
      return p.substep;
    case kParamConstraintIterations:
      return static_cast<float>(p.constraint_iterations);
    case kParamMinScale:
      return p.min_scale;
    case kParamMaxScale:
      return p.max_scale;
    case kParamGravity:
      break;  // vector3: get_param3
  }
  return 0.0f;
}

void set_param(Params& p, ParamField field, float value) {
  const int whole = static_cast<int>(std::lround(value));
  switch (field) {
    case kParamMaxIterations:
      p.max_iterations = whole;
      break;
    case kParamTolerance:
      p.tolerance = value;
      break;
    case kParamToleranceRelative:
      p.tolerance_relative = value != 0.0f;
      break;
    case kParamLambda:
      p.lambda = value;
      break;
    case kParamFiniteDifference:
      p.finite_difference = value != 0.0f;
      break;
    case kParamFdStep:
      p.fd_step = value;
      break;
    case kParamMaxStepAngle:
      p.max_step_angle = value;
      break;
    case kParamUseLimits:
      p.use_limits = value != 0.0f;
      break;
    case kParamWarmStart:
      p.warm_start = value != 0.0f;
      break;
    case kParamOrientationWeight:
      p.orientation_weight = value;
      break;
    case kParamMass:
      p.mass = value;
      break;
    case kParamDamping:
      p.damping = value;
      break;
    case kParamTimeStep:
      p.time_step = value;
      break;
    case kParamSubstep:
      p.substep = value;
      break;
    case kParamConstraintIterations:
      p.constraint_iterations = whole;
      break;
    case kParamMinScale:
      p.min_scale = value;
      break;
    case kParamMaxScale:
      p.max_scale = value;
      break;
    case kParamGravity:
      break;  // vector3: set_param3
  }
}

glm::vec3 get_param3(const Params& p, ParamField field) {
  return field == kParamGravity ? p.gravity : glm::vec3(0.0f);
}

void set_param3(Params& p, ParamField field, const glm::vec3& value) {
  if (field == kParamGravity) p.gravity = value;
}

}  // namespace ik
