// The full-body solver's steps (full_body_problem.h): errors, the Jacobian and the turns
// (the set-up: full_body_prepare.cpp; the step itself: full_body_priority.cpp).
//
// Index:
//   evaluate              error rows, per-effector errors, objective, balance moments
//   build_jacobian        rotation columns A (a x A⁻¹ (p - p_j)), orientation rows, the
//                         root's translation columns
//   turning the joints    limit_step, begin_step, apply_step, fix_clamped_joints,
//                         add_fixed_step, trace_clamped_joints, save_tree, restore_tree
//   the colinear bump     bump_colinear_joints
#include <algorithm>
#include <cmath>

#include "solvers/ik/full_body/full_body_problem.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace full_body_detail {
namespace {

// The parent linear part of tree joint k (identity for the root: its parent frame is the
// solve's frame).
glm::mat3 parent_linear(const Body& b, size_t k) {
  const int parent = b.workspace.tree_parent[k];
  return parent < 0 ? glm::mat3(1.0f) : b.workspace.linear[static_cast<size_t>(parent)];
}

}  // namespace

// ---- evaluate ---------------------------------------------------------------------------

namespace {

// An error over its tolerance (a zero tolerance: 0 or "far over").
float over(float error, float tolerance) {
  return tolerance > 0.0f ? error / tolerance : (error > 0.0f ? 1e30f : 0.0f);
}

}  // namespace

float evaluate(Body& b, float& worst, float& metric) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  const float longest_row = kLongestErrorRow * b.reach;
  const float orientation_weight = b.params.orientation_weight;
  float objective = 0.0f;
  worst = 0.0f;
  metric = 0.0f;
  b.metric_without_pins = 0.0f;
  for (int i = 0; i < b.effectors; ++i) {
    const size_t e = static_cast<size_t>(i);
    const size_t k = static_cast<size_t>(s.effector_tree_index[e]);
    const Goal& goal = effector_goal(b.chain, i);
    const float row_scale = std::sqrt(row_weight(b.chain, i));
    const bool pinned = effector_pinned(b.chain, i);
    const glm::vec3 offset = s.goal_position[e] - ws.positions[k];
    float model_error = glm::length(b.model_linear * offset);
    float squared = glm::dot(offset, offset);
    const int first_row = s.effector_first_row[e];
    float* row = first_row < 0 ? nullptr : &s.error[static_cast<size_t>(first_row)];
    const float length = glm::length(offset);
    const glm::vec3 clamped = length > longest_row ? offset * (longest_row / length) : offset;
    if (row != nullptr) {
      row[0] = row_scale * clamped.x;
      row[1] = row_scale * clamped.y;
      row[2] = row_scale * clamped.z;
    }
    if (goal.use_orientation) {
      const glm::vec3 turn = rotation_vector_between(rotation_of(ws.linear[k]), s.goal_rotation[e]);
      const float angle = glm::length(turn);
      model_error += orientation_weight * angle;
      squared += orientation_weight * orientation_weight * angle * angle;
      const glm::vec3 clamped_turn = angle > kMaxTurn ? turn * (kMaxTurn / angle) : turn;
      if (row != nullptr) {
        row[3] = row_scale * orientation_weight * clamped_turn.x;
        row[4] = row_scale * orientation_weight * clamped_turn.y;
        row[5] = row_scale * orientation_weight * clamped_turn.z;
      }
    }
    s.effector_error[e] = model_error;
    if (row_scale == 0.0f) continue;  // a weight-0 effector holds nothing: not part of the error
    worst = std::max(worst, model_error);
    const float tolerance = pinned ? b.pin_tolerance : b.tolerance;
    metric = std::max(metric, over(model_error, tolerance));
    b.metric_without_pins = std::max(b.metric_without_pins, over(model_error, b.tolerance));
    objective += (pinned ? kPinObjectiveWeight : 1.0f) * row_scale * row_scale * squared;
  }
  s.balance_error = 0.0f;
  s.balance_active = b.balance_rows > 0;
  if (b.balance_rows > 0) {
    // The balance rows: the centre of mass's horizontal way to its target. Not in the
    // objective, the worst error or the metric: the balance is what the effectors leave room
    // for, never a reason to reject a step or to call a solve unfinished.
    glm::vec3 centre(0.0f);
    for (size_t k = 0; k < ws.path.size(); ++k)
      centre += s.mass[k] * (ws.positions[k] + ws.linear[k] * s.mass_offset[k]);
    centre /= b.total_mass;
    s.centre_of_mass = b.frame_origin + b.model_linear * centre;
    const glm::vec3 offset = b.balance_target - centre;
    glm::vec2 across(glm::dot(offset, b.horizontal[0]), glm::dot(offset, b.horizontal[1]));
    const glm::vec3 way = across.x * b.horizontal[0] + across.y * b.horizontal[1];
    s.balance_error = glm::length(b.model_linear * way);
    s.balance_target = b.frame_origin + b.model_linear * (centre + way);
    const float length = glm::length(across);
    // A balance step asks for at most kLongestBalanceRow of the reach: a far one leaves the
    // effectors' null space (it is linear only near the pose) and would be undone.
    const float longest_balance_row = kLongestBalanceRow * b.reach;
    if (length > longest_balance_row) across *= longest_balance_row / length;
    float* row = &s.error[static_cast<size_t>(b.rows - b.balance_rows)];
    row[0] = across.x;
    row[1] = across.y;
  }
  return objective;
}

