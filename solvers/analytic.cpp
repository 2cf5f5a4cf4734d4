#include "solvers/analytic.h"

#include <algorithm>
#include <cmath>

#include "solvers/goal_error.h"
#include "solvers/limits.h"
#include "solvers/solver_common.h"

namespace ik {
namespace {

const glm::quat kIdentity{1.0f, 0.0f, 0.0f, 0.0f};

// Rotation of angle phi about the unit axis n from cos(phi) and sin(phi), no trig calls:
// (1 + cos phi, sin phi n) = 2 cos(phi/2) (cos(phi/2), sin(phi/2) n).
glm::quat rotation_from_cos_sin(const glm::vec3& n, float cos_phi, float sin_phi) {
  const float w = 1.0f + cos_phi;
  if (w <= 1e-12f) return glm::quat(0.0f, n.x, n.y, n.z);  // phi = pi
  return glm::normalize(glm::quat(w, sin_phi * n));
}

// The rotation about the unit axis n (through the middle joint) that brings the end of
// the two links v1 (root -> middle) and v2 (middle -> end) to distance `wanted` from the
// root, or as close to it as turning about n allows; of the two solutions the smaller
// turn, so the limb keeps bending the way it already bends.
//
// With v2 split into v_par = (v2·n) n and v_perp, turning it by phi gives
// R v2 = v_par + cos(phi) v_perp + sin(phi) n × v2, so
//   |v1 + R v2|² = |v1|² + |v2|² + 2 (k0 + k1 cos(phi) + k2 sin(phi)),
//   k0 = (v1·n)(v2·n), k1 = v1·v_perp, k2 = v1·(n × v2).
// Writing k1 = r cos(psi), k2 = r sin(psi), the condition is r cos(phi - psi) = c with
// c = (wanted² - |v1|² - |v2|²) / 2 - k0: phi = psi ± delta, cos(delta) = x = c / r
// (clamped to [-1, 1] when out of range). Expanding cos/sin(psi ± delta) gives cos(phi) and
// sin(phi) from k1, k2, x and y = sin(delta) = sqrt(1 - x²) without any angle.
// When n is the plane normal (v1 × v2) / |v1 × v2| this is the law of cosines:
// the interior angle at the middle joint becomes acos((l1² + l2² - d²) / (2 l1 l2)).
glm::quat bend_rotation(const glm::vec3& v1, const glm::vec3& v2, const glm::vec3& n, float wanted) {
  const float v1n = glm::dot(v1, n), v2n = glm::dot(v2, n);
  const glm::vec3 v_perp = v2 - v2n * n;
  const float k1 = glm::dot(v1, v_perp);
  const float k2 = glm::dot(v1, glm::cross(n, v2));
  const float r = std::sqrt(k1 * k1 + k2 * k2);
  if (r <= 1e-12f) return kIdentity;  // turning about n does not change the distance
  const float c = 0.5f * (wanted * wanted - glm::dot(v1, v1) - glm::dot(v2, v2)) - v1n * v2n;
  const float x = glm::clamp(c / r, -1.0f, 1.0f);
  const float y = std::sqrt(std::max(0.0f, 1.0f - x * x));
  // cos(psi + s delta) = (k1 x - s k2 y) / r: the sign s making this largest is the smaller turn.
  const float s = k2 > 0.0f ? -1.0f : 1.0f;
  const float cos_phi = (k1 * x - s * k2 * y) / r;
  const float sin_phi = (k2 * x + s * k1 * y) / r;
  return rotation_from_cos_sin(n, cos_phi, sin_phi);
}

// The vector from joints[k] to joints[k + 1] in the limb frame (the frame of joints[0]'s
// parent): the child's translation carried up through each joint's scale and rotation,
// v = R_0 S_0 R_1 S_1 ... R_k S_k t_{k+1}.
glm::vec3 limb_bone(const Pose& pose, const std::vector<int>& joints, int k) {
  glm::vec3 v = pose.local[static_cast<size_t>(joints[static_cast<size_t>(k) + 1])].translation;
  for (int i = k; i >= 0; --i) {
    const Transform& t = pose.local[static_cast<size_t>(joints[static_cast<size_t>(i)])];
    v = t.rotation * (t.scale * v);
  }
  return v;
}

// The limb frame and the goal expressed in it. Points map by the inverse of the parent's
// world matrix, directions (pole, up) by the inverse of its linear part.
struct LimbGoal {
  glm::mat4 parent_world{1.0f};                   // model space <- limb frame
  glm::quat parent_rotation{1.0f, 0.0f, 0.0f, 0.0f};  // rotation part of parent_world
  glm::vec3 target{0.0f};                          // Goal::position, limb frame
  glm::vec3 pole{0.0f};                            // Goal::pole, limb frame
  glm::vec3 up{0.0f};                              // Goal::up, limb frame, unit (or 0)
};

LimbGoal limb_goal(const Skeleton& skeleton, const Pose& pose, int root, const Goal& goal) {
  LimbGoal g;
  if (skeleton.parent[static_cast<size_t>(root)] < 0) {  // the limb frame is the model frame
    g.target = goal.position;
    g.pole = goal.pole;
    g.up = direction_or(goal.up, glm::vec3(0.0f));
    return g;
  }
  g.parent_world = parent_world(skeleton, pose, root);
  g.parent_rotation = rotation_of(glm::mat3(g.parent_world));
  const glm::mat4 limb_from_model = glm::inverse(g.parent_world);
  const glm::mat3 limb_from_model_linear(limb_from_model);
  g.target = glm::vec3(limb_from_model * glm::vec4(goal.position, 1.0f));
  g.pole = limb_from_model_linear * goal.pole;
  g.up = direction_or(limb_from_model_linear * goal.up, glm::vec3(0.0f));
  return g;
}

// Bends joint b and turns joint a (limb frame) so that the end of v2 lands on `target`:
// steps 1-3 of analytic.h. v1 = a -> b and v2 = b -> end, limb frame. Writes the local
// rotations of a and b (unless locked). Returns false if the target distance lies
// outside [|l1 - l2|, l1 + l2]; the limb then ends straight (or folded) toward it.
bool reach_two_bone(const Skeleton& skeleton, const Params& params, const Workspace& workspace,
                    int a, int b, const glm::vec3& v1, glm::vec3 v2, const glm::vec3& target,
                    const glm::vec3& pole, Pose& pose) {
  glm::quat& rotation_a = pose.local[static_cast<size_t>(a)].rotation;
  glm::quat& rotation_b = pose.local[static_cast<size_t>(b)].rotation;
  const glm::vec3 root = pose.local[static_cast<size_t>(a)].translation;
  const float l1 = glm::length(v1), l2 = glm::length(v2);
  const float distance = glm::length(target - root);
  const float shortest = std::fabs(l1 - l2), longest = l1 + l2;
  const float slack = 1e-6f * longest;
  const bool in_range = distance >= shortest - slack && distance <= longest + slack;

  // 1. Bend b. The axis: b's hinge, else the normal of the limb's plane, else (straight
  // or folded limb) the normal of the plane through the limb and the pole.
  if (!is_locked(workspace, b)) {
    const JointLimits& limits = skeleton.limits[static_cast<size_t>(b)];
    glm::vec3 axis;
    if (params.use_limits && limits.enabled && limits.hinge) {
      axis = rotation_a * (rotation_b * hinge_axis(limits));
    } else {
      const glm::vec3 along = l1 > 0.0f ? v1 : v2;
      axis = glm::cross(v1, v2);
      if (nearly_colinear(v1, v2)) axis = direction_or(glm::cross(along, pole), any_perpendicular(along));
    }
    const glm::quat bend = bend_rotation(v1, v2, glm::normalize(axis), glm::clamp(distance, shortest, longest));
    v2 = bend * v2;
    // A limb-frame rotation about b, expressed in b's parent (a) frame: conj(Ra) * bend * Ra.
    rotation_b = glm::normalize(glm::conjugate(rotation_a) * bend * rotation_a * rotation_b);
  }
  if (is_locked(workspace, a)) return in_range;

  // 2. Aim: the shortest turn of a taking root -> end onto root -> target. A target at the
  // root has no direction: keep the limb's.
  const glm::vec3 end = v1 + v2;
  const glm::vec3 to_target = target - root;
  const bool has_direction = distance > slack;
  const glm::quat aim = has_direction ? rotation_between(end, to_target, pole) : kIdentity;

  // 3. Twist about the line root -> target so that b lies on the pole's side of it.
  const glm::vec3 line = has_direction ? to_target / distance : direction_or(end, any_perpendicular(v1));
  const glm::vec3 b_offset = aim * v1;
  const glm::vec3 b_side = b_offset - line * glm::dot(b_offset, line);
  const glm::vec3 pole_side = pole - line * glm::dot(pole, line);
  glm::quat twist = kIdentity;
  if (!nearly_colinear(b_offset, line) && !nearly_colinear(pole, line))
    twist = rotation_between(b_side, pole_side, line);
  rotation_a = glm::normalize(twist * aim * rotation_a);
  return in_range;
}

// Three-bone: c (joints[2]) must end at target - l3 * up. Bend plane: the line root -> c's
// target and `up` (the seed's roll, which makes the three links coplanar), the middle joint
// on the side of the pole. Then c turns so its link points along `up`.
bool reach_three_bone(const Skeleton& skeleton, const Params& params, const Workspace& workspace,
                      const std::vector<int>& joints, const LimbGoal& goal, Pose& pose) {
  const int a = joints[0], b = joints[1], c = joints[2];
  const glm::vec3 root = pose.local[static_cast<size_t>(a)].translation;
  const float l3 = glm::length(limb_bone(pose, joints, 2));
  const glm::vec3 c_target = goal.target - l3 * goal.up;
  const glm::vec3 line = c_target - root;
  glm::vec3 pole = goal.pole;
  if (!nearly_colinear(goal.up, line)) {
    const glm::vec3 up_side = goal.up - line * (glm::dot(goal.up, line) / glm::dot(line, line));
    pole = glm::dot(goal.pole, up_side) >= 0.0f ? up_side : -up_side;
  }
  const bool in_range = reach_two_bone(skeleton, params, workspace, a, b, limb_bone(pose, joints, 0),
                                       limb_bone(pose, joints, 1), c_target, pole, pose);
  if (!is_locked(workspace, c)) {
    // A limb-frame turn of c's link, expressed in c's parent (b) frame.
    const glm::quat turn = rotation_between(limb_bone(pose, joints, 2), goal.up, pole);
    const glm::quat a_b = pose.local[static_cast<size_t>(a)].rotation * pose.local[static_cast<size_t>(b)].rotation;
    glm::quat& rotation_c = pose.local[static_cast<size_t>(c)].rotation;
    rotation_c = glm::normalize(glm::conjugate(a_b) * turn * a_b * rotation_c);
  }
  return in_range;
}

// Goal::use_orientation: the effector's model rotation = parent rotation * R_root * ... *
// R_effector; solve for R_effector.
void orient_effector(const Workspace& workspace, const std::vector<int>& joints, const LimbGoal& goal,
                     const Goal& model_goal, Pose& pose) {
  const int effector = joints.back();
  if (!model_goal.use_orientation || is_locked(workspace, effector)) return;
  glm::quat above = goal.parent_rotation;
  for (size_t k = 0; k + 1 < joints.size(); ++k) above = above * pose.local[static_cast<size_t>(joints[k])].rotation;
  pose.local[static_cast<size_t>(effector)].rotation =
      glm::normalize(glm::conjugate(above) * glm::normalize(model_goal.orientation));
}

// Model-space frames of the limb (workspace.positions / linear) and the effector's error.
float limb_error(const Chain& chain, const Pose& pose, Workspace& workspace, const glm::mat4& parent_of_root) {
  chain_frames(pose, workspace.path, workspace.tree_parent, parent_of_root, workspace.positions, workspace.linear);
  const size_t last = workspace.path.size() - 1;
  return effector_error(chain.goal, workspace.positions[last], workspace.linear[last],
                        chain.params.orientation_weight);
}

// The two solvers differ only in the number of bones and the reach step.
SolveResult solve_limb(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                       Trace* trace, int bones) {
  SolveResult result;  // invalid_input
  if (!is_valid_chain(skeleton, chain, pose, workspace)) return result;
  std::vector<int>& joints = workspace.path;
  if (!fill_chain_path(skeleton, chain.root, chain.effector, joints) ||
      static_cast<int>(joints.size()) != bones + 1)
    return result;
  if (bones == 3 && !(glm::dot(chain.goal.up, chain.goal.up) > 0.0f)) return result;
  workspace.tree_parent.resize(joints.size());
  for (size_t k = 0; k < joints.size(); ++k) workspace.tree_parent[k] = static_cast<int>(k) - 1;
  workspace.positions.resize(joints.size());
  workspace.linear.resize(joints.size());

  const Params& params = chain.params;
  apply_start_pose(skeleton, params, workspace, joints, pose);
  const LimbGoal goal = limb_goal(skeleton, pose, chain.root, chain.goal);
  const float error_before = limb_error(chain, pose, workspace, goal.parent_world);
  const float tolerance = resolve_tolerance(params, path_length(workspace.positions, workspace.tree_parent, bones));
  trace_begin(trace, joints, pose, error_before, 1);

  const bool in_range =
      bones == 2 ? reach_two_bone(skeleton, params, workspace, joints[0], joints[1], limb_bone(pose, joints, 0),
                                  limb_bone(pose, joints, 1), goal.target, goal.pole, pose)
                 : reach_three_bone(skeleton, params, workspace, joints, goal, pose);
  orient_effector(workspace, joints, goal, chain.goal, pose);
  if (params.use_limits) {
    for (size_t k = 0; k < joints.size(); ++k) {
      const int j = joints[k];
      if (is_locked(workspace, j)) continue;
      if (clamp_to_limits(skeleton.limits[static_cast<size_t>(j)], skeleton.rest[static_cast<size_t>(j)].rotation,
                          pose.local[static_cast<size_t>(j)].rotation))
        trace_clamped(trace, static_cast<int>(k));
    }
  }

  result.error = limb_error(chain, pose, workspace, goal.parent_world);
  result.iterations = 1;
  result.status = final_status(result.error, tolerance, !in_range, true);
  trace_iteration(trace, pose, result.error);
  return result;
}

}  // namespace

SolveResult solve_two_bone(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                           Trace* trace) {
  return solve_limb(skeleton, chain, pose, workspace, trace, 2);
}

SolveResult solve_three_bone(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                             Trace* trace) {
  return solve_limb(skeleton, chain, pose, workspace, trace, 3);
}

}  // namespace ik
