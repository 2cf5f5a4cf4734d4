// The skeleton out of a loaded glTF model (gltf_skeleton.h): the node hierarchy and the
// nodes' transforms checked, the joints chosen, and the transforms of the nodes that are
// not joints folded into the joints below them.
//
// Index:
//   Node locals and labels  NodeLocal, node_label, node_label_named, count_of, count_of_nodes, finite_as_float
//   The hierarchy           read_parents (children out of range, two parents, cycles)
//   Node transforms         all_finite_as_float, read_trs, read_matrix, read_locals
//   Scenes and joints       check_scenes, choose_joints, depth_first_nodes
//   Folding helpers         linear_part_mismatch (the shear a TRS cannot hold), node_extras
//   Entry points            raw_skeleton_from_model, joint_frames_from_model
#include "io/gltf/gltf_skeleton.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/gtc/quaternion.hpp>

#include "io/files/message_text.h"
#include "io/gltf/gltf_joint_nodes.h"
#include "io/gltf/ikscope_extras.h"

namespace ik {
namespace {

// --- Node locals and labels --------------------------------------------------------------

// A node's own transform, parent space, two ways: `matrix` in double precision for
// composing with other nodes, and `trs` (single precision, as the skeleton stores it).
struct NodeLocal {
  glm::dmat4 matrix{1.0};
  Transform trs;
  bool from_matrix = false;  // the file gave a matrix (trs was decomposed from it)
};

std::string node_label_named(const tinygltf::Model& model, int i) {
  return node_label(static_cast<size_t>(i), model.nodes[static_cast<size_t>(i)].name);
}

std::string count_of(size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string count_of_nodes(int n) {
  return "(the file has " + count_of(static_cast<size_t>(n), "node") + ")";
}

bool finite_as_float(double v) { return std::isfinite(static_cast<float>(v)); }

// --- The hierarchy -----------------------------------------------------------------------

// Parent of every node from the children lists: rejects indices out of range, a node
// with two parents (or listed twice by one), and cycles.
bool read_parents(const tinygltf::Model& model, std::vector<int>& parent, std::string& problem) {
  const int n = static_cast<int>(model.nodes.size());
  parent.assign(static_cast<size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    for (const int c : model.nodes[static_cast<size_t>(i)].children) {
      if (c < 0 || c >= n) {
        problem = node_label(static_cast<size_t>(i)) + ": child index " + std::to_string(c) + " is out of range " +
                  count_of_nodes(n);
        return false;
      }
      if (c == i) {
        problem = "node hierarchy has a cycle through node " + std::to_string(i) +
                  " (it is its own child)";
        return false;
      }
      const int p = parent[static_cast<size_t>(c)];
      if (p == i) {
        problem = node_label(static_cast<size_t>(i)) + " lists child " + std::to_string(c) + " twice";
        return false;
      }
      if (p >= 0) {
        problem = node_label(static_cast<size_t>(c)) + " has two parents (nodes " + std::to_string(p) + " and " +
                  std::to_string(i) + ")";
        return false;
      }
      parent[static_cast<size_t>(c)] = i;
    }
  }
  if (const int j = ik::find_parent_cycle(parent); j >= 0) {
    problem = "node hierarchy has a cycle through node " + std::to_string(j);
    return false;
  }
  return true;
}

// --- Node transforms ---------------------------------------------------------------------

bool all_finite_as_float(const std::vector<double>& values) {
  for (const double v : values)
    if (!finite_as_float(v)) return false;
  return true;
}

bool read_trs(const tinygltf::Node& node, int i, NodeLocal& out, std::string& problem) {
  const auto non_finite = [&](const char* field) {
    problem = node_label(static_cast<size_t>(i)) + " has a non-finite or too large value in its '" + field + "'";
    return false;
  };
  if (!all_finite_as_float(node.translation)) return non_finite("translation");
  if (!all_finite_as_float(node.rotation)) return non_finite("rotation");
  if (!all_finite_as_float(node.scale)) return non_finite("scale");

  glm::dvec3 t(0.0), s(1.0);
  glm::dquat r(1.0, 0.0, 0.0, 0.0);
  if (node.translation.size() == 3)
    t = glm::dvec3(node.translation[0], node.translation[1], node.translation[2]);
  if (node.scale.size() == 3) s = glm::dvec3(node.scale[0], node.scale[1], node.scale[2]);
  if (node.rotation.size() == 4)  // glTF stores x, y, z, w
    r = glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
  if (static_cast<float>(s.x) == 0.0f || static_cast<float>(s.y) == 0.0f ||
      static_cast<float>(s.z) == 0.0f) {
    problem = node_label(static_cast<size_t>(i)) + " has a zero scale";
    return false;
  }
  // Exporters write quaternions a little off unit length; normalise, but a zero one
  // has no direction to recover.
  const double len = std::sqrt(r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z);
  if (!(len > 1e-12)) {
    problem = node_label(static_cast<size_t>(i)) + " has a zero-length 'rotation' quaternion";
    return false;
  }
  r = glm::dquat(r.w / len, r.x / len, r.y / len, r.z / len);

  glm::dmat4 m = glm::mat4_cast(r);  // T * R * S, as in glTF
  m[0] *= s.x;
  m[1] *= s.y;
  m[2] *= s.z;
  m[3] = glm::dvec4(t, 1.0);
  out.matrix = m;
  out.trs.translation = glm::vec3(t);
  out.trs.rotation = glm::quat(static_cast<float>(r.w), static_cast<float>(r.x),
                               static_cast<float>(r.y), static_cast<float>(r.z));
  out.trs.scale = glm::vec3(s);
  out.from_matrix = false;
  return true;
}

bool read_matrix(const tinygltf::Node& node, int i, NodeLocal& out, std::string& problem) {
  if (!all_finite_as_float(node.matrix)) {
    problem = node_label(static_cast<size_t>(i)) + " has a non-finite or too large value in its 'matrix'";
    return false;
  }
  glm::dmat4 m;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      m[c][r] = node.matrix[static_cast<size_t>(c * 4 + r)];  // column-major
  if (std::fabs(m[0][3]) > 1e-6 || std::fabs(m[1][3]) > 1e-6 || std::fabs(m[2][3]) > 1e-6 ||
      std::fabs(m[3][3] - 1.0) > 1e-6) {
    problem = node_label(static_cast<size_t>(i)) + " has a 'matrix' that is not affine (its last row must be 0 0 0 1)";
    return false;
  }
  for (int c = 0; c < 3; ++c)
    if (static_cast<float>(glm::length(glm::dvec3(m[c]))) == 0.0f) {
      problem = node_label(static_cast<size_t>(i)) + " has a zero scale (column " + std::to_string(c) +
                " of its 'matrix' is zero)";
      return false;
    }
  if (!decompose(glm::mat4(m), out.trs)) {
    problem =
        node_label(static_cast<size_t>(i)) + " has a 'matrix' that cannot be split into translation, rotation and scale";
    return false;
  }
  out.matrix = m;
  out.from_matrix = true;
  return true;
}

bool read_locals(const tinygltf::Model& model, std::vector<NodeLocal>& locals,
                 std::string& problem) {
  locals.assign(model.nodes.size(), NodeLocal{});
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const tinygltf::Node& node = model.nodes[i];
    // gltf_json_check guarantees these sizes; a mismatch here would be a bug upstream.
    if ((!node.matrix.empty() && node.matrix.size() != 16) ||
        (!node.translation.empty() && node.translation.size() != 3) ||
        (!node.rotation.empty() && node.rotation.size() != 4) ||
        (!node.scale.empty() && node.scale.size() != 3)) {
      problem = node_label(static_cast<int>(i)) + " has a transform array of the wrong length";
      return false;
    }
    const bool ok = node.matrix.empty()
                        ? read_trs(node, static_cast<int>(i), locals[i], problem)
                        : read_matrix(node, static_cast<int>(i), locals[i], problem);
    if (!ok) return false;
  }
  return true;
}

// --- Scenes and joints -------------------------------------------------------------------

bool check_scenes(const tinygltf::Model& model, std::string& problem) {
  const int n = static_cast<int>(model.nodes.size());
  for (size_t s = 0; s < model.scenes.size(); ++s)
    for (const int root : model.scenes[s].nodes)
      if (root < 0 || root >= n) {
        problem = "scene " + std::to_string(s) + ": node index " + std::to_string(root) +
                  " is out of range " + count_of_nodes(n);
        return false;
      }
  // defaultScene is -1 when `scene` is absent.
  if (model.defaultScene >= static_cast<int>(model.scenes.size())) {
    problem = "'scene' is " + std::to_string(model.defaultScene) + " but the file has " +
              count_of(model.scenes.size(), "scene");
    return false;
  }
  return true;
}

// is_joint[node]: the union of all skins' joints, or every node if there is no skin.
bool choose_joints(const tinygltf::Model& model, std::vector<std::uint8_t>& is_joint,
                   std::string& problem) {
  const int n = static_cast<int>(model.nodes.size());
  if (model.skins.empty()) {
    is_joint.assign(static_cast<size_t>(n), 1);
    return true;
  }
  is_joint.assign(static_cast<size_t>(n), 0);
  bool any = false;
  for (size_t s = 0; s < model.skins.size(); ++s) {
    const tinygltf::Skin& skin = model.skins[s];
    // skin.skeleton is only a hint for the common root; it need not be a joint, but it
    // must name a node.
    if (skin.skeleton >= n) {
      problem = "skin " + std::to_string(s) + ": 'skeleton' node " + std::to_string(skin.skeleton) +
                " is out of range " + count_of_nodes(n);
      return false;
    }
    for (const int j : skin.joints) {
      if (j < 0 || j >= n) {
        problem = "skin " + std::to_string(s) + ": joint index " + std::to_string(j) +
                  " is out of range " + count_of_nodes(n);
        return false;
      }
      is_joint[static_cast<size_t>(j)] = 1;
      any = true;
    }
  }
  if (!any) {
    problem = "the file's skins list no joints";
    return false;
  }
  return true;
}

// Nodes in depth-first pre-order: roots by ascending index, children in file order.
// Iterative, so a deep chain cannot overflow the stack.
std::vector<int> depth_first_nodes(const tinygltf::Model& model, const std::vector<int>& parent) {
  std::vector<int> order;
  order.reserve(model.nodes.size());
  std::vector<std::pair<int, size_t>> stack;  // node, next child to visit
  for (size_t root = 0; root < model.nodes.size(); ++root) {
    if (parent[root] >= 0) continue;
    order.push_back(static_cast<int>(root));
    stack.emplace_back(static_cast<int>(root), 0);
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      const std::vector<int>& kids = model.nodes[static_cast<size_t>(node)].children;
      if (next == kids.size()) {
        stack.pop_back();
        continue;
      }
      const int child = kids[next++];
      order.push_back(child);
      stack.emplace_back(child, 0);
    }
  }
  return order;
}

// --- Folding helpers ---------------------------------------------------------------------

// Largest relative difference between the linear (3x3) parts of two matrices, per
// column. Used to notice shear that a TRS cannot hold.
double linear_part_mismatch(const glm::dmat4& expected, const glm::mat4& got) {
  double worst = 0.0;
  for (int c = 0; c < 3; ++c) {
    const glm::dvec3 e(expected[c]);
    const double len = glm::length(e);
    const double diff = glm::length(glm::dvec3(got[c]) - e);
    worst = std::max(worst, len > 0.0 ? diff / len : diff);
  }
  return worst;
}

const nlohmann::json* node_extras(const nlohmann::json& doc, size_t i) {
  const auto nodes = doc.find("nodes");
  if (nodes == doc.end() || !nodes->is_array() || i >= nodes->size()) return nullptr;
  const nlohmann::json& node = (*nodes)[i];
  const auto extras = node.find("extras");
  return extras == node.end() ? nullptr : &*extras;
}

}  // namespace

