// The importer on small rigs written by the test: each exercises one thing the glTF
// specification allows and the Khronos samples do not show. Expected world positions
// are worked out by hand in the comments.
//
// Index: skins and joints (no skin, unnamed nodes, two skins, nested skins, a skeleton
//        outside the joints, parents after children, no default scene); transforms
//        (matrices, shear, centimetres, negative scale, matrix with TRS); buffers (Draco,
//        byte stride, external buffer); extras.ikscope limits (parsed, malformed)
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/gltf_test_util.h"

namespace {

using gltf_test::any_warning_contains;

using gltf_test::tmp_path;
using gltf_test::write_text;

constexpr float kTol = 1e-5f;

bool load_text(const std::string& file_name, const std::string& json, ik::ImportedRig& rig,
               std::string& error) {
  const std::string path = tmp_path(file_name);
  write_text(path, json);
  return ik::import_gltf_file(path, rig, error);
}

void expect_near(const glm::vec3& got, const glm::vec3& want, float tol = kTol) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

int count_real_joints(const ik::Skeleton& s) {
  int n = 0;
  for (int i = 0; i < s.joint_count(); ++i) n += s.is_added_tip[static_cast<size_t>(i)] ? 0 : 1;
  return n;
}

// No skin: every node is a joint. Node 1 turns 90 degrees about Z, so node 2's offset
// (1, 0, 0) becomes (0, 1, 0): worlds (1,0,0), (1,2,0), (1,3,0).
TEST(GltfRigs, NoSkinMakesEveryNodeAJoint) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [
      {"name": "root", "translation": [1, 0, 0], "children": [1]},
      {"name": "mid", "translation": [0, 2, 0], "rotation": [0, 0, 0.70710678, 0.70710678], "children": [2]},
      {"name": "leaf", "translation": [1, 0, 0]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("no_skin.gltf", json, rig, error)) << error;
  EXPECT_EQ(rig.skin_count, 0);
  EXPECT_TRUE(rig.warnings.empty());
  const ik::Skeleton& s = rig.skeleton;
  ASSERT_EQ(s.joint_count(), 4);  // three nodes and the tip added below "leaf"
  EXPECT_EQ(s.name[0], "root");
  EXPECT_EQ(s.name[1], "mid");
  EXPECT_EQ(s.name[2], "leaf");
  EXPECT_EQ(s.parent, (std::vector<int>{-1, 0, 1, 2}));
  EXPECT_EQ(s.is_added_tip[3], 1);
  const auto world = gltf_test::world_by_node(s);
  expect_near(world.at(0), {1, 0, 0});
  expect_near(world.at(1), {1, 2, 0});
  expect_near(world.at(2), {1, 3, 0});
}

// Unnamed nodes get "node N".
TEST(GltfRigs, UnnamedNodesAreNamedByIndex) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [{"children": [1]}, {"translation": [0, 1, 0]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("unnamed.gltf", json, rig, error)) << error;
  EXPECT_EQ(rig.skeleton.name[0], "node 0");
  EXPECT_EQ(rig.skeleton.name[1], "node 1");
}

// Two skins under one non-joint "Armature" at (0, 0, 5): both chains become joints,
// the Armature does not, and its offset is folded into both roots.
TEST(GltfRigs, TwoSkinsAreUnited) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [
      {"name": "Armature", "translation": [0, 0, 5], "children": [1, 4]},
      {"name": "a_root", "translation": [1, 0, 0], "children": [2]},
      {"name": "a_mid", "translation": [0, 1, 0], "children": [3]},
      {"name": "a_end", "translation": [0, 1, 0]},
      {"name": "b_root", "translation": [-1, 0, 0], "children": [5]},
      {"name": "b_end", "translation": [0, 2, 0]}],
    "skins": [{"joints": [1, 2, 3]}, {"joints": [4, 5]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("two_skins.gltf", json, rig, error)) << error;
  EXPECT_EQ(rig.skin_count, 2);
  const ik::Skeleton& s = rig.skeleton;
  EXPECT_EQ(s.joint_count(), 5);  // "a_end" and "b_end" already are tips: none added
  EXPECT_EQ(gltf_test::joint_of_node(s, 0), -1);
  const auto world = gltf_test::world_by_node(s);
  expect_near(world.at(1), {1, 0, 5});
  expect_near(world.at(2), {1, 1, 5});
  expect_near(world.at(3), {1, 2, 5});
  expect_near(world.at(4), {-1, 0, 5});
  expect_near(world.at(5), {-1, 2, 5});
  EXPECT_TRUE(s.is_root(gltf_test::joint_of_node(s, 1)));
  EXPECT_TRUE(s.is_root(gltf_test::joint_of_node(s, 4)));
}

// Skin 1 (a tail) hangs under skin 0's "hips" through a non-joint "holder" at (0, 0, 1)
// scaled by 2. tail_1's parent is hips; holder's offset and scale go into tail_1's rest,
// so tail_1 = hips + (0,0,1) + 2*(0,1,0) = (0, 12, 1) and tail_2 = tail_1 + 2*(0,1,0).
TEST(GltfRigs, NestedSkinsThroughANonJointNode) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "hips", "translation": [0, 10, 0], "children": [1, 3]},
      {"name": "spine", "translation": [0, 1, 0], "children": [2]},
      {"name": "head", "translation": [0, 1, 0]},
      {"name": "holder", "translation": [0, 0, 1], "scale": [2, 2, 2], "children": [4]},
      {"name": "tail_1", "translation": [0, 1, 0], "children": [5]},
      {"name": "tail_2", "translation": [0, 1, 0]}],
    "skins": [{"joints": [0, 1, 2], "skeleton": 0}, {"joints": [4, 5], "skeleton": 4}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("nested_skins.gltf", json, rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  EXPECT_EQ(count_real_joints(s), 5);
  const int tail_1 = gltf_test::joint_of_node(s, 4);
  ASSERT_GE(tail_1, 0);
  EXPECT_EQ(s.source_node[static_cast<size_t>(s.parent[static_cast<size_t>(tail_1)])], 0);
  const auto world = gltf_test::world_by_node(s);
  expect_near(world.at(4), {0, 12, 1});
  expect_near(world.at(5), {0, 14, 1});
}

// skin.skeleton names a node that is not a joint, and the joints lie in two separate
// trees (not all below one node).
TEST(GltfRigs, SkinSkeletonNotAJointAndJointsInTwoTrees) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "Armature", "children": [1]},
      {"name": "j1", "translation": [0, 1, 0], "children": [2]},
      {"name": "j2", "translation": [0, 1, 0]},
      {"name": "other_root", "translation": [3, 0, 0]}],
    "skins": [{"skeleton": 0, "joints": [1, 2, 3]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("skeleton_not_joint.gltf", json, rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  EXPECT_EQ(count_real_joints(s), 3);
  EXPECT_EQ(gltf_test::joint_of_node(s, 0), -1);
  EXPECT_TRUE(s.is_root(gltf_test::joint_of_node(s, 1)));
  EXPECT_TRUE(s.is_root(gltf_test::joint_of_node(s, 3)));
  const auto world = gltf_test::world_by_node(s);
  expect_near(world.at(2), {0, 2, 0});
  expect_near(world.at(3), {3, 0, 0});
}

// Every parent listed after its children (RiggedFigure's trap, made worse): the
// non-joint Armature is last. Worlds: root (5,0,10), mid (5,1,10), leaf (5,2,10).
TEST(GltfRigs, ParentsListedAfterChildren) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "scene": 0, "scenes": [{"nodes": [3]}],
    "nodes": [
      {"name": "leaf", "translation": [0, 1, 0]},
      {"name": "mid", "translation": [0, 1, 0], "children": [0]},
      {"name": "root", "translation": [5, 0, 0], "children": [1]},
      {"name": "Armature", "translation": [0, 0, 10], "children": [2]}],
    "skins": [{"joints": [0, 1, 2]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("parents_after.gltf", json, rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  ASSERT_EQ(s.joint_count(), 4);
  EXPECT_EQ(s.name[0], "root");
  EXPECT_EQ(s.name[1], "mid");
  EXPECT_EQ(s.name[2], "leaf");
  const auto world = gltf_test::world_by_node(s);
  expect_near(world.at(2), {5, 0, 10});
  expect_near(world.at(1), {5, 1, 10});
  expect_near(world.at(0), {5, 2, 10});
}

// Neither `scene` nor `scenes`: the nodes still make the skeleton.
TEST(GltfRigs, NoDefaultScene) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [{"name": "a", "children": [1]}, {"name": "b", "translation": [0, 0, 2]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("no_scene.gltf", json, rig, error)) << error;
  EXPECT_EQ(count_real_joints(rig.skeleton), 2);

  const std::string scenes_only = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
    "nodes": [{"name": "a", "children": [1]}, {"name": "b", "translation": [0, 0, 2]}]})";
  ASSERT_TRUE(load_text("scenes_no_scene.gltf", scenes_only, rig, error)) << error;
  EXPECT_EQ(count_real_joints(rig.skeleton), 2);
}

// A matrix node: translate (0,0,2) * rotate 90 deg about Z * scale 2 (column-major).
// Its TRS child at (1,0,0) lands at (0,0,2) + Rz(90)*(2,0,0) = (0,2,2). Above both, a
// non-joint matrix node "Z_UP" (+90 deg about X) is folded into the root joint.
TEST(GltfRigs, MatrixNodes) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "Z_UP", "matrix": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0,0,0,1], "children": [1]},
      {"name": "m", "matrix": [0,2,0,0, -2,0,0,0, 0,0,2,0, 0,0,2,1], "children": [2]},
      {"name": "c", "translation": [1, 0, 0]}],
    "skins": [{"joints": [1, 2]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("matrix.gltf", json, rig, error)) << error;
  EXPECT_TRUE(rig.warnings.empty());
  const ik::Skeleton& s = rig.skeleton;
  const int m = gltf_test::joint_of_node(s, 1);
  ASSERT_GE(m, 0);
  expect_near(s.rest[static_cast<size_t>(m)].scale, {2, 2, 2});
  // Z_UP's columns map x->x, y->z, z->-y: (x, y, z) -> (x, -z, y).
  const auto world = gltf_test::world_by_node(s);
  expect_near(world.at(1), {0, -2, 0});  // (0,0,2) -> (0,-2,0)
  expect_near(world.at(2), {0, -2, 2});  // (0,2,2) -> (0,-2,2)
}

