// From a loaded glTF model to a RawSkeleton.
//
// tinygltf hands over the node hierarchy as the file states it, unchecked: child
// indices out of range, a node listed as the child of two parents, cycles, zero or
// overflowing scales all pass. Everything here is checked before any of it is used.
//
// Joints: the union of every skin's joints (or every node when the file has no skin).
// A joint's parent is its nearest ancestor node that is also a joint; the transforms of
// the non-joint nodes in between (or above a root joint: "Armature", "Z_UP") are
// multiplied into the joint's rest transform, so forward kinematics of the skeleton
// reproduces the glTF world transforms. Joints are listed in depth-first order of the
// node hierarchy, children in the file's order.
#pragma once

#include <tiny_gltf.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"

namespace ik {

// `doc` is the same document as parsed JSON; node extras (joint limits, see
// ikscope_extras.h) are read from it because tinygltf truncates integers in extras.
// On failure returns false and sets `problem` (no path), e.g. "node 3 has two parents
// (nodes 1 and 2)". Non-fatal problems (malformed limits, dropped shear) go to `warnings`.
bool raw_skeleton_from_model(const tinygltf::Model& model, const nlohmann::json& doc,
                             RawSkeleton& raw, std::vector<std::string>& warnings,
                             std::string& problem);

// The JointFrames (solvers/anim/clip.h) of the skeleton's joints whose glTF nodes hang below
// non-joint nodes: those nodes' transforms multiplied in order, and the node's own rest
// TRS. Joints directly below another joint (or at the top) need none and get none.
// `skeleton` was built from the same model by raw_skeleton_from_model and build_skeleton.
std::vector<JointFrame> joint_frames_from_model(const tinygltf::Model& model, const Skeleton& skeleton);

}  // namespace ik
