#include "app/viewport/path_draw.h"

#include <cmath>
#include <vector>

namespace app {
namespace {

constexpr float kTickSeconds = 0.25f;

struct PathDraw {
  std::vector<glm::vec3> line;
  std::vector<glm::vec3> ticks;
  std::vector<glm::vec4> tick_colours;
};

// The path's polyline and its ticks (the path sampled at each tick time), in `colour`.
void add_path(const ik::GoalPath& path, const glm::vec4& colour, PathDraw& out, std::vector<glm::vec4>& line_colours) {
  out.line.clear();
  for (const ik::GoalPathSample& s : path.samples) out.line.push_back(s.position);
  line_colours.assign(1, colour);
  const float start = path.start_time();
  const float duration = path.duration();
  const int tick_count = static_cast<int>(std::floor(duration / kTickSeconds + 1e-4f));
  for (int k = 0; k <= tick_count && k <= 10000; ++k) {
    const float seconds = static_cast<float>(k) * kTickSeconds;
    out.ticks.push_back(ik::sample_goal_path(path, start + seconds).position);
    const bool whole = k % 4 == 0;
    out.tick_colours.push_back(whole ? glm::vec4(1.0f, 1.0f, 1.0f, 1.0f) : colour);
  }
}

}  // namespace

void draw_goal_paths(render::Renderer& renderer, const Editor& editor) {
  if (!editor.document.has_rig) return;
  PathDraw draw;
  std::vector<glm::vec4> line_colours;
  std::vector<glm::vec3> whole_ticks, small_ticks;
  std::vector<glm::vec4> whole_colours, small_colours;
  const auto draw_one = [&](const ik::GoalPath& path, const glm::vec4& colour) {
    if (path.samples.empty()) return;
    draw.ticks.clear();
    draw.tick_colours.clear();
    add_path(path, colour, draw, line_colours);
    if (draw.line.size() >= 2) renderer.draw_polyline(draw.line, line_colours, 3.0f, true);
    for (size_t k = 0; k < draw.ticks.size(); ++k) {
      const bool whole = k % 4 == 0;
      (whole ? whole_ticks : small_ticks).push_back(draw.ticks[k]);
      (whole ? whole_colours : small_colours).push_back(draw.tick_colours[k]);
    }
  };
  for (const ik::SessionGoalPath& entry : editor.document.goal_paths) {
    const bool selected = entry.chain == editor.selection.chain;
    draw_one(entry.path, selected ? glm::vec4(0.3f, 0.85f, 1.0f, 1.0f) : glm::vec4(0.25f, 0.55f, 0.75f, 0.8f));
  }
  if (editor.recorder.active) draw_one(editor.recorder.path, glm::vec4(1.0f, 0.25f, 0.25f, 1.0f));
  if (!small_ticks.empty()) renderer.draw_points(small_ticks, small_colours, 3.0f, true);
  if (!whole_ticks.empty()) renderer.draw_points(whole_ticks, whole_colours, 5.0f, true);
}

}  // namespace app
