// Goal handles (app/editor/goal_handles.h) on the humanoid in full-body mode: one index for the
// chains' goals and then the full-body chain's extra effectors; the selected handle (the
// gizmo's) falls back to the selected chain's own goal when the pair no longer names an
// effector; and the gizmo on an extra effector's handle (app/editor/gizmo.h) moves or turns that
// effector's goal alone, a free effector starting to hold, one undo step a drag
// (app/editor/history.h). No window: the chain list, a camera and a viewport area. Out of
// full-body mode, which handles a disabled chain shows.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/quaternion.hpp>

#include "app/editor/full_body_chains.h"
#include "app/editor/full_body_mode.h"
#include "app/editor/gizmo.h"
#include "app/editor/goal_handles.h"
#include "app/editor/history.h"
#include "io/gltf/gltf_import.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/solver_table.h"

namespace {

const app::ViewportArea kHandlesArea{0.0f, 0.0f, 1000.0f, 700.0f};

// The humanoid's suggested chains with the full-body chain entered, as the program's
// "Full body" button leaves them; `body` is the full-body chain's index.
struct BodyScene {
  ik::ImportedRig rig;
  std::vector<glm::mat4> world;
  std::vector<ik::Chain> chains;
  std::vector<std::uint8_t> marks;
  int body = -1;
};

BodyScene humanoid_in_full_body() {
  BodyScene scene;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", scene.rig, error))
      << error;
  const ik::Pose rest = ik::rest_pose(scene.rig.skeleton);
  ik::fk_all(scene.rig.skeleton, rest, scene.world);
  scene.chains = ik::suggest_rig_chains(scene.rig.skeleton, scene.rig.roles, rest, ik::find_solver("dls"));
  ik::RigRoles roles;
  roles.joints = scene.rig.roles;
  ik::Chain body;
  EXPECT_TRUE(ik::full_body_chain(scene.rig.skeleton, roles, scene.world, ik::find_solver("full_body"), body));
  app::enter_full_body(scene.rig.skeleton, body, scene.chains, scene.marks);
  scene.body = static_cast<int>(scene.chains.size()) - 1;
  return scene;
}

// The extra effector on the joint with `role` (the head, the hips), or -1.
int extra_with_role(const BodyScene& scene, ik::Role role) {
  const ik::Chain& body = scene.chains[static_cast<size_t>(scene.body)];
  for (size_t k = 0; k < body.extra_effectors.size(); ++k)
    if (scene.rig.roles[static_cast<size_t>(body.extra_effectors[k].joint)].role == role) return static_cast<int>(k);
  return -1;
}

// A camera looking at `point` from the front and a little above and to the side.
render::Camera camera_on(const glm::vec3& point) {
  render::Camera camera;
  camera.target = point;
  camera.distance = 2.5f;
  camera.yaw = 0.5f;
  camera.pitch = 0.3f;
  return camera;
}

// The window point halfway along `part`'s shaft (an arrow) of the gizmo at `centre`.
glm::vec2 arrow_middle(app::GizmoPart part, const render::Camera& camera, const glm::vec3& centre) {
  for (const app::GizmoPiece& p : app::gizmo_shape(app::GizmoMode::translate, camera, kHandlesArea, centre))
    if (p.part == part && !p.segment_pairs)
      return 0.5f * (app::project_to_window(camera, kHandlesArea, p.points[0]) +
                     app::project_to_window(camera, kHandlesArea, p.points[1]));
  ADD_FAILURE() << "no such arrow";
  return {};
}

TEST(GoalHandles, TheChainsGoalsThenTheFullBodyChainsExtraEffectors) {
  const BodyScene scene = humanoid_in_full_body();
  const int n = static_cast<int>(scene.chains.size());
  const int extras = static_cast<int>(scene.chains[static_cast<size_t>(scene.body)].extra_effectors.size());
  ASSERT_GE(extras, 4);  // the other hand, the head, the feet, the hips
  for (int h = 0; h < n; ++h) {
    const app::GoalHandleRef ref = app::goal_handle_ref(scene.chains, scene.body, h);
    EXPECT_EQ(ref.chain, h);
    EXPECT_EQ(ref.extra, -1);
    EXPECT_EQ(app::goal_handle_index(scene.chains, scene.body, h, -1), h);
  }
  for (int k = 0; k < extras; ++k) {
    const app::GoalHandleRef ref = app::goal_handle_ref(scene.chains, scene.body, n + k);
    EXPECT_EQ(ref.chain, scene.body);
    EXPECT_EQ(ref.extra, k);
    EXPECT_EQ(app::goal_handle_index(scene.chains, scene.body, scene.body, k), n + k);
  }
  EXPECT_EQ(app::goal_handle_ref(scene.chains, scene.body, n + extras).chain, -1);
  EXPECT_EQ(app::goal_handle_ref(scene.chains, scene.body, -1).chain, -1);
  // Full-body mode off: no extra handles, and no chain but the body has extra effectors.
  EXPECT_EQ(app::goal_handle_ref(scene.chains, -1, n).chain, -1);
  EXPECT_EQ(app::goal_handle_index(scene.chains, scene.body, 0, 0), -1);
}

TEST(GoalHandles, TheSelectedHandleIsTheEffectorsWhileItsChainIsSelected) {
  const BodyScene scene = humanoid_in_full_body();
  const int n = static_cast<int>(scene.chains.size());
  const int head = extra_with_role(scene, ik::Role::head);
  ASSERT_GE(head, 0);
  EXPECT_EQ(app::selected_goal_handle(scene.chains, scene.body, scene.body, head), n + head);
  EXPECT_EQ(app::selected_goal_handle(scene.chains, scene.body, scene.body, -1), scene.body);  // the main hand
  // A stale effector index never selects another chain's handle: the chain's own goal.
  EXPECT_EQ(app::selected_goal_handle(scene.chains, scene.body, 0, head), 0);
  EXPECT_EQ(app::selected_goal_handle(scene.chains, scene.body, scene.body, 99), scene.body);
  EXPECT_EQ(app::selected_goal_handle(scene.chains, -1, scene.body, head), scene.body);  // the mode left
  EXPECT_EQ(app::selected_goal_handle(scene.chains, scene.body, -1, head), -1);
}

// What the program does for a gizmo drag on the selected extra effector's handle
// (viewport_input.cpp): the drag starts from the handle's goal; each mouse step sets the
// handle's goal from the press's; the release commits one undo step.
TEST(GoalHandles, GizmoArrowOnTheHeadMovesTheHeadsGoalAlongXOnly) {
  for (ik::Role role : {ik::Role::head, ik::Role::hips}) {
    BodyScene scene = humanoid_in_full_body();
    app::History history;
    history.reset(scene.chains);
    const std::vector<ik::Chain> before = scene.chains;
    const int k = extra_with_role(scene, role);
    ASSERT_GE(k, 0);
    ik::Chain& body = scene.chains[static_cast<size_t>(scene.body)];
    ik::EffectorGoal& effector = body.extra_effectors[static_cast<size_t>(k)];
    ASSERT_FALSE(app::extra_effector_holds(effector));  // head and hips hold nothing at first
    // Its handle sits on its joint: the gizmo's centre.
    const ik::Goal start = app::extra_effector_handle_goal(body, k, scene.world, {});
    EXPECT_EQ(start.position, ik::position_of(scene.world[static_cast<size_t>(effector.joint)]));
    const render::Camera camera = camera_on(start.position);
    const glm::vec2 at = arrow_middle(app::GizmoPart::arrow_x, camera, start.position);
    ASSERT_EQ(app::pick_gizmo(app::GizmoMode::translate, camera, kHandlesArea, start.position, at.x, at.y),
              app::GizmoPart::arrow_x);
    app::GizmoDrag drag;
    ASSERT_TRUE(
        drag.begin(app::GizmoPart::arrow_x, camera, kHandlesArea, start.position, start.orientation, at.x, at.y));
    const glm::vec2 tip_direction =
        glm::normalize(app::project_to_window(camera, kHandlesArea, start.position + glm::vec3(0.1f, 0.0f, 0.0f)) -
                       app::project_to_window(camera, kHandlesArea, start.position));
    for (int step = 1; step <= 5; ++step) {  // a drag of five mouse moves, a little off the line
      const glm::vec2 to = at + 12.0f * static_cast<float>(step) * tip_direction + glm::vec2(0.0f, 3.0f);
      ik::Goal goal = app::extra_effector_handle_goal(body, k, scene.world, {});
      goal.position = drag.position(camera, kHandlesArea, to.x, to.y);
      goal.orientation = drag.orientation(camera, kHandlesArea, to.x, to.y);
      app::set_extra_effector_handle_goal(body, k, scene.world, {}, goal);
    }
    history.commit(scene.chains);
    const glm::vec3 moved = effector.goal.position - start.position;
    EXPECT_GT(moved.x, 0.05f);
    EXPECT_NEAR(moved.y, 0.0f, 1e-6f);
    EXPECT_NEAR(moved.z, 0.0f, 1e-6f);
    EXPECT_EQ(effector.weight, ik::kFullBodyHandWeight);  // it started holding
    EXPECT_TRUE(app::extra_effector_holds(effector));
    EXPECT_EQ(app::extra_effector_handle_goal(body, k, scene.world, {}).position, effector.goal.position);
    // Nothing else moved: the main hand's goal, the other effectors, the other chains.
    for (size_t c = 0; c < scene.chains.size(); ++c) {
      EXPECT_EQ(scene.chains[c].goal.position, before[c].goal.position);
      for (size_t e = 0; e < scene.chains[c].extra_effectors.size(); ++e)
        if (static_cast<int>(c) != scene.body || static_cast<int>(e) != k) {
          EXPECT_EQ(scene.chains[c].extra_effectors[e].goal.position, before[c].extra_effectors[e].goal.position);
          EXPECT_EQ(scene.chains[c].extra_effectors[e].weight, before[c].extra_effectors[e].weight);
        }
    }
    // One undo step brings all of it back, the weight too.
    ASSERT_TRUE(history.undo(scene.chains));
    EXPECT_FALSE(history.can_undo());
    EXPECT_TRUE(app::same_chains(scene.chains, before));
  }
}

TEST(GoalHandles, GizmoRingTurnsAnExtraEffectorsOrientationGoal) {
  BodyScene scene = humanoid_in_full_body();
  const int k = extra_with_role(scene, ik::Role::head);
  ASSERT_GE(k, 0);
  ik::Chain& body = scene.chains[static_cast<size_t>(scene.body)];
  ik::EffectorGoal& effector = body.extra_effectors[static_cast<size_t>(k)];
  effector.goal.use_orientation = true;
  effector.goal.orientation = glm::normalize(glm::quat(0.9f, 0.1f, 0.2f, -0.1f));
  const ik::Goal start = app::extra_effector_handle_goal(body, k, scene.world, {});
  const render::Camera camera = camera_on(start.position);
  const glm::vec2 middle = app::project_to_window(camera, kHandlesArea, start.position);
  app::GizmoDrag drag;
  ASSERT_TRUE(drag.begin(app::GizmoPart::ring_y, camera, kHandlesArea, start.position, start.orientation,
                         middle.x + 60.0f, middle.y));
  ik::Goal goal = start;
  goal.position = drag.position(camera, kHandlesArea, middle.x, middle.y - 60.0f);
  goal.orientation = drag.orientation(camera, kHandlesArea, middle.x, middle.y - 60.0f);
  app::set_extra_effector_handle_goal(body, k, scene.world, {}, goal);
  const glm::quat delta = glm::normalize(effector.goal.orientation * glm::conjugate(start.orientation));
  EXPECT_NEAR(2.0f * std::acos(std::min(1.0f, std::fabs(delta.w))), 1.5707963f, 1e-3f);   // a quarter turn
  EXPECT_GT(std::fabs(glm::normalize(glm::vec3(delta.x, delta.y, delta.z)).y), 0.9999f);  // about Y
  EXPECT_EQ(effector.goal.position, start.position);                                      // a ring never moves it
  EXPECT_TRUE(app::extra_effector_holds(effector));
}

TEST(GoalHandles, APinnedEffectorsHandleIsItsGoalAndStaysPinned) {
  BodyScene scene = humanoid_in_full_body();
  const int foot = extra_with_role(scene, ik::Role::foot);
  ASSERT_GE(foot, 0);
  ik::Chain& body = scene.chains[static_cast<size_t>(scene.body)];
  ik::EffectorGoal& effector = body.extra_effectors[static_cast<size_t>(foot)];
  ASSERT_TRUE(effector.pinned);
  effector.goal.position += glm::vec3(0.0f, 0.0f, 0.1f);  // the goal away from the joint
  EXPECT_EQ(app::extra_effector_handle_goal(body, foot, scene.world, {}).position, effector.goal.position);
  const float weight = effector.weight;
  ik::Goal goal = effector.goal;
  goal.position.x += 0.2f;
  app::set_extra_effector_handle_goal(body, foot, scene.world, {}, goal);
  EXPECT_TRUE(effector.pinned);
  EXPECT_EQ(effector.weight, weight);
  EXPECT_EQ(effector.goal.position, goal.position);
}

}  // namespace