// Shear (non-uniform scale above a rotated node) cannot be held by a joint's TRS: the
// joint's own position stays right, and a warning says what was dropped.
TEST(GltfRigs, ShearIsReportedNotHidden) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "stretch", "scale": [1, 3, 1], "children": [1]},
      {"name": "turned", "translation": [1, 1, 0], "rotation": [0, 0, 0.38268343, 0.92387953], "children": [2]},
      {"name": "child", "translation": [1, 0, 0]}],
    "skins": [{"joints": [1, 2]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("shear.gltf", json, rig, error)) << error;
  EXPECT_TRUE(any_warning_contains(rig, "node 1 ('turned'): shear"))
      << (rig.warnings.empty() ? "" : rig.warnings[0]);
  expect_near(gltf_test::world_by_node(rig.skeleton).at(1), {1, 3, 0});
}

// The Draco sample layout: the primitive's accessors have no bufferView, the data is in
// the extension. tinygltf 2.7 refuses such a file ("accessor[0] invalid bufferView")
// although the skeleton does not need the mesh; the importer loads the skeleton and
// warns. Both containers.
const char* const kDracoJson = R"({"asset": {"version": "2.0"},
  "extensionsUsed": ["KHR_draco_mesh_compression"],
  "extensionsRequired": ["KHR_draco_mesh_compression"],
  "buffers": [{"byteLength": 4 %URI%}],
  "bufferViews": [{"buffer": 0, "byteLength": 4}],
  "accessors": [{"componentType": 5123, "count": 3, "type": "SCALAR"},
                {"componentType": 5126, "count": 3, "type": "VEC3", "min": [0,0,0], "max": [1,1,1]}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0,
    "extensions": {"KHR_draco_mesh_compression": {"bufferView": 0, "attributes": {"POSITION": 0}}}}]}],
  "nodes": [{"name": "body", "mesh": 0, "skin": 0},
            {"name": "hips", "translation": [0, 1, 0], "children": [2]},
            {"name": "spine", "translation": [0, 0.5, 0]}],
  "skins": [{"joints": [1, 2]}],
  "scenes": [{"nodes": [0, 1]}], "scene": 0})";

