// Picking among overlapping handles (app/editor/viewport.h, pick_handle): the selected chain's
// handles first, then the one nearest to the camera; nothing beyond the radius or behind
// the camera. No window: a camera and a viewport area are enough.
#include <gtest/gtest.h>

#include "app/editor/viewport.h"

namespace {

const app::ViewportArea kPickingArea{0.0f, 0.0f, 800.0f, 600.0f};

// Three handles on one line of sight (the ray through window point (420, 310)): far, near,
// middle, owned by chains 5, 6, 7.
struct Pile {
  render::Camera camera;
  std::vector<glm::vec3> points;
  std::vector<int> owners{5, 6, 7};
  float x = 420.0f, y = 310.0f;
};

Pile pile(bool ortho) {
  Pile p;
  p.camera.orthographic = ortho;
  const render::Ray ray = app::ray_through_window(p.camera, kPickingArea, p.x, p.y);
  for (float t : {6.0f, 2.0f, 4.0f}) p.points.push_back(ray.origin + t * ray.direction);
  return p;
}

TEST(Picking, OverlappingHandlesTakeTheNearestToTheCamera) {
  for (bool ortho : {false, true}) {
    const Pile p = pile(ortho);
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, p.owners, -1, p.x, p.y, 14.0f), 1);
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, {}, -1, p.x + 5.0f, p.y - 5.0f, 14.0f), 1);
    // The order of the list does not matter.
    std::vector<glm::vec3> reversed(p.points.rbegin(), p.points.rend());
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, reversed, {}, -1, p.x, p.y, 14.0f), 1);
  }
}

TEST(Picking, TheSelectedChainsHandleComesFirst) {
  for (bool ortho : {false, true}) {
    const Pile p = pile(ortho);
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, p.owners, 5, p.x, p.y, 14.0f), 0);  // the farthest
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, p.owners, 7, p.x, p.y, 14.0f), 2);
    // A chain owning two handles there: its nearer one.
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, {7, 6, 7}, 7, p.x, p.y, 14.0f), 2);
    // A selected chain with no handle under the mouse changes nothing.
    EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, p.owners, 9, p.x, p.y, 14.0f), 1);
  }
}

TEST(Picking, NothingBeyondTheRadiusOrBehindTheCamera) {
  const Pile p = pile(false);
  EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, p.points, p.owners, 5, p.x + 20.0f, p.y, 14.0f), -1);
  EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, {}, {}, -1, p.x, p.y, 14.0f), -1);
  const render::Ray ray = app::ray_through_window(p.camera, kPickingArea, p.x, p.y);
  const std::vector<glm::vec3> behind{ray.origin - 3.0f * ray.direction};
  EXPECT_EQ(app::pick_handle(p.camera, kPickingArea, behind, {}, -1, p.x, p.y, 1000.0f), -1);
}

}  // namespace
