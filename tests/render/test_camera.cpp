// Tests of the orbit camera (render/camera.h): framing, picking rays, pan, orbit, zoom.
// Plain maths: no window needed.
//
// Index:
//   helpers                      Box, corners, to_clip, to_pixel, distance_to_ray; the boxes, aspects and
//                                directions the framing tests try
//   Framing                      every corner inside the frustum, the direction kept and the box centred,
//                                near and far planes that follow the distance
//   Picking rays                 the centre pixel's ray hits the target, a pixel's ray projects back onto it
//   Pan, orbit, zoom             the grabbed point stays under the mouse, orbit keeps target and distance and
//                                stops short of the poles, zoom is exponential and reversible
//   Orthographic and axis views  parallel rays, the same size at the target's depth, units_per_pixel, axis views
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "render/camera.h"

namespace {

struct Box {
  glm::vec3 lo;
  glm::vec3 hi;
};

std::vector<glm::vec3> corners(const Box& b) {
  std::vector<glm::vec3> out;
  for (int i = 0; i < 8; ++i)
    out.emplace_back((i & 1) ? b.hi.x : b.lo.x, (i & 2) ? b.hi.y : b.lo.y,
                     (i & 4) ? b.hi.z : b.lo.z);
  return out;
}

// Clip-space position of a model-space point.
glm::vec4 to_clip(const render::Camera& camera, float aspect, const glm::vec3& p) {
  return camera.projection(aspect) * camera.view() * glm::vec4(p, 1.0f);
}

// Window pixel (origin top-left) of a model-space point.
glm::vec2 to_pixel(const render::Camera& camera, float width, float height, const glm::vec3& p) {
  const glm::vec4 clip = to_clip(camera, width / height, p);
  const glm::vec2 ndc(clip.x / clip.w, clip.y / clip.w);
  return {(ndc.x + 1.0f) * 0.5f * width, (1.0f - ndc.y) * 0.5f * height};
}

// Distance from point p to the line through the ray.
float distance_to_ray(const render::Ray& ray, const glm::vec3& p) {
  const glm::vec3 v = p - ray.origin;
  return glm::length(v - glm::dot(v, ray.direction) * ray.direction);
}

const Box kBoxes[] = {
    {{-0.5f, 0.0f, -0.3f}, {0.5f, 1.8f, 0.3f}},        // a 2-unit humanoid
    {{-50.0f, 0.0f, -30.0f}, {50.0f, 180.0f, 30.0f}},  // the same in centimetres
    {{-100.0f, -1.0f, -0.1f}, {100.0f, 1.0f, 0.1f}},   // a long flat 200-unit tentacle
    {{40.0f, 10.0f, -7.0f}, {41.0f, 12.0f, -6.5f}},    // small and far from the origin
    {{-1.0f, -1.0f, -1.0f}, {1.0f, 1.0f, 1.0f}},       // a cube
};
const float kAspects[] = {0.4f, 1.0f, 16.0f / 9.0f, 3.0f};
const float kDirections[][2] = {{0.6f, 0.25f}, {0.0f, 0.0f}, {-2.5f, 1.2f}, {3.0f, -0.8f}};

// ---- Framing ----------------------------------------------------------------------------

TEST(Camera, FrameKeepsEveryCornerInsideTheFrustum) {
  for (const Box& box : kBoxes) {
    for (float aspect : kAspects) {
      for (const auto& direction : kDirections) {
        render::Camera camera;
        camera.yaw = direction[0];
        camera.pitch = direction[1];
        camera.frame(box.lo, box.hi, aspect);
        float largest_extent = 0.0f;  // how far out the outermost corner reaches, in NDC
        for (const glm::vec3& c : corners(box)) {
          const glm::vec4 clip = to_clip(camera, aspect, c);
          ASSERT_GT(clip.w, 0.0f);
          const glm::vec3 ndc = glm::vec3(clip) / clip.w;
          EXPECT_LE(std::abs(ndc.x), 1.0f) << "aspect " << aspect << " box hi.x " << box.hi.x;
          EXPECT_LE(std::abs(ndc.y), 1.0f) << "aspect " << aspect << " box hi.x " << box.hi.x;
          EXPECT_GT(ndc.z, -1.0f);  // beyond the near plane
          EXPECT_LT(ndc.z, 1.0f);   // before the far plane
          largest_extent = std::max({largest_extent, std::abs(ndc.x), std::abs(ndc.y)});
        }
        // Framed, not merely visible: the box fills most of the view in one direction.
        EXPECT_GT(largest_extent, 0.8f) << "aspect " << aspect << " box hi.x " << box.hi.x;
      }
    }
  }
}

TEST(Camera, FrameKeepsTheViewingDirectionAndCentresTheBox) {
  render::Camera camera;
  camera.yaw = 1.1f;
  camera.pitch = -0.4f;
  const glm::vec3 forward_before = camera.forward();
  const Box box{{-50.0f, 0.0f, -30.0f}, {50.0f, 180.0f, 30.0f}};
  camera.frame(box.lo, box.hi, 1.5f);
  EXPECT_FLOAT_EQ(camera.yaw, 1.1f);
  EXPECT_FLOAT_EQ(camera.pitch, -0.4f);
  EXPECT_NEAR(glm::length(camera.forward() - forward_before), 0.0f, 1e-6f);
  const glm::vec3 centre = 0.5f * (box.lo + box.hi);
  EXPECT_NEAR(glm::length(camera.target - centre), 0.0f, 1e-4f);
}

TEST(Camera, NearAndFarFollowTheDistance) {
  render::Camera small_rig;
  small_rig.frame({-0.5f, 0.0f, -0.3f}, {0.5f, 1.8f, 0.3f}, 1.6f);
  render::Camera centimetre_rig;
  centimetre_rig.frame({-50.0f, 0.0f, -30.0f}, {50.0f, 180.0f, 30.0f}, 1.6f);
  // The same rig at 100 times the size is seen from 100 times as far, with planes scaled
  // alike, so depth precision around the rig is the same.
  EXPECT_NEAR(centimetre_rig.distance / small_rig.distance, 100.0f, 1e-2f);
  EXPECT_NEAR(centimetre_rig.near_plane() / small_rig.near_plane(), 100.0f, 1e-2f);
  EXPECT_NEAR(centimetre_rig.far_plane() / small_rig.far_plane(), 100.0f, 1e-2f);
  EXPECT_LT(centimetre_rig.near_plane(), centimetre_rig.distance);
  EXPECT_GT(centimetre_rig.far_plane(), centimetre_rig.distance);
}

// ---- Picking rays -----------------------------------------------------------------------

TEST(Camera, RayThroughTheCentrePixelHitsTheTarget) {
  render::Camera camera;
  camera.target = {3.0f, 90.0f, -2.0f};
  camera.distance = 250.0f;
  camera.yaw = -0.7f;
  camera.pitch = 0.3f;
  const render::Ray ray = camera.ray_through(640.0f, 400.0f, 1280.0f, 800.0f);
  EXPECT_NEAR(glm::length(ray.origin - camera.eye()), 0.0f, 1e-3f);
  EXPECT_NEAR(glm::length(ray.direction), 1.0f, 1e-5f);
  EXPECT_NEAR(distance_to_ray(ray, camera.target), 0.0f, 1e-3f);
  EXPECT_GT(glm::dot(camera.target - ray.origin, ray.direction), 0.0f);  // in front
}

TEST(Camera, RayThroughAPixelProjectsBackOntoThatPixel) {
  render::Camera camera;
  camera.target = {0.0f, 1.0f, 0.0f};
  camera.distance = 5.0f;
  const float width = 1000.0f;
  const float height = 600.0f;
  const glm::vec2 pixels[] = {{0.0f, 0.0f}, {1000.0f, 600.0f}, {123.5f, 456.5f}, {900.0f, 50.0f}};
  for (const glm::vec2& pixel : pixels) {
    const render::Ray ray = camera.ray_through(pixel.x, pixel.y, width, height);
    for (float t : {1.0f, 5.0f, 40.0f}) {
      const glm::vec2 back = to_pixel(camera, width, height, ray.origin + t * ray.direction);
      EXPECT_NEAR(back.x, pixel.x, 0.05f);
      EXPECT_NEAR(back.y, pixel.y, 0.05f);
    }
  }
}

// ---- Pan, orbit, zoom -------------------------------------------------------------------

TEST(Camera, PanKeepsThePointUnderTheMouseUnderIt) {
  const float width = 1280.0f;
  const float height = 800.0f;
  for (float distance : {4.0f, 400.0f}) {
    render::Camera camera;
    camera.target = {0.2f, 1.0f, -0.3f};
    camera.distance = distance;
    camera.yaw = 0.8f;
    camera.pitch = 0.5f;
    // A point at the target's depth, under the mouse at (700, 300).
    const render::Ray ray = camera.ray_through(700.0f, 300.0f, width, height);
    const float depth = glm::dot(camera.target - ray.origin, camera.forward()) /
                        glm::dot(ray.direction, camera.forward());
    const glm::vec3 grabbed = ray.origin + depth * ray.direction;
    const glm::vec3 target_before = camera.target;
    const glm::vec3 forward_before = camera.forward();

    camera.pan(35.0f, -20.0f, height);  // the mouse moves to (735, 280)

    const glm::vec2 now = to_pixel(camera, width, height, grabbed);
    EXPECT_NEAR(now.x, 735.0f, 0.05f) << "distance " << distance;
    EXPECT_NEAR(now.y, 280.0f, 0.05f) << "distance " << distance;
    // The target moved, and only within the view plane.
    const glm::vec3 moved = camera.target - target_before;
    EXPECT_GT(glm::length(moved), 0.0f);
    EXPECT_NEAR(glm::dot(moved, forward_before), 0.0f, 1e-5f * distance);
    EXPECT_NEAR(glm::length(camera.forward() - forward_before), 0.0f, 1e-6f);
  }
}

TEST(Camera, OrbitKeepsTargetAndDistance) {
  render::Camera camera;
  camera.target = {1.0f, 2.0f, 3.0f};
  camera.distance = 7.5f;
  const glm::vec3 eye_before = camera.eye();
  const float yaw_before = camera.yaw;
  const float pitch_before = camera.pitch;
  camera.orbit(120.0f, -45.0f);
  EXPECT_NE(camera.yaw, yaw_before);
  EXPECT_NE(camera.pitch, pitch_before);
  EXPECT_GT(glm::length(camera.eye() - eye_before), 0.1f);
  EXPECT_FLOAT_EQ(camera.distance, 7.5f);
  EXPECT_NEAR(glm::length(camera.eye() - camera.target), 7.5f, 1e-4f);
  EXPECT_EQ(camera.target, glm::vec3(1.0f, 2.0f, 3.0f));
}

TEST(Camera, OrbitStopsShortOfThePoles) {
  for (float drag : {1e5f, -1e5f}) {
    render::Camera camera;
    camera.orbit(0.0f, drag);
    EXPECT_LT(std::abs(camera.pitch), 1.5707963f);
    EXPECT_GT(std::abs(camera.pitch), 1.5f);
    const glm::mat4 view = camera.view();
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) EXPECT_TRUE(std::isfinite(view[c][r]));
    // The picking ray still runs from the eye to the target.
    const render::Ray ray = camera.ray_through(50.0f, 50.0f, 100.0f, 100.0f);
    EXPECT_NEAR(distance_to_ray(ray, camera.target), 0.0f, 1e-4f);
  }
}