// Out of full-body mode: a disabled chain's pinned goal stays shown (grey, where the user put
// it); a disabled chain whose goal follows the clip or a joint is hidden -- it would float
// apart from the limb the other chains move.
TEST(GoalHandles, ADisabledFollowingGoalIsHiddenAPinnedOneShown) {
  app::Editor editor;
  std::string error;
  ASSERT_TRUE(
      ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", editor.document.rig, error))
      << error;
  editor.document.has_rig = true;
  editor.document.chains = ik::suggest_rig_chains(editor.document.rig.skeleton, editor.document.rig.roles,
                                                  ik::rest_pose(editor.document.rig.skeleton), ik::find_solver("dls"));
  ASSERT_GE(editor.document.chains.size(), 3u);
  std::vector<ik::Chain>& chains = editor.document.chains;
  EXPECT_TRUE(app::goal_handle_shown(editor, 0));
  chains[0].enabled = false;
  EXPECT_TRUE(app::goal_handle_shown(editor, 0)) << "pinned and off: shown";
  chains[1].enabled = false;
  chains[1].motion = ik::Chain::Motion::animated;
  EXPECT_FALSE(app::goal_handle_shown(editor, 1)) << "following the clip and off: hidden";
  chains[2].enabled = false;
  chains[2].follow_joint = 0;
  EXPECT_FALSE(app::goal_handle_shown(editor, 2)) << "following a joint and off: hidden";
  chains[2].enabled = true;
  EXPECT_TRUE(app::goal_handle_shown(editor, 2));
}
