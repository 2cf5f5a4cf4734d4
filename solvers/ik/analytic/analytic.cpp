// The analytic two-bone and three-bone solvers (analytic.h), the general solve: any limb
// (under any parent, with locked joints, limits, a hinge elbow, an orientation goal, a
// trace). The common two-bone shape at the skeleton's root goes to the fast path first
// (two_bone_fast.cpp), which runs the same closed form as the reach step below.
//
// Index (helpers first, the solve at the end; read it from the bottom up):
//   rotations         rotation_from_cos_sin, bend_rotation (the bend about any axis)
//   the limb          root_frame_bone, limb_bone, LimbGoal and limb_goal (the limb
//                     frame), valid_limb (limb_end: two_bone_fast.h)
//   step by step      reach_two_bone_in_steps: analytic.h's steps 1-3 one after the
//                     other, for every case
//   the reach step    reach_two_bone (the closed form, reach_two_bone_at_once in
//                     two_bone_fast.cpp, in the common case; else step by step),
//                     reach_three_bone
//   after the reach   orient_effector, limb_error, measure_bones, clamp_to_limb_limits
//   pole and limits   use_pole_target (Goal::use_pole), swivel_within_limits (a limited root)
//   the solve         solve_limb: valid_limb -> limb_goal -> use_pole_target -> start pose ->
//                     measure_bones -> trace_begin -> reach -> orient_effector ->
//                     swivel_within_limits -> clamp_to_limb_limits -> error -> trace_iteration
//   entry points      solve_two_bone (the fast path, else solve_limb), solve_three_bone
#include "solvers/ik/analytic/analytic.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "solvers/ik/analytic/two_bone_fast.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/pole.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

