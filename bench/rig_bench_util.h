// What the benchmarks on whole rigs share: a rig read from a glTF file, and a clip for a rig
// that has none (synthetic_clip): every joint's rotation
// keyed (a sway about an axis that differs per joint, one cycle per second) and the hips'
// translation (a bob and a walk forward), `keys` keys at 30 fps, linear (added tips too).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "io/gltf/gltf_import.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/skeleton.h"

namespace ikbench {

// The rig at `path`; an empty one, with the importer's message on stderr, when it fails.
inline ik::ImportedRig load_rig(const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  if (!ik::import_gltf_file(path, rig, error)) std::fprintf(stderr, "%s\n", error.c_str());
  return rig;
}

// `sway`: the largest turn of a joint, radians; `bob`: the hips' rise and fall, scene units;
// `walk`: the hips' speed, scene units per second.
inline ik::Clip synthetic_clip(const ik::Skeleton& s, int hips, int keys, float sway, float bob, glm::vec3 walk) {
  ik::Clip clip;
  clip.name = "synthetic";
  for (int j = 0; j < s.joint_count(); ++j) {
    ik::ClipChannel rotation;
    rotation.joint = j;
    rotation.property = ik::ClipProperty::rotation;
    const glm::vec3 axis = glm::normalize(glm::vec3(std::sin(1.7f * j), std::cos(0.9f * j), 0.5f));
    for (int k = 0; k < keys; ++k) {
      const float t = static_cast<float>(k) / 30.0f;
      rotation.times.push_back(t);
      const glm::quat q = s.rest[static_cast<size_t>(j)].rotation *
                          glm::angleAxis(sway * std::sin(6.2831853f * t + static_cast<float>(j)), axis);
      rotation.values.emplace_back(q.x, q.y, q.z, q.w);
    }
    clip.channels.push_back(std::move(rotation));
  }
  ik::ClipChannel hips_channel;
  hips_channel.joint = hips;
  hips_channel.property = ik::ClipProperty::translation;
  for (int k = 0; k < keys; ++k) {
    const float t = static_cast<float>(k) / 30.0f;
    hips_channel.times.push_back(t);
    const glm::vec3 p = s.rest[static_cast<size_t>(hips)].translation + glm::vec3(0.0f, bob * std::sin(12.566f * t), 0.0f) +
                        walk * t;
    hips_channel.values.emplace_back(p, 0.0f);
  }
  clip.channels.push_back(std::move(hips_channel));
  ik::set_time_range(clip);
  return clip;
}

}  // namespace ikbench
