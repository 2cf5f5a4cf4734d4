// Rigs written as a pose: each joint placed at a model-space position, then given
// bone-aligned frames (make_frames). The humanoid and the Mixamo-like character are made
// this way, because that is how one thinks of a pose; the local rest transforms the file
// needs follow from the positions.
#pragma once

#include <string>
#include <vector>

#include "assets/generator/rig.h"

namespace rigs {

// A joint as the pose describes it: a model-space position, before frames exist.
struct PlacedJoint {
  std::string name;
  int parent = -1;
  glm::vec3 position{0.0f};  // model space, in the rig's joint unit
  float radius = 0.02f;      // preview mesh half-width, metres
  RigLimits limits;          // ball limits (or none); hinges are set by full_flexion_deg
  // > 0 for a hinge (elbow, knee): the most the joint can bend, degrees from straight.
  float full_flexion_deg = 0.0f;
};

// Appends a joint and returns its index.
int place(std::vector<PlacedJoint>& joints, const std::string& name, int parent, const glm::vec3& position,
          float radius, const RigLimits& limits = RigLimits{}, float full_flexion_deg = 0.0f);

// Turns placed joints into a Rig with bone-aligned frames. The model-space frame of a
// joint has
//   +Y along its bone, towards its first child (a leaf keeps its parent's frame);
//   +X for a hinge: the flexion axis  normalize(bone_in x bone_out), so that a positive
//      angle about local +X bends the joint further (the out bone turns away from the
//      in bone); otherwise model +X (the character's left) made perpendicular to +Y, or
//      model +Y for a bone that itself runs sideways (clavicles, arms in a T-pose);
//   +Z = X x Y.
// The local rest transform is then  rotation = parent_rotation^-1 * rotation  and
// translation = parent_rotation^-1 * (position - parent_position)  (no scale anywhere).
// A hinge gets limits from its rest bend: from 5 degrees short of straight to
// full_flexion_deg. Throws std::runtime_error for a hinge that is straight at rest.
Rig make_frames(const std::string& name, const std::vector<PlacedJoint>& placed);

}  // namespace rigs
