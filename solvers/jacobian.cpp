#include "solvers/jacobian.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include "solvers/dense.h"
#include "solvers/goal_error.h"
#include "solvers/isa_dispatch.h"
#include "solvers/limits.h"
#include "solvers/solver_common.h"
#include "solvers/workspace.h"

namespace ik {
namespace {

// ---- The chain's effectors: 0 is the main one, then the extra ones ---------------------

int effector_count(const Chain& chain, bool main_only) {
  return main_only ? 1 : 1 + static_cast<int>(chain.extra_effectors.size());
}
int effector_joint(const Chain& chain, int i) {
  return i == 0 ? chain.effector : chain.extra_effectors[static_cast<size_t>(i - 1)].joint;
}
const Goal& effector_goal(const Chain& chain, int i) {
  return i == 0 ? chain.goal : chain.extra_effectors[static_cast<size_t>(i - 1)].goal;
}
float effector_weight(const Chain& chain, int i) {
  return i == 0 ? 1.0f : chain.extra_effectors[static_cast<size_t>(i - 1)].weight;
}
int rows_of(const Goal& goal) { return goal.use_orientation ? 6 : 3; }

// A joint the solvers turn about its one hinge axis (one column) instead of three axes.
bool is_hinge(const Skeleton& skeleton, const Params& params, int joint) {
  const JointLimits& limits = skeleton.limits[static_cast<size_t>(joint)];
  return params.use_limits && limits.enabled && limits.hinge;
}

// ---- One solve's fixed facts ------------------------------------------------------------

struct Problem {
  const Skeleton& skeleton;
  const Chain& chain;
  const Params& params;
  Workspace& workspace;
  JacobianScratch& scratch;  // workspace.jacobian
  int effectors = 0;
  int rows = 0;     // m
  int columns = 0;  // n
  glm::mat4 frame_parent{1.0f};      // the chain root's parent, in the Problem's frame
  glm::mat4 model_from_frame{1.0f};  // the Problem's frame -> model space
  glm::mat4 frame_from_model{1.0f};
  glm::quat frame_rotation{1.0f, 0.0f, 0.0f, 0.0f};  // rotation part of model_from_frame
  float frame_scale = 1.0f;  // lengths in the Problem's frame per model-space length
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
int tree_index(const Problem& p, int i) { return p.scratch.effector_tree_index[static_cast<size_t>(i)]; }

// Defined further down.
void walk_path_frames(Problem& p, const Pose& pose);
void fused_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method);
void general_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method);

// ---- The fused path's forward pass ------------------------------------------------------
//
// On the fused path the chain's tree is a path (one effector: tree_parent[k] = k - 1), so
// the forward pass can walk down it with the parent's frame in registers: chain_frames'
// arithmetic, operation for operation (the same frames to the bit), without its general
// tree bookkeeping, and compiled into the fused iteration (see fused_iteration_body).

#if defined(__SSE__) || defined(_M_X64)
// The walk's frame on SSE registers: the linear part's three columns and the position, one
// register each (lane 3 unused), so parent * v is three broadcasts, three multiplies and
// two adds.
struct WalkFrame {
  __m128 column[3];
  __m128 position;
};

// An affine mat4's frame (its columns' lane 3 is 0 or 1, never read).
inline WalkFrame walk_frame(const glm::mat4& m) {
  return {{_mm_loadu_ps(&m[0][0]), _mm_loadu_ps(&m[1][0]), _mm_loadu_ps(&m[2][0])}, _mm_loadu_ps(&m[3][0])};
}

// frame.linear * (x, y, z), summed (x + y) + z as glm's mat3 * vec3.
inline __m128 linear_times(const WalkFrame& frame, float x, float y, float z) {
  return _mm_add_ps(_mm_add_ps(_mm_mul_ps(frame.column[0], _mm_set1_ps(x)), _mm_mul_ps(frame.column[1], _mm_set1_ps(y))),
                    _mm_mul_ps(frame.column[2], _mm_set1_ps(z)));
}

// Lanes 0..2 of v into v3, nothing past it.
inline void store_xyz(glm::vec3& v3, __m128 v) {
  _mm_storel_pi(reinterpret_cast<__m64*>(&v3.x), v);
  _mm_store_ss(&v3.z, _mm_movehl_ps(v, v));
}
#else
// Without SSE: the same frame and arithmetic in glm.
struct WalkFrame {
  glm::vec3 column[3];
  glm::vec3 position;
};
inline WalkFrame walk_frame(const glm::mat4& m) {
  return {{glm::vec3(m[0]), glm::vec3(m[1]), glm::vec3(m[2])}, glm::vec3(m[3])};
}
inline glm::vec3 linear_times(const WalkFrame& frame, float x, float y, float z) {
  return (frame.column[0] * x + frame.column[1] * y) + frame.column[2] * z;
}
inline void store_xyz(glm::vec3& v3, const glm::vec3& v) { v3 = v; }
#endif

// The child's frame from its parent's (Problem's frame): position = parent position +
// parent linear * t, linear = parent linear * R(q) * S, with R(q)'s columns as in
// glm::mat3_cast; stored into `linear` and `position` too.
IKSCOPE_ALWAYS_INLINE WalkFrame place_child(const WalkFrame& parent, const Transform& local, glm::mat3& linear,
                                            glm::vec3& position) {
  const glm::quat& q = local.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  const glm::vec3& s = local.scale;
  const glm::vec3& t = local.translation;
  WalkFrame child;
  child.position = parent.position + linear_times(parent, t.x, t.y, t.z);
  child.column[0] = linear_times(parent, s.x * (1.0f - 2.0f * (yy + zz)), s.x * (2.0f * (xy + wz)), s.x * (2.0f * (xz - wy)));
  child.column[1] = linear_times(parent, s.y * (2.0f * (xy - wz)), s.y * (1.0f - 2.0f * (xx + zz)), s.y * (2.0f * (yz + wx)));
  child.column[2] = linear_times(parent, s.z * (2.0f * (xz + wy)), s.z * (2.0f * (yz - wx)), s.z * (1.0f - 2.0f * (xx + yy)));
  store_xyz(linear[0], child.column[0]);
  store_xyz(linear[1], child.column[1]);
  store_xyz(linear[2], child.column[2]);
  store_xyz(position, child.position);
  return child;
}

// The frames of the chain (a path) from the pose, as update_frames.
IKSCOPE_ALWAYS_INLINE void walk_frames(Problem& p, const Pose& pose) {
  Workspace& ws = p.workspace;
  WalkFrame parent = walk_frame(p.frame_parent);
  for (size_t k = 0; k < p.moving; ++k)
    parent = place_child(parent, pose.local[static_cast<size_t>(ws.path[k])], ws.linear[k], ws.positions[k]);
  if (p.moving < ws.path.size()) {  // the effector's position alone (choose_path)
    const glm::vec3& t = pose.local[static_cast<size_t>(ws.path[p.moving])].translation;
    store_xyz(ws.positions[p.moving], parent.position + linear_times(parent, t.x, t.y, t.z));
  }
}

// The colinear bump's turn of each joint (bump_if_colinear).
constexpr float kBumpAngle = 0.05f;  // rad

// Error clamping (Problem::longest_error_row), as a fraction of the chain's length.
constexpr float kLongestErrorRow = 0.25f;
// The aim margin for goals beyond reach (Problem::aim_margin), as a fraction of the
// chain's length; for DLS also at most half of lambda: along a direction of singular
// value s, DLS turns by s e / (s² + λ²) <= e / (2 λ), so a margin of λ / 2 keeps that
// push under a quarter radian.
constexpr float kAimMargin = 0.05f;

// Grows `v` to at least n entries (never shrinks it: a buffer sized once stays sized).
template <typename T>
void size_at_least(std::vector<T>& v, size_t n) {
  if (v.size() < n) v.resize(n);
}

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


bool prepare(Problem& p, const Pose& pose, bool main_only) {
  Workspace& ws = p.workspace;
  JacobianScratch& s = p.scratch;
  if (!is_valid_chain(p.skeleton, p.chain, pose, ws) || !valid_jacobian_params(p.params)) return false;
  if (!fill_chain_tree(p.skeleton, p.chain, ws.path, ws.tree_parent)) return false;
  p.effectors = effector_count(p.chain, main_only);
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
  for (int i = 0; i < p.effectors; ++i) s.effector_row_scale[static_cast<size_t>(i)] = std::sqrt(effector_weight(p.chain, i));

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
  p.rigid = !p.params.finite_difference && glm::determinant(root_parent_linear) > 0.0f &&
            is_similarity(root_parent_linear);
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
  const glm::vec3 side = direction_or(pole - line * (glm::dot(pole, line) / glm::dot(line, line)), any_perpendicular(line));
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
    if (!(distance > reach * (1.0f + 1e-6f))) continue;
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
  if (is_similarity(m, 1e-6f)) return std::sqrt(std::max({glm::dot(m[0], m[0]), glm::dot(m[1], m[1]), glm::dot(m[2], m[2])}));
  const glm::mat3 mtm = glm::transpose(m) * m;
  double a[9], eigenvalues[3];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) a[r * 3 + c] = mtm[c][r];
  symmetric_eigenvalues(a, 3, eigenvalues);
  return static_cast<float>(std::sqrt(std::max(0.0, eigenvalues[0])));
}

