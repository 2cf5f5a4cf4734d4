// The importer on the real Khronos sample files in ../shared/gltf-samples, checked
// against reference-joints.json: world rest positions computed from the JSON alone by
// an independent script and cross-checked with Blender (see the samples' README).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/support/gltf_test_util.h"

namespace {

using gltf_test::sample_path;

struct ReferenceJoint {
  int node = -1;
  std::string name;
  int parent_node = -1;
  glm::dvec3 world{0.0};
};

struct Reference {
  int skin_count = 0;
  std::vector<ReferenceJoint> joints;  // union over all skins, by node
};

Reference load_reference(const std::string& model_file) {
  std::ifstream in(sample_path("reference-joints.json"));
  const nlohmann::json doc = nlohmann::json::parse(in);
  Reference ref;
  for (const auto& model : doc) {
    if (model.at("file") != model_file) continue;
    std::set<int> seen;
    for (const auto& skin : model.at("skins")) {
      ++ref.skin_count;
      for (const auto& j : skin.at("joints")) {
        ReferenceJoint rj;
        rj.node = j.at("node").get<int>();
        rj.name = j.at("name").get<std::string>();
        rj.parent_node = j.at("parent_node").is_null() ? -1 : j.at("parent_node").get<int>();
        const auto& p = j.at("world_position");
        rj.world = glm::dvec3(p[0].get<double>(), p[1].get<double>(), p[2].get<double>());
        if (seen.insert(rj.node).second) ref.joints.push_back(rj);
      }
    }
  }
  return ref;
}

struct Sample {
  const char* path;       // under gltf-samples/
  const char* reference;  // the "file" key in reference-joints.json
};

const Sample kSamples[] = {
    {"RiggedSimple/glTF-Binary/RiggedSimple.glb", "RiggedSimple.glb"},
    {"RiggedSimple/glTF/RiggedSimple.gltf", "RiggedSimple.glb"},
    {"RiggedSimple/glTF-Embedded/RiggedSimple.gltf", "RiggedSimple.glb"},
    {"RiggedFigure/glTF-Binary/RiggedFigure.glb", "RiggedFigure.glb"},
    {"RiggedFigure/glTF/RiggedFigure.gltf", "RiggedFigure.glb"},
    {"CesiumMan/glTF-Binary/CesiumMan.glb", "CesiumMan.glb"},
    {"CesiumMan/glTF/CesiumMan.gltf", "CesiumMan.glb"},
};

class SampleFile : public ::testing::TestWithParam<Sample> {};

TEST_P(SampleFile, JointsMatchTheReference) {
  const Sample sample = GetParam();
  const Reference ref = load_reference(sample.reference);
  ASSERT_FALSE(ref.joints.empty()) << "no reference for " << sample.reference;

  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(sample_path(sample.path), rig, error)) << error;
  EXPECT_TRUE(error.empty());
  EXPECT_TRUE(rig.warnings.empty()) << rig.warnings.front();
  EXPECT_EQ(rig.path, sample_path(sample.path));
  EXPECT_EQ(rig.skin_count, ref.skin_count);

  const ik::Skeleton& s = rig.skeleton;
  int imported_joints = 0;
  for (int i = 0; i < s.joint_count(); ++i) {
    if (s.parent[static_cast<size_t>(i)] >= 0) {
      EXPECT_LT(s.parent[static_cast<size_t>(i)], i);
    }
    if (!s.is_added_tip[static_cast<size_t>(i)]) ++imported_joints;
  }
  EXPECT_EQ(imported_joints, static_cast<int>(ref.joints.size()));

  // Tolerance: 1e-5 of the model's size (the reference is rounded to 6 decimals).
  glm::dvec3 lo(1e30), hi(-1e30);
  for (const ReferenceJoint& rj : ref.joints) {
    lo = glm::min(lo, rj.world);
    hi = glm::max(hi, rj.world);
  }
  const double size = glm::length(hi - lo);
  const double tolerance = std::max(1e-5 * size, 2e-6);

  const std::map<int, glm::vec3> world = gltf_test::world_by_node(s);
  std::set<int> reference_parents;
  for (const ReferenceJoint& rj : ref.joints) reference_parents.insert(rj.parent_node);
  for (const ReferenceJoint& rj : ref.joints) {
    SCOPED_TRACE("node " + std::to_string(rj.node) + " " + rj.name);
    const int j = gltf_test::joint_of_node(s, rj.node);
    ASSERT_GE(j, 0);
    EXPECT_EQ(s.name[static_cast<size_t>(j)], rj.name);
    EXPECT_FALSE(s.is_added_tip[static_cast<size_t>(j)]);
    const glm::dvec3 got(world.at(rj.node));
    EXPECT_LT(glm::length(got - rj.world), tolerance)
        << "imported (" << got.x << ", " << got.y << ", " << got.z << ") reference (" << rj.world.x
        << ", " << rj.world.y << ", " << rj.world.z << ")";

    // The parent joint is the reference parent node when that node is a joint.
    const bool parent_is_joint =
        std::any_of(ref.joints.begin(), ref.joints.end(),
                    [&](const ReferenceJoint& o) { return o.node == rj.parent_node; });
    const int p = s.parent[static_cast<size_t>(j)];
    if (parent_is_joint) {
      ASSERT_GE(p, 0);
      EXPECT_EQ(s.source_node[static_cast<size_t>(p)], rj.parent_node);
    } else {
      EXPECT_EQ(p, -1);
    }

    // A reference leaf gets exactly one added tip (none if its name already marks a tip).
    int tips = 0;
    for (int c = j + 1; c < s.subtree_end[static_cast<size_t>(j)]; ++c)
      if (s.parent[static_cast<size_t>(c)] == j && s.is_added_tip[static_cast<size_t>(c)]) ++tips;
    const bool leaf = reference_parents.count(rj.node) == 0;
    EXPECT_EQ(tips, leaf && !ik::is_tip_name(rj.name) ? 1 : 0);
  }
  for (int i = 0; i < s.joint_count(); ++i) {
    if (!s.is_added_tip[static_cast<size_t>(i)]) continue;
    EXPECT_EQ(s.source_node[static_cast<size_t>(i)], -1);
    EXPECT_TRUE(s.is_leaf(i));
  }

