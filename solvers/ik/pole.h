// Pole targets (Goal::use_pole): the geometry every solver shares, and the way the
// iterative solvers honour a pole.
//
// Meaning. Goal::pole_target is a point in model space (a pole target as in Blender,
// Unreal or Godot). The chain's bend plane is the plane through its root, its goal and
// that point; the chain's middle lies on the point's side of the root -> goal line. Goal::
// pole_twist (radians) turns that side about the root -> goal line, right-handed. "The
// chain's middle" is its bend side: the sum of the offsets of its interior joints from the
// root -> effector line (bend_side), which for a two-bone limb is the elbow's offset.
// With use_pole off nothing here runs and Goal::pole stays the old direction hint.
//
// Near the root -> pole line the pole's side is undefined: when the goal crosses that line
// the side turns half a turn in no distance (every pole target has this; it is the classic
// elbow flip). Within the band where the angle between root -> goal and root -> pole has a
// sine below kPoleBandSine the chain therefore keeps the bend it has and turns it toward
// the pole's side by at most kPoleTurnPerGoalStep times the goal's angular step (the angle
// between root -> effector before the solve and root -> goal) plus kPoleTurnFloor per
// solve. A warm-started chain thus never flips in one frame; outside the band it takes the
// pole's side at once (a dragged pole moves the elbow immediately).
//
// Methods. The analytic two- and three-bone solvers put their bend plane on the pole
// side (wanted_bend_side, in analytic.cpp). FABRIK, CCD, Jacobian transpose, DLS and
// CCD-then-DLS go through solve_with_pole: a pre-bend (the root turns so that root ->
// effector points at the goal, a straight chain is bent slightly toward the pole side, then
// the chain is turned about its root -> effector line so its bend side is the wanted one;
// warm starts only) before the solver's own iterations, and the same turn about
// the root -> effector line after them, which leaves the effector where the solver put it
// (its orientation is kept by counter-turning the effector). With limits on, the root takes
// as much of the turn as its limits allow and the next joints toward the chain's middle the
// rest (turning about that joint -> effector also keeps the effector: a clavicle root
// cannot swing the arm round, the upper arm can); what no joint can take is left: the
// reach comes first. A chain with extra effectors gets the pre-bend
// only (the final turn would move them).
#pragma once

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"

namespace ik {

// Below this sine of the angle between root -> goal and root -> pole, the pole's side
// counts as undefined (about 14.5 degrees).
inline constexpr float kPoleBandSine = 0.25f;
// Inside that band the bend side turns at most this many times the goal's angular step
// per solve, plus kPoleTurnFloor radians.
inline constexpr float kPoleTurnPerGoalStep = 16.0f;
inline constexpr float kPoleTurnFloor = 0.005f;

// The pole's side of the line root -> line_end: unit, perpendicular to the line, toward
// pole_target, turned by `twist` about the line. `sine`: sin of the angle between the line
// and root -> pole_target (0 when either is zero). valid is false when there is no side.
struct PoleSide {
  glm::vec3 direction{0.0f};
  float sine = 0.0f;
  bool valid = false;
};
PoleSide pole_side(const glm::vec3& root, const glm::vec3& line_end, const glm::vec3& pole_target, float twist);

// The bend side of the joints positions[0 .. count): the sum of the interior joints'
// offsets perpendicular to the line positions[0] -> positions[count - 1] (zero for a
// straight chain or fewer than three joints).
glm::vec3 bend_side(const glm::vec3* positions, int count);

// The signed angle turning `from` onto `to` about the unit `axis` (both are made
// perpendicular to it first); 0 if either has no perpendicular part.
float angle_about_axis(const glm::vec3& from, const glm::vec3& to, const glm::vec3& axis);

// The side the chain's bend should take (unit, perpendicular to the unit `axis`, the root
// -> goal or root -> effector line): the pole's side outside the band, inside it
// `current` turned toward the pole's side by at most `max_turn` radians. `current` zero:
// the pole's side. Returns the zero vector if neither gives a side.
glm::vec3 wanted_bend_side(const PoleSide& pole, const glm::vec3& current, const glm::vec3& axis, float max_turn);

// The most the bend side may turn in one solve (radians, used inside the band):
// kPoleTurnPerGoalStep times the angle between root -> effector and root -> goal, plus
// kPoleTurnFloor.
float pole_turn_allowance(const glm::vec3& root, const glm::vec3& effector, const glm::vec3& goal);

// True if the chain positions[0 .. count) bends against the pole: its bend side and the
// pole's side of the root -> effector line point away from each other. Only meaningful
// where pole_side(...).sine >= kPoleBandSine and the chain is bent.
bool bends_against_pole(const glm::vec3* positions, int count, const glm::vec3& pole_target, float twist);

// Where a new pole target goes for the chain positions[0 .. count) (at least three joints):
// its middle joint (positions[count / 2]) plus its bend side times half the chain's
// length, so turning the pole on leaves the bend as it is. A straight chain has no bend
// side: `fallback_side` is used (made perpendicular to the chain, any perpendicular if
// that fails).
glm::vec3 pole_target_from_bend(const glm::vec3* positions, int count, const glm::vec3& fallback_side);

// The same placement for a given side: the middle joint plus `side` made perpendicular to
// the chain (any perpendicular if that fails), unit, times half the chain's length
// (positions[0 .. count), at least two joints).
glm::vec3 pole_target_on_side(const glm::vec3* positions, int count, const glm::vec3& side);

// The length of the polyline positions[0 .. count).
float polyline_length(const glm::vec3* positions, int count);

// True when the chain's pole is one that follows the motion (Goal::auto_pole, auto_pole.h)
// and a warm-started solve would find its goal already reached: the pole then steers
// nothing -- the animated pose under IK on a clip keeps its own bend, however its nearly
// straight knee turns. Fills workspace.path and the chain's frames; `error` (optional): the
// effector's error at the start when it returns true.
bool automatic_pole_rests(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& ws,
                          float* error = nullptr);

// A solver without pole handling (the standard signature, chain.h).
using PoleFreeSolver = SolveResult (*)(const Skeleton&, const Chain&, Pose&, Workspace&, Trace*);

// `solve` with the chain's pole honoured as the header says (pre-bend, solve, final turn).
// Called by the iterative solvers' entry points when chain.goal.use_pole is set. A pole
// target or twist that is not finite is invalid input (pose untouched).
SolveResult solve_with_pole(PoleFreeSolver solve, const Skeleton& skeleton, const Chain& chain, Pose& pose,
                            Workspace& workspace, Trace* trace);

// The pole fields of a goal are usable: finite target and twist.
bool is_valid_pole(const Goal& goal);

}  // namespace ik
