// Building J for the general iteration and for compute_jacobian: one column per rotational
// degree of freedom of every unlocked chain joint, the rows of every effector (jacobian.h,
// "Rows" and "Columns"), from the frames of one forward pass.
//
// Index:
//   write_rigid_column    one column as omega x (p - p_j) (and omega for orientation rows)
//   build_rigid_jacobian  J when every frame is a rotation times a positive uniform scale
//   subtree_turn          the turn of a joint's subtree, for finite differences
//   build_jacobian        J: the rigid columns, or the general (mirrored, sheared) or
//                         finite-difference ones joint by joint
#include <cmath>

#include "solvers/ik/goal_error.h"
#include "solvers/ik/jacobian/jacobian_problem.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace jacobian_detail {
namespace {

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
        write_rigid_column(p, static_cast<int>(k), linear[a] * inverse_scale, ws.positions[k], turn_weight, column++,
                           jacobian);
    }
  }
}

// The turn matrix of joint j's subtree (Problem's frame) when j turns by `angle` about its own
// axis: A R_a(angle) A⁻¹, with `axis` = R_j u in the parent's frame.
glm::mat3 subtree_turn(const glm::mat3& parent_linear, const glm::mat3& parent_inverse, const glm::vec3& axis,
                       float angle) {
  return parent_linear * glm::mat3_cast(glm::angleAxis(angle, axis)) * parent_inverse;
}

}  // namespace

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
    const float omega_scale =
        (determinant < 0.0f ? -1.0f : 1.0f) /
        std::sqrt(rigid ? glm::dot(parent_linear[0], parent_linear[0]) : 1.0f);  // rigid: |A R u| is A's scale
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

}  // namespace jacobian_detail
}  // namespace ik
