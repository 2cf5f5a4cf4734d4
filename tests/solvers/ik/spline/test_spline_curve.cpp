// The curve spline IK follows (solvers/ik/spline/spline_curve.h): through every control point,
// straight for two, smooth and without overshoot for uneven spacing, coincident points merged.
#include <gtest/gtest.h>

#include "solvers/ik/spline/spline_curve.h"

namespace {

ik::SplinePolyline sample(const std::vector<glm::vec3>& points, int samples = 16, float merge = 1e-6f) {
  std::vector<glm::vec3> kept;
  ik::SplinePolyline curve;
  ik::sample_spline(points.data(), static_cast<int>(points.size()), samples, merge, kept, curve);
  return curve;
}

TEST(SplineCurve, PassesThroughEveryControlPointInOrder) {
  const std::vector<glm::vec3> points = {{0, 0, 0}, {1, 2, 0}, {-1, 3, 1}, {0.5f, 5, -1}, {2, 6, 0}};
  const ik::SplinePolyline curve = sample(points, 16);
  ASSERT_EQ(curve.points.size(), 4u * 16u + 1u);
  for (size_t i = 0; i < points.size(); ++i) EXPECT_EQ(curve.points[i * 16], points[i]) << i;
  EXPECT_EQ(curve.merged, 0);
  float length = 0.0f;
  for (size_t k = 1; k < curve.points.size(); ++k) length += glm::length(curve.points[k] - curve.points[k - 1]);
  EXPECT_FLOAT_EQ(curve.length, length);
  float polygon = 0.0f;
  for (size_t i = 1; i < points.size(); ++i) polygon += glm::length(points[i] - points[i - 1]);
  EXPECT_GT(curve.length, polygon);  // a curve through them is longer than the polygon
  EXPECT_LT(curve.length, 1.5f * polygon);
}

TEST(SplineCurve, TwoPointsMakeTheStraightSegment) {
  const glm::vec3 a(1, 2, 3), b(4, -2, 3);
  const ik::SplinePolyline curve = sample({a, b}, 8);
  ASSERT_EQ(curve.points.size(), 9u);
  for (size_t k = 0; k < curve.points.size(); ++k)
    EXPECT_LE(glm::length(curve.points[k] - glm::mix(a, b, static_cast<float>(k) / 8.0f)), 1e-5f) << k;
  EXPECT_LE(glm::length(curve.end_tangent - glm::normalize(b - a)), 1e-5f);
  EXPECT_NEAR(curve.length, 5.0f, 1e-5f);
}

TEST(SplineCurve, UnevenSpacingMakesNoLoopAndNoCusp) {
  // A point very close to the next: a uniform Catmull-Rom overshoots and can loop there; the
  // centripetal one stays within the control points' box (plus a little) and keeps moving forward.
  const std::vector<glm::vec3> points = {{0, 0, 0}, {4, 0, 0}, {4.05f, 0.05f, 0}, {4, 4, 0}};
  const ik::SplinePolyline curve = sample(points, 64);
  for (const glm::vec3& p : curve.points) {
    EXPECT_GE(p.x, -0.2f);
    EXPECT_LE(p.x, 4.3f);
    EXPECT_GE(p.y, -0.3f);
  }
  for (size_t k = 1; k < curve.points.size(); ++k)
    EXPECT_GT(glm::length(curve.points[k] - curve.points[k - 1]), 0.0f) << k;
}

TEST(SplineCurve, CoincidentPointsAreMergedAndOnePointHasNoLength) {
  const glm::vec3 a(0, 0, 0), b(1, 1, 0), c(2, 0, 0);
  const ik::SplinePolyline merged = sample({a, a, b, b, b, c, c});
  EXPECT_EQ(merged.merged, 4);
  const ik::SplinePolyline plain = sample({a, b, c});
  EXPECT_EQ(merged.points, plain.points);
  const ik::SplinePolyline single = sample({a, a, a});
  EXPECT_EQ(single.points.size(), 1u);
  EXPECT_EQ(single.length, 0.0f);
  EXPECT_EQ(single.end_tangent, glm::vec3(0.0f));
}

TEST(SplineCurve, DistanceToPolyline) {
  const std::vector<glm::vec3> line = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}};
  EXPECT_NEAR(ik::distance_to_polyline(line, {1, 1, 0}), 1.0f, 1e-6f);
  EXPECT_NEAR(ik::distance_to_polyline(line, {3, 1, 0}), 1.0f, 1e-6f);
  EXPECT_NEAR(ik::distance_to_polyline(line, {-3, 4, 0}), 5.0f, 1e-6f);
  EXPECT_NEAR(ik::distance_to_polyline({{1, 1, 1}}, {1, 1, 2}), 1.0f, 1e-6f);
}

}  // namespace
