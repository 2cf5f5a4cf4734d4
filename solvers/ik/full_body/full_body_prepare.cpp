// The full-body solver's set-up (full_body_problem.h): validation, the tree, its columns,
// rows and scratch sizes, the masses, the frames, bone lengths, goals and the balance target.
// The evaluation, the Jacobian and the turns: full_body_step.cpp; the step itself:
// full_body_priority.cpp.
//
// Index:
//   prepare_body          validation, the tree, columns, rows, scratch sizes, masses
//   frames and lengths    update_frames, set_lengths, set_balance_target, set_goals
#include <algorithm>
#include <cmath>

#include "solvers/ik/full_body/full_body_problem.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace full_body_detail {

// ---- prepare_body ------------------------------------------------------------------------

namespace {

// Each tree joint's segment for the balance: its mass (FullBodyScratch::segment_mass, else
// the segment's length) at the middle of the joint and its children (a joint without
// children: at the joint), in the joint's own frame. The children's local translations do not
// change during a solve (only the root's translation moves), so this holds for the solve.
void set_masses(Body& b, const Pose& pose) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  b.total_mass = 0.0f;
  for (size_t k = 0; k < ws.path.size(); ++k) {
    const int joint = ws.path[k];
    glm::vec3 children(0.0f);
    int count = 0;
    for (int c = joint + 1; c < b.skeleton.subtree_end[static_cast<size_t>(joint)]; ++c)
      if (b.skeleton.parent[static_cast<size_t>(c)] == joint) {
        children += pose.local[static_cast<size_t>(c)].translation;
        ++count;
      }
    if (count > 0) children /= static_cast<float>(count);
    s.mass_offset[k] = 0.5f * children;
    s.mass[k] = s.segment_mass.empty() ? glm::length(children) : s.segment_mass[static_cast<size_t>(joint)];
    b.total_mass += s.mass[k];
  }
}

}  // namespace

