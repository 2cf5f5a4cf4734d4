// Skinned meshes: extraction by the importer (io/gltf/gltf_mesh.cpp) and linear blend
// skinning on the CPU (render/skinning.cpp, the reference for shaders/skinned.vert).
//
// Oracles: the Khronos samples' README (where each file's bind space is and how far its
// mesh spans), hand-worked positions on a small synthetic file, and rigid motion (a vertex
// bound to one joint moves exactly as that joint does; a vertex bound only to joints
// outside the turned joint's subtree does not move).
//
// Index:
//   helpers              expect_near, world_of, skinned, bounds, check_rigid_motion, load
//   The Khronos samples  the rest pose is the bind-pose mesh, the README's spans, meshes bend with their joints
//   The built-in rigs    one rigid box per bone, following its joint
//   A synthetic file     the quad (synthetic_bin, kSyntheticJson, edited, data_uri); interleaved bytes and
//                        stride, index types, merged primitives, a second influence set; malformed meshes
//                        skipped; files tinygltf refuses for their meshes; corrupt bytes never lose the skeleton
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/gtc/matrix_transform.hpp>

#include "render/skinning.h"
#include "tests/support/gltf_test_util.h"

namespace {

using gltf_test::any_warning_contains;
using gltf_test::all_warnings;

using gltf_test::make_glb;
using gltf_test::sample_path;
using gltf_test::tmp_path;
using gltf_test::write_bytes;

void expect_mesh_near(const glm::vec3& got, const glm::vec3& want, float tol, const std::string& what) {
  EXPECT_NEAR(got.x, want.x, tol) << what;
  EXPECT_NEAR(got.y, want.y, tol) << what;
  EXPECT_NEAR(got.z, want.z, tol) << what;
}

std::vector<glm::mat4> world_of(const ik::Skeleton& skeleton, const ik::Pose& pose) {
  std::vector<glm::mat4> world;
  ik::fk_all(skeleton, pose, world);
  return world;
}

// The skinned positions of `mesh` under `world`.
std::vector<glm::vec3> skinned(const ik::SkinnedMesh& mesh, const std::vector<glm::mat4>& world,
                               std::vector<glm::vec3>* normals = nullptr) {
  std::vector<glm::mat4> matrices;
  EXPECT_TRUE(render::skinning_matrices(mesh, world, matrices));
  std::vector<glm::vec3> positions;
  render::skin_vertices(mesh, matrices, positions, normals);
  return positions;
}

void bounds(const std::vector<glm::vec3>& points, glm::vec3& lo, glm::vec3& hi) {
  lo = hi = points.at(0);
  for (const glm::vec3& p : points) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
}

// Turns joint `joint` of the rest pose by `angle` about `axis` (its own frame) and checks
// every vertex by rigid motion: bound to one joint k only -> moved by k's change of world
// transform, world_posed[k] * inverse(world_rest[k]); bound only to joints outside the
// turned subtree -> unmoved. Returns how many vertices moved (so a caller can see the
// turn did something).
int check_rigid_motion(const ik::ImportedRig& rig, const ik::SkinnedMesh& mesh, int joint,
                       const glm::vec3& axis, float angle, float tol) {
  const ik::Skeleton& s = rig.skeleton;
  const ik::Pose rest = ik::rest_pose(s);
  ik::Pose posed = rest;
  posed.local[static_cast<size_t>(joint)].rotation =
      posed.local[static_cast<size_t>(joint)].rotation * glm::angleAxis(angle, axis);
  const std::vector<glm::mat4> world_rest = world_of(s, rest);
  const std::vector<glm::mat4> world_posed = world_of(s, posed);
  const std::vector<glm::vec3> before = skinned(mesh, world_rest);
  const std::vector<glm::vec3> after = skinned(mesh, world_posed);

  int moved = 0, checked = 0;
  for (size_t v = 0; v < mesh.positions.size(); ++v) {
    bool outside = true;
    int single = -1;
    for (int i = 0; i < 4; ++i) {
      if (mesh.weights[v][i] <= 0.0f) continue;
      const int k = mesh.skeleton_joint[mesh.joints[v][i]];
      if (k >= joint && k < s.subtree_end[static_cast<size_t>(joint)]) outside = false;
      if (mesh.weights[v][i] > 0.9999f) single = k;
    }
    if (glm::length(after[v] - before[v]) > tol) ++moved;
    if (outside) {
      expect_mesh_near(after[v], before[v], tol, "vertex " + std::to_string(v) + " (unmoved)");
      ++checked;
    } else if (single >= 0) {
      const glm::mat4 delta = world_posed[static_cast<size_t>(single)] *
                              glm::inverse(world_rest[static_cast<size_t>(single)]);
      expect_mesh_near(after[v], glm::vec3(delta * glm::vec4(before[v], 1.0f)), tol,
                       "vertex " + std::to_string(v) + " (rigid)");
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
  return moved;
}

ik::ImportedRig load_mesh(const std::string& path) {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  return rig;
}

// --- The Khronos samples -----------------------------------------------------------------

struct Sample {
  const char* path;
  int vertices;
  int triangles;
  // Where the file's bind space sits in the world (README: "Bind space = ..."), as the
  // matrices the file's Z_UP and Armature nodes hold.
  bool bind_includes_armature;
};

// Z_UP: (x, y, z) -> (x, z, -y). Armature: a -90 degree turn about Z, (x, y, z) -> (y, -x, z).
glm::vec3 z_up(const glm::vec3& v) { return {v.x, v.z, -v.y}; }
glm::vec3 armature(const glm::vec3& v) { return {v.y, -v.x, v.z}; }

const Sample kSamples[] = {
    {"RiggedSimple/glTF/RiggedSimple.gltf", 160, 188, false},
    {"RiggedSimple/glTF-Binary/RiggedSimple.glb", 160, 188, false},
    {"RiggedSimple/glTF-Embedded/RiggedSimple.gltf", 160, 188, false},
    {"RiggedFigure/glTF/RiggedFigure.gltf", 370, 256, false},
    {"RiggedFigure/glTF-Binary/RiggedFigure.glb", 370, 256, false},
    {"CesiumMan/glTF/CesiumMan.gltf", 3273, 4672, true},
    {"CesiumMan/glTF-Binary/CesiumMan.glb", 3273, 4672, true},
};

// In the rest pose (= the bind pose in these files) the skinned mesh is the file's mesh
// placed in its bind space, with the skinned node's own transform ignored: RiggedSimple's
// README warns that applying it turns the cylinder by 90 degrees.
TEST(GltfMesh, SamplesInRestPoseAreTheBindPoseMesh) {
  for (const Sample& sample : kSamples) {
    SCOPED_TRACE(sample.path);
    const ik::ImportedRig rig = load_mesh(sample_path(sample.path));
    EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
    ASSERT_EQ(rig.meshes.size(), 1u);
    const ik::SkinnedMesh& mesh = rig.meshes[0];
    EXPECT_EQ(mesh.vertex_count(), sample.vertices);
    EXPECT_EQ(mesh.triangle_count(), sample.triangles);
    ASSERT_EQ(mesh.normals.size(), mesh.positions.size());
    ASSERT_EQ(mesh.joints.size(), mesh.positions.size());
    ASSERT_EQ(mesh.weights.size(), mesh.positions.size());

    std::vector<glm::vec3> normals;
    const std::vector<glm::vec3> positions =
        skinned(mesh, world_of(rig.skeleton, ik::rest_pose(rig.skeleton)), &normals);
    for (size_t v = 0; v < positions.size(); ++v) {
      const glm::vec3 bind = sample.bind_includes_armature ? z_up(armature(mesh.positions[v]))
                                                           : z_up(mesh.positions[v]);
      const glm::vec3 bind_normal =
          sample.bind_includes_armature ? z_up(armature(mesh.normals[v])) : z_up(mesh.normals[v]);
      expect_mesh_near(positions[v], bind, 1e-4f, "vertex " + std::to_string(v));
      expect_mesh_near(normals[v], bind_normal, 1e-3f, "normal " + std::to_string(v));
      if (HasFailure()) return;  // one vertex's report is enough
    }
  }
}

// The spans the README gives, and the skeleton inside the body.
TEST(GltfMesh, SampleMeshBoundsMatchTheReadme) {
  struct Span {
    const char* path;
    float y_min, y_max, tol;
  };
  const Span spans[] = {
      {"RiggedSimple/glTF/RiggedSimple.gltf", -4.575f, 4.575f, 1e-3f},
      {"RiggedFigure/glTF/RiggedFigure.gltf", 0.0f, 1.45f, 5e-3f},
      {"CesiumMan/glTF/CesiumMan.gltf", 0.0f, 1.51f, 1e-2f},
  };
  for (const Span& span : spans) {
    SCOPED_TRACE(span.path);
    const ik::ImportedRig rig = load_mesh(sample_path(span.path));
    ASSERT_EQ(rig.meshes.size(), 1u);
    const std::vector<glm::mat4> world = world_of(rig.skeleton, ik::rest_pose(rig.skeleton));
    glm::vec3 lo, hi;
    bounds(skinned(rig.meshes[0], world), lo, hi);
    EXPECT_NEAR(lo.y, span.y_min, span.tol);
    EXPECT_NEAR(hi.y, span.y_max, span.tol);
    glm::vec3 box_min, box_max;
    ASSERT_TRUE(render::skinned_bounds(rig.meshes[0], world, box_min, box_max));
    expect_mesh_near(box_min, lo, 0.0f, "skinned_bounds min");
    expect_mesh_near(box_max, hi, 0.0f, "skinned_bounds max");
    // Every joint the file has lies inside the body (added tips may stick out).
    const float margin = 0.02f * (hi.y - lo.y);
    for (int j = 0; j < rig.skeleton.joint_count(); ++j) {
      if (rig.skeleton.is_added_tip[static_cast<size_t>(j)]) continue;
      const glm::vec3 p = ik::position_of(world[static_cast<size_t>(j)]);
      EXPECT_TRUE(glm::all(glm::greaterThanEqual(p, lo - margin)) &&
                  glm::all(glm::lessThanEqual(p, hi + margin)))
          << rig.skeleton.name[static_cast<size_t>(j)];
    }
  }
}

TEST(GltfMesh, SamplesBendWithTheirJoints) {
  {
    // RiggedSimple: the upper joint (Bone.001, at y = 0) bends the top half of the cylinder.
    const ik::ImportedRig rig = load_mesh(sample_path("RiggedSimple/glTF-Binary/RiggedSimple.glb"));
    ASSERT_EQ(rig.meshes.size(), 1u);
    const int upper = gltf_test::joint_of_node(rig.skeleton, 4);
    ASSERT_GE(upper, 0);
    EXPECT_GT(check_rigid_motion(rig, rig.meshes[0], upper, {1, 0, 0}, 1.0f, 1e-4f), 20);
  }
  {
    // CesiumMan: turning a shoulder moves an arm, and nothing outside the arm.
    const ik::ImportedRig rig = load_mesh(sample_path("CesiumMan/glTF-Binary/CesiumMan.glb"));
    ASSERT_EQ(rig.meshes.size(), 1u);
    const int shoulder = ik::find_joint(rig.skeleton, "Skeleton_arm_joint_L__4_");
    ASSERT_GE(shoulder, 0);
    EXPECT_GT(check_rigid_motion(rig, rig.meshes[0], shoulder, {0, 0, 1}, 0.8f, 1e-4f), 100);
  }
}

// --- The built-in rigs: rigid boxes, bind space = model space ---------------------------

TEST(GltfMesh, BuiltInRigsDrawTheirBonesBoxes) {
  for (const char* name : {"humanoid", "tentacle", "arm7"}) {
    SCOPED_TRACE(name);
    const ik::ImportedRig rig = load_mesh(std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + name + ".gltf");
    EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
    ASSERT_EQ(rig.meshes.size(), 1u);
    const ik::SkinnedMesh& mesh = rig.meshes[0];
    // The generator writes one box (6 quads, 24 vertices) per bone.
    EXPECT_EQ(mesh.vertex_count() % 24, 0);
    EXPECT_GT(mesh.vertex_count(), 0);
    const std::vector<glm::vec3> rest =
        skinned(mesh, world_of(rig.skeleton, ik::rest_pose(rig.skeleton)));
    for (size_t v = 0; v < rest.size(); ++v) {
      expect_mesh_near(rest[v], mesh.positions[v], 1e-4f, "vertex " + std::to_string(v));
      if (HasFailure()) return;
    }
    // Each box hugs its bone: inside the joints' box, widened by the thickest box's size.
    for (const glm::vec3& p : rest) {
      EXPECT_TRUE(glm::all(glm::greaterThanEqual(p, rig.bounds_min - 0.15f)) &&
                  glm::all(glm::lessThanEqual(p, rig.bounds_max + 0.15f)));
    }
    // Bend the second joint: the boxes below it follow it rigidly, the others stay.
    EXPECT_GT(check_rigid_motion(rig, mesh, 1, {1, 0, 0}, 0.6f, 1e-4f), 0);
  }
}

// --- A synthetic file: each storage option the samples do not use -----------------------
//
// Joints: "root" at the origin and its child "tip" at (0, 1, 0). The mesh node "body"
// sits at (5, 0, 0), which skinning must ignore. A quad from (0, 0) to (1, 2) in the XY
// plane: v0 (0,0,0) and v1 (1,0,0) on root, v2 (0,2,0) on tip, v3 (1,2,0) half and half
// (weights 128/255 root, 127/255 tip). Inverse bind matrices: the inverse rest worlds, so
// the rest pose is the bind pose.
//
// Buffer: view 0 interleaves per vertex POSITION (12 bytes), JOINTS_0 (4 unsigned bytes),
// WEIGHTS_0 (4 normalised unsigned bytes) and 4 bytes of padding (stride 24); view 1 the 6
// indices as unsigned bytes; view 2 the two matrices; view 3 a second set of weights
// (WEIGHTS_1, used by one test); view 4 the indices again as unsigned ints.

constexpr float kHalf = 128.0f / 255.0f;

std::vector<unsigned char> synthetic_bin(unsigned char v3_joint1 = 1) {
  std::vector<unsigned char> bin(272, 0);
  const glm::vec3 positions[4] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {1, 2, 0}};
  const unsigned char joints[4][4] = {
      {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, v3_joint1, 0, 0}};
  const unsigned char weights[4][4] = {
      {255, 0, 0, 0}, {255, 0, 0, 0}, {255, 0, 0, 0}, {128, 127, 0, 0}};
  for (int v = 0; v < 4; ++v) {
    std::memcpy(&bin[static_cast<size_t>(24 * v)], &positions[v], 12);
    std::memcpy(&bin[static_cast<size_t>(24 * v + 12)], joints[v], 4);
    std::memcpy(&bin[static_cast<size_t>(24 * v + 16)], weights[v], 4);
  }
  const unsigned char indices[6] = {0, 1, 2, 1, 3, 2};  // counter-clockwise seen from +Z
  std::memcpy(&bin[96], indices, 6);
  const glm::mat4 inverse_bind[2] = {glm::mat4(1.0f),
                                     glm::translate(glm::mat4(1.0f), glm::vec3(0, -1, 0))};
  std::memcpy(&bin[104], &inverse_bind[0][0][0], 64);  // glm is column-major, as glTF
  std::memcpy(&bin[168], &inverse_bind[1][0][0], 64);
  // WEIGHTS_1: only v3 has some (60, 40, 20, 0), on JOINTS_0's joints (0, 1, 0, 0).
  const unsigned char second[4] = {60, 40, 20, 0};
  std::memcpy(&bin[232 + 12], second, 4);
  const std::uint32_t wide[6] = {0, 1, 2, 1, 3, 2};
  std::memcpy(&bin[248], wide, 24);
  return bin;
}

const char* const kSyntheticJson = R"({"asset": {"version": "2.0"},
  "scene": 0, "scenes": [{"nodes": [0, 2]}],
  "nodes": [{"name": "root", "children": [1]}, {"name": "tip", "translation": [0, 1, 0]},
            {"name": "body", "mesh": 0, "skin": 0, "translation": [5, 0, 0]}],
  "skins": [{"joints": [0, 1], "inverseBindMatrices": 4}],
  "meshes": [{"name": "quad", "primitives": [
    {"attributes": {"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2}, "indices": 3}]}],
  "buffers": [{"byteLength": 272}],
  "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 96, "byteStride": 24},
                  {"buffer": 0, "byteOffset": 96, "byteLength": 6},
                  {"buffer": 0, "byteOffset": 104, "byteLength": 128},
                  {"buffer": 0, "byteOffset": 232, "byteLength": 16, "byteStride": 4},
                  {"buffer": 0, "byteOffset": 248, "byteLength": 24}],
  "accessors": [
    {"bufferView": 0, "byteOffset": 0, "componentType": 5126, "type": "VEC3", "count": 4},
    {"bufferView": 0, "byteOffset": 12, "componentType": 5121, "type": "VEC4", "count": 4},
    {"bufferView": 0, "byteOffset": 16, "componentType": 5121, "normalized": true, "type": "VEC4", "count": 4},
    {"bufferView": 1, "componentType": 5121, "type": "SCALAR", "count": 6},
    {"bufferView": 2, "componentType": 5126, "type": "MAT4", "count": 2},
    {"bufferView": 3, "componentType": 5121, "normalized": true, "type": "VEC4", "count": 4},
    {"bufferView": 4, "componentType": 5125, "type": "SCALAR", "count": 6}]})";

// `text` with the one occurrence of `from` replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from << " occurs twice";
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// "data:application/octet-stream;base64,..." for `bytes`.
std::string data_uri(const std::vector<unsigned char>& bytes) {
  static const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string text = "data:application/octet-stream;base64,";
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const size_t left = bytes.size() - i;
    const std::uint32_t group = (std::uint32_t{bytes[i]} << 16) |
                                (left > 1 ? std::uint32_t{bytes[i + 1]} << 8 : 0u) |
                                (left > 2 ? std::uint32_t{bytes[i + 2]} : 0u);
    text += kDigits[(group >> 18) & 63];
    text += kDigits[(group >> 12) & 63];
    text += left > 1 ? kDigits[(group >> 6) & 63] : '=';
    text += left > 2 ? kDigits[group & 63] : '=';
  }
  return text;
}

const std::string kPrimitive =
    R"({"attributes": {"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2}, "indices": 3})";

