// The Jacobian solvers' Problem: setting it up before the iterations (sizes, frame, the
// columns' fixed facts, the path, the colinear bump, hinge angles, lengths, aims) and the
// two things every iteration does on either path: the forward pass and the error.
//
// Index:
//   prepare            validate, fill the chain's tree, size every buffer
//   set_frame          the limb frame or model space (inverse_transform)
//   prepare_columns    per joint: columns, hinge axis, frame scale, ball test; Problem::rigid
//   choose_path        Problem::fused and Problem::moving
//   update_frames      the forward pass (chain_frames, or the fused path's walk)
//   bump_if_colinear   the guide's colinear bump
//   read_hinge_angles  the hinges' start angles
//   set_lengths        frame scale, tolerance, λ, error clamping, aim margin
//   set_aims           each effector's goal and aim
//   evaluate           the error rows e and the error
//   largest_stretch    how much the frame -> model map can stretch a length
#include "solvers/ik/jacobian/jacobian_problem.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "solvers/base/dense.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace jacobian_detail {
namespace {

// The colinear bump's turn of each joint (bump_if_colinear).
constexpr float kBumpAngle = 0.05f;  // rad

// Error clamping (Problem::longest_error_row), as a fraction of the chain's length.
constexpr float kLongestErrorRow = 0.25f;
// The aim margin for goals beyond reach (Problem::aim_margin), as a fraction of the
// chain's length; for DLS also at most half of lambda: along a direction of singular
// value s, DLS turns by s e / (s² + λ²) <= e / (2 λ), so a margin of λ / 2 keeps that
// push under a quarter radian.
constexpr float kAimMargin = 0.05f;

// The inverse of an affine transform (last row 0 0 0 1). For a rotation times a uniform
// scale s, L⁻¹ = Lᵀ / s² (no general 4 x 4 inverse); otherwise glm::inverse.
glm::mat4 inverse_transform(const glm::mat4& m) {
  const glm::mat3 linear(m);
  if (!is_similarity(linear, 1e-6f)) return glm::inverse(m);
  const float scale2 = glm::dot(linear[0], linear[0]);
  const glm::mat3 inverse_linear = glm::transpose(linear) * (1.0f / scale2);
  glm::mat4 out(inverse_linear);
  out[3] = glm::vec4(-(inverse_linear * glm::vec3(m[3])), 1.0f);
  return out;
}

glm::vec3 to_model(const Problem& p, const glm::vec3& v) { return glm::vec3(p.model_from_frame * glm::vec4(v, 1.0f)); }
glm::vec3 to_frame(const Problem& p, const glm::vec3& v) { return glm::vec3(p.frame_from_model * glm::vec4(v, 1.0f)); }

// Length of the path from the chain root to tree joint k, in model space.
float model_path_length(const Problem& p, int k) {
  const Workspace& ws = p.workspace;
  float length = 0.0f;
  for (; ws.tree_parent[static_cast<size_t>(k)] >= 0; k = ws.tree_parent[static_cast<size_t>(k)])
    length += glm::length(to_model(p, ws.positions[static_cast<size_t>(k)]) -
                          to_model(p, ws.positions[static_cast<size_t>(ws.tree_parent[static_cast<size_t>(k)])]));
  return length;
}

}  // namespace

bool prepare(Problem& p, const Pose& pose, bool main_only) {
  Workspace& ws = p.workspace;
  JacobianScratch& s = p.scratch;
  if (!is_valid_chain(p.skeleton, p.chain, pose, ws) || !valid_jacobian_params(p.params)) return false;
  if (!fill_chain_tree(p.skeleton, p.chain, ws.path, ws.tree_parent)) return false;
  p.effectors = solved_effectors(p.chain, main_only);
  p.rows = 0;
  for (int i = 0; i < p.effectors; ++i) p.rows += rows_of(effector_goal(p.chain, i));
  p.columns = 0;
  for (int j : ws.path)
    if (!is_locked(ws, j)) p.columns += is_hinge(p.skeleton, p.params, j) ? 1 : 3;
  const size_t joints = ws.path.size();
  p.moving = joints;
  ws.positions.resize(joints);
  ws.linear.resize(joints);

  const size_t effectors = static_cast<size_t>(p.effectors);
  size_at_least(s.effector_tree_index, effectors);
  size_at_least(s.effector_row_scale, effectors);
  size_at_least(s.effector_goal, effectors);
  size_at_least(s.effector_aim, effectors);
  size_at_least(s.effector_position, effectors);
  for (int i = 0; i < p.effectors; ++i)
    s.effector_row_scale[static_cast<size_t>(i)] = std::sqrt(effector_weight(p.chain, i));

  size_at_least(s.column_count, joints);
  size_at_least(s.hinge_axis, joints);
  size_at_least(s.inverse_frame_scale, joints);
  size_at_least(s.ball_test, joints);
  size_at_least(s.hinge, joints);
  size_at_least(s.fused_lever, joints);

  const size_t m = static_cast<size_t>(p.rows), n = static_cast<size_t>(p.columns);
  size_at_least(s.jacobian, m * n);
  size_at_least(s.step, n);
  size_at_least(s.error, m);
  size_at_least(s.jg, m);
  size_at_least(s.y, m);
  size_at_least(s.gram, m * m);
  size_at_least(s.damped_gram, m * m);
  size_at_least(s.ball_ranges, p.skeleton.limits.size());
  return true;
}

