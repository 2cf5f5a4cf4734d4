// A real glTF client reads ikscope's export as ikscope meant it: Blender (headless)
// imports a posed export and finds every joint where ikscope's forward kinematics put it
// (tests/blender/check_posed_joints.py; glTF's y-up is Blender's z-up). CesiumMan carries
// a clip, which the export leaves out: if it did not, Blender would apply the clip's keys
// and the joints would be found at the clip's first frame instead.
//
// A baked motion's clip likewise: Blender plays it and finds the joints of the frame (a
// motion capture retargeted onto the humanoid too).
//
// Installs nothing: skipped when `blender` is not on the PATH (Debian's package
// `blender`; .ci/install-deps does not install it, it is large).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "io/gltf/gltf_export.h"
#include "io/gltf/gltf_motion_export.h"
#include "tests/support/gltf_test_util.h"
#include "tests/support/retarget_test_util.h"

namespace {

bool blender_present() { return std::system("command -v blender > /dev/null 2>&1") == 0; }

// A pose every joint of which is turned by a few tens of degrees, deterministically.
ik::Pose bent_pose(const ik::Skeleton& skeleton) {
  ik::Pose pose = ik::rest_pose(skeleton);
  for (size_t j = 1; j < pose.local.size(); ++j) {
    const float angle = 0.3f + 0.05f * static_cast<float>(j % 7);
    const glm::vec3 axis = glm::normalize(glm::vec3(1.0f + static_cast<float>(j % 3), 0.5f, static_cast<float>(j % 2)));
    pose.local[j].rotation = glm::normalize(glm::angleAxis(angle, axis) * pose.local[j].rotation);
  }
  return pose;
}

// Blender imports `out` (exported from `rig`) and, at `seconds` of its clip when given
// (else as imported), finds each named joint where `pose` puts it.
void expect_blender_finds(const ik::ImportedRig& rig, const ik::Pose& pose, const std::string& out,
                          const std::string& name, const std::string& seconds = "") {
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/blender";
  // Where ikscope puts each named joint (names Blender would have to make unique are left out).
  std::vector<glm::mat4> world;
  ik::fk_all(rig.skeleton, pose, world);
  std::set<std::string> seen, repeated;
  for (const std::string& n : rig.skeleton.name)
    if (!seen.insert(n).second) repeated.insert(n);
  nlohmann::json expected = nlohmann::json::object();
  for (int j = 0; j < rig.skeleton.joint_count(); ++j) {
    const std::string& joint = rig.skeleton.name[static_cast<size_t>(j)];
    if (rig.skeleton.source_node[static_cast<size_t>(j)] < 0 || repeated.count(joint) || joint.size() > 63) continue;
    const glm::vec3 p = ik::position_of(world[static_cast<size_t>(j)]);
    expected[joint] = {p.x, p.y, p.z};
  }
  ASSERT_GT(expected.size(), 1u);
  const std::string expected_path = folder + "/" + name + ".expected.json";
  std::ofstream(expected_path) << expected.dump();

  const float tolerance = 1e-4f * glm::length(rig.bounds_max - rig.bounds_min);
  const std::string command = "blender -b --factory-startup --python-exit-code 1 --python '" +
                              std::string(IKSCOPE_SOURCE_DIR) + "/tests/blender/check_posed_joints.py' -- '" + out +
                              "' '" + expected_path + "' " + std::to_string(tolerance) + " " + seconds + " > '" + folder + "/" + name +
                              ".log' 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log(folder + "/" + name + ".log");
  std::string line, summary;
  while (std::getline(log, line))
    if (line.rfind("check_posed_joints:", 0) == 0) summary = line;
  std::printf("%s\n", summary.c_str());
  EXPECT_EQ(status, 0) << "Blender disagrees (log: " << folder << "/" << name << ".log): " << summary;
}


void expect_blender_finds_the_pose(const std::string& source, const std::string& name) {
  SCOPED_TRACE(name);
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(source, rig, error)) << error;
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/blender";
  std::filesystem::create_directories(folder);
  const std::string out = folder + "/" + name + ".gltf";
  const ik::Pose pose = bent_pose(rig.skeleton);
  ASSERT_TRUE(ik::export_posed_gltf(source, rig.skeleton, pose, out, error)) << error;
  expect_blender_finds(rig, pose, out, name);
}

TEST(BlenderExport, HumanoidPoseAsIkscopePutIt) {
  if (!blender_present()) GTEST_SKIP() << "blender is not installed";
  expect_blender_finds_the_pose(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", "humanoid");
}

TEST(BlenderExport, CesiumManPoseNotItsClip) {
  if (!blender_present()) GTEST_SKIP() << "blender is not installed";
  expect_blender_finds_the_pose(gltf_test::sample_path("CesiumMan/glTF/CesiumMan.gltf"), "CesiumMan");
}

// A baked motion (io/gltf/gltf_motion_export.h): Blender plays the one clip the export holds
// and, at a time between the first and the last frame, finds the joints where that
// frame of the motion put them.
TEST(BlenderExport, CesiumManBakedMotionAtAFrame) {
  if (!blender_present()) GTEST_SKIP() << "blender is not installed";
  const std::string source = gltf_test::sample_path("CesiumMan/glTF/CesiumMan.gltf");
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(source, rig, error)) << error;
  ik::BakedMotion motion;
  motion.name = "baked";
  motion.rate = 24.0f;  // Blender's default scene rate: frame f is exactly a scene frame
  for (int f = 0; f < 12; ++f) {
    ik::Pose pose = bent_pose(rig.skeleton);
    for (size_t j = 1; j < pose.local.size(); ++j)
      pose.local[j].rotation =
          glm::normalize(glm::angleAxis(0.04f * static_cast<float>(f), glm::vec3(0, 0, 1)) * pose.local[j].rotation);
    motion.frames.push_back(pose);
  }
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/blender";
  std::filesystem::create_directories(folder);
  const std::string out = folder + "/CesiumMan_motion.gltf";
  ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
  const int frame = 7;
  expect_blender_finds(rig, motion.frames[frame], out, "CesiumMan_motion",
                       std::to_string(static_cast<float>(frame) / motion.rate));
}

// Motion capture onto the humanoid, baked (the CMU walk retargeted by roles, at Blender's 24
// frames per second): Blender plays it and finds the joints of a frame, the hips carried along
// the walk's path.
TEST(BlenderExport, RetargetedWalkBakedOntoTheHumanoidAtAFrame) {
  if (!blender_present()) GTEST_SKIP() << "blender is not installed";
  const std::string source = std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(source, rig, error)) << error;
  const ik::BakedMotion motion = retarget_test::baked_walk(rig, 24.0f, 48);
  const std::string folder = std::string(IKSCOPE_TEST_TMP) + "/blender";
  std::filesystem::create_directories(folder);
  const std::string out = folder + "/humanoid_walk.glb";
  ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
  const int frame = 31;
  expect_blender_finds(rig, motion.frames[frame], out, "humanoid_walk",
                       std::to_string(static_cast<float>(frame) / motion.rate));
}

}  // namespace
