// The transform gizmo's maths (app/editor/gizmo.h): constant size on screen, picking the part under
// the mouse, and what a drag of each part does to the goal: arrows move along their axis
// only, squares in their plane only, rings turn about their axis. No window: a camera and
// a viewport area are enough.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/quaternion.hpp>

#include "app/editor/gizmo.h"

namespace {

const app::ViewportArea kGizmoArea{100.0f, 40.0f, 800.0f, 600.0f};

// Cameras: perspective and orthographic, a humanoid (m) and a centimetre rig, several sides.
std::vector<render::Camera> cameras() {
  std::vector<render::Camera> out;
  const float directions[][2] = {{0.6f, 0.25f}, {-2.2f, 0.7f}, {2.9f, -0.4f}};
  for (bool ortho : {false, true})
    for (float distance : {3.0f, 250.0f})
      for (const auto& d : directions) {
        render::Camera c;
        c.orthographic = ortho;
        c.distance = distance;
        c.target = glm::vec3(0.0f, 0.3f, 0.0f) * distance;
        c.yaw = d[0];
        c.pitch = d[1];
        out.push_back(c);
      }
  return out;
}

glm::vec3 centre_for(const render::Camera& c) { return c.target + glm::vec3(0.1f, -0.05f, 0.08f) * c.distance; }

// The window point on a part: the middle of an arrow's shaft, a square's middle, a ring's
// point at 45 degrees (at 0 degrees each ring crosses another).
bool point_on(const std::vector<app::GizmoPiece>& pieces, app::GizmoPart part, const render::Camera& c, glm::vec2& at) {
  for (const app::GizmoPiece& p : pieces) {
    if (p.part != part || p.segment_pairs) continue;
    glm::vec3 model = p.points[p.points.size() / 8];
    if (p.points.size() == 2) model = 0.5f * (p.points[0] + p.points[1]);
    if (p.points.size() == 4) model = 0.25f * (p.points[0] + p.points[1] + p.points[2] + p.points[3]);
    at = app::project_to_window(c, kGizmoArea, model);
    return true;
  }
  return false;
}

TEST(Gizmo, StaysTheSameSizeOnScreen) {
  for (const render::Camera& c : cameras()) {
    const glm::vec3 centre = centre_for(c);
    const glm::vec2 middle = app::project_to_window(c, kGizmoArea, centre);
    float longest = 0.0f;  // the arrow least foreshortened is nearly its full length
    for (const app::GizmoPiece& p : app::gizmo_shape(app::GizmoMode::translate, c, kGizmoArea, centre))
      if (!p.segment_pairs && p.points.size() == 2)
        longest = std::max(longest, glm::distance(middle, app::project_to_window(c, kGizmoArea, p.points[1])));
    EXPECT_GT(longest, 0.75f * app::kGizmoArrowPoints);
    EXPECT_LT(longest, 1.25f * app::kGizmoArrowPoints);
    // The view ring is a circle on screen of about 1.05 arrow lengths whatever the zoom.
    for (const app::GizmoPiece& p : app::gizmo_shape(app::GizmoMode::rotate, c, kGizmoArea, centre))
      if (p.part == app::GizmoPart::ring_view) {
        for (const glm::vec3& q : p.points)
          EXPECT_NEAR(glm::distance(middle, app::project_to_window(c, kGizmoArea, q)), 1.05f * app::kGizmoArrowPoints,
                      0.12f * app::kGizmoArrowPoints);
      }
  }
}

TEST(Gizmo, PicksThePartUnderTheMouseAndLeavesTheMiddleToTheGoal) {
  for (const render::Camera& c : cameras()) {
    const glm::vec3 centre = centre_for(c);
    for (app::GizmoMode mode : {app::GizmoMode::translate, app::GizmoMode::rotate}) {
      const auto pieces = app::gizmo_shape(mode, c, kGizmoArea, centre);
      int picked = 0;
      for (const app::GizmoPiece& p : pieces) {
        glm::vec2 at;
        if (p.segment_pairs || !point_on(pieces, p.part, c, at)) continue;
        const app::GizmoPart got = app::pick_gizmo(mode, c, kGizmoArea, centre, at.x, at.y);
        // Rings cross each other: a ring's first point may lie on another ring too.
        if (mode == app::GizmoMode::translate) {
          EXPECT_EQ(got, p.part);
        }
        picked += got == p.part;
      }
      EXPECT_GE(picked, mode == app::GizmoMode::translate ? 5 : 4);
      const glm::vec2 middle = app::project_to_window(c, kGizmoArea, centre);
      EXPECT_EQ(app::pick_gizmo(mode, c, kGizmoArea, centre, middle.x, middle.y), app::GizmoPart::none);
      EXPECT_EQ(app::pick_gizmo(mode, c, kGizmoArea, centre, middle.x + 300.0f, middle.y + 250.0f),
                app::GizmoPart::none);
    }
  }
}

TEST(Gizmo, ArrowPointingAtTheViewerIsLeftOut) {
  render::Camera c;
  c.set_axis_view(render::Camera::AxisView::front, false);  // looking down -Z
  const auto pieces = app::gizmo_shape(app::GizmoMode::translate, c, kGizmoArea, c.target);
  for (const app::GizmoPiece& p : pieces) {
    EXPECT_NE(p.part, app::GizmoPart::arrow_z);
    EXPECT_NE(p.part, app::GizmoPart::plane_yz);  // edge-on
    EXPECT_NE(p.part, app::GizmoPart::plane_xz);
  }
}

TEST(Gizmo, ArrowDragMovesAlongItsAxisOnly) {
  for (const render::Camera& c : cameras()) {
    const glm::vec3 centre = centre_for(c);
    const auto pieces = app::gizmo_shape(app::GizmoMode::translate, c, kGizmoArea, centre);
    for (int a = 0; a < 3; ++a) {
      const auto part = static_cast<app::GizmoPart>(static_cast<int>(app::GizmoPart::arrow_x) + a);
      glm::vec2 at;
      if (!point_on(pieces, part, c, at)) continue;
      app::GizmoDrag drag;
      ASSERT_TRUE(drag.begin(part, c, kGizmoArea, centre, glm::quat(1, 0, 0, 0), at.x, at.y));
      EXPECT_LT(glm::distance(drag.position(c, kGizmoArea, at.x, at.y), centre), 1e-4f * c.distance);
      // The arrow's direction on screen: dragging along it moves the goal along +axis.
      const glm::vec3 mid_model = centre + 0.5f * app::kGizmoArrowPoints *
                                               c.units_per_pixel(centre, kGizmoArea.height) *
                                               glm::vec3(a == 0, a == 1, a == 2);
      glm::vec3 ahead = mid_model;
      ahead[a] += 1e-3f * c.distance;
      const glm::vec2 along = glm::normalize(app::project_to_window(c, kGizmoArea, ahead) -
                                             app::project_to_window(c, kGizmoArea, mid_model));
      const glm::vec2 to = at + 40.0f * along + glm::vec2(7.0f, -5.0f);  // a little off the line too
      const glm::vec3 moved = drag.position(c, kGizmoArea, to.x, to.y) - centre;
      EXPECT_GT(moved[a], 0.0f);
      for (int other = 0; other < 3; ++other)
        if (other != a) {
          EXPECT_NEAR(moved[other], 0.0f, 1e-5f * c.distance);
        }
    }
  }
}

TEST(Gizmo, SquareDragMovesInItsPlaneOnly) {
  for (const render::Camera& c : cameras()) {
    const glm::vec3 centre = centre_for(c);
    const auto pieces = app::gizmo_shape(app::GizmoMode::translate, c, kGizmoArea, centre);
    int tried = 0;
    for (int a = 0; a < 3; ++a) {
      const auto part = static_cast<app::GizmoPart>(static_cast<int>(app::GizmoPart::plane_yz) + a);
      glm::vec2 at;
      if (!point_on(pieces, part, c, at)) continue;
      app::GizmoDrag drag;
      if (!drag.begin(part, c, kGizmoArea, centre, glm::quat(1, 0, 0, 0), at.x, at.y)) continue;
      ++tried;
      const glm::vec3 moved = drag.position(c, kGizmoArea, at.x + 25.0f, at.y - 18.0f) - centre;
      EXPECT_GT(glm::length(moved), 1e-4f * c.distance);
      EXPECT_NEAR(moved[a], 0.0f, 1e-5f * c.distance);
    }
    EXPECT_GE(tried, 2);
  }
}

TEST(Gizmo, RingDragTurnsAboutItsAxisBySweptScreenAngle) {
  for (const render::Camera& c : cameras()) {
    const glm::vec3 centre = centre_for(c);
    const glm::quat start = glm::normalize(glm::quat(0.9f, 0.1f, -0.3f, 0.2f));
    const glm::vec2 middle = app::project_to_window(c, kGizmoArea, centre);
    for (int a = 0; a < 4; ++a) {
      const auto part = static_cast<app::GizmoPart>(static_cast<int>(app::GizmoPart::ring_x) + a);
      app::GizmoDrag drag;
      // A press right of the centre, then a quarter turn anticlockwise on screen (upwards).
      ASSERT_TRUE(drag.begin(part, c, kGizmoArea, centre, start, middle.x + 60.0f, middle.y));
      const glm::quat turned = drag.orientation(c, kGizmoArea, middle.x, middle.y - 60.0f);
      const glm::quat delta = glm::normalize(turned * glm::conjugate(start));
      const float angle = 2.0f * std::acos(std::min(1.0f, std::fabs(delta.w)));
      EXPECT_NEAR(angle, 1.5707963f, 1e-3f);
      const glm::vec3 axis = glm::normalize(glm::vec3(delta.x, delta.y, delta.z));
      EXPECT_GT(std::fabs(glm::dot(axis, drag.axis)), 0.9999f);
      EXPECT_EQ(drag.position(c, kGizmoArea, middle.x, middle.y - 60.0f), centre);  // rings never move it
      if (part == app::GizmoPart::ring_view) {
        // Anticlockwise on screen turns anticlockwise as the viewer sees it: about the axis
        // towards the viewer, positively.
        EXPECT_GT(glm::dot(axis, drag.axis) * delta.w, 0.0f);
      }
    }
  }
}

TEST(Gizmo, NothingGrabbedNothingMoves) {
  render::Camera c;
  app::GizmoDrag drag;
  EXPECT_FALSE(drag.begin(app::GizmoPart::none, c, kGizmoArea, c.target, glm::quat(1, 0, 0, 0), 400.0f, 300.0f));
  EXPECT_EQ(drag.position(c, kGizmoArea, 10.0f, 10.0f), drag.start_position);
}

}  // namespace