std::string draco_json(const std::string& uri_member) {
  std::string text = kDracoJson;
  text.replace(text.find("%URI%"), 5, uri_member);
  return text;
}

void expect_draco_rig(const ik::ImportedRig& rig) {
  EXPECT_TRUE(any_warning_contains(rig, "KHR_draco_mesh_compression is not supported"));
  EXPECT_EQ(count_real_joints(rig.skeleton), 2);
  const auto world = gltf_test::world_by_node(rig.skeleton);
  expect_near(world.at(2), {0, 1.5f, 0});
}

TEST(GltfRigs, RequiredDracoExtensionStillGivesTheSkeleton) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("draco.gltf",
                        draco_json(", \"uri\": \"data:application/octet-stream;base64,AAAAAA==\""),
                        rig, error))
      << error;
  expect_draco_rig(rig);

  const std::string glb_path = tmp_path("draco.glb");
  gltf_test::write_bytes(glb_path, gltf_test::make_glb(draco_json(""), {0, 0, 0, 0}));
  ik::ImportedRig glb_rig;
  ASSERT_TRUE(ik::import_gltf_file(glb_path, glb_rig, error)) << error;
  expect_draco_rig(glb_rig);
}

// Centimetres: the same chain written in cm is 100 times larger, bounds included; and
// an Armature scaled by 0.01 above cm joints gives metres.
TEST(GltfRigs, CentimetreFiles) {
  const std::string cm = R"({"asset": {"version": "2.0"},
    "nodes": [{"name": "hips", "translation": [0, 95, 0], "children": [1]},
              {"name": "spine", "translation": [0, 40, 0], "children": [2]},
              {"name": "head_end", "translation": [0, 30, 0]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("centimetres.gltf", cm, rig, error)) << error;
  EXPECT_NEAR(rig.bounds_min.y, 95.0f, 1e-3f);
  EXPECT_NEAR(rig.bounds_max.y, 165.0f, 1e-3f);
  expect_near(gltf_test::world_by_node(rig.skeleton).at(2), {0, 165, 0}, 1e-3f);

  const std::string scaled = R"({"asset": {"version": "2.0"},
    "nodes": [{"name": "Armature", "scale": [0.01, 0.01, 0.01], "children": [1]},
              {"name": "hips", "translation": [0, 95, 0], "children": [2]},
              {"name": "spine", "translation": [0, 40, 0], "children": [3]},
              {"name": "head_end", "translation": [0, 30, 0]}],
    "skins": [{"joints": [1, 2, 3]}]})";
  ASSERT_TRUE(load_text("centimetres_scaled.gltf", scaled, rig, error)) << error;
  EXPECT_NEAR(rig.bounds_min.y, 0.95f, 1e-5f);
  EXPECT_NEAR(rig.bounds_max.y, 1.65f, 1e-5f);
  expect_near(rig.skeleton.rest[0].scale, {0.01f, 0.01f, 0.01f});
}