void set_frame(Problem& p, const Pose& pose, bool limb_frame) {
  const glm::mat4 parent = parent_world(p.skeleton, pose, p.chain.root);
  p.frame_parent = limb_frame ? glm::mat4(1.0f) : parent;
  p.model_from_frame = limb_frame ? parent : glm::mat4(1.0f);
  p.frame_from_model = inverse_transform(p.model_from_frame);
  // Only orientation goals read the frame's rotation (evaluate), and a quaternion read from a
  // matrix is not free: a position-only chain leaves it at the identity.
  bool orientation = p.chain.goal.use_orientation;
  for (const EffectorGoal& e : p.chain.extra_effectors) orientation = orientation || e.goal.use_orientation;
  if (orientation) p.frame_rotation = rotation_of(glm::mat3(p.model_from_frame));
}

void prepare_columns(Problem& p, const Pose& pose) {
  const Workspace& ws = p.workspace;
  JacobianScratch& s = p.scratch;
  const size_t joints = ws.path.size();
  for (int i = 0; i < p.effectors; ++i)
    s.effector_tree_index[static_cast<size_t>(i)] = find_in_sorted(ws.path, effector_joint(p.chain, i));
  const glm::mat3 root_parent_linear(p.frame_parent);
  p.rigid =
      !p.params.finite_difference && glm::determinant(root_parent_linear) > 0.0f && is_similarity(root_parent_linear);
  const float root_parent_scale = std::sqrt(glm::dot(root_parent_linear[0], root_parent_linear[0]));
  for (size_t k = 0; k < joints; ++k) {
    const int j = ws.path[k];
    const JointLimits& limits = p.skeleton.limits[static_cast<size_t>(j)];
    const bool hinge = is_hinge(p.skeleton, p.params, j);
    s.column_count[k] = is_locked(ws, j) ? 0 : hinge ? 1 : 3;
    s.hinge_axis[k] = hinge ? hinge_axis(limits) : glm::vec3(0.0f);
    glm::vec3* ranges = s.ball_test[k].ranges;
    const glm::vec3* prepared =
        p.params.use_limits ? cached_ball_ranges(limits, s.ball_ranges[static_cast<size_t>(j)]) : nullptr;
    if (prepared != nullptr)
      ranges[0] = prepared[0], ranges[1] = prepared[1], ranges[2] = prepared[2];  // (std::copy: a memmove call)
    else
      ranges[2] = glm::vec3(2.0f);
    const glm::vec3& scale = pose.local[static_cast<size_t>(j)].scale;
    if (!(scale.x > 0.0f) || scale.y != scale.x || scale.z != scale.x) p.rigid = false;
    const int t = ws.tree_parent[k];
    const float parent_scale = t < 0 ? root_parent_scale : 1.0f / s.inverse_frame_scale[static_cast<size_t>(t)];
    s.inverse_frame_scale[k] = 1.0f / (parent_scale * scale.x);
  }
}

// The fused path when its conditions hold. On it the main effector's own turn cannot move
// it: its r (fused_gram) is exactly zero, and so are its columns and its part of every Δθ.
// Unless a limit could still clamp its rotation (use_limits and enabled limits), the
// iterations leave it alone and the forward pass needs only its position: a fifth of a
// four-bone limb's work per iteration.
void choose_path(Problem& p) {
  const Workspace& ws = p.workspace;
  p.fused = p.rigid && p.effectors == 1 && p.rows == 3;
  p.moving = ws.path.size();
  const int effector = tree_index(p, 0);
  const bool clampable = p.params.use_limits && p.skeleton.limits[static_cast<size_t>(p.chain.effector)].enabled;
  if (p.fused && !clampable && static_cast<size_t>(effector) + 1 == ws.path.size()) p.moving = ws.path.size() - 1;
}

void update_frames(Problem& p, const Pose& pose) {
  if (p.fused) {
    walk_path_frames(p, pose);
    return;
  }
  Workspace& ws = p.workspace;
  chain_frames(pose, ws.path, ws.tree_parent, p.frame_parent, ws.positions, ws.linear, p.moving < ws.path.size());
}

