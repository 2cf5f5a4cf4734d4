#include "solvers/ik/spline/spline_curve.h"

#include <algorithm>
#include <cmath>

namespace ik {
namespace {

// One segment's cubic p(s) = ((a s + b) s + c) s + d, s in [0, 1].
struct CubicPiece {
  glm::vec3 a, b, c, d;
};

// The Hermite form of the centripetal Catmull-Rom segment p1 -> p2 with neighbours p0 and p3
// (every consecutive pair distinct). With knots t0 = 0, t(i+1) = t(i) + |p(i+1) - p(i)|^(1/2),
// the tangents over the segment's own parameter s = (t - t1) / (t2 - t1) are
//   m1 = (t2 - t1) ((p1 - p0) / (t1 - t0) - (p2 - p0) / (t2 - t0) + (p2 - p1) / (t2 - t1))
//   m2 = (t2 - t1) ((p2 - p1) / (t2 - t1) - (p3 - p1) / (t3 - t1) + (p3 - p2) / (t3 - t2))
// (the derivative of Barry and Goldman's pyramid at t1 and t2).
CubicPiece centripetal_piece(const glm::vec3& p0, const glm::vec3& p1, const glm::vec3& p2, const glm::vec3& p3) {
  const float d01 = std::sqrt(glm::length(p1 - p0));
  const float d12 = std::sqrt(glm::length(p2 - p1));
  const float d23 = std::sqrt(glm::length(p3 - p2));
  const glm::vec3 m1 = d12 * ((p1 - p0) / d01 - (p2 - p0) / (d01 + d12) + (p2 - p1) / d12);
  const glm::vec3 m2 = d12 * ((p2 - p1) / d12 - (p3 - p1) / (d12 + d23) + (p3 - p2) / d23);
  return {2.0f * p1 - 2.0f * p2 + m1 + m2, -3.0f * p1 + 3.0f * p2 - 2.0f * m1 - m2, m1, p1};
}

glm::vec3 cubic_at(const CubicPiece& piece, float s) { return ((piece.a * s + piece.b) * s + piece.c) * s + piece.d; }

}  // namespace

void merge_coincident(const glm::vec3* points, int count, float merge_distance, std::vector<glm::vec3>& kept) {
  kept.clear();
  for (int i = 0; i < count; ++i)
    if (kept.empty() || glm::length(points[i] - kept.back()) > merge_distance) kept.push_back(points[i]);
}

void sample_spline(const glm::vec3* points, int count, int samples_per_segment, float merge_distance,
                   std::vector<glm::vec3>& kept, SplinePolyline& out) {
  out.points.clear();
  out.end_tangent = glm::vec3(0.0f);
  out.length = 0.0f;
  merge_coincident(points, count, merge_distance, kept);
  out.merged = count - static_cast<int>(kept.size());
  const int m = static_cast<int>(kept.size());
  if (m == 0) return;
  out.points.push_back(kept[0]);
  if (m == 1) return;
  const int samples = std::max(samples_per_segment, 1);
  // Beside the ends, a neighbour mirrored through the end point.
  auto at = [&](int i) {
    if (i < 0) return 2.0f * kept[0] - kept[1];
    if (i >= m) return 2.0f * kept[static_cast<size_t>(m - 1)] - kept[static_cast<size_t>(m - 2)];
    return kept[static_cast<size_t>(i)];
  };
  CubicPiece piece{};
  for (int i = 0; i + 1 < m; ++i) {
    piece = centripetal_piece(at(i - 1), at(i), at(i + 1), at(i + 2));
    for (int s = 1; s < samples; ++s)
      out.points.push_back(cubic_at(piece, static_cast<float>(s) / static_cast<float>(samples)));
    out.points.push_back(kept[static_cast<size_t>(i + 1)]);  // exactly on the control point
  }
  for (size_t k = 1; k < out.points.size(); ++k) out.length += glm::length(out.points[k] - out.points[k - 1]);
  // p'(1) = 3a + 2b + c = m2; the last piece as a fallback should it vanish.
  const glm::vec3 tangent = 3.0f * piece.a + 2.0f * piece.b + piece.c;
  const glm::vec3 last_piece = out.points.back() - out.points[out.points.size() - 2];
  const float t2 = glm::dot(tangent, tangent);
  const float l2 = glm::dot(last_piece, last_piece);
  if (t2 > 1e-30f && std::isfinite(t2))
    out.end_tangent = tangent / std::sqrt(t2);
  else if (l2 > 1e-30f)
    out.end_tangent = last_piece / std::sqrt(l2);
}

float distance_to_polyline(const std::vector<glm::vec3>& polyline, const glm::vec3& point) {
  if (polyline.empty()) return 0.0f;
  float best = glm::length(point - polyline[0]);
  for (size_t k = 1; k < polyline.size(); ++k) {
    const glm::vec3 a = polyline[k - 1], ab = polyline[k] - a;
    const float ab2 = glm::dot(ab, ab);
    const float t = ab2 > 0.0f ? std::clamp(glm::dot(point - a, ab) / ab2, 0.0f, 1.0f) : 0.0f;
    best = std::min(best, glm::length(point - (a + t * ab)));
  }
  return best;
}

}  // namespace ik
