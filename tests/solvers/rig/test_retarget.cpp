// Retargeting by roles (solvers/rig/retarget.h): the CMU walk (BVH, ../shared/mocap) onto
// the built-in humanoid and a generated Mixamo rig in an A-pose; a T-pose at rest onto an
// A-pose rig; rigs without legs refused with a sentence.
//
//   helpers     RoledRig (a skeleton with roles), load_walk, load_humanoid, world_at, bone_direction
//   mapping     by roles, spine by place, the legs' ratio, refusals, the user's edits
//   motion      limb bones point as the source's, the hips' path scaled, rests aligned,
//               no knee or elbow flips
//   contacts    the capture's plants carried, the feet held where the capture stood
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/gtx/quaternion.hpp>
#include <string>
#include <vector>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/pose.h"
#include "solvers/rig/contact_joints.h"
#include "solvers/rig/default_limits.h"
#include "solvers/rig/retarget.h"
#include "solvers/scene/motion_analysis.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/role_chain_rigs.h"

namespace {

struct RoledRig {
  ik::Skeleton skeleton;
  std::vector<ik::JointRole> roles;
  ik::RetargetRig view() const { return {&skeleton, &roles}; }
};

RoledRig from_imported(const ik::ImportedRig& rig) { return {rig.skeleton, rig.roles}; }

RoledRig from_skeleton(const ik::Skeleton& s) { return {s, ik::recognise_roles(s).joints}; }

ik::ImportedRig load_walk() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_bvh_file(std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_01.bvh", ik::BvhOptions{}, rig, error))
      << error;
  return rig;
}

ik::ImportedRig load_humanoid() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  return rig;
}

// The CMU walk retargeted onto the humanoid: both rigs, the map, the clip and the result.
struct WalkOntoHumanoid {
  ik::ImportedRig walk_rig;
  RoledRig walk, humanoid;
  std::string problem;  // map_by_roles'
  ik::RetargetMap map;
  ik::Clip out;
  const ik::Clip& clip() const { return walk_rig.clips.at(0); }
};

WalkOntoHumanoid walk_onto_humanoid() {
  WalkOntoHumanoid w;
  w.walk_rig = load_walk();
  w.walk = from_imported(w.walk_rig);
  w.humanoid = from_imported(load_humanoid());
  w.map = ik::map_by_roles(w.walk.view(), w.humanoid.view(), {}, w.problem);
  if (w.problem.empty() && !w.walk_rig.clips.empty())
    w.out = ik::retarget_clip(w.walk.view(), w.clip(), w.humanoid.view(), w.map, "walk", &w.map.floor_shift);
  return w;
}

// Every joint's model transform with `clip` sampled at `time` on the rest pose.
std::vector<glm::mat4> world_at(const ik::Skeleton& s, const ik::Clip& clip, float time) {
  ik::Pose pose = ik::rest_pose(s);
  ik::sample_clip(clip, time, pose);
  std::vector<glm::mat4> world;
  ik::fk_all(s, pose, world);
  return world;
}

// Joint j's bone in model space: the mean direction to its children (unit).
glm::vec3 bone_direction(const ik::Skeleton& s, const std::vector<glm::mat4>& world, int j) {
  glm::vec3 sum(0.0f);
  for (int c = j + 1; c < s.subtree_end[static_cast<size_t>(j)]; ++c)
    if (s.parent[static_cast<size_t>(c)] == j)
      sum += glm::normalize(ik::position_of(world[static_cast<size_t>(c)]) -
                            ik::position_of(world[static_cast<size_t>(j)]));
  return glm::normalize(sum);
}

float degrees_between(const glm::vec3& a, const glm::vec3& b) {
  return glm::degrees(std::acos(glm::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0f, 1.0f)));
}

// The turn about +Y taking the source's forward onto the target's, as retarget.h reads it.
glm::quat facing_turn(const RoledRig& source, const RoledRig& target) {
  glm::vec3 fs, ls, ft, lt;
  ik::character_directions(source.skeleton, source.roles, fs, ls);
  ik::character_directions(target.skeleton, target.roles, ft, lt);
  fs.y = ft.y = 0.0f;
  return glm::rotation(glm::normalize(fs), glm::normalize(ft));
}