// Writes column `column` of J (rows x n, row-major) for a turn about the unit axis `omega`
// (the Problem's frame) through `joint_position` (tree joint k): omega x (p - p_j) for the
// position rows of each effector below the joint, omega for their orientation rows.
void write_rigid_column(const Problem& p, int k, const glm::vec3& omega, const glm::vec3& joint_position,
                        float turn_weight, int column, float* jacobian) {
  const JacobianScratch& s = p.scratch;
  const int n = p.columns;
  const int j = p.workspace.path[static_cast<size_t>(k)];
  const int subtree_end = p.skeleton.subtree_end[static_cast<size_t>(j)];
  int r = 0;
  for (int i = 0; i < p.effectors; ++i) {
    const Goal& goal = effector_goal(p.chain, i);
    const int effector = effector_joint(p.chain, i);
    const float weight = s.effector_row_scale[static_cast<size_t>(i)];
    const bool below = effector >= j && effector < subtree_end;
    const glm::vec3 moves =
        below ? glm::cross(omega, s.effector_position[static_cast<size_t>(i)] - joint_position) : glm::vec3(0.0f);
    for (int c = 0; c < 3; ++c) jacobian[(r + c) * n + column] = weight * moves[c];
    if (goal.use_orientation) {
      const float w = below ? weight * turn_weight : 0.0f;
      for (int c = 0; c < 3; ++c) jacobian[(r + 3 + c) * n + column] = w * omega[c];
    }
    r += rows_of(goal);
  }
}

