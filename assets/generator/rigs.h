// The built-in rigs. Each function returns a rig ready to write (checked, quantized).
#pragma once

#include "assets/generator/rig.h"

namespace rigs {

// A person about 1.77 m tall standing, crouched as if riding a bike standing on the
// pedals: hips flexed, knees and elbows bent, hands forward on handlebars. 26 joints.
Rig make_humanoid();

// A character rigged as Mixamo rigs them: 65 "mixamorig:" joints with fingers, T-pose
// rest, centimetre translations under a 0.01-scaled "Armature" node, no limits.
Rig make_mixamo_rig();

// A tentacle of 33 joints plus an end joint, curling gently forwards and sideways, bone
// lengths tapering towards the tip.
Rig make_tentacle();

// A 7-axis robot arm after the KUKA LBR iiwa 14: fixed base, seven revolute joints whose
// hinge axes alternate between the link axis and a perpendicular, and a flange end joint.
Rig make_arm7();

// Serial arms from their data-sheet specs (arm_specs.h, serial_arm.cpp): a Panda-like
// 7-axis arm and a UR5-like 6-axis arm, each on a fixed base with a flange end joint.
struct ArmSpec;
Rig make_serial_arm(const ArmSpec& spec);
Rig make_panda();
Rig make_ur5();

}  // namespace rigs
