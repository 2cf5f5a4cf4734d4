// solvers/ik/jacobian/jacobian_readout.h: rank, smallest non-zero singular value, condition of the
// non-zero part, and "near a singularity" only for a goal along a near-null direction.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/jacobian/jacobian_readout.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

// J = diag(0.262, 0.262, 0) (third column zero): singular values 0.262 0.262 0. The plain
// condition number is infinite; the readout says rank 2 and condition 1 of the non-zero part.
TEST(JacobianReadout, RankDeficientJacobianReportsRankTwo) {
  const float j[9] = {0.262f, 0, 0, 0, 0.262f, 0, 0, 0, 0};
  ik::JacobianReadout r;
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 3, nullptr, 0.0f, {}, r));
  EXPECT_EQ(r.rows, 3);
  EXPECT_EQ(r.rank, 2);
  EXPECT_NEAR(r.singular_values[0], 0.262f, 1e-6f);
  EXPECT_NEAR(r.singular_values[1], 0.262f, 1e-6f);
  EXPECT_EQ(r.singular_values[2], 0.0f);
  EXPECT_NEAR(r.smallest_nonzero, 0.262f, 1e-6f);
  EXPECT_NEAR(r.condition, 1.0f, 1e-5f);
  EXPECT_EQ(r.near_null_count, 1);
  EXPECT_FALSE(r.near_singular);
  // The near-null direction is ±Z.
  EXPECT_NEAR(std::fabs(r.directions[2][2]), 1.0f, 1e-6f);
}

TEST(JacobianReadout, FewerColumnsThanRowsCapsTheRank) {
  const float j[3] = {1.0f, 2.0f, 0.5f};  // 3 x 1
  ik::JacobianReadout r;
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 1, nullptr, 0.0f, {}, r));
  EXPECT_EQ(r.rank, 1);
  EXPECT_NEAR(r.condition, 1.0f, 1e-6f);
  EXPECT_NEAR(r.singular_values[0], std::sqrt(1.0f + 4.0f + 0.25f), 1e-5f);
  EXPECT_EQ(r.near_null_count, 2);
}

TEST(JacobianReadout, RoundingNoiseIsNotRank) {
  // A third singular value of 1e-7 (a straight chain's float rounding) is zero.
  const float j[9] = {1.0f, 0, 0, 0, 0.5f, 0, 0, 0, 1e-7f};
  ik::JacobianReadout r;
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 3, nullptr, 0.0f, {}, r));
  EXPECT_EQ(r.rank, 2);
  EXPECT_NEAR(r.condition, 2.0f, 1e-5f);
  EXPECT_NEAR(r.smallest_nonzero, 0.5f, 1e-6f);
}

TEST(JacobianReadout, GoalAlongANearNullDirectionIsFlaggedOrthogonalIsNot) {
  // A rotated J: columns u1 * 1, u2 * 0.8, u3 * 0.01 with orthonormal u's; u3 near-null.
  const glm::vec3 u1 = glm::normalize(glm::vec3(1, 1, 0)), u2 = glm::normalize(glm::vec3(-1, 1, 1)),
                  u3 = glm::cross(u1, u2);
  const float s[3] = {1.0f, 0.8f, 0.01f};
  const glm::vec3 u[3] = {u1, u2, u3};
  float j[9];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) j[r * 3 + c] = u[c][r] * s[c];
  ik::JacobianReadout r;
  const glm::vec3 along = 0.3f * u3, across = 0.3f * u1, mostly_along = 0.3f * glm::normalize(u3 + 0.3f * u2),
                  tiny = 1e-5f * u3;
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 3, &along.x, 1e-3f, {}, r));
  EXPECT_EQ(r.rank, 3);
  EXPECT_NEAR(r.condition, 100.0f, 0.1f);
  EXPECT_EQ(r.near_null_count, 1);
  EXPECT_NEAR(r.goal_along_near_null, 1.0f, 1e-5f);
  EXPECT_TRUE(r.near_singular);
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 3, &mostly_along.x, 1e-3f, {}, r));
  EXPECT_TRUE(r.near_singular);
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 3, &across.x, 1e-3f, {}, r));
  EXPECT_NEAR(r.goal_along_near_null, 0.0f, 1e-5f);
  EXPECT_FALSE(r.near_singular);
  // Within the tolerance the goal is reached: no direction, nothing flagged.
  ASSERT_TRUE(ik::analyse_jacobian(j, 3, 3, &tiny.x, 1e-3f, {}, r));
  EXPECT_FALSE(r.near_singular);
  EXPECT_EQ(r.goal_along_near_null, 0.0f);
}

