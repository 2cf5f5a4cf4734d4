// Joint paths over a clip (joint_paths.h).
#include "solvers/anim/joint_paths.h"

#include <algorithm>

#include "solvers/anim/clip_playback.h"
#include "solvers/anim/pose.h"

namespace ik {

std::vector<glm::vec3> joint_paths(const Skeleton& skeleton, const Clip& clip, float start, float rate, int frames,
                                   const std::vector<int>& joints, std::vector<glm::quat>* turns) {
  const size_t count = static_cast<size_t>(skeleton.joint_count());
  auto valid = [&](int j) { return j >= 0 && j < skeleton.joint_count(); };
  std::vector<char> needed(count, 0);
  for (int joint : joints)
    for (int j = valid(joint) ? joint : -1; j >= 0 && !needed[static_cast<size_t>(j)];
         j = skeleton.parent[static_cast<size_t>(j)])
      needed[static_cast<size_t>(j)] = 1;
  Clip above;  // the clip's channels and frames of the needed joints only
  for (const ClipChannel& channel : clip.channels)
    if (needed[static_cast<size_t>(channel.joint)]) above.channels.push_back(channel);
  for (const JointFrame& frame : clip.frames)
    if (needed[static_cast<size_t>(frame.joint)]) above.frames.push_back(frame);
  std::vector<int> order;  // the needed joints, parents first (depth-first order)
  for (size_t j = 0; j < count; ++j)
    if (needed[j]) order.push_back(static_cast<int>(j));

  std::vector<glm::vec3> out(static_cast<size_t>(std::max(frames, 0)) * joints.size(), glm::vec3(0.0f));
  const Pose rest = rest_pose(skeleton);
  Pose pose = rest;
  std::vector<glm::mat4> world(count, glm::mat4(1.0f));
  // Each joint's model-space frame at rest, inverted: the turn from rest is the frame's
  // linear part times it (scale cancels: the clip keeps a joint's rest scale).
  std::vector<glm::mat3> from_rest;
  if (turns != nullptr) {
    from_rest.assign(joints.size(), glm::mat3(1.0f));
    turns->assign(out.size(), glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    std::vector<glm::mat4> rest_world(count, glm::mat4(1.0f));
    fk_all(skeleton, rest, rest_world);
    for (size_t i = 0; i < joints.size(); ++i)
      if (valid(joints[i])) from_rest[i] = glm::inverse(glm::mat3(rest_world[static_cast<size_t>(joints[i])]));
  }
  for (int f = 0; f < frames; ++f) {
    for (int j : order) pose.local[static_cast<size_t>(j)] = rest.local[static_cast<size_t>(j)];
    sample_clip(above, time_of_frame(f, start, rate), pose);
    for (int j : order) {
      const glm::mat4 local = to_matrix(pose.local[static_cast<size_t>(j)]);
      const int parent = skeleton.parent[static_cast<size_t>(j)];
      world[static_cast<size_t>(j)] = parent < 0 ? local : world[static_cast<size_t>(parent)] * local;
    }
    for (size_t i = 0; i < joints.size(); ++i) {
      if (!valid(joints[i])) continue;
      const glm::mat4& w = world[static_cast<size_t>(joints[i])];
      out[static_cast<size_t>(f) * joints.size() + i] = position_of(w);
      if (turns == nullptr) continue;
      glm::mat3 turn = glm::mat3(w) * from_rest[i];
      for (int axis = 0; axis < 3; ++axis) turn[axis] = glm::normalize(turn[axis]);  // rounding's scale out
      (*turns)[static_cast<size_t>(f) * joints.size() + i] = glm::normalize(glm::quat_cast(turn));
    }
  }
  return out;
}

}  // namespace ik
