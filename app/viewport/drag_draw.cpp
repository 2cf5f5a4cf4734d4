#include "app/viewport/drag_draw.h"

#include <cmath>
#include <vector>

#include "app/editor/full_body_mode.h"
#include "solvers/anim/ground.h"

namespace app {
namespace {

constexpr float kPi = 3.14159265f;

// A grid of `lines` x `lines` lines over a square of half size `half` centred at `centre` in
// the plane with normal `normal`, and its outline brighter.
void add_plane_grid(const glm::vec3& centre, const glm::vec3& normal, float half, int lines,
                    std::vector<glm::vec3>& grid, std::vector<glm::vec3>& outline) {
  const glm::vec3 n = glm::normalize(normal);
  const glm::vec3 helper = std::fabs(n.y) < 0.9f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
  const glm::vec3 u = glm::normalize(glm::cross(helper, n)), v = glm::cross(n, u);
  for (int k = 0; k < lines; ++k) {
    const float s = -half + 2.0f * half * static_cast<float>(k) / static_cast<float>(lines - 1);
    std::vector<glm::vec3>& to = k == 0 || k == lines - 1 ? outline : grid;
    to.push_back(centre + s * u - half * v);
    to.push_back(centre + s * u + half * v);
    to.push_back(centre - half * u + s * v);
    to.push_back(centre + half * u + s * v);
  }
}

}  // namespace

void draw_drag_cues(render::Renderer& renderer, const Editor& editor) {
  const float size = scene_size(editor);
  const View& view = editor.view;
  if (view.dragging_in_plane) {
    std::vector<glm::vec3> grid, outline;
    add_plane_grid(view.drag_point, view.drag_normal, 0.12f * size, 9, grid, outline);
    renderer.draw_lines(grid, {glm::vec4(1.0f, 1.0f, 1.0f, 0.16f)}, 1.0f, true);
    renderer.draw_lines(outline, {glm::vec4(1.0f, 1.0f, 1.0f, 0.45f)}, 1.5f, true);
  }
  // The goal the drop line hangs from: the dragged one, else the selected goal handle's.
  glm::vec3 goal;
  if (view.dragging_in_plane) {
    goal = view.drag_point;
  } else {
    const int handle = selected_goal_handle(editor);
    if (handle < 0 || !goal_handle_shown(editor, handle)) return;
    goal = goal_handle_goal(editor, handle).position;
  }
  const float floor = ik::ground_height(editor.document.ground, goal.x, goal.z);
  const glm::vec3 foot(goal.x, floor, goal.z);
  const glm::vec4 colour(1.0f, 0.85f, 0.45f, 0.5f);
  std::vector<glm::vec3> dashes;
  const float length = goal.y - floor, dash = 0.012f * size;
  for (float t = 0.0f; dash > 0.0f && t < std::fabs(length); t += 2.0f * dash) {
    const float end = std::fmin(t + dash, std::fabs(length));
    dashes.push_back(goal - glm::vec3(0.0f, std::copysign(t, length), 0.0f));
    dashes.push_back(goal - glm::vec3(0.0f, std::copysign(end, length), 0.0f));
  }
  if (!dashes.empty()) renderer.draw_lines(dashes, {colour}, 1.5f, true);
  std::vector<glm::vec3> ring;
  const float radius = 0.02f * size;
  for (int k = 0; k <= 24; ++k) {
    const float a = 2.0f * kPi * static_cast<float>(k) / 24.0f;
    ring.push_back(foot + glm::vec3(radius * std::cos(a), 0.0f, radius * std::sin(a)));
  }
  renderer.draw_polyline(ring, {colour}, 1.5f, true);
}

}  // namespace app
