// FABRIK (fabrik.h): backward and forward passes over the chain's tree, the rotations rebuilt
// from the positions (chain_aim.h), and lean passes for a plain chain with one goal.
//
// Index:
//   goals and error     prepare_goals, goal_error
//   the tree's pass     backward_pass (several effectors: proposals averaged at branch points)
//   the fast passes     Placement, step_toward, step_along, start_placement, backward_pass_single_body,
//                       forward_pass_single_body, single_goal_iteration, single_goal_backward (under
//                       limits); forward_pass (several goals, a path)
//   shortcuts           lay_straight_line (an unreachable goal), positions_only_is_exact
//   under limits        tree_is_plain_path, any_limit_active, clamp_path_into_limits, refresh_frames
//                       (the rest: fabrik_limits.h)
//   the rigid path      has_similarity_frames, is_rigid_path, rigid_path_positions, solve_rigid_path
//   the general solve   solve_fabrik_without_pole: the rigid path, else the tree (positions only
//                       when that is exact, else the rotations rebuilt every iteration)
//   entry point         solve_fabrik (through solve_with_pole when the goal has a pole)
#include "solvers/ik/fabrik/fabrik.h"

#include <algorithm>
#include <limits>

#include "solvers/base/isa_dispatch.h"
#include "solvers/ik/chain_aim.h"
#include "solvers/ik/effector_orientation.h"
#include "solvers/ik/fabrik/fabrik_limits.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

// Squared lengths below this count as zero (no direction).
constexpr float kTiny2 = 1e-30f;

// Scratch: FabrikScratch (fabrik.h says what each member holds), fetched once per solve
// with scratch_of and handed down as `fs` / `scratch`, beside the common chain fields:
// ws.positions are the current positions (the pose's, or the passes' own on the fast
// path), ws.linear the frames (chain_aim.h).

// Goals per tree joint (weighted average when several effectors name one joint), the
// subtree weights and the averaging flags. Returns the position of the main effector.
int prepare_goals(const Chain& chain, Workspace& ws, FabrikScratch& scratch) {
  const size_t n = ws.path.size();
  scratch.goals.assign(n, glm::vec3(0.0f));
  scratch.goal_weights.assign(n, 0.0f);
  auto add = [&](int joint, const glm::vec3& goal, float weight) {
    const size_t k = static_cast<size_t>(find_in_sorted(ws.path, joint));
    scratch.goals[k] += goal * weight;
    scratch.goal_weights[k] += weight;
  };
  add(chain.effector, chain.goal.position, 1.0f);
  for (const EffectorGoal& e : chain.extra_effectors) add(e.joint, e.goal.position, e.weight);
  scratch.subtree_weight.resize(n);
  scratch.averages.assign(n, 0);
  for (size_t k = 0; k < n; ++k) {
    if (scratch.goal_weights[k] > 0.0f) scratch.goals[k] /= scratch.goal_weights[k];
    scratch.subtree_weight[k] = scratch.goal_weights[k];
  }
  for (size_t k = n; k-- > 1;)
    scratch.subtree_weight[static_cast<size_t>(ws.tree_parent[k])] += scratch.subtree_weight[k];
  for (size_t k = 0; k < n; ++k) {
    int contributors = scratch.goal_weights[k] > 0.0f ? 1 : 0;
    for (int c = ws.first_child[k]; c >= 0; c = ws.next_sibling[static_cast<size_t>(c)]) ++contributors;
    scratch.averages[k] = contributors >= 2 ? 1 : 0;
  }
  return find_in_sorted(ws.path, chain.effector);
}

// Largest distance from a joint with a goal to that goal.
float goal_error(const Workspace& ws, const FabrikScratch& scratch, const std::vector<glm::vec3>& positions) {
  float worst = 0.0f;
  for (size_t k = 0; k < ws.path.size(); ++k)
    if (scratch.goal_weights[k] > 0.0f) worst = std::max(worst, glm::length(positions[k] - scratch.goals[k]));
  return worst;
}

