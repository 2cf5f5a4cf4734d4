// Contact joints (contact_joints.h): by roles, else by the rest pose's shape.
#include "solvers/rig/contact_joints.h"

#include <algorithm>

#include "solvers/anim/pose.h"

namespace ik {
namespace {

// Children of `joint`, helpers (the twist role: Unreal's thigh and calf twist bones hang
// beside the leg) not counted.
int limb_children(const Skeleton& skeleton, const std::vector<JointRole>& roles, int joint) {
  int n = 0;
  for (int c = joint + 1; c < skeleton.subtree_end[static_cast<size_t>(joint)];
       c = skeleton.subtree_end[static_cast<size_t>(c)])
    if (roles.size() != skeleton.parent.size() || roles[static_cast<size_t>(c)].role != Role::twist) ++n;
  return n;
}

// Within 10 % of the rest pose's height of its lowest joint (added tips left out: their
// place is a guess).
std::vector<char> near_the_ground(const Skeleton& skeleton, const std::vector<glm::mat4>& world) {
  float lowest = INFINITY, highest = -INFINITY;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    if (skeleton.is_added_tip[static_cast<size_t>(j)]) continue;
    lowest = std::min(lowest, position_of(world[static_cast<size_t>(j)]).y);
    highest = std::max(highest, position_of(world[static_cast<size_t>(j)]).y);
  }
  std::vector<char> low(static_cast<size_t>(skeleton.joint_count()), 0);
  const float band = 0.1f * (highest - lowest);
  if (!(band > 0.0f)) return low;  // a flat rig: nothing stands on anything
  for (int j = 0; j < skeleton.joint_count(); ++j)
    low[static_cast<size_t>(j)] =
        !skeleton.is_added_tip[static_cast<size_t>(j)] && position_of(world[static_cast<size_t>(j)]).y <= lowest + band;
  return low;
}

// ContactJoint's heel and toe under `joint` in the rest pose `world` (the rig's own joints:
// an added tip's place is a guess).
void sole_at_rest(const Skeleton& skeleton, const std::vector<glm::mat4>& world, ContactJoint& c) {
  const glm::vec3 at = position_of(world[static_cast<size_t>(c.joint)]);
  float sole = at.y, across = 0.0f;
  glm::vec3 toe = at;
  for (int k = c.joint; k < skeleton.subtree_end[static_cast<size_t>(c.joint)]; ++k) {
    if (skeleton.is_added_tip[static_cast<size_t>(k)]) continue;
    const glm::vec3 p = position_of(world[static_cast<size_t>(k)]);
    sole = std::min(sole, p.y);
    const float d = glm::length(glm::vec2(p.x - at.x, p.z - at.z));
    if (d > across) across = d, toe = p;
  }
  c.heel = glm::vec3(0.0f, sole - at.y, 0.0f);
  c.toe = glm::vec3(toe.x - at.x, sole - at.y, toe.z - at.z);
}

}  // namespace

float leg_length(const Skeleton& skeleton, const std::vector<glm::mat4>& rest_world,
                 const std::vector<JointRole>& roles, int joint, int* leg_root) {
  float length = 0.0f;
  if (leg_root != nullptr) *leg_root = joint;
  for (int j = joint; j >= 0;) {
    const int parent = skeleton.parent[static_cast<size_t>(j)];
    if (parent < 0) break;
    if (leg_root != nullptr) *leg_root = parent;
    length += glm::length(position_of(rest_world[static_cast<size_t>(j)]) -
                          position_of(rest_world[static_cast<size_t>(parent)]));
    // The leg ends at its first joint: a thigh (or upper arm) by role, else the joint
    // below a branch point.
    if (roles.size() == skeleton.parent.size() && (roles[static_cast<size_t>(parent)].role == Role::thigh ||
                                                   roles[static_cast<size_t>(parent)].role == Role::upper_arm))
      break;
    const int above = skeleton.parent[static_cast<size_t>(parent)];
    if (above < 0 || limb_children(skeleton, roles, above) > 1) break;
    j = parent;
  }
  return length;
}

std::vector<ContactJoint> find_contact_joints(const Skeleton& skeleton, const std::vector<JointRole>& roles) {
  const Pose rest = rest_pose(skeleton);
  std::vector<glm::mat4> world;
  fk_all(skeleton, rest, world);
  const std::vector<char> low = near_the_ground(skeleton, world);
  const bool has_roles = roles.size() == static_cast<size_t>(skeleton.joint_count());
  const bool feet_by_role =
      has_roles && std::any_of(roles.begin(), roles.end(), [](const JointRole& r) { return r.role == Role::foot; });
  // The shape's contacts: the top of each low run (an ankle, a paw) but a root, and that
  // one's first low child (a toe).
  const size_t count = static_cast<size_t>(skeleton.joint_count());
  std::vector<int> run_top(count, -1);  // for a shape contact: the top of its run
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const size_t u = static_cast<size_t>(j);
    const int parent = skeleton.parent[u];
    if (!low[u] || parent < 0) continue;
    if (!low[static_cast<size_t>(parent)]) {
      run_top[u] = j;
    } else if (parent + 1 == j && run_top[static_cast<size_t>(parent)] == parent) {
      run_top[u] = parent;
    }
  }
  auto low_hand_in = [&](int top) {
    for (int k = top; k < skeleton.subtree_end[static_cast<size_t>(top)]; ++k)
      if (low[static_cast<size_t>(k)] && roles[static_cast<size_t>(k)].role == Role::hand) return true;
    return false;
  };
  std::vector<ContactJoint> out;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const size_t u = static_cast<size_t>(j);
    bool contact = run_top[u] >= 0;
    if (feet_by_role) {
      // Roles name the feet; a front leg (arm roles) that stands counts by its low run.
      const Role role = roles[u].role;
      contact = role == Role::foot || role == Role::toe || (contact && low_hand_in(run_top[u]));
    }
    if (!contact) continue;
    int root = -1;
    const float length = leg_length(skeleton, world, roles, j, &root);
    if (!(length > 0.0f)) continue;
    ContactJoint c{j, length, root};
    sole_at_rest(skeleton, world, c);
    out.push_back(c);
  }
  return out;
}

}  // namespace ik
