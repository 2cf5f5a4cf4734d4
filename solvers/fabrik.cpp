#include "solvers/fabrik.h"

#include <algorithm>

#include "solvers/chain_aim.h"
#include "solvers/limits.h"
#include "solvers/solver_common.h"

namespace ik {
namespace {

// Squared lengths below this count as zero (no direction).
constexpr float kTiny2 = 1e-30f;

// Workspace use (one entry per tree joint k, in ws.path order):
//   positions   p: the current positions (actual, or forward-pass ones on the fast path)
//   positions2  b: the backward-pass positions
//   lengths     model-space length of the bone tree_parent(k) -> k
//   vectors     goal position of k; weights: its goal weight (0 = k has no goal)
//   floats2     total goal weight in k's subtree (its say in its parent's average)
//   flags       1 if k's backward position averages several proposals (children, goal)
//   vectors2, floats: running weighted sums for those averages
//   linear      frames, see chain_aim.h

// Goals per tree joint (weighted average when several effectors name one joint), the
// subtree weights and the averaging flags. Returns the position of the main effector.
int prepare_goals(const Chain& chain, Workspace& ws) {
  const size_t n = ws.path.size();
  ws.vectors.assign(n, glm::vec3(0.0f));
  ws.weights.assign(n, 0.0f);
  auto add = [&](int joint, const glm::vec3& goal, float weight) {
    const size_t k = static_cast<size_t>(find_in_sorted(ws.path, joint));
    ws.vectors[k] += goal * weight;
    ws.weights[k] += weight;
  };
  add(chain.effector, chain.goal.position, 1.0f);
  for (const EffectorGoal& e : chain.extra_effectors) add(e.joint, e.goal.position, e.weight);
  ws.floats2.resize(n);
  ws.flags.assign(n, 0);
  for (size_t k = 0; k < n; ++k) {
    if (ws.weights[k] > 0.0f) ws.vectors[k] /= ws.weights[k];
    ws.floats2[k] = ws.weights[k];
  }
  for (size_t k = n; k-- > 1;) ws.floats2[static_cast<size_t>(ws.tree_parent[k])] += ws.floats2[k];
  for (size_t k = 0; k < n; ++k) {
    int contributors = ws.weights[k] > 0.0f ? 1 : 0;
    for (int c = ws.first_child[k]; c >= 0; c = ws.next_sibling[static_cast<size_t>(c)])
      ++contributors;
    ws.flags[k] = contributors >= 2 ? 1 : 0;
  }
  return find_in_sorted(ws.path, chain.effector);
}

// Largest distance from a joint with a goal to that goal.
float goal_error(const Workspace& ws, const std::vector<glm::vec3>& positions) {
  float worst = 0.0f;
  for (size_t k = 0; k < ws.path.size(); ++k)
    if (ws.weights[k] > 0.0f) worst = std::max(worst, glm::length(positions[k] - ws.vectors[k]));
  return worst;
}

// Backward pass: from the effectors up to (not including) the root. Each joint's
// backward position is final when the loop reaches it (its children have larger
// indices); it then proposes a position for its parent on the line toward the parent's
// current position, at the bone's length.
void backward_pass(Workspace& ws) {
  const size_t n = ws.path.size();
  const std::vector<glm::vec3>& p = ws.positions;
  std::vector<glm::vec3>& b = ws.positions2;
  for (size_t k = 0; k < n; ++k) {
    if (ws.flags[k]) {
      ws.vectors2[k] = ws.vectors[k] * ws.weights[k];
      ws.floats[k] = ws.weights[k];
    } else if (ws.first_child[k] < 0) {
      b[k] = ws.weights[k] > 0.0f ? ws.vectors[k] : p[k];  // a leaf: its goal (or where it is)
    }
  }
  for (size_t k = n - 1; k >= 1; --k) {
    if (ws.flags[k]) b[k] = ws.floats[k] > 0.0f ? ws.vectors2[k] / ws.floats[k] : p[k];
    const size_t t = static_cast<size_t>(ws.tree_parent[k]);
    const glm::vec3 d = p[t] - b[k];
    const float d2 = glm::dot(d, d);
    // The parent sits on the line toward its old position; if that is exactly here, keep
    // the bone's old direction instead.
    const glm::vec3 proposal =
        d2 > kTiny2 ? b[k] + d * (ws.lengths[k] / std::sqrt(d2))
                    : b[k] + direction_or(p[t] - p[k], glm::vec3(0, 1, 0)) * ws.lengths[k];
    if (ws.flags[t]) {
      ws.vectors2[t] += proposal * ws.floats2[k];
      ws.floats[t] += ws.floats2[k];
    } else {
      b[t] = proposal;
    }
  }
}

// The fast path's backward pass for a plain chain with one goal, on its last joint: the
// same as backward_pass without the averaging, the joint just placed kept in a register
// (each step waits for the one before, so the loop's speed is its latency).
void backward_pass_single(Workspace& ws) {
  const size_t n = ws.path.size();
  const glm::vec3* p = ws.positions.data();
  glm::vec3* b = ws.positions2.data();
  const float* lengths = ws.lengths.data();
  glm::vec3 child = ws.vectors[n - 1];  // the goal
  b[n - 1] = child;
  for (size_t k = n - 1; k >= 1; --k) {
    const glm::vec3 d = p[k - 1] - child;
    const float d2 = glm::dot(d, d);
    child = d2 > kTiny2 ? child + d * scale_over_sqrt(lengths[k], d2)
                        : child + direction_or(p[k - 1] - p[k], glm::vec3(0, 1, 0)) * lengths[k];
    b[k - 1] = child;
  }
}

// Forward pass on positions only (the fast path, where the tree is a path): the root
// stays, each joint goes on the line from its parent toward its backward position, at the
// bone's length.
void forward_pass(Workspace& ws) {
  const size_t n = ws.path.size();
  glm::vec3* p = ws.positions.data();
  const glm::vec3* b = ws.positions2.data();
  const float* lengths = ws.lengths.data();
  glm::vec3 parent = p[0];
  for (size_t k = 1; k < n; ++k) {
    const glm::vec3 d = b[k] - parent;
    const float d2 = glm::dot(d, d);
    parent = d2 > kTiny2 ? parent + d * scale_over_sqrt(lengths[k], d2)
                         : parent + direction_or(p[k] - parent, glm::vec3(0, 1, 0)) * lengths[k];
    p[k] = parent;
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
    if (!is_similarity(t < 0 ? glm::mat3(parent_of_root) : ws.linear[static_cast<size_t>(t)]))
      return false;
  }
  return true;
}

}  // namespace

SolveResult solve_fabrik(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws,
                         Trace* trace) {
  SolveResult result;
  if (!is_valid_chain(skeleton, chain, pose, ws)) return result;
  if (!fill_chain_tree(skeleton, chain, ws.path, ws.tree_parent)) return result;
  fill_tree_children(ws.tree_parent, ws.first_child, ws.next_sibling);
  const Params& params = chain.params;
  const size_t n = ws.path.size();
  ws.positions.resize(n);
  ws.positions2.resize(n);
  ws.lengths.resize(n);
  ws.linear.resize(n);
  ws.vectors2.resize(n);
  ws.floats.resize(n);
  const int main_effector = prepare_goals(chain, ws);

  apply_start_pose(skeleton, params, ws, ws.path, pose);
  const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  ws.lengths[0] = 0.0f;
  for (size_t k = 1; k < n; ++k)
    ws.lengths[k] =
        glm::length(ws.positions[k] - ws.positions[static_cast<size_t>(ws.tree_parent[k])]);

  const float chain_length = path_length(ws.positions, ws.tree_parent, main_effector);
  const float tolerance = resolve_tolerance(params, chain_length);
  const float initial_error = goal_error(ws, ws.positions);
  trace_begin(trace, ws.path, pose, initial_error, params.max_iterations);
  const bool single_effector = chain.extra_effectors.empty();
  const bool fast = positions_only_is_exact(skeleton, params, ws, parent_of_root);
  const glm::vec3 root_position = ws.positions[0];

  // After the solve, in `actual`: is some goal farther from the root than its path's length?
  auto beyond_reach = [&](const std::vector<glm::vec3>& actual) {
    for (size_t k = 0; k < n; ++k) {
      if (!(ws.weights[k] > 0.0f)) continue;
      const float reach = path_length(actual, ws.tree_parent, static_cast<int>(k));
      if (glm::length(ws.vectors[k] - root_position) > reach * (1.0f + 1e-5f)) return true;
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
    const glm::vec3 dir = direction_or(goal - root_position, glm::vec3(0, 1, 0));
    float along = 0.0f;
    for (size_t k = 0; k < n; ++k) {
      along += ws.lengths[k];
      ws.positions2[k] = root_position + dir * along;
    }
    aim_chain_tree(skeleton, ws, params.use_limits, parent_of_root, ws.positions2,
                   ws.floats2.data(), pose, ws.positions, ws.lengths, trace);
    result.error = goal_error(ws, ws.positions);
    result.iterations = 1;
    trace_iteration(trace, pose, result.error);
    result.status = final_status(result.error, tolerance, true, false);
    return result;
  }

  if (single_effector)
    bump_colinear_path(ws.positions.data(), static_cast<int>(n), goal, chain.goal.pole);

  LoopOutcome loop;
  if (fast) {
    // Positions only; rotations rebuilt at the end (and for the trace when it wants poses,
    // into scratch arrays so the iteration itself is the same with or without a trace).
    auto record = [&](float error) {
      if (trace != nullptr && trace->record_poses)
        aim_chain_tree(skeleton, ws, false, parent_of_root, ws.positions, nullptr, pose,
                       ws.positions2, ws.floats, nullptr);
      trace_iteration(trace, pose, error);
    };
    loop = iterate_until_done(
        params.max_iterations, tolerance, initial_error,
        [&] {
          if (single_effector)
            backward_pass_single(ws);
          else
            backward_pass(ws);
          forward_pass(ws);
          return single_effector ? glm::length(ws.positions[n - 1] - goal)
                                 : goal_error(ws, ws.positions);
        },
        record);
    aim_chain_tree(skeleton, ws, false, parent_of_root, ws.positions, nullptr, pose, ws.positions2,
                   ws.floats, nullptr);
    result.error = goal_error(ws, ws.positions2);
    result.status =
        final_status(result.error, tolerance, beyond_reach(ws.positions2), loop.stalled);
  } else {
    // Rebuild (and clamp) the rotations every iteration; the next backward pass starts
    // from the actual positions and bone lengths of that pose.
    loop = iterate_until_done(
        params.max_iterations, tolerance, initial_error,
        [&] {
          backward_pass(ws);
          aim_chain_tree(skeleton, ws, params.use_limits, parent_of_root, ws.positions2,
                         ws.floats2.data(), pose, ws.positions, ws.lengths, trace);
          return goal_error(ws, ws.positions);
        },
        [&](float error) { trace_iteration(trace, pose, error); });
    result.error = loop.error;
    result.status = final_status(result.error, tolerance, beyond_reach(ws.positions), loop.stalled);
  }
  result.iterations = loop.iterations;
  return result;
}

}  // namespace ik
