// Full-body IK: one solve over the tree of joints from the chain's root (the hips, or the
// skeleton's root) to several effectors at once (hands, feet, head, the hips themselves),
// with a root free to translate and turn, per-joint stiffness, joint limits and pinned
// effectors (feet on the floor).
//
// The chain: chain.root is the body's root; chain.effector with chain.goal is effector 0,
// chain.extra_effectors the others, each with a position goal, an optional orientation goal
// (Goal::use_orientation), a weight and a `pinned` flag (chain.h). The joints the solve may
// turn are the union of the paths from the effectors up to the root (fill_chain_tree), so
// fingers and toes that carry no effector stay as they are; the root's local translation
// is the only translation it changes.
//
// Algorithm: task-priority, weighted, damped least squares with a Levenberg-Marquardt
// damping schedule. Why this and not FABRIK with sub-bases (FinalIK's FBBIK):
//   * stiffness is a joint weighting W = diag(1 / stiffness) in the least-norm step
//     Δθ = W Jᵀ (J W Jᵀ + λ² I)⁻¹ e: a stiff spine turns less than a free shoulder for the
//     same reach, which is exactly what "per-bone stiffness" means, and the root's six
//     degrees of freedom are just more columns with their own weights;
//   * pins must hold to 1e-4 of the rig's height while other effectors are dragged. As
//     heavily weighted rows they would fight the others through the damping; as a first
//     task they are exact to first order: the pins' step Δ1 comes first, the other
//     effectors' step is taken in the (W-weighted) null space of the pins' Jacobian
//     (Siciliano and Slotine's task priority, Baerlocher and Boulic's "prioritized IK"), so
//     dragging a hand cannot pull a foot; a few pin-only Gauss-Newton iterations over the
//     joints that only the pins use (the legs) finish the pins exactly at the end;
//   * tasks in strict priority (pins, effectors, balance) generalise the same recursion:
//     each task's rows are projected into the null space of the tasks before it;
//   * singularities (a straight arm reaching along its own line, conflicting goals) are
//     handled three ways: Buss's error clamping (each effector's error row at most a
//     quarter of the body's reach), a per-iteration turn clamp (no joint turns more than
//     kMaxTurn or params.max_step_angle), and the damping schedule: a step that raises the
//     weighted error is undone and the damping quadrupled, an accepted one halves it again
//     (never below params.lambda). So two effectors that cannot both be reached settle
//     where their weights balance, the error plateaus and the solve ends `stalled` instead
//     of oscillating;
//   * straight limbs: the guide's colinear bump, before the iterations, turns a joint whose
//     bones in and out are colinear by kBumpAngle about an axis its limits allow, when an
//     effector below it is not yet at its goal.
// Joint limits: every turned joint is clamped with clamp_to_limits after each step (hinges
// turn only about their axis); trace.clamped records which. The clamp alone would let the
// step keep pressing on a limit, so within one iteration Baerlocher and Boulic's clamping
// loop holds a clamped joint in the direction its limit blocked (a ball joint stays free to
// slide along its limit, a hinge is held) and solves the step again, so the joints that can
// still move take over at once (at most 4 solves an iteration).
//
// Local minima: against joint limits a local method can still stall short of goals it
// could reach from elsewhere (the reachability benchmark reaches 100 % with the limits
// off). A solve from rest (params.warm_start off) that stalls, or whose error stops halving,
// restarts while 6 of its iterations are left: first from the middle of the limits (the root
// at its rest rotation), then half-way toward random rotations inside them (the root: within
// 0.3 rad of rest; a fixed seed per restart, so the same input gives the same output); a
// restart that ends no better is undone. A warm-started solve
// (the program's frames) never restarts: it keeps following the pose it is given.
//
// Balance (FullBodyScratch::balance, off by default): a third task below the pins and the
// effectors keeps the body's centre of mass (segment masses from rig roles,
// fill_full_body_masses, else bone lengths) across the world's up (FullBodyScratch::up, +Y
// unless set) where it was at
// rest (or in FullBodyScratch::reference_pose, the pose under the IK) relative to the
// pins' middle, so a hand reaching forward bends the spine and keeps the hips back instead of
// pulling the body over its feet. It turns only joints that carry a goal (a weighted or
// pinned effector below them): a free arm or head is not swung about as a counterweight
// (it flung the free arm up behind the back in a reach to the floor). It moves only once
// the effectors are reached, in their null space (projected with far less damping than the tasks' own,
// kProjectionDamping, so it moves a reached hand by well under a hundredth of its own move);
// a balance step asks for at most 5 % of the reach, an effector it takes out of its
// tolerance gets one step back, and the pair is undone if that fails or the balance gains
// less than a twentieth, which ends the settling. It is not part of the error or the
// status: a balance that cannot be met leaves the solve reached and the pose still.
//
// The pull toward the reference pose (FullBodyScratch::reference_pull, off by default): a
// warm-started solve keeps the last frame's pose wherever the goals do not need it changed,
// so a crouch made to reach the floor stayed after the hand came back up. Once the effectors
// are reached the joints are blended a fraction of the way back toward the reference pose
// and the effectors stepped back onto their goals (a predictor and correctors, like the
// balance's); the step back is the weighted least-norm one, so it gives back only what the
// goals need, and the pose keeps the rest of the pull. Kept only if the pose came nearer the
// reference (stiffness-weighted angles) with every effector reached and the balance within
// its tolerance, else undone: a pose the goals hold wholly stays as it is.
//
// Free arms (FullBodyScratch::hanging_joints): after the solve a listed joint whose limb
// holds no goal (an upper arm whose hand has weight 0 and no pin) is set to its reference
// turn tipped down as the body above it bends, inside its limits: a person's free arm hangs
// when they bend to the floor; it does not keep pointing where a T-pose had it. Set whole in
// every solve (a function of the body above it, so it never lags a moving body and a still
// body leaves it still); the pull pulls it toward the same turn.
//
// Feet (a pinned effector without an orientation goal and without another effector below
// it): after the solve it is turned, by the shortest turn, back to as level against the
// world's up as it stands in the reference pose (FullBodyScratch::reference_pose, else the
// rest pose), inside its limits. The solve positions the ankle and leans the shin over it;
// without this the foot tilted with the shin and its toes went into the floor (8-12 cm on a
// pick-up from the floor in front, 3-5 cm reaching far forward). Only the tilt: the way the
// foot points stays the solve's. The reference, not the pose the solve starts from: a
// warm-started solve starts from the last frame's, and a foot its limit once tilted stayed
// tilted when the body stood up again. A foot the reference pose holds in the air above its
// pin (more than 3 % of the reach: a clip's swing foot, while the pin keeps it on the
// ground) stands as at rest instead: CesiumMan's walk, played in full-body mode, turned a
// pinned foot 70 degrees toes-down with its swing.
// Where the ankle's range cannot stand the foot level (the shin leaning past its 20 degrees
// of dorsiflexion), its toes would still go into the floor: with FullBodyScratch::heels_rise
// (on in the program) the heel rises instead, the pin going up by what the foot's lowest
// point lies lower under the ankle than in the reference, the legs solved again to it. A
// warm-started solve starts with the pins where the last one raised them, so a heel that
// stays up is not brought down and solved up again in every frame.
// With FullBodyScratch::knees_over_toes (on in the program), last, each pinned foot's leg is
// turned about its hip -> ankle line until its knee points, seen from above, where its toes
// do (the solve leaves the hip's twist wherever the reach put it: on picking up from the
// floor to the side the knee pointed 44-55 degrees off the toes): the ankle stays on its
// pin and the foot keeps its turn, so no effector moves. As far as the hip's range allows
// and the ankle's lets the foot keep its turn; a turn that would take the foot deeper or the
// knee no nearer is not made.
//
// Units and scale: the solve works in the root's parent frame, where bone lengths do not
// change with the pose; "the body's reach" L is the longest path from the root to an
// effector. With params.tolerance_relative the tolerance and lambda are fractions of L
// (for a humanoid L is about 0.6 of its height), and the root's translation is measured in
// units of L, so the solve is the same under a uniformly scaled, rotated, translated or
// mirrored model. A pinned effector is held to kPinTolerance times the tolerance.
//
// Error: the largest error of any effector with a weight above 0 or a pin (position
// distance in model space, plus orientation_weight times the angle for an orientation goal);
// an effector of weight 0 holds nothing until it is given a weight or pinned. Status: reached when every
// effector is within the tolerance (pins within theirs), stalled when the error stops
// falling (conflicting or unreachable goals: the root can always move, so nothing is
// `unreachable` unless the root is locked or infinitely stiff), max_iterations otherwise.
// Invalid input (NaN, infinite or too distant goals, bad indices, a negative weight, a
// stiffness list of the wrong size or with a value that is not > 0, a reference pose of
// the wrong size, a reference pull outside 0..1, a hanging joint that is not one of the
// skeleton's) returns invalid_input
// with the pose untouched.
//
// Cost: per iteration O(n (m1 + m2)² ) with n the columns (3 per ball joint, 1 per hinge,
// 3 for the root's translation) and m1, m2 the pinned and free rows (an effector of weight 0
// that is not pinned has none), once more for each pass of the clamping loop: no n x n
// matrix is formed. Scratch lives in scratch_of<FullBodyScratch>(workspace) (FullBodyScratch below), sized on the
// first solve of a body, so later solves allocate nothing.
//
// Index: full_body.cpp (the solve, its loop, the pull, the pin correction, the heels),
// full_body_feet.cpp (the pinned feet's levelling, the knees over the toes), full_body_step.cpp (the
// frames, errors, Jacobian and turns), full_body_priority.cpp (the task-priority step),
// full_body_setup.h (stiffness from rig roles and the full-body chain of a rig).
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/base/transform.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"