bool prepare_body(Body& b, const Pose& pose) {
  Workspace& ws = b.workspace;
  FullBodyScratch& s = b.scratch;
  const Chain& chain = b.chain;
  if (!is_valid_chain(b.skeleton, chain, pose, ws) || !valid_jacobian_params(b.params)) return false;
  if (!(b.params.tolerance >= 0.0f) || !std::isfinite(b.params.tolerance)) return false;
  if (!s.stiffness.empty() && static_cast<int>(s.stiffness.size()) != b.skeleton.joint_count()) return false;
  if (!(s.root_translation_stiffness > 0.0f)) return false;
  if (!is_finite(s.up) || !(glm::dot(s.up, s.up) > 0.0f)) return false;  // the world's up: a direction
  if (!s.segment_mass.empty() && static_cast<int>(s.segment_mass.size()) != b.skeleton.joint_count()) return false;
  if (s.reference_pose != nullptr && s.reference_pose->local.size() != b.skeleton.rest.size()) return false;
  if (!(s.reference_pull >= 0.0f && s.reference_pull <= 1.0f)) return false;  // NaN too
  for (const int joint : s.hanging_joints)
    if (joint < 0 || joint >= b.skeleton.joint_count()) return false;
  for (float mass : s.segment_mass)
    if (!(mass >= 0.0f) || !std::isfinite(mass)) return false;
  if (!fill_chain_tree(b.skeleton, chain, ws.path, ws.tree_parent)) return false;
  for (int joint : ws.path)
    if (!(stiffness_of(b, joint) > 0.0f)) return false;  // NaN, 0 or negative

  const size_t joints = ws.path.size();
  b.effectors = 1 + static_cast<int>(chain.extra_effectors.size());
  const size_t effectors = static_cast<size_t>(b.effectors);
  size_at_least(ws.positions, joints);
  size_at_least(ws.linear, joints);
  size_at_least(s.first_column, joints);
  size_at_least(s.column_count, joints);
  size_at_least(s.hinge_axis, joints);
  size_at_least(s.column_axes, joints);
  size_at_least(s.pin_only, joints);
  size_at_least(s.holds_below, joints);
  size_at_least(s.saved_local, joints);
  size_at_least(s.best_local, joints);
  size_at_least(s.settle_local, joints);
  size_at_least(s.clamped, joints);
  size_at_least(s.after_step, joints);
  size_at_least(s.fixed, joints);
  size_at_least(s.mass, joints);
  size_at_least(s.mass_offset, joints);
  size_at_least(s.mass_moment, joints);
  size_at_least(s.subtree_mass, joints);
  size_at_least(s.rest_position, joints);
  size_at_least(s.rest_linear, joints);
  size_at_least(s.effector_tree_index, effectors);
  size_at_least(s.effector_order, effectors);
  size_at_least(s.effector_first_row, effectors);
  size_at_least(s.goal_position, effectors);
  size_at_least(s.goal_rotation, effectors);
  size_at_least(s.effector_error, effectors);

  // Rows: the pinned effectors first.
  b.rows = 0;
  b.pinned_rows = 0;
  b.any_pinned = false;
  int order = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < b.effectors; ++i) {
      if (effector_pinned(chain, i) != (pass == 0)) continue;
      s.effector_tree_index[static_cast<size_t>(i)] = find_in_sorted(ws.path, effector_joint(chain, i));
      // An effector that holds nothing (weight 0, not pinned) gets no rows: it would only add
      // zero rows to every small system.
      if (row_weight(chain, i) == 0.0f) {
        s.effector_first_row[static_cast<size_t>(i)] = -1;
        continue;
      }
      s.effector_order[static_cast<size_t>(order++)] = i;
      s.effector_first_row[static_cast<size_t>(i)] = b.rows;
      b.rows += effector_goal(chain, i).use_orientation ? 6 : 3;
    }
    if (pass == 0) {
      b.pinned_rows = b.rows;
      b.any_pinned = b.rows > 0;
    }
  }
  // The balance's two rows last, when there is a support (a pin) and a mass to balance.
  set_masses(b, pose);
  b.balance_rows = s.balance && b.any_pinned && b.total_mass > 0.0f ? 2 : 0;
  b.rows += b.balance_rows;

  // Columns: 3 per ball joint, 1 per hinge, none for a locked or infinitely stiff joint.
  // pin_only: 1 if every effector below the joint is pinned; holds_below: 1 if an effector
  // with a goal (a weight or a pin) hangs below it. The columns of the joints that hold a goal
  // come first, then the root's translation (Body::live_columns so far), then the others'
  // (a free arm's, the head's with their effectors at weight 0): no row reads those, so the
  // step's products stop before them.
  b.use_limits = b.params.use_limits;
  for (size_t k = 0; k < joints; ++k) {
    const int joint = ws.path[k];
    const JointLimits& limits = b.skeleton.limits[static_cast<size_t>(joint)];
    const bool held = is_locked(ws, joint) || !std::isfinite(stiffness_of(b, joint));
    const bool hinge = b.use_limits && limits.enabled && limits.hinge;
    s.column_count[k] = held ? 0 : (hinge ? 1 : 3);
    s.hinge_axis[k] = hinge ? ik::hinge_axis(limits) : glm::vec3(0.0f);
    s.column_axes[k] = glm::mat3(1.0f);
    s.clamped[k] = 0;
    s.after_step[k] = glm::quat(NAN, NAN, NAN, NAN);  // equal to no rotation: the first step turns it
    s.fixed[k] = 0;
    bool pinned_below = false, free_below = false, holding_below = false;
    for (int i = 0; i < b.effectors; ++i) {
      if (!below(b.skeleton, joint, effector_joint(chain, i))) continue;
      (effector_pinned(chain, i) ? pinned_below : free_below) = true;
      holding_below |= s.effector_first_row[static_cast<size_t>(i)] >= 0;
    }
    s.pin_only[k] = pinned_below && !free_below ? 1 : 0;
    s.holds_below[k] = holding_below ? 1 : 0;
  }
  b.columns = 0;
  for (const bool holding : {true, false}) {
    for (size_t k = 0; k < joints; ++k) {
      if (s.column_count[k] == 0) s.first_column[k] = -1;
      if (s.column_count[k] == 0 || (s.holds_below[k] != 0) != holding) continue;
      s.first_column[k] = b.columns;
      b.columns += s.column_count[k];
    }
    if (!holding) continue;
    const bool root_moves = !is_locked(ws, chain.root) && std::isfinite(s.root_translation_stiffness);
    b.translation_column = root_moves ? b.columns : -1;
    if (root_moves) b.columns += 3;
    b.live_columns = b.columns;
  }

  const size_t n = static_cast<size_t>(b.columns), m = static_cast<size_t>(b.rows);
  size_at_least(s.column_weight, n);
  size_at_least(s.step, n);
  size_at_least(s.column_mask, n);
  size_at_least(s.fixed_step, n);
  size_at_least(s.task_weight, n);
  size_at_least(s.jacobian, m * n);
  size_at_least(s.error, m);
  size_at_least(s.task_error, m);
  size_at_least(s.projected, m * n);
  size_at_least(s.gram, 2 * m * m);
  size_at_least(s.y, m);
  size_at_least(s.column, m);
  for (size_t k = 0; k < joints; ++k) {
    if (s.first_column[k] < 0) continue;
    const float weight = 1.0f / stiffness_of(b, ws.path[k]);
    for (int c = 0; c < s.column_count[k]; ++c) {
      s.column_weight[static_cast<size_t>(s.first_column[k] + c)] = weight;
      s.column_mask[static_cast<size_t>(s.first_column[k] + c)] = k > 0 && s.pin_only[k] ? 1.0f : 0.0f;
    }
  }
  if (b.translation_column >= 0)
    for (int c = 0; c < 3; ++c) {
      s.column_weight[static_cast<size_t>(b.translation_column + c)] = 1.0f / s.root_translation_stiffness;
      s.column_mask[static_cast<size_t>(b.translation_column + c)] = 0.0f;
    }
  return true;
}