TEST(Camera, ZoomIsExponentialAndReversible) {
  render::Camera camera;
  camera.distance = 200.0f;
  camera.zoom(1.0f);
  const float after_one = camera.distance;
  EXPECT_LT(after_one, 200.0f);  // wheel up moves closer
  camera.zoom(1.0f);
  const float after_two = camera.distance;
  EXPECT_NEAR(after_two / after_one, after_one / 200.0f, 1e-5f);  // same ratio every step
  camera.zoom(-2.0f);
  EXPECT_NEAR(camera.distance, 200.0f, 1e-3f);
  camera.zoom(-1000.0f);
  EXPECT_TRUE(std::isfinite(camera.distance));
  camera.zoom(1000.0f);
  EXPECT_GT(camera.distance, 0.0f);
}

// ---- Orthographic and axis views --------------------------------------------------------

// Orthographic (numpad 5): every picking ray runs along forward and passes through the
// point that projects onto its pixel, as in perspective.
TEST(Camera, OrthographicRaysAreParallelAndProjectBackOntoTheirPixel) {
  for (const auto& direction : kDirections) {
    render::Camera camera;
    camera.orthographic = true;
    camera.yaw = direction[0];
    camera.pitch = direction[1];
    camera.target = {3.0f, -1.0f, 2.0f};
    camera.distance = 7.0f;
    const float width = 640.0f, height = 360.0f;
    const float pixels[][2] = {{10.0f, 20.0f}, {320.0f, 180.0f}, {600.0f, 350.0f}};
    for (const auto& px : pixels) {
      const render::Ray ray = camera.ray_through(px[0], px[1], width, height);
      EXPECT_NEAR(glm::dot(ray.direction, camera.forward()), 1.0f, 1e-5f);
      for (float t : {1.0f, 20.0f, 70.0f}) {  // any point on the ray lands on the same pixel
        const glm::vec2 back = to_pixel(camera, width, height, ray.origin + t * ray.direction);
        EXPECT_NEAR(back.x, px[0], 1e-2f);
        EXPECT_NEAR(back.y, px[1], 1e-2f);
      }
    }
  }
}

