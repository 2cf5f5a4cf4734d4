// ikscope's BVH import against Blender's (tests/blender/bvh_joint_positions.py): every joint
// of the CMU clips (../shared/mocap) at several frames, within 1e-4 of the skeleton's size,
// in the file's own units and axes. Skipped when `blender` is not on the PATH (Debian's
// package `blender`; .ci/install-deps does not install it, it is large).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "io/bvh/bvh_import.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/pose.h"

namespace {

bool blender_on_path() { return std::system("command -v blender > /dev/null 2>&1") == 0; }

void expect_blender_agrees(const std::string& path, const std::vector<int>& frames) {
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/blender_bvh";
  std::filesystem::create_directories(folder);
  const std::string file = std::filesystem::path(path).filename().string();
  const std::string out = folder + "/" + file + ".json", log = folder + "/" + file + ".log";
  std::string command = "blender -b --factory-startup --python-exit-code 1 --python '" +
                        std::string(IKSCOPE_SOURCE_DIR) + "/tests/blender/bvh_joint_positions.py' -- '" + path + "' '" +
                        out + "'";
  for (int f : frames) command += " " + std::to_string(f);
  ASSERT_EQ(std::system((command + " > '" + log + "' 2>&1").c_str()), 0) << "Blender failed; log: " << log;
  nlohmann::json blender;
  std::ifstream(out) >> blender;

  // In the file's own units: one unit per metre.
  ik::BvhOptions file_units;
  file_units.metres_per_unit = 1.0f;
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_bvh_file(path, file_units, rig, error)) << error;
  const float size = glm::length(rig.bounds_max - rig.bounds_min);
  const float step = rig.clips[0].channels[0].times[1];
  int compared = 0;
  float worst = 0.0f;
  for (int f : frames) {
    ik::Pose pose = ik::rest_pose(rig.skeleton);
    ik::sample_clip(rig.clips[0], static_cast<float>(f) * step, pose);
    std::vector<glm::mat4> world;
    ik::fk_all(rig.skeleton, pose, world);
    for (auto& [name, p] : blender[std::to_string(f)].items()) {
      const int j = ik::find_joint(rig.skeleton, name);
      ASSERT_GE(j, 0) << "Blender has a joint ikscope does not: " << name;
      const glm::vec3 ours = ik::position_of(world[static_cast<size_t>(j)]);
      const glm::vec3 theirs(p[0].get<float>(), p[1].get<float>(), p[2].get<float>());
      const float miss = glm::length(ours - theirs);
      worst = std::max(worst, miss);
      EXPECT_LE(miss, 1e-4f * size) << file << " frame " << f << " joint " << name;
      ++compared;
    }
  }
  std::printf("%s: %d joint positions compared with Blender's, farthest %.3g (1e-4 of the size: %.3g)\n", file.c_str(),
              compared, static_cast<double>(worst), static_cast<double>(1e-4f * size));
  EXPECT_GE(compared, 2 * static_cast<int>(frames.size()));
}

}  // namespace

TEST(BvhBlender, CmuClipsMatchBlendersImport) {
  if (!blender_on_path()) GTEST_SKIP() << "blender is not installed";
  const std::string mocap = std::string(IKSCOPE_SHARED_DIR) + "/mocap/";
  expect_blender_agrees(mocap + "131_01.bvh", {0, 1, 250, 600, 993});
  expect_blender_agrees(mocap + "131_03.bvh", {0, 400, 1101});
}

// Every rotation order and position channels on a child (the fuzz seed written for them).
TEST(BvhBlender, EveryRotationOrderMatchesBlendersImport) {
  if (!blender_on_path()) GTEST_SKIP() << "blender is not installed";
  expect_blender_agrees(std::string(IKSCOPE_SOURCE_DIR) + "/tests/fuzz/bvh_seeds/every_rotation_order.bvh", {0, 1});
}