namespace ik {
namespace {

const glm::quat kIdentity{1.0f, 0.0f, 0.0f, 0.0f};

// Rotation of angle phi about the unit axis n from cos(phi) and sin(phi), no trig calls.
// Up to a quarter turn, (1 + cos phi, sin phi n) = 2 cos(phi/2) (cos(phi/2), sin(phi/2) n),
// normalised, keeps every digit of a small phi (sqrt((1 - cos phi) / 2) would lose them
// to the cancellation in 1 - cos phi); beyond, the half-angle square roots are the exact
// ones (1 - cos phi is then at least 1, 1 + cos phi is what shrinks toward a half turn).
glm::quat rotation_from_cos_sin(const glm::vec3& n, float cos_phi, float sin_phi) {
  if (cos_phi >= 0.0f) {
    const float w = 1.0f + cos_phi;
    const float scale = scale_over_sqrt(1.0f, w * w + sin_phi * sin_phi);
    return glm::quat(w * scale, (sin_phi * scale) * n);
  }
  const float cos_half = std::sqrt(std::max(0.0f, 0.5f * (1.0f + cos_phi)));
  const float sin_half = std::copysign(std::sqrt(0.5f * (1.0f - cos_phi)), sin_phi);
  return glm::quat(cos_half, sin_half * n);
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

// The vector from joints[k] to joints[k + 1] in the root's own frame before its rotation:
// the child's translation carried up through each joint's scale and rotation, with the
// root's scale but not its rotation, w = S_0 R_1 S_1 ... R_k S_k t_{k+1}.
glm::vec3 root_frame_bone(const Pose& pose, const std::vector<int>& joints, int k) {
  glm::vec3 v = pose.local[static_cast<size_t>(joints[static_cast<size_t>(k) + 1])].translation;
  for (int i = k; i >= 1; --i) {
    const Transform& t = pose.local[static_cast<size_t>(joints[static_cast<size_t>(i)])];
    v = rotate(t.rotation, t.scale * v);
  }
  return pose.local[static_cast<size_t>(joints[0])].scale * v;
}

// The same bone in the limb frame (the frame of joints[0]'s parent):
// v = R_0 S_0 R_1 S_1 ... R_k S_k t_{k+1}.
glm::vec3 limb_bone(const Pose& pose, const std::vector<int>& joints, int k) {
  return rotate(pose.local[static_cast<size_t>(joints[0])].rotation, root_frame_bone(pose, joints, k));
}

// The limb frame and the goal expressed in it. Points map by the inverse of the parent's
// world matrix, directions (pole, up) by the inverse of its linear part.
struct LimbGoal {
  bool has_parent = false;                         // else the limb frame is the model frame
  glm::mat4 parent_world{1.0f};                    // model space <- limb frame
  glm::quat parent_rotation{1.0f, 0.0f, 0.0f, 0.0f};  // rotation part of parent_world
  glm::vec3 target{0.0f};                          // Goal::position, limb frame
  glm::vec3 pole{0.0f};                            // Goal::pole, limb frame
  glm::vec3 up{0.0f};                              // Goal::up, limb frame
  bool pole_target = false;                        // `pole` is the side a pole target wants

  glm::vec3 point_to_model(const glm::vec3& p) const {
    return has_parent ? glm::vec3(parent_world * glm::vec4(p, 1.0f)) : p;
  }
  glm::vec3 vector_to_model(const glm::vec3& v) const { return has_parent ? glm::mat3(parent_world) * v : v; }
};

// Returns false if the ancestors' transforms make the limb frame unusable (not finite).
bool limb_goal(const Skeleton& skeleton, const Pose& pose, int root, const Goal& goal, LimbGoal& g) {
  g.has_parent = skeleton.parent[static_cast<size_t>(root)] >= 0;
  if (!g.has_parent) {  // the goal was validated already
    g.target = goal.position;
    g.pole = goal.pole;
    g.up = goal.up;  // normalised by the caller that needs it
    return true;
  }
  g.parent_world = parent_world(skeleton, pose, root);
  g.parent_rotation = rotation_of(glm::mat3(g.parent_world));
  const glm::mat4 limb_from_model = glm::inverse(g.parent_world);
  const glm::mat3 limb_from_model_linear(limb_from_model);
  g.target = glm::vec3(limb_from_model * glm::vec4(goal.position, 1.0f));
  g.pole = limb_from_model_linear * goal.pole;
  g.up = limb_from_model_linear * goal.up;
  return is_finite(g.target) && is_finite(g.pole) && is_finite(g.up) && is_finite(g.parent_rotation) &&
         is_finite(glm::vec3(g.parent_world[3]));
}

// What the analytic solvers read (is_valid_chain: indices, goal, the transforms of the
// limb and its ancestors, the locked mask), a non-zero up for three bones, and a path of
// exactly `bones` bones from the root to the effector (into `joints`).
bool valid_limb(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Workspace& workspace,
                int bones, std::vector<int>& joints) {
  if (!is_valid_chain(skeleton, chain, pose, workspace)) return false;
  if (bones == 3 && !(glm::dot(chain.goal.up, chain.goal.up) > 0.0f)) return false;
  // The path, walked up `bones` parents from the effector (is_valid_chain checked that the
  // root is an ancestor of the effector; the walk must end on it).
  joints.resize(static_cast<size_t>(bones) + 1);
  int j = chain.effector;
  for (int k = bones; k > 0 && j >= 0; --k) {
    joints[static_cast<size_t>(k)] = j;
    j = skeleton.parent[static_cast<size_t>(j)];
  }
  joints[0] = j;
  return j == chain.root;
}

// Bends joint b and turns joint a (limb frame) so that the end of v2 lands on `target`:
// steps 1-3 of analytic.h, one after the other, for every case. v1 = a -> b and v2 = b ->
// end, limb frame (w1, w2: the same in a's own frame, root_frame_bone). Writes the local
// rotations of a and b (unless locked). Returns false if the target distance lies outside
// [|l1 - l2|, l1 + l2]; the limb then ends straight (or folded) toward it.
bool reach_two_bone_in_steps(const Skeleton& skeleton, const Params& params, const Workspace& workspace,
                             int a, int b, const glm::vec3& w1, const glm::vec3& w2, const glm::vec3& target,
                             const glm::vec3& pole, Pose& pose) {
  glm::quat& rotation_a = pose.local[static_cast<size_t>(a)].rotation;
  glm::quat& rotation_b = pose.local[static_cast<size_t>(b)].rotation;
  const glm::vec3 v1 = rotation_a * w1;
  glm::vec3 v2 = rotation_a * w2;
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

// What a reach step tells its caller.
struct Reach {
  bool in_range = false;   // the target distance was within the limb's range
  bool end_known = false;  // `end` is where the effector now is (limb frame), as solved
  glm::vec3 end{0.0f};
};

// Steps 1-3 of analytic.h for joints a (the root) and b: the closed form in the common
// case (two_bone_fast.h: b bends about the limb plane's normal, neither joint locked, and
// the geometry has a plane, a target direction and a pole side), else one after the other.
// w1, w2: the bones in a's own frame (root_frame_bone); target and pole in the limb frame.
Reach reach_two_bone(const Skeleton& skeleton, const Params& params, const Workspace& workspace, int a, int b,
                     const glm::vec3& w1, const glm::vec3& w2, const glm::vec3& target, const glm::vec3& pole,
                     Pose& pose) {
  Reach reach;
  const JointLimits& limits = skeleton.limits[static_cast<size_t>(b)];
  const bool hinge = params.use_limits && limits.enabled && limits.hinge;
  if (!hinge && !is_locked(workspace, a) && !is_locked(workspace, b)) {
    Transform& joint_a = pose.local[static_cast<size_t>(a)];
    reach.end_known = reach_two_bone_at_once(w1, w2, joint_a.translation, target, pole, joint_a.rotation,
                                             pose.local[static_cast<size_t>(b)].rotation, reach.end, reach.in_range);
    if (reach.end_known) return reach;
  }
  reach.in_range = reach_two_bone_in_steps(skeleton, params, workspace, a, b, w1, w2, target, pole, pose);
  return reach;
}

// Three-bone: c (joints[2]) must end at target - l3 * up. Bend plane: the line root -> c's
// target and `up` (the seed's roll, which makes the three links coplanar), the middle joint
// on the side of the pole. Then c turns so its link points along `up`.
Reach reach_three_bone(const Skeleton& skeleton, const Params& params, const Workspace& workspace,
                       const std::vector<int>& joints, const LimbGoal& goal, Pose& pose) {
  const int a = joints[0], b = joints[1], c = joints[2];
  const glm::vec3 root = pose.local[static_cast<size_t>(a)].translation;
  const float l3 = glm::length(limb_bone(pose, joints, 2));
  const glm::vec3 c_target = goal.target - l3 * goal.up;
  const glm::vec3 line = c_target - root;
  glm::vec3 pole = goal.pole;
  if (!goal.pole_target && !nearly_colinear(goal.up, line)) {
    const glm::vec3 up_side = goal.up - line * (glm::dot(goal.up, line) / glm::dot(line, line));
    pole = glm::dot(goal.pole, up_side) >= 0.0f ? up_side : -up_side;
  }
  Reach reach = reach_two_bone(skeleton, params, workspace, a, b, root_frame_bone(pose, joints, 0),
                               root_frame_bone(pose, joints, 1), c_target, pole, pose);
  reach.end += l3 * goal.up;  // c's link along up, from where c landed
  if (is_locked(workspace, c)) {
    reach.end_known = false;
  } else {
    // A limb-frame turn of c's link, expressed in c's parent (b) frame.
    const glm::quat turn = rotation_between(limb_bone(pose, joints, 2), goal.up, pole);
    const glm::quat a_b = pose.local[static_cast<size_t>(a)].rotation * pose.local[static_cast<size_t>(b)].rotation;
    glm::quat& rotation_c = pose.local[static_cast<size_t>(c)].rotation;
    rotation_c = glm::normalize(glm::conjugate(a_b) * turn * a_b * rotation_c);
  }
  return reach;
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

// The effector's model-space error (goal_error.h). Its orientation, when the goal has
// one, from the limb's model-space frames (workspace.positions / linear).
float limb_error(const Chain& chain, const Pose& pose, Workspace& workspace, const LimbGoal& goal) {
  const glm::vec3 end = goal.point_to_model(limb_end(pose, workspace.path));
  if (!chain.goal.use_orientation) return glm::length(chain.goal.position - end);
  use_path_as_tree(workspace);
  chain_frames(pose, workspace.path, workspace.tree_parent, goal.parent_world, workspace.positions, workspace.linear);
  return effector_error(chain.goal, end, workspace.linear.back(), chain.params.orientation_weight);
}

// The bones' vectors in the root's own frame (root_frame_bone) into bone[0 .. bones), and
// the limb's model-space length, the sum of its bones' lengths (for a relative tolerance).
float measure_bones(const Pose& pose, const std::vector<int>& joints, const LimbGoal& goal, int bones,
                    glm::vec3 (&bone)[3]) {
  float model_length = 0.0f;
  for (int k = 0; k < bones; ++k) {
    bone[k] = root_frame_bone(pose, joints, k);
    // The root's rotation does not change a length unless a parent frame shears it.
    const glm::quat& root_rotation = pose.local[static_cast<size_t>(joints[0])].rotation;
    model_length += glm::length(goal.has_parent ? goal.vector_to_model(rotate(root_rotation, bone[k])) : bone[k]);
  }
  return model_length;
}

// params.use_limits: clamps every written joint of the limb that has a limit (joints not
// locked), marking it in the trace. Returns true if a limit moved a joint.
bool clamp_to_limb_limits(const Skeleton& skeleton, const Workspace& workspace, const std::vector<int>& joints,
                          Pose& pose, Trace* trace) {
  bool clamped = false;
  for (size_t k = 0; k < joints.size(); ++k) {
    const int j = joints[k];
    if (!skeleton.limits[static_cast<size_t>(j)].enabled || is_locked(workspace, j)) continue;
    if (clamp_to_limits(skeleton.limits[static_cast<size_t>(j)], skeleton.rest[static_cast<size_t>(j)].rotation,
                        pose.local[static_cast<size_t>(j)].rotation)) {
      clamped = true;
      trace_clamped(trace, static_cast<int>(k));
    }
  }
  return clamped;
}

// Goal::use_pole: the bend side a pole target wants (pole.h: the pole's side of the root ->
// goal line, or inside the band around the root -> pole line the limb's own bend turned
// toward it), into goal.pole (limb frame). The three-bone roll onto `up` is then skipped:
// the pole's plane is the bend plane. Returns false for a pole that is not finite.
bool use_pole_target(const Chain& chain, const Pose& pose, Workspace& workspace,
                     LimbGoal& goal) {
  if (!is_valid_pole(chain.goal)) return false;
  use_path_as_tree(workspace);
  const size_t n = workspace.path.size();
  const glm::mat4 parent_of_root = goal.has_parent ? goal.parent_world : glm::mat4(1.0f);
  chain_frames(pose, workspace.path, workspace.tree_parent, parent_of_root, workspace.positions, workspace.linear);
  const glm::vec3 root = workspace.positions[0], effector = workspace.positions[n - 1];
  const glm::vec3 target = chain.goal.position;
  const PoleSide pole = pole_side(root, target, chain.goal.pole_target, chain.goal.pole_twist);
  const glm::vec3 axis = direction_or(target - root, direction_or(effector - root, glm::vec3(0.0f)));
  // The limb's bend side measured against the root -> goal line (where it will point).
  glm::vec3 current = bend_side(workspace.positions.data(), static_cast<int>(n));
  current -= axis * glm::dot(current, axis);
  glm::vec3 side = wanted_bend_side(pole, current, axis, pole_turn_allowance(root, effector, target));
  if (!(glm::dot(side, side) > 0.0f)) side = chain.goal.pole;  // no side at all: the old hint
  goal.pole = goal.has_parent ? glm::inverse(glm::mat3(goal.parent_world)) * side : side;
  goal.pole_target = true;
  return true;
}

// params.use_limits with a limited root: the limb may turn about the root -> target line
// (its swivel) without moving the effector off the target, but the swivel the pole picks
// can put the root outside its limits, and clamping the root then pulls the effector away
// (the humanoid's upper arm -> hand stalled at 0.2-1.0 of the arm's length where DLS
// reached). Unless the limb already ends within `tolerance` with every joint clamped, try
// 36 swivels, then halve the step around the best four times, and keep the swivel whose
// clamped pose ends nearest the target (the pole's own swivel on a tie). The clamp itself
// comes after, as for every solve.
void swivel_within_limits(const Skeleton& skeleton, Workspace& workspace, const std::vector<int>& joints,
                          const LimbGoal& goal, float tolerance, Pose& pose) {
  const int a = joints[0];
  const JointLimits& limits = skeleton.limits[static_cast<size_t>(a)];
  const glm::vec3 line = goal.target - pose.local[static_cast<size_t>(a)].translation;
  if (!limits.enabled || is_locked(workspace, a) || !(glm::dot(line, line) > 0.0f)) return;
  // The other joints as the clamp will leave them (their rotations do not change with the swivel).
  std::vector<glm::quat>& kept = workspace.pole_start;
  kept.resize(joints.size());
  for (size_t k = 1; k < joints.size(); ++k) {
    const int j = joints[k];
    kept[k] = pose.local[static_cast<size_t>(j)].rotation;
    if (skeleton.limits[static_cast<size_t>(j)].enabled && !is_locked(workspace, j))
      clamp_to_limits(skeleton.limits[static_cast<size_t>(j)], skeleton.rest[static_cast<size_t>(j)].rotation,
                      pose.local[static_cast<size_t>(j)].rotation);
  }
  glm::quat& rotation_a = pose.local[static_cast<size_t>(a)].rotation;
  const glm::quat solved = rotation_a, rest = skeleton.rest[static_cast<size_t>(a)].rotation;
  const glm::vec3 axis = glm::normalize(line);
  auto error_at = [&](float angle) {
    rotation_a = glm::normalize(glm::angleAxis(angle, axis) * solved);
    clamp_to_limits(limits, rest, rotation_a);
    return glm::length(limb_end(pose, joints) - goal.target);
  };
  // The swivels that reach form ranges; of them the one nearest the pole's (angle 0) is
  // kept, found by bisection toward 0, so that a rounding difference cannot jump between
  // two equally good swivels far apart. When none reaches, the nearest end, refined.
  float best_angle = 0.0f, best = error_at(0.0f);
  if (best > tolerance) {
    const float kPi = 3.14159265f;
    float reaching = 0.0f;  // the reaching sample nearest 0 (0: none)
    // Samples by growing |angle| (10, -10, 20, -20, ... degrees); a later one must beat the
    // best by a margin, so near-ties go to the swivel nearest the pole's, whatever the rounding.
    const float margin = 0.01f * tolerance;
    for (int k = 1; k < 36; ++k) {
      const float angle = ((k & 1) ? 1.0f : -1.0f) * (2.0f * kPi / 36.0f) * static_cast<float>((k + 1) / 2);
      const float e = error_at(angle);
      if (e <= tolerance && reaching == 0.0f) reaching = angle;
      if (e < best - margin) best = e, best_angle = angle;
    }
    if (reaching != 0.0f) {  // the edge of the reaching range, between the last miss and it
      float hit = reaching, miss = reaching - std::copysign(2.0f * kPi / 36.0f, reaching);
      for (int step = 0; step < 12; ++step) {
        const float mid = 0.5f * (hit + miss);
        (error_at(mid) <= tolerance ? hit : miss) = mid;
      }
      best_angle = hit;
    } else {
      for (float step = kPi / 36.0f; step > kPi / 600.0f; step *= 0.5f) {
        const float center = best_angle;
        for (float angle : {center - step, center + step}) {
          const float e = error_at(angle);
          if (e < best - margin) best = e, best_angle = angle;
        }
      }
    }
  }
  rotation_a = best_angle == 0.0f ? solved : glm::normalize(glm::angleAxis(best_angle, axis) * solved);
  for (size_t k = 1; k < joints.size(); ++k) pose.local[static_cast<size_t>(joints[k])].rotation = kept[k];
}

// The two solvers differ only in the number of bones and the reach step.
SolveResult solve_limb(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                       Trace* trace, int bones) {
  SolveResult result;  // invalid_input
  float at_start = 0.0f;
  if (automatic_pole_rests(skeleton, chain, pose, workspace, &at_start)) {
    // Already reached: the pose kept with its own bend (the closed form would put the pole's).
    if (trace != nullptr) trace_begin(trace, workspace.path, pose, at_start, 1);
    result.error = at_start;
    result.iterations = 0;
    result.status = SolveStatus::reached;
    return result;
  }
  std::vector<int>& joints = workspace.path;
  if (!valid_limb(skeleton, chain, pose, workspace, bones, joints)) return result;
  LimbGoal goal;
  if (!limb_goal(skeleton, pose, chain.root, chain.goal, goal)) return result;
  if (bones == 3) goal.up = direction_or(goal.up, glm::vec3(0.0f));
  if (chain.goal.use_pole && !use_pole_target(chain, pose, workspace, goal)) return result;

  const Params& params = chain.params;
  if (!params.warm_start) apply_start_pose(skeleton, params, workspace, joints, pose);
  glm::vec3 bone[3];
  const float tolerance = resolve_tolerance(params, measure_bones(pose, joints, goal, bones, bone));
  if (trace != nullptr) trace_begin(trace, joints, pose, limb_error(chain, pose, workspace, goal), 1);

  const Reach reach =
      bones == 2 ? reach_two_bone(skeleton, params, workspace, joints[0], joints[1], bone[0], bone[1], goal.target,
                                  goal.pole, pose)
                 : reach_three_bone(skeleton, params, workspace, joints, goal, pose);
  orient_effector(workspace, joints, goal, chain.goal, pose);
  if (params.use_limits) swivel_within_limits(skeleton, workspace, joints, goal, tolerance, pose);
  const bool clamped = params.use_limits && clamp_to_limb_limits(skeleton, workspace, joints, pose, trace);

  // Where the solve put the effector, when nothing moved it since; else measured again.
  const bool end_known = reach.end_known && !clamped && !chain.goal.use_orientation;
  result.error = end_known ? glm::length(chain.goal.position - goal.point_to_model(reach.end))
                           : limb_error(chain, pose, workspace, goal);
  result.iterations = 1;
  result.status = final_status(result.error, tolerance, !reach.in_range, true);
  if (trace != nullptr) trace_iteration(trace, pose, result.error);
  return result;
}

}  // namespace

SolveResult solve_two_bone(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                           Trace* trace) {
  SolveResult result;
  if (!chain.goal.use_pole && solve_two_bone_fast(skeleton, chain, pose, workspace, trace, result)) return result;
  return solve_limb(skeleton, chain, pose, workspace, trace, 2);
}

SolveResult solve_three_bone(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                             Trace* trace) {
  return solve_limb(skeleton, chain, pose, workspace, trace, 3);
}

}  // namespace ik