// J when Problem::rigid: the axis of a turn about the joint's own axis u is
// linear u / |linear u| (linear: the joint's frame, whose scale inverse_frame_scale undoes).
void build_rigid_jacobian(Problem& p, float* jacobian) {
  const Workspace& ws = p.workspace;
  const JacobianScratch& s = p.scratch;
  const float turn_weight = p.params.orientation_weight * p.frame_scale;
  int column = 0;
  if (p.effectors == 1 && p.rows == 3) {
    // One position goal on the main effector, below every joint of the path: three rows.
    const int n = p.columns;
    const glm::vec3 effector = s.effector_position[0];
    const float weight = s.effector_row_scale[0];
    for (size_t k = 0; k < ws.path.size(); ++k) {
      const int count = s.column_count[k];
      if (count == 0) continue;
      const glm::vec3 offset = (effector - ws.positions[k]) * (weight * s.inverse_frame_scale[k]);
      for (int a = 0; a < count; ++a, ++column) {
        const glm::mat3& linear = ws.linear[k];
        const glm::vec3 moves = glm::cross(count == 1 ? linear * s.hinge_axis[k] : linear[a], offset);
        jacobian[column] = moves.x;
        jacobian[n + column] = moves.y;
        jacobian[2 * n + column] = moves.z;
      }
    }
    return;
  }
  for (size_t k = 0; k < ws.path.size(); ++k) {
    const int count = s.column_count[k];
    const glm::mat3& linear = ws.linear[k];
    const float inverse_scale = s.inverse_frame_scale[k];
    if (count == 1) {
      write_rigid_column(p, static_cast<int>(k), (linear * s.hinge_axis[k]) * inverse_scale, ws.positions[k],
                         turn_weight, column++, jacobian);
    } else if (count == 3) {
      for (int a = 0; a < 3; ++a)
        write_rigid_column(p, static_cast<int>(k), linear[a] * inverse_scale, ws.positions[k], turn_weight,
                           column++, jacobian);
    }
  }
}

// The turn matrix of joint j's subtree (Problem's frame) when j turns by `angle` about its own
// axis: A R_a(angle) A⁻¹, with `axis` = R_j u in the parent's frame.
glm::mat3 subtree_turn(const glm::mat3& parent_linear, const glm::mat3& parent_inverse, const glm::vec3& axis,
                       float angle) {
  return parent_linear * glm::mat3_cast(glm::angleAxis(angle, axis)) * parent_inverse;
}


void build_jacobian(Problem& p, const Pose& pose) {
  float* jacobian = p.scratch.jacobian.data();
  if (p.rigid) {
    build_rigid_jacobian(p, jacobian);
    return;
  }
  const Workspace& ws = p.workspace;
  const JacobianScratch& s = p.scratch;
  const Skeleton& skeleton = p.skeleton;
  const int n = p.columns;
  const bool finite_difference = p.params.finite_difference;
  const float h = p.params.fd_step;
  const glm::mat3 root_parent_linear(p.frame_parent);
  const float turn_weight = p.params.orientation_weight * p.frame_scale;
  int column = 0;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    const int j = ws.path[k];
    if (is_locked(ws, j)) continue;
    const int tp = ws.tree_parent[k];
    const glm::mat3& parent_linear = tp < 0 ? root_parent_linear : ws.linear[static_cast<size_t>(tp)];
    const float determinant = glm::determinant(parent_linear);
    // A rotation times a positive uniform scale: columns are omega x (p - p_j).
    const bool rigid = determinant > 0.0f && is_similarity(parent_linear);
    const glm::mat3 parent_inverse = rigid && !finite_difference ? glm::mat3(1.0f) : glm::inverse(parent_linear);
    // The direction of a turn about own axis u is A R u = linear * (u / S) (linear = A R S,
    // this joint's frame): no rotation to apply. Its length is the parent's scale;
    // omega = +-(A R u) / |A R u| (minus under a mirroring parent).
    const glm::vec3 joint_position = ws.positions[k];
    const glm::vec3 inverse_scale = 1.0f / pose.local[static_cast<size_t>(j)].scale;
    const glm::mat3& linear = ws.linear[k];
    const bool hinge = is_hinge(skeleton, p.params, j);
    const glm::vec3 hinge_direction =
        hinge ? linear * (hinge_axis(skeleton.limits[static_cast<size_t>(j)]) * inverse_scale) : glm::vec3(0.0f);
    const float omega_scale = (determinant < 0.0f ? -1.0f : 1.0f) /
                              std::sqrt(rigid ? glm::dot(parent_linear[0], parent_linear[0])
                                              : 1.0f);  // rigid: |A R u| is A's scale
    const int subtree_end = skeleton.subtree_end[static_cast<size_t>(j)];
    for (int axis_index = 0; axis_index < (hinge ? 1 : 3); ++axis_index, ++column) {
      const glm::vec3 direction = hinge ? hinge_direction : linear[axis_index] * inverse_scale[axis_index];
      const glm::vec3 omega = rigid ? omega_scale * direction : omega_scale * glm::normalize(direction);
      const glm::vec3 axis = rigid && !finite_difference ? glm::vec3(0.0f) : parent_inverse * direction;  // R u
      glm::mat3 turn_plus(1.0f), turn_minus(1.0f);
      if (finite_difference) {
        turn_plus = subtree_turn(parent_linear, parent_inverse, axis, h);
        turn_minus = subtree_turn(parent_linear, parent_inverse, axis, -h);
      }
      int r = 0;
      for (int i = 0; i < p.effectors; ++i) {
        const Goal& goal = effector_goal(p.chain, i);
        const int effector = effector_joint(p.chain, i);
        const float weight = s.effector_row_scale[static_cast<size_t>(i)];
        glm::vec3 moves(0.0f), turns(0.0f);
        if (effector >= j && effector < subtree_end) {
          const glm::vec3 offset = s.effector_position[static_cast<size_t>(i)] - joint_position;
          if (finite_difference) {
            // Central difference of the memoised effector offset turned by +-h.
            moves = (turn_plus * offset - turn_minus * offset) / (2.0f * h);
            turns = rotation_vector_between(rotation_of(turn_minus), rotation_of(turn_plus)) / (2.0f * h);
          } else {
            moves = rigid ? glm::cross(omega, offset) : parent_linear * glm::cross(axis, parent_inverse * offset);
            turns = omega;
          }
        }
        for (int c = 0; c < 3; ++c) jacobian[(r + c) * n + column] = weight * moves[c];
        if (goal.use_orientation) {
          const float w = weight * turn_weight;
          for (int c = 0; c < 3; ++c) jacobian[(r + 3 + c) * n + column] = w * turns[c];
        }
        r += rows_of(goal);
      }
    }
  }
}