// The guide's colinear bump, for angles: when the root -> main effector path and the goal
// lie on one line, every column's position part is perpendicular to the error and the
// solver could never bend. Each joint of that path then turns by kBumpAngle toward the
// pole (made perpendicular to the line) -- unless the goal lies ahead beyond reach, where
// the straight chain already is the answer.
bool bump_if_colinear(Problem& p, Pose& pose) {
  const Workspace& ws = p.workspace;
  if (p.chain.goal.use_orientation) return false;  // the orientation rows can still bend it
  const int last = tree_index(p, 0);
  if (last < 2) return false;  // a single bone has nothing to bend
  const glm::vec3 base = ws.positions[0];
  const glm::vec3 to_goal = to_frame(p, p.chain.goal.position) - base;
  const glm::vec3 line = ws.positions[static_cast<size_t>(last)] - base;
  if (!(glm::dot(line, line) > 0.0f) || !nearly_colinear(to_goal, line)) return false;
  for (int k = last; k > 0; k = ws.tree_parent[static_cast<size_t>(k)])
    if (!nearly_colinear(ws.positions[static_cast<size_t>(k)] - base, line)) return false;
  const float reach = path_length(ws.positions, ws.tree_parent, last);
  if (glm::dot(to_goal, line) > 0.0f && glm::length(to_goal) >= reach) return false;
  const glm::vec3 pole = glm::mat3(p.frame_from_model) * p.chain.goal.pole;
  const glm::vec3 side =
      direction_or(pole - line * (glm::dot(pole, line) / glm::dot(line, line)), any_perpendicular(line));
  // Turning +angle about line x side moves the line toward side. A pole (nearly) along the
  // line leaves only rounding noise in `side`, which may point along the line itself; the
  // cross product then vanishes and any axis perpendicular to the line will do.
  const glm::vec3 model_axis = direction_or(glm::cross(line, side), any_perpendicular(line));
  const glm::mat3 root_parent_linear(p.frame_parent);
  for (int k = ws.tree_parent[static_cast<size_t>(last)]; k >= 0; k = ws.tree_parent[static_cast<size_t>(k)]) {
    const int j = ws.path[static_cast<size_t>(k)];
    if (is_locked(ws, j)) continue;
    const int tp = ws.tree_parent[static_cast<size_t>(k)];
    const glm::mat3& parent_linear = tp < 0 ? root_parent_linear : ws.linear[static_cast<size_t>(tp)];
    const glm::vec3 axis = direction_or(glm::inverse(parent_linear) * model_axis, model_axis);
    glm::quat& rotation = pose.local[static_cast<size_t>(j)].rotation;
    rotation = glm::normalize(glm::angleAxis(kBumpAngle, axis) * rotation);
    if (p.params.use_limits)
      clamp_to_limits(p.skeleton.limits[static_cast<size_t>(j)], p.skeleton.rest[static_cast<size_t>(j)].rotation,
                      rotation);
  }
  return true;
}

void read_hinge_angles(Problem& p, const Pose& pose) {
  JacobianScratch& s = p.scratch;
  for (size_t k = 0; k < p.moving; ++k) {
    if (s.column_count[k] != 1) continue;
    const int j = p.workspace.path[k];
    bool swing = false;
    s.hinge[k].angle = hinge_angle(s.hinge_axis[k], p.skeleton.rest[static_cast<size_t>(j)].rotation,
                                   pose.local[static_cast<size_t>(j)].rotation, swing);
    s.hinge[k].swing_to_report = swing;
  }
}

void set_lengths(Problem& p, JacobianMethod method) {
  const Workspace& ws = p.workspace;
  // Lengths in the Problem's (limb) frame; the tolerance is in model space.
  const float chain_length = path_length(ws.positions, ws.tree_parent, tree_index(p, 0));
  const float model_chain_length = model_path_length(p, tree_index(p, 0));
  p.frame_scale = model_chain_length > 0.0f ? chain_length / model_chain_length : 1.0f;
  p.tolerance = resolve_tolerance(p.params, model_chain_length);
  p.lambda = p.params.tolerance_relative ? p.params.lambda * chain_length : p.params.lambda * p.frame_scale;
  p.longest_error_row = kLongestErrorRow * chain_length;
  p.aim_margin = kAimMargin * chain_length;
  if (method == JacobianMethod::damped_least_squares) p.aim_margin = std::min(p.aim_margin, 0.5f * p.lambda);
}