// Switching projection keeps the target's plane the same size: a point on it lands on the
// same pixel in both.
TEST(Camera, OrthographicMatchesPerspectiveAtTheTargetsDepth) {
  render::Camera camera;
  camera.distance = 5.0f;
  const glm::mat4 view = camera.view();
  const glm::vec3 right = glm::vec3(view[0][0], view[1][0], view[2][0]);
  const glm::vec3 up = glm::vec3(view[0][1], view[1][1], view[2][1]);
  const glm::vec3 p = camera.target + 0.8f * right - 1.1f * up;
  const glm::vec2 perspective = to_pixel(camera, 800.0f, 600.0f, p);
  camera.orthographic = true;
  const glm::vec2 ortho = to_pixel(camera, 800.0f, 600.0f, p);
  EXPECT_NEAR(perspective.x, ortho.x, 1e-2f);
  EXPECT_NEAR(perspective.y, ortho.y, 1e-2f);
  // Away from the target's plane the two differ: nearer points look bigger only in perspective.
  const glm::vec3 nearer = p - 2.0f * camera.forward();
  camera.orthographic = false;
  const glm::vec2 near_perspective = to_pixel(camera, 800.0f, 600.0f, nearer);
  camera.orthographic = true;
  const glm::vec2 near_ortho = to_pixel(camera, 800.0f, 600.0f, nearer);
  EXPECT_NEAR(near_ortho.x, ortho.x, 1e-2f);
  EXPECT_GT(std::abs(near_perspective.x - 400.0f), std::abs(ortho.x - 400.0f) + 10.0f);
}

