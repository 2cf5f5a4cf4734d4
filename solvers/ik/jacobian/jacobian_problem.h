// The Jacobian solvers' insides (private to solvers/jacobian*.cpp): one solve's Problem, the
// effector helpers, and the named steps solve_jacobian (jacobian.cpp) runs in order:
//
//   prepare -> start pose -> frame -> columns -> path -> frames -> bump -> hinges ->
//   lengths -> aims -> iterate (one iteration: columns, step, apply, frames, error) -> status
//
// One formulation, two ways to run an iteration:
//   general (jacobian_columns.cpp, jacobian_step.cpp): J is built (analytic columns, rigid or
//     general, or finite differences), then the transpose or DLS step on it, then the turn.
//   fused (jacobian_fused.cpp): one position goal on rigid frames, the common case (the
//     humanoid's limbs). The same step without forming J: J Jᵀ and Δθ = Jᵀ y straight from
//     the joints, the frames walked down the path, all of it compiled into one body that
//     runs as plain x86-64 or AVX2 + FMA (isa_dispatch.h). test_jacobian_dls checks the two agree.
// Both paths turn the joints with the same apply_step (jacobian_step.h) and measure the
// error with the same evaluate; tracing changes neither which path runs nor what it does.
//
// The Problem's frame: the solvers work in the chain root's parent frame (the "limb frame",
// as the analytic solvers do). There the chain's bones keep their lengths as it turns,
// whatever scale the root's ancestors carry, so reach and "straight toward an unreachable
// goal" are exact, and a non-uniformly scaled ancestor does not push the columns off their
// rigid fast path. compute_jacobian and the spectrum work in model space. The error the
// solvers report is always measured in model space.
//
// Memory: the chain's tree and frames are the common Workspace fields (path, tree_parent,
// positions and linear in the Problem's frame, locked), everything else the solvers keep is
// a named buffer of JacobianScratch (jacobian.h), sized by prepare().
//
// Index:
//   effectors:            effector_count, effector_joint, effector_goal, effector_weight, rows_of
//   joints:               is_hinge
//   Problem:              the solve's fixed facts and its scratch
//   jacobian_problem.cpp: prepare, set_frame, prepare_columns, choose_path, update_frames,
//                         bump_if_colinear, read_hinge_angles, set_lengths, set_aims,
//                         evaluate, largest_stretch
//   jacobian_columns.cpp: build_jacobian
//   jacobian_step.cpp:    general_iteration
//   jacobian_fused.cpp:   walk_path_frames, fused_iteration
#pragma once

