#include "app/editor/gizmo.h"

#include <cmath>
#include <limits>

#include "app/editor/goal_drag.h"

namespace app {
namespace {

constexpr float kTwoPi = 6.2831853f;
// Shapes, in units of the arrow's length (kGizmoArrowPoints on screen).
constexpr float kShaftStart = 0.18f;  // the shaft leaves the centre free for the goal's dot
constexpr float kHeadLength = 0.16f;
constexpr float kHeadWidth = 0.06f;
constexpr float kSquareNear = 0.28f, kSquareFar = 0.46f;  // plane squares' corners along each axis
constexpr float kRingRadius = 0.85f;
constexpr float kViewRingRadius = 1.05f;
constexpr int kRingSegments = 64;
// Arrows pointing almost at the viewer, and squares seen almost edge-on, are left out, as
// in Blender: dragging them would move the goal a long way for a small mouse move.
constexpr float kHideArrowAlongView = 0.96f;  // |cos| of the arrow's angle to the view direction
constexpr float kHideSquareEdgeOn = 0.15f;    // |cos| of the square's normal's angle to it
constexpr int kHeadLines = 8;                 // lines from the tip round the head's base

glm::vec3 unit_axis(int a) {
  glm::vec3 v(0.0f);
  v[a] = 1.0f;
  return v;
}

// Two unit vectors across `axis` (unit), forming a right-handed frame with it.
void across(const glm::vec3& axis, glm::vec3& u, glm::vec3& v) {
  const glm::vec3 helper = std::fabs(axis.y) < 0.9f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
  u = glm::normalize(glm::cross(helper, axis));
  v = glm::cross(axis, u);
}

// Unit vector from `point` towards the viewer: towards the eye in perspective, against the
// viewing direction in orthographic.
glm::vec3 towards_viewer(const render::Camera& camera, const glm::vec3& point) {
  if (camera.orthographic) return -camera.forward();
  const glm::vec3 d = camera.eye() - point;
  const float length = glm::length(d);
  return length > 1e-12f ? d / length : -camera.forward();
}

GizmoPiece ring(GizmoPart part, const glm::vec3& centre, const glm::vec3& axis, float radius) {
  GizmoPiece piece;
  piece.part = part;
  piece.closed = true;
  glm::vec3 u, v;
  across(axis, u, v);
  for (int k = 0; k < kRingSegments; ++k) {
    const float t = kTwoPi * static_cast<float>(k) / kRingSegments;
    piece.points.push_back(centre + radius * (std::cos(t) * u + std::sin(t) * v));
  }
  return piece;
}

float distance_to_segment(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b) {
  const glm::vec2 ab = b - a;
  const float length2 = glm::dot(ab, ab);
  const float t = length2 > 0.0f ? glm::clamp(glm::dot(p - a, ab) / length2, 0.0f, 1.0f) : 0.0f;
  return glm::length(p - (a + t * ab));
}

// Even-odd rule: is p inside the polygon?
bool inside_polygon(const glm::vec2& p, const std::vector<glm::vec2>& polygon) {
  bool inside = false;
  for (size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const glm::vec2& a = polygon[i];
    const glm::vec2& b = polygon[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

// The angle of window point (x, y) about the gizmo's projected centre, anticlockwise on
// screen (window y grows downwards, hence the minus).
float screen_angle(const render::Camera& camera, const ViewportArea& area, const glm::vec3& centre, float x, float y) {
  const glm::vec2 c = project_to_window(camera, area, centre);
  return std::atan2(-(y - c.y), x - c.x);
}

}  // namespace

int gizmo_axis(GizmoPart part) {
  switch (part) {
    case GizmoPart::arrow_x:
    case GizmoPart::plane_yz:
    case GizmoPart::ring_x:
      return 0;
    case GizmoPart::arrow_y:
    case GizmoPart::plane_xz:
    case GizmoPart::ring_y:
      return 1;
    case GizmoPart::arrow_z:
    case GizmoPart::plane_xy:
    case GizmoPart::ring_z:
      return 2;
    case GizmoPart::none:
    case GizmoPart::ring_view:
      return -1;
  }
  return -1;
}

std::vector<GizmoPiece> gizmo_shape(GizmoMode mode, const render::Camera& camera, const ViewportArea& area,
                                    const glm::vec3& centre) {
  const float size = kGizmoArrowPoints * camera.units_per_pixel(centre, area.height);
  const glm::vec3 viewer = towards_viewer(camera, centre);
  std::vector<GizmoPiece> pieces;
  if (mode == GizmoMode::translate) {
    for (int a = 0; a < 3; ++a) {
      const glm::vec3 axis = unit_axis(a);
      if (std::fabs(glm::dot(axis, viewer)) < kHideArrowAlongView) {
        const GizmoPart arrow = static_cast<GizmoPart>(static_cast<int>(GizmoPart::arrow_x) + a);
        const glm::vec3 tip = centre + size * axis;
        pieces.push_back({arrow, {centre + kShaftStart * size * axis, tip}, false});  // the shaft first
        glm::vec3 u, v;
        across(axis, u, v);
        const glm::vec3 base = tip - kHeadLength * size * axis;
        const float w = kHeadWidth * size;
        GizmoPiece head{arrow, {}, false, true};
        for (int k = 0; k < kHeadLines; ++k) {
          const float t = kTwoPi * static_cast<float>(k) / kHeadLines;
          head.points.push_back(base + w * (std::cos(t) * u + std::sin(t) * v));
          head.points.push_back(tip);
        }
        pieces.push_back(head);
      }
      if (std::fabs(glm::dot(axis, viewer)) < kHideSquareEdgeOn) continue;
      // The square in the plane of the other two axes, in their positive quadrant.
      const glm::vec3 e1 = unit_axis((a + 1) % 3), e2 = unit_axis((a + 2) % 3);
      const GizmoPart plane = static_cast<GizmoPart>(static_cast<int>(GizmoPart::plane_yz) + a);
      pieces.push_back(
          {plane,
           {centre + size * (kSquareNear * e1 + kSquareNear * e2), centre + size * (kSquareFar * e1 + kSquareNear * e2),
            centre + size * (kSquareFar * e1 + kSquareFar * e2), centre + size * (kSquareNear * e1 + kSquareFar * e2)},
           true});
    }
  } else {
    for (int a = 0; a < 3; ++a)
      pieces.push_back(ring(static_cast<GizmoPart>(static_cast<int>(GizmoPart::ring_x) + a), centre, unit_axis(a),
                            kRingRadius * size));
    pieces.push_back(ring(GizmoPart::ring_view, centre, viewer, kViewRingRadius * size));
  }
  return pieces;
}

GizmoPart pick_gizmo(GizmoMode mode, const render::Camera& camera, const ViewportArea& area, const glm::vec3& centre,
                     float x, float y) {
  const glm::vec2 mouse(x, y);
  // The middle is the goal's own handle (a free drag in the plane facing the camera).
  if (glm::distance(mouse, project_to_window(camera, area, centre)) < kGizmoCentrePoints) return GizmoPart::none;
  GizmoPart best = GizmoPart::none;
  float best_distance = kGizmoPickPoints;
  for (const GizmoPiece& piece : gizmo_shape(mode, camera, area, centre)) {
    std::vector<glm::vec2> screen;
    bool all_visible = true;
    for (const glm::vec3& p : piece.points) {
      bool visible = false;
      screen.push_back(project_to_window(camera, area, p, &visible));
      all_visible = all_visible && visible;
    }
    if (!all_visible || screen.size() < 2) continue;
    float d = std::numeric_limits<float>::max();
    if (piece.closed && screen.size() == 4 && inside_polygon(mouse, screen)) d = 0.0f;
    const size_t segments = piece.closed ? screen.size() : screen.size() - 1;
    for (size_t i = 0; i < segments; i += piece.segment_pairs ? 2 : 1)
      d = std::min(d, distance_to_segment(mouse, screen[i], screen[(i + 1) % screen.size()]));
    if (d < best_distance) {
      best_distance = d;
      best = piece.part;
    }
  }
  return best;
}

bool GizmoDrag::begin(GizmoPart grabbed, const render::Camera& camera, const ViewportArea& area,
                      const glm::vec3& position, const glm::quat& orientation, float x, float y) {
  active = false;
  if (grabbed == GizmoPart::none) return false;
  part = grabbed;
  start_position = position;
  start_orientation = orientation;
  const int a = gizmo_axis(grabbed);
  axis = a >= 0 ? unit_axis(a) : towards_viewer(camera, position);
  const render::Ray ray = ray_through_window(camera, area, x, y);
  switch (grabbed) {
    case GizmoPart::arrow_x:
    case GizmoPart::arrow_y:
    case GizmoPart::arrow_z:
      grab = closest_point_on_axis(ray, position, axis);
      break;
    case GizmoPart::plane_yz:
    case GizmoPart::plane_xz:
    case GizmoPart::plane_xy:
      if (!ray_plane_hit(ray, position, axis, grab)) return false;
      break;
    default:
      start_angle = screen_angle(camera, area, position, x, y);
      break;
  }
  active = true;
  return true;
}

glm::vec3 GizmoDrag::position(const render::Camera& camera, const ViewportArea& area, float x, float y) const {
  if (!active) return start_position;
  const render::Ray ray = ray_through_window(camera, area, x, y);
  switch (part) {
    case GizmoPart::arrow_x:
    case GizmoPart::arrow_y:
    case GizmoPart::arrow_z: {
      // closest_point_on_axis returns grab + s * axis: the move is along the axis only.
      const glm::vec3 moved = closest_point_on_axis(ray, grab, axis);
      return start_position + glm::dot(moved - grab, axis) * axis;
    }
    case GizmoPart::plane_yz:
    case GizmoPart::plane_xz:
    case GizmoPart::plane_xy: {
      glm::vec3 hit;
      if (!ray_plane_hit(ray, grab, axis, hit)) return start_position;  // edge-on: stays
      const glm::vec3 move = hit - grab;
      return start_position + move - glm::dot(move, axis) * axis;  // exactly in the plane
    }
    default:
      return start_position;
  }
}

glm::quat GizmoDrag::orientation(const render::Camera& camera, const ViewportArea& area, float x, float y) const {
  const bool ring_part = part == GizmoPart::ring_x || part == GizmoPart::ring_y || part == GizmoPart::ring_z ||
                         part == GizmoPart::ring_view;
  if (!active || !ring_part) return start_orientation;
  const float swept = screen_angle(camera, area, start_position, x, y) - start_angle;
  // Seen from where the axis points, anticlockwise is a positive turn (right-hand rule);
  // an axis pointing away from the viewer sees the screen's anticlockwise as clockwise.
  const float sign = glm::dot(axis, towards_viewer(camera, start_position)) >= 0.0f ? 1.0f : -1.0f;
  return glm::normalize(glm::angleAxis(sign * swept, axis) * start_orientation);
}

}  // namespace app
