// Export of the posed skeleton (io/gltf/gltf_export.h): export -> import gives the
// posed world joint positions, everything but the joints' transforms is kept, and bad
// requests are refused without writing.
//
// The exports of the round-trip cases are left in IKSCOPE_TEST_TMP/gltf_export/ for the
// ctest entry gltf_export_validator (Khronos' validator, 0 errors), which requires this
// test as its fixture.
//
// Index:
//   helpers       export_dir, scratch_dir, CleanFolders, import_or_die, random_pose, posed_world_by_node,
//                 read_document, image_bytes
//   round trips   RoundTrip over ten rigs and samples: the posed world positions come back, and everything
//                 but the joints' transforms is kept
//   single nodes  the rest pose keeps every node, a turned TRS joint keeps the file's translation and scale,
//                 a matrix joint below folded nodes gets TRS
//   Refusals      the source file itself, another extension, a missing folder, a skeleton from another file,
//                 a pose that does not fit; a failed export keeps the old file
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <random>

#include "io/gltf/base64.h"
#include "io/gltf/gltf_document.h"
#include "io/gltf/gltf_export.h"
#include "tests/support/gltf_test_util.h"

namespace {

namespace fs = std::filesystem;
using OrderedJson = nlohmann::ordered_json;

std::string export_dir() { return std::string(IKSCOPE_TEST_TMP) + "/gltf_export"; }
std::string scratch_dir() { return std::string(IKSCOPE_TEST_TMP) + "/gltf_export_scratch"; }

// Both folders start empty, so the validator sees only this run's files.
class CleanFolders : public ::testing::Environment {
 public:
  void SetUp() override {
    for (const std::string& dir : {export_dir(), scratch_dir()}) {
      fs::remove_all(dir);
      fs::create_directories(dir);
    }
  }
};
const auto* const kCleanFolders = ::testing::AddGlobalTestEnvironment(new CleanFolders);

std::string asset(const std::string& name) {
  return std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + name;
}

ik::ImportedRig import_or_die(const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  return rig;
}

// A uniformly random unit quaternion: four normal deviates, normalised.
glm::quat random_export_rotation(std::mt19937& rng) {
  std::normal_distribution<float> normal(0.0f, 1.0f);
  return glm::normalize(glm::quat{normal(rng), normal(rng), normal(rng), normal(rng)});
}

// Every joint turned at random; every third also moved (by up to a tenth of the model's
// size) and every fifth uniformly scaled, so translations and scales are exported too.
ik::Pose random_export_pose(const ik::ImportedRig& rig, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> offset(-1.0f, 1.0f), factor(0.6f, 1.4f);
  const float size = glm::length(rig.bounds_max - rig.bounds_min);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  for (size_t j = 0; j < pose.local.size(); ++j) {
    pose.local[j].rotation = random_export_rotation(rng);
    if (j % 3 == 1) pose.local[j].translation += 0.1f * size * glm::vec3{offset(rng), offset(rng), offset(rng)};
    if (j % 5 == 2) pose.local[j].scale *= factor(rng);
  }
  return pose;
}

// Model-space position of every joint made from a node, by node index.
std::map<int, glm::vec3> posed_world_by_node(const ik::Skeleton& skeleton, const ik::Pose& pose) {
  std::vector<glm::mat4> world;
  ik::fk_all(skeleton, pose, world);
  std::map<int, glm::vec3> positions;
  for (int i = 0; i < skeleton.joint_count(); ++i)
    if (skeleton.source_node[static_cast<size_t>(i)] >= 0)
      positions[skeleton.source_node[static_cast<size_t>(i)]] =
          ik::position_of(world[static_cast<size_t>(i)]);
  return positions;
}

ik::GltfDocument read_gltf_document(const std::string& path) {
  ik::GltfDocument doc;
  std::string error;
  EXPECT_TRUE(ik::read_gltf_document(path, doc, error)) << error;
  return doc;
}

// The bytes of image i: from the file beside it (source) or its data URI (export).
std::string image_bytes(const ik::GltfDocument& doc, size_t i) {
  if (doc.images[i]) return doc.images[i]->bytes;
  const std::string uri = doc.json["images"][i].value("uri", "");
  const size_t comma = uri.find(";base64,");
  std::string bytes;
  if (comma != std::string::npos) {
    EXPECT_TRUE(ik::base64_decode(uri.substr(comma + 8), bytes));
  }
  return bytes;
}

struct Case {
  const char* label;   // test name
  std::string source;  // rig to pose
  const char* output;  // file name in export_dir(); its extension picks .gltf or .glb
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.label; }

std::vector<Case> cases() {
  using gltf_test::sample_path;
  return {
      {"humanoid", asset("humanoid.gltf"), "humanoid_posed.gltf"},
      {"tentacle", asset("tentacle.gltf"), "tentacle_posed.glb"},
      {"arm7", asset("arm7.gltf"), "arm7_posed.gltf"},
      {"RiggedSimple_glb", sample_path("RiggedSimple/glTF-Binary/RiggedSimple.glb"),
       "RiggedSimple_from_glb.glb"},
      {"RiggedSimple_gltf", sample_path("RiggedSimple/glTF/RiggedSimple.gltf"),
       "RiggedSimple_from_gltf.gltf"},
      {"RiggedSimple_embedded", sample_path("RiggedSimple/glTF-Embedded/RiggedSimple.gltf"),
       "RiggedSimple_from_embedded.glb"},
      {"RiggedFigure_glb", sample_path("RiggedFigure/glTF-Binary/RiggedFigure.glb"),
       "RiggedFigure_from_glb.gltf"},
      {"RiggedFigure_gltf", sample_path("RiggedFigure/glTF/RiggedFigure.gltf"),
       "RiggedFigure_from_gltf.glb"},
      {"CesiumMan_glb", sample_path("CesiumMan/glTF-Binary/CesiumMan.glb"),
       "CesiumMan_from_glb.glb"},
      {"CesiumMan_gltf", sample_path("CesiumMan/glTF/CesiumMan.gltf"), "CesiumMan_from_gltf.gltf"},
  };
}

class RoundTrip : public ::testing::TestWithParam<Case> {};

// export -> import: the same joints, at the posed world positions within 1e-5 of the
// model's size.
TEST_P(RoundTrip, ImportOfExportHasThePosedWorldPositions) {
  const Case& c = GetParam();
  const ik::ImportedRig rig = import_or_die(c.source);
  ASSERT_GT(rig.skeleton.joint_count(), 0);
  const ik::Pose pose = random_export_pose(rig, 20240611u);
  const std::map<int, glm::vec3> want = posed_world_by_node(rig.skeleton, pose);
  const std::map<int, glm::vec3> rest = gltf_test::world_by_node(rig.skeleton);

  const std::string out = export_dir() + "/" + c.output;
  std::string error;
  ASSERT_TRUE(ik::export_posed_gltf(c.source, rig.skeleton, pose, out, error)) << error;
  const ik::ImportedRig back = import_or_die(out);

  ASSERT_EQ(back.skeleton.joint_count(), rig.skeleton.joint_count());
  EXPECT_EQ(back.skeleton.name, rig.skeleton.name);
  EXPECT_EQ(back.skeleton.parent, rig.skeleton.parent);
  const std::map<int, glm::vec3> got = gltf_test::world_by_node(back.skeleton);
  ASSERT_EQ(got.size(), want.size());
  const float size = glm::length(rig.bounds_max - rig.bounds_min);
  float worst = 0.0f, moved = 0.0f;
  for (const auto& [node, position] : want) {
    ASSERT_EQ(got.count(node), 1u) << "node " << node;
    worst = std::max(worst, glm::length(got.at(node) - position));
    moved = std::max(moved, glm::length(position - rest.at(node)));
  }
  EXPECT_LE(worst, 1e-5f * size) << c.label << ": model size " << size;
  // The pose really moved the joints (so the comparison above could fail).
  EXPECT_GT(moved, 0.01f * size);
}

// Only the posed joints' node transforms differ, and the animations are gone (a client
// would show a clip's keys instead of the pose): every other node, every other top-level
// property, every buffer's bytes and every image's bytes are the source's.
TEST_P(RoundTrip, EverythingButTheJointTransformsIsKept) {
  const Case& c = GetParam();
  const ik::ImportedRig rig = import_or_die(c.source);
  const std::string out = scratch_dir() + "/kept_" + c.output;
  std::string error;
  ASSERT_TRUE(ik::export_posed_gltf(c.source, rig.skeleton, random_export_pose(rig, 7u), out, error)) << error;
  const ik::GltfDocument source = read_gltf_document(c.source);
  const ik::GltfDocument exported = read_gltf_document(out);

  for (auto it = source.json.begin(); it != source.json.end(); ++it) {
    if (it.key() == "nodes" || it.key() == "buffers" || it.key() == "images" || it.key() == "animations") continue;
    EXPECT_EQ(exported.json.at(it.key()), it.value()) << it.key();
  }
  EXPECT_FALSE(exported.json.contains("animations"));
  EXPECT_EQ(exported.json.size(), source.json.size() - (source.json.contains("animations") ? 1 : 0));
  EXPECT_TRUE(import_or_die(out).clips.empty());

  std::vector<bool> is_joint(source.json["nodes"].size(), false);
  for (const int node : rig.skeleton.source_node)
    if (node >= 0) is_joint[static_cast<size_t>(node)] = true;
  const OrderedJson& nodes = source.json["nodes"];
  ASSERT_EQ(exported.json["nodes"].size(), nodes.size());
  for (size_t k = 0; k < nodes.size(); ++k) {
    OrderedJson a = nodes[k], b = exported.json["nodes"][k];
    if (is_joint[k])
      for (const char* key : {"matrix", "translation", "rotation", "scale"}) {
        a.erase(key);
        b.erase(key);
      }
    EXPECT_EQ(a, b) << "node " << k;
  }

  ASSERT_EQ(exported.buffers.size(), source.buffers.size());
  for (size_t i = 0; i < source.buffers.size(); ++i) {
    ASSERT_TRUE(source.buffers[i] && exported.buffers[i]) << "buffer " << i;
    EXPECT_TRUE(*source.buffers[i] == *exported.buffers[i]) << "buffer " << i;
    EXPECT_EQ(exported.json["buffers"][i]["byteLength"], source.json["buffers"][i]["byteLength"]);
  }
  ASSERT_EQ(exported.images.size(), source.images.size());
  for (size_t i = 0; i < source.images.size(); ++i)
    EXPECT_TRUE(image_bytes(source, i) == image_bytes(exported, i)) << "image " << i;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) { return info.param.label; }

INSTANTIATE_TEST_SUITE_P(Rigs, RoundTrip, ::testing::ValuesIn(cases()), case_name);

// The rest pose changes nothing: every node, matrices included, is written back as read.
TEST(GltfExport, RestPoseKeepsEveryNode) {
  const std::string source = gltf_test::sample_path("RiggedSimple/glTF/RiggedSimple.gltf");
  const ik::ImportedRig rig = import_or_die(source);
  const std::string out = scratch_dir() + "/rest.gltf";
  std::string error;
  ASSERT_TRUE(ik::export_posed_gltf(source, rig.skeleton, ik::rest_pose(rig.skeleton), out, error))
      << error;
  EXPECT_EQ(read_gltf_document(out).json["nodes"], read_gltf_document(source).json["nodes"]);
}

// A TRS joint turned only: its rotation is the pose's, its translation and scale keep the
// file's own numbers (not float round trips of them).
TEST(GltfExport, RotationOnlyKeepsTheFilesTranslationAndScale) {
  const std::string source = gltf_test::sample_path("RiggedFigure/glTF/RiggedFigure.gltf");
  const ik::ImportedRig rig = import_or_die(source);
  const int joint = gltf_test::joint_of_node(rig.skeleton, 4);  // leg_joint_R_2, parent is a joint
  ASSERT_GE(joint, 0);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  const glm::quat turn = glm::angleAxis(0.5f, glm::vec3(0.0f, 0.0f, 1.0f));
  pose.local[static_cast<size_t>(joint)].rotation =
      turn * pose.local[static_cast<size_t>(joint)].rotation;
  const std::string out = scratch_dir() + "/rotation_only.gltf";
  std::string error;
  ASSERT_TRUE(ik::export_posed_gltf(source, rig.skeleton, pose, out, error)) << error;

  const OrderedJson before = read_gltf_document(source).json["nodes"][4];
  const OrderedJson after = read_gltf_document(out).json["nodes"][4];
  EXPECT_EQ(after["translation"], before["translation"]);
  EXPECT_EQ(after["scale"], before["scale"]);
  ASSERT_TRUE(after["rotation"].is_array());
  const glm::quat& want = pose.local[static_cast<size_t>(joint)].rotation;
  EXPECT_NEAR(after["rotation"][0].get<double>(), want.x, 1e-6);
  EXPECT_NEAR(after["rotation"][1].get<double>(), want.y, 1e-6);
  EXPECT_NEAR(after["rotation"][2].get<double>(), want.z, 1e-6);
  EXPECT_NEAR(after["rotation"][3].get<double>(), want.w, 1e-6);
  EXPECT_NE(after["rotation"], before["rotation"]);
}

// RiggedSimple's root joint "Bone" (node 3) is a matrix node below two matrix nodes
// (Z_UP, Armature) that the importer folds into its rest transform. Posed, it gets TRS
// and no matrix, and the folded nodes stay as they were.
TEST(GltfExport, MatrixJointGetsTrsBelowFoldedNodes) {
  const std::string source = gltf_test::sample_path("RiggedSimple/glTF/RiggedSimple.gltf");
  const ik::ImportedRig rig = import_or_die(source);
  const int bone = gltf_test::joint_of_node(rig.skeleton, 3);
  ASSERT_GE(bone, 0);
  ik::Pose pose = ik::rest_pose(rig.skeleton);
  pose.local[static_cast<size_t>(bone)].rotation =
      glm::angleAxis(0.7f, glm::vec3(1.0f, 0.0f, 0.0f)) *
      pose.local[static_cast<size_t>(bone)].rotation;
  const std::string out = scratch_dir() + "/matrix_joint.gltf";
  std::string error;
  ASSERT_TRUE(ik::export_posed_gltf(source, rig.skeleton, pose, out, error)) << error;

  const OrderedJson before = read_gltf_document(source).json["nodes"];
  const OrderedJson after = read_gltf_document(out).json["nodes"];
  ASSERT_TRUE(before[3].contains("matrix"));
  EXPECT_FALSE(after[3].contains("matrix"));
  EXPECT_TRUE(after[3].contains("translation") && after[3].contains("rotation") &&
              after[3].contains("scale"));
  EXPECT_EQ(after[0], before[0]);
  EXPECT_EQ(after[1], before[1]);

  const ik::ImportedRig back = import_or_die(out);
  const std::map<int, glm::vec3> want = posed_world_by_node(rig.skeleton, pose);
  const std::map<int, glm::vec3> got = gltf_test::world_by_node(back.skeleton);
  for (const auto& [node, position] : want)
    EXPECT_LE(glm::length(got.at(node) - position), 1e-5f) << node;
}

// ---- Refusals: each leaves the file system as it was --------------------------------

std::string copy_of(const std::string& source, const std::string& name) {
  const std::string path = scratch_dir() + "/" + name;
  fs::copy_file(source, path, fs::copy_options::overwrite_existing);
  return path;
}

TEST(GltfExport, RefusesToOverwriteTheSource) {
  const std::string source = copy_of(asset("arm7.gltf"), "source_arm7.gltf");
  const ik::ImportedRig rig = import_or_die(source);
  const std::vector<unsigned char> before = gltf_test::read_bytes(source);
  ik::Pose pose = random_export_pose(rig, 3u);
  // The same file under two spellings.
  for (const std::string& out : {source, scratch_dir() + "/./source_arm7.gltf"}) {
    std::string error;
    EXPECT_FALSE(ik::export_posed_gltf(source, rig.skeleton, pose, out, error));
    EXPECT_NE(error.find("is the source file"), std::string::npos) << error;
  }
  EXPECT_EQ(gltf_test::read_bytes(source), before);
}

TEST(GltfExport, RefusesAnotherExtension) {
  const ik::ImportedRig rig = import_or_die(asset("arm7.gltf"));
  const std::string out = scratch_dir() + "/arm7.json";
  std::string error;
  EXPECT_FALSE(ik::export_posed_gltf(asset("arm7.gltf"), rig.skeleton, ik::rest_pose(rig.skeleton),
                                     out, error));
  EXPECT_EQ(error, out + ": cannot export: the name must end in .gltf or .glb");
  EXPECT_FALSE(fs::exists(out));
}

TEST(GltfExport, MissingFolderFailsAndWritesNothing) {
  const ik::ImportedRig rig = import_or_die(asset("arm7.gltf"));
  const std::string out = scratch_dir() + "/no_such_folder/arm7.gltf";
  std::string error;
  EXPECT_FALSE(ik::export_posed_gltf(asset("arm7.gltf"), rig.skeleton, ik::rest_pose(rig.skeleton),
                                     out, error));
  EXPECT_EQ(error, out + ": cannot write: No such file or directory");
  EXPECT_FALSE(fs::exists(scratch_dir() + "/no_such_folder"));
}

TEST(GltfExport, RefusesASkeletonFromAnotherFile) {
  const ik::ImportedRig arm = import_or_die(asset("arm7.gltf"));
  const std::string out = scratch_dir() + "/mismatch.gltf";
  std::string error;
  EXPECT_FALSE(ik::export_posed_gltf(asset("humanoid.gltf"), arm.skeleton,
                                     ik::rest_pose(arm.skeleton), out, error));
  EXPECT_NE(error.find("the skeleton was not imported from this file"), std::string::npos) << error;
  EXPECT_EQ(error.rfind(asset("humanoid.gltf") + ": ", 0), 0u) << error;
  EXPECT_FALSE(fs::exists(out));
}

TEST(GltfExport, RefusesAPoseThatDoesNotFit) {
  const ik::ImportedRig rig = import_or_die(asset("arm7.gltf"));
  const std::string out = scratch_dir() + "/bad_pose.gltf";
  std::string error;
  ik::Pose short_pose = ik::rest_pose(rig.skeleton);
  short_pose.local.pop_back();
  EXPECT_FALSE(ik::export_posed_gltf(asset("arm7.gltf"), rig.skeleton, short_pose, out, error));
  EXPECT_NE(error.find("the pose has"), std::string::npos) << error;

  ik::Pose nan_pose = ik::rest_pose(rig.skeleton);
  nan_pose.local[1].rotation.x = std::nanf("");
  error.clear();
  EXPECT_FALSE(ik::export_posed_gltf(asset("arm7.gltf"), rig.skeleton, nan_pose, out, error));
  EXPECT_NE(error.find("non-finite or zero transform"), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(out));
}

// A failed export over an existing file leaves that file whole.
TEST(GltfExport, FailedExportKeepsTheOldFile) {
  const ik::ImportedRig rig = import_or_die(asset("arm7.gltf"));
  const std::string out = scratch_dir() + "/existing.gltf";
  gltf_test::write_text(out, "old contents");
  std::string error;
  EXPECT_FALSE(ik::export_posed_gltf(asset("humanoid.gltf"), rig.skeleton,
                                     ik::rest_pose(rig.skeleton), out, error));
  const std::vector<unsigned char> after = gltf_test::read_bytes(out);
  EXPECT_EQ(std::string(after.begin(), after.end()), "old contents");
}

}  // namespace