// Backward pass: from the effectors up to (not including) the root. Each joint's
// backward position is final when the loop reaches it (its children have larger
// indices); it then proposes a position for its parent on the line toward the parent's
// current position, at the bone's length.
void backward_pass(Workspace& ws, FabrikScratch& scratch) {
  const size_t n = ws.path.size();
  const std::vector<glm::vec3>& p = ws.positions;
  std::vector<glm::vec3>& b = scratch.backward;
  const std::vector<float>& lengths = scratch.bone_lengths;
  for (size_t k = 0; k < n; ++k) {
    if (scratch.averages[k]) {
      scratch.proposal_sum[k] = scratch.goals[k] * scratch.goal_weights[k];
      scratch.proposal_weight[k] = scratch.goal_weights[k];
    } else if (ws.first_child[k] < 0) {
      // A leaf: its goal (or where it is).
      b[k] = scratch.goal_weights[k] > 0.0f ? scratch.goals[k] : p[k];
    }
  }
  for (size_t k = n - 1; k >= 1; --k) {
    if (scratch.averages[k])
      b[k] = scratch.proposal_weight[k] > 0.0f ? scratch.proposal_sum[k] / scratch.proposal_weight[k] : p[k];
    const size_t t = static_cast<size_t>(ws.tree_parent[k]);
    const glm::vec3 d = p[t] - b[k];
    const float d2 = glm::dot(d, d);
    // The parent sits on the line toward its old position; if that is exactly here, keep
    // the bone's old direction instead.
    const glm::vec3 proposal = d2 > kTiny2 ? b[k] + d * (lengths[k] / std::sqrt(d2))
                                           : b[k] + direction_or(p[t] - p[k], glm::vec3(0, 1, 0)) * lengths[k];
    if (scratch.averages[t]) {
      scratch.proposal_sum[t] += proposal * scratch.subtree_weight[k];
      scratch.proposal_weight[t] += scratch.subtree_weight[k];
    } else {
      b[t] = proposal;
    }
  }
}

// The fast path's passes, for a plain chain with one goal on its last joint. Both place
// joint after joint on the line from the joint just placed (the anchor a) toward an
// earlier position o of the joint being placed, at its bone's length L:
//     a' = a + s d,   d = o - a,   s = L / |d|.
// Each step waits for the one before, so a pass runs at the latency of one step, and the
// step is arranged to shorten it:
//   * s is the SSE estimate y of 1 / sqrt(x), x = |d|², refined by one Newton step:
//     s = L y v,  v = 3/2 - (x/2) y²;
//   * the next step's x' = |d'|² is not formed from d' = c - s d (c = o' - a, the offset
//     from the old anchor to the next joint's earlier position) but from the recurrence
//         x' = |c|² - 2 s (c . d) + s² x = (|c|² + L²) - (2 (c . d) L y) v,
//     using s² x = L². |c|² and L y are ready before v, so only v and one
//     multiply-subtract wait for the square root; a' and d' follow off that path, and
//     c . d waits for d only, a step earlier.
// With fused multiply-adds that is about 18 cycles of latency a step (the path through
// d and c . d; ~21 measured), against 22 when x' was |d'|² of the new d' (~26 measured).
// The recurrence subtracts nearly equal numbers when |d'|² is small beside |c|² + L²: it
// is kept only while x' > (|c|² + L²) / 64 (rounding then costs at most ~200 float
// epsilons of x', ~1e-5 of the step's length), otherwise x' is formed from d' itself.
// (Carrying |c|² and c . d by recurrences too shortens the path to ~15 cycles, but the
// extra cancellation raised the error the passes settle at about fourfold.)

// What carries from one step to the next.
struct Placement {
  glm::vec3 anchor;  // the joint placed last
  glm::vec3 d;       // from the anchor to the earlier position of the joint placed next
  float x;           // |d|²
};

