// VRM humanoid bone maps: the roles a VRM file states for its nodes, which win over names.
//
// VRM 1.0: extensions.VRMC_vrm.humanoid.humanBones is an object, bone name -> {"node": N}.
// VRM 0.x: extensions.VRM.humanoid.humanBones is an array of {"bone": name, "node": N}.
// Both are read (1.0 first; a 0.x map is read only when there is no 1.0 one). Bone names
// map to rig roles (solvers/rig/rig_roles.h): hips, spine, chest and upperChest (the topmost
// present is the chest, a chest below an upperChest is a spine segment), neck, head,
// jaw, left/rightEye, Shoulder (clavicle), UpperArm, LowerArm, Hand, UpperLeg, LowerLeg,
// Foot, Toes, and the fingers (Thumb Metacarpal/Proximal/Distal in 1.0 are thumb 1..3;
// 0.x thumb Proximal/Intermediate/Distal likewise; other fingers Proximal/Intermediate/
// Distal are 1..3). Nodes map to joints through Skeleton::source_node.
//
// Bad input never stops a load: each bad entry (not an object, a node that is not an
// integer, out of range or not a joint, a node named twice, a bone named twice, an
// unknown bone name) gives one warning naming the bone and the node, e.g.
// "VRM humanBones 'leftHand': node 99 is out of range (the file has 40 nodes)", and is
// left out, so the joint falls back on its name.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "solvers/rig/rig_roles.h"

namespace ik {

// One role per joint of `skeleton` (role none where the map says nothing), or an empty
// vector if the document has no VRM humanoid map.
std::vector<JointRole> vrm_humanoid_roles(const nlohmann::json& doc, const Skeleton& skeleton,
                                          std::vector<std::string>& warnings);

}  // namespace ik