// A x = b for the symmetric positive definite 3 x 3 A = a + diagonal I (a row-major, both
// triangles), in closed form: x = adj(A) b / det(A), with the cofactors C_ij of the symmetric A. One
// division instead of Cholesky's chain of three square roots and nine divisions, each
// waiting for the one before (about 150 cycles of latency on every iteration's path, down
// to about 40). By Sylvester's criterion A is positive definite exactly when a00, the
// leading 2 x 2 minor C22 and det(A) are positive; otherwise returns false with `b`
// untouched (the caller then damps more, as after a failed Cholesky). Accuracy: like
// Cholesky's, the error grows with A's condition number; the damping λ² I the solvers
// add bounds it.
IKSCOPE_ALWAYS_INLINE bool solve_spd_3(const float* a, float diagonal, float* b) {
  const float a00 = a[0] + diagonal, a01 = a[1], a02 = a[2], a11 = a[4] + diagonal, a12 = a[5], a22 = a[8] + diagonal;
  const float c00 = a11 * a22 - a12 * a12;
  const float c01 = a02 * a12 - a01 * a22;
  const float c02 = a01 * a12 - a02 * a11;
  const float c11 = a00 * a22 - a02 * a02;
  const float c12 = a01 * a02 - a00 * a12;
  const float c22 = a00 * a11 - a01 * a01;
  const float det = (a00 * c00 + a01 * c01) + a02 * c02;
  if (!(a00 > 0.0f && c22 > 0.0f && det > 0.0f && std::isfinite(det))) return false;
  const float inverse = 1.0f / det;
  const float b0 = b[0], b1 = b[1], b2 = b[2];
  b[0] = ((c00 * b0 + c01 * b1) + c02 * b2) * inverse;
  b[1] = ((c01 * b0 + c11 * b1) + c12 * b2) * inverse;
  b[2] = ((c02 * b0 + c12 * b1) + c22 * b2) * inverse;
  return true;
}

// (G + λ² I) y = e into scratch.y for G = scratch.gram (J Jᵀ, rows x rows, full): in closed
// form for 3 rows (solve_spd_3), else by Cholesky on a damped copy in scratch.damped_gram.
IKSCOPE_ALWAYS_INLINE void solve_damped(Problem& p, float lambda) {
  const int m = p.rows;
  const float* gram = p.scratch.gram.data();
  float* y = p.scratch.y.data();
  const float* e = p.scratch.error.data();
  auto attempt = [&](float diagonal) {
    if (m == 3) {  // three stores, not std::copy's memmove call for 12 bytes
      y[0] = e[0], y[1] = e[1], y[2] = e[2];
      return solve_spd_3(gram, diagonal, y);
    }
    std::copy(e, e + m, y);
    float* damped = p.scratch.damped_gram.data();
    std::copy(gram, gram + m * m, damped);
    for (int r = 0; r < m; ++r) damped[r * m + r] += diagonal;
    return cholesky_solve_in_place(damped, m, y);
  };
  const float damping = lambda * lambda;
  if (attempt(damping)) return;
  // lambda = 0 at a singular pose: damp just enough to make the system solvable.
  float trace = 0.0f;
  for (int r = 0; r < m; ++r) trace += gram[r * m + r];
  const float floor = 1e-6f * trace / static_cast<float>(m) + 1e-30f;
  if (!attempt(damping + floor)) std::fill(y, y + m, 0.0f);
}