// Every mapped limb bone of the target points where the source's points (turned to the
// target's facing) at each of `frames` key times: the rotations came across in the right
// frames. Returns the largest angle, degrees.
float worst_limb_direction(const RoledRig& source, const ik::Clip& clip, const RoledRig& target,
                           const ik::RetargetMap& map, const ik::Clip& retargeted, int frames) {
  const std::vector<float> times = ik::clip_key_times(clip);
  const glm::quat facing = facing_turn(source, target);
  float worst = 0.0f;
  for (int k = 0; k < frames; ++k) {
    const float t = times[static_cast<size_t>(k) * (times.size() - 1) / static_cast<size_t>(frames - 1)];
    const std::vector<glm::mat4> sw = world_at(source.skeleton, clip, t), tw = world_at(target.skeleton, retargeted, t);
    for (int j = 0; j < target.skeleton.joint_count(); ++j) {
      const int s = map.source_joint[static_cast<size_t>(j)];
      const ik::Role r = target.roles[static_cast<size_t>(j)].role;
      if (s < 0 || !(r == ik::Role::thigh || r == ik::Role::shin || r == ik::Role::upper_arm || r == ik::Role::forearm))
        continue;
      const float angle =
          degrees_between(bone_direction(target.skeleton, tw, j), facing * bone_direction(source.skeleton, sw, s));
      EXPECT_LT(angle, 1.0f) << target.skeleton.name[static_cast<size_t>(j)] << " at " << t << " s";
      worst = std::max(worst, angle);
    }
  }
  return worst;
}

}  // namespace

// ---- mapping -----------------------------------------------------------------------------------

TEST(Retarget, CmuWalkMapsOntoTheHumanoidByRoles) {
  const RoledRig walk = from_imported(load_walk()), humanoid = from_imported(load_humanoid());
  std::string problem;
  const ik::RetargetMap map = ik::map_by_roles(walk.view(), humanoid.view(), {}, problem);
  ASSERT_EQ(problem, "");
  const auto source_of = [&](const char* target_joint) {
    const int s = map.source_joint[static_cast<size_t>(ik::find_joint(humanoid.skeleton, target_joint))];
    return s < 0 ? std::string("-") : walk.skeleton.name[static_cast<size_t>(s)];
  };
  EXPECT_EQ(source_of("Hips"), "Hips");
  EXPECT_EQ(source_of("LeftThigh"), "LeftHip");
  EXPECT_EQ(source_of("LeftShin"), "LeftKnee");
  EXPECT_EQ(source_of("LeftFoot"), "LeftAnkle");
  EXPECT_EQ(source_of("RightUpperArm"), "RightShoulder");
  EXPECT_EQ(source_of("RightForearm"), "RightElbow");
  EXPECT_EQ(source_of("RightHand"), "RightWrist");
  EXPECT_EQ(source_of("Head"), "Head");
  EXPECT_EQ(source_of("LeftShoulder"), "LeftCollar");  // the humanoid's clavicle
  // The built-in humanoid's spine (Spine, then Chest) onto CMU's (lowerback, Chest, Chest2):
  // the first onto the first; the chest onto the upper chest.
  EXPECT_EQ(source_of("Spine"), "lowerback");
  EXPECT_EQ(source_of("Chest"), "Chest2");
  // Legs of 0.81 m (the humanoid) against subject 131's 0.83 m or so.
  EXPECT_GT(map.root_scale, 0.8f);
  EXPECT_LT(map.root_scale, 1.25f);
}

TEST(Retarget, RigsWithoutLegsAreRefusedWithASentence) {
  const RoledRig walk = from_imported(load_walk());
  rigs::RigWriter w;
  w.add("base", "", {0, 0, 0});
  w.add("upper", "base", {0, 1, 0});
  w.add("lower", "upper", {0, 1, 0});
  const RoledRig arm = from_skeleton(w.build());
  std::string problem;
  ik::map_by_roles(walk.view(), arm.view(), {}, problem);
  EXPECT_EQ(problem, "the target has no hips");
  ik::map_by_roles(arm.view(), walk.view(), {}, problem);
  EXPECT_EQ(problem, "the source has no hips");
}

// ---- motion ------------------------------------------------------------------------------------

