// The parts of a chain's goal, read from the pose (goal_reading.h).
#include "solvers/scene/goal_reading.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"
#include "solvers/scene/solver_table.h"

namespace ik {

const char* to_string(GoalPart part) {
  switch (part) {
    case GoalPart::not_asked:
      return "not asked";
    case GoalPart::reached:
      return "reached";
    case GoalPart::short_of:
      return "short";
    case GoalPart::not_supported:
      return "not supported";
  }
  return "?";
}

bool GoalReading::whole_goal_reached() const {
  for (const GoalPart part : {position, orientation})
    if (part == GoalPart::short_of || part == GoalPart::not_supported) return false;
  return !pole_ignored;
}

GoalReading read_goal(const Skeleton& skeleton, const Pose& pose, const std::vector<glm::mat4>& world,
                      const Chain& chain, const SolverInfo& solver) {
  GoalReading out;
  const int n = skeleton.joint_count();
  if (chain.effector < 0 || chain.effector >= n || chain.root < 0 || chain.root >= n ||
      world.size() != static_cast<size_t>(n) || pose.local.size() != static_cast<size_t>(n))
    return out;
  const glm::mat4& effector = world[static_cast<size_t>(chain.effector)];
  // The root-to-effector length in this pose, for a relative tolerance.
  float length = 0.0f;
  for (int j = chain.effector; j != chain.root && j >= 0;) {
    const int p = skeleton.parent[static_cast<size_t>(j)];
    if (p < 0) break;
    length += glm::length(position_of(world[static_cast<size_t>(j)]) - position_of(world[static_cast<size_t>(p)]));
    j = p;
  }
  const float tolerance = resolve_tolerance(chain.params, length);
  out.position_error = glm::length(position_of(effector) - chain.goal.position);
  out.position = out.position_error <= tolerance * 1.001f ? GoalPart::reached : GoalPart::short_of;
  // (An orientation of no length or not finite is no orientation a solver takes: invalid input.)
  const float orientation_length = glm::length(chain.goal.orientation);
  if (chain.goal.use_orientation && orientation_length > 0.0f && std::isfinite(orientation_length)) {
    const glm::vec3 turn =
        rotation_vector_between(rotation_of(glm::mat3(effector)), glm::normalize(chain.goal.orientation));
    out.orientation_degrees = glm::length(turn) * 57.2957795f;
    if (!solver.orientation_goals)
      out.orientation = GoalPart::not_supported;
    else
      out.orientation = out.orientation_degrees <= kOrientationReachedDegrees ? GoalPart::reached : GoalPart::short_of;
  }
  out.pole_ignored = (chain.goal.use_pole || chain.goal.auto_pole) && !solver.pole;
  if (out.position == GoalPart::short_of || out.orientation == GoalPart::short_of) {
    for (int j = chain.effector; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) {
      const size_t u = static_cast<size_t>(j);
      if (chain.params.use_limits &&
          at_limit(skeleton.limits[u], skeleton.rest[u].rotation, pose.local[u].rotation, kAtLimitMargin)) {
        out.limiting_joint = j;
        break;
      }
      if (j == chain.root) break;
    }
  }
  return out;
}

namespace {

// "0.004" for a distance in scene units: three significant digits.
std::string short_number(float value) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3g", static_cast<double>(value));
  return buf;
}

}  // namespace

std::string describe_goal_parts(const GoalReading& reading, const Skeleton& skeleton) {
  if (reading.orientation == GoalPart::not_asked && !reading.pole_ignored) return {};
  std::string out = "position ";
  out += reading.position == GoalPart::reached ? "reached (" : "short (";
  out += short_number(reading.position_error) + ")";
  switch (reading.orientation) {
    case GoalPart::not_asked:
      break;
    case GoalPart::not_supported:
      out += " · orientation not supported";
      break;
    case GoalPart::reached:
    case GoalPart::short_of: {
      // Whole degrees when short (what a user compares), a tenth when within the degree.
      const double degrees = static_cast<double>(std::max(reading.orientation_degrees, 0.0f));
      char buf[64];
      if (reading.orientation == GoalPart::reached)
        std::snprintf(buf, sizeof(buf), " · orientation reached (%.1f°)", degrees);
      else
        std::snprintf(buf, sizeof(buf), " · orientation %.0f° short", degrees);
      out += buf;
      break;
    }
  }
  if (reading.pole_ignored) out += " · pole not supported";
  const bool short_part = reading.position == GoalPart::short_of || reading.orientation == GoalPart::short_of;
  if (short_part && reading.limiting_joint >= 0 && static_cast<size_t>(reading.limiting_joint) < skeleton.name.size())
    out += ": " + skeleton.name[static_cast<size_t>(reading.limiting_joint)] + " at its limit";
  return out;
}

}  // namespace ik
