// Skeleton: the runtime rig — flat arrays in strict depth-first order.
//
// Two types, as in ozz-animation: a RawSkeleton is what an importer or a generator
// produces (joints in any order, parents by index, possibly invalid); build_skeleton()
// validates it once and compiles it into a Skeleton, which every other part of ikscope
// may then trust without checking again.
//
// Invariants of a built Skeleton (checked by build_skeleton, relied on everywhere):
//   * parent[i] < i for every joint that has a parent; roots have parent -1.
//   * Depth-first order: a joint's whole subtree follows it contiguously, so the
//     subtree of i is [i, subtree_end[i]).
//   * Spine first: at every joint, children whose name looks like part of the spine
//     ("spine", "chest", "torso", "neck", "head", "pelvis", "hips", "back", "abdomen")
//     are visited before the other children; otherwise the file's order is kept. So on
//     a humanoid the chain hips → spine → … → head comes first in the DFS order, and the
//     limbs follow (the IK guide's advice: solve the spine before the limbs that hang
//     off it).
//   * Every leaf is a tip: a leaf that is not already one gets an added child joint
//     (is_added_tip = 1) so that its bone has a length. A leaf already counts as a tip
//     if its name ends in "end", "tip", "nub" or "top" (Blender's "_end" leaf bones,
//     Mixamo's "HeadTop_End"). The added tip continues the direction parent → leaf at
//     half that bone's length; a lone root gets a tip one unit along its local +Y.
//   * Every rest transform is finite with a non-zero scale.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/base/transform.h"

namespace ik {

// Rotation limits of one joint, relative to its rest rotation.
//
// The joint's local rotation is rest.rotation * offset. For a hinge, offset is a
// rotation by an angle in [min.x, max.x] about hinge_axis (unit, in the joint's own rest
// frame). For a ball joint, offset = Rx(a.x) * Ry(a.y) * Rz(a.z) with each a in
// [min, max] (radians, axes of the joint's rest frame). Unlimited joints have
// enabled = false and are free ball joints.
//
// A swing-twist cone (cone = true, hinge = false; a hinge wins if both are set) splits
// offset = swing * twist about bone_axis (unit, the joint's own rest frame; the bone points
// along +Y in our rigs): the twist's angle lies in [twist_min, twist_max], and the swing, a
// turn by an angle s about an axis perpendicular to the bone, lies inside the elliptical
// cone (s_u / swing.x)² + (s_v / swing.y)² <= 1, with (s_u, s_v) the swing's rotation
// vector read on the axes u, v that +X and +Z become when +Y is turned onto bone_axis by
// the shortest turn (u = +X, v = +Z for a +Y bone). swing.x = swing.y gives a circular
// cone of that half angle (the angle between the bone's rest and current directions).
// Half angles lie in [0, pi] (pi: no swing limit); min and max are not used.
// A cone need not be centred on the rest: cone_middle (unit, the joint's rest frame) is the
// turn from the rest to the cone's middle, and the split reads middle⁻¹ * offset instead of
// offset (offset = middle * swing * twist). A shoulder's range of motion is centred on an
// arm held forward and out, not on a T-pose's arm (default_limits.h). Identity: the
// cone is centred on the rest.
struct JointLimits {
  bool enabled = false;
  bool hinge = false;
  glm::vec3 hinge_axis{0.0f, 0.0f, 1.0f};
  glm::vec3 min{-3.14159265f};  // radians
  glm::vec3 max{3.14159265f};   // radians
  bool cone = false;
  glm::vec3 bone_axis{0.0f, 1.0f, 0.0f};
  glm::vec2 swing{3.14159265f};  // half angles about u and v, radians
  float twist_min = -3.14159265f;  // radians about bone_axis
  float twist_max = 3.14159265f;
  glm::quat cone_middle{1.0f, 0.0f, 0.0f, 0.0f};
};

// One joint as an importer or generator produced it.
struct RawJoint {
  std::string name;
  int parent = -1;        // index into RawSkeleton::joints, or -1 for a root
  Transform rest;         // local to the parent joint (to the model, for a root)
  JointLimits limits;
  int source_node = -1;   // the glTF node this joint came from, -1 if none
};

struct RawSkeleton {
  std::vector<RawJoint> joints;
};

struct Skeleton {
  std::vector<int> parent;             // -1 for roots; parent[i] < i otherwise
  std::vector<int> subtree_end;        // one past the last joint of i's subtree
  std::vector<Transform> rest;         // rest local transform, parent space
  std::vector<std::string> name;
  std::vector<std::uint8_t> is_added_tip;  // 1 if build_skeleton added this joint
  std::vector<JointLimits> limits;
  std::vector<int> source_node;        // glTF node index, -1 for added tips
  std::vector<int> raw_index;          // index in the RawSkeleton, -1 for added tips

  int joint_count() const { return static_cast<int>(parent.size()); }
  bool is_leaf(int i) const { return subtree_end[i] == i + 1; }
  bool is_root(int i) const { return parent[i] < 0; }
};

// Validates `raw` and compiles it into `out`. On failure returns false, leaves `out`
// untouched and sets `error` to one sentence naming the joint and the problem:
// no joints, a parent index out of range, a joint that is its own ancestor (cycle),
// a non-finite or zero-scale rest transform.
bool build_skeleton(const RawSkeleton& raw, Skeleton& out, std::string& error);

// A joint on a cycle of parent links (parent[i] = -1 for a root; indices outside
// [0, size) end a walk like a root), or -1 if the links form a forest.
int find_parent_cycle(const std::vector<int>& parent);

// True if `name` looks like part of a spine (see the ordering rule above).
bool is_spine_name(const std::string& name);

// True if `name` marks a leaf that already is a bone tip.
bool is_tip_name(const std::string& name);

// The first joint named `name`, or -1 if none is.
int find_joint(const Skeleton& skeleton, const std::string& name);

// The joints from `root` down to `effector`, ascending indices. Empty if `root` is
// not an ancestor of (or equal to) `effector`.
std::vector<int> chain_path(const Skeleton& skeleton, int root, int effector);

}  // namespace ik