// The factor every joint's part of Δθ is scaled by: 1, or less so that no joint turns more
// than params.max_step_angle (scaling the whole step keeps its direction).
IKSCOPE_ALWAYS_INLINE float step_scale(Problem& p) {
  const float limit = p.params.max_step_angle;
  if (!(limit > 0.0f)) return 1.0f;
  const std::uint8_t* column_count = p.scratch.column_count.data();
  const float* step = p.scratch.step.data();
  float largest = 0.0f;  // the largest turn of a joint
  int column = 0;
  for (size_t k = 0; k < p.moving; ++k) {
    const int count = column_count[k];
    if (count == 0) continue;
    const float* s = step + column;
    largest = std::max(largest, std::sqrt(count == 1 ? s[0] * s[0] : (s[0] * s[0] + s[1] * s[1]) + s[2] * s[2]));
    column += count;
  }
  return largest > limit ? limit / largest : 1.0f;
}

// Turns unlocked tree joint k by `scale` times its part of Δθ, `s` (1 angle for a hinge, 3
// for a ball joint, own frame); a hinge is clamped here too (its angle, before the turn is
// built), a ball joint by clamp_ball.
IKSCOPE_ALWAYS_INLINE void turn_joint(Problem& p, Pose& pose, Trace* trace, size_t k, const float* s, float scale) {
  JacobianScratch& scratch = p.scratch;
  const int j = p.workspace.path[k];
  glm::quat& rotation = pose.local[static_cast<size_t>(j)].rotation;
  const glm::quat& rest = p.skeleton.rest[static_cast<size_t>(j)].rotation;
  if (scratch.column_count[k] == 1) {
    // A hinge (one column only with limits on): its angle moves by the step and is clamped
    // as a number, then the rotation is rebuilt from it (limits.h, "Hinges tracked by
    // their angle"), instead of turning the quaternion and reading the angle back.
    HingeState& hinge = scratch.hinge[k];
    hinge.angle += scale * s[0];
    const bool clamped = clamp_hinge_angle(p.skeleton.limits[static_cast<size_t>(j)], hinge.angle);
    rotation = hinge_rotation(scratch.hinge_axis[k], rest, hinge.angle);
    if (clamped || hinge.swing_to_report) trace_clamped(trace, static_cast<int>(k));
    hinge.swing_to_report = false;
    return;
  }
  const glm::vec3 turn = scale * glm::vec3(s[0], s[1], s[2]);  // own frame
  if (glm::dot(turn, turn) > 0.0f) rotation = renormalized(multiply(rotation, rotation_from_vector(turn)));
}

// Clamps turned ball joint k into its limits (with params.use_limits).
IKSCOPE_ALWAYS_INLINE void clamp_ball(Problem& p, Pose& pose, Trace* trace, size_t k) {
  const int j = p.workspace.path[k];
  glm::quat& rotation = pose.local[static_cast<size_t>(j)].rotation;
  const glm::quat& rest = p.skeleton.rest[static_cast<size_t>(j)].rotation;
  // Most turns stay inside a ball joint's ranges: the quick test spares the angle reading.
  const glm::vec3* ranges = p.scratch.ball_test[k].ranges;
  if (ranges[2].x <= 1.0f && ball_surely_inside(ranges, multiply(glm::conjugate(rest), rotation))) return;
  if (clamp_to_limits(p.skeleton.limits[static_cast<size_t>(j)], p.scratch.hinge_axis[k], rest, rotation))
    trace_clamped(trace, static_cast<int>(k));
}

// Turns every unlocked joint by its part of Δθ (scratch.step, scaled by step_scale), then
// clamps the ball joints. Two loops on purpose: the turns do not depend on one another, and
// each is a long chain of dependent arithmetic (the exponential map, a product, the
// renormalisation) that the next forward pass waits for; without the limit tests between
// them (the quick test's own product and square root, off that chain but in the processor's
// window) more of the turns run side by side. About 6% of the humanoid frame.
IKSCOPE_ALWAYS_INLINE void apply_step(Problem& p, Pose& pose, Trace* trace) {
  const std::uint8_t* column_count = p.scratch.column_count.data();
  const float* step = p.scratch.step.data();
  const float scale = step_scale(p);
  int column = 0;
  for (size_t k = 0; k < p.moving; ++k) {
    if (column_count[k] == 0) continue;
    turn_joint(p, pose, trace, k, step + column, scale);
    column += column_count[k];
  }
  if (!p.params.use_limits) return;
  for (size_t k = 0; k < p.moving; ++k)
    if (column_count[k] == 3) clamp_ball(p, pose, trace, k);
}