namespace {

// The balance rows of J: turning tree joint k moves every segment below it, so the centre of
// mass moves as the subtree's mass M_k at its own centre of mass C_k would, times M_k / M.
// Σ mass * centre over each subtree is summed from the leaves up (children come after their
// parents in the path).
void balance_moments(Body& b) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    s.mass_moment[k] = s.mass[k] * (ws.positions[k] + ws.linear[k] * s.mass_offset[k]);
    s.subtree_mass[k] = s.mass[k];
  }
  for (size_t k = ws.path.size(); k-- > 1;) {
    const size_t parent = static_cast<size_t>(ws.tree_parent[k]);
    s.mass_moment[parent] += s.mass_moment[k];
    s.subtree_mass[parent] += s.subtree_mass[k];
  }
}

}  // namespace

// ---- build_jacobian ----------------------------------------------------------------------

void build_jacobian(Body& b, const Pose& pose) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  const size_t n = static_cast<size_t>(b.columns);
  std::fill(s.jacobian.begin(), s.jacobian.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(b.rows) * n),
            0.0f);
  if (b.balance_rows > 0) balance_moments(b);
  float* balance = b.balance_rows > 0 ? &s.jacobian[static_cast<size_t>(b.rows - b.balance_rows) * n] : nullptr;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    const int joint = ws.path[k];
    const glm::mat3 a = parent_linear(b, k);
    const glm::mat3 a_inverse = glm::inverse(a);
    const float handedness = glm::determinant(a) < 0.0f ? -1.0f : 1.0f;
    const glm::quat& rotation = pose.local[static_cast<size_t>(joint)].rotation;
    glm::vec3 axes[3];
    const int count = s.column_count[k];
    if (count == 1) {
      axes[0] = rotate(rotation, s.hinge_axis[k]);
    } else {
      for (int c = 0; c < 3; ++c) axes[c] = rotate(rotation, s.column_axes[k][c]);
    }
    // The columns' unit turn axes in the solve's frame, for the turn rows of the effectors
    // with an orientation goal: read once, when the first such effector below needs them
    // (the legs under pinned feet; most joints carry position rows only).
    glm::vec3 omega[3];
    bool omega_read = false;
    for (int i = 0; i < b.effectors; ++i) {
      const size_t e = static_cast<size_t>(i);
      if (s.effector_first_row[e] < 0 || !below(b.skeleton, joint, effector_joint(b.chain, i))) continue;
      const float row_scale = std::sqrt(row_weight(b.chain, i));
      const glm::vec3 lever =
          a_inverse * (ws.positions[static_cast<size_t>(s.effector_tree_index[e])] - ws.positions[k]);
      float* rows = &s.jacobian[static_cast<size_t>(s.effector_first_row[e]) * n];
      const bool orientation = effector_goal(b.chain, i).use_orientation;
      if (orientation && !omega_read) {
        for (int c = 0; c < count; ++c) omega[c] = handedness * direction_or(a * axes[c], glm::vec3(0.0f));
        omega_read = true;
      }
      for (int c = 0; c < count; ++c) {
        const glm::vec3 column = row_scale * (a * glm::cross(axes[c], lever));
        const size_t col = static_cast<size_t>(s.first_column[k] + c);
        rows[col] = column.x;
        rows[n + col] = column.y;
        rows[2 * n + col] = column.z;
        if (orientation) {
          const glm::vec3 turn = row_scale * b.params.orientation_weight * omega[c];
          rows[3 * n + col] = turn.x;
          rows[4 * n + col] = turn.y;
          rows[5 * n + col] = turn.z;
        }
      }
    }
    // A joint only free effectors hang below (the other arm, the head: weight 0, not pinned)
    // does not balance the body: swinging a free arm up behind the back to shift the centre
    // of mass is not what a person reaching for the floor does. It keeps its pose (and the
    // pull toward the reference pose brings it back).
    if (balance != nullptr && s.holds_below[k]) {
      const glm::vec3 lever =
          a_inverse * ((s.mass_moment[k] - s.subtree_mass[k] * ws.positions[k]) * (1.0f / b.total_mass));
      for (int c = 0; c < count; ++c) {
        const glm::vec3 column = a * glm::cross(axes[c], lever);
        const size_t col = static_cast<size_t>(s.first_column[k] + c);
        balance[col] = glm::dot(column, b.horizontal[0]);
        balance[n + col] = glm::dot(column, b.horizontal[1]);
      }
    }
  }
  if (b.translation_column >= 0) {
    // The root's translation, in units of L: every effector moves with it, and so does the
    // centre of mass.
    for (int i = 0; i < b.effectors; ++i) {
      if (s.effector_first_row[static_cast<size_t>(i)] < 0) continue;
      const float value = std::sqrt(row_weight(b.chain, i)) * b.reach;
      float* rows = &s.jacobian[static_cast<size_t>(s.effector_first_row[static_cast<size_t>(i)]) * n];
      for (size_t c = 0; c < 3; ++c) rows[c * n + static_cast<size_t>(b.translation_column) + c] = value;
    }
    if (balance != nullptr)
      for (size_t c = 0; c < 3; ++c)
        for (size_t r = 0; r < 2; ++r)
          balance[r * n + static_cast<size_t>(b.translation_column) + c] =
              b.reach * b.horizontal[r][static_cast<int>(c)];
  }
}

