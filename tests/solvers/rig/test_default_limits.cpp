// Default limits from roles (solvers/rig/default_limits.h) on a Mixamo-named T-pose rig built
// here (centimetre bones under a root scaled by 0.01, as Mixamo exports): the knee bends
// forward when DLS and CCD lift a foot forward and up (FABRIK keeps it straight and falls
// short), elbows never bend backwards,
// random rotations clamped into every default never end outside and rotations inside are
// untouched; the import applies defaults only to a file without limits, switchably.
//
// Index:
//   The rig           Bone, mixamo_bones, mixamo_tpose, LimitsRig, rig_with_defaults, joint
//   Roles to limits   hinges, cones along the bone (a foot's along its sole), free joints, the
//                     character's directions
//   Knees and elbows  knee_in_front: the knee bends forward under DLS and CCD (FABRIK keeps it straight);
//                     elbow_bend_forward: elbows never bend backwards
//   Clamping          random rotations clamped never end outside, rotations inside are untouched
//   A real file       CesiumMan's knees bend forward; the import applies defaults only to a file without
//                     limits, and they turn off
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/default_limits.h"
#include "solvers/rig/rig_roles.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/solver_test_util.h"

namespace {

// ---- The rig ----------------------------------------------------------------------------

// Joint, parent, position in centimetres (T-pose: +Y up, +X the character's left, facing +Z).
struct Bone {
  std::string name;
  std::string parent;
  glm::vec3 cm;
};

std::vector<Bone> mixamo_bones() {
  std::vector<Bone> bones = {
      {"Hips", "", {0, 100, 0}},
      {"Spine", "Hips", {0, 110, 0}},
      {"Spine1", "Spine", {0, 122, 0}},
      {"Spine2", "Spine1", {0, 135, 0}},
      {"Neck", "Spine2", {0, 150, 0}},
      {"Head", "Neck", {0, 160, 0}},
      {"HeadTop_End", "Head", {0, 178, 0}},
  };
  for (const char* side : {"Left", "Right"}) {
    const float s = std::strcmp(side, "Left") == 0 ? 1.0f : -1.0f;
    const std::string p = side;
    const auto add = [&](const std::string& name, const std::string& parent, glm::vec3 cm) {
      bones.push_back({name, parent, {cm.x * s, cm.y, cm.z}});
    };
    add(p + "Shoulder", "Spine2", {6, 145, 0});
    add(p + "Arm", p + "Shoulder", {18, 145, 0});
    add(p + "ForeArm", p + "Arm", {46, 145, 0});
    add(p + "Hand", p + "ForeArm", {72, 145, 0});
    add(p + "HandMiddle1", p + "Hand", {80, 145, 0});
    add(p + "HandMiddle2", p + "HandMiddle1", {84, 145, 0});
    add(p + "HandMiddle3", p + "HandMiddle2", {87, 145, 0});
    add(p + "HandMiddle4", p + "HandMiddle3", {89, 145, 0});
    add(p + "UpLeg", "Hips", {9, 95, 0});
    add(p + "Leg", p + "UpLeg", {9, 52, 0});
    add(p + "Foot", p + "Leg", {9, 9, 0});
    add(p + "ToeBase", p + "Foot", {9, 1, 12});
    add(p + "Toe_End", p + "ToeBase", {9, 1, 20});
  }
  return bones;
}

// The rig as the importer makes it: "mixamorig:" names, each joint's +Y along its bone
// (toward its first child), the root carrying the 0.01 scale of Mixamo's Armature node.
ik::Skeleton mixamo_tpose() {
  const std::vector<Bone> bones = mixamo_bones();
  std::map<std::string, int> index;
  for (size_t i = 0; i < bones.size(); ++i) index[bones[i].name] = static_cast<int>(i);
  std::vector<glm::quat> world(bones.size());
  for (size_t i = 0; i < bones.size(); ++i) {
    glm::vec3 to_child(0.0f, 1.0f, 0.0f);
    for (size_t c = i + 1; c < bones.size(); ++c)
      if (bones[c].parent == bones[i].name) {
        to_child = glm::normalize(bones[c].cm - bones[i].cm);
        break;
      }
    world[i] = ik::rotation_between(glm::vec3(0, 1, 0), to_child);
  }
  ik::RawSkeleton raw;
  for (size_t i = 0; i < bones.size(); ++i) {
    ik::RawJoint j;
    j.name = "mixamorig:" + bones[i].name;
    const auto parent = index.find(bones[i].parent);
    if (parent == index.end()) {
      j.rest.translation = bones[i].cm * 0.01f;
      j.rest.rotation = world[i];
      j.rest.scale = glm::vec3(0.01f);
    } else {
      const size_t p = static_cast<size_t>(parent->second);
      j.parent = parent->second;
      j.rest.rotation = glm::inverse(world[p]) * world[i];
      j.rest.translation = glm::inverse(world[p]) * (bones[i].cm - bones[p].cm);
    }
    raw.joints.push_back(j);
  }
  return iktest::build(raw);
}

struct LimitsRig {
  ik::Skeleton skeleton;
  std::vector<ik::JointRole> roles;
};

LimitsRig rig_with_defaults() {
  LimitsRig rig{mixamo_tpose(), {}};
  rig.roles = ik::recognise_roles(rig.skeleton).joints;
  rig.skeleton.limits = ik::default_limits_from_roles(rig.skeleton, rig.roles);
  return rig;
}

int joint(const ik::Skeleton& s, const char* name) {
  const int j = ik::find_joint(s, std::string("mixamorig:") + name);
  EXPECT_GE(j, 0) << name;
  return j;
}

// ---- Roles to limits --------------------------------------------------------------------

TEST(DefaultLimits, RolesGiveHingesConesAndFreeJoints) {
  const LimitsRig rig = rig_with_defaults();
  const ik::Skeleton& s = rig.skeleton;
  EXPECT_EQ(rig.roles[static_cast<size_t>(joint(s, "LeftLeg"))].role, ik::Role::shin);
  EXPECT_TRUE(s.limits[static_cast<size_t>(joint(s, "LeftLeg"))].hinge);
  EXPECT_TRUE(s.limits[static_cast<size_t>(joint(s, "RightForeArm"))].hinge);
  for (const char* cone : {"LeftUpLeg", "RightArm", "LeftHand", "RightFoot", "Spine1", "Neck", "LeftShoulder"}) {
    const ik::JointLimits& l = s.limits[static_cast<size_t>(joint(s, cone))];
    EXPECT_TRUE(l.enabled && l.cone) << cone;
    // The cone points along the bone: +Y in these frames (a foot's along its sole, below).
    if (std::string(cone) != "RightFoot") {
      EXPECT_NEAR(l.bone_axis.y, 1.0f, 1e-4f) << cone;
    }
  }
  // The thigh's and the upper arm's cones are centred off the rest (the leg forward of
  // straight down, the arm forward and out), with the wider half angle for
  // flexion; the hand's, foot's and spine's near it.
  const auto model_rotation = [&](int j) {
    glm::quat q(1, 0, 0, 0);
    for (int k = j; k >= 0; k = s.parent[static_cast<size_t>(k)]) q = s.rest[static_cast<size_t>(k)].rotation * q;
    return q;
  };
  const auto middle_bone = [&](const char* name) {
    const int j = joint(s, name);
    const ik::JointLimits& l = s.limits[static_cast<size_t>(j)];
    return glm::normalize(model_rotation(j) * (l.cone_middle * l.bone_axis));
  };
  const glm::vec3 thigh = middle_bone("LeftUpLeg"), arm = middle_bone("LeftArm");
  EXPECT_GT(thigh.z, 0.6f);  // 43 degrees forward of straight down
  EXPECT_LT(thigh.y, -0.6f);
  EXPECT_GT(arm.z, 0.6f);  // forward and out (59 and 45 degrees from hanging down), a little down
  EXPECT_GT(arm.x, 0.45f);
  EXPECT_LT(arm.y, 0.0f);
  const ik::JointLimits& thigh_limits = s.limits[static_cast<size_t>(joint(s, "LeftUpLeg"))];
  EXPECT_NEAR(std::max(thigh_limits.swing.x, thigh_limits.swing.y), glm::radians(77.0f), 1e-4f);
  EXPECT_NEAR(std::min(thigh_limits.swing.x, thigh_limits.swing.y), glm::radians(46.5f), 1e-4f);
  // The foot's cone is about its sole (its bone, 34 degrees down to the toe's base, laid
  // flat: inversion and eversion roll the foot about it), its middle 15 degrees of
  // plantarflexion from the rest (toes down).
  const int left_foot = joint(s, "LeftFoot");
  const glm::vec3 sole_axis = model_rotation(left_foot) * s.limits[static_cast<size_t>(left_foot)].bone_axis;
  EXPECT_LT(glm::length(sole_axis - glm::vec3(0, 0, 1)), 1e-4f);
  const glm::vec3 foot = middle_bone("LeftFoot");
  EXPECT_NEAR(glm::dot(foot, sole_axis), std::cos(glm::radians(15.0f)), 2e-3f);
  EXPECT_LT(foot.y, 0.0f);
  EXPECT_GT(glm::dot(middle_bone("Spine1"), glm::vec3(0, 1, 0)), 0.9f);
  for (const char* free_joint : {"Hips", "LeftHandMiddle1", "LeftToeBase"})
    EXPECT_FALSE(s.limits[static_cast<size_t>(joint(s, free_joint))].enabled) << free_joint;
  glm::vec3 forward, left;
  ik::character_directions(s, rig.roles, forward, left);
  EXPECT_NEAR(forward.z, 1.0f, 1e-4f);
  EXPECT_NEAR(left.x, 1.0f, 1e-4f);
}

// ---- Knees and elbows -------------------------------------------------------------------

// How far the knee lies in front of the hip-ankle line (metres, + forward).
float knee_in_front(const ik::Skeleton& s, const ik::Pose& pose, const char* side) {
  const std::string p = side;
  const glm::vec3 hip = iktest::world_position(s, pose, joint(s, (p + "UpLeg").c_str()));
  const glm::vec3 knee = iktest::world_position(s, pose, joint(s, (p + "Leg").c_str()));
  const glm::vec3 ankle = iktest::world_position(s, pose, joint(s, (p + "Foot").c_str()));
  const glm::vec3 line = glm::normalize(ankle - hip);
  const glm::vec3 off = (knee - hip) - line * glm::dot(knee - hip, line);
  return off.z;
}

// DLS and CCD reach a foot goal forward and up with the knee in front of the hip-ankle
// line (without limits DLS puts it 0.25 m behind). FABRIK's position passes bend a straight
// knee backward, which the hinge then refuses: without a pole it keeps the knee straight
// (never behind the line) and does not reach.
TEST(DefaultLimits, KneeBendsForwardWhenTheFootIsLiftedForwardAndUp) {
  const LimitsRig rig = rig_with_defaults();
  const ik::Skeleton& s = rig.skeleton;
  for (const char* solver : {"dls", "ccd", "fabrik"}) {
    const bool reaches = std::string(solver) != "fabrik";
    for (const char* side : {"Left", "Right"}) {
      const std::string p = side;
      const float x = p == "Left" ? 0.09f : -0.09f;
      for (const glm::vec3 goal :
           {glm::vec3(x, 0.60f, 0.35f), glm::vec3(x, 0.45f, 0.30f), glm::vec3(x, 0.50f, 0.40f)}) {
        ik::Pose pose = ik::rest_pose(s);
        ik::Chain chain = iktest::chain_to(joint(s, (p + "UpLeg").c_str()), joint(s, (p + "Foot").c_str()), goal, 200);
        chain.solver = ik::find_solver(solver);
        ASSERT_GE(chain.solver, 0);
        ik::Workspace ws;
        const ik::SolveResult result = ik::solver_table()[chain.solver].solve(s, chain, pose, ws, nullptr);
        if (reaches) {
          EXPECT_LT(result.error, 0.02f) << solver << " " << side << " goal z " << goal.z;
          EXPECT_GT(knee_in_front(s, pose, side), 0.02f) << solver << " " << side << " goal z " << goal.z;
        } else {
          EXPECT_GT(knee_in_front(s, pose, side), 0.0f) << solver << " " << side << " goal z " << goal.z;
        }
        // Without the defaults the same solve puts the knee behind the line.
        if (std::string(solver) == "dls") {
          ik::Skeleton free_rig = s;
          for (ik::JointLimits& l : free_rig.limits) l = ik::JointLimits{};
          ik::Pose free_pose = ik::rest_pose(free_rig);
          ik::solver_table()[chain.solver].solve(free_rig, chain, free_pose, ws, nullptr);
          EXPECT_LT(knee_in_front(free_rig, free_pose, side), -0.05f) << side << " goal z " << goal.z;
        }
      }
    }
  }
}

// The forearm's part along the upper arm's front (the rest forward, carried by the upper
// arm's turn), per unit: never clearly negative (a backward bend).
float elbow_bend_forward(const ik::Skeleton& s, const ik::Pose& pose, const char* side) {
  const std::string p = side;
  const int arm = joint(s, (p + "Arm").c_str());
  const int fore = joint(s, (p + "ForeArm").c_str());
  const int hand = joint(s, (p + "Hand").c_str());
  const ik::Pose rest = ik::rest_pose(s);
  const glm::mat3 now(iktest::world_matrix(s, pose, arm)), then(iktest::world_matrix(s, rest, arm));
  const glm::vec3 front = glm::normalize(now * (glm::inverse(then) * glm::vec3(0, 0, 1)));
  const glm::vec3 forearm =
      glm::normalize(iktest::world_position(s, pose, hand) - iktest::world_position(s, pose, fore));
  return glm::dot(forearm, front);
}

TEST(DefaultLimits, ElbowsNeverBendBackwards) {
  const LimitsRig rig = rig_with_defaults();
  const ik::Skeleton& s = rig.skeleton;
  std::mt19937 rng(5);
  for (const char* solver : {"dls", "fabrik", "ccd", "jacobian_transpose"}) {
    for (const char* side : {"Left", "Right"}) {
      const std::string p = side;
      const glm::vec3 shoulder = iktest::world_position(s, ik::rest_pose(s), joint(s, (p + "Arm").c_str()));
      float worst = 1.0f;
      for (int trial = 0; trial < 60; ++trial) {
        ik::Pose pose = ik::rest_pose(s);
        const glm::vec3 goal = shoulder + iktest::random_vector(rng, 0.15f, 0.5f);
        ik::Chain chain = iktest::chain_to(joint(s, (p + "Arm").c_str()), joint(s, (p + "Hand").c_str()), goal, 100);
        chain.solver = ik::find_solver(solver);
        ik::Workspace ws;
        ik::solver_table()[chain.solver].solve(s, chain, pose, ws, nullptr);
        worst = std::min(worst, elbow_bend_forward(s, pose, side));
      }
      // No hyperextension: the forearm never leans behind the upper arm's line.
      EXPECT_GT(worst, -0.01f) << solver << " " << side;
    }
  }
}

// ---- Clamping ---------------------------------------------------------------------------

TEST(DefaultLimits, RandomRotationsClampedNeverEndOutsideAndInsideOnesAreUntouched) {
  const LimitsRig rig = rig_with_defaults();
  const ik::Skeleton& s = rig.skeleton;
  std::mt19937 rng(9);
  int limited = 0;
  for (int j = 0; j < s.joint_count(); ++j) {
    const ik::JointLimits& l = s.limits[static_cast<size_t>(j)];
    if (!l.enabled) continue;
    ++limited;
    const glm::quat rest = s.rest[static_cast<size_t>(j)].rotation;
    int inside = 0;
    for (int i = 0; i < 500; ++i) {
      const glm::quat before = rest * iktest::random_rotation(rng, i < 250 ? 0.4f : 3.14f);
      glm::quat local = before;
      const bool changed = ik::clamp_to_limits(l, rest, local);
      EXPECT_TRUE(ik::within_limits(l, rest, local, 2e-4f)) << s.name[static_cast<size_t>(j)];
      if (!changed && ik::within_limits(l, rest, before, 0.0f)) {
        ++inside;
        EXPECT_EQ(std::memcmp(&before, &local, sizeof before), 0) << s.name[static_cast<size_t>(j)];
      }
    }
    if (!l.hinge) {
      EXPECT_GT(inside, 0) << s.name[static_cast<size_t>(j)];
    }
  }
  EXPECT_EQ(limited, 19);  // 3 spine, neck, head, 2 x (clavicle, upper arm, forearm, hand, thigh, shin, foot)
}

// ---- A real file ------------------------------------------------------------------------

// The same on a real file's rig: CesiumMan (roles from "leg_joint_L_1"-style names, its own
// frames, facing its own forward): DLS lifts each foot forward and up with the knee forward.
TEST(DefaultLimits, CesiumManKneesBendForward) {
  ik::ImportedRig rig;
  std::string error;
  ASSERT_TRUE(
      ik::import_gltf_file(std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/CesiumMan/glTF/CesiumMan.gltf", rig, error))
      << error;
  const ik::Skeleton& s = rig.skeleton;
  glm::vec3 forward, left;
  ik::character_directions(s, rig.roles, forward, left);
  const ik::Pose rest = ik::rest_pose(s);
  int legs = 0;
  for (int thigh = 0; thigh < s.joint_count(); ++thigh) {
    if (rig.roles[static_cast<size_t>(thigh)].role != ik::Role::thigh) continue;
    const int shin = thigh + 1, foot = thigh + 2;
    ASSERT_EQ(rig.roles[static_cast<size_t>(shin)].role, ik::Role::shin);
    ++legs;
    const glm::vec3 hip = iktest::world_position(s, rest, thigh), ankle = iktest::world_position(s, rest, foot);
    const float leg = glm::length(ankle - hip);
    const glm::vec3 up = glm::normalize(hip - ankle);
    const glm::vec3 goal = ankle + up * (0.35f * leg) + forward * (0.35f * leg);
    ik::Pose pose = rest;
    ik::Chain chain = iktest::chain_to(thigh, foot, goal, 200);
    chain.solver = ik::find_solver("dls");
    ik::Workspace ws;
    const ik::SolveResult result = ik::solver_table()[chain.solver].solve(s, chain, pose, ws, nullptr);
    EXPECT_LT(result.error, 0.02f * leg) << s.name[static_cast<size_t>(thigh)];
    const glm::vec3 h = iktest::world_position(s, pose, thigh), k = iktest::world_position(s, pose, shin),
                    a = iktest::world_position(s, pose, foot);
    const glm::vec3 line = glm::normalize(a - h);
    const glm::vec3 off = (k - h) - line * glm::dot(k - h, line);
    EXPECT_GT(glm::dot(off, forward), 0.05f * leg) << s.name[static_cast<size_t>(thigh)];
  }
  EXPECT_EQ(legs, 2);
}

TEST(DefaultLimits, TheImportAppliesThemOnlyWithoutLimitsAndTheyTurnOff) {
  ik::ImportedRig cesium;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/CesiumMan/glTF/CesiumMan.gltf",
                                   cesium, error))
      << error;
  ASSERT_TRUE(ik::default_limits_available(cesium));
  EXPECT_TRUE(cesium.default_limits_applied);
  EXPECT_TRUE(ik::has_any_limits(cesium.skeleton));
  ik::use_default_limits(cesium, false);
  EXPECT_FALSE(cesium.default_limits_applied);
  EXPECT_FALSE(ik::has_any_limits(cesium.skeleton));
  ik::use_default_limits(cesium, true);
  EXPECT_TRUE(ik::has_any_limits(cesium.skeleton));

  ik::ImportedRig humanoid;
  ASSERT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", humanoid, error))
      << error;
  EXPECT_FALSE(ik::default_limits_available(humanoid));
  EXPECT_FALSE(humanoid.default_limits_applied);
  const std::vector<ik::JointLimits> own = humanoid.skeleton.limits;
  ik::use_default_limits(humanoid, true);  // nothing to do: the file has limits
  ASSERT_EQ(own.size(), humanoid.skeleton.limits.size());
  for (size_t j = 0; j < own.size(); ++j) {
    const ik::JointLimits &a = own[j], &b = humanoid.skeleton.limits[j];
    EXPECT_TRUE(a.enabled == b.enabled && a.hinge == b.hinge && a.cone == b.cone && a.min == b.min && a.max == b.max)
        << j;
  }
}

}  // namespace
