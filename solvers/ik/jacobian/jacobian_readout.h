// What the main effector's Jacobian says about a chain at a pose, for a person reading it:
// its rank, the smallest non-zero singular value, the condition number of the non-zero
// part, and whether the goal asks for a move the chain can (nearly) not make.
//
// Why not the plain condition number σ_max / σ_min: many chains have a singular value
// that is zero by construction, not because of a bad pose. A straight spine cannot move
// its tip along its own line; a chain of one ball joint keeps its effector on a sphere.
// σ_min / σ_max is then rounding noise (1e-7) or exactly zero, and "condition number
// 1e7" or "inf" flags every such chain at rest although nothing is wrong with any move
// the user asks for across it. A singularity only matters for the goal when the goal's
// direction from the effector lies along a direction the chain moves in badly: a left
// singular vector u_i whose σ_i is small against σ_max (or zero). So:
//   rank            the singular values above rank_tolerance · σ_max (zero below that is
//                   rounding, for a float Jacobian ~1e-7 · σ_max),
//   condition       σ_max / σ_(rank), the conditioning of the directions the chain CAN move
//                   in (1 for rank 1, 0 for rank 0),
//   near-null       the directions u_i with σ_i < near_null_ratio · σ_max, zero ones included,
//   goal_along_near_null  |P d|, P the projection on the near-null directions, d the unit
//                   direction from the effector to its goal (3 rows: position; 6 rows: the
//                   position error and orientation_weight times the rotation vector, as the
//                   solvers' error rows),
//   near_singular   goal_along_near_null >= along_threshold, and the goal is farther than
//                   the chain's tolerance (a reached goal has no direction).
// A goal sitting on its effector (every rig at rest, goals suggested on the effectors) is
// never flagged.
//
// Spaces: model space, as compute_jacobian (jacobian.h). Nothing here allocates except
// what compute_jacobian grows in the workspace.
#pragma once

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"

namespace ik {

struct Workspace;

struct ReadoutThresholds {
  float rank_tolerance = 1e-4f;   // σ_i <= this · σ_max counts as zero
  float near_null_ratio = 0.05f;  // σ_i < this · σ_max: the chain barely moves that way (condition > 20)
  float along_threshold = 0.7f;   // |P d| >= this (about 45 degrees or closer): flagged
};

struct JacobianReadout {
  int rows = 0;                       // 3 or 6 (0: no readout)
  int columns = 0;                    // angle columns
  float singular_values[6] = {};      // largest first; the first `rows` are used
  float directions[6][6] = {};        // directions[i]: the unit left singular vector of singular_values[i]
  int rank = 0;                       // singular values above rank_tolerance · σ_max
  float smallest_nonzero = 0.0f;      // σ_(rank), 0 for rank 0
  float condition = 0.0f;             // σ_max / smallest_nonzero (1 for rank 1, 0 for rank 0)
  int near_null_count = 0;            // directions with σ_i < near_null_ratio · σ_max
  float goal_distance = 0.0f;         // length of the goal direction given (model units)
  float goal_along_near_null = 0.0f;  // |P d| in [0, 1], 0 when the goal has no direction
  bool near_singular = false;
};

// The readout of a rows x columns row-major Jacobian `jacobian` (rows <= 6) for the goal
// direction `goal_error` (rows entries, not normalised; null or zero: no goal direction),
// with `reached_within`: a goal_error shorter than this has no direction. Returns false
// (out zeroed) for rows outside 1..6 or columns < 0.
bool analyse_jacobian(const float* jacobian, int rows, int columns, const float* goal_error, float reached_within,
                      const ReadoutThresholds& thresholds, JacobianReadout& out);

// The readout of `chain`'s main effector at `pose` (its Jacobian as compute_jacobian builds
// it, its goal error as the solvers' rows), reached_within = chain.params.tolerance.
// False on invalid input (as compute_jacobian).
bool jacobian_readout(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                      JacobianReadout& out, const ReadoutThresholds& thresholds = {});

}  // namespace ik
