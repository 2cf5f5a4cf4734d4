// Per-instance data for the overlay draws (render/renderer.h: draw_lines, draw_polyline,
// draw_points): plain data packed on the CPU, no GL, so the rules are unit-testable.
// Positions in model space; colours display RGB + alpha.
#pragma once

#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

namespace render {

// One segment of a thick line (shaders/line.vert), tightly packed for the GPU.
struct LineInstance {
  glm::vec3 start;
  glm::vec3 end;
  glm::vec4 start_colour;
  glm::vec4 end_colour;
};

// One round point (shaders/point.vert), tightly packed for the GPU.
struct PointInstance {
  glm::vec3 centre;
  glm::vec4 colour;
};

// True if `colour_count` colours can colour `item_count` items: one each, or one for all.
bool colours_fit(std::size_t colour_count, std::size_t item_count);

// Segments points[0]-points[1], points[2]-points[3], ...; an odd last point is ignored.
// Returns false (and leaves `out` empty) if the colours do not fit the points.
bool build_line_segments(const std::vector<glm::vec3>& points,
                         const std::vector<glm::vec4>& colours, std::vector<LineInstance>& out);

// Segments points[0]-points[1], points[1]-points[2], ... Same colour rule.
bool build_polyline_segments(const std::vector<glm::vec3>& points,
                             const std::vector<glm::vec4>& colours, std::vector<LineInstance>& out);

// One point per centre. Same colour rule.
bool build_points(const std::vector<glm::vec3>& centres, const std::vector<glm::vec4>& colours,
                  std::vector<PointInstance>& out);

// Screen-space overlap culling of round points of `radius` pixels at `pixels` (window
// pixels; a non-finite entry is always kept): later points are drawn over earlier ones,
// so walking from the last, a point is kept unless its centre lies closer than `radius`
// to a point already kept (it would be mostly hidden). `kept` gets the kept indices in
// increasing order. A uniform grid of radius-sized cells makes it O(points).
void cull_overlapping_points(const std::vector<glm::vec2>& pixels, float radius, std::vector<int>& kept);

// Keeps the points at `kept` (increasing indices), in order.
void keep_points(const std::vector<int>& kept, std::vector<PointInstance>& points);

}  // namespace render