// One step: places the next joint (its bone `length`), moving the anchor there, and aims at
// `next_old`, the earlier position of the joint after it. Returns false, touching nothing,
// when d has no direction (the earlier position is the anchor itself).
IKSCOPE_ALWAYS_INLINE bool step_toward(Placement& s, const glm::vec3& next_old, float length) {
  if (!(s.x > kTiny2)) return false;
  const glm::vec3 c = next_old - s.anchor;
  const float y = rsqrt_estimate(s.x);
  const float length_y = length * y;
  const float v = 1.5f - ((0.5f * s.x) * y) * y;
  const float cc_plus_l2 = glm::dot(c, c) + length * length;
  const float x_next = cc_plus_l2 - (glm::dot(c, s.d) * (2.0f * length_y)) * v;
  const glm::vec3 step = s.d * (length_y * v);
  s.anchor += step;
  s.d = c - step;
  s.x = x_next > cc_plus_l2 * (1.0f / 64.0f) ? x_next : glm::dot(s.d, s.d);
  return true;
}

// The rare step where d has no direction: the bone keeps `direction` (its old one).
inline void step_along(Placement& s, const glm::vec3& next_old, float length, const glm::vec3& direction) {
  s.anchor += direction_or(direction, glm::vec3(0, 1, 0)) * length;
  s.d = next_old - s.anchor;
  s.x = glm::dot(s.d, s.d);
}

inline Placement start_placement(const glm::vec3& anchor, const glm::vec3& first_old) {
  const glm::vec3 d = first_old - anchor;
  return Placement{anchor, d, glm::dot(d, d)};
}

// Backward pass: b[n-1] = the goal, then b[n-2] .. b[1] (the root's backward position is
// never read: the forward pass puts the root back where it was).
IKSCOPE_ALWAYS_INLINE void backward_pass_single_body(Workspace& ws, FabrikScratch& fs) {
  const size_t n = ws.path.size();
  const glm::vec3* p = ws.positions.data();
  glm::vec3* b = fs.backward.data();
  const float* lengths = fs.bone_lengths.data();
  b[n - 1] = fs.goals[n - 1];  // the goal
  if (n < 3) return;
  Placement s = start_placement(b[n - 1], p[n - 2]);
  for (size_t k = n - 1; k >= 2; --k) {  // places joint k - 1, then aims at k - 2
    if (!step_toward(s, p[k - 2], lengths[k])) step_along(s, p[k - 2], lengths[k], p[k - 1] - p[k]);
    b[k - 1] = s.anchor;
  }
}

// Forward pass: the root stays; p[1] .. p[n-1] on the lines toward their backward
// positions. Returns the effector's distance to `goal`.
IKSCOPE_ALWAYS_INLINE float forward_pass_single_body(Workspace& ws, FabrikScratch& fs, const glm::vec3& goal) {
  const size_t n = ws.path.size();
  glm::vec3* p = ws.positions.data();
  const glm::vec3* b = fs.backward.data();
  const float* lengths = fs.bone_lengths.data();
  if (n < 2) return glm::length(p[0] - goal);
  Placement s = start_placement(p[0], b[1]);
  for (size_t k = 1; k < n; ++k) {  // places joint k, then aims at k + 1
    const glm::vec3& next = b[k + 1 < n ? k + 1 : k];
    if (!step_toward(s, next, lengths[k])) step_along(s, next, lengths[k], p[k] - s.anchor);
    p[k] = s.anchor;
  }
  return glm::length(s.anchor - goal);
}

