#include "app/viewport/ground_draw.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "render/grid_spacing.h"

namespace app {

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
      for (float v : {u, u + step}) {
        const float x = along_x ? cx + v : at, z = along_x ? at : cz + v;
        lines.emplace_back(x, ik::ground_height(ground, x, z), z);
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
