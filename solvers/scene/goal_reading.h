// What a solve left of each part of a chain's goal, read from the pose it wrote: the
// position and, when the goal asks for it, the orientation, each reached or short, and
// whether the chain's solver honours that part at all (its row in solver_table.h).
//
// Why not the solver's own error: for a 6-D goal it adds the position distance and the
// weighted orientation angle, so a foot 4 mm from its goal whose ankle limit keeps it 23°
// off its orientation reads "stalled, error 0.4" like a foot that never got there; and a
// solver that ignores the orientation reads "reached" on the same goal. The reading keeps
// the parts apart, and the panels, Compare and --state-out word them from it
// ("position reached (4 mm) · orientation 23° short: LeftFoot at its limit").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/ik/chain.h"

namespace ik {

struct SolverInfo;

// An orientation within this many degrees of the goal's counts as reached. (The solvers
// stop on their combined error; a degree is below what a user sees on a hand or a foot.)
inline constexpr float kOrientationReachedDegrees = 1.0f;

// A joint within this many radians of an end of its limits counts as held by it.
inline constexpr float kAtLimitMargin = 0.5f * 0.0174532925f;

enum class GoalPart : std::uint8_t {
  not_asked,      // the goal does not ask for this part
  reached,        // asked, honoured and within its tolerance
  short_of,       // asked, honoured, not within its tolerance
  not_supported,  // asked, but the chain's solver ignores it
};

// "not asked", "reached", "short", "not supported".
const char* to_string(GoalPart part);

struct GoalReading {
  GoalPart position = GoalPart::not_asked;
  float position_error = 0.0f;  // effector to goal, scene units
  GoalPart orientation = GoalPart::not_asked;
  float orientation_degrees = 0.0f;  // angle between the effector's and the goal's rotation
  // When a part is short: the chain joint nearest the effector that sits at an end of its
  // limits (the one that holds the solve back, as far as a reading can tell), else -1.
  int limiting_joint = -1;
  bool pole_ignored = false;  // the goal has a pole the solver does not honour
  // True if every part asked is reached (what the plain green "reached" means).
  bool whole_goal_reached() const;
  // True if the position is reached and another part asked is short or ignored (what the
  // blue "position reached" means).
  bool partly_reached() const { return position == GoalPart::reached && !whole_goal_reached(); }
};

// Reads `chain`'s goal against the pose whose model-space matrices are `world` (fk_all of
// `pose`). The position's tolerance is the chain's (resolve_tolerance of its params over the
// root-to-effector length in `world`).
GoalReading read_goal(const Skeleton& skeleton, const Pose& pose, const std::vector<glm::mat4>& world,
                      const Chain& chain, const SolverInfo& solver);

// One line for the panels and --state-out: each part asked, in scene units and degrees,
// e.g. "position reached (0.004) · orientation 23° short: LeftFoot at its limit",
// "position reached (1e-05) · orientation reached (0.2°)" or "position reached (1e-05) ·
// orientation not supported". Empty for a position-only goal
// honoured as asked (the status word says all there is).
std::string describe_goal_parts(const GoalReading& reading, const Skeleton& skeleton);

}  // namespace ik