// Each effector's goal in the Problem's frame (fixed for the solve) and its aim: its goal,
// or, for a goal beyond reach, a point just past full reach (by Problem::aim_margin) on the
// line from the chain root to the goal. A goal far out of reach leaves a large error that
// no step can reduce; the linear model then pushes the chain through its singular straight
// pose back and forth. Aiming just past full reach keeps that push small, so the chain
// settles straight toward the goal in a few dozen iterations (aiming exactly at full reach
// would make the straight pose singular AND the error zero there: convergence would crawl).
float set_aims(Problem& p) {
  const Workspace& ws = p.workspace;
  JacobianScratch& s = p.scratch;
  const glm::vec3 root = ws.positions[0];
  float shortfall = 0.0f;  // Problem's frame
  for (int i = 0; i < p.effectors; ++i) {
    const size_t e = static_cast<size_t>(i);
    const glm::vec3 goal = to_frame(p, effector_goal(p.chain, i).position);
    s.effector_aim[e] = goal;
    s.effector_goal[e] = goal;
    const float reach = path_length(ws.positions, ws.tree_parent, tree_index(p, i));
    const glm::vec3 to_goal = goal - root;
    const float distance = glm::length(to_goal);
    // Beyond reach by more than the rounding of reading positions far from the origin: an
    // aim chain's goal is its effector's own position, exactly at full reach, read 2e-6 of a
    // 10 cm neck past it 2 m from the origin (the CMU walk's head), and "beyond reach" then
    // ran every iteration, each step's clamp turning the clip's head off its look target.
    const float rounding = 8.0f * std::numeric_limits<float>::epsilon() * (glm::length(goal) + glm::length(root));
    if (!(distance > reach * (1.0f + 1e-6f) + rounding)) continue;
    const float margin = std::min(distance - reach, p.aim_margin);
    s.effector_aim[e] = root + to_goal * ((reach + margin) / distance);
    if (s.effector_row_scale[e] > 0.0f) shortfall = std::max(shortfall, distance - reach);
  }
  return shortfall / p.frame_scale;
}

// Fills the error rows e (see jacobian.h; toward each effector's aim) from the current
// frames, and with `model` Problem::model_error: the largest model-space error of an
// effector that has a weight (position distance + orientation_weight * angle,
// goal_error.h; only the trace and the result read it, so the iterations of an untraced
// solve skip it and the solve measures it once at the end). Returns the same measure taken
// in the Problem's frame and scaled back to model units, which is what the steps reduce:
// equal to the model-space error unless an ancestor of the chain scales non-uniformly, and
// then the one that must steer when to stop.
float evaluate(Problem& p, bool model) {
  const Workspace& ws = p.workspace;
  JacobianScratch& s = p.scratch;
  float* e = s.error.data();
  float worst = 0.0f, worst_model = 0.0f;
  int r = 0;
  for (int i = 0; i < p.effectors; ++i) {
    const Goal& goal = effector_goal(p.chain, i);
    const size_t index = static_cast<size_t>(i);
    const size_t k = static_cast<size_t>(tree_index(p, i));
    const float weight = s.effector_row_scale[index];
    s.effector_position[index] = ws.positions[k];
    float error = glm::length(s.effector_goal[index] - ws.positions[k]) / p.frame_scale;
    float model_error = model ? glm::length(goal.position - to_model(p, ws.positions[k])) : 0.0f;
    const glm::vec3 to_aim = s.effector_aim[index] - ws.positions[k];
    const float move_scale = weight * std::min(1.0f, p.longest_error_row / glm::length(to_aim));
    for (int c = 0; c < 3; ++c) e[r + c] = move_scale * to_aim[c];
    if (goal.use_orientation) {
      const glm::quat wanted = glm::conjugate(p.frame_rotation) * glm::normalize(goal.orientation);
      const glm::vec3 turn = rotation_vector_between(rotation_of(ws.linear[k]), wanted);
      error += p.params.orientation_weight * glm::length(turn);
      model_error += p.params.orientation_weight * glm::length(turn);
      const glm::vec3 row = p.params.orientation_weight * p.frame_scale * turn;
      const float turn_scale = weight * std::min(1.0f, p.longest_error_row / glm::length(row));
      for (int c = 0; c < 3; ++c) e[r + 3 + c] = turn_scale * row[c];
    }
    if (weight > 0.0f) {
      worst = std::max(worst, error);
      worst_model = std::max(worst_model, model_error);
    }
    r += rows_of(goal);
  }
  if (model) p.model_error = worst_model;
  return worst;
}

float largest_stretch(const Problem& p) {
  const glm::mat3 m(p.model_from_frame);
  // A rotation times a uniform scale (the usual rig) stretches every length alike.
  if (is_similarity(m, 1e-6f))
    return std::sqrt(std::max({glm::dot(m[0], m[0]), glm::dot(m[1], m[1]), glm::dot(m[2], m[2])}));
  const glm::mat3 mtm = glm::transpose(m) * m;
  double a[9], eigenvalues[3];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) a[r * 3 + c] = mtm[c][r];
  symmetric_eigenvalues(a, 3, eigenvalues);
  return static_cast<float>(std::sqrt(std::max(0.0, eigenvalues[0])));
}

}  // namespace jacobian_detail
}  // namespace ik