// --- Entry points ------------------------------------------------------------------------

bool raw_skeleton_from_model(const tinygltf::Model& model, const nlohmann::json& doc,
                             RawSkeleton& raw, std::vector<std::string>& warnings,
                             std::string& problem) {
  const size_t n = model.nodes.size();
  if (n == 0) {
    problem = "the file has no nodes";
    return false;
  }
  std::vector<int> parent;
  std::vector<NodeLocal> locals;
  std::vector<std::uint8_t> is_joint;
  if (!read_parents(model, parent, problem) || !read_locals(model, locals, problem) ||
      !check_scenes(model, problem) || !choose_joints(model, is_joint, problem))
    return false;

  // Walk parents before children. For every node keep:
  //   joint_above[k]  raw index of the nearest ancestor that is a joint, or -1;
  //   from_joint[k]   node k's frame expressed in that joint's frame (in the model frame
  //                   if there is none): the product of the locals of the nodes strictly
  //                   below that joint down to k, k included.
  // A joint's rest transform is then from_joint of itself, and its children restart
  // from the identity.
  std::vector<int> joint_above(n, -1);
  std::vector<glm::dmat4> from_joint(n);
  std::vector<int> raw_of_node(n, -1);
  RawSkeleton result;
  std::vector<std::string> notes;
  for (const int k : depth_first_nodes(model, parent)) {
    const size_t ku = static_cast<size_t>(k);
    const int p = parent[ku];
    const bool parent_is_frame_start = p < 0 || is_joint[static_cast<size_t>(p)];
    if (p >= 0)
      joint_above[ku] = is_joint[static_cast<size_t>(p)] ? raw_of_node[static_cast<size_t>(p)]
                                                         : joint_above[static_cast<size_t>(p)];
    from_joint[ku] = parent_is_frame_start ? locals[ku].matrix
                                           : from_joint[static_cast<size_t>(p)] * locals[ku].matrix;

    const nlohmann::json* extras = node_extras(doc, ku);
    JointLimits limits;
    std::string limits_problem;
    const ExtrasLimits found = read_ikscope_limits(extras, limits, limits_problem);
    if (!is_joint[ku]) {
      if (found != ExtrasLimits::kNone)
        notes.push_back(node_label_named(model, k) +
                        " has extras.ikscope limits but is not a joint; ignored");
      continue;
    }
    if (found == ExtrasLimits::kMalformed) {
      notes.push_back(node_label_named(model, k) + ": malformed extras.ikscope (" + limits_problem +
                      "); the joint stays unlimited");
      limits = JointLimits{};
    }

    RawJoint joint;
    const std::string& name = model.nodes[ku].name;
    joint.name = name.empty() ? node_label(ku) : name;
    joint.parent = joint_above[ku];
    joint.source_node = k;
    joint.limits = limits;
    if (parent_is_frame_start && !locals[ku].from_matrix) {
      joint.rest = locals[ku].trs;  // exactly the file's TRS
    } else {
      const glm::mat4 m(from_joint[ku]);
      if (!decompose(m, joint.rest) || !is_valid(joint.rest)) {
        problem =
            node_label(ku) +
            ": its transform times those of the non-joint nodes above it cannot be split into "
            "translation, rotation and scale (a zero, overflowing or non-finite scale)";
        return false;
      }
      if (linear_part_mismatch(from_joint[ku], to_matrix(joint.rest)) > 1e-3)
        notes.push_back(
            node_label_named(model, k) +
            ": shear (from a matrix, or non-uniform scale above a rotation) cannot be held "
            "by a joint and was dropped; joints below it may sit slightly off");
    }
    raw_of_node[ku] = static_cast<int>(result.joints.size());
    result.joints.push_back(std::move(joint));
  }
  raw = std::move(result);
  warnings.insert(warnings.end(), notes.begin(), notes.end());
  return true;
}