// Four partial sums: independent chains of additions the CPU can overlap (and the
// compiler can put in one SIMD register). The order is fixed, so results stay repeatable.
float dot(const float* a, const float* b, int count) {
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  for (; i < count; ++i) s0 += a[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}

// out = Jᵀ v.
void multiply_transposed(const float* jacobian, int rows, int columns, const float* v, float* out) {
  std::fill(out, out + columns, 0.0f);
  for (int r = 0; r < rows; ++r) {
    const float* row = jacobian + r * columns;
    const float vr = v[r];
    for (int c = 0; c < columns; ++c) out[c] += row[c] * vr;
  }
}

// Jacobian transpose: Δθ = α Jᵀ e, α = <e, J Jᵀ e> / |J Jᵀ e|² = |Jᵀe|² / |J Jᵀ e|².
void transpose_step(Problem& p) {
  JacobianScratch& s = p.scratch;
  const float* jacobian = s.jacobian.data();
  float* step = s.step.data();
  float* jg = s.jg.data();
  multiply_transposed(jacobian, p.rows, p.columns, s.error.data(), step);
  for (int r = 0; r < p.rows; ++r) jg[r] = dot(jacobian + r * p.columns, step, p.columns);
  const float jg2 = dot(jg, jg, p.rows);
  const float alpha = jg2 > 0.0f ? dot(step, step, p.columns) / jg2 : 0.0f;
  for (int c = 0; c < p.columns; ++c) step[c] *= alpha;
}

// J Jᵀ for three rows (one position goal, the common case) in one pass over the columns:
// the six distinct entries as running sums, instead of six dot products.
void gram_of_three_rows(const float* jacobian, int n, float* gram) {
  const float* r0 = jacobian;
  const float* r1 = jacobian + n;
  const float* r2 = jacobian + 2 * n;
  float s00 = 0.0f, s10 = 0.0f, s11 = 0.0f, s20 = 0.0f, s21 = 0.0f, s22 = 0.0f;
  for (int c = 0; c < n; ++c) {
    const float a = r0[c], b = r1[c], d = r2[c];
    s00 += a * a;
    s10 += b * a;
    s11 += b * b;
    s20 += d * a;
    s21 += d * b;
    s22 += d * d;
  }
  gram[0] = s00, gram[1] = s10, gram[2] = s20;
  gram[3] = s10, gram[4] = s11, gram[5] = s21;
  gram[6] = s20, gram[7] = s21, gram[8] = s22;
}

// Damped least squares: (J Jᵀ + λ² I) y = e (solve_damped), Δθ = Jᵀ y. J Jᵀ is the proper
// triple loop (each entry a dot product of two rows of J), never an N x N matrix.
void dls_step(Problem& p, float lambda) {
  JacobianScratch& s = p.scratch;
  const float* jacobian = s.jacobian.data();
  const int m = p.rows, n = p.columns;
  float* gram = s.gram.data();
  if (m == 3) {
    gram_of_three_rows(jacobian, n, gram);
  } else {
    for (int r = 0; r < m; ++r)
      for (int c = 0; c <= r; ++c) {
        const float v = dot(jacobian + r * n, jacobian + c * n, n);
        gram[r * m + c] = v;
        gram[c * m + r] = v;
      }
  }
  solve_damped(p, lambda);
  multiply_transposed(jacobian, m, n, s.y.data(), s.step.data());
}


void general_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method) {
  build_jacobian(p, pose);
  if (method == JacobianMethod::transpose)
    transpose_step(p);
  else
    dls_step(p, p.lambda);
  apply_step(p, pose, trace);
  update_frames(p, pose);
}

// ---- The step without J ---------------------------------------------------------------------

// J Jᵀ into scratch.gram, and per unlocked tree joint k what its Δθ needs -- r for a ball
// joint, c for a hinge -- into scratch.fused_lever[k].
IKSCOPE_ALWAYS_INLINE void fused_gram(Problem& p) {
  JacobianScratch& s = p.scratch;
  const glm::vec3 effector = s.effector_position[0];
  const float weight = s.effector_row_scale[0];
  const size_t joints = p.moving;
  const std::uint8_t* column_count = s.column_count.data();
  const glm::vec3* positions = p.workspace.positions.data();
  const glm::vec3* hinge_axes = s.hinge_axis.data();
  const glm::mat3* linear = p.workspace.linear.data();
  const float* inverse_frame_scale = s.inverse_frame_scale.data();
  glm::vec3* lever = s.fused_lever.data();
  float g00 = 0.0f, g01 = 0.0f, g02 = 0.0f, g11 = 0.0f, g12 = 0.0f, g22 = 0.0f;
  for (size_t k = 0; k < joints; ++k) {
    const int count = column_count[k];
    if (count == 0) continue;
    glm::vec3 v = (effector - positions[k]) * weight;  // r
    if (count == 3) {
      const float xx = v.x * v.x, yy = v.y * v.y, zz = v.z * v.z;
      g00 += yy + zz;
      g11 += xx + zz;
      g22 += xx + yy;
      g01 -= v.x * v.y;
      g02 -= v.x * v.z;
      g12 -= v.y * v.z;
    } else {
      // The hinge's axis in the Problem's frame: its frame (scale 1 / inverse_frame_scale[k])
      // times the unit axis in its own frame.
      v = glm::cross((linear[k] * hinge_axes[k]) * inverse_frame_scale[k], v);
      g00 += v.x * v.x;
      g11 += v.y * v.y;
      g22 += v.z * v.z;
      g01 += v.x * v.y;
      g02 += v.x * v.z;
      g12 += v.y * v.z;
    }
    lever[k] = v;
  }
  float* gram = s.gram.data();
  gram[0] = g00, gram[1] = g01, gram[2] = g02;
  gram[3] = g01, gram[4] = g11, gram[5] = g12;
  gram[6] = g02, gram[7] = g12, gram[8] = g22;
}

