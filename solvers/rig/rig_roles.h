// Rig roles: what each joint of a skeleton is (hips, spine 1..n, hand, finger...), so
// chains, limits and goals can later be derived from anatomy instead of the tree's shape.
//
// Three sources, strongest first:
//   1. Roles given by the caller (a VRM humanoid bone map, io/gltf/vrm_humanoid.h): they win.
//   2. Names. A name is cut into lower-case words (at "_", ".", "-", ":", spaces,
//      lower->upper case changes and letter<->digit changes; anything up to the last ':'
//      is dropped, so "mixamorig:LeftUpLeg" is "left up leg"). Side words: "left"/"l",
//      "right"/"r". Role words: hips/pelvis; spine/torso/abdomen/back/lowerback/upperback;
//      chest; neck/lowerneck/upperneck; head; eye;
//      jaw; clavicle/shoulder/collar; upperarm/"up arm"/"upper arm"; forearm/"fore
//      arm"/lowerarm/"lower arm"; hand/wrist; thumb/index/middle/ring/pinky/little
//      (+ segment 1..3); thigh/upleg/"up leg"/"upper leg"; shin/calf/"lower leg"; foot/
//      ankle; toe/toebase/ball; tail; twist/roll/helper/corrective/metacarpal/palm are
//      helpers. This covers Mixamo, the Unreal mannequin and Rigify (DEF- bones; when a
//      rig has DEF- bones its ORG- and MCH- bones are helpers; a Rigify limb segment
//      with a number after the side, "DEF-forearm.L.001", is a helper).
//      A bare "arm" or "leg" (Mixamo's "LeftArm"/"LeftLeg", glTF samples'
//      "arm_joint_L_2") takes the next role down its limb after its parent's role
//      (clavicle -> upper arm -> forearm -> hand; thigh -> shin -> foot -> toe), or the
//      limb's first (upper arm, thigh) under anything else.
//      Mocap names a limb by its joints (CMU's BVH: LeftCollar, LeftShoulder, LeftElbow,
//      LeftWrist, lhand): a joint whose name gives the single role its parent holds by
//      name takes the next role down the limb (LeftShoulder the upper arm, lhand none),
//      and a chest under a chest is the upper one (the lower becomes spine).
//      Tips (a last word "end", "tip", "nub" or "top", tips build_skeleton added, a
//      finger's 4th segment) have no role. Spine, neck and tail segments are numbered 1..n
//      in depth-first order (from the hips up). If no joint is named hips, the lowest
//      spine segment from which both thighs hang becomes the hips; if none is named head,
//      the last of two or more neck segments becomes the head.
//   3. The tree's shape, only when names found neither a thigh nor an upper arm (a rig
//      named "node 20"). Rest positions, +Y up, +X the character's left (glTF). From the
//      root, the first joint with three or more children whose subtrees include two
//      that end below it, one on each side of it in X, is the hips; those two are legs
//      (thigh, shin, foot, toe down the single-child run). Of the remaining children
//      the one with the most joints is the spine, another one (if any) the tail. The spine
//      runs up its single-child run to the next branch point, the chest; of the chest's
//      children the one whose subtree reaches farthest along the spine's direction is
//      the neck run (its last real joint the
//      head, the others neck), and two that end on opposite sides in X are the arms
//      (clavicle if the run has four or more joints, then upper arm, forearm, hand), or
//      the front legs of a quadruped (a rig whose hips->chest direction is more
//      horizontal than vertical), which take the arm roles too (humerus, radius,
//      carpus). It cannot find fingers, eyes, a jaw or twist bones, cannot tell a
//      biped lying down from a quadruped, needs the rest pose in a standard
//      orientation (+Y up), and gives nothing to a rig that does not match (a
//      snake, a six-legged insect): those joints stay none.
// A rig without any recognisable role still works: every joint is none.
//
// Single roles (every role but spine, neck, finger, tail, twist, none) are held by at most
// one joint per side (finger: one per finger and segment); when two joints claim one,
// the first in depth-first order keeps it and the other gets none and a warning.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/anim/skeleton.h"

namespace ik {

enum class Role : std::uint8_t {
  none,
  hips,
  spine,
  chest,
  neck,
  head,
  eye,
  jaw,
  clavicle,
  upper_arm,
  forearm,
  hand,
  finger,
  thigh,
  shin,
  foot,
  toe,
  tail,
  twist,  // twist, roll and helper bones
};

enum class Side : std::uint8_t { centre, left, right };

enum class Finger : std::uint8_t { none, thumb, index, middle, ring, little };

enum class RoleSource : std::uint8_t { none, given, name, shape };

struct JointRole {
  Role role = Role::none;
  Side side = Side::centre;
  Finger finger = Finger::none;  // for Role::finger
  int segment = 0;               // finger 1..3; spine, neck and tail 1..n from the hips; else 0
  RoleSource source = RoleSource::none;

  bool operator==(const JointRole& o) const {
    return role == o.role && side == o.side && finger == o.finger && segment == o.segment;
  }
};

struct RigRoles {
  std::vector<JointRole> joints;      // one per skeleton joint
  std::vector<std::string> warnings;  // conflicts, one line each
};

// Roles for every joint of `skeleton`. `given` (empty, or one per joint) holds roles that
// win over names and shape (a VRM map); role none in it means "not given".
RigRoles recognise_roles(const Skeleton& skeleton, const std::vector<JointRole>& given = {});

// The roles a name alone gives (no tree, no conflicts): for tests and tools.
JointRole role_from_name(const std::string& name);

// True for roles held by at most one joint per side (and finger and segment).
bool is_single_role(Role role);

// "hips", "upper_arm"...; "left hand", "right finger index 2", "spine 3".
const char* role_name(Role role);
const char* side_name(Side side);
const char* finger_name(Finger finger);
std::string describe_role(const JointRole& role);

// The first joint with `role` on `side` (Side::centre: on any side), or -1.
int first_joint_with_role(const std::vector<JointRole>& roles, Role role, Side side);

// "" if `roles` fits `skeleton` (one per joint, no single role held twice), else the
// first problem in one line.
std::string roles_problem(const Skeleton& skeleton, const std::vector<JointRole>& roles);

}  // namespace ik
