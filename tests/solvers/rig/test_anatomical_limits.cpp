// Anatomical ranges of motion as cones (solvers/rig/anatomical_limits.h): every motion of
// the table lies inside its cone and the cone is tight; a joint's limits hold the same
// anatomy whatever its rest frame's axes and whatever its rest (T-pose, A-pose); motions
// a person cannot make (the arm straight back, the thigh far across) are clamped; the
// default limits of the generated rigs of every naming convention and rest pose (Mixamo's
// T- and A-pose, Unreal's mannequin, Rigify) give every shoulder and hip the same range.
#include <gtest/gtest.h>

#include <random>

#include "solvers/anim/pose.h"
#include "solvers/ik/limits.h"
#include "solvers/rig/anatomical_limits.h"
#include "solvers/rig/default_limits.h"
#include "solvers/rig/rig_roles.h"
#include "tests/support/role_chain_rigs.h"
#include "tests/support/solver_test_util.h"

namespace {

using ik::AnatomicalJoint;

constexpr AnatomicalJoint kJoints[] = {
    AnatomicalJoint::shoulder, AnatomicalJoint::wrist,         AnatomicalJoint::hip,     AnatomicalJoint::ankle,
    AnatomicalJoint::clavicle, AnatomicalJoint::thoracolumbar, AnatomicalJoint::cervical};
const char* const kNames[] = {"shoulder", "wrist", "hip", "ankle", "clavicle", "thoracolumbar", "cervical"};

// The table's motions as bone directions: the flexion and abduction arcs from the neutral,
// and the shoulder's horizontal arc with the arm level.
std::vector<glm::vec3> motions(const ik::AnatomicalFrame& frame, const ik::RangeOfMotion& r) {
  std::vector<glm::vec3> out;
  for (int i = 0; i <= 40; ++i) {
    out.push_back(ik::anatomical_direction(frame, -r.extension + (r.flexion + r.extension) * i / 40.0f, 0.0f));
    out.push_back(ik::anatomical_direction(frame, 0.0f, -r.adduction + (r.abduction + r.adduction) * i / 40.0f));
  }
  for (int i = 0; i <= 40 && r.horizontal_abduction + r.horizontal_adduction > 0.0f; ++i) {
    const float a =
        glm::radians(-r.horizontal_abduction + (r.horizontal_abduction + r.horizontal_adduction) * i / 40.0f);
    out.push_back(std::cos(a) * frame.abduction_toward + std::sin(a) * frame.flexion_toward);
  }
  return out;
}

// Where a swing of the bone onto `direction` (model space) ends after the clamp, for limits
// made in the rest frame `rest` with the rest bone `bone` (local).
glm::vec3 clamped_direction(const ik::JointLimits& l, const glm::quat& rest, const glm::vec3& bone,
                            const glm::vec3& direction) {
  const glm::vec3 wanted = glm::conjugate(rest) * direction;  // in the rest frame
  glm::quat local = ik::rotation_between(bone, wanted);
  ik::clamp_to_limits(l, glm::quat(1, 0, 0, 0), local);
  return rest * (local * bone);
}

// The canonical frame of the tests: neutral down, flexion forward (+Z), abduction to +X.
const ik::AnatomicalFrame kCanonical;

TEST(AnatomicalLimits, EveryMotionOfTheTableLiesInsideItsConeAndTheConeIsTight) {
  for (size_t k = 0; k < std::size(kJoints); ++k) {
    const ik::RangeOfMotion& range = ik::range_of_motion(kJoints[k]);
    const ik::AnatomicalCone& cone = ik::anatomical_cone(kJoints[k]);
    const std::vector<glm::vec3> points = motions(kCanonical, range);
    const auto all_inside = [&](const ik::AnatomicalCone& c) {
      const ik::JointLimits l =
          ik::anatomical_cone_limits(kCanonical, range, c, glm::quat(1, 0, 0, 0), kCanonical.neutral);
      for (const glm::vec3& p : points)
        if (glm::length(clamped_direction(l, glm::quat(1, 0, 0, 0), kCanonical.neutral, p) - p) > 2e-3f) return false;
      return true;
    };
    EXPECT_TRUE(all_inside(cone)) << kNames[k];
    ik::AnatomicalCone narrower = cone;
    narrower.half_flexion -= 2.0f;
    EXPECT_FALSE(all_inside(narrower)) << kNames[k] << ": the flexion half angle is wider than it needs";
    narrower = cone;
    narrower.half_abduction -= 2.0f;
    EXPECT_FALSE(all_inside(narrower)) << kNames[k] << ": the abduction half angle is wider than it needs";
    // A spine shared by 2 to 6 joints: each segment holds its share.
    for (int segments = 2;
         segments <= 6 && (kJoints[k] == AnatomicalJoint::thoracolumbar || kJoints[k] == AnatomicalJoint::cervical);
         ++segments) {
      const ik::RangeOfMotion part = ik::range_per_segment(range, segments);
      const ik::JointLimits l = ik::anatomical_cone_limits(kCanonical, part, ik::cone_per_segment(cone, segments),
                                                           glm::quat(1, 0, 0, 0), kCanonical.neutral);
      for (const glm::vec3& p : motions(kCanonical, part))
        EXPECT_LT(glm::length(clamped_direction(l, glm::quat(1, 0, 0, 0), kCanonical.neutral, p) - p), 2e-3f)
            << kNames[k] << " in " << segments << " segments";
    }
  }
}

// The same anatomy in any rest frame: a rig whose bone runs along +X, +Y or -Z of its joint,
// rolled any way about it, resting as a T-pose or an A-pose, clamps every direction to the
// same place (model space), and the twist range is the table's, counted from the rest's roll.
TEST(AnatomicalLimits, TheSameRangeWhateverTheRestFrameAndTheRestPose) {
  std::mt19937 rng(5);
  const ik::AnatomicalFrame frame;  // a left arm: down, forward, out to +X
  const ik::RangeOfMotion& range = ik::range_of_motion(AnatomicalJoint::shoulder);
  const ik::AnatomicalCone& cone = ik::anatomical_cone(AnatomicalJoint::shoulder);
  const glm::vec3 t_pose(1, 0, 0), a_pose = glm::normalize(glm::vec3(1, -1, 0));
  std::vector<glm::vec3> probes;
  for (int i = 0; i < 300; ++i) probes.push_back(iktest::random_rotation(rng, 3.14f) * glm::vec3(0, 1, 0));
  std::vector<glm::vec3> reference;
  int case_index = 0;
  for (const glm::vec3& rest_direction : {t_pose, a_pose}) {
    for (const glm::vec3& bone : {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, -1)}) {
      for (float roll : {0.0f, 0.7f, 2.5f}) {
        // A rest rotation whose bone (local) points along rest_direction (model), rolled.
        const glm::quat rest = glm::angleAxis(roll, rest_direction) * ik::rotation_between(bone, rest_direction);
        const ik::JointLimits l = ik::anatomical_cone_limits(frame, range, cone, rest, bone);
        std::vector<glm::vec3> ends;
        for (const glm::vec3& p : probes) ends.push_back(clamped_direction(l, rest, bone, p));
        if (reference.empty()) reference = ends;
        for (size_t i = 0; i < probes.size(); ++i)
          EXPECT_LT(glm::length(ends[i] - reference[i]), 2e-3f) << "case " << case_index << " probe " << i;
        // The rest's twist: a turn about the bone by the table's external (left arm: the
        // negative turn) and internal rotations is inside, 10 degrees more is not.
        const glm::vec3 n = glm::normalize(bone);
        for (float turn : {glm::radians(-range.twist_out), glm::radians(range.twist_in)}) {
          glm::quat inside = glm::angleAxis(turn * 0.98f, n);
          EXPECT_FALSE(ik::clamp_to_limits(l, glm::quat(1, 0, 0, 0), inside)) << "case " << case_index;
          glm::quat outside = glm::angleAxis(turn + glm::sign(turn) * glm::radians(10.0f), n);
          EXPECT_TRUE(ik::clamp_to_limits(l, glm::quat(1, 0, 0, 0), outside)) << "case " << case_index;
        }
        ++case_index;
      }
    }
  }
}

