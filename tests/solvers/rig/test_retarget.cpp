// Retargeting by roles (solvers/rig/retarget.h): the CMU walk (BVH, ../shared/mocap) onto
// the built-in humanoid and a generated Mixamo rig in an A-pose; a T-pose at rest onto an
// A-pose rig; rigs without legs refused with a sentence.
//
//   helpers     world_at, bone_direction (the walk and rigs: tests/support/cmu_walk_onto_humanoid.h)
//   mapping     by roles, spine by place, the legs' ratio, refusals, the user's edits
//   motion      limb bones point as the source's, the hips' path scaled, rests aligned,
//               no knee or elbow flips
// The feet (contacts carried, cleaned up, on other ground): test_retarget_feet.cpp.
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
#include "tests/support/cmu_walk_onto_humanoid.h"
#include "tests/support/role_chain_rigs.h"

namespace {

using namespace cmu_walk;

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
