#include "render/overlay_instances.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace render {

static_assert(sizeof(LineInstance) == 14 * sizeof(float), "LineInstance must be tightly packed");
static_assert(sizeof(PointInstance) == 7 * sizeof(float), "PointInstance must be tightly packed");

bool colours_fit(std::size_t colour_count, std::size_t item_count) {
  return colour_count == 1 || colour_count == item_count;
}

namespace {

// Appends the segment a-b with the colours of points a and b.
void add_segment(const std::vector<glm::vec3>& points, const std::vector<glm::vec4>& colours,
                 std::size_t a, std::size_t b, std::vector<LineInstance>& out) {
  const bool one_colour = colours.size() == 1;
  out.push_back({points[a], points[b], colours[one_colour ? 0 : a], colours[one_colour ? 0 : b]});
}

}  // namespace

bool build_line_segments(const std::vector<glm::vec3>& points,
                         const std::vector<glm::vec4>& colours, std::vector<LineInstance>& out) {
  out.clear();
  if (!colours_fit(colours.size(), points.size())) return false;
  for (std::size_t i = 0; i + 1 < points.size(); i += 2)
    add_segment(points, colours, i, i + 1, out);
  return true;
}

bool build_polyline_segments(const std::vector<glm::vec3>& points,
                             const std::vector<glm::vec4>& colours,
                             std::vector<LineInstance>& out) {
  out.clear();
  if (!colours_fit(colours.size(), points.size())) return false;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) add_segment(points, colours, i, i + 1, out);
  return true;
}

bool build_points(const std::vector<glm::vec3>& centres, const std::vector<glm::vec4>& colours,
                  std::vector<PointInstance>& out) {
  out.clear();
  if (!colours_fit(colours.size(), centres.size())) return false;
  const bool one_colour = colours.size() == 1;
  for (std::size_t i = 0; i < centres.size(); ++i)
    out.push_back({centres[i], colours[one_colour ? 0 : i]});
  return true;
}

void cull_overlapping_points(const std::vector<glm::vec2>& pixels, float radius, std::vector<int>& kept) {
  kept.clear();
  if (!(radius > 0.0f)) {
    for (std::size_t i = 0; i < pixels.size(); ++i) kept.push_back(static_cast<int>(i));
    return;
  }
  // Cells of side `radius`: a kept point within `radius` of p lies in p's cell or one of
  // its eight neighbours.
  std::unordered_map<std::uint64_t, std::vector<int>> cells;
  auto cell_key = [](long long x, long long y) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32) | static_cast<std::uint32_t>(y);
  };
  const float radius_squared = radius * radius;
  for (std::size_t n = pixels.size(); n-- > 0;) {
    const glm::vec2 p = pixels[n];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || std::fabs(p.x) > 1e9f || std::fabs(p.y) > 1e9f) {
      kept.push_back(static_cast<int>(n));
      continue;
    }
    const long long cx = static_cast<long long>(std::floor(p.x / radius));
    const long long cy = static_cast<long long>(std::floor(p.y / radius));
    bool hidden = false;
    for (long long dx = -1; dx <= 1 && !hidden; ++dx)
      for (long long dy = -1; dy <= 1 && !hidden; ++dy) {
        const auto found = cells.find(cell_key(cx + dx, cy + dy));
        if (found == cells.end()) continue;
        for (int other : found->second) {
          const glm::vec2 d = pixels[static_cast<std::size_t>(other)] - p;
          if (glm::dot(d, d) < radius_squared) {
            hidden = true;
            break;
          }
        }
      }
    if (hidden) continue;
    cells[cell_key(cx, cy)].push_back(static_cast<int>(n));
    kept.push_back(static_cast<int>(n));
  }
  std::reverse(kept.begin(), kept.end());
}

void keep_points(const std::vector<int>& kept, std::vector<PointInstance>& points) {
  std::size_t to = 0;
  for (int index : kept) points[to++] = points[static_cast<std::size_t>(index)];
  points.resize(to);
}

}  // namespace render
