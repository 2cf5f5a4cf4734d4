// chain_aim.h: the rebuild under limits on a rigid path (aim_limited_rigid_path, FABRIK's
// passes under limits) writes the pose aim_chain_tree writes with use_limits, up to rounding:
// the same rotations, positions and bone lengths, on random chains with hinges, ball joints
// and swing-twist cones, some joints locked, a few joints uniformly scaled, under every
// similarity root the util has (identity, translated, rotated, uniformly scaled, mirrored),
// with targets that do not keep the bone lengths (as a backward pass's are not, seen from the
// joints' actual positions).
#include <gtest/gtest.h>

#include <random>

#include "solvers/ik/chain_aim.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"
#include "tests/support/solver_test_util.h"

namespace {

// A swing-twist cone with random half angles and twist range, about the joint's bone.
ik::JointLimits random_cone(std::mt19937& rng) {
  ik::JointLimits l;
  l.enabled = true;
  l.cone = true;
  l.bone_axis = iktest::random_unit(rng);
  const float u = iktest::uniform(rng, 0.2f, 1.5f), v = iktest::uniform(rng, 0.2f, 1.5f);
  l.swing = {u, v};
  l.twist_min = iktest::uniform(rng, -1.0f, 0.0f);
  l.twist_max = iktest::uniform(rng, 0.0f, 1.0f);
  return l;
}

struct Aimed {
  ik::Pose pose;
  std::vector<glm::vec3> positions;
  std::vector<float> lengths;
  int clamped = 0;
};

TEST(AimLimitedRigidPath, WritesThePoseTheTreeWalkWrites) {
  std::mt19937 rng(41);
  const std::vector<iktest::RootCase> roots = iktest::root_cases();
  float worst_turn = 0.0f, worst_position = 0.0f, worst_length = 0.0f;
  int clamped_tree = 0, clamped_path = 0, cases = 0, hinge_rolls = 0;
  for (int i = 0; i < 600; ++i) {
    const iktest::RootCase& root = roots[static_cast<size_t>(i) % roots.size()];
    if (std::string(root.name) == "non-uniformly scaled") continue;  // not a rigid path
    const int n = 2 + i % 7;
    ik::Skeleton skeleton = iktest::random_chain(rng, n, true, root.base);
    for (int j = 1; j < n; ++j)
      if (iktest::uniform(rng, 0.0f, 1.0f) < 0.25f) skeleton.limits[static_cast<size_t>(j)] = random_cone(rng);
    ik::Pose pose = ik::rest_pose(skeleton);
    if (i % 5 == 0) pose.local[static_cast<size_t>(1 + i % (n - 1))].scale = glm::vec3(1.7f);
    ik::Workspace ws;
    ASSERT_TRUE(ik::fill_chain_path(skeleton, 1, n, ws.path));
    ik::use_path_as_tree(ws);
    ik::fill_tree_children(ws.tree_parent, ws.first_child, ws.next_sibling);
    if (i % 3 == 0) {  // one joint locked, turned away from its rest
      ws.locked.assign(static_cast<size_t>(skeleton.joint_count()), 0);
      const int j = 1 + (i / 3) % (n - 1);
      ws.locked[static_cast<size_t>(j)] = 1;
      pose.local[static_cast<size_t>(j)].rotation =
          iktest::random_rotation(rng, 0.5f) * pose.local[static_cast<size_t>(j)].rotation;
    }
    const glm::mat4 parent_of_root = ik::parent_world(skeleton, pose, 1);
    std::vector<glm::vec3> targets(ws.path.size());
    for (glm::vec3& t : targets) t = iktest::from_base(root.base, iktest::random_vec3(rng, -3.0f, 3.0f));
    for (size_t k = 0; k + 1 < ws.path.size(); ++k) {
      const ik::JointLimits& child = skeleton.limits[static_cast<size_t>(ws.path[k + 1])];
      if (child.enabled && child.hinge && k + 2 < ws.path.size()) ++hinge_rolls;
    }

    auto aim = [&](bool rigid) {
      Aimed out{pose, std::vector<glm::vec3>(ws.path.size()), std::vector<float>(ws.path.size()), 0};
      ik::Workspace w = ws;
      w.positions.resize(ws.path.size());
      w.linear.resize(ws.path.size());
      std::vector<ik::BallRangeCache> ranges;
      out.clamped = rigid ? ik::aim_limited_rigid_path(skeleton, w, parent_of_root, targets, out.pose, out.positions,
                                                       out.lengths, nullptr, ranges)
                          : ik::aim_chain_tree(skeleton, w, true, parent_of_root, targets, nullptr, out.pose,
                                               out.positions, out.lengths, nullptr, &ranges);
      return out;
    };
    const Aimed tree = aim(false), path = aim(true);
    const float scale = glm::length(glm::vec3(parent_of_root[0]));
    for (size_t k = 0; k < ws.path.size(); ++k) {
      const size_t j = static_cast<size_t>(ws.path[k]);
      // The angle between them, read from the vector part (acos of a dot near 1 is coarse).
      const glm::quat apart = glm::conjugate(tree.pose.local[j].rotation) * path.pose.local[j].rotation;
      worst_turn =
          std::max(worst_turn, 2.0f * std::asin(std::min(1.0f, glm::length(glm::vec3(apart.x, apart.y, apart.z)))));
      worst_position = std::max(worst_position, glm::length(tree.positions[k] - path.positions[k]) / scale);
      worst_length = std::max(worst_length, std::fabs(tree.lengths[k] - path.lengths[k]) / scale);
    }
    clamped_tree += tree.clamped;
    clamped_path += path.clamped;
    ++cases;
  }
  std::printf(
      "%d rigid paths, %d hinge rolls: worst turn apart %.3g rad, positions %.3g, bone lengths %.3g; "
      "clamped %d (tree walk) and %d (rigid path)\n",
      cases, hinge_rolls, worst_turn, worst_position, worst_length, clamped_tree, clamped_path);
  EXPECT_GT(hinge_rolls, 100);
  EXPECT_GT(clamped_tree, cases);  // the limits bind: the clamp is exercised, not skipped
  // Rounding only (seen: 2.8e-5 rad, 2.0e-5 of the root's unit in position, 8e-7 in length);
  // a wrong frame, sign or scale would be off by tenths of a radian.
  EXPECT_LT(worst_turn, 2e-4f);
  EXPECT_LT(worst_position, 2e-4f);
  EXPECT_LT(worst_length, 1e-5f);
  // A clamp decision can differ only for a rotation within rounding of a limit's edge.
  EXPECT_NEAR(clamped_path, clamped_tree, clamped_tree / 100 + 1);
}

}  // namespace
