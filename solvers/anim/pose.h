// Pose and forward kinematics.
//
// A Pose holds one local transform per joint (parent space), in the skeleton's DFS
// order. Forward kinematics is one forward loop: a parent always comes before its
// children, so its world transform is ready when a child needs it.
#pragma once

#include <vector>

#include "solvers/anim/skeleton.h"

namespace ik {

struct Pose {
  std::vector<Transform> local;
};

// The skeleton's rest pose.
Pose rest_pose(const Skeleton& skeleton);

// Fills world[i] = world[parent[i]] * to_matrix(pose.local[i]) (model space) for
// joints in [from, to). `world` must already have one entry per joint, and every parent
// of a joint in the range that lies before `from` must already be up to date there.
// to = -1 means "to the last joint".
void fk(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& world, int from = 0,
        int to = -1);

// Convenience: resizes `world` and runs fk over every joint.
void fk_all(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& world);

// Moves `joint` by `offset` in model space: its local translation changes by the offset
// turned into its parent's space (the rotations and scales of its ancestors in `pose`).
void translate_in_model_space(const Skeleton& skeleton, Pose& pose, int joint, const glm::vec3& offset);

// Model-space position of a joint from a world matrix.
inline glm::vec3 position_of(const glm::mat4& world) { return glm::vec3(world[3]); }

}  // namespace ik
