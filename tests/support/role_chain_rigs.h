// Generated rigs in the naming conventions people ship (Mixamo in a T-pose and an A-pose,
// the Unreal mannequin, Rigify), for the role, role-chain, goal-following and everyday-pose
// tests and the everyday-pose benchmark. Written here, not shipped. Free of the test
// framework, so the benchmarks can use it too.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <glm/gtc/quaternion.hpp>
#include <map>
#include <string>

#include "solvers/anim/skeleton.h"

namespace rigs {

// A rig written as (name, parent name, offset from the parent); rest rotations identity.
struct RigWriter {
  ik::RawSkeleton raw;
  std::map<std::string, int> index;
  ik::RawJoint& add(const std::string& name, const std::string& parent, glm::vec3 offset) {
    ik::RawJoint j;
    j.name = name;
    j.parent = parent.empty() ? -1 : index.at(parent);
    j.rest.translation = offset;
    j.source_node = static_cast<int>(raw.joints.size());
    index[name] = static_cast<int>(raw.joints.size());
    raw.joints.push_back(j);
    return raw.joints.back();
  }
  ik::Skeleton build() const {
    ik::Skeleton s;
    std::string error;
    if (!ik::build_skeleton(raw, s, error)) {  // a mistake in the rig's code: stop loudly
      std::fprintf(stderr, "generated rig does not build: %s\n", error.c_str());
      std::abort();
    }
    return s;
  }
};

// Mixamo: "mixamorig:" names, a T-pose in centimetres under an "Armature" root scaled by
// 0.01 (as Mixamo's FBX comes into glTF), five fingers of four joints per hand, eyes.
// `a_pose`: the arms rest 45 degrees down (a rest rotation on each upper arm), as many
// characters are modelled.
inline ik::Skeleton mixamo(const std::string& prefix = "mixamorig:", bool a_pose = false) {
  RigWriter w;
  const auto n = [&](const std::string& s) { return prefix + s; };
  w.add("Armature", "", {0, 0, 0}).rest.scale = glm::vec3(0.01f);
  w.add(n("Hips"), "Armature", {0, 100, 0});
  w.add(n("Spine"), n("Hips"), {0, 10, 0});
  w.add(n("Spine1"), n("Spine"), {0, 12, 0});
  w.add(n("Spine2"), n("Spine1"), {0, 14, 0});
  w.add(n("Neck"), n("Spine2"), {0, 16, 0});
  w.add(n("Head"), n("Neck"), {0, 10, 2});
  w.add(n("HeadTop_End"), n("Head"), {0, 18, 0});
  for (const char* side : {"Left", "Right"}) {
    const float x = std::string(side) == "Left" ? 1.0f : -1.0f;
    const std::string S = side;
    w.add(n(S + "Eye"), n("Head"), {x * 3, 6, 8});
    w.add(n(S + "Shoulder"), n("Spine2"), {x * 6, 12, 0});
    ik::RawJoint& upper_arm = w.add(n(S + "Arm"), n(S + "Shoulder"), {x * 12, 0, 0});
    if (a_pose) upper_arm.rest.rotation = glm::angleAxis(-x * 0.785398163f, glm::vec3(0, 0, 1));
    w.add(n(S + "ForeArm"), n(S + "Arm"), {x * 27, 0, -0.5f});
    w.add(n(S + "Hand"), n(S + "ForeArm"), {x * 25, 0, 0.5f});
    const char* fingers[] = {"Thumb", "Index", "Middle", "Ring", "Pinky"};
    for (int f = 0; f < 5; ++f) {
      std::string parent = n(S + "Hand");
      for (int k = 1; k <= 4; ++k) {
        const std::string name = n(S + "Hand" + fingers[f] + std::to_string(k));
        const glm::vec3 offset = k == 1 ? glm::vec3(x * 3, 0, 4.0f - 2.0f * static_cast<float>(f))
                                        : glm::vec3(x * 2.5f, -0.3f, 0);  // a slight curl
        w.add(name, parent, offset);
        parent = name;
      }
    }
    w.add(n(S + "UpLeg"), n("Hips"), {x * 9, -5, 0});
    w.add(n(S + "Leg"), n(S + "UpLeg"), {0, -42, 0.5f});
    w.add(n(S + "Foot"), n(S + "Leg"), {0, -40, -0.5f});
    w.add(n(S + "ToeBase"), n(S + "Foot"), {0, -6, 12});
    w.add(n(S + "Toe_End"), n(S + "ToeBase"), {0, 0, 6});
  }
  return w.build();
}

// The Unreal mannequin: pelvis, spine_01..03, clavicle_l, upperarm_l with twist bones...
inline ik::Skeleton unreal_mannequin() {
  RigWriter w;
  w.add("root", "", {0, 0, 0});
  w.add("pelvis", "root", {0, 1, 0});
  w.add("spine_01", "pelvis", {0, 0.1f, 0});
  w.add("spine_02", "spine_01", {0, 0.1f, 0});
  w.add("spine_03", "spine_02", {0, 0.1f, 0});
  w.add("neck_01", "spine_03", {0, 0.15f, 0});
  w.add("head", "neck_01", {0, 0.1f, 0});
  for (const char* side : {"l", "r"}) {
    const float x = std::string(side) == "l" ? 1.0f : -1.0f;
    const std::string s = std::string("_") + side;
    w.add("clavicle" + s, "spine_03", {x * 0.05f, 0.1f, 0});
    w.add("upperarm" + s, "clavicle" + s, {x * 0.15f, 0, 0});
    w.add("upperarm_twist_01" + s, "upperarm" + s, {x * 0.1f, 0, 0});
    w.add("lowerarm" + s, "upperarm" + s, {x * 0.28f, 0, -0.01f});
    w.add("lowerarm_twist_01" + s, "lowerarm" + s, {x * 0.1f, 0, 0});
    w.add("hand" + s, "lowerarm" + s, {x * 0.25f, 0, 0.01f});
    w.add("thumb_01" + s, "hand" + s, {x * 0.03f, 0, 0.03f});
    w.add("thumb_02" + s, "thumb_01" + s, {x * 0.03f, 0, 0});
    w.add("index_01" + s, "hand" + s, {x * 0.08f, 0, 0.02f});
    w.add("index_02" + s, "index_01" + s, {x * 0.03f, 0, 0});
    w.add("thigh" + s, "pelvis", {x * 0.1f, -0.05f, 0});
    w.add("thigh_twist_01" + s, "thigh" + s, {0, -0.1f, 0});
    w.add("calf" + s, "thigh" + s, {0, -0.42f, 0.01f});
    w.add("calf_twist_01" + s, "calf" + s, {0, -0.1f, 0});
    w.add("foot" + s, "calf" + s, {0, -0.4f, -0.01f});
    w.add("ball" + s, "foot" + s, {0, -0.05f, 0.12f});
  }
  w.add("ik_hand_root", "root", {0, 0, 0});
  return w.build();
}

// Blender Rigify's deform bones: DEF-spine.001..., DEF-upper_arm.L with its .001 segment.
inline ik::Skeleton rigify() {
  RigWriter w;
  w.add("DEF-spine", "", {0, 1, 0});
  w.add("DEF-spine.001", "DEF-spine", {0, 0.1f, 0});
  w.add("DEF-spine.002", "DEF-spine.001", {0, 0.1f, 0});
  w.add("DEF-spine.003", "DEF-spine.002", {0, 0.1f, 0});
  w.add("DEF-spine.004", "DEF-spine.003", {0, 0.15f, 0});
  w.add("DEF-head", "DEF-spine.004", {0, 0.1f, 0});
  for (const char* side : {"L", "R"}) {
    const float x = std::string(side) == "L" ? 1.0f : -1.0f;
    const std::string s = std::string(".") + side;
    w.add("DEF-shoulder" + s, "DEF-spine.003", {x * 0.05f, 0.1f, 0});
    w.add("DEF-upper_arm" + s, "DEF-shoulder" + s, {x * 0.15f, 0, 0});
    w.add("DEF-upper_arm" + s + ".001", "DEF-upper_arm" + s, {x * 0.14f, 0, 0});
    w.add("DEF-forearm" + s, "DEF-upper_arm" + s + ".001", {x * 0.14f, 0, -0.01f});
    w.add("DEF-hand" + s, "DEF-forearm" + s, {x * 0.25f, 0, 0.01f});
    w.add("DEF-f_index.01" + s, "DEF-hand" + s, {x * 0.08f, 0, 0.02f});
    w.add("DEF-f_index.02" + s, "DEF-f_index.01" + s, {x * 0.03f, 0, 0});
    w.add("DEF-thigh" + s, "DEF-spine", {x * 0.1f, -0.05f, 0});
    w.add("DEF-shin" + s, "DEF-thigh" + s, {0, -0.42f, 0.01f});
    w.add("DEF-foot" + s, "DEF-shin" + s, {0, -0.4f, -0.01f});
    w.add("DEF-toe" + s, "DEF-foot" + s, {0, -0.05f, 0.12f});
  }
  return w.build();
}

}  // namespace rigs