namespace ik {

// A pinned effector must come within this fraction of the solve's tolerance.
inline constexpr float kPinTolerance = 0.05f;
// The balance counts as settled within this many times the solve's tolerance.
inline constexpr float kBalanceTolerance = 10.0f;

// The solver's scratch and its settings, in scratch_of<FullBodyScratch>(workspace). "Tree joint k" is the
// chain joint at Workspace::path[k]; "effector i" is 0 for chain.effector, then the extra
// effectors in order. Buffers only grow.
struct FullBodyScratch : SolverScratchOf<FullBodyScratch> {
  // ---- Settings, set by the caller and kept between solves --------------------------------
  // Per skeleton joint (empty: 1 for every joint): how much the joint resists turning, > 0;
  // +inf holds it still. The root's entry is its rotation's stiffness. See
  // fill_full_body_stiffness (full_body_setup.h) for values from rig roles.
  std::vector<float> stiffness;
  // How much the root resists translating (per unit of the body's reach L), > 0; +inf keeps
  // the root where it is. 4 by default, so a reach is made by the limbs and the spine more
  // than by sliding the whole body.
  float root_translation_stiffness = 4.0f;
  // Balance: keep the body's centre of mass over its pinned effectors (the feet), as far as
  // the effectors' goals leave room for it (a third task, below the pins and the effectors).
  bool balance = false;
  // The pinned feet stand on the ground: where the ankle's range cannot stand a pinned foot
  // as level as the reference pose has it, its heel rises (its pin goes up until the foot's
  // lowest point is as far below the ankle as in the reference; full_body.cpp: raise_heels).
  // Off: a pin is where the ankle goes, whatever the toes do (a foot pinned in the air).
  bool heels_rise = false;
  // The knees point where the toes do: after the solve each pinned foot's leg turns about its
  // hip -> ankle line (the ankle staying on its pin, the foot keeping its turn) until its knee
  // points where its toes do, as far as the hip's and the ankle's limits let it
  // (full_body_feet.cpp: point_knees_over_toes). Off: the knee points wherever the solve
  // left it.
  bool knees_over_toes = false;
  // The light pull toward the reference pose, 0..1: once the effectors are reached (and the
  // balance, if on, has settled), each solve moves the joints this fraction of the way back
  // to their turns in the reference pose (and the root to its place), then steps back onto
  // the goals, keeping what the goals leave free (full_body.cpp: pull_toward_reference). Over
  // a warm-started solve's frames a body left crouched by a reach that came back up
  // straightens again. 0: off.
  float reference_pull = 0.0f;
  // Skeleton joints that hang when free (the program lists the upper arms, from the rig's
  // roles): where no weighted or pinned effector lies below one, after the solve it is set to
  // its reference turn tipped down toward hanging as the body above it bends from the
  // reference: not at all upright or turned about up, straight down once the parent has
  // tipped 60 degrees (full_body_hang.cpp). A T-pose arm left at its turn against a chest
  // bent to the floor pointed at the sky. Empty: none.
  std::vector<int> hanging_joints;
  // The pose the body keeps what it can of (its local transforms, one per joint): the balance
  // keeps its centre of mass over the pins, a pinned foot its tilt, the pull its turns. The animated pose under
  // the IK, so the solve keeps what the clip has; nullptr: the rest pose. Read during a solve
  // only; the caller keeps it alive.
  const Pose* reference_pose = nullptr;
  // Per skeleton joint (empty: every segment weighs its length): the mass of the segment the
  // joint carries (from it to its children), > 0 or 0. See fill_full_body_masses.
  std::vector<float> segment_mass;
  // The world's up (the ground's normal), model space, unit: the balance keeps the centre of
  // mass over the pins across it, and a pinned foot stays as level against it as it stands
  // in the reference pose (full_body.cpp: level_pinned_feet). A caller that puts the body
  // under a turned root turns this with it.
  glm::vec3 up{0.0f, 1.0f, 0.0f};

