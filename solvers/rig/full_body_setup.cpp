// Stiffness from roles and the full-body chain of a rig (full_body_setup.h).
//
// Index: role_stiffness, fill_full_body_stiffness, role_mass, fill_full_body_masses, find_role,
// full_body_chain
#include "solvers/rig/full_body_setup.h"

#include "solvers/anim/pose.h"

namespace ik {

float role_stiffness(const JointRole& role) {
  switch (role.role) {
    case Role::spine:
    case Role::chest:
      return 4.0f;
    case Role::hips:
    case Role::neck:
      return 3.0f;
    case Role::head:
    case Role::clavicle:
    case Role::toe:
      return 2.0f;
    default:
      return 1.0f;
  }
}

void fill_full_body_stiffness(const Skeleton& skeleton, const RigRoles& roles, std::vector<float>& stiffness) {
  stiffness.assign(static_cast<size_t>(skeleton.joint_count()), 1.0f);
  for (size_t j = 0; j < stiffness.size() && j < roles.joints.size(); ++j)
    stiffness[j] = role_stiffness(roles.joints[j]);
}

float role_mass(const JointRole& role, int spine_joints) {
  switch (role.role) {
    case Role::hips:
      return 0.142f;
    case Role::spine:
      return 0.139f / static_cast<float>(spine_joints > 0 ? spine_joints : 1);
    case Role::chest:
      return 0.216f;
    case Role::neck:
      return 0.010f;
    case Role::head:
      return 0.071f;
    case Role::clavicle:
      return 0.005f;
    case Role::upper_arm:
      return 0.028f;
    case Role::forearm:
      return 0.016f;
    case Role::hand:
      return 0.006f;
    case Role::thigh:
      return 0.100f;
    case Role::shin:
      return 0.0465f;
    case Role::foot:
      return 0.0145f;
    case Role::tail:
      return 0.010f;
    default:  // fingers, toes, eyes, the jaw, twist bones and joints without a role: in their parent's segment
      return 0.0f;
  }
}

void fill_full_body_masses(const Skeleton& skeleton, const std::vector<JointRole>& roles, std::vector<float>& mass) {
  int spine_joints = 0;
  bool hips = false;
  for (const JointRole& role : roles) {
    spine_joints += role.role == Role::spine;
    hips = hips || role.role == Role::hips;
  }
  if (!hips) {
    mass.clear();
    return;
  }
  mass.assign(static_cast<size_t>(skeleton.joint_count()), 0.0f);
  for (size_t j = 0; j < mass.size() && j < roles.size(); ++j) mass[j] = role_mass(roles[j], spine_joints);
}

int find_role(const RigRoles& roles, Role role, Side side) {
  for (size_t j = 0; j < roles.joints.size(); ++j)
    if (roles.joints[j].role == role && roles.joints[j].side == side) return static_cast<int>(j);
  return -1;
}

bool full_body_chain(const Skeleton& skeleton, const RigRoles& roles, const std::vector<glm::mat4>& world, int solver,
                     Chain& out) {
  if (skeleton.joint_count() == 0 || static_cast<int>(world.size()) != skeleton.joint_count()) return false;
  const int hips = find_role(roles, Role::hips);
  const int root = hips >= 0 ? hips : 0;
  auto in_body = [&](int joint) { return joint > root && joint < skeleton.subtree_end[static_cast<size_t>(root)]; };
  // (joint, weight, pinned) in the order the effectors get: hands, head, feet, then the hips.
  struct Wanted {
    int joint;
    float weight;
    bool pinned;
  };
  const Wanted wanted[] = {
      {find_role(roles, Role::hand, Side::left), kFullBodyHandWeight, false},
      {find_role(roles, Role::hand, Side::right), kFullBodyHandWeight, false},  // weight 0 unless main
      {find_role(roles, Role::head), kFullBodyHoldWeight, false},
      {find_role(roles, Role::foot, Side::left), 1.0f, true},
      {find_role(roles, Role::foot, Side::right), 1.0f, true},
      {root, kFullBodyHoldWeight, false},
  };
  Chain chain;
  chain.root = root;
  chain.solver = solver;
  chain.params.max_iterations = 64;
  bool has_main = false, limbs = false;
  for (const Wanted& w : wanted) {
    const bool is_root = w.joint == root && &w == &wanted[5];
    if (!is_root && !in_body(w.joint)) continue;
    limbs = limbs || (!is_root && &w != &wanted[2]);
    const Goal goal = [&] {
      Goal g;
      g.position = position_of(world[static_cast<size_t>(w.joint)]);
      return g;
    }();
    // The main effector (weight 1, never pinned): the first hand, else the first effector.
    if (!has_main && !w.pinned && w.weight == 1.0f) {
      chain.effector = w.joint;
      chain.goal = goal;
      has_main = true;
      continue;
    }
    EffectorGoal e;
    e.joint = w.joint;
    e.goal = goal;
    e.weight = w.pinned ? w.weight : kFullBodyHoldWeight;  // only the main hand pulls
    e.pinned = w.pinned;
    chain.extra_effectors.push_back(e);
  }
  if (!limbs || !has_main) return false;
  out = chain;
  return true;
}

}  // namespace ik