// The user's edits over the mapping by roles, by joint names: a joint made to follow another
// source joint, one left at rest, fingers off; an edit naming a joint a rig does not have is
// one sentence naming it.
TEST(Retarget, MappingEditsApplyOverTheRolesByName) {
  const ik::ImportedRig walk_rig = load_walk();
  const RoledRig walk = from_imported(walk_rig), humanoid = from_imported(load_humanoid());
  const auto joint = [](const RoledRig& r, const char* name) { return ik::find_joint(r.skeleton, name); };
  std::string problem;
  const ik::RetargetMap by_roles = ik::map_by_roles(walk.view(), humanoid.view(), {}, problem);
  ASSERT_EQ(problem, "");
  ASSERT_EQ(by_roles.source_joint[static_cast<size_t>(joint(humanoid, "LeftHand"))], joint(walk, "LeftWrist"));
  ik::RetargetOptions options;
  options.edits = {{"LeftHand", "lhand"}, {"RightHand", ""}, {"LeftHand", "LeftElbow"}};  // the last one wins
  const ik::RetargetMap edited = ik::map_by_roles(walk.view(), humanoid.view(), options, problem);
  ASSERT_EQ(problem, "");
  EXPECT_EQ(edited.source_joint[static_cast<size_t>(joint(humanoid, "LeftHand"))], joint(walk, "LeftElbow"));
  EXPECT_EQ(edited.source_joint[static_cast<size_t>(joint(humanoid, "RightHand"))], -1);
  for (size_t t = 0; t < edited.source_joint.size(); ++t) {
    const std::string& name = humanoid.skeleton.name[t];
    if (name != "LeftHand" && name != "RightHand") {
      EXPECT_EQ(edited.source_joint[t], by_roles.source_joint[t]) << name;
    }
  }
  EXPECT_FLOAT_EQ(edited.root_scale, by_roles.root_scale);
  // The clip: the hand left at rest has no rotation channel.
  const ik::Clip out = ik::retarget_clip(walk.view(), walk_rig.clips.at(0), humanoid.view(), edited, "walk");
  for (const ik::ClipChannel& c : out.channels) EXPECT_NE(c.joint, joint(humanoid, "RightHand"));

  options.edits = {{"LeftPaw", "LeftWrist"}};
  ik::map_by_roles(walk.view(), humanoid.view(), options, problem);
  EXPECT_EQ(problem, "the target has no joint 'LeftPaw'");
  options.edits = {{"LeftHand", "LeftPaw"}};
  ik::map_by_roles(walk.view(), humanoid.view(), options, problem);
  EXPECT_EQ(problem, "the source has no joint 'LeftPaw'");

  // Fingers off: a Mixamo rig's fingers follow nothing.
  const RoledRig mixamo = from_skeleton(rigs::mixamo("mixamorig:", true));
  const ik::RetargetMap with = ik::map_by_roles(mixamo.view(), mixamo.view(), {}, problem);
  ik::RetargetOptions no_fingers;
  no_fingers.fingers = false;
  const ik::RetargetMap without = ik::map_by_roles(mixamo.view(), mixamo.view(), no_fingers, problem);
  int fingers = 0;
  for (size_t t = 0; t < with.source_joint.size(); ++t)
    if (mixamo.roles[t].role == ik::Role::finger) {
      ++fingers;
      EXPECT_GE(with.source_joint[t], 0);
      EXPECT_EQ(without.source_joint[t], -1);
    }
  EXPECT_GT(fingers, 20);
}

TEST(Retarget, CmuWalkOntoTheHumanoidKeepsEveryLimbsDirectionAndScalesTheHipsPath) {
  const WalkOntoHumanoid w = walk_onto_humanoid();
  ASSERT_EQ(w.problem, "");
  const RoledRig &walk = w.walk, &humanoid = w.humanoid;
  const ik::RetargetMap& map = w.map;
  const ik::Clip &clip = w.clip(), &out = w.out;
  EXPECT_EQ(out.name, "walk");
  EXPECT_FLOAT_EQ(out.start, clip.start);
  EXPECT_FLOAT_EQ(out.end, clip.end);
  for (const ik::ClipChannel& c : out.channels) {
    EXPECT_EQ(ik::check_channel(c, humanoid.skeleton.joint_count()), "");
    EXPECT_EQ(c.times.size(), 994u);
  }
  EXPECT_LT(worst_limb_direction(walk, clip, humanoid, map, out, 9), 1.0f);

  // The hips' path: the source's, turned and scaled by the legs' ratio, from the target's
  // rest hips, moved floor to floor (the capture's zero pose has the hips at the origin, its
  // floor 0.97 m below them in the motion): walking, the hips stay within 15 cm of the rest's
  // height (they were a metre above it).
  const int th = map.target_hips, sh = map.source_hips;
  const glm::quat facing = facing_turn(walk, humanoid);
  std::vector<glm::mat4> s0, t0;
  ik::fk_all(walk.skeleton, ik::rest_pose(walk.skeleton), s0);
  ik::fk_all(humanoid.skeleton, ik::rest_pose(humanoid.skeleton), t0);
  for (float t : {0.0f, 2.0f, 5.0f, 8.0f}) {
    const std::vector<glm::mat4> sw = world_at(walk.skeleton, clip, t), tw = world_at(humanoid.skeleton, out, t);
    const glm::vec3 want =
        ik::position_of(t0[static_cast<size_t>(th)]) +
        map.root_scale *
            (facing * (ik::position_of(sw[static_cast<size_t>(sh)]) - ik::position_of(s0[static_cast<size_t>(sh)]))) +
        glm::vec3(0.0f, map.floor_shift, 0.0f);
    EXPECT_LT(glm::distance(ik::position_of(tw[static_cast<size_t>(th)]), want), 1e-4f) << t;
    EXPECT_NEAR(ik::carried_place(map, ik::position_of(sw[static_cast<size_t>(sh)])).y, want.y, 1e-4f);
  }
  std::printf("floor to floor: the clip moved %.3f m\n", static_cast<double>(map.floor_shift));
  EXPECT_LT(map.floor_shift, -0.8f);
  for (float t : {1.0f, 1.5f, 2.0f, 5.0f}) {
    const float hips_y = ik::position_of(world_at(humanoid.skeleton, out, t)[static_cast<size_t>(th)]).y;
    EXPECT_NEAR(hips_y, ik::position_of(t0[static_cast<size_t>(th)]).y, 0.15f) << t;
  }
}

