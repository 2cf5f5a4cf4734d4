// Broken files, generated here: each must fail with one line "<path>: <problem>" that
// names the problem, and leave the caller's ImportedRig exactly as it was.
//
// Index:
//   helpers             sentinel_rig, expect_untouched, expect_failure (and its text and bytes forms), gltf_with
//   the file itself     missing, empty, a directory
//   the .glb container  truncated, a header length that lies, magic and version, chunks past the end, broken JSON
//   JSON                invalid, not a glTF document, nested too deep
//   wrong types         properties of the wrong type, which tinygltf would read as absent
//   the node hierarchy  a child out of range, two parents, cycles, zero scales, huge or degenerate values
//   skins and scenes    indices out of range, no nodes
//   buffers             a missing .bin, tinygltf's two-line error, view and image ranges
//   memory import       the given name in the message; random damage never crashes
#include <gtest/gtest.h>

#include <random>

#include "tests/support/gltf_test_util.h"

namespace {

using gltf_test::tmp_path;

// A rig that is not empty, to see that a failed import leaves it alone.
ik::ImportedRig sentinel_rig() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(
      gltf_test::sample_path("RiggedSimple/glTF-Binary/RiggedSimple.glb"), rig, error))
      << error;
  rig.warnings.push_back("sentinel");
  return rig;
}

void expect_untouched(const ik::ImportedRig& rig) {
  ik::ImportedRig original = sentinel_rig();
  EXPECT_EQ(rig.path, original.path);
  EXPECT_EQ(rig.skeleton.parent, original.skeleton.parent);
  EXPECT_EQ(rig.skeleton.name, original.skeleton.name);
  EXPECT_EQ(rig.skin_count, original.skin_count);
  EXPECT_EQ(rig.warnings, original.warnings);
  EXPECT_EQ(rig.bounds_min, original.bounds_min);
  EXPECT_EQ(rig.bounds_max, original.bounds_max);
}

// Imports `path`, expecting failure with `problem` in the message.
void expect_failure(const std::string& path, const std::string& problem) {
  SCOPED_TRACE(path);
  ik::ImportedRig rig = sentinel_rig();
  std::string error;
  EXPECT_FALSE(ik::import_gltf_file(path, rig, error));
  EXPECT_EQ(error.rfind(path + ": ", 0), 0u) << error;
  EXPECT_NE(error.find(problem), std::string::npos) << "expected \"" << problem << "\" in:\n"
                                                    << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  expect_untouched(rig);
}

void expect_text_failure(const std::string& file_name, const std::string& json,
                         const std::string& problem) {
  const std::string path = tmp_path(file_name);
  gltf_test::write_text(path, json);
  expect_failure(path, problem);
}

void expect_bytes_failure(const std::string& file_name, const std::vector<unsigned char>& bytes,
                          const std::string& problem) {
  const std::string path = tmp_path(file_name);
  gltf_test::write_bytes(path, bytes);
  expect_failure(path, problem);
}

// A minimal valid document with the given "nodes" (and anything else) spliced in.
std::string gltf_with(const std::string& members) {
  return R"({"asset": {"version": "2.0"}, )" + members + "}";
}

std::vector<unsigned char> rigged_simple_glb() {
  return gltf_test::read_bytes(gltf_test::sample_path("RiggedSimple/glTF-Binary/RiggedSimple.glb"));
}

// --- the file itself -------------------------------------------------------------------

TEST(GltfBroken, MissingFile) {
  expect_failure(tmp_path("there_is_no_such_file.gltf"), "file not found");
}

TEST(GltfBroken, EmptyFile) {
  expect_bytes_failure("empty.gltf", {}, "empty file");
  expect_bytes_failure("empty.glb", {}, "empty file");
}

TEST(GltfBroken, Directory) { expect_failure(IKSCOPE_TEST_TMP, "is a directory, not a file"); }

// --- the .glb container ----------------------------------------------------------------

TEST(GltfBroken, TruncatedGlb) {
  std::vector<unsigned char> glb = rigged_simple_glb();
  ASSERT_EQ(glb.size(), 15104u);
  glb.resize(1000);
  expect_bytes_failure("truncated.glb", glb,
                       "truncated: header says 15104 bytes but the file has 1000");
}

