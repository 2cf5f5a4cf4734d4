// Spline control points in the program (app/editor/spline_edits.h): picking the spline solver
// on the tentacle gives it two points along the chain and its goal on its effector, so the
// solve leaves it where it was; the handles and the curve are those of spline chains only.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

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
  const std::vector<int> path = ik::chain_path(editor.document.rig.skeleton, chain.root, chain.effector);
  const int bones = static_cast<int>(path.size()) - 1;
  ASSERT_EQ(chain.spline_points.size(), static_cast<size_t>(ik::default_spline_point_count(bones)));
  EXPECT_GT(chain.spline_points.size(), 2u) << "a long tentacle gets more than two";
  float length = 0.0f;
  for (size_t k = 1; k < path.size(); ++k)
    length += glm::length(ik::position_of(editor.solve.world[static_cast<size_t>(path[k])]) -
                          ik::position_of(editor.solve.world[static_cast<size_t>(path[k - 1])]));
  const glm::vec3 effector = ik::position_of(editor.solve.world[static_cast<size_t>(chain.effector)]);
  EXPECT_LE(glm::length(chain.goal.position - effector), 0.02f * length) << "the goal near the effector";
  // The solve from these points reaches that goal and keeps the tentacle within 2 % of its
  // length of where it was.
  ik::Pose pose = editor.solve.pose;
  ik::Workspace workspace;
  const ik::SolveResult result = ik::solve_spline(editor.document.rig.skeleton, chain, pose, workspace, nullptr);
  EXPECT_EQ(result.status, ik::SolveStatus::reached) << result.error << " " << (result.note ? result.note : "");
  std::vector<glm::mat4> world;
  ik::fk_all(editor.document.rig.skeleton, pose, world);
  float farthest = 0.0f;
  for (int j : path)
    farthest = std::max(farthest, glm::length(ik::position_of(world[static_cast<size_t>(j)]) -
                                              ik::position_of(editor.solve.world[static_cast<size_t>(j)])));
  std::printf(
      "tentacle, spline picked: %zu points, goal %.2e of the length from the effector, joints moved up to "
      "%.2e of it, %s\n",
      chain.spline_points.size(), static_cast<double>(glm::length(chain.goal.position - effector) / length),
      static_cast<double>(farthest / length), ik::to_string(result.status));
  EXPECT_LE(farthest, 0.02f * length);
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
  const std::vector<glm::vec3>& own = editor.document.chains[1].spline_points;
  ASSERT_GE(own.size(), 2u);
  EXPECT_EQ(points, own);
  EXPECT_EQ(chains, std::vector<int>(own.size(), 1));
  for (size_t i = 0; i < indices.size(); ++i) EXPECT_EQ(indices[i], static_cast<int>(i));
  EXPECT_TRUE(app::spline_curve_points(editor, 0).empty());
  const std::vector<glm::vec3> curve = app::spline_curve_points(editor, 1);
  ASSERT_GE(curve.size(), 3u * static_cast<size_t>(ik::kSplineSamplesPerSegment));
  EXPECT_EQ(curve.front(), ik::position_of(editor.solve.world[0]));
  EXPECT_EQ(curve.back(), editor.document.chains[1].goal.position);
  EXPECT_LE(ik::distance_to_polyline(curve, editor.document.chains[1].spline_points[0]), 1e-6f);
}

}  // namespace
