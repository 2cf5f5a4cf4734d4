// Spline control points in the program (app/editor/spline_edits.h): picking the spline solver
// on the tentacle gives it two points along the chain and its goal on its effector, so the
// solve leaves it where it was; the handles and the curve are those of spline chains only.
#include <gtest/gtest.h>

#include "app/editor/spline_edits.h"
#include "io/gltf/gltf_import.h"
#include "solvers/ik/spline/spline.h"
#include "solvers/scene/solver_table.h"

namespace {

// The tentacle open, at rest, with one FABRIK chain from its base to its tip.
app::Editor tentacle_editor() {
  app::Editor editor;
  std::string error;
  EXPECT_TRUE(
      ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/tentacle.gltf", editor.document.rig, error))
      << error;
  editor.document.has_rig = true;
  editor.solve.pose = ik::rest_pose(editor.document.rig.skeleton);
  app::update_world(editor);
  ik::Chain chain;
  chain.root = 0;
  chain.effector = editor.document.rig.skeleton.joint_count() - 1;
  chain.solver = ik::find_solver("fabrik");
  chain.goal.position = glm::vec3(0.5f, 0.5f, 0.5f);  // somewhere else
  editor.document.chains.push_back(chain);
  editor.history.reset(editor.document.chains);
  return editor;
}

TEST(SplineEdits, PickingSplineGivesPointsAlongTheChainAndLeavesItWhereItIs) {
  app::Editor editor = tentacle_editor();
  ik::Chain& chain = editor.document.chains[0];
  app::give_spline_points_if_missing(editor, 0);
  EXPECT_TRUE(chain.spline_points.empty()) << "not a spline chain yet";
  chain.solver = ik::find_solver("spline");
  app::give_spline_points_if_missing(editor, 0);
  ASSERT_EQ(chain.spline_points.size(), static_cast<size_t>(app::kDefaultSplinePoints));
  const glm::vec3 effector = ik::position_of(editor.solve.world[static_cast<size_t>(chain.effector)]);
  EXPECT_EQ(chain.goal.position, effector);
  // The solve from these points keeps the tentacle within 2 % of its length of where it was.
  float length = 0.0f;
  const std::vector<int> path = ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector);
  for (size_t k = 1; k < path.size(); ++k)
    length += glm::length(ik::position_of(editor.solve.world[static_cast<size_t>(path[k])]) -
                          ik::position_of(editor.solve.world[static_cast<size_t>(path[k - 1])]));
  ik::Pose pose = editor.solve.pose;
  ik::Workspace workspace;
  ik::solve_spline(editor.document.rig.skeleton, chain, pose, workspace, nullptr);
  std::vector<glm::mat4> world;
  ik::fk_all(editor.document.rig.skeleton, pose, world);
  for (int j : path)
    EXPECT_LE(glm::length(ik::position_of(world[static_cast<size_t>(j)]) -
                          ik::position_of(editor.solve.world[static_cast<size_t>(j)])),
              0.02f * length)
        << "joint " << j;
  // Moved points are kept when the solver is picked again.
  chain.spline_points[0] += glm::vec3(0.1f);
  const std::vector<glm::vec3> moved = chain.spline_points;
  app::give_spline_points_if_missing(editor, 0);
  EXPECT_EQ(chain.spline_points, moved);
}

TEST(SplineEdits, HandlesAndCurveBelongToSplineChainsOnly) {
  app::Editor editor = tentacle_editor();
  editor.document.chains.push_back(editor.document.chains[0]);  // a second chain, FABRIK
  std::vector<glm::vec3> points;
  std::vector<int> chains, indices;
  editor.document.chains[1].solver = ik::find_solver("spline");
  app::give_spline_points_if_missing(editor, 1);
  editor.document.chains[0].spline_points = {glm::vec3(1.0f)};  // kept, but not a spline chain
  app::spline_handles(editor, points, chains, indices);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(chains, (std::vector<int>{1, 1}));
  EXPECT_EQ(indices, (std::vector<int>{0, 1}));
  EXPECT_EQ(points[1], editor.document.chains[1].spline_points[1]);
  EXPECT_TRUE(app::spline_curve_points(editor, 0).empty());
  const std::vector<glm::vec3> curve = app::spline_curve_points(editor, 1);
  ASSERT_GE(curve.size(), 3u * static_cast<size_t>(ik::kSplineSamplesPerSegment));
  EXPECT_EQ(curve.front(), ik::position_of(editor.solve.world[0]));
  EXPECT_EQ(curve.back(), editor.document.chains[1].goal.position);
  EXPECT_LE(ik::distance_to_polyline(curve, editor.document.chains[1].spline_points[0]), 1e-6f);
}

}  // namespace
