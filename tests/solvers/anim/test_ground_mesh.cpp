// A ground of triangles (solvers/anim/ground_mesh.h): a two-triangle ramp reads as the
// generated ramp, a platform over a floor stands on top, beyond the mesh is the plane, a
// 20,000-triangle heightfield's grid finds what a search of every triangle finds, and the
// meshes that cannot be a ground say why.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "solvers/anim/ground.h"
#include "solvers/anim/ground_mesh.h"

namespace {

// Two triangles of the quad (x0, z0)-(x1, z1) at the heights `height` gives.
template <typename Height>
void add_quad(std::vector<glm::vec3>& corners, float x0, float z0, float x1, float z1, Height height) {
  const glm::vec3 a(x0, height(x0, z0), z0), b(x1, height(x1, z0), z0), c(x1, height(x1, z1), z1),
      d(x0, height(x0, z1), z1);
  corners.insert(corners.end(), {a, b, c, a, c, d});
}

TEST(GroundMesh, ARampOfTwoTrianglesReadsAsTheGeneratedRamp) {
  const ik::Ground ramp{ik::GroundKind::ramp, 15.0f};
  std::vector<glm::vec3> corners;
  add_quad(corners, -2.0f, -2.0f, 2.0f, 2.0f, [&](float x, float z) { return ik::ground_height(ramp, x, z); });
  ik::GroundMesh mesh;
  std::string problem;
  ASSERT_TRUE(ik::build_ground_mesh(corners, mesh, problem)) << problem;
  EXPECT_EQ(ik::ground_mesh_triangles(mesh), 2u);
  for (float x = -1.9f; x < 2.0f; x += 0.37f)
    for (float z = -1.9f; z < 2.0f; z += 0.41f) {
      bool hit = false;
      EXPECT_NEAR(ik::ground_mesh_height(mesh, x, z, &hit), ik::ground_height(ramp, x, z), 1e-5f) << x << ", " << z;
      EXPECT_TRUE(hit);
      EXPECT_LT(glm::length(ik::ground_mesh_normal(mesh, x, z) - ik::ground_normal(ramp, x, z)), 1e-5f);
    }
  // Beyond the mesh: the plane.
  bool hit = true;
  EXPECT_EQ(ik::ground_mesh_height(mesh, 3.0f, 0.0f, &hit), 0.0f);
  EXPECT_FALSE(hit);
  EXPECT_EQ(ik::ground_mesh_normal(mesh, 0.0f, -5.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  // As a Ground.
  ik::Ground ground;
  ground.kind = ik::GroundKind::mesh;
  ground.mesh = std::make_shared<ik::GroundMesh>(mesh);
  ground.source = "/grounds/ramp.gltf";
  EXPECT_NEAR(ik::ground_height(ground, 0.5f, 1.0f), ik::ground_height(ramp, 0.5f, 1.0f), 1e-5f);
  EXPECT_EQ(ik::ground_spec(ground), "/grounds/ramp.gltf");
  EXPECT_TRUE(ik::same_ground(ground, ground));
  ik::Ground other = ground;
  other.mesh = std::make_shared<ik::GroundMesh>(mesh);
  EXPECT_FALSE(ik::same_ground(ground, other)) << "another mesh read";
}

TEST(GroundMesh, AFootStandsOnThePlatformOverTheFloor) {
  std::vector<glm::vec3> corners;
  add_quad(corners, -3.0f, -3.0f, 3.0f, 3.0f, [](float, float) { return 0.0f; });
  add_quad(corners, 0.0f, 0.0f, 1.0f, 1.0f, [](float, float) { return 0.5f; });
  add_quad(corners, 0.0f, 0.0f, 1.0f, 1.0f, [](float, float) { return 0.4f; });  // the slab's underside
  ik::GroundMesh mesh;
  std::string problem;
  ASSERT_TRUE(ik::build_ground_mesh(corners, mesh, problem)) << problem;
  EXPECT_FLOAT_EQ(ik::ground_mesh_height(mesh, 0.5f, 0.5f), 0.5f);
  EXPECT_FLOAT_EQ(ik::ground_mesh_height(mesh, -0.5f, 0.5f), 0.0f);
  EXPECT_FLOAT_EQ(ik::ground_mesh_height(mesh, 1.0f, 0.5f), 0.5f) << "on the platform's edge";
}

TEST(GroundMesh, TheGridFindsWhatASearchOfEveryTriangleFinds) {
  // 100 x 100 quads of bumps over 10 x 10 units: 20,000 triangles.
  const auto bumps = [](float x, float z) { return 0.2f * std::sin(1.3f * x) * std::cos(0.9f * z); };
  std::vector<glm::vec3> corners;
  for (int i = 0; i < 100; ++i)
    for (int k = 0; k < 100; ++k)
      add_quad(corners, -5.0f + 0.1f * i, -5.0f + 0.1f * k, -4.9f + 0.1f * i, -4.9f + 0.1f * k, bumps);
  ik::GroundMesh mesh, one_cell;
  std::string problem;
  ASSERT_TRUE(ik::build_ground_mesh(corners, mesh, problem)) << problem;
  EXPECT_GT(mesh.cells_x * mesh.cells_z, 1000);
  // The same triangles in one cell: every height is a search of all of them.
  one_cell = mesh;
  one_cell.cells_x = one_cell.cells_z = 1;
  one_cell.cell_size = 1e9f;
  one_cell.cell_first = {0, static_cast<int>(ik::ground_mesh_triangles(mesh))};
  one_cell.cell_triangles.resize(ik::ground_mesh_triangles(mesh));
  for (size_t t = 0; t < one_cell.cell_triangles.size(); ++t) one_cell.cell_triangles[t] = static_cast<int>(t);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> at(-5.5f, 5.5f);
  for (int n = 0; n < 1000; ++n) {
    const float x = at(random), z = at(random);
    bool hit = false, hit_all = false;
    EXPECT_EQ(ik::ground_mesh_height(mesh, x, z, &hit), ik::ground_mesh_height(one_cell, x, z, &hit_all))
        << x << ", " << z;
    EXPECT_EQ(hit, hit_all);
  }
}

TEST(GroundMesh, MeshesThatCannotBeAGroundSayWhy) {
  ik::GroundMesh mesh;
  mesh.cells_x = 7;
  std::string problem;
  EXPECT_FALSE(ik::build_ground_mesh({}, mesh, problem));
  EXPECT_EQ(problem, "has no triangles");
  EXPECT_FALSE(ik::build_ground_mesh({{0, 0, 0}, {1, 0, 0}, {0, NAN, 1}}, mesh, problem));
  EXPECT_EQ(problem, "a corner of triangle 1 is not a finite number (or is past 1e9)");
  EXPECT_FALSE(ik::build_ground_mesh({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}}, mesh, problem));  // a wall
  EXPECT_EQ(problem, "has no triangle that faces up or down (all are walls)");
  EXPECT_EQ(mesh.cells_x, 7) << "left alone";
}

}  // namespace
