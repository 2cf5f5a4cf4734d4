// The CMU walk retargeted onto a rig, as tests bake and check it (the baked-motion export and
// its Blender check).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "io/gltf/gltf_motion_export.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/rig/retarget.h"

namespace retarget_test {

// The CMU walk (../shared/mocap/131_01.bvh) retargeted onto `rig` by roles, `frames` frames
// at `rate` from its start, as a motion to bake.
inline ik::BakedMotion baked_walk(const ik::ImportedRig& rig, float rate, int frames) {
  ik::ImportedRig walk;
  std::string error;
  EXPECT_TRUE(ik::import_bvh_file(std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_01.bvh", {}, walk, error)) << error;
  const ik::RetargetRig from{&walk.skeleton, &walk.roles}, onto{&rig.skeleton, &rig.roles};
  const ik::RetargetMap map = ik::map_by_roles(from, onto, {}, error);
  EXPECT_EQ(error, "");
  const ik::Clip clip = ik::retarget_clip(from, walk.clips.at(0), onto, map, "walk");
  ik::BakedMotion motion;
  motion.name = "walk IK";
  motion.rate = rate;
  motion.start = clip.start;
  for (int f = 0; f < frames; ++f) {
    ik::Pose pose = ik::rest_pose(rig.skeleton);
    ik::sample_clip(clip, ik::time_of_frame(f, motion.start, rate), pose);
    motion.frames.push_back(pose);
  }
  return motion;
}

}  // namespace retarget_test
