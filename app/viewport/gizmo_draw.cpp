#include "app/viewport/gizmo_draw.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/editor/full_body_mode.h"
#include "app/viewport/viewport_input.h"

namespace app {
namespace {

glm::vec4 part_colour(GizmoPart part, bool hovered, float alpha) {
  if (hovered) return {1.0f, 0.92f, 0.5f, 1.0f};
  switch (gizmo_axis(part)) {
    case 0:
      return {0.93f, 0.26f, 0.32f, alpha};  // X red
    case 1:
      return {0.47f, 0.80f, 0.18f, alpha};  // Y green
    case 2:
      return {0.26f, 0.52f, 0.96f, alpha};  // Z blue
    default:
      return {0.85f, 0.85f, 0.85f, alpha};  // view ring
  }
}

// A square's inside as parallel lines from one side to the opposite one (the renderer has
// lines, not triangles, for overlays): a translucent fill like Blender's plane handles.
void hatch_square(const std::vector<glm::vec3>& q, const glm::vec4& colour, std::vector<glm::vec3>& points,
                  std::vector<glm::vec4>& colours) {
  constexpr int kLines = 9;
  for (int i = 0; i <= kLines; ++i) {
    const float t = static_cast<float>(i) / kLines;
    points.push_back(glm::mix(q[0], q[3], t));
    points.push_back(glm::mix(q[1], q[2], t));
    colours.push_back(colour);
    colours.push_back(colour);
  }
}

void toggle_button(Editor& editor, const char* label, const char* rect_name, bool on, const char* tooltip,
                   bool& pressed) {
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  pressed = ImGui::Button(label);
  if (on) ImGui::PopStyleColor();
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  editor.ui.widget_rects[rect_name] = {a.x, a.y, b.x - a.x, b.y - a.y};
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

// Where the selected goal's arrows are on screen, for the end-to-end tests: per arrow
// "gizmo_arrow_x|y|z" = (x, y, dx, dy), the window point halfway along the shaft and the
// vector from it to the tip (so the "rectangle's" centre is on the shaft too; dx, dy may be
// negative). Only in translate mode with a gizmo shown.
void record_arrow_rects(Editor& editor, const ViewportArea& area) {
  for (const char* name : {"gizmo_arrow_x", "gizmo_arrow_y", "gizmo_arrow_z"}) editor.ui.widget_rects.erase(name);
  glm::vec3 centre;
  if (editor.selection.gizmo_mode != GizmoMode::translate || !selected_gizmo_centre(editor, centre)) return;
  for (const GizmoPiece& piece : gizmo_shape(GizmoMode::translate, editor.view.camera, area, centre)) {
    const int a = gizmo_axis(piece.part);
    if (piece.part > GizmoPart::arrow_z || piece.segment_pairs) continue;  // the shafts
    const glm::vec2 tail = project_to_window(editor.view.camera, area, piece.points[0]);
    const glm::vec2 tip = project_to_window(editor.view.camera, area, piece.points[1]);
    const glm::vec2 mid = 0.5f * (tail + tip);
    static const char* const kNames[] = {"gizmo_arrow_x", "gizmo_arrow_y", "gizmo_arrow_z"};
    editor.ui.widget_rects[kNames[a]] = {mid.x, mid.y, tip.x - mid.x, tip.y - mid.y};
  }
}

}  // namespace

void draw_gizmo(render::Renderer& renderer, const Editor& editor, const ViewportArea& area) {
  glm::vec3 centre;
  if (!selected_gizmo_centre(editor, centre)) return;
  const bool turnable = goal_handle_has_orientation(editor, selected_goal_handle(editor));
  const float alpha = editor.selection.gizmo_mode == GizmoMode::rotate && !turnable ? 0.3f : 1.0f;
  std::vector<glm::vec3> lines, thick, fills;
  std::vector<glm::vec4> line_colours, thick_colours, fill_colours;
  for (const GizmoPiece& piece : gizmo_shape(editor.selection.gizmo_mode, editor.view.camera, area, centre)) {
    const bool hovered = piece.part == editor.selection.hovered_gizmo_part;
    const glm::vec4 colour = part_colour(piece.part, hovered, alpha);
    std::vector<glm::vec3>& out = hovered ? thick : lines;
    std::vector<glm::vec4>& out_colours = hovered ? thick_colours : line_colours;
    const size_t n = piece.points.size();
    const size_t segments = piece.closed ? n : n - 1;
    for (size_t i = 0; i < segments; i += piece.segment_pairs ? 2 : 1) {
      out.push_back(piece.points[i]);
      out.push_back(piece.points[(i + 1) % n]);
      out_colours.push_back(colour);
      out_colours.push_back(colour);
    }
    if (piece.closed && n == 4)
      hatch_square(piece.points, glm::vec4(glm::vec3(colour), 0.45f * colour.a), fills, fill_colours);
  }
  if (!fills.empty()) renderer.draw_lines(fills, fill_colours, 2.5f, true);
  if (!lines.empty()) renderer.draw_lines(lines, line_colours, 2.5f, true);
  if (!thick.empty()) renderer.draw_lines(thick, thick_colours, 4.0f, true);
}

void draw_viewport_toolbar(Editor& editor, ViewportArea& area) {
  if (!editor.document.has_rig) return;
  const float height = std::floor(ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().WindowPadding.y);
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, height));
  area.y += height;
  area.height = std::max(1.0f, area.height - height);
  record_arrow_rects(editor, area);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_MenuBarBg));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollWithMouse;
  const bool shown = ImGui::Begin("##viewport_toolbar", nullptr, flags);
  ImGui::PopStyleColor();
  editor.ui.widget_rects["viewport_toolbar"] = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                                ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  if (shown) {
    bool pressed = false;
    toggle_button(editor, "Move (G)", "gizmo_translate", editor.selection.gizmo_mode == GizmoMode::translate,
                  "Translate gizmo on the selected goal: drag an arrow to move along one axis,\n"
                  "a square to move in one plane.",
                  pressed);
    if (pressed) editor.selection.gizmo_mode = GizmoMode::translate;
    ImGui::SameLine();
    toggle_button(editor, "Rotate (R)", "gizmo_rotate", editor.selection.gizmo_mode == GizmoMode::rotate,
                  "Rotate gizmo on the selected goal: drag a ring to turn the goal's orientation\n"
                  "about its axis, the outer ring about the viewing direction (orientation goals).",
                  pressed);
    if (pressed) editor.selection.gizmo_mode = GizmoMode::rotate;
    ImGui::SameLine();
    toggle_button(editor, editor.view.camera.orthographic ? "Ortho (Num5)" : "Persp (Num5)", "view_projection", false,
                  "Perspective / orthographic. Numpad 1 / 3 / 7: front / right / top view,\n"
                  "with Ctrl: back / left / bottom.",
                  pressed);
    if (pressed) editor.view.camera.orthographic = !editor.view.camera.orthographic;
    // Where a goal drag goes (app/editor/goal_drag.h); the plane is drawn while dragging.
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::floor(ImGui::CalcTextSize("drag: ground").x + ImGui::GetFrameHeight() * 1.6f));
    const std::string preview = std::string("drag: ") + drag_plane_name(editor.view.drag_plane);
    if (ImGui::BeginCombo("##drag_plane", preview.c_str())) {
      for (DragPlane plane : kDragPlanes)
        if (ImGui::Selectable(drag_plane_name(plane), plane == editor.view.drag_plane)) editor.view.drag_plane = plane;
      ImGui::EndCombo();
    }
    remember_rect(editor, "drag_plane");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The plane a dragged goal moves in, through the goal: view (facing you), ground\n"
          "(horizontal: its height stays) or limb (the plane the chain bends in). The plane and\n"
          "a line down to the ground are drawn while you drag; X, Y or Z held: along that axis.");
  }
  ImGui::End();
}

}  // namespace app