// Δθ = Jᵀ y from fused_gram's levers, into scratch.step.
IKSCOPE_ALWAYS_INLINE void fused_transpose_times(Problem& p, const glm::vec3& y) {
  const JacobianScratch& s = p.scratch;
  const glm::mat3* linear = p.workspace.linear.data();
  float* step = p.scratch.step.data();
  for (size_t k = 0; k < p.moving; ++k) {
    const int count = s.column_count[k];
    if (count == 0) continue;
    const glm::vec3 lever = s.fused_lever[k];
    if (count == 3) {
      // r × y in the joint's own axes: the frame's columns have length 1 / inverse_frame_scale[k].
      const glm::vec3 w = glm::cross(lever, y) * s.inverse_frame_scale[k];
      step[0] = glm::dot(linear[k][0], w);
      step[1] = glm::dot(linear[k][1], w);
      step[2] = glm::dot(linear[k][2], w);
    } else {
      step[0] = glm::dot(lever, y);
    }
    step += count;
  }
}

// The fused path's y, with Δθ = Jᵀ y, from fused_gram's J Jᵀ. DLS: (J Jᵀ + λ² I) y = e.
IKSCOPE_ALWAYS_INLINE glm::vec3 fused_dls_y(Problem& p, float lambda) {
  solve_damped(p, lambda);
  const float* y = p.scratch.y.data();
  return glm::vec3(y[0], y[1], y[2]);
}

// Jacobian transpose: y = α e, transpose_step's α = |Jᵀe|² / |J Jᵀ e|² with |Jᵀe|² = eᵀ (J Jᵀ) e.
IKSCOPE_ALWAYS_INLINE glm::vec3 fused_transpose_y(Problem& p) {
  const float* g = p.scratch.gram.data();
  const float* e = p.scratch.error.data();
  const glm::vec3 ev(e[0], e[1], e[2]);
  const glm::vec3 ge(g[0] * e[0] + g[1] * e[1] + g[2] * e[2], g[3] * e[0] + g[4] * e[1] + g[5] * e[2],
                     g[6] * e[0] + g[7] * e[1] + g[8] * e[2]);
  const float ge2 = glm::dot(ge, ge);
  const float alpha = ge2 > 0.0f ? glm::dot(ev, ge) / ge2 : 0.0f;
  return alpha * ev;
}

// ---- One fused iteration, compiled twice ------------------------------------------------------
//
// From J Jᵀ to the new frames, with every step inlined, compiled once for plain x86-64 and
// once with AVX2 + FMA (isa_dispatch.h), picked per solve. The error of the new pose
// (evaluate) stays plain code, the same in every solve. FMA fuses the many a * b + c of the
// turns, frames and J Jᵀ into one instruction each, and VEX's three operands spare the
// register copies of the two-operand SSE code.
IKSCOPE_ALWAYS_INLINE void fused_iteration_body(Problem& p, Pose& pose, Trace* trace, JacobianMethod method,
                                                 float lambda) {
  fused_gram(p);
  const glm::vec3 y = method == JacobianMethod::transpose ? fused_transpose_y(p) : fused_dls_y(p, lambda);
  fused_transpose_times(p, y);
  apply_step(p, pose, trace);
  walk_frames(p, pose);
}

void walk_path_frames(Problem& p, const Pose& pose) { walk_frames(p, pose); }

void fused_iteration(Problem& p, Pose& pose, Trace* trace, JacobianMethod method) {
  IsaDispatch<fused_iteration_body>::run(p, pose, trace, method, p.lambda);
}

// Starts the trace, or with `continue_trace` makes room in one another solver began, so
// that the loop does not allocate.
void begin_trace(const Problem& p, const Pose& pose, Trace* trace, bool continue_trace) {
  if (!continue_trace) {
    trace_begin(trace, p.workspace.path, pose, p.model_error, p.params.max_iterations);
  } else if (trace != nullptr) {
    const size_t more = static_cast<size_t>(p.params.max_iterations);
    trace->error.reserve(trace->error.size() + more);
    if (trace->record_poses) trace->poses.reserve(trace->poses.size() + more * trace->joints.size());
  }
}

