// The orbit camera: a target, a distance and two angles. All maths, no GL.
//
// Spaces: `target`, eye() and rays are in model space (the space of forward kinematics'
// world matrices, Y up). The view space is OpenGL's: X right, Y up, looking down -Z.
#include "render/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace render {
namespace {

// Pitch stays this far (radians) short of straight up or down, so the view's up vector
// (+Y) never becomes parallel to the viewing direction.
constexpr float kPitchLimit = 1.5707963f - 0.01f;
// Orbit speed: radians per pixel dragged (a 630-pixel drag is a full half-turn).
constexpr float kOrbitRadiansPerPixel = 0.005f;
// Zoom: each wheel step divides the distance by this factor.
constexpr float kZoomFactorPerStep = 1.15f;
// The distance never collapses to zero nor runs off to infinity.
constexpr float kMinDistance = 1e-4f;
constexpr float kMaxDistance = 1e7f;
// Near and far planes as fractions of the distance: a 2-unit humanoid and a 200-unit
// centimetre rig get the same depth precision around the target.
constexpr float kNearFraction = 0.01f;
constexpr float kFarFraction = 1000.0f;
// Orthographic views reach this many distances behind the eye (see projection()).
constexpr float kOrthoBehindFraction = 10.0f;
// frame(): the box fills at most this fraction of the view in each direction.
constexpr float kFrameFill = 0.9f;

// Unit vector from the target towards the eye. yaw = 0, pitch = 0 puts the eye on +Z
// looking down -Z; positive yaw turns the eye towards +X, positive pitch lifts it.
glm::vec3 target_to_eye(float yaw, float pitch) {
  return {std::sin(yaw) * std::cos(pitch), std::sin(pitch), std::cos(yaw) * std::cos(pitch)};
}

// The camera's orthonormal frame in model space: forward (eye -> target), right, up.
struct Basis {
  glm::vec3 forward;
  glm::vec3 right;
  glm::vec3 up;
};

Basis basis_of(const Camera& camera) {
  Basis b;
  b.forward = -target_to_eye(camera.yaw, camera.pitch);
  // Pitch is clamped short of the poles, so forward is never parallel to +Y.
  b.right = glm::normalize(glm::cross(b.forward, glm::vec3(0.0f, 1.0f, 0.0f)));
  b.up = glm::cross(b.right, b.forward);
  return b;
}

}  // namespace

glm::vec3 Camera::eye() const { return target + distance * target_to_eye(yaw, pitch); }

glm::mat4 Camera::view() const { return glm::lookAt(eye(), target, glm::vec3(0.0f, 1.0f, 0.0f)); }

glm::mat4 Camera::projection(float aspect) const {
  if (orthographic) {
    // The view volume starts kOrthoBehindFraction * distance behind the eye: a parallel
    // projection has no reason to cut away what lies between the eye and the scene's back.
    const float half_height = distance * std::tan(0.5f * fov_y);
    const float half_width = half_height * aspect;
    return glm::ortho(-half_width, half_width, -half_height, half_height, -kOrthoBehindFraction * distance,
                      far_plane());
  }
  return glm::perspective(fov_y, aspect, near_plane(), far_plane());
}

float Camera::units_per_pixel(const glm::vec3& point, float viewport_height) const {
  if (!(viewport_height > 0.0f)) return 0.0f;
  const float tan_half = std::tan(0.5f * fov_y);
  if (orthographic) return 2.0f * distance * tan_half / viewport_height;
  // The view is 2 * depth * tan(fov_y / 2) units tall at the point's depth; a point at or
  // behind the eye gets the near plane's size rather than zero or a negative one.
  const float depth = std::max(glm::dot(point - eye(), forward()), near_plane());
  return 2.0f * depth * tan_half / viewport_height;
}

void Camera::set_axis_view(AxisView view, bool opposite) {
  constexpr float kPi = 3.14159265f;
  switch (view) {
    case AxisView::front:
      yaw = opposite ? kPi : 0.0f;
      pitch = 0.0f;
      break;
    case AxisView::right:
      yaw = opposite ? -0.5f * kPi : 0.5f * kPi;
      pitch = 0.0f;
      break;
    case AxisView::top:
      yaw = 0.0f;
      pitch = opposite ? -kPitchLimit : kPitchLimit;
      break;
  }
}

float Camera::near_plane() const { return distance * kNearFraction; }
float Camera::far_plane() const { return distance * kFarFraction; }
glm::vec3 Camera::forward() const { return -target_to_eye(yaw, pitch); }

