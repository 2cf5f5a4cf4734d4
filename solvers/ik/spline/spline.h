// Spline IK: the chain laid along a curve, for spines, necks, tails and tentacles (as
// Blender's Spline IK constraint and Godot's spline IK do).
//
// The curve: a centripetal Catmull-Rom spline (spline_curve.h) from the chain root's position
// through Chain::spline_points (model space, in order) to the goal's position. It is sampled
// into a polyline of kSplineSamplesPerSegment pieces per segment (more on a long chain over few
// points: at least two per bone), close enough to the curve that a joint on the polyline is
// within 1e-4 of the chain's length of the curve for any bend the bones can follow.
//
// The joints, one pass from the root: each next joint is where the polyline, walked forward
// from the joint before, first leaves the sphere of the bone's length about it. So every joint
// lies on the curve and every bone keeps its length exactly (bones are straight chords of the
// curve, as Blender places them); the chain uses the curve's length, not the bones' count.
//   * The curve is shorter than the chain: once the curve runs out, the remaining bones go on
//     straight along its end tangent; the effector passes the goal (note says so).
//   * The curve is longer: the chain ends where its length runs out, short of the goal.
// The rotations: each joint's local rotation is the shortest turn of its REST bone direction
// onto the bone's new direction, seen in its parent's new frame, then its rest rotation (as
// FABRIK's rebuild, chain_aim.h). That is a discrete parallel transport of the rest frames along
// the curve: no bone twists about itself relative to its parent beyond what the turn between
// their two directions forces, so twist is spread along the chain with no flips, and the same
// control points always give the same pose (the solve does not depend on the pose it starts
// from). With params.use_limits each rotation is then clamped into the joint's limits (which
// may take joints off the curve, as locked joints do: the note says so). The effector's own rotation is left alone.
//
// One iteration: the error before it (effector to goal) and after it go to the trace.
// Result: error = distance from the posed effector to the goal; status reached within the
// tolerance, else unreachable, with a note saying which way the curve and the chain differ.
// Degenerate input gives a status and a note, never NaN:
//   * no control points: the curve is the straight line from the root to the goal;
//   * coincident control points (or one on the root or the goal) are merged;
//   * every point coincident with the root (a curve of no length): the chain lies straight
//     along its current root -> effector direction;
//   * a non-finite control point, one beyond kMaxGoalCoordinate, or more than kMaxSplinePoints:
//     invalid_input, the pose untouched.
// Chain::extra_effectors, orientation goals and poles are ignored.
//
// Params used: tolerance, tolerance_relative, use_limits.
#pragma once

#include <vector>

#include "solvers/ik/chain.h"
#include "solvers/ik/chain_aim.h"
#include "solvers/ik/spline/spline_curve.h"
#include "solvers/ik/workspace.h"

namespace ik {

// Polyline pieces per curve segment (at least; see above).
inline constexpr int kSplineSamplesPerSegment = 16;

// The spline solver's scratch (scratch_of<SplineScratch>(workspace)); sized once per solve.
struct SplineScratch : SolverScratchOf<SplineScratch> {
  std::vector<glm::vec3> control;         // model space: root, Chain::spline_points, goal
  std::vector<glm::vec3> merged;          // the control points with coincident ones merged
  SplinePolyline curve;                   // the sampled curve (model space)
  std::vector<glm::vec3> targets;         // per chain joint: where it goes on the curve
  std::vector<float> bone_lengths;        // per chain joint: length of the bone from its parent
                                          // (0 for the root), model space
  std::vector<float> posed_bone_lengths;  // the bone lengths of the pose written (not read)
  RigidAimScratch rigid_aim;              // the rebuild's own on a plain path (aim_rigid_path)
};

SolveResult solve_spline(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace, Trace* trace);

// Where the spline's joints go: `targets[k]` for each bone length `lengths[k]` (lengths[0],
// the root's, unused; targets[0] = polyline's first point), walked along `curve` as above.
// Returns true if the curve ran out before the chain did (the rest went straight on along
// curve.end_tangent, or along `fallback_direction` for a curve of no length).
bool place_on_curve(const SplinePolyline& curve, const float* lengths, int count, const glm::vec3& fallback_direction,
                    glm::vec3* targets);

// How many control points a chain of `bones` bones gets by default: 2, and one more for each
// 6 bones past 12, at most 6 (a long tentacle curls more than 2 points let a curve follow).
int default_spline_point_count(int bones);

// Control points for a chain that has none, so that picking the spline solver leaves the
// chain about where it is: `count` points spread evenly by length along the chain in `world`
// (model-space transforms, one per skeleton joint), between its root and effector: on the
// joints nearest those lengths (each a different interior joint) when the chain has enough,
// else on its bones. Empty if root is not above effector or is the effector.
std::vector<glm::vec3> default_spline_points(const Skeleton& skeleton, const std::vector<glm::mat4>& world, int root,
                                             int effector, int count = 2);

}  // namespace ik