  // Bounds hold every joint, tips included.
  std::vector<glm::mat4> all;
  ik::fk_all(s, ik::rest_pose(s), all);
  for (const glm::mat4& m : all) {
    const glm::vec3 p = ik::position_of(m);
    for (int k = 0; k < 3; ++k) {
      EXPECT_GE(p[k], rig.bounds_min[k] - 1e-6f);
      EXPECT_LE(p[k], rig.bounds_max[k] + 1e-6f);
    }
  }
}

// Test names like "RiggedSimple_glTF_Binary_RiggedSimple_glb".
std::string sample_test_name(const ::testing::TestParamInfo<Sample>& info) {
  std::string name = info.param.path;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(GltfSamples, SampleFile, ::testing::ValuesIn(kSamples), sample_test_name);

// RiggedFigure lists its root joint (node 2) before its parent "Armature" (node 21): a
// loader that composes in array order gets it wrong. It is a 1.45 m figure standing on
// y = 0, so the joints must span y from about 0 to about 1.2 (the neck), upright.
TEST(GltfSamples, RiggedFigureStandsUpright) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(
      ik::import_gltf_file(sample_path("RiggedFigure/glTF-Binary/RiggedFigure.glb"), rig, error))
      << error;
  const std::map<int, glm::vec3> world = gltf_test::world_by_node(rig.skeleton);
  float lowest = 1e30f, highest = -1e30f;
  for (const auto& [node, p] : world) {
    lowest = std::min(lowest, p.y);
    highest = std::max(highest, p.y);
  }
  EXPECT_GT(lowest, -0.05f);
  EXPECT_LT(lowest, 0.15f);
  EXPECT_GT(highest, 1.1f);
  EXPECT_LT(highest, 1.5f);
  EXPECT_LT(rig.bounds_max.y - rig.bounds_min.y, 1.6f);
  EXPECT_GT(rig.bounds_max.y - rig.bounds_min.y, 1.1f);
  // The head (neck_joint_2, node 20) is above the pelvis (torso_joint_1, node 2).
  EXPECT_GT(world.at(20).y, world.at(2).y + 0.4f);
}

// The same bytes through import_gltf_memory give the same skeleton as the file.
TEST(GltfSamples, MemoryImportMatchesFileImport) {
  const std::string path = sample_path("CesiumMan/glTF-Binary/CesiumMan.glb");
  const std::vector<unsigned char> bytes = gltf_test::read_bytes(path);
  ik::ImportedRig from_file, from_memory;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(path, from_file, error)) << error;
  ASSERT_TRUE(
      ik::import_gltf_memory(bytes.data(), bytes.size(), "memory.glb", "", from_memory, error))
      << error;
  EXPECT_EQ(from_memory.path, "memory.glb");
  ASSERT_EQ(from_memory.skeleton.joint_count(), from_file.skeleton.joint_count());
  EXPECT_EQ(from_memory.skeleton.parent, from_file.skeleton.parent);
  EXPECT_EQ(from_memory.skeleton.name, from_file.skeleton.name);
  for (int i = 0; i < from_file.skeleton.joint_count(); ++i) {
    const ik::Transform& a = from_file.skeleton.rest[static_cast<size_t>(i)];
    const ik::Transform& b = from_memory.skeleton.rest[static_cast<size_t>(i)];
    EXPECT_EQ(a.translation, b.translation);
    EXPECT_EQ(a.rotation, b.rotation);
    EXPECT_EQ(a.scale, b.scale);
  }
}

// The spine chain comes first in the DFS order (skeleton.h's rule), on a real humanoid.
TEST(GltfSamples, CesiumManSpineComesFirst) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(sample_path("CesiumMan/glTF-Binary/CesiumMan.glb"), rig, error))
      << error;
  const ik::Skeleton& s = rig.skeleton;
  ASSERT_GE(s.joint_count(), 5);
  EXPECT_EQ(s.name[0], "Skeleton_torso_joint_1");
  EXPECT_EQ(s.name[1], "Skeleton_torso_joint_2");
  EXPECT_EQ(s.name[2], "torso_joint_3");
  EXPECT_EQ(s.name[3], "Skeleton_neck_joint_1");
}

}  // namespace
