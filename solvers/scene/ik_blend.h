// IK weight: each chain's solved joints blended with the animated ones (the IK/FK blend),
// and the program's per-frame step with a time axis built around it:
//
//   animated pose (the clip sampled at t on the rest pose; the rest pose without a clip)
//     -> the chains solved on top (solve_frame, scene_solve.h)
//     -> each chain's joints blended back toward the animated pose by its ik_weight
//     -> the pose forward kinematics and the renderer use.
//
// The blend, per joint of a chain (the path from its root to its effector and to each extra
// effector): rotation = slerp(animated, solved, w) along the shorter arc; translation and
// scale = lerp(animated, solved, w) where the solver changed them (a value the solve left
// equal to the animated one stays bit for bit). w >= 1 leaves the chain as solved and w <= 0
// gives the animated transforms exactly (both bit for bit); a NaN weight counts as 1. A
// joint in several chains is blended once, by the first chain in solve order that holds it
// (the one that solved it: later chains leave it alone, scene_solve.h).
//
// The blend runs after all chains are solved, so a chain solved after (and below) a chain
// with weight < 1 was solved against the unblended joints above it: its effector moves off
// its goal by what the blend moved them. The suggested chains (two arms, two legs, the spine
// or neck) share no joints, so for them the blend only moves the weighted chain.
//
// Warm start (Params::warm_start) with a clip: when the clip's time moved since the last
// frame (playing, scrubbing, stepping, another clip), the solve starts from this frame's
// animated pose -- the pose the animation wants, so the IK adjusts it and frames never
// depend on the frames before. While the time stands still (paused) the solve continues from
// the last frame's pose as without a clip, so an iterative solver keeps converging frame
// after frame. Without a clip nothing changes from before: the solve warm-starts from the
// last frame's (shown) pose; with weight < 1 that is the blended pose, from which the solve
// reaches the same goal again. warm_start off still starts each solve from rest (the solvers).
//
// Does not: sample clips (clip.h), keep a clock (clip_playback.h).
#pragma once

#include <vector>

#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/scene_solve.h"

namespace ik {

// One joint: `solved` moved toward `animated` by the weight as above (w in (0, 1)).
Transform blend_joint(const Transform& animated, const Transform& solved, float weight);

// Blends every enabled chain with ik_weight < 1 in `pose` (as solved) toward `animated`
// (same joint count as `pose`, else nothing happens). Uses workspace.order and
// workspace.locked as scratch (locked is all zero again on return); allocation-free once
// they are sized (solve_frame sizes them).
void blend_ik_weights(const Skeleton& skeleton, const std::vector<Chain>& chains, const Pose& animated, Pose& pose,
                      Workspace& workspace);

// The program's per-frame step (see above): if `start_from_animated`, `pose` becomes
// `animated` first; then solve_frame (scene_solve.h) and blend_ik_weights. Goals driven by
// motion follow `animated` and, for paths, `motion`'s paths and time (motion->animated is
// ignored: `animated` is used).
void solve_animated_frame(const Skeleton& skeleton, const std::vector<Chain>& chains, int inspected_chain,
                          const Pose& animated, bool start_from_animated, Pose& pose, Workspace& workspace,
                          FrameSolve& frame, const MotionSources* motion = nullptr);

}  // namespace ik
