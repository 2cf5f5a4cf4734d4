#include "app/viewport/ground_draw.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "render/grid_spacing.h"

namespace app {
namespace {

// Where a line along +Z from z0 to z1 meets a stair's riser (the last edge up to z1), so the
// riser is drawn upright instead of as a slant across the sample step; false if the segment
// holds none (one tread, or no stairs).
bool riser_between(const ik::Ground& ground, float z0, float z1, float& edge) {
  if (ground.kind != ik::GroundKind::stairs || !(z1 >= 0.0f)) return false;
  edge = ik::tread_start(ground, z1);  // the tread z1 stands on begins here
  return edge > z0;
}

}  // namespace

void draw_ground(render::Renderer& renderer, const Editor& editor) {
  const ik::Ground& ground = editor.document.ground;
  if (!editor.document.has_rig || ground.kind == ik::GroundKind::plane) return;
  const float size = scene_size(editor);
  // Lines every two minor cells of the floor grid, at most 80 a side, round the point the
  // camera looks at (on the lines' own grid, so they do not swim as the view follows a walk
  // down a ramp); each sampled every quarter of its spacing so a ramp's line is straight and
  // a wave's is round.
  const float spacing = 2.0f * render::grid_spacing(size).minor;
  const int half = std::min(40, static_cast<int>(std::ceil(size / spacing)));
  const float extent = static_cast<float>(half) * spacing, step = 0.25f * spacing;
  const glm::vec3& target = editor.view.camera.target;
  const float cx = std::round(target.x / spacing) * spacing, cz = std::round(target.z / spacing) * spacing;
  std::vector<glm::vec3> lines;
  auto add_line = [&](bool along_x, float at) {
    for (float u = -extent; u < extent - 1e-6f; u += step) {
      const float x0 = along_x ? cx + u : at, z0 = along_x ? at : cz + u;
      const float x1 = along_x ? cx + u + step : at, z1 = along_x ? at : cz + u + step;
      const glm::vec3 a(x0, ik::ground_height(ground, x0, z0), z0), b(x1, ik::ground_height(ground, x1, z1), z1);
      float edge = 0.0f;
      if (!along_x && riser_between(ground, z0, z1, edge)) {  // tread, riser, tread
        const glm::vec3 foot(at, a.y, edge), top(at, b.y, edge);
        lines.insert(lines.end(), {a, foot, foot, top, top, b});
      } else {
        lines.insert(lines.end(), {a, b});
      }
    }
  };
  for (int k = -half; k <= half; ++k) {
    add_line(true, cz + static_cast<float>(k) * spacing);
    add_line(false, cx + static_cast<float>(k) * spacing);
  }
  renderer.draw_lines(lines, {glm::vec4(0.85f, 0.78f, 0.6f, 0.55f)}, 1.5f, false);
}

}  // namespace app