#include <cmath>

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace jacobian_detail {

// ---- The chain's effectors: 0 is the main one, then the extra ones ---------------------

// (effector_joint, effector_goal, effector_weight: solvers/ik/chain.h.) The effectors a
// solve works on: the main one alone, or all.
inline int solved_effectors(const Chain& chain, bool main_only) { return main_only ? 1 : effector_count(chain); }
inline int rows_of(const Goal& goal) { return goal.use_orientation ? 6 : 3; }

// A joint the solvers turn about its one hinge axis (one column) instead of three axes.
inline bool is_hinge(const Skeleton& skeleton, const Params& params, int joint) {
  const JointLimits& limits = skeleton.limits[static_cast<size_t>(joint)];
  return params.use_limits && limits.enabled && limits.hinge;
}

// ---- One solve's fixed facts ------------------------------------------------------------

struct Problem {
  const Skeleton& skeleton;
  const Chain& chain;
  const Params& params;
  Workspace& workspace;
  JacobianScratch& scratch;  // scratch_of<JacobianScratch>(workspace)
  int effectors = 0;
  int rows = 0;                      // m
  int columns = 0;                   // n
  glm::mat4 frame_parent{1.0f};      // the chain root's parent, in the Problem's frame
  glm::mat4 model_from_frame{1.0f};  // the Problem's frame -> model space
  glm::mat4 frame_from_model{1.0f};
  glm::quat frame_rotation{1.0f, 0.0f, 0.0f, 0.0f};  // rotation part of model_from_frame
  float frame_scale = 1.0f;                          // lengths in the Problem's frame per model-space length
  // Error rows longer than this are shortened to it (Buss's error clamping): the linear
  // model behind a step only holds for small moves, so a goal far away is approached in
  // steps of at most this length. Problem's frame units; set from the chain's length.
  float longest_error_row = INFINITY;
  // How far past full reach an unreachable goal's aim lies (set_aims), frame units.
  float aim_margin = 0.0f;
  // The model-space tolerance and DLS's damping λ (Problem's frame units), set_lengths.
  float tolerance = 0.0f;
  float lambda = 0.0f;
  // The model-space error at the last evaluate().
  float model_error = 0.0f;
  // Every frame of the chain a rotation times a positive uniform scale for the whole solve
  // (the chain root's parent frame one, every chain joint's scale uniform and positive), and
  // analytic columns: then each column is omega x (p - p_j) (build_jacobian).
  bool rigid = false;
  // One position goal on the main effector (3 rows) and rigid frames: the iterations never
  // form J (fused_iteration).
  bool fused = false;
  // The tree joints [0, moving) are the ones an iteration may turn or clamp; the forward
  // pass builds only the position of a joint past them (choose_path).
  size_t moving = 0;
};

// Effector i's tree joint (its position in workspace.path).
inline int tree_index(const Problem& p, int i) { return p.scratch.effector_tree_index[static_cast<size_t>(i)]; }

// ---- The named steps (jacobian_problem.cpp) ---------------------------------------------

// Validates, fills the chain's tree and sizes every buffer (the only allocations of a
// solve, and only when the workspace is smaller than this chain needs). main_only: only
// the main effector's rows. False: invalid input, nothing written to the pose.
bool prepare(Problem& p, const Pose& pose, bool main_only);
// Sets the Problem's frame: the limb frame (limb_frame) or model space.
void set_frame(Problem& p, const Pose& pose, bool limb_frame);
// The facts about each joint's columns that hold for the whole solve (column_count,
// hinge_axis, inverse_frame_scale, ball_test, Problem::rigid), and each effector's tree
// joint. After set_frame.
void prepare_columns(Problem& p, const Pose& pose);
// Problem::fused and Problem::moving. After prepare_columns.
void choose_path(Problem& p);
// The one forward pass of an iteration: the frames of the chain's tree, in the Problem's
// frame, into workspace.positions and workspace.linear.
void update_frames(Problem& p, const Pose& pose);
// The guide's colinear bump (see jacobian.h): true if it turned the chain (the frames are
// then stale).
bool bump_if_colinear(Problem& p, Pose& pose);
// Reads each moving hinge's angle from the pose into scratch.hinge, for apply_step; after
// the last change to the pose before the iterations (the start pose, the colinear bump).
void read_hinge_angles(Problem& p, const Pose& pose);
// From the chain's length: frame_scale, tolerance, lambda, longest_error_row, aim_margin.
void set_lengths(Problem& p, JacobianMethod method);
// Each effector's goal and aim in the Problem's frame; returns the least error any pose
// can have (0 when every weighted goal is within reach), as evaluate() measures it.
float set_aims(Problem& p);
// The error rows e from the current frames; returns the error the steps reduce, and with
// `model` also sets Problem::model_error.
float evaluate(Problem& p, bool model);
// The largest singular value of the Problem's frame -> model map (its linear part).
float largest_stretch(const Problem& p);

// ---- Building J (jacobian_columns.cpp) --------------------------------------------------

// J (rows x columns) from the current frames into scratch.jacobian. See jacobian.h.
void build_jacobian(Problem& p, const Pose& pose);

// ---- One iteration, up to the new frames --------------------------------------------------

// The general path (jacobian_step.cpp): J, the transpose or DLS step, the turns, the frames.
void general_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method);
// The fused path (jacobian_fused.cpp; Problem::fused): the same step without J.
void fused_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method);
// The fused path's forward pass on its own (update_frames, before the iterations).
void walk_path_frames(Problem& p, const Pose& pose);

}  // namespace jacobian_detail
}  // namespace ik