// A T-pose source standing at rest puts an A-pose target in a T-pose: the rests are
// aligned bone by bone, the target takes the source's pose.
TEST(Retarget, ATPoseAtRestPutsAnAPoseTargetInATPose) {
  const RoledRig t_pose = from_skeleton(rigs::mixamo("mixamorig:", false));
  const RoledRig a_pose = from_skeleton(rigs::mixamo("mixamorig:", true));
  std::string problem;
  const ik::RetargetMap map = ik::map_by_roles(t_pose.view(), a_pose.view(), {}, problem);
  ASSERT_EQ(problem, "");
  ik::Clip still;  // every joint keyed at its rest, at two times
  for (int j = 0; j < t_pose.skeleton.joint_count(); ++j) {
    ik::ClipChannel c;
    c.joint = j;
    c.property = ik::ClipProperty::rotation;
    c.times = {0.0f, 1.0f};
    const glm::quat q = t_pose.skeleton.rest[static_cast<size_t>(j)].rotation;
    c.values = {glm::vec4(q.x, q.y, q.z, q.w), glm::vec4(q.x, q.y, q.z, q.w)};
    still.channels.push_back(c);
  }
  ik::set_time_range(still);
  const ik::Clip out = ik::retarget_clip(t_pose.view(), still, a_pose.view(), map, "still");
  const std::vector<glm::mat4> world = world_at(a_pose.skeleton, out, 0.5f);
  std::vector<glm::mat4> t_world;
  ik::fk_all(t_pose.skeleton, ik::rest_pose(t_pose.skeleton), t_world);
  // The arm, the forearm and the fingers (they came too) point as the T-pose's do.
  for (const char* name : {"mixamorig:LeftArm", "mixamorig:LeftForeArm", "mixamorig:LeftHandIndex1"}) {
    const int j = ik::find_joint(a_pose.skeleton, name);
    const glm::vec3 want = bone_direction(t_pose.skeleton, t_world, ik::find_joint(t_pose.skeleton, name));
    EXPECT_LT(degrees_between(bone_direction(a_pose.skeleton, world, j), want), 0.5f) << name;
  }
  // And the A-pose rig's rest has its arm 45 degrees below it.
  std::vector<glm::mat4> a_rest;
  ik::fk_all(a_pose.skeleton, ik::rest_pose(a_pose.skeleton), a_rest);
  const int arm = ik::find_joint(a_pose.skeleton, "mixamorig:LeftArm");
  EXPECT_GT(degrees_between(bone_direction(a_pose.skeleton, a_rest, arm), bone_direction(a_pose.skeleton, world, arm)),
            30.0f);
}

// The walk onto a Mixamo rig in an A-pose (centimetres under a 0.01 Armature): the same
// directions, whatever the units and the rest.
TEST(Retarget, CmuWalkOntoAnAPoseMixamoRig) {
  const ik::ImportedRig walk_rig = load_walk();
  const RoledRig walk = from_imported(walk_rig), mixamo = from_skeleton(rigs::mixamo("mixamorig:", true));
  std::string problem;
  const ik::RetargetMap map = ik::map_by_roles(walk.view(), mixamo.view(), {}, problem);
  ASSERT_EQ(problem, "");
  const ik::Clip out = ik::retarget_clip(walk.view(), walk_rig.clips[0], mixamo.view(), map, "walk");
  EXPECT_LT(worst_limb_direction(walk, walk_rig.clips[0], mixamo, map, out, 7), 1.0f);
}

