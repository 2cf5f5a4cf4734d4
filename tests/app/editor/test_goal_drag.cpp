// Goal dragging maths: camera-facing plane and axis-constrained drags.
#include "app/editor/goal_drag.h"

#include <gtest/gtest.h>

namespace {

TEST(GoalDrag, PlaneHitLiesOnThePlaneAndTheRay) {
  render::Ray ray{{0, 0, 5}, glm::normalize(glm::vec3(0.1f, 0.2f, -1.0f))};
  glm::vec3 hit;
  ASSERT_TRUE(app::ray_plane_hit(ray, {0, 0, 0}, {0, 0, 1}, hit));
  EXPECT_NEAR(hit.z, 0.0f, 1e-5f);
  const glm::vec3 along = glm::normalize(hit - ray.origin);
  EXPECT_NEAR(glm::dot(along, ray.direction), 1.0f, 1e-5f);
}

TEST(GoalDrag, PlaneBehindOrParallelIsNoHit) {
  glm::vec3 hit(7.0f);
  EXPECT_FALSE(app::ray_plane_hit({{0, 0, 5}, {0, 0, 1}}, {0, 0, 0}, {0, 0, 1}, hit));
  EXPECT_FALSE(app::ray_plane_hit({{0, 0, 5}, {1, 0, 0}}, {0, 0, 0}, {0, 0, 1}, hit));
  EXPECT_EQ(hit, glm::vec3(7.0f)) << "no hit must leave the output alone";
}

TEST(GoalDrag, AxisDragMovesOnlyAlongTheAxis) {
  // A ray looking down -Z through x = 2 picks x = 2 on the X axis through (0, 1, 0).
  render::Ray ray{{2, 5, 10}, {0, 0, -1}};
  const glm::vec3 p = app::closest_point_on_axis(ray, {0, 1, 0}, {1, 0, 0});
  EXPECT_NEAR(p.x, 2.0f, 1e-5f);
  EXPECT_NEAR(p.y, 1.0f, 1e-6f);
  EXPECT_NEAR(p.z, 0.0f, 1e-6f);
  // Along the axis itself: no best point, the origin stays.
  const glm::vec3 q = app::closest_point_on_axis({{0, 1, 5}, {1, 0, 0}}, {0, 1, 0}, {1, 0, 0});
  EXPECT_EQ(q, glm::vec3(0, 1, 0));
}

}  // namespace