// Accessors with byteStride (interleaved data) are read by tinygltf without complaint;
// the skeleton does not use them.
TEST(GltfRigs, AccessorWithByteStride) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "buffers": [{"byteLength": 32, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAQQQAAgD8AAAAAAAAAAAAAEEE="}],
    "bufferViews": [{"buffer": 0, "byteLength": 32, "byteStride": 16, "target": 34962}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "VEC3",
                   "min": [0, 0, 0], "max": [1, 0, 0]}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "mode": 1}]}],
    "nodes": [{"name": "line", "mesh": 0, "skin": 0}, {"name": "bone", "children": [2]},
              {"name": "bone_end", "translation": [1, 0, 0]}],
    "skins": [{"joints": [1, 2]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("stride.gltf", json, rig, error)) << error;
  EXPECT_EQ(rig.skeleton.joint_count(), 2);
}

// External .bin files are found beside the .gltf, and for memory imports in base_dir.
TEST(GltfRigs, ExternalBufferBesideTheFile) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "buffers": [{"byteLength": 8, "uri": "external_buffer.bin"}],
    "nodes": [{"name": "a", "children": [1]}, {"name": "b_end", "translation": [0, 1, 0]}]})";
  gltf_test::write_bytes(tmp_path("external_buffer.bin"), std::vector<unsigned char>(8, 7));
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("external_buffer.gltf", json, rig, error)) << error;
  EXPECT_EQ(rig.skeleton.joint_count(), 2);

  const auto* bytes = reinterpret_cast<const unsigned char*>(json.data());
  ASSERT_TRUE(ik::import_gltf_memory(bytes, json.size(), "external_buffer.gltf", IKSCOPE_TEST_TMP,
                                     rig, error))
      << error;
  ik::ImportedRig elsewhere;
  EXPECT_FALSE(ik::import_gltf_memory(bytes, json.size(), "external_buffer.gltf",
                                      IKSCOPE_SOURCE_DIR, elsewhere, error));
  EXPECT_NE(error.find("external_buffer.bin"), std::string::npos) << error;
}

