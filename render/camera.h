// An orbit camera around a target point. Plain maths, no GL: usable in tests.
#pragma once

#include <glm/glm.hpp>

namespace render {

struct Ray {
  glm::vec3 origin;
  glm::vec3 direction;  // unit
};

struct Camera {
  glm::vec3 target{0.0f, 1.0f, 0.0f};  // model space, the point orbited around
  float distance = 4.0f;               // from target to eye, scene units
  float yaw = 0.6f;                    // radians about +Y, 0 = looking down -Z
  float pitch = 0.25f;                 // radians above the horizon
  float fov_y = 0.7853982f;            // vertical field of view, radians (45 deg)

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;  // near/far follow the distance

  // Mouse helpers; deltas in pixels, viewport height in pixels.
  void orbit(float dx_pixels, float dy_pixels);
  void pan(float dx_pixels, float dy_pixels, float viewport_height);
  void zoom(float wheel_steps);
  // Frames an axis-aligned box so all of it is visible, from the current direction.
  void frame(const glm::vec3& box_min, const glm::vec3& box_max, float aspect);
  // The ray through a pixel (origin top-left), for picking.
  Ray ray_through(float px, float py, float viewport_width, float viewport_height) const;
};

}  // namespace render