ik::ImportedRig load_synthetic(const std::string& name, const std::string& json,
                               const std::vector<unsigned char>& bin = synthetic_bin()) {
  const std::string path = tmp_path("mesh_" + name + ".glb");
  write_bytes(path, make_glb(json, bin));
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(path, rig, error)) << error;
  return rig;
}

std::vector<glm::mat4> tip_turned_90_about_z(const ik::Skeleton& skeleton) {
  ik::Pose pose = ik::rest_pose(skeleton);
  const int tip = gltf_test::joint_of_node(skeleton, 1);
  EXPECT_GE(tip, 0);
  pose.local[static_cast<size_t>(tip)].rotation =
      glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
  return world_of(skeleton, pose);
}

TEST(GltfMesh, SyntheticInterleavedBytesAndStride) {
  const ik::ImportedRig rig = load_synthetic("interleaved", kSyntheticJson);
  EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
  ASSERT_EQ(rig.meshes.size(), 1u);
  const ik::SkinnedMesh& mesh = rig.meshes[0];
  EXPECT_EQ(mesh.name, "quad");
  EXPECT_EQ(mesh.node, 2);
  EXPECT_EQ(mesh.skin, 0);
  ASSERT_EQ(mesh.vertex_count(), 4);
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 1, 3, 2}));
  EXPECT_EQ(mesh.skeleton_joint, (std::vector<int>{gltf_test::joint_of_node(rig.skeleton, 0),
                                                   gltf_test::joint_of_node(rig.skeleton, 1)}));
  expect_mesh_near(glm::vec3(mesh.weights[3]), {kHalf, 1.0f - kHalf, 0.0f}, 1e-6f, "v3 weights");
  // No NORMAL in the file: computed from the triangles, +Z for this flat quad.
  for (const glm::vec3& n : mesh.normals) expect_mesh_near(n, {0, 0, 1}, 1e-6f, "normal");

  // Rest pose: the bind pose, and the mesh node's (5, 0, 0) plays no part.
  const std::vector<glm::vec3> rest =
      skinned(mesh, world_of(rig.skeleton, ik::rest_pose(rig.skeleton)));
  expect_mesh_near(rest[0], {0, 0, 0}, 1e-6f, "v0");
  expect_mesh_near(rest[1], {1, 0, 0}, 1e-6f, "v1");
  expect_mesh_near(rest[2], {0, 2, 0}, 1e-6f, "v2");
  expect_mesh_near(rest[3], {1, 2, 0}, 1e-6f, "v3");

  // "tip" turned 90 degrees about Z turns (x, y) about (0, 1) to (1 - y, x):
  // v2 (0, 2) -> (-1, 1); v3 on tip would go (1, 2) -> (-1, 2), and blended with root's
  // unmoved (1, 2) it lands at kHalf * (1, 2) + (1 - kHalf) * (-1, 2).
  std::vector<glm::vec3> normals;
  const std::vector<glm::vec3> bent = skinned(mesh, tip_turned_90_about_z(rig.skeleton), &normals);
  expect_mesh_near(bent[0], {0, 0, 0}, 1e-6f, "v0 bent");
  expect_mesh_near(bent[1], {1, 0, 0}, 1e-6f, "v1 bent");
  expect_mesh_near(bent[2], {-1, 1, 0}, 1e-6f, "v2 bent");
  expect_mesh_near(bent[3], {2.0f * kHalf - 1.0f, 2, 0}, 1e-6f, "v3 bent");
  for (const glm::vec3& n : normals) expect_mesh_near(n, {0, 0, 1}, 1e-6f, "normal bent");
}