// ---- Turning the joints --------------------------------------------------------------------

void limit_step(Body& b) {
  FullBodyScratch& s = b.scratch;
  float scale = 1.0f;
  for (size_t k = 0; k < b.workspace.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    const float* d = &s.step[static_cast<size_t>(s.first_column[k])];
    const float turn = s.column_count[k] == 1 ? std::fabs(d[0]) : std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (turn * scale > b.max_turn) scale = b.max_turn / turn;
  }
  if (b.translation_column >= 0) {
    const float* d = &s.step[static_cast<size_t>(b.translation_column)];
    const float shift = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);  // units of L
    if (shift * scale > kMaxShift) scale = kMaxShift / shift;
  }
  if (scale < 1.0f)
    for (int c = 0; c < b.columns; ++c) s.step[static_cast<size_t>(c)] *= scale;
}

namespace {

// Turns tree joint k's three columns of J onto new unit axes (the columns of `axes`, in the
// joint's own frame): a column is linear in its axis (A (a × A⁻¹ (p - p_j)) for a position
// row, A a for a turn row), so the new columns are combinations of the old ones.
void turn_columns(Body& b, size_t k, const glm::mat3& axes) {
  FullBodyScratch& s = b.scratch;
  const size_t n = static_cast<size_t>(b.columns), first = static_cast<size_t>(s.first_column[k]);
  const glm::mat3 change = glm::transpose(s.column_axes[k]) * axes;  // [c][i]: old axis i . new axis c
  for (int r = 0; r < b.rows; ++r) {
    float* row = &s.jacobian[static_cast<size_t>(r) * n + first];
    const glm::vec3 old(row[0], row[1], row[2]);
    for (int c = 0; c < 3; ++c) row[c] = glm::dot(old, change[c]);
  }
  s.column_axes[k] = axes;
}

}  // namespace

void begin_step(Body& b) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    if (s.fixed[k] != 0 && s.column_count[k] == 3) turn_columns(b, k, glm::mat3(1.0f));
    s.fixed[k] = 0;
    const float weight = 1.0f / stiffness_of(b, ws.path[k]);
    for (int c = 0; c < s.column_count[k]; ++c) {
      s.column_weight[static_cast<size_t>(s.first_column[k] + c)] = weight;
      s.fixed_step[static_cast<size_t>(s.first_column[k] + c)] = 0.0f;
    }
  }
  if (b.translation_column >= 0)
    for (int c = 0; c < 3; ++c) s.fixed_step[static_cast<size_t>(b.translation_column + c)] = 0.0f;
  std::copy(s.error.begin(), s.error.begin() + b.rows, s.task_error.begin());
}

