// Export of a baked motion — the IK-adjusted pose at every frame of a clip or a goal path —
// as a glTF clip: the source file itself with its animations replaced by one clip that
// keys every frame.
//
//   * The clip: one LINEAR sampler per keyed property, sharing one time accessor (frame f
//     at start + f / rate seconds; a negative start is moved to 0, glTF times are not
//     negative). A joint's translation, rotation or scale is keyed when it differs from the
//     node's rest value in some frame, so a joint the motion never moves stays unkeyed, as
//     an animator's export would be. Rotations are kept on one hemisphere from frame to
//     frame, so the interpolation between two keys takes the short way.
//   * Nodes are written as gltf_export.h writes a pose, with the first frame: a client that
//     does not play the clip shows where it starts.
//   * Every other animation of the source goes (they would fight the baked clip on the same
//     nodes, and a client that plays the first clip would play the old one): the file holds
//     the motion the user made.
//   * The keys go at the end of buffer 0 (a .glb's BIN chunk), or into a new buffer when
//     the source has none with bytes.
//
// Joints map onto nodes as in gltf_joint_nodes.h. Written atomically.
#pragma once

#include <string>
#include <vector>

#include "solvers/anim/pose.h"

namespace ik {

struct BakedMotion {
  std::string name;          // the clip's name in the file, not empty
  float start = 0.0f;        // the time of frames[0], seconds
  float rate = 30.0f;        // frames per second, 1 to 1000
  std::vector<Pose> frames;  // at least one, each a pose of the skeleton
};

// `skeleton` must be the one imported from `source_rig_path`. Refuses to write over the
// source. On failure returns false and sets `error` to one line naming the file: an output
// name not ending in .gltf/.glb, the source as output, a motion without a name or frames
// or with a rate out of range, a frame that is not a pose of the skeleton (which frame,
// which joint), an unreadable source, a skeleton that does not match the source's nodes,
// a write error.
bool export_motion_gltf(const std::string& source_rig_path, const Skeleton& skeleton, const BakedMotion& motion,
                        const std::string& out_path, std::string& error);

}  // namespace ik