// One iteration of the single-goal passes, compiled twice (isa_dispatch.h): with fused
// multiply-adds the step's latency is shorter. Returns the effector's distance to `goal`.
IKSCOPE_ALWAYS_INLINE float single_goal_iteration_body(Workspace& ws, FabrikScratch& fs, const glm::vec3& goal) {
  backward_pass_single_body(ws, fs);
  return forward_pass_single_body(ws, fs, goal);
}
float single_goal_iteration(Workspace& ws, FabrikScratch& fs, const glm::vec3& goal) {
  return IsaDispatch<single_goal_iteration_body>::run(ws, fs, goal);
}
// The backward pass alone, for the passes under limits on a plain path with one goal (the
// forward pass there is the rotation rebuild with its clamp). Compiled once, as that
// rebuild is (chain_aim.h): under limits a rounding difference can change which iteration
// clamps and where the solve stops, so one copy keeps the result the same on every processor.
void single_goal_backward(Workspace& ws, FabrikScratch& fs) { backward_pass_single_body(ws, fs); }

// Forward pass on positions only (the fast path with several goals, where the tree is a
// path): the root stays, each joint goes on the line from its parent toward its backward
// position, at the bone's length.
void forward_pass(Workspace& ws, const FabrikScratch& fs) {
  const size_t n = ws.path.size();
  glm::vec3* p = ws.positions.data();
  const glm::vec3* b = fs.backward.data();
  const float* lengths = fs.bone_lengths.data();
  glm::vec3 parent = p[0];
  for (size_t k = 1; k < n; ++k) {
    const glm::vec3 d = b[k] - parent;
    const float d2 = glm::dot(d, d);
    parent = d2 > kTiny2 ? parent + d * scale_over_sqrt(lengths[k], d2)
                         : parent + direction_or(p[k] - parent, glm::vec3(0, 1, 0)) * lengths[k];
    p[k] = parent;
  }
}

// The classic FABRIK shortcut for an unreachable goal: the chain laid straight from the
// root toward it, each bone (scratch.bone_lengths, one per tree joint) at its length, into
// scratch.straight_line.
void lay_straight_line(const glm::vec3& root_position, const glm::vec3& goal, FabrikScratch& scratch) {
  const size_t n = scratch.bone_lengths.size();
  const glm::vec3 dir = direction_or(goal - root_position, glm::vec3(0, 1, 0));
  scratch.straight_line.resize(n);
  float along = 0.0f;
  for (size_t k = 0; k < n; ++k) {
    along += scratch.bone_lengths[k];
    scratch.straight_line[k] = root_position + dir * along;
  }
}

// True if positions-only iterations give the same result as rebuilding the rotations
// every iteration: no branch point, no locked or limited joint that would be rotated, and
// every rotated joint's parent frame a similarity (then bone lengths do not depend on the
// rotations).
bool positions_only_is_exact(const Skeleton& skeleton, const Params& params, const Workspace& ws,
                             const glm::mat4& parent_of_root) {
  for (size_t k = 0; k < ws.path.size(); ++k) {
    const int c = ws.first_child[k];
    if (c < 0) continue;
    if (ws.next_sibling[static_cast<size_t>(c)] >= 0) return false;
    const int j = ws.path[k];
    if (is_locked(ws, j)) return false;
    if (params.use_limits && limits_active(skeleton.limits[static_cast<size_t>(j)])) return false;
    const int t = ws.tree_parent[k];
    if (!is_similarity(t < 0 ? glm::mat3(parent_of_root) : ws.linear[static_cast<size_t>(t)])) return false;
  }
  return true;
}

// ---- The rigid path: one goal on a plain chain with similarity frames ----------------
//
// The common case gets a lean set-up of its own: one goal, on the chain's last joint; every
// joint above it unlocked, without active limits and with a positive uniform scale; the
// root's parent frame a similarity. Then each joint's frame, seen from the root's parent,
// is a rotation times a scale, so the forward kinematics before the iterations and the
// rebuild after them (aim_rigid_path) work with quaternions instead of 3x3 frames. The
// iterations are the positions-only passes above; the result is the general code's, to
// rounding.