// A glTF clip onto a glTF rig: CesiumMan's walk (roles from its "leg_joint_L_1"-style names
// and the tree's shape) onto the built-in humanoid, every limb's direction carried over.
TEST(Retarget, CesiumMansWalkOntoTheHumanoid) {
  ik::ImportedRig cesium;
  std::string error;
  ASSERT_TRUE(ik::import_gltf_file(
      std::string(IKSCOPE_SHARED_DIR) + "/gltf-samples/CesiumMan/glTF-Binary/CesiumMan.glb", cesium, error))
      << error;
  const RoledRig source = from_imported(cesium), humanoid = from_imported(load_humanoid());
  std::string problem;
  const ik::RetargetMap map = ik::map_by_roles(source.view(), humanoid.view(), {}, problem);
  ASSERT_EQ(problem, "");
  const ik::Clip out = ik::retarget_clip(source.view(), cesium.clips.at(0), humanoid.view(), map, "walk");
  EXPECT_EQ(ik::clip_key_times(out).size(), ik::clip_key_times(cesium.clips[0]).size());
  EXPECT_LT(worst_limb_direction(source, cesium.clips[0], humanoid, map, out, 6), 1.0f);
}

// No knee or elbow flips: at every frame of the walk, each knee and elbow of the target bends
// to the same side as the source's -- the middle joint's offset from the line through the
// limb's ends points within 90 degrees of the source's (turned to the target's facing),
// wherever the source's is clearly off the line (1 % of its leg). On the humanoid and on the
// Mixamo-style rig in an A-pose.
void expect_no_flip(const RoledRig& walk, const ik::Clip& clip, const RoledRig& target, const ik::RetargetMap& map,
                    const ik::Clip& out) {
  const glm::quat facing = facing_turn(walk, target);
  // The middle joint's offset from the line through the limb's ends.
  const auto bend = [](const RoledRig& rig, const std::vector<glm::mat4>& world, ik::Role top, ik::Role middle,
                       ik::Role end, ik::Side side) {
    const auto at = [&](ik::Role r) {
      return ik::position_of(world[static_cast<size_t>(ik::first_joint_with_role(rig.roles, r, side))]);
    };
    const glm::vec3 a = at(top), b = at(middle), c = at(end);
    const glm::vec3 line = glm::normalize(c - a);
    return (b - a) - glm::dot(b - a, line) * line;
  };
  struct Limb {
    ik::Role top, middle, end;
    const char* name;
  };
  const Limb limbs[] = {{ik::Role::thigh, ik::Role::shin, ik::Role::foot, "knee"},
                        {ik::Role::upper_arm, ik::Role::forearm, ik::Role::hand, "elbow"}};
  const float clearly = 0.01f / map.root_scale;  // a centimetre on a metre leg, in the source's units
  int compared = 0, flips = 0;
  for (float t : ik::clip_key_times(clip)) {
    const std::vector<glm::mat4> sw = world_at(walk.skeleton, clip, t), tw = world_at(target.skeleton, out, t);
    for (const Limb& limb : limbs)
      for (ik::Side side : {ik::Side::left, ik::Side::right}) {
        const glm::vec3 s = facing * bend(walk, sw, limb.top, limb.middle, limb.end, side);
        const glm::vec3 g = bend(target, tw, limb.top, limb.middle, limb.end, side);
        if (glm::length(s) < clearly || glm::length(g) < 1e-6f) continue;
        ++compared;
        if (glm::dot(s, g) <= 0.0f) {
          ++flips;
          ADD_FAILURE() << limb.name << " " << ik::side_name(side) << " at " << t << " s bends the other way";
        }
      }
  }
  std::printf("%d knee and elbow bends compared, %d flipped\n", compared, flips);
  EXPECT_GT(compared, 2000);
}

TEST(Retarget, CmuWalkNeverFlipsAKneeOrAnElbow) {
  const WalkOntoHumanoid w = walk_onto_humanoid();
  ASSERT_EQ(w.problem, "");
  expect_no_flip(w.walk, w.clip(), w.humanoid, w.map, w.out);
  const RoledRig mixamo = from_skeleton(rigs::mixamo("mixamorig:", true));
  std::string problem;
  const ik::RetargetMap map = ik::map_by_roles(w.walk.view(), mixamo.view(), {}, problem);
  ASSERT_EQ(problem, "");
  expect_no_flip(w.walk, w.clip(), mixamo, map, ik::retarget_clip(w.walk.view(), w.clip(), mixamo.view(), map, "walk"));
}

// ---- contacts ----------------------------------------------------------------------------------