// units_per_pixel: a step of N times it across the view moves the point N pixels, at any
// depth, in both projections (what keeps the gizmo's size on screen constant).
TEST(Camera, UnitsPerPixelMovesAPointThatManyPixels) {
  for (bool ortho : {false, true}) {
    render::Camera camera;
    camera.orthographic = ortho;
    camera.distance = 150.0f;  // a centimetre rig
    const float width = 1000.0f, height = 700.0f;
    const glm::mat4 view = camera.view();
    const glm::vec3 right = glm::vec3(view[0][0], view[1][0], view[2][0]);
    for (float depth_offset : {-100.0f, 0.0f, 300.0f}) {
      const glm::vec3 p = camera.target + depth_offset * camera.forward() + 10.0f * right;
      const float upp = camera.units_per_pixel(p, height);
      ASSERT_GT(upp, 0.0f);
      const glm::vec2 a = to_pixel(camera, width, height, p);
      const glm::vec2 b = to_pixel(camera, width, height, p + 80.0f * upp * right);
      EXPECT_NEAR(glm::length(b - a), 80.0f, 0.5f) << "ortho " << ortho << " depth " << depth_offset;
    }
  }
}

// Numpad 1 / 3 / 7 and Ctrl: the eye looks along -Z, -X, -Y (front, right, top) and the
// opposite ways; target and distance stay.
TEST(Camera, AxisViewsLookAlongTheAxes) {
  struct Case {
    render::Camera::AxisView view;
    bool opposite;
    glm::vec3 forward;
  };
  const Case cases[] = {
      {render::Camera::AxisView::front, false, {0, 0, -1}}, {render::Camera::AxisView::front, true, {0, 0, 1}},
      {render::Camera::AxisView::right, false, {-1, 0, 0}}, {render::Camera::AxisView::right, true, {1, 0, 0}},
      {render::Camera::AxisView::top, false, {0, -1, 0}},   {render::Camera::AxisView::top, true, {0, 1, 0}},
  };
  for (const Case& c : cases) {
    render::Camera camera;
    camera.target = {1.0f, 2.0f, 3.0f};
    camera.distance = 9.0f;
    camera.set_axis_view(c.view, c.opposite);
    EXPECT_GT(glm::dot(camera.forward(), c.forward), 0.9999f);
    EXPECT_EQ(camera.target, glm::vec3(1.0f, 2.0f, 3.0f));
    EXPECT_EQ(camera.distance, 9.0f);
    for (int col = 0; col < 4; ++col)
      for (int row = 0; row < 4; ++row) EXPECT_TRUE(std::isfinite(camera.view()[col][row]));
  }
}

}  // namespace