// ---- Frames and lengths --------------------------------------------------------------------

void update_frames(Body& b, const Pose& pose) {
  Workspace& ws = b.workspace;
  chain_frames(pose, ws.path, ws.tree_parent, glm::mat4(1.0f), ws.positions, ws.linear);
}

void set_lengths(Body& b) {
  const Workspace& ws = b.workspace;
  float frame_reach = 0.0f, model_reach = 0.0f;
  for (int i = 0; i < b.effectors; ++i) {
    float frame_length = 0.0f, model_length = 0.0f;
    for (int k = b.scratch.effector_tree_index[static_cast<size_t>(i)]; ws.tree_parent[static_cast<size_t>(k)] >= 0;
         k = ws.tree_parent[static_cast<size_t>(k)]) {
      const glm::vec3 bone = ws.positions[static_cast<size_t>(k)] -
                             ws.positions[static_cast<size_t>(ws.tree_parent[static_cast<size_t>(k)])];
      frame_length += glm::length(bone);
      model_length += glm::length(b.model_linear * bone);
    }
    frame_reach = std::max(frame_reach, frame_length);
    model_reach = std::max(model_reach, model_length);
  }
  // A body whose effectors all sit on the root: lengths from the root's parent frame scale.
  if (!(frame_reach > 0.0f)) {
    frame_reach = 1.0f;
    model_reach = max_stretch(b.model_linear);
  }
  b.reach = frame_reach;
  b.tolerance = resolve_tolerance(b.params, model_reach);
  b.pin_tolerance = kPinTolerance * b.tolerance;
  b.lambda =
      b.params.tolerance_relative ? b.params.lambda * frame_reach : b.params.lambda / max_stretch(b.model_linear);
  // A step must lower the objective (squared frame units) by a hundredth of the squared
  // tolerance to be kept: smaller gains are rounding or creep along a plateau, and taking
  // them would make a converged, warm-started pose drift frame after frame.
  const float frame_tolerance =
      b.params.tolerance_relative ? b.params.tolerance * frame_reach : b.params.tolerance / max_stretch(b.model_linear);
  b.min_gain = 1e-2f * frame_tolerance * frame_tolerance;
  b.max_turn = b.params.max_step_angle > 0.0f ? std::min(kMaxTurn, b.params.max_step_angle) : kMaxTurn;
}