// The walk's plants carried onto the humanoid: each of its feet (and toes, where it has them)
// takes the plants of the source joint it follows, exactly. Where the humanoid stands in
// them (the "contact position error after scaling"): each plant's mean ankle
// position against the source's, carried as the hips' path is (carried_place),
// horizontally. As retargeted, the humanoid's ankles stand 27-63 mm off -- its rest puts
// them about 35 mm further back under the hips than the capture's, scaled. Cleaned up
// with the carried places (clean_up_feet's `stand`) and solved, within 2 cm by every limb
// solver on the left leg.
// The CMU walk onto the humanoid, its plants carried from the capture, the left leg (thigh
// to ankle) cleaned up on `ground` -- each plant held where the capture's foot stood --
// through DLS, FABRIK, CCD and two-bone (with `orientation`, the foot's orientation in the
// clip is its goal too: the program's default for a foot following the animation).
struct CleanedLeftLeg {
  std::vector<ik::ContactJoint> onto;
  std::vector<ik::FootContacts> target;       // the humanoid's plants
  size_t e = 0;                               // the left ankle's index in `onto`
  std::vector<std::vector<glm::vec3>> stand;  // per contact joint, where the capture stood
  ik::MotionTrack track;
  std::vector<glm::vec3> as_retargeted;  // the left ankle as retargeted
  ik::MotionReport report;
};
void clean_up_left_leg(const WalkOntoHumanoid& w, const ik::Ground& ground, CleanedLeftLeg& out,
                       bool orientation = false) {
  ASSERT_EQ(w.problem, "");
  const RoledRig &walk = w.walk, &humanoid = w.humanoid;
  const ik::RetargetMap& map = w.map;
  const ik::Clip& clip = w.clip();
  const float rate = 120.0f;
  const std::vector<ik::ContactJoint> from = ik::find_contact_joints(walk.skeleton, walk.roles);
  out.onto = ik::find_contact_joints(humanoid.skeleton, humanoid.roles);
  const std::vector<ik::FootContacts> source = ik::detect_contacts(walk.skeleton, clip, rate, from, {});
  out.target.assign(out.onto.size(), {});
  for (size_t i = 0; i < out.onto.size(); ++i) out.target[i].joint = out.onto[i].joint;
  EXPECT_EQ(ik::carry_contacts(map, source, out.target), static_cast<int>(out.onto.size()));
  for (const ik::FootContacts& foot : out.target) {
    const int s = map.source_joint[static_cast<size_t>(foot.joint)];
    ASSERT_GE(s, 0);
    const auto from_foot =
        std::find_if(source.begin(), source.end(), [&](const ik::FootContacts& f) { return f.joint == s; });
    ASSERT_NE(from_foot, source.end());
    ASSERT_TRUE(ik::same_contacts({foot}, {ik::FootContacts{foot.joint, from_foot->plants}}));
  }
  ik::Chain leg;
  leg.root = ik::first_joint_with_role(humanoid.roles, ik::Role::thigh, ik::Side::left);
  leg.effector = ik::first_joint_with_role(humanoid.roles, ik::Role::foot, ik::Side::left);
  leg.goal.use_orientation = orientation;
  leg.goal.auto_pole = true;  // as the legs from roles have it (role_chains.h)
  out.e = static_cast<size_t>(std::find_if(out.onto.begin(), out.onto.end(),
                                           [&](const ik::ContactJoint& c) { return c.joint == leg.effector; }) -
                              out.onto.begin());
  ASSERT_LT(out.e, out.onto.size());
  const ik::Pose rest = ik::rest_pose(humanoid.skeleton);
  ASSERT_EQ(ik::track_from_clip(humanoid.skeleton, rest, w.out, leg.effector, rate, 0, out.track), "");
  const int frames = static_cast<int>(out.track.times.size());
  for (const ik::ContactJoint& c : out.onto)
    out.stand.push_back(ik::carried_path(walk.skeleton, clip, map, map.source_joint[static_cast<size_t>(c.joint)],
                                         out.track.times[0], rate, frames));
  out.as_retargeted = out.track.positions;
  ASSERT_TRUE(ik::track_feet(out.track, humanoid.skeleton, out.onto, out.target, glm::vec3(0.0f), leg.effector, true,
                             ground, out.stand));
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("dls"), ik::find_solver("fabrik"), ik::find_solver("ccd"),
                     ik::find_solver("two_bone")};
  ASSERT_EQ(ik::analyse_motion(humanoid.skeleton, leg, rest, out.track, options, out.report), "");
}