// Motions a person cannot make are clamped; the everyday ones are not.
TEST(AnatomicalLimits, ImpossibleMotionsAreClampedEverydayOnesAreNot) {
  const auto moved = [](AnatomicalJoint joint, const glm::vec3& direction) {
    const ik::JointLimits l = ik::anatomical_cone_limits(
        kCanonical, ik::range_of_motion(joint), ik::anatomical_cone(joint), glm::quat(1, 0, 0, 0), kCanonical.neutral);
    return glm::length(clamped_direction(l, glm::quat(1, 0, 0, 0), kCanonical.neutral, direction) - direction);
  };
  const glm::vec3 down(0, -1, 0), up(0, 1, 0), forward(0, 0, 1), back(0, 0, -1), out(1, 0, 0), in(-1, 0, 0);
  // The shoulder: overhead, forward, out to the side, across the chest, 40 degrees back.
  for (const glm::vec3& fine : {up, forward, out, down, glm::normalize(forward - 0.6f * out),
                                ik::anatomical_direction(kCanonical, -40.0f, 10.0f)})
    EXPECT_LT(moved(AnatomicalJoint::shoulder, fine), 2e-3f) << fine.x << " " << fine.y << " " << fine.z;
  // ...but not straight back, nor through the body.
  EXPECT_GT(moved(AnatomicalJoint::shoulder, back), 0.3f);
  EXPECT_GT(moved(AnatomicalJoint::shoulder, in), 0.3f);
  // The hip: the knee up to the chest (110 degrees) but not behind the back or far across.
  EXPECT_LT(moved(AnatomicalJoint::hip, ik::anatomical_direction(kCanonical, 110.0f, 0.0f)), 2e-3f);
  EXPECT_GT(moved(AnatomicalJoint::hip, ik::anatomical_direction(kCanonical, -70.0f, 0.0f)), 0.3f);
  EXPECT_GT(moved(AnatomicalJoint::hip, ik::anatomical_direction(kCanonical, 0.0f, -70.0f)), 0.3f);
  EXPECT_GT(moved(AnatomicalJoint::hip, out), 0.3f);  // no split to the side
}

