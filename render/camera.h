// An orbit camera around a target point. Plain maths, no GL: usable in tests.
#pragma once

#include <glm/glm.hpp>

namespace render {

struct Ray {
  glm::vec3 origin;
  glm::vec3 direction;  // unit
};

// The part of the framebuffer the 3D view occupies, in framebuffer pixels, origin at the
// bottom-left (GL's convention). A zero width or height means the whole framebuffer.
struct ViewportRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};

struct Camera {
  glm::vec3 target{0.0f, 1.0f, 0.0f};  // model space, the point orbited around
  float distance = 4.0f;               // from target to eye, scene units
  float yaw = 0.6f;                    // radians about +Y, 0 = looking down -Z
  float pitch = 0.25f;                 // radians above the horizon
  float fov_y = 0.7853982f;            // vertical field of view, radians (45 deg)
  // Orthographic (numpad 5): parallel projection whose view at the target is as tall as
  // the perspective one's there (2 * distance * tan(fov_y / 2)), so switching keeps the
  // target's surroundings the same size; zoom still changes `distance`.
  bool orthographic = false;

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;  // near/far follow the distance
  float near_plane() const;                  // distance / 100
  float far_plane() const;                   // distance * 1000
  glm::vec3 forward() const;                 // unit, from the eye towards the target
  // Model units per viewport pixel at `point` (a viewport `viewport_height` pixels tall):
  // perspective grows with the point's depth, orthographic is the same everywhere. A
  // gizmo sized N times this stays N pixels on screen whatever the zoom.
  float units_per_pixel(const glm::vec3& point, float viewport_height) const;

  // The axis views of numpad 1 / 3 / 7 (Blender's), keeping target and distance; in
  // model space (Y up, a glTF character facing +Z): front looks at the character's front
  // (eye on +Z), right from +X, top from +Y; `opposite` (Ctrl) gives back, left, bottom.
  // Top and bottom stop 0.01 rad short of straight down / up (the pitch limit of orbit),
  // so the view keeps +Y as its up direction.
  enum class AxisView { front, right, top };
  void set_axis_view(AxisView view, bool opposite);

  // Mouse helpers; deltas in pixels (window pixels grow rightwards and downwards),
  // viewport height in the same pixels.
  // orbit: the scene turns with the mouse (0.005 rad per pixel); pitch stays short of
  // the poles. The distance and the target are unchanged.
  void orbit(float dx_pixels, float dy_pixels);
  // pan: moves the target in the view plane so the point under the mouse (at the
  // target's depth) follows the mouse.
  void pan(float dx_pixels, float dy_pixels, float viewport_height);
  // zoom: positive steps (wheel up) move closer; each step divides the distance by 1.15.
  void zoom(float wheel_steps);
  // Frames an axis-aligned box (model space) so all of it is visible with a small margin,
  // from the current direction: both the vertical and the horizontal field of view
  // (aspect = width / height) are honoured. Sets target and distance.
  void frame(const glm::vec3& box_min, const glm::vec3& box_max, float aspect);
  // The ray through a point of the viewport, for picking. px, py in pixels from the
  // top-left corner of the viewport (pass x + 0.5 for the centre of pixel x); use the same
  // pixel units for the point and the viewport size (window pixels for mouse events).
  Ray ray_through(float px, float py, float viewport_width, float viewport_height) const;
};

}  // namespace render