TEST(GltfBroken, GlbHeaderLengthLies) {
  std::vector<unsigned char> bigger = rigged_simple_glb();
  gltf_test::set_u32(bigger, 8, 15104 + 100);
  expect_bytes_failure("length_bigger.glb", bigger,
                       "truncated: header says 15204 bytes but the file has 15104");

  std::vector<unsigned char> smaller = rigged_simple_glb();
  gltf_test::set_u32(smaller, 8, 15104 - 8);
  expect_bytes_failure("length_smaller.glb", smaller,
                       "header says 15096 bytes but the file has 15104");
}

TEST(GltfBroken, GlbWrongMagicAndVersion) {
  std::vector<unsigned char> magic = rigged_simple_glb();
  magic[3] = 'X';
  expect_bytes_failure("magic.glb", magic,
                       "not a binary glTF file: it does not start with the magic 'glTF'");

  std::vector<unsigned char> version = rigged_simple_glb();
  gltf_test::set_u32(version, 4, 1);
  expect_bytes_failure("version.glb", version,
                       "unsupported .glb container version 1 (only version 2 exists)");

  expect_bytes_failure("short.glb", {'g', 'l', 'T', 'F', 2, 0, 0, 0},
                       "truncated: a .glb starts with a 12-byte header but the file has 8 bytes");
}

TEST(GltfBroken, GlbChunksRunPastTheEnd) {
  // The JSON chunk claims more bytes than the file holds (header length kept honest).
  std::vector<unsigned char> json_chunk = rigged_simple_glb();
  gltf_test::set_u32(json_chunk, 12, 20000);
  expect_bytes_failure("json_chunk.glb", json_chunk,
                       "truncated: chunk 0 at byte 12 says 20000 bytes but only");

  // The BIN chunk's 8-byte header is cut to 4 bytes: tinygltf 2.7 would read past the end.
  std::vector<unsigned char> cut = gltf_test::make_glb(gltf_with(R"("nodes": [{}])"));
  const size_t end_of_json = cut.size();
  gltf_test::put_u32(cut, 8);
  gltf_test::set_u32(cut, 8, static_cast<std::uint32_t>(cut.size()));
  expect_bytes_failure(
      "bin_header.glb", cut,
      "truncated: chunk 1 at byte " + std::to_string(end_of_json) + " needs an 8-byte header");

  std::vector<unsigned char> bin_too_long =
      gltf_test::make_glb(gltf_with(R"("nodes": [{}])"), {1, 2, 3, 4});
  gltf_test::set_u32(bin_too_long, end_of_json, 8);
  expect_bytes_failure(
      "bin_length.glb", bin_too_long,
      "chunk 1 at byte " + std::to_string(end_of_json) + " says 8 bytes but only 4 remain");

  std::vector<unsigned char> not_json = gltf_test::make_glb(gltf_with(R"("nodes": [{}])"));
  not_json[16] = 'X';
  expect_bytes_failure("not_json.glb", not_json, "the first chunk is not JSON");

  expect_bytes_failure("header_only.glb", {'g', 'l', 'T', 'F', 2, 0, 0, 0, 12, 0, 0, 0},
                       "the .glb has no JSON chunk");
}

TEST(GltfBroken, GlbWhoseJsonIsBroken) {
  expect_bytes_failure("bad_json.glb", gltf_test::make_glb("{\"asset\": "),
                       "invalid JSON at line 1, column");
}

// --- JSON ------------------------------------------------------------------------------

TEST(GltfBroken, InvalidJson) {
  expect_text_failure("invalid.gltf",
                      "{\n  \"asset\": {\"version\": \"2.0\"},\n  \"nodes\": [{]\n}",
                      "invalid JSON at line 3, column 14: syntax error");
  expect_text_failure("not_json.gltf", "hello", "invalid JSON at line 1, column 1");
  expect_text_failure("number_overflow.gltf",
                      gltf_with(R"("nodes": [{"translation": [1e999, 0, 0]}])"), "invalid JSON");
}

TEST(GltfBroken, NotAGltfDocument) {
  expect_text_failure("root_array.gltf", "[1, 2]", "the JSON root is an array, not an object");
  expect_text_failure("no_asset.gltf", R"({"nodes": [{}]})", "not a glTF file: 'asset' is missing");
  expect_text_failure("version1.gltf", R"({"asset": {"version": "1.0"}, "nodes": [{}]})",
                      "glTF version '1.0' is not supported (only 2.x)");
}

TEST(GltfBroken, TooDeeplyNested) {
  const std::string deep = std::string(100, '[') + std::string(100, ']');
  expect_text_failure("deep.gltf", gltf_with(R"("nodes": [{"extras": )" + deep + "}]"),
                      "JSON nesting is deeper than 64 levels");
}