// The iterations: each runs the fused or the general iteration (the same step either way,
// traced or not), then measures the error in plain code. A traced solve also reads the
// model-space error of every iteration; an untraced one measures it after the loop, and the
// two agree to the bit.
LoopOutcome iterate(Problem& p, Pose& pose, Trace* trace, JacobianMethod method, float initial_error,
                    float shortfall) {
  auto step = [&]() {
    if (p.fused)
      fused_iteration(p, pose, trace, method);
    else
      general_iteration(p, pose, trace, method);
    return evaluate(p, trace != nullptr);
  };
  auto record = [&](float) {
    if (trace != nullptr) trace_iteration(trace, pose, p.model_error);  // spares an untraced solve the call
  };
  // A goal beyond reach: no tolerance to stop at; the error above the floor keeps falling
  // as the chain straightens toward the goal, until that stalls. Otherwise the frame-space
  // error must come within the tolerance divided by how much the frame map can stretch a
  // length (its largest singular value), so that the model-space error surely does.
  const float stop_within = shortfall > 0.0f ? 0.0f : p.tolerance / (largest_stretch(p) * p.frame_scale);
  return iterate_until_done(p.params.max_iterations, stop_within, initial_error, step, record, shortfall);
}

// J at `pose`, in model space, into scratch.jacobian (compute_jacobian, jacobian_spectrum).
bool model_space_jacobian(Problem& p, const Pose& pose, bool main_only) {
  if (!prepare(p, pose, main_only)) return false;
  set_frame(p, pose, false);
  prepare_columns(p, pose);
  update_frames(p, pose);
  set_aims(p);
  evaluate(p, true);  // the effectors' positions, which the columns use
  build_jacobian(p, pose);
  return true;
}

}  // namespace

bool valid_jacobian_params(const Params& params) {
  return params.max_iterations >= 0 && std::isfinite(params.lambda) && params.lambda >= 0.0f &&
         std::isfinite(params.max_step_angle) && params.max_step_angle >= 0.0f &&
         std::isfinite(params.orientation_weight) && params.orientation_weight >= 0.0f &&
         (!params.finite_difference || (std::isfinite(params.fd_step) && params.fd_step > 0.0f));
}

SolveResult solve_jacobian(const Skeleton& skeleton, const Chain& chain, const Params& params,
                           JacobianMethod method, Pose& pose, Workspace& workspace, Trace* trace,
                           bool continue_trace) {
  SolveResult result;  // invalid_input
  Problem p{skeleton, chain, params, workspace, workspace.jacobian};
  if (!prepare(p, pose, false)) return result;
  apply_start_pose(skeleton, params, workspace, workspace.path, pose);
  set_frame(p, pose, true);
  prepare_columns(p, pose);
  choose_path(p);
  update_frames(p, pose);
  if (bump_if_colinear(p, pose)) update_frames(p, pose);
  read_hinge_angles(p, pose);
  set_lengths(p, method);
  const float shortfall = set_aims(p);
  const float initial_error = evaluate(p, true);
  begin_trace(p, pose, trace, continue_trace);
  const LoopOutcome outcome = iterate(p, pose, trace, method, initial_error, shortfall);
  if (trace == nullptr) evaluate(p, true);  // the final pose's model-space error
  result.status = final_status(p.model_error, p.tolerance, shortfall > 0.0f, outcome.stalled);
  result.iterations = outcome.iterations;
  result.error = p.model_error;
  return result;
}

SolveResult solve_jacobian_transpose(const Skeleton& skeleton, const Chain& chain, Pose& pose,
                                     Workspace& workspace, Trace* trace) {
  return solve_jacobian(skeleton, chain, chain.params, JacobianMethod::transpose, pose, workspace, trace, false);
}

SolveResult solve_dls(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                      Trace* trace) {
  return solve_jacobian(skeleton, chain, chain.params, JacobianMethod::damped_least_squares, pose, workspace,
                        trace, false);
}

bool compute_jacobian(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                      bool main_effector_only, std::vector<float>& out, int& rows, int& columns) {
  Problem p{skeleton, chain, chain.params, workspace, workspace.jacobian};
  if (!model_space_jacobian(p, pose, main_effector_only)) return false;
  rows = p.rows;
  columns = p.columns;
  const float* jacobian = workspace.jacobian.jacobian.data();
  out.assign(jacobian, jacobian + static_cast<size_t>(rows) * static_cast<size_t>(columns));
  return true;
}

bool jacobian_spectrum(const Skeleton& skeleton, const Chain& chain, const Pose& pose, Workspace& workspace,
                       JacobianSpectrum& out) {
  out = JacobianSpectrum{};
  Problem p{skeleton, chain, chain.params, workspace, workspace.jacobian};
  if (!model_space_jacobian(p, pose, true)) return false;
  // J Jᵀ in double (3x3 or 6x6), then its eigenvalues: the squared singular values.
  const int m = p.rows, n = p.columns;
  const float* jacobian = workspace.jacobian.jacobian.data();
  double jjt[36], eigenvalues[6];
  for (int r = 0; r < m; ++r)
    for (int s = 0; s < m; ++s) {
      double sum = 0.0;
      for (int c = 0; c < n; ++c) sum += static_cast<double>(jacobian[r * n + c]) * jacobian[s * n + c];
      jjt[r * m + s] = sum;
    }
  symmetric_eigenvalues(jjt, m, eigenvalues);
  out.rows = m;
  out.columns = n;
  for (int r = 0; r < m; ++r) out.singular_values[r] = static_cast<float>(std::sqrt(std::max(0.0, eigenvalues[r])));
  const float smallest = out.singular_values[m - 1];
  out.condition = smallest > 0.0f ? out.singular_values[0] / smallest : INFINITY;
  return true;
}

}  // namespace ik