// Limits from extras.ikscope (schema in io/gltf/ikscope_extras.h), degrees to radians.
TEST(GltfRigs, ExtrasLimitsAreParsed) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "shoulder", "children": [1],
       "extras": {"ikscope": {"min_deg": [-10, -20, -30], "max_deg": [10, 20, 90]}, "other_tool": 1}},
      {"name": "elbow", "translation": [0, 1, 0], "children": [2],
       "extras": {"ikscope": {"hinge_axis": [0, 0, 2], "min_deg": -120, "max_deg": 10}}},
      {"name": "wrist", "translation": [0, 1, 0], "extras": {"note": "no limits here"}}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("limits.gltf", json, rig, error)) << error;
  EXPECT_TRUE(rig.warnings.empty()) << rig.warnings[0];
  const ik::Skeleton& s = rig.skeleton;
  const float deg = 3.14159265358979f / 180.0f;

  const ik::JointLimits& shoulder = s.limits[static_cast<size_t>(gltf_test::joint_of_node(s, 0))];
  EXPECT_TRUE(shoulder.enabled);
  EXPECT_FALSE(shoulder.hinge);
  expect_near(shoulder.min, glm::vec3(-10, -20, -30) * deg);
  expect_near(shoulder.max, glm::vec3(10, 20, 90) * deg);

  const ik::JointLimits& elbow = s.limits[static_cast<size_t>(gltf_test::joint_of_node(s, 1))];
  EXPECT_TRUE(elbow.enabled);
  EXPECT_TRUE(elbow.hinge);
  expect_near(elbow.hinge_axis, {0, 0, 1});
  EXPECT_NEAR(elbow.min.x, -120 * deg, 1e-6f);
  EXPECT_NEAR(elbow.max.x, 10 * deg, 1e-6f);

  EXPECT_FALSE(s.limits[static_cast<size_t>(gltf_test::joint_of_node(s, 2))].enabled);
}