  // ---- Per effector, fixed for the solve ---------------------------------------------------
  std::vector<int> effector_tree_index;  // its tree joint
  std::vector<int> effector_order;       // effectors in row order: pinned ones first
  std::vector<int> effector_first_row;   // its first row (position rows, then orientation)
  std::vector<glm::vec3> goal_position;  // its goal, in the root's parent frame
  std::vector<glm::quat> goal_rotation;  // its goal orientation, in the root's parent frame
  std::vector<float> effector_error;     // its error at the last evaluation, model space
  // How far the last solve raised its pin (raise_heels), model space; else 0. A warm-started
  // solve starts from it (full_body.cpp: keep_heels_risen).
  std::vector<glm::vec3> pin_rise;
  std::vector<glm::vec3> pin_rise_before;  // raise_heels: the rise it started from, to go back to
  // ---- The balance at the last evaluation (model space) ---------------------------------------
  bool balance_active = false;     // the balance had its rows (on, with a pin and a mass)
  float balance_error = 0.0f;      // the centre of mass's distance across up from its target
  glm::vec3 centre_of_mass{0.0f};  // of the tree's segments
  glm::vec3 balance_target{0.0f};  // where the balance wants it (at its height)

  // The pinned effectors kept as level as in the reference pose (full_body.cpp:
  // level_pinned_feet), as effector indices, and the direction in each one's frame that is
  // the world's up there.
  std::vector<int> turnable_pins;
  std::vector<glm::vec3> pin_ups;
  // Per turnable pin: how far its lowest point (of it and every joint below it) lies below it
  // along up in the reference pose, frame units (raise_heels); and one foot's joints' frames
  // relative to it while that is measured.
  std::vector<float> pin_depths;
  std::vector<glm::mat4> foot_frames;
  // ---- Per tree joint k, fixed for the solve ------------------------------------------------
  std::vector<int> first_column;           // its first column in J (-1 when it has none)
  std::vector<std::uint8_t> column_count;  // 0 held or locked, 1 hinge, 3 ball joint
  std::vector<glm::vec3> hinge_axis;       // a hinge's unit axis in its own frame
  std::vector<glm::mat3>
      column_axes;  // a ball joint's column axes in its own frame (identity but in the clamping loop)
  std::vector<std::uint8_t> pin_only;    // 1 if only pinned effectors hang below it
  std::vector<std::uint8_t> holds_below;  // 1 if an effector with a goal (weight or pin) hangs below it
  std::vector<Transform> saved_local;    // the pose before a step, to undo a rejected one
  std::vector<Transform> best_local;     // the pose before a restart, kept if the restart ends worse
  std::vector<Transform> settle_local;   // the pose before a balance step, kept if the step fails
  std::vector<std::uint8_t> clamped;     // 1 if its limit clamped it in the step last applied
  std::vector<glm::quat> after_step;     // its rotation as the last apply_step of this solve left it
  std::vector<float> mass;               // its segment's mass (balance)
  std::vector<glm::vec3> mass_offset;    // its segment's centre in its own frame (balance)
  std::vector<glm::vec3> mass_moment;    // Σ mass * centre over its subtree, frame units (balance)
  std::vector<float> subtree_mass;       // Σ mass over its subtree (balance)
  std::vector<glm::quat> pull_target;    // its turn the pull pulls it toward (set_pull_targets)
  std::vector<glm::vec3> rest_position;  // its position with every tree joint at rest, frame units
  std::vector<glm::mat3> rest_linear;    // its linear part so (balance)
  std::vector<std::uint8_t> fixed;       // the clamping loop holds its turn in one direction (1) or all (2)

