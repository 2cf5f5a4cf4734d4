#include "app/ui/spline_points_view.h"

#include <imgui.h>

#include <string>

#include "app/editor/goal_motion.h"
#include "app/editor/spline_edits.h"
#include "app/ui/panels.h"

namespace app {

void draw_spline_points(Editor& editor, int c) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  std::vector<glm::vec3>& points = chain.spline_points;
  ImGui::TextDisabled("Curve: root, %zu control point%s, goal", points.size(), points.size() == 1 ? "" : "s");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The chain follows a smooth curve from its root through these points (the teal handles: drag "
        "them in the viewport) to its goal");
  for (size_t i = 0; i < points.size(); ++i) {
    const std::string label = "Point " + std::to_string(i + 1);
    ImGui::DragFloat3(label.c_str(), &points[i].x, 0.005f * scene_size(editor), 0.0f, 0.0f, "%.3f");
    if (ImGui::IsItemDeactivatedAfterEdit()) editor.history.commit(editor.document.chains);
  }
  ImGui::BeginDisabled(static_cast<int>(points.size()) >= ik::kMaxSplinePoints);
  const bool root_shown = chain.root >= 0 && static_cast<size_t>(chain.root) < editor.solve.world.size();
  if (ImGui::Button("Add point") && (root_shown || !points.empty())) {
    // Halfway between the last control point (or the root) and the goal: the curve barely moves.
    const glm::vec3 from =
        points.empty() ? ik::position_of(editor.solve.world[static_cast<size_t>(chain.root)]) : points.back();
    points.push_back(0.5f * (from + model_goal(editor, c).position));
    editor.history.commit(editor.document.chains);
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(points.empty());
  if (ImGui::Button("Remove point")) {
    points.pop_back();
    editor.history.commit(editor.document.chains);
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Along the chain")) {
    place_default_spline_points(editor, c);
    editor.history.commit(editor.document.chains);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Control points spread along the chain as it is now, the goal where the chain then ends");
}

}  // namespace app