// True if every frame of the path, seen from the root's parent, is a rotation times a
// scale: the joints above the last have a positive uniform scale, and the root's parent
// frame is a similarity.
bool has_similarity_frames(const Pose& pose, const Workspace& ws, const glm::mat4& parent_of_root) {
  for (size_t k = 0; k + 1 < ws.path.size(); ++k) {
    const glm::vec3& scale = pose.local[static_cast<size_t>(ws.path[k])].scale;
    if (!(scale.x > 0.0f) || scale.y != scale.x || scale.z != scale.x) return false;
  }
  const glm::mat3 m(parent_of_root);
  return is_similarity(m) && std::isfinite(1.0f / glm::dot(m[0], m[0]));
}

bool is_rigid_path(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Workspace& ws,
                   const glm::mat4& parent_of_root) {
  if (!chain.extra_effectors.empty()) return false;
  const bool use_limits = chain.params.use_limits;
  for (size_t k = 0; k + 1 < ws.path.size(); ++k) {
    const int j = ws.path[k];
    if (is_locked(ws, j)) return false;
    if (use_limits && limits_active(skeleton.limits[static_cast<size_t>(j)])) return false;
  }
  return has_similarity_frames(pose, ws, parent_of_root);
}

// Model-space positions of the path's joints (forward kinematics in the root parent's
// frame: x_k = x_(k-1) + s_(k-1) R(W_(k-1)) t_k, W_k = W_(k-1) q_k, s_k = s_(k-1) * scale_k,
// then mapped by the root's parent), and the bone lengths, fs.bone_lengths[0] = 0.
IKSCOPE_ALWAYS_INLINE void rigid_path_positions_body(const Pose& pose, const glm::mat4& parent_of_root, Workspace& ws,
                                                     FabrikScratch& fs) {
  const size_t n = ws.path.size();
  const glm::mat3 m(parent_of_root);
  const glm::vec3 origin(parent_of_root[3]);
  glm::quat world(1.0f, 0.0f, 0.0f, 0.0f);  // of joint k's parent
  float scale = 1.0f;
  glm::vec3 position(0.0f);  // joint k in the root parent's frame
  for (size_t k = 0; k < n; ++k) {
    const Transform& local = pose.local[static_cast<size_t>(ws.path[k])];
    position += (world * local.translation) * scale;
    world = world * local.rotation;
    scale *= local.scale.x;
    ws.positions[k] = origin + m * position;
  }
  fs.bone_lengths[0] = 0.0f;
  for (size_t k = 1; k < n; ++k) fs.bone_lengths[k] = glm::length(ws.positions[k] - ws.positions[k - 1]);
}

// Compiled twice (isa_dispatch.h), like the passes: quaternion products are sums of products.
void rigid_path_positions(const Pose& pose, const glm::mat4& parent_of_root, Workspace& ws, FabrikScratch& fs) {
  IsaDispatch<rigid_path_positions_body>::run(pose, parent_of_root, ws, fs);
}