// --- wrong types: tinygltf would read these as "absent" --------------------------------

TEST(GltfBroken, WrongTypes) {
  expect_text_failure("nodes_number.gltf", gltf_with(R"("nodes": 5)"),
                      "'nodes' must be an array, not the number 5");
  expect_text_failure("node_string.gltf", gltf_with(R"("nodes": ["a"])"),
                      "'nodes' element 0 must be an object, not a string");
  expect_text_failure("translation_two.gltf", gltf_with(R"("nodes": [{"translation": [1, 2]}])"),
                      "node 0: 'translation' must be an array of 3 numbers, not an array of 2");
  expect_text_failure("translation_string.gltf",
                      gltf_with(R"("nodes": [{}, {"translation": [1, "a", 3]}])"),
                      "node 1: 'translation' must be an array of 3 numbers: element 1 is a string");
  expect_text_failure("rotation_object.gltf", gltf_with(R"("nodes": [{"rotation": {"w": 1}}])"),
                      "node 0: 'rotation' must be an array of 4 numbers, not an object");
  expect_text_failure("matrix_short.gltf",
                      gltf_with(R"("nodes": [{"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0]}])"),
                      "node 0: 'matrix' must be an array of 16 numbers, not an array of 15");
  expect_text_failure("children_string.gltf", gltf_with(R"("nodes": [{"children": ["1"]}, {}])"),
                      "node 0: 'children' must be an array of indices (whole numbers from 0): "
                      "element 0 is a string");
  expect_text_failure("children_negative.gltf", gltf_with(R"("nodes": [{"children": [-1]}])"),
                      "element 0 is the number -1");
  expect_text_failure("children_fraction.gltf", gltf_with(R"("nodes": [{"children": [1.5]}, {}])"),
                      "element 0 is the number 1.5");
  expect_text_failure("children_huge.gltf",
                      gltf_with(R"("nodes": [{"children": [4294967297]}, {}])"),
                      "element 0 is the number 4294967297");
  expect_text_failure("name_number.gltf", gltf_with(R"("nodes": [{"name": 7}])"),
                      "node 0: 'name' must be a string, not the number 7");
  expect_text_failure("scene_string.gltf",
                      gltf_with(R"("scene": "0", "scenes": [{}], "nodes": [{}])"),
                      "'scene' must be an index (a whole number from 0), not a string");
  expect_text_failure("skin_joints_missing.gltf", gltf_with(R"("nodes": [{}], "skins": [{}])"),
                      "skin 0: 'joints' is missing");
  expect_text_failure(
      "required_not_strings.gltf", gltf_with(R"("extensionsRequired": [1], "nodes": [{}])"),
      "'extensionsRequired' must be an array of strings: element 0 is the number 1");
}

// --- the node hierarchy: tinygltf accepts all of these silently -------------------------

TEST(GltfBroken, ChildIndexOutOfRange) {
  expect_text_failure("child_range.gltf",
                      gltf_with(R"("nodes": [{"children": [1]}, {"children": [7]}])"),
                      "node 1: child index 7 is out of range (the file has 2 nodes)");
}

TEST(GltfBroken, NodeWithTwoParents) {
  expect_text_failure("two_parents.gltf",
                      gltf_with(R"("nodes": [{"children": [2]}, {"children": [2]}, {}])"),
                      "node 2 has two parents (nodes 0 and 1)");
  expect_text_failure("child_twice.gltf", gltf_with(R"("nodes": [{"children": [1, 1]}, {}])"),
                      "node 0 lists child 1 twice");
}

TEST(GltfBroken, Cycle) {
  expect_text_failure(
      "cycle.gltf",
      gltf_with(R"("nodes": [{"children": [1]}, {"children": [2]}, {"children": [0]}, {}])"),
      "node hierarchy has a cycle through node 0");
  expect_text_failure("self_child.gltf", gltf_with(R"("nodes": [{}, {"children": [1]}])"),
                      "node hierarchy has a cycle through node 1 (it is its own child)");
}

