// The robot-arm rigs (assets/arm7.gltf, panda.gltf, ur5.gltf) against their sources and
// against ikscope's own forward kinematics:
//  * panda and ur5 move as their data-sheet specs (assets/generator/arm_specs.h, product
//    of exponentials) say, to the precision the file is written in;
//  * the double-precision reader the KDL comparison uses (bench/kdl/arm_model.h) and
//    ikscope's importer + float forward kinematics (solvers/anim/pose.h) agree on every arm;
//  * the importer reads the same hinge axes and limits.
// (bench/kdl/test_arm_kdl_fk.cpp checks KDL's chain against the same reader to 1e-9.)
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "assets/generator/arm_specs.h"
#include "bench/kdl/arm_model.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/pose.h"

namespace {

std::string asset(const std::string& name) { return std::string(IKSCOPE_SOURCE_DIR) + "/assets/" + name + ".gltf"; }

armbench::ArmModel read_or_die(const std::string& name) {
  armbench::ArmModel arm;
  std::string error;
  EXPECT_TRUE(armbench::read_arm_gltf(asset(name), arm, error)) << error;
  return arm;
}

// Uniform angles within each hinge's limits (relative to rest).
std::vector<double> random_angles(const armbench::ArmModel& arm, std::mt19937& rng) {
  std::vector<double> theta;
  for (const armbench::ArmHinge& h : arm.hinges) theta.push_back(std::uniform_real_distribution<double>(h.min, h.max)(rng));
  return theta;
}

armbench::Pose3 to_pose(const glm::dmat4& m) { return {glm::dmat3(m), glm::dvec3(m[3])}; }

class ArmRig : public ::testing::TestWithParam<const char*> {};

TEST_P(ArmRig, ReaderFindsAHingePerJointAndTheFlange) {
  const armbench::ArmModel arm = read_or_die(GetParam());
  const int expected = std::string(GetParam()) == "ur5" ? 6 : 7;
  ASSERT_EQ(arm.dof(), expected);
  EXPECT_EQ(arm.base_name, "Base");
  EXPECT_EQ(arm.flange_name, "Flange_end");
  for (int i = 0; i < arm.dof(); ++i) {
    const armbench::ArmHinge& h = arm.hinges[static_cast<size_t>(i)];
    EXPECT_EQ(h.name, "Joint" + std::to_string(i + 1));
    EXPECT_LE(h.min, 0.0) << h.name << ": rest lies inside the range";
    EXPECT_GE(h.max, 0.0) << h.name;
    EXPECT_GT(h.max - h.min, 1.0) << h.name;
  }
}

// ikscope's importer and float FK against the double reader: same limits, same flange
// pose to float precision on random configurations.
TEST_P(ArmRig, IkscopeFloatKinematicsAgreeWithTheDoubleReader) {
  const armbench::ArmModel arm = read_or_die(GetParam());
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(asset(GetParam()), rig, error)) << error;
  const ik::Skeleton& s = rig.skeleton;
  ASSERT_EQ(s.joint_count(), arm.dof() + 2);  // base, hinges, flange; nothing added
  std::vector<int> joint;
  for (const armbench::ArmHinge& h : arm.hinges) {
    const int index = ik::find_joint(s, h.name);
    ASSERT_GE(index, 0) << h.name;
    const ik::JointLimits& l = s.limits[static_cast<size_t>(index)];
    ASSERT_TRUE(l.enabled && l.hinge) << h.name;
    EXPECT_NEAR(l.min.x, h.min, 1e-6) << h.name;
    EXPECT_NEAR(l.max.x, h.max, 1e-6) << h.name;
    EXPECT_NEAR(glm::distance(glm::dvec3(l.hinge_axis), h.axis), 0.0, 1e-6) << h.name;
    joint.push_back(index);
  }
  const int flange = s.joint_count() - 1;
  ASSERT_EQ(s.name[static_cast<size_t>(flange)], "Flange_end");

  std::mt19937 rng(20240605);
  ik::Pose pose = ik::rest_pose(s);
  std::vector<glm::mat4> world;
  double worst_position = 0.0, worst_rotation = 0.0;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::vector<double> theta = random_angles(arm, rng);
    for (size_t k = 0; k < joint.size(); ++k) {
      const size_t j = static_cast<size_t>(joint[k]);
      pose.local[j].rotation = s.rest[j].rotation * glm::angleAxis(static_cast<float>(theta[k]), s.limits[j].hinge_axis);
    }
    ik::fk_all(s, pose, world);
    const armbench::Pose3 single = {glm::dmat3(glm::mat3(world[static_cast<size_t>(flange)])),
                                    glm::dvec3(ik::position_of(world[static_cast<size_t>(flange)]))};
    const armbench::PoseError e = armbench::pose_error(armbench::flange_pose(arm, theta.data()), single);
    worst_position = std::max(worst_position, glm::length(e.position));
    worst_rotation = std::max(worst_rotation, glm::length(e.rotation));
  }
  EXPECT_LT(worst_position, 1e-5) << "metres";
  EXPECT_LT(worst_rotation, 1e-5) << "radians";
  // Float rounding is not zero: the two really are different computations.
  EXPECT_GT(worst_position, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Arms, ArmRig, ::testing::Values("arm7", "panda", "ur5"));

