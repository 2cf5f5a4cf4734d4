// A ground read from a glTF file (io/gltf/gltf_ground.h): a square ramp under a node that
// lifts, turns and scales it reads where the node puts it; the command line's and the
// session's spec reads a file or a word; files that are no ground give one line naming the
// file and the problem, and the ground given is left alone.
#include <gtest/gtest.h>

#include <cmath>

#include "io/gltf/gltf_ground.h"
#include "solvers/anim/ground_mesh.h"
#include "tests/support/gltf_test_util.h"

namespace {

TEST(GltfGround, ARampReadsWhereItsNodePutsIt) {
  const std::string path = gltf_test::tmp_path("ground_ramp.gltf");
  // Lifted 0.1, scaled 2 along x and z: the ramp spans x, z in [-2, 2], rising 0.5 over 4.
  gltf_test::write_text(path, gltf_test::ramp_ground_gltf(R"(,"translation":[0,0.1,0],"scale":[2,1,2])"));
  ik::Ground ground;
  std::string error;
  ASSERT_TRUE(ik::read_ground_file(path, ground, error)) << error;
  EXPECT_EQ(ground.kind, ik::GroundKind::mesh);
  ASSERT_TRUE(ground.mesh);
  EXPECT_EQ(ik::ground_mesh_triangles(*ground.mesh), 2u);
  EXPECT_EQ(ground.source, path);
  for (float z : {-1.9f, -1.0f, 0.0f, 0.7f, 1.9f})
    EXPECT_NEAR(ik::ground_height(ground, 0.3f, z), 0.1f + 0.5f * (z + 2.0f) / 4.0f, 1e-5f) << z;
  EXPECT_EQ(ik::ground_height(ground, 2.5f, 0.0f), 0.0f) << "beyond the mesh: the plane";
  const glm::vec3 n = ik::ground_normal(ground, 0.0f, 0.0f);
  EXPECT_NEAR(n.y, 4.0f / std::sqrt(16.25f), 1e-5f);

  // The spec: a file, or a word.
  ik::Ground spec;
  ASSERT_TRUE(ik::read_ground_spec(path, spec, error)) << error;
  EXPECT_EQ(spec.kind, ik::GroundKind::mesh);
  ASSERT_TRUE(ik::read_ground_spec("ramp:15", spec, error)) << error;
  EXPECT_EQ(spec.kind, ik::GroundKind::ramp);
}

TEST(GltfGround, FilesThatAreNoGroundSayWhyAndChangeNothing) {
  const std::string lines = gltf_test::tmp_path("ground_lines.gltf"), wrong = gltf_test::tmp_path("ground_index.gltf"),
                    text = gltf_test::tmp_path("ground_text.gltf"), missing = gltf_test::tmp_path("no_such_ground.glb");
  gltf_test::write_text(lines, gltf_test::ramp_ground_gltf("", 1));     // LINES: no triangles
  gltf_test::write_text(wrong, gltf_test::ramp_ground_gltf("", 4, 9));  // an index past the 4 vertices
  gltf_test::write_text(text, "this is not a glTF file");
  const struct {
    std::string path, says;
  } cases[] = {
      {lines, lines + ": not a ground: has no triangles"},
      {wrong, wrong + ": not a ground: mesh 0 primitive 0: index 5 is 9, but there are 4 vertices"},
      {text, text + ": not a ground: "},
      {missing, missing + ": "},
  };
  for (const auto& c : cases) {
    ik::Ground ground{ik::GroundKind::ramp, 15.0f};
    std::string error;
    EXPECT_FALSE(ik::read_ground_file(c.path, ground, error)) << c.path;
    EXPECT_EQ(error.rfind(c.says, 0), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    EXPECT_EQ(ground.kind, ik::GroundKind::ramp) << "left alone";
  }
  ik::Ground ground;
  std::string error;
  EXPECT_FALSE(ik::read_ground_spec("hills", ground, error));
  EXPECT_EQ(error,
            "hills: not a ground (plane, ramp:DEGREES, stairs:HEIGHT[:DEPTH], waves:HEIGHT or a .gltf/.glb file)");
}

}  // namespace