void Camera::orbit(float dx_pixels, float dy_pixels) {
  // The scene turns with the mouse: dragging right moves the eye left (yaw decreases),
  // dragging down (+y in window pixels) lifts the eye so the scene tips towards the user.
  yaw -= dx_pixels * kOrbitRadiansPerPixel;
  pitch = std::clamp(pitch + dy_pixels * kOrbitRadiansPerPixel, -kPitchLimit, kPitchLimit);
  // Keep yaw in (-pi, pi] so it never loses precision after many turns.
  constexpr float kTwoPi = 6.2831853f;
  yaw = std::remainder(yaw, kTwoPi);
}

void Camera::pan(float dx_pixels, float dy_pixels, float viewport_height) {
  if (viewport_height <= 0.0f) return;
  // At the target's depth the view is 2 * distance * tan(fov_y / 2) units tall, spread
  // over viewport_height pixels. Moving the target opposite to the mouse by that many
  // units per pixel keeps the point under the mouse (at the target's depth) under it.
  const float units_per_pixel = 2.0f * distance * std::tan(0.5f * fov_y) / viewport_height;
  const Basis b = basis_of(*this);
  target += (-dx_pixels * b.right + dy_pixels * b.up) * units_per_pixel;
}

void Camera::zoom(float wheel_steps) {
  // Exponential: every step changes the distance by the same ratio, so zooming feels the
  // same on a hand and on a whole centimetre-scale character.
  distance =
      std::clamp(distance / std::pow(kZoomFactorPerStep, wheel_steps), kMinDistance, kMaxDistance);
}

void Camera::frame(const glm::vec3& box_min, const glm::vec3& box_max, float aspect) {
  if (!(aspect > 0.0f)) aspect = 1.0f;
  const glm::vec3 centre = 0.5f * (box_min + box_max);
  const glm::vec3 half = 0.5f * glm::abs(box_max - box_min);
  const Basis b = basis_of(*this);
  // The eye looks at `centre` from distance D along -forward. A corner at centre + v
  // lies at depth z = D + dot(v, forward) in front of the eye, at x = dot(v, right) and
  // y = dot(v, up) off the axis. It is inside the shrunk frustum when
  //   |x| <= z * tan_x  and  |y| <= z * tan_y,
  // with tan_y = fill * tan(fov_y / 2) and tan_x = aspect * tan_y (the horizontal fov).
  // Solving each for D gives a lower bound; D is the largest over the eight corners.
  // A corner must also stay in front of the near plane: z >= near = kNearFraction * D.
  const float tan_y = kFrameFill * std::tan(0.5f * fov_y);
  const float tan_x = aspect * tan_y;
  float needed = 0.0f;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 v((corner & 1) ? half.x : -half.x, (corner & 2) ? half.y : -half.y,
                      (corner & 4) ? half.z : -half.z);
    const float along = glm::dot(v, b.forward);
    needed = std::max(needed, std::abs(glm::dot(v, b.right)) / tan_x - along);
    needed = std::max(needed, std::abs(glm::dot(v, b.up)) / tan_y - along);
    // (1 - kNearFraction) * D >= -along, with a little room.
    needed = std::max(needed, 1.01f * -along / (1.0f - kNearFraction));
  }
  target = centre;
  // A point-sized box still gets a sensible view: one unit, or its size relative to
  // its distance from the origin, whichever is larger.
  const float fallback = std::max(1.0f, 1e-3f * glm::length(centre));
  distance = std::clamp(needed > 1e-6f ? needed : fallback, kMinDistance, kMaxDistance);
}

Ray Camera::ray_through(float px, float py, float viewport_width, float viewport_height) const {
  const Basis b = basis_of(*this);
  Ray ray;
  ray.origin = eye();
  if (viewport_width <= 0.0f || viewport_height <= 0.0f) {
    ray.direction = b.forward;
    return ray;
  }
  // Pixel -> normalised device coordinates: x from -1 (left) to 1 (right), y from -1
  // (bottom) to 1 (top); window pixels grow downwards, hence the flip.
  const float ndc_x = 2.0f * px / viewport_width - 1.0f;
  const float ndc_y = 1.0f - 2.0f * py / viewport_height;
  const float tan_y = std::tan(0.5f * fov_y);
  const float aspect = viewport_width / viewport_height;
  if (orthographic) {
    // Parallel rays along forward, from the point of the pixel on the plane through the
    // eye, moved back to where the view volume begins (projection()).
    const float half_height = distance * tan_y;
    ray.direction = b.forward;
    ray.origin = eye() + ndc_x * aspect * half_height * b.right + ndc_y * half_height * b.up -
                 kOrthoBehindFraction * distance * b.forward;
    return ray;
  }
  ray.direction =
      glm::normalize(b.forward + ndc_x * aspect * tan_y * b.right + ndc_y * tan_y * b.up);
  return ray;
}

}  // namespace render
