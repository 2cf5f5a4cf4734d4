// The 3D viewport's place in the window and the maths between model space, window points
// and framebuffer pixels: projection for picking and for the state dump, the rectangle the
// renderer draws into.
#pragma once

#include <vector>

#include "render/camera.h"

namespace app {

// In window coordinates (SDL's and ImGui's: points, origin top-left).
struct ViewportArea {
  float x = 0.0f;
  float y = 0.0f;
  float width = 1.0f;
  float height = 1.0f;

  float aspect() const { return height > 0.0f ? width / height : 1.0f; }
  bool contains(float px, float py) const {
    return px >= x && py >= y && px < x + width && py < y + height;
  }
};

// The window's size in points and its framebuffer's in pixels (larger on HiDPI screens).
struct WindowMetrics {
  int window_width = 0, window_height = 0;            // screen coordinates
  int framebuffer_width = 0, framebuffer_height = 0;  // pixels (HiDPI: larger)
};

// The viewport area in framebuffer pixels, origin bottom-left (what glViewport takes).
render::ViewportRect framebuffer_rect(const ViewportArea& area, const WindowMetrics& metrics);

// Projects a model-space point into window coordinates. `visible` is false when the
// point is behind the camera.
glm::vec2 project_to_window(const render::Camera& camera, const ViewportArea& area,
                            const glm::vec3& point, bool* visible = nullptr);

// The index of the point nearest to the mouse within `radius` window units of its
// projection, -1 if none. Nearer-to-camera points win ties.
int pick_point(const render::Camera& camera, const ViewportArea& area,
               const std::vector<glm::vec3>& points, float mouse_x, float mouse_y, float radius);

// The handle to grab at the mouse when handles overlap (goal and pole handles): of the
// points whose projection lies within `radius` window units of the mouse, one owned by
// `preferred_owner` if there is one (owners[i] owns points[i]: the selected chain's handles
// come first), otherwise the nearest to the camera; -1 if none. `owners` may be empty (no
// preference). Points behind the camera are never picked.
int pick_handle(const render::Camera& camera, const ViewportArea& area, const std::vector<glm::vec3>& points,
                const std::vector<int>& owners, int preferred_owner, float mouse_x, float mouse_y, float radius);

// The same for joints, from their model-space transforms.
int pick_joint(const render::Camera& camera, const ViewportArea& area,
               const std::vector<glm::mat4>& world, float mouse_x, float mouse_y, float radius);

// The ray from the eye through a window point inside the viewport area.
render::Ray ray_through_window(const render::Camera& camera, const ViewportArea& area, float x, float y);

}  // namespace app
