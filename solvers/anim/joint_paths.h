// The model-space paths of a few joints over a clip: each joint's position at every frame of
// a frame grid, by sampling the clip onto the rest pose and multiplying out only the joints
// above them (a foot needs its leg and the hips, not the fingers). What foot contacts and
// their cleanup read a clip through (contacts.h, foot_skate.h).
#pragma once

#include <cstddef>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"

namespace ik {

// Positions of `joints` at frames f = 0 .. frames - 1 (time_of_frame(f, start, rate),
// clip_playback.h), frame-major:
// out[f * joints.size() + i]. A joint outside the rig stays at the origin. `ups` (optional,
// the same layout): each joint's up at rest -- the model's +Y in the rest pose -- as the
// joint's orientation at the frame carries it (unit; a foot's sole normal when the rig's
// rest stands flat: how level the foot stands, foot_skate.h).
std::vector<glm::vec3> joint_paths(const Skeleton& skeleton, const Clip& clip, float start, float rate, int frames,
                                   const std::vector<int>& joints, std::vector<glm::vec3>* ups = nullptr);

// Joint i's path alone out of joint_paths' output for `joint_count` joints: one position per frame.
std::vector<glm::vec3> path_of_joint(const std::vector<glm::vec3>& paths, std::size_t joint_count, std::size_t i);

}  // namespace ik