  // ---- Per column ---------------------------------------------------------------------------
  std::vector<float> column_weight;  // 1 / stiffness; 0 while the clamping loop holds the column
  std::vector<float> step;           // Δθ (radians; the root's translation in units of L)
  std::vector<float> column_mask;    // 1 if the pin correction may move the column
  std::vector<float> fixed_step;     // a fixed joint's turn in this step (the clamping loop), else 0
  std::vector<float> task_weight;    // the weights one priority step uses (masked for the pin correction)

  // ---- One iteration's matrices (row-major) --------------------------------------------------
  std::vector<float> jacobian;    // J, m x n
  std::vector<float> error;       // e, m (clamped rows)
  std::vector<float> task_error;  // e - J fixed_step: what the free columns are asked for
  std::vector<float> projected;   // each task's rows projected into the null space of those before, m x n
  std::vector<float> gram;        // each task's A W Aᵀ + λ² I, factored (Σ m_l² of m x m)
  std::vector<float> y;           // m: solutions of the small systems
  std::vector<float> column;      // m: one row of a coupling C_lk
};

// The workspace's full-body scratch to read (the settings, the last solve's balance):
// scratch_of<FullBodyScratch>(workspace) without making one; before any full-body solve or
// setting, an empty FullBodyScratch (balance inactive).
const FullBodyScratch& full_body_scratch(const Workspace& workspace);

// The full-body solve (see above).
SolveResult solve_full_body(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                            Trace* trace);

}  // namespace ik