TEST(Retarget, CmuWalksPlantsCarriedOntoTheHumanoidWhereTheCaptureStood) {
  const WalkOntoHumanoid w = walk_onto_humanoid();
  CleanedLeftLeg c;
  ASSERT_NO_FATAL_FAILURE(clean_up_left_leg(w, {}, c));
  const std::vector<ik::FootContacts>& target = c.target;
  const size_t e = c.e;
  const ik::MotionTrack& track = c.track;
  const int frames = static_cast<int>(track.times.size());
  const std::vector<std::vector<glm::vec3>>& stand = c.stand;
  const std::vector<glm::vec3>& as_retargeted = c.as_retargeted;
  const ik::MotionReport& report = c.report;

  // Each plant's mean horizontal miss of a per-frame path (`at(f)`) against the carried place.
  const auto worst_miss = [&](auto at) {
    float worst = 0.0f;
    for (const ik::ContactInterval& p : target[e].plants) {
      glm::vec3 mean(0.0f), want(0.0f);
      int n = 0;
      for (int f = 0; f < frames; ++f) {
        if (track.times[static_cast<size_t>(f)] < p.start - 1e-4f ||
            track.times[static_cast<size_t>(f)] > p.end + 1e-4f)
          continue;
        mean += at(f);
        want += stand[e][static_cast<size_t>(f)];
        ++n;
      }
      if (n == 0) continue;
      const glm::vec3 miss = (mean - want) / float(n);
      worst = std::max(worst, glm::length(glm::vec2(miss.x, miss.z)));
    }
    return worst;
  };
  EXPECT_GE(target[e].plants.size(), 5u);
  const float retargeted = worst_miss([&](int f) { return as_retargeted[static_cast<size_t>(f)]; });
  std::printf("%zu plants of the left ankle, at most this far from where the capture stood, scaled: retargeted %.1f mm",
              target[e].plants.size(), 1000.0 * static_cast<double>(retargeted));
  EXPECT_GT(retargeted, 0.02f) << "the rests differ: as retargeted the ankle stands elsewhere";
  const size_t joints = report.path.size();
  for (const ik::MotionRun& run : report.runs) {
    const float cleaned =
        worst_miss([&](int f) { return run.positions[static_cast<size_t>(f) * joints + joints - 1]; });
    const ik::MotionSummary& m = run.summary;
    std::printf(
        "\n  %s %.1f mm (skate %.1f %%, drift %.1f mm, largest pop %.1f deg, %d flips, %.2fx the clip's joint "
        "speed at plant ends)",
        ik::solver_table()[run.solver].id, 1000.0 * static_cast<double>(cleaned),
        100.0 * static_cast<double>(m.skate.skate_ratio), 1000.0 * static_cast<double>(m.skate.planted_drift),
        static_cast<double>(m.max_pop_degrees), m.flips, static_cast<double>(m.plant_speed_ratio));
    EXPECT_LT(cleaned, 0.02f) << ik::solver_table()[run.solver].id;
    // Held still: at most 1 % of the planted frames slide (a heel strike held nearly
    // straight let DLS, FABRIK and CCD slide on 1.3-1.8 %: foot_skate.h's kLegReach).
    EXPECT_LE(m.skate.skate_ratio, 0.01f) << ik::solver_table()[run.solver].id;
    EXPECT_LE(m.skate.planted_drift, 0.002f) << ik::solver_table()[run.solver].id;
    EXPECT_NEAR(m.skate.contact_error, cleaned, 5e-4f) << "the report's contact error is this measure";
  }
  ASSERT_TRUE(report.has_contact_places);
  EXPECT_NEAR(report.source_skate.contact_error, retargeted, 5e-4f);
  std::printf("\n");
}

// The same walk up stairs of 10 cm (0.3 deep: the stride crosses two or three steps), every
// limb solver: the ankle never more than 1 cm into a step, swing included (the swing's goal
// rises over a step's edge before the ankle reaches it: foot_skate.h's ground_under_goals;
// with the height under the goal alone CCD went 46 mm into one). Printed for the record:
// 15 cm steps, where the swing foot must come up 30-45 cm within one stride and FABRIK, CCD
// and two-bone stop short of it at the hip's flexion limit.
TEST(Retarget, CmuWalkUpStairsClearsEveryStep) {
  const WalkOntoHumanoid w = walk_onto_humanoid();
  for (const float step : {0.10f, 0.15f}) {
    CleanedLeftLeg c;
    ASSERT_NO_FATAL_FAILURE(clean_up_left_leg(w, {ik::GroundKind::stairs, step}, c));
    for (const ik::MotionRun& run : c.report.runs) {
      const ik::FootSkate& s = run.summary.skate;
      std::printf("stairs %.2f, %s: skate %.1f %%, drift %.1f mm, penetration %.1f mm\n", static_cast<double>(step),
                  ik::solver_table()[run.solver].id, 100.0 * static_cast<double>(s.skate_ratio),
                  1000.0 * static_cast<double>(s.planted_drift), 1000.0 * static_cast<double>(s.penetration));
      if (step > 0.1f) continue;
      EXPECT_LE(s.penetration, 0.01f) << ik::solver_table()[run.solver].id;
      EXPECT_LE(s.skate_ratio, 0.01f) << ik::solver_table()[run.solver].id;
    }
  }
}