TEST(GltfBroken, ZeroScale) {
  expect_text_failure("zero_scale.gltf",
                      gltf_with(R"("nodes": [{"children": [1]}, {"scale": [1, 0, 1]}])"),
                      "node 1 has a zero scale");
  // 1e-60 is a double but underflows to 0 as a float.
  expect_text_failure("tiny_scale.gltf", gltf_with(R"("nodes": [{"scale": [1e-60, 1, 1]}])"),
                      "node 0 has a zero scale");
  expect_text_failure("zero_matrix.gltf",
                      gltf_with(R"("nodes": [{"matrix": [1,0,0,0, 0,0,0,0, 0,0,1,0, 0,0,0,1]}])"),
                      "node 0 has a zero scale (column 1 of its 'matrix' is zero)");
}

TEST(GltfBroken, HugeOrDegenerateValues) {
  // JSON cannot say NaN or infinity, but it can say a number no float can hold.
  expect_text_failure("huge_translation.gltf",
                      gltf_with(R"("nodes": [{"translation": [1e300, 0, 0]}])"),
                      "node 0 has a non-finite or too large value in its 'translation'");
  expect_text_failure("huge_scale.gltf", gltf_with(R"("nodes": [{"scale": [1, 1e39, 1]}])"),
                      "node 0 has a non-finite or too large value in its 'scale'");
  expect_text_failure(
      "huge_matrix.gltf",
      gltf_with(R"("nodes": [{"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 5e38,0,0,1]}])"),
      "node 0 has a non-finite or too large value in its 'matrix'");
  expect_text_failure("zero_rotation.gltf", gltf_with(R"("nodes": [{"rotation": [0, 0, 0, 0]}])"),
                      "node 0 has a zero-length 'rotation' quaternion");
  expect_text_failure("projective.gltf",
                      gltf_with(R"("nodes": [{"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,1, 0,0,0,1]}])"),
                      "node 0 has a 'matrix' that is not affine (its last row must be 0 0 0 1)");
  // Each scale fits in a float, their product does not: a non-joint "Armature" scaled
  // by 1e30 above a joint scaled by 1e30.
  expect_text_failure(
      "overflow_composed.gltf",
      gltf_with(
          R"("nodes": [{"scale": [1e30, 1e30, 1e30], "children": [1]}, {"scale": [1e30, 1e30, 1e30]}],
                                   "skins": [{"joints": [1]}])"),
      "node 1: its transform times those of the non-joint nodes above it cannot be split");
  // Joint by joint: 1e30 scale times a 1e10 offset is past the float range in the world.
  expect_text_failure(
      "overflow_world.gltf",
      gltf_with(R"("nodes": [{"name": "big", "scale": [1e30, 1e30, 1e30], "children": [1]},
                                             {"name": "far", "translation": [0, 1e10, 0]}])"),
      "joint 'far' has a non-finite rest position");
}

// --- skins and scenes -------------------------------------------------------------------

TEST(GltfBroken, SkinIndicesOutOfRange) {
  expect_text_failure("skin_joint.gltf",
                      gltf_with(R"("nodes": [{}, {}, {}], "skins": [{"joints": [0, 9]}])"),
                      "skin 0: joint index 9 is out of range (the file has 3 nodes)");
  expect_text_failure(
      "skin_skeleton.gltf",
      gltf_with(R"("nodes": [{}], "skins": [{"joints": [0]}, {"joints": [0], "skeleton": 7}])"),
      "skin 1: 'skeleton' node 7 is out of range (the file has 1 node)");
  expect_text_failure("skin_empty.gltf", gltf_with(R"("nodes": [{}], "skins": [{"joints": []}])"),
                      "the file's skins list no joints");
}

TEST(GltfBroken, SceneIndicesOutOfRange) {
  expect_text_failure("scene_node.gltf", gltf_with(R"("scenes": [{"nodes": [5]}], "nodes": [{}])"),
                      "scene 0: node index 5 is out of range (the file has 1 node)");
  expect_text_failure("default_scene.gltf",
                      gltf_with(R"("scene": 3, "scenes": [{"nodes": [0]}], "nodes": [{}])"),
                      "'scene' is 3 but the file has 1 scene");
}

TEST(GltfBroken, NoNodes) {
  expect_text_failure("no_nodes.gltf", gltf_with(R"("scenes": [{}])"), "the file has no nodes");
  expect_text_failure("empty_nodes.gltf", gltf_with(R"("nodes": [])"), "the file has no nodes");
}

// --- buffers: tinygltf's own messages, made one line ------------------------------------

TEST(GltfBroken, MissingExternalBuffer) {
  expect_text_failure(
      "missing_bin.gltf",
      gltf_with(R"("buffers": [{"byteLength": 8, "uri": "no_such.bin"}], "nodes": [{}])"),
      "File not found : no_such.bin");
}

