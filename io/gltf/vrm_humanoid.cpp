// VRM humanoid bone maps -> roles per joint (see the header).
#include "io/gltf/vrm_humanoid.h"

#include <map>
#include <set>

#include "io/files/message_text.h"

namespace ik {
namespace {

struct BoneRole {
  Role role;
  Side side;
  Finger finger;
  int segment;
};

// VRM bone name -> role, for both versions (0.x and 1.0 share most names).
const std::map<std::string, BoneRole>& bone_table() {
  static const std::map<std::string, BoneRole> table = [] {
    std::map<std::string, BoneRole> t;
    const auto c = [&](const char* name, Role role) { t[name] = {role, Side::centre, Finger::none, 0}; };
    c("hips", Role::hips);
    c("spine", Role::spine);
    c("chest", Role::chest);
    c("upperChest", Role::chest);
    c("neck", Role::neck);
    c("head", Role::head);
    c("jaw", Role::jaw);
    const std::pair<const char*, Side> sides[] = {{"left", Side::left}, {"right", Side::right}};
    const std::pair<const char*, Role> limbs[] = {
        {"Eye", Role::eye},          {"Shoulder", Role::clavicle}, {"UpperArm", Role::upper_arm},
        {"LowerArm", Role::forearm}, {"Hand", Role::hand},         {"UpperLeg", Role::thigh},
        {"LowerLeg", Role::shin},    {"Foot", Role::foot},         {"Toes", Role::toe}};
    const std::pair<const char*, Finger> fingers[] = {{"Thumb", Finger::thumb},
                                                      {"Index", Finger::index},
                                                      {"Middle", Finger::middle},
                                                      {"Ring", Finger::ring},
                                                      {"Little", Finger::little}};
    const std::pair<const char*, int> segments[] = {
        {"Metacarpal", 1}, {"Proximal", 1}, {"Intermediate", 2}, {"Distal", 3}};
    for (const auto& [side_word, side] : sides) {
      for (const auto& [limb, role] : limbs) t[std::string(side_word) + limb] = {role, side, Finger::none, 0};
      for (const auto& [finger_word, finger] : fingers)
        for (const auto& [segment_word, segment] : segments) {
          int s = segment;
          // VRM 1.0's thumb is Metacarpal, Proximal, Distal: the proximal is the second.
          if (finger == Finger::thumb && std::string(segment_word) == "Proximal") s = 2;
          t[std::string(side_word) + finger_word + segment_word] = {Role::finger, side, finger, s};
        }
    }
    return t;
  }();
  return table;
}

struct Entry {
  std::string bone;
  const nlohmann::json* node;
};

}  // namespace

std::vector<JointRole> vrm_humanoid_roles(const nlohmann::json& doc, const Skeleton& skeleton,
                                          std::vector<std::string>& warnings) {
  if (!doc.is_object()) return {};
  const auto ext = doc.find("extensions");
  if (ext == doc.end() || !ext->is_object()) return {};
  std::vector<Entry> entries;
  bool vrm0 = false;
  const auto humanoid_of = [&](const char* name) -> const nlohmann::json* {
    const auto e = ext->find(name);
    if (e == ext->end() || !e->is_object()) return nullptr;
    const auto h = e->find("humanoid");
    if (h == e->end() || !h->is_object()) return nullptr;
    const auto b = h->find("humanBones");
    return b == h->end() ? nullptr : &*b;
  };
  if (const nlohmann::json* bones = humanoid_of("VRMC_vrm")) {
    if (!bones->is_object()) {
      warnings.push_back("VRMC_vrm humanoid.humanBones is not an object: bone map ignored");
      return {};
    }
    for (auto it = bones->begin(); it != bones->end(); ++it) {
      const auto node = it->is_object() ? it->find("node") : it->end();
      entries.push_back({it.key(), it->is_object() && node != it->end() ? &*node : nullptr});
    }
  } else if (const nlohmann::json* bones0 = humanoid_of("VRM")) {
    vrm0 = true;
    if (!bones0->is_array()) {
      warnings.push_back("VRM humanoid.humanBones is not an array: bone map ignored");
      return {};
    }
    for (const nlohmann::json& item : *bones0) {
      std::string bone = "?";
      const nlohmann::json* node = nullptr;
      if (item.is_object()) {
        const auto b = item.find("bone");
        if (b != item.end() && b->is_string()) bone = b->get<std::string>();
        const auto n = item.find("node");
        if (n != item.end()) node = &*n;
      }
      entries.push_back({bone, node});
    }
  } else {
    return {};
  }

  const char* label = "VRM humanBones";
  const auto nodes_it = doc.find("nodes");
  const long node_count = nodes_it != doc.end() && nodes_it->is_array() ? static_cast<long>(nodes_it->size()) : 0;
  std::map<int, int> joint_of_node;
  for (int j = 0; j < skeleton.joint_count(); ++j)
    if (skeleton.source_node[static_cast<size_t>(j)] >= 0)
      joint_of_node[skeleton.source_node[static_cast<size_t>(j)]] = j;

  std::vector<JointRole> roles(static_cast<size_t>(skeleton.joint_count()));
  std::map<int, std::string> bone_of_node;
  std::set<std::string> bones_seen;
  std::vector<std::pair<std::string, int>> accepted;  // bone, joint
  for (const Entry& e : entries) {
    const std::string bone = one_line(e.bone, 60);
    const auto warn = [&](const std::string& problem) {
      warnings.push_back(std::string(label) + " '" + bone + "': " + problem);
    };
    const auto known = bone_table().find(e.bone);
    if (known == bone_table().end()) {
      warn("not a VRM bone name");
      continue;
    }
    if (e.node == nullptr || !e.node->is_number_integer()) {
      warn("has no integer 'node'");
      continue;
    }
    const long long node = e.node->get<long long>();
    if (node < 0 || node >= node_count) {
      warn("node " + std::to_string(node) + " is out of range (the file has " + std::to_string(node_count) + " nodes)");
      continue;
    }
    if (!bones_seen.insert(e.bone).second) {
      warn("named twice; node " + std::to_string(node) + " left out");
      continue;
    }
    const auto joint = joint_of_node.find(static_cast<int>(node));
    if (joint == joint_of_node.end()) {
      warn("node " + std::to_string(node) + " is not a joint of the skeleton");
      continue;
    }
    const auto other = bone_of_node.find(static_cast<int>(node));
    if (other != bone_of_node.end()) {
      warn("node " + std::to_string(node) + " is already '" + other->second + "'");
      continue;
    }
    bone_of_node[static_cast<int>(node)] = bone;
    accepted.push_back({e.bone, joint->second});
  }
  bool has_upper_chest = false;
  for (const auto& a : accepted) has_upper_chest |= a.first == "upperChest";
  for (const auto& [bone, joint] : accepted) {
    const BoneRole& b = bone_table().at(bone);
    JointRole& r = roles[static_cast<size_t>(joint)];
    r.role = bone == "chest" && has_upper_chest ? Role::spine : b.role;
    r.side = b.side;
    r.finger = b.finger;
    // VRM 0.x's thumb has no metacarpal: its proximal is the first segment.
    r.segment = vrm0 && b.finger == Finger::thumb && bone.find("Proximal") != std::string::npos ? 1 : b.segment;
    r.source = RoleSource::given;
  }
  return roles;
}

}  // namespace ik