TEST(GltfMesh, SyntheticIndexTypesAndNoIndices) {
  {
    const ik::ImportedRig rig = load_synthetic(
        "uint_indices", edited(kSyntheticJson, R"("indices": 3})", R"("indices": 6})"));
    EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
    ASSERT_EQ(rig.meshes.size(), 1u);
    EXPECT_EQ(rig.meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2, 1, 3, 2}));
  }
  {
    // No indices: vertices 0, 1, 2 make the one triangle (the first three vertices).
    std::string json = edited(kSyntheticJson, R"(, "indices": 3})", "}");
    for (int a = 0; a < 3; ++a) {
      const std::string from = R"("count": 4})";
      json.replace(json.find(from), from.size(), R"("count": 3})");
    }
    const ik::ImportedRig rig = load_synthetic("no_indices", json);
    EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
    ASSERT_EQ(rig.meshes.size(), 1u);
    EXPECT_EQ(rig.meshes[0].vertex_count(), 3);
    EXPECT_EQ(rig.meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2}));
  }
}

// Primitives are merged (indices offset); a LINES primitive is left out with a warning.
TEST(GltfMesh, SyntheticPrimitivesMergeAndNonTrianglesAreSkipped) {
  const std::string lines =
      R"({"attributes": {"POSITION": 0, "JOINTS_0": 1, "WEIGHTS_0": 2}, "mode": 1})";
  const ik::ImportedRig rig = load_synthetic(
      "merged", edited(kSyntheticJson, kPrimitive, kPrimitive + ", " + lines + ", " + kPrimitive));
  ASSERT_EQ(rig.meshes.size(), 1u);
  EXPECT_EQ(rig.meshes[0].vertex_count(), 8);
  EXPECT_EQ(rig.meshes[0].indices,
            (std::vector<std::uint32_t>{0, 1, 2, 1, 3, 2, 4, 5, 6, 5, 7, 6}));
  ASSERT_EQ(rig.warnings.size(), 1u) << all_warnings(rig);
  EXPECT_NE(rig.warnings[0].find("primitive 1"), std::string::npos) << rig.warnings[0];
  EXPECT_NE(rig.warnings[0].find("not TRIANGLES"), std::string::npos) << rig.warnings[0];
}