// The solve on a rigid path (validated; ws.path filled; the start pose applied), as the
// general code's fast path does it: the same statuses, iteration counts and trace.
SolveResult solve_rigid_path(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws, FabrikScratch& fs,
                             Trace* trace, const glm::mat4& parent_of_root) {
  const Params& params = chain.params;
  const size_t n = ws.path.size();
  ws.positions.resize(n);
  fs.backward.resize(n);
  fs.bone_lengths.resize(n);
  fs.rigid_aim.resize(n);
  rigid_path_positions(pose, parent_of_root, ws, fs);
  // The passes read the goal from fs.goals[n - 1].
  fs.goals.resize(n);
  const glm::vec3 goal = chain.goal.position;
  fs.goals[n - 1] = goal;

  // The chain's length summed from the effector up, as path_length does.
  float chain_length = 0.0f;
  for (size_t k = n; k-- > 1;) chain_length += fs.bone_lengths[k];
  const float tolerance = resolve_tolerance(params, chain_length);
  const glm::vec3 root_position = ws.positions[0];
  const float initial_error = glm::length(ws.positions[n - 1] - goal);
  trace_begin(trace, ws.path, pose, initial_error, params.max_iterations);
  // A rotation-only pose keeps the bone lengths, so the reach after the solve is the
  // chain's length.
  const bool beyond_reach = glm::length(goal - root_position) > chain_length * (1.0f + 1e-5f);

  SolveResult result;
  if (initial_error <= tolerance || params.max_iterations <= 0) {
    result.status = final_status(initial_error, tolerance, beyond_reach, false);
    result.error = initial_error;
    return result;
  }

  if (glm::length(goal - root_position) > chain_length) {
    // Unreachable: lay the chain straight toward the goal (the classic FABRIK shortcut).
    lay_straight_line(root_position, goal, fs);
    const glm::vec3 end =
        aim_rigid_path(skeleton, ws.path, parent_of_root, fs.straight_line.data(), pose, fs.rigid_aim);
    result.error = glm::length(end - goal);
    result.iterations = 1;
    trace_iteration(trace, pose, result.error);
    result.status = final_status(result.error, tolerance, true, false);
    return result;
  }

  bump_colinear_path(ws.positions.data(), static_cast<int>(n), goal, chain.goal.pole);
  // Positions only; rotations rebuilt at the end (and for the trace when it wants poses).
  const LoopOutcome loop = iterate_until_done(
      params.max_iterations, tolerance, initial_error, [&] { return single_goal_iteration(ws, fs, goal); },
      [&](float error) {
        if (trace != nullptr && trace->record_poses)
          aim_rigid_path(skeleton, ws.path, parent_of_root, ws.positions.data(), pose, fs.rigid_aim);
        trace_iteration(trace, pose, error);
      });
  const glm::vec3 end = aim_rigid_path(skeleton, ws.path, parent_of_root, ws.positions.data(), pose, fs.rigid_aim);
  result.error = glm::length(end - goal);
  result.status = final_status(result.error, tolerance, beyond_reach, loop.stalled);
  result.iterations = loop.iterations;
  return result;
}

// ---- Under limits (fabrik_limits.h) ------------------------------------------------------

// True if the tree is a plain path (each joint's parent the one before it).
bool tree_is_plain_path(const Workspace& ws) {
  for (size_t k = 1; k < ws.path.size(); ++k)
    if (ws.tree_parent[k] != static_cast<int>(k) - 1) return false;
  return true;
}

// True if some joint of the path has limits that can change a rotation.
bool any_limit_active(const Skeleton& skeleton, const std::vector<int>& path) {
  for (const int j : path)
    if (limits_active(skeleton.limits[static_cast<size_t>(j)])) return true;
  return false;
}

// Clamps every joint of the path into its limits in `pose` (a start the best pose may fall
// back to without leaving the limits: a rig's rest may lie outside them, as a knee's
// straight rest outside a range that starts a little bent). True if that changed a joint.
bool clamp_path_into_limits(const Skeleton& skeleton, const Workspace& ws, Pose& pose) {
  bool changed = false;
  for (const int j : ws.path) {
    const JointLimits& limits = skeleton.limits[static_cast<size_t>(j)];
    if (limits.enabled && !is_locked(ws, j))
      changed |= clamp_to_limits(limits, skeleton.rest[static_cast<size_t>(j)].rotation,
                                 pose.local[static_cast<size_t>(j)].rotation);
  }
  return changed;
}

// The positions, frames and bone lengths of the path after its rotations changed.
void refresh_frames(const Pose& pose, const glm::mat4& parent_of_root, Workspace& ws, FabrikScratch& fs) {
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  for (size_t k = 1; k < ws.path.size(); ++k)
    fs.bone_lengths[k] = glm::length(ws.positions[k] - ws.positions[static_cast<size_t>(ws.tree_parent[k])]);
}

