#include "io/gltf/gltf_joint_nodes.h"

#include <glm/gtc/quaternion.hpp>

#include "io/files/message_text.h"
#include "io/json/json_output.h"

namespace ik {
using Json = nlohmann::ordered_json;  // the name io/json/json_read.h gives it

namespace {

// `count` numbers from node[key] into `out`; false if the key is there but is not an
// array of that many numbers. An absent key leaves `out` alone.
bool read_numbers(const Json& node, const char* key, size_t count, double* out) {
  const auto it = node.find(key);
  if (it == node.end()) return true;
  if (!it->is_array() || it->size() != count) return false;
  for (size_t i = 0; i < count; ++i) {
    if (!(*it)[i].is_number()) return false;
    out[i] = (*it)[i].get<double>();
  }
  return true;
}

// A node's own transform (parent space) as a matrix, from `matrix` or from T * R * S.
bool node_matrix(const Json& node, size_t index, glm::dmat4& out, std::string& problem) {
  double m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  double t[3] = {0, 0, 0}, r[4] = {0, 0, 0, 1}, s[3] = {1, 1, 1};
  if (!read_numbers(node, "matrix", 16, m) || !read_numbers(node, "translation", 3, t) ||
      !read_numbers(node, "rotation", 4, r) || !read_numbers(node, "scale", 3, s)) {
    problem = node_label(index) + " has a transform that is not an array of numbers of the right length";
    return false;
  }
  if (node.contains("matrix")) {
    for (int c = 0; c < 4; ++c)
      for (int row = 0; row < 4; ++row) out[c][row] = m[c * 4 + row];  // column-major
    return true;
  }
  const glm::dquat q = glm::normalize(glm::dquat(r[3], r[0], r[1], r[2]));  // file order x, y, z, w
  out = glm::mat4_cast(q);
  out[0] *= s[0];
  out[1] *= s[1];
  out[2] *= s[2];
  out[3] = glm::dvec4(t[0], t[1], t[2], 1.0);
  return true;
}

// Parent of every node from the children lists, checked (the file is read afresh and may
// differ from what was imported).
bool node_parents(const Json& nodes, std::vector<int>& parent, std::string& problem) {
  parent.assign(nodes.size(), -1);
  for (size_t i = 0; i < nodes.size(); ++i) {
    const auto children = nodes[i].find("children");
    if (children == nodes[i].end()) continue;
    if (!children->is_array()) {
      problem = node_label(i) + ": 'children' must be an array";
      return false;
    }
    for (const Json& c : *children) {
      if (!c.is_number_unsigned() || c.get<std::uint64_t>() >= nodes.size()) {
        problem = node_label(i) + ": a child index is out of range";
        return false;
      }
      const size_t child = c.get<size_t>();
      if (parent[child] >= 0 || child == i) {
        problem = node_label(child) + " has two parents or is its own child";
        return false;
      }
      parent[child] = static_cast<int>(i);
    }
  }
  if (find_parent_cycle(parent) >= 0) {
    problem = "the node hierarchy has a cycle";
    return false;
  }
  return true;
}

// The name the importer gave the joint made from this node.
std::string joint_name_of_node(const Json& node, size_t index) {
  const auto name = node.find("name");
  if (name != node.end() && name->is_string() && !name->get<std::string>().empty()) return name->get<std::string>();
  return node_label(index);
}

glm::dmat4 to_dmatrix(const Transform& t) {
  glm::dmat4 m = glm::mat4_cast(glm::dquat(t.rotation));
  m[0] *= static_cast<double>(t.scale.x);
  m[1] *= static_cast<double>(t.scale.y);
  m[2] *= static_cast<double>(t.scale.z);
  m[3] = glm::dvec4(glm::dvec3(t.translation), 1.0);
  return m;
}

bool same_vec3(const glm::vec3& a, const glm::vec3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
bool same_quat(const glm::quat& a, const glm::quat& b) { return a.w == b.w && a.x == b.x && a.y == b.y && a.z == b.z; }

void write_trs(Json& node, const Transform& t) {
  node.erase("matrix");
  node["translation"] = json_vec3(t.translation);
  node["rotation"] = json_quat_xyzw(glm::normalize(t.rotation));
  node["scale"] = json_vec3(t.scale);
}

}  // namespace

std::string node_label(size_t node) { return "node " + std::to_string(node); }

std::string node_label(size_t node, const std::string& name) {
  return name.empty() ? node_label(node) : node_label(node) + " ('" + one_line(name, 80) + "')";
}

bool map_joint_nodes(const Json& json, const Skeleton& skeleton, JointNodes& out, std::string& problem) {
  const auto nodes_it = json.find("nodes");
  if (nodes_it == json.end() || !nodes_it->is_array()) {
    problem = "the file has no 'nodes' array";
    return false;
  }
  const Json& nodes = *nodes_it;
  for (const Json& node : nodes)
    if (!node.is_object()) {
      problem = "every node must be an object";
      return false;
    }

  // Which nodes are joints, and does the skeleton still match the file?
  const size_t joints = static_cast<size_t>(skeleton.joint_count());
  out.node_of_joint.assign(joints, -1);
  out.folded.assign(joints, glm::dmat4(1.0));
  out.has_folded.assign(joints, 0);
  out.had_matrix.assign(joints, 0);
  std::vector<int> joint_of_node(nodes.size(), -1);
  for (size_t j = 0; j < joints; ++j) {
    if (skeleton.is_added_tip[j]) continue;
    const int node = skeleton.source_node[j];
    if (node < 0 || static_cast<size_t>(node) >= nodes.size() ||
        joint_name_of_node(nodes[static_cast<size_t>(node)], static_cast<size_t>(node)) != skeleton.name[j]) {
      problem = "the skeleton was not imported from this file (joint " + std::to_string(j) + " '" + skeleton.name[j] +
                "' has no matching node " + std::to_string(node) + "); reopen the file before exporting";
      return false;
    }
    joint_of_node[static_cast<size_t>(node)] = static_cast<int>(j);
    out.node_of_joint[j] = node;
    out.had_matrix[j] = nodes[static_cast<size_t>(node)].contains("matrix") ? 1 : 0;
  }
  std::vector<int> parent;
  if (!node_parents(nodes, parent, problem)) return false;

  // B: the non-joint nodes between each joint and the joint above it (all ancestors for a
  // root joint), top down. Walking up, each ancestor multiplies from the left.
  for (size_t j = 0; j < joints; ++j) {
    const int node = out.node_of_joint[j];
    if (node < 0) continue;
    for (int p = parent[static_cast<size_t>(node)]; p >= 0 && joint_of_node[static_cast<size_t>(p)] < 0;
         p = parent[static_cast<size_t>(p)]) {
      glm::dmat4 local;
      if (!node_matrix(nodes[static_cast<size_t>(p)], static_cast<size_t>(p), local, problem)) return false;
      out.folded[j] = local * out.folded[j];
      out.has_folded[j] = 1;
    }
  }
  return true;
}

bool node_transform(const JointNodes& nodes, int joint, const Transform& posed, Transform& node_local) {
  const size_t j = static_cast<size_t>(joint);
  if (!nodes.has_folded[j]) {
    node_local = posed;
    return true;
  }
  // L' = inverse(B) * P, in double; split into TRS for the node.
  return decompose(glm::mat4(glm::inverse(nodes.folded[j]) * to_dmatrix(posed)), node_local) && is_valid(node_local);
}

bool pose_joint_nodes(Json& json, const Skeleton& skeleton, const Pose& pose, std::string& problem) {
  JointNodes joint_nodes;
  if (!map_joint_nodes(json, skeleton, joint_nodes, problem)) return false;
  Json& nodes = json["nodes"];
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int k = joint_nodes.node_of_joint[static_cast<size_t>(j)];
    if (k < 0) continue;
    const Transform& posed = pose.local[static_cast<size_t>(j)];
    const Transform& rest = skeleton.rest[static_cast<size_t>(j)];
    const bool moved_t = !same_vec3(posed.translation, rest.translation);
    const bool moved_r = !same_quat(posed.rotation, rest.rotation);
    const bool moved_s = !same_vec3(posed.scale, rest.scale);
    if (!moved_t && !moved_r && !moved_s) continue;
    Json& node = nodes[static_cast<size_t>(k)];
    if (!joint_nodes.has_folded[static_cast<size_t>(j)] && !joint_nodes.had_matrix[static_cast<size_t>(j)]) {
      // rest is exactly this node's TRS: replace what the pose changed, keep the rest.
      if (moved_t) node["translation"] = json_vec3(posed.translation);
      if (moved_r) node["rotation"] = json_quat_xyzw(glm::normalize(posed.rotation));
      if (moved_s) node["scale"] = json_vec3(posed.scale);
      continue;
    }
    Transform local;
    if (!node_transform(joint_nodes, j, posed, local)) {
      problem = node_label(static_cast<size_t>(k)) + " ('" + skeleton.name[static_cast<size_t>(j)] +
                "'): its posed transform cannot be written as translation, rotation and scale";
      return false;
    }
    write_trs(node, local);
  }
  return true;
}

bool pose_fits(const Skeleton& skeleton, const Pose& pose, std::string& problem) {
  if (pose.local.size() != static_cast<size_t>(skeleton.joint_count())) {
    problem = "the pose has " + std::to_string(pose.local.size()) + " joints but the skeleton has " +
              std::to_string(skeleton.joint_count());
    return false;
  }
  for (size_t j = 0; j < pose.local.size(); ++j)
    if (!is_valid(pose.local[j]) || !(glm::length(pose.local[j].rotation) > 0.0f)) {
      problem =
          "joint " + std::to_string(j) + " '" + skeleton.name[j] + "' has a non-finite or zero transform in the pose";
      return false;
    }
  return true;
}

}  // namespace ik