// The default limits of every convention's rig, both sides: probe directions given in the
// body's frame (out, up, forward; mirrored for the right side) swung onto by the upper arm
// and the thigh end, after the clamp, at the same place in that frame on every rig.
TEST(AnatomicalLimits, EveryConventionAndRestPoseGetsTheSameShouldersAndHips) {
  std::mt19937 rng(11);
  std::vector<glm::vec3> probes;
  for (int i = 0; i < 200; ++i) probes.push_back(iktest::random_rotation(rng, 3.14f) * glm::vec3(0, 1, 0));
  std::vector<glm::vec3> reference[2];  // upper arm, thigh
  const std::pair<const char*, ik::Skeleton> rigs[] = {{"Mixamo T-pose", rigs::mixamo()},
                                                       {"Mixamo A-pose", rigs::mixamo("mixamorig:", true)},
                                                       {"Unreal mannequin", rigs::unreal_mannequin()},
                                                       {"Rigify", rigs::rigify()}};
  for (const auto& [name, rig_skeleton] : rigs) {
    ik::Skeleton s = rig_skeleton;
    const ik::RigRoles roles = ik::recognise_roles(s);
    s.limits = ik::default_limits_from_roles(s, roles.joints);
    glm::vec3 forward, left;
    ik::character_directions(s, roles.joints, forward, left);
    const glm::vec3 up = glm::cross(forward, left);
    std::vector<glm::mat4> world;
    ik::fk_all(s, ik::rest_pose(s), world);
    for (int limb = 0; limb < 2; ++limb) {
      for (ik::Side side : {ik::Side::left, ik::Side::right}) {
        const int j = ik::first_joint_with_role(roles.joints, limb == 0 ? ik::Role::upper_arm : ik::Role::thigh, side);
        ASSERT_GE(j, 0) << name;
        const glm::vec3 out = side == ik::Side::left ? left : -left;
        const glm::mat3 body(out, up, forward);  // body frame -> model
        glm::mat3 frame(world[static_cast<size_t>(j)]);
        for (int c = 0; c < 3; ++c) frame[c] = glm::normalize(frame[c]);
        const glm::quat rest = glm::quat_cast(frame);
        const ik::JointLimits& l = s.limits[static_cast<size_t>(j)];
        const glm::vec3 bone = ik::rest_bone_direction(s, j);
        std::vector<glm::vec3> ends;
        for (const glm::vec3& p : probes)
          ends.push_back(glm::transpose(body) * clamped_direction(l, rest, bone, body * p));
        if (reference[limb].empty()) reference[limb] = ends;
        int differ = 0, clamped = 0;
        for (size_t i = 0; i < probes.size(); ++i) {
          differ += glm::length(ends[i] - reference[limb][i]) > 0.02f;
          clamped += glm::length(ends[i] - probes[i]) > 0.05f;
        }
        EXPECT_GT(clamped, 40) << name << ": the limits hold back too few directions to tell them apart";
        EXPECT_EQ(differ, 0) << name << (limb == 0 ? " upper arm" : " thigh")
                             << (side == ik::Side::left ? " left" : " right");
      }
    }
  }
}

}  // namespace