// A malformed ikscope block does not reject the file: a warning names the node and the
// joint stays unlimited.
TEST(GltfRigs, MalformedExtrasLimitsWarn) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [
      {"name": "short_axis", "children": [1], "extras": {"ikscope": {"hinge_axis": [0, 1], "min_deg": 0, "max_deg": 1}}},
      {"name": "no_max", "children": [2], "extras": {"ikscope": {"min_deg": [1, 2, 3]}}},
      {"name": "reversed", "children": [3], "extras": {"ikscope": {"hinge_axis": [1, 0, 0], "min_deg": 50, "max_deg": 10}}},
      {"name": "zero_axis", "children": [4], "extras": {"ikscope": {"hinge_axis": [0, 0, 0], "min_deg": 0, "max_deg": 1}}},
      {"name": "typo", "children": [5], "extras": {"ikscope": {"min_degs": [0, 0, 0], "max_deg": [1, 1, 1]}}},
      {"name": "too_far", "children": [6], "extras": {"ikscope": {"min_deg": [0, 0, -400], "max_deg": [1, 1, 1]}}},
      {"name": "not_object", "children": [7], "extras": {"ikscope": 12}},
      {"name": "fine", "extras": {"ikscope": {"hinge_axis": [1, 0, 0], "min_deg": -5, "max_deg": 5}}},
      {"name": "Armature", "children": [0], "extras": {"ikscope": {"min_deg": [0, 0, 0], "max_deg": [1, 1, 1]}}}],
    "skins": [{"joints": [0, 1, 2, 3, 4, 5, 6, 7]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("bad_limits.gltf", json, rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  const char* const expected[] = {
      ("node 0 ('short_axis'): malformed extras.ikscope (hinge_axis: must be an array of 3 numbers, not an array "
       "of 2)"),
      "node 1 ('no_max'): malformed extras.ikscope (missing 'max_deg')",
      "node 2 ('reversed'): malformed extras.ikscope (hinge min_deg 50",
      "node 3 ('zero_axis'): malformed extras.ikscope (hinge_axis: must be a non-zero direction)",
      "node 4 ('typo'): malformed extras.ikscope (unknown key 'min_degs'",
      "node 5 ('too_far'): malformed extras.ikscope (min_deg[2]: must be within ±360, not -400)",
      "node 6 ('not_object'): malformed extras.ikscope (must be an object, not the number 12)",
      "node 8 ('Armature') has extras.ikscope limits but is not a joint; ignored",
  };
  for (const char* text : expected) EXPECT_TRUE(any_warning_contains(rig, text)) << text;
  EXPECT_EQ(rig.warnings.size(), std::size(expected));
  for (int node = 0; node < 7; ++node)
    EXPECT_FALSE(s.limits[static_cast<size_t>(gltf_test::joint_of_node(s, node))].enabled);
  EXPECT_TRUE(s.limits[static_cast<size_t>(gltf_test::joint_of_node(s, 7))].enabled);
}

// A node with both a matrix and TRS: the matrix wins (as in tinygltf), with a warning.
TEST(GltfRigs, MatrixAndTrsTogetherWarns) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [{"name": "both", "matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 4,0,0,1], "translation": [9, 9, 9]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("matrix_and_trs.gltf", json, rig, error)) << error;
  EXPECT_TRUE(
      any_warning_contains(rig, "node 0 has both a 'matrix' and translation/rotation/scale"));
  expect_near(gltf_test::world_by_node(rig.skeleton).at(0), {4, 0, 0});
}

// A mirrored node (negative scale) is allowed and stays mirrored.
TEST(GltfRigs, NegativeScaleIsKept) {
  const std::string json = R"({"asset": {"version": "2.0"},
    "nodes": [{"name": "mirror", "scale": [-1, 1, 1], "children": [1]}, {"name": "x_end", "translation": [2, 0, 0]}]})";
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(load_text("mirror.gltf", json, rig, error)) << error;
  expect_near(gltf_test::world_by_node(rig.skeleton).at(1), {-2, 0, 0});
}

}  // namespace
