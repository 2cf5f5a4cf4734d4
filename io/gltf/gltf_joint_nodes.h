// Which glTF node each skeleton joint came from, and how a joint's local transform in a
// pose becomes that node's own transform: the one mapping both exports use (the posed
// rig, gltf_export.h, and the baked motion clip, gltf_motion_export.h).
//
// The importer folds non-joint nodes into the joint below them ("Armature", "Z_UP" above
// a root, or a plain node between two joints): the joint's rest transform is B * L, with
// B the product of those nodes' transforms and L the node's own. A posed local transform
// P then goes back into the node as L' = inverse(B) * P (in double), so the file's world
// transform of the joint is what forward kinematics of the pose gives. Without folded
// nodes, L' = P.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/anim/skeleton.h"

namespace ik {

struct JointNodes {
  std::vector<int> node_of_joint;        // per joint: its node, -1 for an added tip
  std::vector<glm::dmat4> folded;        // per joint: B (identity when nothing is folded)
  std::vector<std::uint8_t> has_folded;  // per joint: B is not just "no nodes"
  std::vector<std::uint8_t> had_matrix;  // per joint: the node stores a `matrix`, not TRS
};

// Maps `skeleton` (imported from this file) onto `json`'s nodes. False with `problem` set
// (one line, without the file's name) when the nodes are malformed or do not match the
// skeleton's joint names.
bool map_joint_nodes(const nlohmann::ordered_json& json, const Skeleton& skeleton, JointNodes& out,
                     std::string& problem);

// The node's own transform that gives `joint` the local transform `posed` (see above).
// False if it cannot be written as translation, rotation and scale (a shear).
bool node_transform(const JointNodes& nodes, int joint, const Transform& posed, Transform& node_local);

// Gives every joint's node the local transform of `pose` (gltf_export.h says how: an
// unmoved joint's node is left as it was, a TRS node without folded nodes gets only what
// moved, the others TRS from node_transform). False with `problem` set on a mismatch or
// a transform that cannot be written.
bool pose_joint_nodes(nlohmann::ordered_json& json, const Skeleton& skeleton, const Pose& pose, std::string& problem);

// False with `problem` set unless `pose` has one transform per joint of `skeleton`, each
// finite with no zero scale and a non-zero rotation: what an export can write.
bool pose_fits(const Skeleton& skeleton, const Pose& pose, std::string& problem);

// "node 12": how messages name a node; "node 12 ('Hips')" when the node has a name.
std::string node_label(size_t node);
std::string node_label(size_t node, const std::string& name);

}  // namespace ik
