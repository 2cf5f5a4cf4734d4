// Goal dragging maths: the drag planes (view, ground, limb, and when they give way to the
// view's), plane hits and axis-constrained drags.
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

// A three-quarter view looking down at 20 degrees: each plane's normal as chosen, facing the
// camera; the ground and a bent limb's plane kept, a straight limb's and an edge-on ground's
// giving way to the view's.
TEST(GoalDrag, EachDragPlaneAndWhenItGivesWayToTheView) {
  const glm::vec3 ray = glm::normalize(glm::vec3(-0.6f, -0.36f, -0.7f));
  const glm::vec3 root(0, 1.4f, 0), elbow(0.3f, 1.2f, 0.05f), hand(0.3f, 0.95f, 0.3f);
  const glm::vec3 view = app::drag_plane_normal(app::DragPlane::view, ray, root, elbow, hand);
  EXPECT_NEAR(glm::length(view + ray), 0.0f, 1e-6f);
  const glm::vec3 ground = app::drag_plane_normal(app::DragPlane::ground, ray, root, elbow, hand);
  EXPECT_EQ(ground, glm::vec3(0, 1, 0));
  const glm::vec3 limb = app::drag_plane_normal(app::DragPlane::limb, ray, root, elbow, hand);
  EXPECT_NEAR(glm::dot(limb, elbow - root), 0.0f, 1e-5f) << "the limb's joints lie in its plane";
  EXPECT_NEAR(glm::dot(limb, hand - root), 0.0f, 1e-5f);
  EXPECT_GT(glm::dot(limb, -ray), 0.0f) << "the plane faces the camera";
  EXPECT_NEAR(glm::length(limb), 1.0f, 1e-5f);
  // A straight limb has no plane; a horizontal view sees the ground edge-on.
  const glm::vec3 straight = app::drag_plane_normal(app::DragPlane::limb, ray, root, root + glm::vec3(0, -0.3f, 0),
                                                    root + glm::vec3(0, -0.6f, 0));
  EXPECT_EQ(straight, -ray);
  const glm::vec3 level = glm::normalize(glm::vec3(-0.6f, -0.05f, -0.7f));
  EXPECT_EQ(app::drag_plane_normal(app::DragPlane::ground, level, root, elbow, hand), -level);
  EXPECT_STREQ(app::drag_plane_name(app::DragPlane::limb), "limb");
}

}  // namespace