namespace {

// The balance's target: the centre of mass keeps, across the world's up (FullBodyScratch::up), the offset
// from the middle of the pins that it has with every tree joint at rest (or as in the
// reference pose, FullBodyScratch::reference_pose) and the pins where they are there; so
// a rig that stands balanced at rest keeps standing so, a clip keeps its own balance, and
// entering full body on either moves nothing.
void set_balance_target(Body& b, const glm::mat3& frame_from_model) {
  FullBodyScratch& s = b.scratch;
  const Workspace& ws = b.workspace;
  // The horizontal axes in the frame: model X (its part across up; any direction across up
  // when X is along it) and the one across both, orthonormal in frame units.
  const glm::vec3 up = direction_or(frame_from_model * s.up, glm::vec3(0.0f, 1.0f, 0.0f));
  glm::vec3 across = frame_from_model * glm::vec3(1.0f, 0.0f, 0.0f);
  across = direction_or(across - glm::dot(across, up) * up, any_perpendicular(up));
  b.horizontal[0] = across;
  b.horizontal[1] = glm::cross(across, up);
  // The tree at rest, or in the reference pose.
  glm::vec3 rest_centre(0.0f);
  for (size_t k = 0; k < ws.path.size(); ++k) {
    const Transform& rest = reference_local(b, ws.path[k]);
    const int parent = ws.tree_parent[k];
    const glm::mat3 parent_linear = parent < 0 ? glm::mat3(1.0f) : s.rest_linear[static_cast<size_t>(parent)];
    const glm::vec3 parent_position = parent < 0 ? glm::vec3(0.0f) : s.rest_position[static_cast<size_t>(parent)];
    s.rest_position[k] = parent_position + parent_linear * rest.translation;
    s.rest_linear[k] = parent_linear * linear_of(rest);
    rest_centre += s.mass[k] * (s.rest_position[k] + s.rest_linear[k] * s.mass_offset[k]);
  }
  rest_centre /= b.total_mass;
  glm::vec3 pins_now(0.0f), pins_rest(0.0f);
  int pins = 0;
  for (int i = 0; i < b.effectors; ++i) {
    if (!effector_pinned(b.chain, i)) continue;
    pins_now += s.goal_position[static_cast<size_t>(i)];
    pins_rest += s.rest_position[static_cast<size_t>(s.effector_tree_index[static_cast<size_t>(i)])];
    ++pins;
  }
  b.balance_target = (pins_now - pins_rest) / static_cast<float>(pins) + rest_centre;
}

}  // namespace

void set_goals(Body& b) {
  const glm::mat3 frame_from_model = glm::inverse(b.model_linear);
  const glm::quat to_frame = glm::inverse(b.frame_rotation);
  for (int i = 0; i < b.effectors; ++i) {
    const Goal& goal = effector_goal(b.chain, i);
    // A foot's pin where the heels rose it (FullBodyScratch::pin_rise; 0 for the others).
    const glm::vec3 rise = b.scratch.pin_rise[static_cast<size_t>(i)];
    b.scratch.goal_position[static_cast<size_t>(i)] = frame_from_model * (goal.position + rise - b.frame_origin);
    b.scratch.goal_rotation[static_cast<size_t>(i)] =
        goal.use_orientation ? to_frame * glm::normalize(goal.orientation) : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  }
  if (b.balance_rows > 0) set_balance_target(b, frame_from_model);
}

}  // namespace full_body_detail
}  // namespace ik
