// The ground (solvers/anim/ground.h): heights and normals against values worked out by hand,
// specs read and written back, and each bad spec one message naming it.
#include <gtest/gtest.h>

#include <cmath>

#include "solvers/anim/ground.h"

namespace {

TEST(Ground, HeightsAndNormals) {
  const ik::Ground plane;
  EXPECT_EQ(ik::ground_height(plane, 3.0f, -2.0f), 0.0f);
  EXPECT_EQ(ik::ground_normal(plane, 3.0f, -2.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  const ik::Ground ramp{ik::GroundKind::ramp, 30.0f};
  EXPECT_NEAR(ik::ground_height(ramp, 5.0f, 1.0f), std::tan(3.14159265f / 6.0f), 1e-6f);  // along +Z only
  EXPECT_NEAR(ik::ground_height(ramp, 0.0f, -2.0f), -2.0f * std::tan(3.14159265f / 6.0f), 1e-5f);
  const glm::vec3 n = ik::ground_normal(ramp, 0.0f, 0.0f);
  EXPECT_NEAR(glm::dot(n, glm::normalize(glm::vec3(0.0f, std::tan(0.5236f), 1.0f))), 0.0f, 1e-4f);  // across the slope
  EXPECT_NEAR(glm::length(n), 1.0f, 1e-6f);
  const ik::Ground stairs{ik::GroundKind::stairs, 0.2f};
  EXPECT_EQ(ik::ground_height(stairs, 0.0f, -0.1f), 0.0f);
  EXPECT_FLOAT_EQ(ik::ground_height(stairs, 0.0f, 0.0f), 0.2f);
  EXPECT_FLOAT_EQ(ik::ground_height(stairs, 0.0f, 0.29f), 0.2f);
  EXPECT_FLOAT_EQ(ik::ground_height(stairs, 0.0f, 0.31f), 0.4f);
  EXPECT_EQ(ik::ground_normal(stairs, 0.0f, 0.5f), glm::vec3(0.0f, 1.0f, 0.0f));
  // Deeper treads: a step every 0.8.
  ik::Ground deep = stairs;
  deep.depth = 0.8f;
  EXPECT_FLOAT_EQ(ik::ground_height(deep, 0.0f, 0.31f), 0.2f);
  EXPECT_FLOAT_EQ(ik::ground_height(deep, 0.0f, 0.79f), 0.2f);
  EXPECT_FLOAT_EQ(ik::ground_height(deep, 0.0f, 0.81f), 0.4f);
  EXPECT_FALSE(ik::same_ground(stairs, deep));
  // The steps and where each tread begins (the viewport draws the risers there).
  EXPECT_EQ(ik::stair_steps(deep, -0.1f), 0);
  EXPECT_EQ(ik::stair_steps(deep, 0.0f), 1);
  EXPECT_EQ(ik::stair_steps(deep, 1.7f), 3);
  EXPECT_FLOAT_EQ(ik::tread_start(deep, 0.79f), 0.0f);
  EXPECT_FLOAT_EQ(ik::tread_start(deep, 1.7f), 1.6f);
  const ik::Ground waves{ik::GroundKind::waves, 0.1f};
  EXPECT_FLOAT_EQ(ik::ground_height(waves, 0.0f, 0.0f), 0.05f);                  // half way
  EXPECT_NEAR(ik::ground_height(waves, 1.7f / 4.0f, 2.3f / 4.0f), 0.1f, 1e-6f);  // a crest
  // The normal is square to the surface: a small step along it from a point stays level
  // with the surface to first order.
  for (float x : {0.1f, 0.7f}) {
    const glm::vec3 m = ik::ground_normal(waves, x, 0.3f);
    const float e = 1e-3f;
    const glm::vec3 along_x(e, ik::ground_height(waves, x + e, 0.3f) - ik::ground_height(waves, x, 0.3f), 0.0f);
    EXPECT_NEAR(glm::dot(m, along_x), 0.0f, 1e-5f);
  }
}

TEST(Ground, SpecsReadAndWrittenBack) {
  for (const char* spec : {"plane", "ramp:15", "ramp:-30", "stairs:0.2", "stairs:0.25:0.8", "waves:0.1"}) {
    ik::Ground g;
    std::string error;
    ASSERT_TRUE(ik::parse_ground(spec, g, error)) << spec << ": " << error;
    EXPECT_EQ(ik::ground_spec(g), spec);
  }
}

TEST(Ground, ABadSpecIsOneMessageAndChangesNothing) {
  const std::pair<const char*, const char*> cases[] = {
      {"ramp:75", "ramp:75: the slope must be from -60 to 60 degrees"},
      {"ramp", "ramp: 'ramp' needs a number after ':' (ramp:15)"},
      {"stairs:x", "stairs:x: 'stairs' needs a number after ':' (stairs:0.2)"},
      {"stairs:2", "stairs:2: the step height must be from -1 to 1"},
      {"stairs:0.2:", "stairs:0.2:: the tread's depth after the second ':' must be a number (stairs:0.2:0.8)"},
      {"stairs:0.2:0.8x", "stairs:0.2:0.8x: the tread's depth after the second ':' must be a number (stairs:0.2:0.8)"},
      {"stairs:0.2:0", "stairs:0.2:0: the tread's depth must be from 0.05 to 10"},
      {"stairs:0.2:-1", "stairs:0.2:-1: the tread's depth must be from 0.05 to 10"},
      {"stairs:0.2:inf", "stairs:0.2:inf: the tread's depth after the second ':' must be a number (stairs:0.2:0.8)"},
      {"ramp:15:2", "ramp:15:2: 'ramp' needs a number after ':' (ramp:15)"},
      {"waves:-0.1", "waves:-0.1: the bump height must be from 0 to 1"},
      {"ramp:nan", "ramp:nan: 'ramp' needs a number after ':' (ramp:15)"},
      {"hill:3",
       "hill:3: not a ground (plane, ramp:DEGREES, stairs:HEIGHT[:DEPTH], waves:HEIGHT or a .gltf/.glb file)"},
      {"", ": not a ground (plane, ramp:DEGREES, stairs:HEIGHT[:DEPTH], waves:HEIGHT or a .gltf/.glb file)"},
      {"terrain.GLB", "terrain.GLB: a ground mesh is read from its file, not from a spec"},
  };
  for (const auto& [spec, message] : cases) {
    ik::Ground g{ik::GroundKind::waves, 0.3f};
    std::string error;
    EXPECT_FALSE(ik::parse_ground(spec, g, error)) << spec;
    EXPECT_EQ(error, message);
    EXPECT_EQ(g.kind, ik::GroundKind::waves);
    EXPECT_EQ(g.value, 0.3f);
  }
}

}  // namespace
