// KDL's forward kinematics of each arm's chain (kdl_arm.h) against the double-precision
// forward kinematics over the glTF file's own numbers (arm_model.h), on random
// configurations within the limits: they agree to 1e-9 (metres, and rotation-matrix
// entries). The chain is built from the file; what this checks is that the chain means
// what the file means (segment order, hinge axes in the joints' own frames, angles
// relative to rest, limits).
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <kdl/chainfksolverpos_recursive.hpp>

#include "bench/kdl/kdl_arm.h"

namespace {

class KdlArmFk : public ::testing::TestWithParam<const char*> {};

TEST_P(KdlArmFk, AgreesWithTheFileToOneNanometre) {
  armbench::ArmModel arm;
  std::string error;
  ASSERT_TRUE(armbench::read_arm_gltf(std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + GetParam() + ".gltf", arm, error))
      << error;
  armbench::KdlArm kdl;
  armbench::make_kdl_arm(arm, kdl);
  ASSERT_EQ(kdl.chain.getNrOfJoints(), static_cast<unsigned>(arm.dof()));
  for (int i = 0; i < arm.dof(); ++i) {
    EXPECT_EQ(kdl.q_min(static_cast<unsigned>(i)), arm.hinges[static_cast<size_t>(i)].min);
    EXPECT_EQ(kdl.q_max(static_cast<unsigned>(i)), arm.hinges[static_cast<size_t>(i)].max);
  }
  KDL::ChainFkSolverPos_recursive fk(kdl.chain);
  std::mt19937 rng(12345);
  KDL::JntArray q(kdl.chain.getNrOfJoints());
  double worst = 0.0;
  double spread = 0.0;  // how far the flange travels: the check is not on a constant pose
  glm::dvec3 first(0.0);
  for (int trial = 0; trial < 5000; ++trial) {
    for (unsigned i = 0; i < q.rows(); ++i) q(i) = std::uniform_real_distribution<double>(kdl.q_min(i), kdl.q_max(i))(rng);
    KDL::Frame frame;
    ASSERT_GE(fk.JntToCart(q, frame), 0);
    const armbench::Pose3 expected = armbench::flange_pose(arm, q.data.data());
    const armbench::Pose3 got = armbench::from_kdl(frame);
    for (int a = 0; a < 3; ++a) {
      worst = std::max(worst, std::fabs(got.translation[a] - expected.translation[a]));
      for (int b = 0; b < 3; ++b) worst = std::max(worst, std::fabs(got.rotation[a][b] - expected.rotation[a][b]));
    }
    if (trial == 0) first = expected.translation;
    spread = std::max(spread, glm::distance(first, expected.translation));
  }
  EXPECT_LT(worst, 1e-9);
  EXPECT_GT(spread, 0.5) << "metres";
}

INSTANTIATE_TEST_SUITE_P(Arms, KdlArmFk, ::testing::Values("arm7", "panda", "ur5"));

}  // namespace