int apply_step(Body& b, Pose& pose) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  int newly_clamped = 0;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    const int joint = ws.path[k];
    const float* d = &s.step[static_cast<size_t>(s.first_column[k])];
    glm::quat& rotation = pose.local[static_cast<size_t>(joint)].rotation;
    // A joint the step leaves still (no row reads it -- a free arm's -- or its columns are
    // held), at the rotation an earlier step of this solve left it (clamped), stays as it is
    // and inside its limits: neither turned nor clamped again (a fifth of a Mixamo-style rig's
    // clamps; one sitting on its limit read as clamped again and cost the clamping loop
    // another pass for nothing).
    const bool still = d[0] == 0.0f && (s.column_count[k] == 1 || (d[1] == 0.0f && d[2] == 0.0f));
    if (still && rotation == s.after_step[k]) {
      s.clamped[k] = 0;
      continue;
    }
    const glm::vec3 turn =
        s.column_count[k] == 1 ? s.hinge_axis[k] * d[0] : s.column_axes[k] * glm::vec3(d[0], d[1], d[2]);
    rotation = renormalized(multiply(rotation, rotation_from_vector(turn)));
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(joint)];
    bool clamped = false;
    if (b.use_limits && limits.enabled) {
      const glm::vec3 axis = s.column_count[k] == 1 ? s.hinge_axis[k] : ik::hinge_axis(limits);
      clamped = clamp_to_limits(limits, axis, b.skeleton.rest[static_cast<size_t>(joint)].rotation, rotation);
    }
    s.after_step[k] = rotation;
    s.clamped[k] = clamped ? 1 : 0;
    if (clamped && s.fixed[k] != 2) ++newly_clamped;
  }
  if (b.translation_column >= 0) {
    const float* d = &s.step[static_cast<size_t>(b.translation_column)];
    pose.local[static_cast<size_t>(b.chain.root)].translation += b.reach * glm::vec3(d[0], d[1], d[2]);
  }
  return newly_clamped;
}

namespace {

// task_error = error - J fixed_step.
void update_task_error(Body& b) {
  FullBodyScratch& s = b.scratch;
  const size_t n = static_cast<size_t>(b.columns);
  for (int r = 0; r < b.rows; ++r) {
    const float* row = &s.jacobian[static_cast<size_t>(r) * n];
    float moved = 0.0f;
    for (size_t c = 0; c < n; ++c) moved += row[c] * s.fixed_step[c];
    s.task_error[static_cast<size_t>(r)] = s.error[static_cast<size_t>(r)] - moved;
  }
}

// Two unit vectors that make a right-handed orthonormal basis with the unit `axis`.
void complete_basis(const glm::vec3& axis, glm::vec3& t1, glm::vec3& t2) {
  t1 = glm::normalize(glm::cross(axis, std::fabs(axis.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0)));
  t2 = glm::cross(axis, t1);
}

}  // namespace

void fix_clamped_joints(Body& b, const Pose& pose) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0 || !s.clamped[k] || s.fixed[k] == 2) continue;
    // The turn the clamp left, in the joint's own frame (local = saved_local * turn).
    const glm::quat turn =
        glm::conjugate(s.saved_local[k].rotation) * pose.local[static_cast<size_t>(ws.path[k])].rotation;
    const glm::vec3 actual = rotation_vector_between(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), turn);
    const size_t first = static_cast<size_t>(s.first_column[k]);
    const int count = s.column_count[k];
    if (count == 3 && s.fixed[k] == 0) {
      // Held in one direction only, the one its clamp took away from the step: the joint can
      // still slide along its limit.
      const glm::vec3 wanted = s.column_axes[k] * glm::vec3(s.step[first], s.step[first + 1], s.step[first + 2]);
      const glm::vec3 removed = wanted - actual;
      const float length = glm::length(removed);
      if (length > 1e-6f) {
        const glm::vec3 blocked = removed / length;
        glm::vec3 t1, t2;
        complete_basis(blocked, t1, t2);
        turn_columns(b, k, glm::mat3(t1, t2, blocked));
        s.fixed[k] = 1;
        s.fixed_step[first] = 0.0f;
        s.fixed_step[first + 1] = 0.0f;
        s.fixed_step[first + 2] = glm::dot(actual, blocked);
        s.column_weight[first + 2] = 0.0f;
        continue;
      }
    }
    s.fixed[k] = 2;
    for (int c = 0; c < count; ++c) {
      const glm::vec3 axis = count == 1 ? s.hinge_axis[k] : s.column_axes[k][c];
      s.fixed_step[first + static_cast<size_t>(c)] = glm::dot(actual, axis);
      s.column_weight[first + static_cast<size_t>(c)] = 0.0f;
    }
  }
  update_task_error(b);
}

void add_fixed_step(Body& b) {
  FullBodyScratch& s = b.scratch;
  for (int c = 0; c < b.columns; ++c) s.step[static_cast<size_t>(c)] += s.fixed_step[static_cast<size_t>(c)];
}