SolveResult solve_fabrik_without_pole(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws,
                                      Trace* trace) {
  SolveResult result;
  if (!is_valid_chain(skeleton, chain, pose, ws)) return result;
  FabrikScratch& fs = scratch_of<FabrikScratch>(ws);
  if (chain.extra_effectors.empty()) {
    if (!fill_chain_path(skeleton, chain.root, chain.effector, ws.path)) return result;
    apply_start_pose(skeleton, chain.params, ws, ws.path, pose);
    const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
    if (is_rigid_path(skeleton, chain, pose, ws, parent_of_root))
      return solve_rigid_path(skeleton, chain, pose, ws, fs, trace, parent_of_root);
  }
  if (!fill_chain_tree(skeleton, chain, ws.path, ws.tree_parent)) return result;
  fill_tree_children(ws.tree_parent, ws.first_child, ws.next_sibling);
  const Params& params = chain.params;
  const size_t n = ws.path.size();
  ws.positions.resize(n);
  fs.backward.resize(n);
  fs.bone_lengths.resize(n);
  ws.linear.resize(n);
  fs.proposal_sum.resize(n);
  fs.proposal_weight.resize(n);
  const int main_effector = prepare_goals(chain, ws, fs);

  apply_start_pose(skeleton, params, ws, ws.path, pose);
  const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  fs.bone_lengths[0] = 0.0f;
  for (size_t k = 1; k < n; ++k)
    fs.bone_lengths[k] = glm::length(ws.positions[k] - ws.positions[static_cast<size_t>(ws.tree_parent[k])]);

  const float chain_length = path_length(ws.positions, ws.tree_parent, main_effector);
  const float tolerance = resolve_tolerance(params, chain_length);
  const float initial_error = goal_error(ws, fs, ws.positions);
  trace_begin(trace, ws.path, pose, initial_error, params.max_iterations);
  const bool single_effector = chain.extra_effectors.empty();
  const bool fast = positions_only_is_exact(skeleton, params, ws, parent_of_root);
  const glm::vec3 root_position = ws.positions[0];

  // After the solve, in `actual`: is some goal farther from the root than its path's length?
  auto beyond_reach = [&](const std::vector<glm::vec3>& actual) {
    for (size_t k = 0; k < n; ++k) {
      if (!(fs.goal_weights[k] > 0.0f)) continue;
      const float reach = path_length(actual, ws.tree_parent, static_cast<int>(k));
      if (glm::length(fs.goals[k] - root_position) > reach * (1.0f + 1e-5f)) return true;
    }
    return false;
  };

  if (initial_error <= tolerance || params.max_iterations <= 0) {
    result.status = final_status(initial_error, tolerance, beyond_reach(ws.positions), false);
    result.error = initial_error;
    return result;
  }

  const glm::vec3 goal = chain.goal.position;
  if (fast && single_effector && glm::length(goal - root_position) > chain_length) {
    // Unreachable: lay the chain straight toward the goal (the classic FABRIK shortcut).
    lay_straight_line(root_position, goal, fs);
    aim_chain_tree(skeleton, ws, params.use_limits, parent_of_root, fs.straight_line, fs.subtree_weight.data(), pose,
                   ws.positions, fs.bone_lengths, trace);
    result.error = goal_error(ws, fs, ws.positions);
    result.iterations = 1;
    trace_iteration(trace, pose, result.error);
    result.status = final_status(result.error, tolerance, true, false);
    return result;
  }

  if (single_effector) bump_colinear_path(ws.positions.data(), static_cast<int>(n), goal, chain.goal.pole);

  LoopOutcome loop;
  if (fast) {
    // Positions only; rotations rebuilt at the end (and for the trace when it wants poses,
    // into scratch arrays so the iteration itself is the same with or without a trace).
    fs.posed.resize(n);
    fs.posed_bone_lengths.resize(n);
    auto record = [&](float error) {
      if (trace != nullptr && trace->record_poses)
        aim_chain_tree(skeleton, ws, false, parent_of_root, ws.positions, nullptr, pose, fs.posed,
                       fs.posed_bone_lengths, nullptr);
      trace_iteration(trace, pose, error);
    };
    loop = iterate_until_done(
        params.max_iterations, tolerance, initial_error,
        [&] {
          if (single_effector) {
            return single_goal_iteration(ws, fs, goal);
          }
          backward_pass(ws, fs);
          forward_pass(ws, fs);
          return goal_error(ws, fs, ws.positions);
        },
        record);
    aim_chain_tree(skeleton, ws, false, parent_of_root, ws.positions, nullptr, pose, fs.posed, fs.posed_bone_lengths,
                   nullptr);
    result.error = goal_error(ws, fs, fs.posed);
    result.status = final_status(result.error, tolerance, beyond_reach(fs.posed), loop.stalled);
  } else {
    // Rebuild (and clamp) the rotations every iteration; the next backward pass starts
    // from the actual positions and bone lengths of that pose. A plain path with one goal
    // under limits (fabrik_limits.h): the start is clamped into the limits and kept as the
    // best pose, a straight hinge is bent first, and after a pass the limits clamped the
    // root is turned to aim the chain at the goal before the next pass.
    const bool limited_path =
        single_effector && params.use_limits && tree_is_plain_path(ws) && any_limit_active(skeleton, ws.path);
    // Its frames rotations times scales: the rebuild in quaternions (chain_aim.h).
    const bool rigid = limited_path && has_similarity_frames(pose, ws, parent_of_root);
    BestPose& best = fs.best;
    best.rotations.clear();
    best.error = std::numeric_limits<float>::infinity();
    bool aim_root = false;
    const glm::quat root_parent = limited_path ? rotation_of(glm::mat3(parent_of_root)) : glm::quat(1, 0, 0, 0);
    if (limited_path) {
      if (clamp_path_into_limits(skeleton, ws, pose)) refresh_frames(pose, parent_of_root, ws, fs);
      best.keep(ws.path, pose, goal_error(ws, fs, ws.positions));
      aim_root = bend_straight_hinges(skeleton, ws, goal, pose);
      if (aim_root) refresh_frames(pose, parent_of_root, ws, fs);
    }
    loop = iterate_until_done(
        params.max_iterations, tolerance, initial_error,
        [&] {
          if (aim_root) aim_root_at_goal(skeleton, ws, root_parent, goal, pose);
          if (limited_path)
            single_goal_backward(ws, fs);
          else
            backward_pass(ws, fs);
          const int clamped = rigid ? aim_limited_rigid_path(skeleton, ws, parent_of_root, fs.backward, pose,
                                                             ws.positions, fs.bone_lengths, trace, fs.ball_ranges)
                                    : aim_chain_tree(skeleton, ws, params.use_limits, parent_of_root, fs.backward,
                                                     fs.subtree_weight.data(), pose, ws.positions, fs.bone_lengths,
                                                     trace, &fs.ball_ranges);
          aim_root = limited_path && clamped > 0;
          const float error = goal_error(ws, fs, ws.positions);
          if (limited_path && error < best.error) best.keep(ws.path, pose, error);
          return error;
        },
        [&](float error) { trace_iteration(trace, pose, error); });
    result.error = loop.error;
    if (limited_path && best.restore_if_better(ws.path, pose, result.error)) {
      refresh_frames(pose, parent_of_root, ws, fs);
      result.error = goal_error(ws, fs, ws.positions);
    }
    result.status = final_status(result.error, tolerance, beyond_reach(ws.positions), loop.stalled);
  }
  result.iterations = loop.iterations;
  return result;
}

}  // namespace

SolveResult solve_fabrik(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws, Trace* trace) {
  const SolveResult result = chain.goal.use_pole
                                 ? solve_with_pole(solve_fabrik_without_pole, skeleton, chain, pose, ws, trace)
                                 : solve_fabrik_without_pole(skeleton, chain, pose, ws, trace);
  // A goal's orientation: the effector's own joint turned to it (effector_orientation.h).
  if (result.status != SolveStatus::invalid_input) orient_effector_joint(skeleton, chain, pose, ws);
  return result;
}

}  // namespace ik