// JOINTS_1 / WEIGHTS_1: v3's influences are (root 128, tip 127) and (root 60, tip 40,
// root 20); the four largest are kept (the 20 goes), summing to 355.
TEST(GltfMesh, SyntheticSecondInfluenceSetKeepsTheFourLargest) {
  const ik::ImportedRig rig =
      load_synthetic("two_sets", edited(kSyntheticJson, R"("WEIGHTS_0": 2})",
                                        R"("WEIGHTS_0": 2, "JOINTS_1": 1, "WEIGHTS_1": 5})"));
  EXPECT_TRUE(rig.warnings.empty()) << all_warnings(rig);
  ASSERT_EQ(rig.meshes.size(), 1u);
  const ik::SkinnedMesh& mesh = rig.meshes[0];
  float on_joint[2] = {0.0f, 0.0f};
  for (int i = 0; i < 4; ++i) on_joint[mesh.joints[3][i]] += mesh.weights[3][i];
  EXPECT_NEAR(on_joint[0], 188.0f / 355.0f, 1e-6f);
  EXPECT_NEAR(on_joint[1], 167.0f / 355.0f, 1e-6f);
  EXPECT_NEAR(mesh.weights[0].x, 1.0f, 1e-6f);  // v0 had nothing in the second set
}

// Each malformed variant: the skeleton still loads, the mesh (or the primitive) is left
// out, and one warning names the problem.
TEST(GltfMesh, MalformedMeshesAreSkippedWithAWarning) {
  struct Case {
    const char* name;
    std::string json;
    std::vector<unsigned char> bin;
    const char* warning;
  };
  std::vector<unsigned char> bad_index = synthetic_bin();
  bad_index[96 + 4] = 9;  // the fifth index points past the four vertices
  const std::string position =
      R"({"bufferView": 0, "byteOffset": 0, "componentType": 5126, "type": "VEC3", "count": 4})";
  const Case cases[] = {
      {"index_out_of_range", kSyntheticJson, bad_index, "index 4 is 9, but there are 4 vertices"},
      {"joint_out_of_range", kSyntheticJson, synthetic_bin(7),
       "uses skin joint 7, but the skin has 2"},
      {"position_past_view",
       edited(kSyntheticJson, position, edited(position, R"("count": 4)", R"("count": 5)")),
       synthetic_bin(), "run past the end of bufferView 0"},
      {"offset_past_view",
       edited(kSyntheticJson, position,
              edited(position, R"("byteOffset": 0)", R"("byteOffset": 90)")),
       synthetic_bin(), "run past the end of bufferView 0"},
      {"position_wrong_type",
       edited(kSyntheticJson, position, edited(position, R"("VEC3")", R"("VEC2")")),
       synthetic_bin(), "is VEC2, not VEC3"},
      {"joints_as_float",
       edited(kSyntheticJson, R"("byteOffset": 12, "componentType": 5121)",
              R"("byteOffset": 12, "componentType": 5126)"),
       synthetic_bin(), "JOINTS_0: accessor 1 has components of type FLOAT"},
      {"stride_too_small", edited(kSyntheticJson, R"("byteStride": 24)", R"("byteStride": 8)"),
       synthetic_bin(), "byteStride of 8, less than one element"},
      {"no_weights", edited(kSyntheticJson, R"(, "WEIGHTS_0": 2})", "}"), synthetic_bin(),
       "has JOINTS_0 but no WEIGHTS_0"},
      {"indices_not_triangles",
       edited(kSyntheticJson,
              R"("bufferView": 1, "componentType": 5121, "type": "SCALAR", "count": 6})",
              R"("bufferView": 1, "componentType": 5121, "type": "SCALAR", "count": 5})"),
       synthetic_bin(), "5 indices are not whole triangles"},
      {"inverse_bind_short",
       edited(kSyntheticJson, R"("type": "MAT4", "count": 2)", R"("type": "MAT4", "count": 1)"),
       synthetic_bin(), "has 1 matrices for 2 joints"},
      {"accessor_out_of_range", edited(kSyntheticJson, R"("POSITION": 0)", R"("POSITION": 42)"),
       synthetic_bin(), "accessor 42 is out of range"},
      {"mesh_out_of_range", edited(kSyntheticJson, R"("mesh": 0)", R"("mesh": 3)"), synthetic_bin(),
       "mesh index is out of range"},
      {"sparse",
       edited(
           kSyntheticJson, position,
           edited(
               position, R"("count": 4})",
               R"("count": 4, "sparse": {"count": 1, "indices": {"bufferView": 1, "componentType": 5121}, "values": {"bufferView": 2}}})")),
       synthetic_bin(), "is sparse"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const ik::ImportedRig rig = load_synthetic(c.name, c.json, c.bin);
    EXPECT_EQ(rig.skeleton.joint_count(), 2);
    EXPECT_TRUE(rig.meshes.empty());
    EXPECT_TRUE(any_warning_contains(rig, c.warning)) << all_warnings(rig);
  }
}

// tinygltf refuses a whole file for some broken accessors and views (an unknown component
// type, a byteStride that is not a multiple of 4, an indices accessor out of range): the
// importer then loads the file without its meshes.
TEST(GltfMesh, FilesTinygltfRefusesForTheirMeshesStillGiveTheSkeleton) {
  struct Case {
    const char* name;
    std::string json;
  };
  const Case cases[] = {
      {"unbroken", kSyntheticJson},  // the control: loads with its mesh
      {"component_type", edited(kSyntheticJson, R"("byteOffset": 12, "componentType": 5121)",
                                R"("byteOffset": 12, "componentType": 9999)")},
      {"stride_6", edited(kSyntheticJson, R"("byteStride": 24)", R"("byteStride": 6)")},
      {"indices_accessor", edited(kSyntheticJson, R"("indices": 3})", R"("indices": 70})")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    for (const bool binary : {true, false}) {
      ik::ImportedRig rig;
      std::string error;
      bool loaded = false;
      if (binary) {
        const std::vector<unsigned char> glb = make_glb(c.json, synthetic_bin());
        loaded = ik::import_gltf_memory(glb.data(), glb.size(), "refused.glb", "", rig, error);
      } else {
        // The same document with its buffer as a data: URI.
        const std::string text = edited(
            c.json, R"("buffers": [{"byteLength": 272}])",
            R"("buffers": [{"byteLength": 272, "uri": ")" + data_uri(synthetic_bin()) + R"("}])");
        loaded = ik::import_gltf_memory(reinterpret_cast<const unsigned char*>(text.data()),
                                        text.size(), "refused.gltf", "", rig, error);
      }
      ASSERT_TRUE(loaded) << (binary ? "glb: " : "gltf: ") << error;
      EXPECT_EQ(rig.skeleton.joint_count(), 2);
      const bool unbroken = std::string(c.name) == "unbroken";
      EXPECT_EQ(rig.meshes.size(), unbroken ? 1u : 0u);
      EXPECT_EQ(any_warning_contains(rig, "the skeleton loaded without them"), !unbroken)
          << all_warnings(rig);
    }
  }
}

// Every byte of the buffer overwritten in turn (0xFF: huge indices, NaN floats, joint 255):
// never a crash, never a lost skeleton, and whatever mesh survives has every index and
// joint in range. (Run under the asan preset too.)
TEST(GltfMesh, CorruptBytesNeverStopTheSkeleton) {
  const std::vector<unsigned char> good = synthetic_bin();
  for (size_t at = 0; at < good.size(); ++at) {
    std::vector<unsigned char> bin = good;
    bin[at] = 0xFF;
    const std::string path = tmp_path("mesh_corrupt.glb");
    write_bytes(path, make_glb(kSyntheticJson, bin));
    ik::ImportedRig rig;
    std::string error;
    ASSERT_TRUE(ik::import_gltf_file(path, rig, error)) << "byte " << at << ": " << error;
    ASSERT_EQ(rig.skeleton.joint_count(), 2) << "byte " << at;
    for (const ik::SkinnedMesh& mesh : rig.meshes) {
      for (const std::uint32_t i : mesh.indices) ASSERT_LT(i, mesh.positions.size());
      for (size_t v = 0; v < mesh.joints.size(); ++v)
        for (int k = 0; k < 4; ++k) ASSERT_LT(mesh.joints[v][k], mesh.skeleton_joint.size());
    }
  }
}

}  // namespace
