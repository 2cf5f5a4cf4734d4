#include "app/editor/viewport.h"

namespace app {

render::ViewportRect framebuffer_rect(const ViewportArea& area, const WindowMetrics& metrics) {
  const float sx = static_cast<float>(metrics.framebuffer_width) / static_cast<float>(metrics.window_width);
  const float sy = static_cast<float>(metrics.framebuffer_height) / static_cast<float>(metrics.window_height);
  render::ViewportRect rect;
  rect.x = static_cast<int>(area.x * sx);
  rect.width = static_cast<int>(area.width * sx);
  rect.height = static_cast<int>(area.height * sy);
  rect.y = metrics.framebuffer_height - static_cast<int>((area.y + area.height) * sy);
  return rect;
}

glm::vec2 project_to_window(const render::Camera& camera, const ViewportArea& area,
                            const glm::vec3& point, bool* visible) {
  const glm::vec4 clip = camera.projection(area.aspect()) * camera.view() * glm::vec4(point, 1.0f);
  if (visible) *visible = clip.w > 1e-6f;
  const float w = clip.w > 1e-6f ? clip.w : 1e-6f;
  const glm::vec2 ndc(clip.x / w, clip.y / w);
  // NDC y points up; window y points down.
  return {area.x + (ndc.x * 0.5f + 0.5f) * area.width,
          area.y + (0.5f - ndc.y * 0.5f) * area.height};
}

int pick_point(const render::Camera& camera, const ViewportArea& area,
               const std::vector<glm::vec3>& points, float mouse_x, float mouse_y, float radius) {
  int best = -1;
  float best_d2 = radius * radius;
  float best_depth = 0.0f;
  const glm::mat4 view = camera.view();
  for (size_t i = 0; i < points.size(); ++i) {
    const glm::vec3& p = points[i];
    bool visible = false;
    const glm::vec2 s = project_to_window(camera, area, p, &visible);
    if (!visible) continue;
    const float d2 = (s.x - mouse_x) * (s.x - mouse_x) + (s.y - mouse_y) * (s.y - mouse_y);
    const float depth = -(view * glm::vec4(p, 1.0f)).z;
    // Within 1 unit of the best distance, prefer the joint nearer to the camera.
    if (d2 < best_d2 - 1.0f || (d2 <= best_d2 + 1.0f && best >= 0 && depth < best_depth) ||
        (best < 0 && d2 <= best_d2)) {
      best = static_cast<int>(i);
      best_d2 = d2;
      best_depth = depth;
    }
  }
  return best;
}

int pick_handle(const render::Camera& camera, const ViewportArea& area, const std::vector<glm::vec3>& points,
                const std::vector<int>& owners, int preferred_owner, float mouse_x, float mouse_y, float radius) {
  int best = -1;
  bool best_preferred = false;
  float best_depth = 0.0f;
  const glm::mat4 view = camera.view();
  for (size_t i = 0; i < points.size(); ++i) {
    bool visible = false;
    const glm::vec2 s = project_to_window(camera, area, points[i], &visible);
    if (!visible) continue;
    const float d2 = (s.x - mouse_x) * (s.x - mouse_x) + (s.y - mouse_y) * (s.y - mouse_y);
    if (d2 > radius * radius) continue;
    const bool preferred = i < owners.size() && owners[i] == preferred_owner && preferred_owner >= 0;
    const float depth = -(view * glm::vec4(points[i], 1.0f)).z;
    // The selected chain's handles first; among equals, the one nearest to the camera.
    if (best < 0 || (preferred && !best_preferred) || (preferred == best_preferred && depth < best_depth)) {
      best = static_cast<int>(i);
      best_preferred = preferred;
      best_depth = depth;
    }
  }
  return best;
}

int pick_joint(const render::Camera& camera, const ViewportArea& area,
               const std::vector<glm::mat4>& world, float mouse_x, float mouse_y, float radius) {
  std::vector<glm::vec3> points(world.size());
  for (size_t i = 0; i < world.size(); ++i) points[i] = glm::vec3(world[i][3]);
  return pick_point(camera, area, points, mouse_x, mouse_y, radius);
}

render::Ray ray_through_window(const render::Camera& camera, const ViewportArea& area, float x, float y) {
  return camera.ray_through(x - area.x, y - area.y, area.width, area.height);
}

}  // namespace app