// The foot's orientation a goal (the program's default), the walk cleaned up on the plane
// and on 15 degree ramps down and up: the capture's planted foot rolls 20-30 degrees onto
// its edge, so the clip as it is stands level (its up within 5 degrees of the ground's
// normal) on almost none of its planted frames; the cleanup stands each held foot level
// (ground_turns) and every limb solver does so on 90 % of the walk's planted frames (DLS 95;
// up the ramp 80, where the ankle would bend up past its 20 degrees). From 6.6 s the subject
// stops in a wide stance the ankle's 15 degrees of eversion cannot stand flat: counted in the
// whole clip's figure (60 %), not in the walk's. Before the turn stood the foot level, DLS
// did on 0-2 %; before the legs' pole followed the clip, FABRIK, CCD and two-bone on 61-79 %.
TEST(Retarget, CmuWalkStandsItsPlantedFootLevelOnTheGround) {
  const WalkOntoHumanoid w = walk_onto_humanoid();
  for (const ik::Ground ground :
       {ik::Ground{}, ik::Ground{ik::GroundKind::ramp, -15.0f}, ik::Ground{ik::GroundKind::ramp, 15.0f}}) {
    CleanedLeftLeg c;
    ASSERT_NO_FATAL_FAILURE(clean_up_left_leg(w, ground, c, true));
    EXPECT_LE(c.report.source_skate.level_ratio, 0.1f);
    for (const ik::MotionRun& run : c.report.runs) {
      // Level over the walk's plants (those that start before the stop).
      int walking = 0, level = 0, on_ground = 0;
      ASSERT_EQ(run.foot_ups.size(), c.track.times.size());
      const size_t joints = c.report.path.size();
      for (const ik::ContactInterval& p : c.target[c.e].plants) {
        if (p.start > 6.6f) continue;
        for (size_t f = 0; f < c.track.times.size(); ++f) {
          const float t = c.track.times[f];
          if (t < p.start - 1e-4f || t > p.end + 1e-4f) continue;
          const glm::vec3 at = c.track.positions[f];
          ++walking;
          level += glm::dot(run.foot_ups[f], ik::ground_normal(ground, at.x, at.z)) >=
                   std::cos(glm::radians(ik::kLevelDegrees));
          // On the ground: within 3 mm of the height the plant is held at, the lowest the
          // ankle goes in the clip (its mean over the plant held it 5-39 mm higher).
          const glm::vec3 ankle = run.positions[f * joints + joints - 1];
          on_ground +=
              std::fabs(ankle.y - ik::ground_height(ground, ankle.x, ankle.z) - c.track.foot.ground_height) <= 0.003f;
        }
      }
      const ik::FootSkate& s = run.summary.skate;
      const float walk_level = static_cast<float>(level) / static_cast<float>(std::max(walking, 1));
      std::printf(
          "%s %.0f deg, %s: level on %.0f %% of the walk's %d planted frames (on the ground %d), %.0f %% of the "
          "clip's %d\n",
          ground.kind == ik::GroundKind::plane ? "plane" : "ramp", static_cast<double>(ground.value),
          ik::solver_table()[run.solver].id, 100.0 * static_cast<double>(walk_level), walking, on_ground,
          100.0 * static_cast<double>(s.level_ratio), s.planted_frames);
      // Up the ramp the ankle would bend up past its 20 degrees (solvers/rig/anatomical_limits.h)
      // late in each plant: there a person's heel leaves the ground.
      const bool up_the_ramp = ground.kind == ik::GroundKind::ramp && ground.value > 0.0f;
      EXPECT_GE(walk_level, up_the_ramp ? 0.8f : 0.9f) << ik::solver_table()[run.solver].id;
      EXPECT_GE(s.level_ratio, 0.6f) << ik::solver_table()[run.solver].id;
      if (run.solver == ik::find_solver("dls") && !up_the_ramp) EXPECT_GE(walk_level, 0.95f);
      EXPECT_GE(on_ground, walking * 95 / 100) << ik::solver_table()[run.solver].id << ", on the ground";
    }
  }
}