TEST(GltfBroken, TinygltfMultiLineErrorBecomesOneLine) {
  // A .gltf buffer with no uri: tinygltf reports two lines.
  expect_text_failure("buffer_no_uri.gltf",
                      gltf_with(R"("buffers": [{"byteLength": 8}], "nodes": [{}])"),
                      "'uri' is missing from non binary glTF file buffer. File not found");
}

TEST(GltfBroken, BufferRanges) {
  expect_text_failure("buffer_zero.gltf",
                      gltf_with(R"("buffers": [{"byteLength": 0, "uri": "x.bin"}], "nodes": [{}])"),
                      "buffer 0: 'byteLength' must be a whole number from 1, not the number 0");
  expect_text_failure(
      "view_past_end.gltf",
      gltf_with(
          R"("buffers": [{"byteLength": 16, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAA=="}],
                   "bufferViews": [{"buffer": 0, "byteOffset": 8, "byteLength": 16}], "nodes": [{}])"),
      "bufferView 0: bytes 8 to 24 run past the end of buffer 0 (16 bytes)");
  expect_text_failure(
      "view_buffer.gltf",
      gltf_with(R"("bufferViews": [{"buffer": 2, "byteLength": 4}], "nodes": [{}])"),
      "bufferView 0: 'buffer' must be the index of one of the file's 0 buffers, not the number 2");
  expect_text_failure("image_view.gltf",
                      gltf_with(R"("images": [{"bufferView": 3}], "nodes": [{}])"),
                      "image 0: 'bufferView' must be the index of one of the file's 0 bufferViews");
}

// --- memory import ----------------------------------------------------------------------

TEST(GltfBroken, MemoryImportNamesTheGivenName) {
  const std::string text = "{oops";
  ik::ImportedRig rig = sentinel_rig();
  std::string error;
  EXPECT_FALSE(ik::import_gltf_memory(reinterpret_cast<const unsigned char*>(text.data()),
                                      text.size(), "mem.gltf", "", rig, error));
  EXPECT_EQ(error.rfind("mem.gltf: invalid JSON at line 1, column 2", 0), 0u) << error;
  expect_untouched(rig);

  EXPECT_FALSE(ik::import_gltf_memory(nullptr, 0, "nothing.glb", "", rig, error));
  EXPECT_EQ(error, "nothing.glb: empty file");
  expect_untouched(rig);
}

// Seeded random damage to a real .glb and a small .gltf: every result is either a
// skeleton or one clean error line. (A smoke test; the fuzzer goes further.)
TEST(GltfBroken, RandomDamageNeverCrashes) {
  const std::vector<unsigned char> glb = rigged_simple_glb();
  const std::string gltf_text =
      gltf_with(R"("nodes": [{"name": "a", "children": [1], "scale": [1, 2, 1]},
      {"name": "b", "translation": [0, 1, 0], "rotation": [0, 0, 0.7071, 0.7071]}], "skins": [{"joints": [0, 1]}])");
  const std::vector<unsigned char> gltf(gltf_text.begin(), gltf_text.end());
  std::mt19937 rng(20240517u);
  int failures = 0, successes = 0;
  for (int round = 0; round < 600; ++round) {
    const bool use_glb = round % 2 == 0;
    std::vector<unsigned char> bytes = use_glb ? glb : gltf;
    const int kind = static_cast<int>(rng() % 3);
    if (kind == 0) {
      bytes.resize(rng() % bytes.size());  // truncate
    } else {
      const int flips = 1 + static_cast<int>(rng() % 8);
      // Damage concentrated where it matters: the .glb header and JSON, or anywhere.
      const size_t span = use_glb ? std::min<size_t>(bytes.size(), 2000) : bytes.size();
      for (int f = 0; f < flips; ++f) bytes[rng() % span] = static_cast<unsigned char>(rng());
    }
    ik::ImportedRig rig;
    std::string error;
    const std::string name = use_glb ? "damaged.glb" : "damaged.gltf";
    if (ik::import_gltf_memory(bytes.data(), bytes.size(), name, "", rig, error)) {
      ++successes;
      EXPECT_GT(rig.skeleton.joint_count(), 0);
    } else {
      ++failures;
      EXPECT_EQ(error.rfind(name + ": ", 0), 0u) << error;
      EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    }
  }
  EXPECT_GT(failures, 0);
  EXPECT_GT(successes, 0);
}

}  // namespace