// panda and ur5 against the specs they were generated from: the motion of the flange
// from the zero configuration, exp(1) ... exp(n), for angles from zero (rest + θ).
void expect_moves_as_spec(const rigs::ArmSpec& spec) {
  const armbench::ArmModel arm = read_or_die(spec.name);
  ASSERT_EQ(arm.dof(), static_cast<int>(spec.joints.size()));
  const double rad_per_deg = rigs::kPi / 180.0;
  // Zero configuration: θ = -rest; the flange sits where the data sheet puts it.
  std::vector<double> zero;
  for (const rigs::ArmJointSpec& j : spec.joints) zero.push_back(-j.rest_deg * rad_per_deg);
  const armbench::Pose3 flange_at_zero = armbench::flange_pose(arm, zero.data());
  EXPECT_LT(glm::distance(flange_at_zero.translation, rigs::to_model(spec.flange_point)), 2e-6) << spec.name;

  std::mt19937 rng(7);
  for (int trial = 0; trial < 500; ++trial) {
    const std::vector<double> theta = random_angles(arm, rng);
    std::vector<double> from_zero;
    for (size_t i = 0; i < theta.size(); ++i) from_zero.push_back(theta[i] + spec.joints[i].rest_deg * rad_per_deg);
    const armbench::Pose3 expected = to_pose(rigs::spec_motion(spec, from_zero)) * flange_at_zero;
    const armbench::PoseError e = armbench::pose_error(expected, armbench::flange_pose(arm, theta.data()));
    // The file rounds rotations to 1e-7 and translations to 1e-6.
    ASSERT_LT(glm::length(e.position), 1e-5) << spec.name << " trial " << trial;
    ASSERT_LT(glm::length(e.rotation), 1e-5) << spec.name << " trial " << trial;
  }
}

TEST(ArmSpecs, PandaMovesAsItsDataSheet) { expect_moves_as_spec(rigs::panda_spec()); }
TEST(ArmSpecs, Ur5MovesAsItsDataSheet) { expect_moves_as_spec(rigs::ur5_spec()); }

// The hinge ranges in the files are the data sheets' ranges moved to rest.
TEST(ArmSpecs, LimitsAreTheDataSheetsAboutRest) {
  const rigs::ArmSpec panda = rigs::panda_spec();
  const armbench::ArmModel arm = read_or_die("panda");
  ASSERT_EQ(arm.dof(), 7);
  const double deg_per_rad = 180.0 / rigs::kPi;
  for (size_t i = 0; i < 7; ++i) {
    EXPECT_NEAR(arm.hinges[i].min * deg_per_rad, panda.joints[i].min_deg - panda.joints[i].rest_deg, 1e-9);
    EXPECT_NEAR(arm.hinges[i].max * deg_per_rad, panda.joints[i].max_deg - panda.joints[i].rest_deg, 1e-9);
  }
  // UR5's joints turn +-360 degrees: a full turn or more either way, written about rest.
  const armbench::ArmModel ur5 = read_or_die("ur5");
  for (const armbench::ArmHinge& h : ur5.hinges) {
    EXPECT_NEAR(h.min * deg_per_rad, -360.0, 1e-9) << h.name;
    EXPECT_NEAR(h.max * deg_per_rad, 360.0, 1e-9) << h.name;
  }
}

// The rest poses stand above the floor, bent, the flange away from the base.
TEST(ArmSpecs, RestPosesStandAboveTheFloor) {
  for (const char* name : {"panda", "ur5"}) {
    ik::ImportedRig rig;
    std::string error;
    ASSERT_TRUE(ik::import_gltf_file(asset(name), rig, error)) << error;
    std::vector<glm::mat4> world;
    ik::fk_all(rig.skeleton, ik::rest_pose(rig.skeleton), world);
    for (size_t i = 1; i < world.size(); ++i) EXPECT_GT(ik::position_of(world[i]).y, 0.02f) << name << " joint " << i;
    const glm::vec3 flange = ik::position_of(world.back());
    EXPECT_GT(glm::length(glm::vec2(flange.x, flange.z)), 0.3f) << name << ": reaching out";
  }
}

}  // namespace
