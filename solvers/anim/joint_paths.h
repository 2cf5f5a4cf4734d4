// The model-space paths of a few joints over a clip: each joint's position at every frame of
// a frame grid, by sampling the clip onto the rest pose and multiplying out only the joints
// above them (a foot needs its leg and the hips, not the fingers). What foot contacts and
// their cleanup read a clip through (contacts.h, foot_skate.h).
#pragma once

#include <cstddef>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"

namespace ik {

// Positions of `joints` at frames f = 0 .. frames - 1 (time_of_frame(f, start, rate),
// clip_playback.h), frame-major:
// out[f * joints.size() + i]. A joint outside the rig stays at the origin. `turns` (optional,
// the same layout): each joint's turn from rest, model space -- what carries a vector fixed
// to the joint from where the rest pose has it to where the frame has it (its rest up, the
// model's +Y in the rest pose: a foot's sole normal when the rig's rest stands flat, how
// level the foot stands; the toe of its sole: foot_skate.h). Identity outside the rig.
std::vector<glm::vec3> joint_paths(const Skeleton& skeleton, const Clip& clip, float start, float rate, int frames,
                                   const std::vector<int>& joints, std::vector<glm::quat>* turns = nullptr);

// Joint i's path alone out of joint_paths' output (or its turns) for `joint_count` joints:
// one per frame.
template <typename T>
std::vector<T> path_of_joint(const std::vector<T>& paths, std::size_t joint_count, std::size_t i) {
  std::vector<T> path;
  if (joint_count == 0) return path;
  path.reserve(paths.size() / joint_count);
  for (std::size_t at = i; at < paths.size(); at += joint_count) path.push_back(paths[at]);
  return path;
}

}  // namespace ik
