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
  const ik::Skeleton& skeleton = editor.document.rig.skeleton;
  const std::vector<glm::mat4>& world = editor.solve.world;
  const int bones = static_cast<int>(ik::chain_path(skeleton, chain.root, chain.effector).size()) - 1;
  std::vector<glm::vec3> points =
      ik::default_spline_points(skeleton, world, chain.root, chain.effector, ik::default_spline_point_count(bones));
  if (points.empty() || chain.effector < 0 || static_cast<size_t>(chain.effector) >= world.size()) return false;
  chain.spline_points = std::move(points);
  // The goal on the effector; then where the chain laid along that curve ends (the curve
  // through a few joints is a little shorter or longer than the chain), a few times over, so
  // the chain starts out reaching its goal.
  ik::Chain trial = chain;
  trial.goal.position = ik::position_of(world[static_cast<size_t>(chain.effector)]);
  trial.follow_joint = -1;
  trial.motion = ik::Chain::Motion::none;
  trial.aim = false;
  ik::Workspace workspace;
  std::vector<glm::mat4> solved;
  for (int pass = 0; pass < kDefaultGoalFits; ++pass) {
    ik::Pose pose = editor.solve.pose;
    const ik::SolveResult result = ik::solve_spline(skeleton, trial, pose, workspace, nullptr);
    if (result.status == ik::SolveStatus::reached || result.status == ik::SolveStatus::invalid_input) break;
    ik::fk_all(skeleton, pose, solved);
    trial.goal.position = ik::position_of(solved[static_cast<size_t>(chain.effector)]);
  }
  ik::Goal goal = model_goal(editor, c);
  goal.position = trial.goal.position;
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
