#include "render/overlay_instances.h"

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

}  // namespace render
