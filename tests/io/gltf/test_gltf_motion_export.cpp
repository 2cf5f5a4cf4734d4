// The baked-motion export (io/gltf/gltf_motion_export.h): a motion written as a glTF clip is
// reopened by the importer as one clip that puts every joint where the motion had it, at
// every frame (a capture retargeted onto the humanoid too); unmoved joints stay unkeyed;
// rotations keep one hemisphere; bad motions and names give one line naming the file. The exports are left in
// tmp/gltf_motion_export/ for the glTF validator (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <glm/gtc/quaternion.hpp>
#include <nlohmann/json.hpp>

#include "io/gltf/gltf_import.h"
#include "io/gltf/gltf_motion_export.h"
#include "solvers/anim/clip_playback.h"
#include "tests/support/gltf_test_util.h"
#include "tests/support/retarget_test_util.h"

namespace {

using gltf_test::sample_path;
using gltf_test::tmp_path;

std::string export_folder() { return std::string(IKSCOPE_TEST_TMP) + "/gltf_motion_export"; }

// The folder starts empty, so the validator sees only this run's files.
class CleanFolder : public ::testing::Environment {
 public:
  void SetUp() override {
    std::filesystem::remove_all(export_folder());
    std::filesystem::create_directories(export_folder());
  }
};
const auto* const kCleanFolder = ::testing::AddGlobalTestEnvironment(new CleanFolder);

std::string export_path(const std::string& name) { return export_folder() + "/" + name; }

ik::ImportedRig import_rig(const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  return rig;
}

// The rig's first clip sampled at its rate, with every joint below the root turned a
// little more each frame about a fixed axis: a motion no clip of the file has.
ik::BakedMotion adjusted_motion(const ik::ImportedRig& rig, int frame_count) {
  ik::BakedMotion motion;
  motion.name = "adjusted";
  const ik::Clip* clip = rig.clips.empty() ? nullptr : &rig.clips.front();
  motion.rate = clip ? ik::clip_frame_rate(*clip) : 30.0f;
  motion.start = clip ? clip->start : 0.0f;
  for (int f = 0; f < frame_count; ++f) {
    ik::Pose pose = ik::rest_pose(rig.skeleton);
    if (clip) ik::sample_clip(*clip, ik::time_of_frame(f, motion.start, motion.rate), pose);
    for (size_t j = 1; j < pose.local.size(); ++j) {
      const float angle = 0.02f * static_cast<float>(f) * static_cast<float>(1 + j % 3);
      pose.local[j].rotation =
          glm::normalize(glm::angleAxis(angle, glm::normalize(glm::vec3(1, 0.3f, 0.2f))) * pose.local[j].rotation);
    }
    motion.frames.push_back(pose);
  }
  return motion;
}

float rig_size(const ik::ImportedRig& rig) { return glm::length(rig.bounds_max - rig.bounds_min); }

// Reopens `out` and checks its one clip against `motion` at every frame's time.
void expect_reopened_clip_is_the_motion(const ik::ImportedRig& rig, const ik::BakedMotion& motion,
                                        const std::string& out) {
  SCOPED_TRACE(out);
  const ik::ImportedRig reopened = import_rig(out);
  ASSERT_EQ(reopened.skeleton.joint_count(), rig.skeleton.joint_count());
  ASSERT_EQ(reopened.clips.size(), 1u) << "the source's clips are replaced by the baked one";
  const ik::Clip& clip = reopened.clips.front();
  EXPECT_EQ(clip.name, motion.name);
  EXPECT_NEAR(ik::clip_frame_rate(clip), motion.rate, 1e-3f * motion.rate);
  const float tolerance = 1e-4f * rig_size(rig);
  for (size_t f = 0; f < motion.frames.size(); ++f) {
    ik::Pose sampled = ik::rest_pose(reopened.skeleton);
    ik::sample_clip(clip, ik::time_of_frame(static_cast<int>(f), std::max(motion.start, 0.0f), motion.rate), sampled);
    std::vector<glm::mat4> expected, got;
    ik::fk_all(rig.skeleton, motion.frames[f], expected);
    ik::fk_all(reopened.skeleton, sampled, got);
    for (size_t j = 0; j < expected.size(); ++j) {
      // Added tips are the importer's, not the file's: placed from the file's rest, which
      // is the export's first frame, they need not sit where the motion put them.
      if (rig.skeleton.is_added_tip[j]) continue;
      ASSERT_LE(glm::length(glm::vec3(expected[j][3]) - glm::vec3(got[j][3])), tolerance)
          << "frame " << f << " joint " << j << " '" << rig.skeleton.name[j] << "'";
    }
  }
  // Without playing the clip, the file shows the first frame.
  std::vector<glm::mat4> first, still;
  ik::fk_all(rig.skeleton, motion.frames.front(), first);
  ik::fk_all(reopened.skeleton, ik::rest_pose(reopened.skeleton), still);
  for (size_t j = 0; j < first.size(); ++j) {
    if (rig.skeleton.is_added_tip[j]) continue;
    EXPECT_LE(glm::length(glm::vec3(first[j][3]) - glm::vec3(still[j][3])), tolerance) << "joint " << j;
  }
}

TEST(GltfMotionExport, TheSamplesClipsAdjustedComeBackAsOneClipFrameByFrame) {
  for (const char* sample : {"CesiumMan/glTF-Binary/CesiumMan.glb", "RiggedSimple/glTF-Embedded/RiggedSimple.gltf",
                             "RiggedFigure/glTF/RiggedFigure.gltf"}) {
    SCOPED_TRACE(sample);
    const std::string source = sample_path(sample);
    const ik::ImportedRig rig = import_rig(source);
    ASSERT_FALSE(rig.clips.empty());
    const ik::BakedMotion motion = adjusted_motion(rig, 24);
    std::string stem = std::filesystem::path(sample).stem().string();
    for (const char* extension : {".gltf", ".glb"}) {
      const std::string out = export_path(stem + "_motion" + extension);
      std::string error;
      ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
      expect_reopened_clip_is_the_motion(rig, motion, out);
    }
  }
}

TEST(GltfMotionExport, TheBuiltInRigsWithoutClipsGetOne) {
  for (const char* asset : {"humanoid.gltf", "mixamo_rig.gltf"}) {
    const std::string source = std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + asset;
    const ik::ImportedRig rig = import_rig(source);
    const ik::BakedMotion motion = adjusted_motion(rig, 10);
    const std::string out = export_path(std::filesystem::path(asset).stem().string() + "_motion.gltf");
    std::string error;
    ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
    expect_reopened_clip_is_the_motion(rig, motion, out);
  }
}

// Motion capture onto the humanoid, baked: the CMU walk retargeted by roles (two seconds of
// it at the capture's 120 frames per second, root motion included) comes back as one clip
// frame by frame, and the validator reads the file.
TEST(GltfMotionExport, ARetargetedCaptureBakesOntoTheHumanoid) {
  const std::string source = std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf";
  const ik::ImportedRig rig = import_rig(source);
  const ik::BakedMotion motion = retarget_test::baked_walk(rig, 120.0f, 240);
  const std::string out = export_path("humanoid_retargeted_walk.glb");
  std::string error;
  ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
  expect_reopened_clip_is_the_motion(rig, motion, out);
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST(GltfMotionExport, OnlyWhatMovesIsKeyedAndRotationsKeepOneHemisphere) {
  const std::string source = std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf";
  const ik::ImportedRig rig = import_rig(source);
  const int moved = 5;
  ik::BakedMotion motion;
  motion.name = "one joint";
  for (int f = 0; f < 8; ++f) {
    ik::Pose pose = ik::rest_pose(rig.skeleton);
    glm::quat q = glm::angleAxis(0.1f * static_cast<float>(f), glm::vec3(0, 0, 1)) * pose.local[moved].rotation;
    if (f % 2 == 1) q = -q;  // the same rotation, the other sign
    pose.local[moved].rotation = q;
    motion.frames.push_back(pose);
  }
  const std::string out = export_path("humanoid_one_joint_motion.gltf");
  std::string error;
  ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
  const nlohmann::json json = read_json(out);
  ASSERT_EQ(json["animations"].size(), 1u);
  const nlohmann::json& channels = json["animations"][0]["channels"];
  ASSERT_EQ(channels.size(), 1u) << channels.dump();
  EXPECT_EQ(channels[0]["target"]["node"], rig.skeleton.source_node[moved]);
  EXPECT_EQ(channels[0]["target"]["path"], "rotation");
  expect_reopened_clip_is_the_motion(rig, motion, out);
  // Consecutive keys as read back: never on opposite hemispheres.
  const ik::ImportedRig reopened = import_rig(out);
  const ik::ClipChannel& channel = reopened.clips.front().channels.front();
  for (size_t k = 1; k < channel.values.size(); ++k)
    EXPECT_GT(glm::dot(channel.values[k], channel.values[k - 1]), 0.0f) << "key " << k;
}

TEST(GltfMotionExport, AStillMotionIsStillAClip) {
  const std::string source = std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf";
  const ik::ImportedRig rig = import_rig(source);
  ik::BakedMotion motion;
  motion.name = "still";
  motion.frames.assign(3, ik::rest_pose(rig.skeleton));
  const std::string out = export_path("humanoid_still_motion.glb");
  std::string error;
  ASSERT_TRUE(ik::export_motion_gltf(source, rig.skeleton, motion, out, error)) << error;
  const ik::ImportedRig reopened = import_rig(out);
  ASSERT_EQ(reopened.clips.size(), 1u);
  EXPECT_EQ(reopened.clips.front().channels.size(), 1u);
}

TEST(GltfMotionExport, BadMotionsAndNamesGiveOneLineNamingTheFile) {
  const std::string source = std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf";
  const ik::ImportedRig rig = import_rig(source);
  const ik::BakedMotion good = adjusted_motion(rig, 4);
  const std::string out = tmp_path("bad_motion.gltf");
  struct Case {
    const char* what;
    ik::BakedMotion motion;
    std::string out;
    const char* says;
  };
  std::vector<Case> cases;
  const auto add = [&](const char* what, const std::string& to, const char* says) {
    cases.push_back(Case{what, good, to, says});
  };
  add("no name", out, "needs a name");
  cases.back().motion.name.clear();
  add("no frames", out, "no frames");
  cases.back().motion.frames.clear();
  add("rate 0", out, "frame rate");
  cases.back().motion.rate = 0.0f;
  add("NaN in frame 2", out, "frame 2: joint 3");
  cases.back().motion.frames[2].local[3].translation.y = std::nanf("");
  add("a frame of another rig", out, "frame 1: the pose has");
  cases.back().motion.frames[1].local.pop_back();
  add("not glTF", tmp_path("motion.txt"), "must end in .gltf or .glb");
  add("the source itself", source, "is the source file");
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    std::filesystem::remove(c.out == source ? out : c.out);
    std::string error;
    EXPECT_FALSE(ik::export_motion_gltf(source, rig.skeleton, c.motion, c.out, error));
    EXPECT_EQ(error.rfind(c.out + ": ", 0), 0u) << error;
    EXPECT_NE(error.find(c.says), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    if (c.out != source) {
      EXPECT_FALSE(std::filesystem::exists(c.out)) << "nothing written on failure";
    }
  }
}

}  // namespace