void trace_clamped_joints(const Body& b, Trace* trace) {
  if (trace == nullptr) return;
  for (size_t k = 0; k < b.workspace.path.size(); ++k)
    if (b.scratch.first_column[k] >= 0 && (b.scratch.clamped[k] || b.scratch.fixed[k]))
      trace_clamped(trace, static_cast<int>(k));
}

void save_tree(const Body& b, const Pose& pose, std::vector<Transform>& into) {
  const Workspace& ws = b.workspace;
  for (size_t k = 0; k < ws.path.size(); ++k) into[k] = pose.local[static_cast<size_t>(ws.path[k])];
}

void restore_tree(const Body& b, const std::vector<Transform>& from, Pose& pose) {
  const Workspace& ws = b.workspace;
  for (size_t k = 0; k < ws.path.size(); ++k) pose.local[static_cast<size_t>(ws.path[k])] = from[k];
}

void save_pose(Body& b, const Pose& pose) { save_tree(b, pose, b.scratch.saved_local); }

void restore_pose(Body& b, Pose& pose) { restore_tree(b, b.scratch.saved_local, pose); }

// ---- The colinear bump ---------------------------------------------------------------------

bool bump_colinear_joints(Body& b, Pose& pose) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  bool bumped = false;
  for (size_t k = 1; k < ws.path.size(); ++k) {
    if (s.first_column[k] < 0) continue;
    const int joint = ws.path[k];
    // A joint in the middle of a run: one tree child, bones in and out along one line.
    int child = -1, children = 0;
    for (size_t c = k + 1; c < ws.path.size(); ++c)
      if (ws.tree_parent[c] == static_cast<int>(k)) {
        child = static_cast<int>(c);
        ++children;
      }
    if (children != 1) continue;
    const glm::vec3 in = ws.positions[k] - ws.positions[static_cast<size_t>(ws.tree_parent[k])];
    const glm::vec3 out = ws.positions[static_cast<size_t>(child)] - ws.positions[k];
    if (!nearly_colinear(in, out, 1e-3f)) continue;
    // Only where the straight run must fold: an effector below, not yet done, whose goal is
    // nearer to the run's start than the effector is (a goal beyond the straight run is
    // reached best by staying straight; bumping there would jitter every frame).
    bool needed = false;
    const glm::vec3& start = ws.positions[static_cast<size_t>(ws.tree_parent[k])];
    for (int i = 0; i < b.effectors && !needed; ++i) {
      const size_t e = static_cast<size_t>(i);
      const float tolerance = effector_pinned(b.chain, i) ? b.pin_tolerance : b.tolerance;
      if (!below(b.skeleton, joint, effector_joint(b.chain, i)) || !(s.effector_error[e] > tolerance) ||
          row_weight(b.chain, i) == 0.0f)
        continue;
      const glm::vec3& effector = ws.positions[static_cast<size_t>(s.effector_tree_index[e])];
      needed = glm::length(s.goal_position[e] - start) < glm::length(effector - start);
    }
    if (!needed) continue;
    // Turn about an axis across the bone that the limits allow: the hinge's, or of the
    // joint's own axes the one most across the bone, trying both senses.
    glm::quat& rotation = pose.local[static_cast<size_t>(joint)].rotation;
    const glm::vec3 bone = pose.local[static_cast<size_t>(ws.path[static_cast<size_t>(child)])].translation;
    glm::vec3 axes[3] = {glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, 1, 0)};
    if (s.column_count[k] == 1) axes[0] = axes[1] = axes[2] = s.hinge_axis[k];
    std::sort(axes, axes + 3, [&](const glm::vec3& x, const glm::vec3& y) {
      return std::fabs(glm::dot(x, bone)) < std::fabs(glm::dot(y, bone));
    });
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(joint)];
    const glm::quat& rest = b.skeleton.rest[static_cast<size_t>(joint)].rotation;
    for (int attempt = 0; attempt < 6; ++attempt) {
      const float sign = attempt % 2 == 0 ? 1.0f : -1.0f;
      glm::quat turned =
          renormalized(multiply(rotation, rotation_from_vector(axes[attempt / 2] * (sign * kBumpAngle))));
      if (b.use_limits && limits.enabled &&
          clamp_to_limits(limits, s.column_count[k] == 1 ? s.hinge_axis[k] : ik::hinge_axis(limits), rest, turned))
        continue;
      rotation = turned;
      bumped = true;
      break;
    }
  }
  return bumped;
}

}  // namespace full_body_detail
}  // namespace ik
