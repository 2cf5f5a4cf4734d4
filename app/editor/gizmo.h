// The transform gizmos on the selected goal, as in Blender: translate (three axis arrows
// and three plane squares, X red, Y green, Z blue) and rotate (three rings about the
// model axes and a view ring facing the camera). G and R switch between them.
//
// This file is the gizmo's geometry and maths only (no editor, no GL, no SDL), so
// tests/app/editor/test_gizmo.cpp checks it with a camera and nothing else:
//   gizmo_shape   the parts as model-space polylines, sized to a constant number of
//                 window points whatever the zoom or projection;
//   pick_gizmo    the part under the mouse (distance to the drawn lines, inside a square);
//   GizmoDrag     what a drag from a part does to the goal: an arrow moves it only along
//                 its axis, a square only in its plane, a ring turns its orientation about
//                 the ring's axis. Every step starts again from the goal at the press, so a
//                 drag has no drift and one undo step (viewport_input.cpp commits it).
// Drawing is gizmo_draw.cpp's, the input plumbing viewport_input.cpp's.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "app/editor/viewport.h"
#include "render/camera.h"

namespace app {

enum class GizmoMode : int { translate, rotate };

enum class GizmoPart : int {
  none,
  arrow_x,
  arrow_y,
  arrow_z,  // translate: along one axis
  plane_yz,
  plane_xz,
  plane_xy,  // translate: in the plane across that axis (X, Y, Z order)
  ring_x,
  ring_y,
  ring_z,     // rotate: about one axis
  ring_view,  // rotate: about the viewing direction
};

// The model axis a part belongs to (0 x, 1 y, 2 z; a plane square: the axis across it),
// -1 for none and the view ring.
int gizmo_axis(GizmoPart part);

// Sizes in window points: the arrows' length, the rings' radius (the view ring is a little
// larger), how near the mouse must be to a line to pick it.
constexpr float kGizmoArrowPoints = 90.0f;
constexpr float kGizmoPickPoints = 8.0f;
// Within this many points of the centre no gizmo part is picked: the goal's handle is there.
constexpr float kGizmoCentrePoints = 10.0f;

// One part's lines (model space): a polyline, closed for rings and squares; an arrow's head
// is a list of separate segments (pairs) instead (segment_pairs).
struct GizmoPiece {
  GizmoPart part = GizmoPart::none;
  std::vector<glm::vec3> points;
  bool closed = false;
  bool segment_pairs = false;
};

// The parts of `mode`'s gizmo centred at `centre` (model space) as the camera sees it in
// `area`: arrows (a shaft, then a head of lines from the tip round its base; drawn as
// segment pairs p0-p1, p2-p3 ...), squares, rings of 64 segments. Arrows pointing almost at
// the viewer and squares seen almost edge-on are left out (Blender hides them too).
std::vector<GizmoPiece> gizmo_shape(GizmoMode mode, const render::Camera& camera, const ViewportArea& area,
                                    const glm::vec3& centre);

// The part under the window point (x, y), or none: a square when the point is inside its
// projection, otherwise the part whose drawn line is nearest within kGizmoPickPoints.
GizmoPart pick_gizmo(GizmoMode mode, const render::Camera& camera, const ViewportArea& area, const glm::vec3& centre,
                     float x, float y);

// One drag of a gizmo part. begin() at the press, then position()/orientation() with the
// current mouse point give the goal's new value (model space).
struct GizmoDrag {
  GizmoPart part = GizmoPart::none;
  glm::vec3 start_position{0.0f};
  glm::quat start_orientation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 grab{0.0f};      // translate: where the press met the axis line or the plane
  float start_angle = 0.0f;  // rotate: the press's angle about the projected centre, radians
  glm::vec3 axis{0.0f};      // model space, unit: the arrow's or ring's axis, the plane's normal
  bool active = false;

  // False (and nothing starts) if `part` is none or the press cannot be placed on its
  // line or plane (the plane edge-on to the view).
  bool begin(GizmoPart grabbed, const render::Camera& camera, const ViewportArea& area, const glm::vec3& position,
             const glm::quat& orientation, float x, float y);
  // Translate parts: the goal at the press plus the grabbed point's move, kept on the axis
  // or in the plane. Rotate parts: the start position.
  glm::vec3 position(const render::Camera& camera, const ViewportArea& area, float x, float y) const;
  // Rotate parts: the orientation at the press turned about the axis by the angle the mouse
  // swept around the gizmo's centre on screen (anticlockwise on screen turns anticlockwise
  // as seen from the side the axis points to, when it points at the viewer). Translate
  // parts: the start orientation.
  glm::quat orientation(const render::Camera& camera, const ViewportArea& area, float x, float y) const;
};

}  // namespace app