std::vector<JointFrame> joint_frames_from_model(const tinygltf::Model& model, const Skeleton& skeleton) {
  std::vector<JointFrame> frames;
  std::vector<int> parent;
  std::vector<NodeLocal> locals;
  std::string problem;
  if (!read_parents(model, parent, problem) || !read_locals(model, locals, problem)) return frames;
  std::vector<std::uint8_t> is_joint_node(model.nodes.size(), 0);
  for (const int node : skeleton.source_node)
    if (node >= 0 && static_cast<size_t>(node) < is_joint_node.size()) is_joint_node[static_cast<size_t>(node)] = 1;
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int node = skeleton.source_node[static_cast<size_t>(j)];
    if (node < 0 || static_cast<size_t>(node) >= model.nodes.size()) continue;
    glm::dmat4 above(1.0);
    bool folded = false;
    // parent[] has no cycle: raw_skeleton_from_model checked it before the skeleton was built.
    for (int p = parent[static_cast<size_t>(node)]; p >= 0 && !is_joint_node[static_cast<size_t>(p)];
         p = parent[static_cast<size_t>(p)]) {
      above = locals[static_cast<size_t>(p)].matrix * above;
      folded = true;
    }
    if (!folded) continue;
    JointFrame frame;
    frame.joint = j;
    frame.above = glm::mat4(above);
    frame.node_rest = locals[static_cast<size_t>(node)].trs;
    frames.push_back(frame);
  }
  return frames;
}

}  // namespace ik
