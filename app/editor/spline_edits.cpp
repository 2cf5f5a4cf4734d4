#include "app/editor/spline_edits.h"

#include "app/editor/full_body_mode.h"
#include "app/editor/goal_motion.h"
#include "solvers/ik/spline/spline.h"
#include "solvers/scene/solver_table.h"

namespace app {

bool is_spline_chain(const Editor& editor, int c) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return false;
  return editor.document.chains[static_cast<size_t>(c)].solver == ik::find_solver("spline");
}

bool place_default_spline_points(Editor& editor, int c) {
  if (c < 0 || c >= static_cast<int>(editor.document.chains.size())) return false;
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const std::vector<glm::mat4>& world = editor.solve.world;
  std::vector<glm::vec3> points =
      ik::default_spline_points(editor.document.rig.skeleton, world, chain.root, chain.effector, kDefaultSplinePoints);
  if (points.empty() || chain.effector < 0 || static_cast<size_t>(chain.effector) >= world.size()) return false;
  chain.spline_points = std::move(points);
  ik::Goal goal = model_goal(editor, c);
  goal.position = ik::position_of(world[static_cast<size_t>(chain.effector)]);
  set_model_goal(editor, c, goal);
  return true;
}

void give_spline_points_if_missing(Editor& editor, int c) {
  if (is_spline_chain(editor, c) && editor.document.chains[static_cast<size_t>(c)].spline_points.empty())
    place_default_spline_points(editor, c);
}

bool spline_shown(const Editor& editor, int c) { return is_spline_chain(editor, c) && goal_handle_shown(editor, c); }

void spline_handles(const Editor& editor, std::vector<glm::vec3>& points, std::vector<int>& chains,
                    std::vector<int>& indices) {
  points.clear();
  chains.clear();
  indices.clear();
  for (int c = 0; c < static_cast<int>(editor.document.chains.size()); ++c) {
    if (!spline_shown(editor, c)) continue;
    const std::vector<glm::vec3>& own = editor.document.chains[static_cast<size_t>(c)].spline_points;
    for (size_t i = 0; i < own.size(); ++i) {
      points.push_back(own[i]);
      chains.push_back(c);
      indices.push_back(static_cast<int>(i));
    }
  }
}

std::vector<glm::vec3> spline_curve_points(const Editor& editor, int c) {
  if (!spline_shown(editor, c)) return {};
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  if (chain.root < 0 || static_cast<size_t>(chain.root) >= editor.solve.world.size()) return {};
  std::vector<glm::vec3> control{ik::position_of(editor.solve.world[static_cast<size_t>(chain.root)])};
  control.insert(control.end(), chain.spline_points.begin(), chain.spline_points.end());
  control.push_back(model_goal(editor, c).position);
  std::vector<glm::vec3> kept;
  ik::SplinePolyline curve;
  ik::sample_spline(control.data(), static_cast<int>(control.size()), ik::kSplineSamplesPerSegment, 0.0f, kept, curve);
  return curve.points;
}

}  // namespace app