TEST(JacobianReadout, InvalidShapesRejected) {
  const float j[1] = {1.0f};
  ik::JacobianReadout r;
  EXPECT_FALSE(ik::analyse_jacobian(j, 0, 1, nullptr, 0.0f, {}, r));
  EXPECT_FALSE(ik::analyse_jacobian(j, 7, 1, nullptr, 0.0f, {}, r));
  EXPECT_FALSE(ik::analyse_jacobian(nullptr, 3, 2, nullptr, 0.0f, {}, r));
  EXPECT_EQ(r.rows, 0);
}

// A straight chain along +Y cannot move its tip along +Y: rank 2. A goal past the tip on
// that line is near a singularity; one to the side is not; the goal on the tip is not.
TEST(JacobianReadout, StraightChainGoalAlongItsLine) {
  const ik::Skeleton s = iktest::chain_skeleton(4, 1.0f, {}, 0.0f);
  ik::Chain chain;
  chain.root = 1;
  chain.effector = 4;
  const ik::Pose rest = ik::rest_pose(s);
  std::vector<glm::mat4> world;
  ik::fk_all(s, rest, world);
  const glm::vec3 tip = ik::position_of(world[4]);
  ik::Workspace workspace;
  ik::JacobianReadout r;
  chain.goal.position = tip;
  ASSERT_TRUE(ik::jacobian_readout(s, chain, rest, workspace, r));
  EXPECT_EQ(r.rank, 2);
  EXPECT_TRUE(std::isfinite(r.condition));
  EXPECT_FALSE(r.near_singular);
  chain.goal.position = tip + glm::vec3(0.0f, 0.5f, 0.0f);
  ASSERT_TRUE(ik::jacobian_readout(s, chain, rest, workspace, r));
  EXPECT_TRUE(r.near_singular);
  chain.goal.position = tip + glm::vec3(0.5f, 0.0f, 0.0f);
  ASSERT_TRUE(ik::jacobian_readout(s, chain, rest, workspace, r));
  EXPECT_FALSE(r.near_singular);
}

// Common rigs at rest with their suggested chains (goals on the effectors) are not flagged,
// and the conditioning of what each chain can move stays moderate.
TEST(JacobianReadout, CommonRigsAtRestAreNotFlagged) {
  const std::vector<std::string> files = {IKSCOPE_SOURCE_DIR "/assets/humanoid.gltf",
                                          IKSCOPE_SOURCE_DIR "/assets/mixamo_rig.gltf",
                                          IKSCOPE_SHARED_DIR "/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb"};
  const int dls = ik::find_solver("dls");
  ASSERT_GE(dls, 0);
  for (const std::string& file : files) {
    ik::ImportedRig rig;
    std::string error;
    ASSERT_TRUE(ik::import_gltf_file(file, rig, error)) << file << ": " << error;
    const ik::Pose rest = ik::rest_pose(rig.skeleton);
    const std::vector<ik::Chain> chains = ik::suggest_chains(rig.skeleton, rest, dls);
    ASSERT_FALSE(chains.empty()) << file;
    ik::Workspace workspace;
    for (const ik::Chain& chain : chains) {
      ik::JacobianReadout r;
      ASSERT_TRUE(ik::jacobian_readout(rig.skeleton, chain, rest, workspace, r));
      const std::string name = file + ": " + ik::chain_name(rig.skeleton, chain);
      EXPECT_FALSE(r.near_singular) << name;
      EXPECT_GE(r.rank, 2) << name;
      EXPECT_LT(r.condition, 1e3f) << name << " rank " << r.rank;
    }
  }
}

}  // namespace
