// The curve spline IK follows: a centripetal Catmull-Rom spline (Yuksel, Schaefer and Keyser
// 2011) through control points, sampled into a polyline.
//
// Centripetal (knot intervals |P(i+1) - P(i)|^(1/2)) rather than uniform: it never forms a cusp
// or a loop inside a segment and stays close to the control polygon when neighbouring points
// are unevenly spaced, which is what a user dragging a few handles makes. Each segment
// P(i) -> P(i+1) is a cubic Hermite piece whose end tangents come from its two neighbours;
// the curve's two ends use a phantom neighbour mirrored through the end point
// (P(-1) = 2 P(0) - P(1)), so two points give the straight segment between them.
//
// Degenerate input: consecutive points closer than `merge_distance` are merged into one
// (a zero knot interval would divide by zero), so coincident points are allowed; a single
// point left gives a one-point polyline (a curve of no length).
#pragma once

#include <vector>

#include "solvers/ik/chain.h"

namespace ik {

// A curve through control points, as a polyline: `points[0]` is the first control point,
// the last entry the last, `samples_per_segment` polyline pieces per curve segment.
struct SplinePolyline {
  std::vector<glm::vec3> points;  // the polyline, same space as the control points
  glm::vec3 end_tangent{0.0f};    // unit direction of the curve at its last point; 0 for a
                                  // curve of no length
  int merged = 0;                 // control points dropped as coincident with the one before
  float length = 0.0f;            // the polyline's length
};

// The control points with coincident neighbours merged, into `kept` (reused).
void merge_coincident(const glm::vec3* points, int count, float merge_distance, std::vector<glm::vec3>& kept);

// Samples the centripetal Catmull-Rom curve through `points[0 .. count)` (count >= 1) into
// `out`, reusing its memory: samples_per_segment >= 1 pieces per segment. `kept` is scratch
// (the merged control points).
void sample_spline(const glm::vec3* points, int count, int samples_per_segment, float merge_distance,
                   std::vector<glm::vec3>& kept, SplinePolyline& out);

// The distance from `point` to the polyline (to its nearest piece). A one-point polyline:
// the distance to that point. An empty one: 0.
float distance_to_polyline(const std::vector<glm::vec3>& polyline, const glm::vec3& point);

}  // namespace ik
