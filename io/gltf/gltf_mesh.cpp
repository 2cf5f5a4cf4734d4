// Skinned meshes out of a loaded glTF model, as a table of contents:
//   skinned_meshes_from_model   for each node with a mesh and a skin:
//     bind_skin                   skin joints -> skeleton joints, inverse bind matrices
//     read_primitive              per TRIANGLES primitive: positions, influences,
//                                 indices, normals -> one Part, appended to the mesh
//   locate (gltf_accessor.h)      every accessor goes through here: index, type and byte
//                                 range checked before a byte is read
//
// Index:
//   helpers       finite, read_vec3s (a VEC3 float accessor, every value finite)
//   Skins         SkinBinding, bind_skin
//   Primitives    Part, attribute, Influences, read_influences, read_indices, largest_component, unit_or,
//                 read_normals, read_primitive, append
//   entry points  json_without_meshes (gltf_import.cpp's load without meshes), skinned_meshes_from_model
#include "io/gltf/gltf_mesh.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <new>

#include "io/gltf/gltf_accessor.h"
#include "io/gltf/gltf_joint_nodes.h"

namespace ik {
namespace {

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// A VEC3 float accessor of exactly `count` elements (0: any), every value finite.
bool read_vec3s(const tinygltf::Model& model, int index, std::size_t count,
                std::vector<glm::vec3>& out, std::string& problem) {
  AccessorSpan span;
  if (!locate(model, index, TINYGLTF_TYPE_VEC3, {TINYGLTF_COMPONENT_TYPE_FLOAT}, span, problem))
    return false;
  if (count != 0 && span.count != count) {
    problem = accessor_label(index) + " has " + std::to_string(span.count) +
              " elements, but POSITION has " + std::to_string(count);
    return false;
  }
  out.resize(span.count);
  for (std::size_t i = 0; i < span.count; ++i) {
    out[i] = glm::vec3(float_component(span, i, 0), float_component(span, i, 1),
                       float_component(span, i, 2));
    if (!finite(out[i])) {
      problem = accessor_label(index) + ": element " + std::to_string(i) + " is not finite";
      return false;
    }
  }
  return true;
}

// --- Skins -------------------------------------------------------------------------------

struct SkinBinding {
  std::vector<int> skeleton_joint;
  std::vector<glm::mat4> inverse_bind;
};

bool bind_skin(const tinygltf::Model& model, const tinygltf::Skin& skin,
               const std::vector<int>& joint_of_node, SkinBinding& out, std::string& problem) {
  const std::size_t n = skin.joints.size();
  if (n == 0) {
    problem = "the skin has no joints";
    return false;
  }
  if (n > kMaxSkinJoints) {
    problem = "the skin has " + std::to_string(n) + " joints; at most " +
              std::to_string(kMaxSkinJoints) + " are supported";
    return false;
  }
  out.skeleton_joint.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const int node = skin.joints[k];
    const int joint = node >= 0 && static_cast<std::size_t>(node) < joint_of_node.size()
                          ? joint_of_node[static_cast<std::size_t>(node)]
                          : -1;
    if (joint < 0) {
      problem = "skin joint " + std::to_string(k) + " (node " + std::to_string(node) +
                ") is not a joint of the skeleton";
      return false;
    }
    out.skeleton_joint[k] = joint;
  }
  out.inverse_bind.assign(n, glm::mat4(1.0f));
  if (skin.inverseBindMatrices < 0) return true;
  AccessorSpan span;
  if (!locate(model, skin.inverseBindMatrices, TINYGLTF_TYPE_MAT4, {TINYGLTF_COMPONENT_TYPE_FLOAT},
              span, problem)) {
    problem = "inverseBindMatrices: " + problem;
    return false;
  }
  if (span.count < n) {
    problem = "inverseBindMatrices: " + accessor_label(skin.inverseBindMatrices) + " has " +
              std::to_string(span.count) + " matrices for " + std::to_string(n) + " joints";
    return false;
  }
  for (std::size_t k = 0; k < n; ++k)
    for (int c = 0; c < 16; ++c) {
      const float v = float_component(span, k, c);
      if (!std::isfinite(v)) {
        problem = "inverseBindMatrices: matrix " + std::to_string(k) + " is not finite";
        return false;
      }
      out.inverse_bind[k][c / 4][c % 4] = v;  // column-major, as glTF stores it
    }
  return true;
}

// --- Primitives --------------------------------------------------------------------------

// One primitive's vertices and triangles, indices local to it.
struct Part {
  std::vector<glm::vec3> positions, normals;
  std::vector<glm::u16vec4> joints;
  std::vector<glm::vec4> weights;
  std::vector<std::uint32_t> indices;
  std::size_t unweighted = 0;  // vertices whose weights were all zero
};

int attribute(const tinygltf::Primitive& primitive, const std::string& name) {
  const auto it = primitive.attributes.find(name);
  return it == primitive.attributes.end() ? -1 : it->second;
}

// The up-to-four largest influences of one vertex, weights not yet normalised.
struct Influences {
  glm::u16vec4 joints{0};
  glm::vec4 weights{0.0f};

  void add(std::uint16_t joint, float weight) {
    int smallest = 0;
    for (int k = 1; k < 4; ++k)
      if (weights[k] < weights[smallest]) smallest = k;
    if (weight > weights[smallest]) {
      joints[smallest] = joint;
      weights[smallest] = weight;
    }
  }
};

// JOINTS_n / WEIGHTS_n for every n the primitive has, reduced to four influences a vertex,
// normalised. `joint_count` is the skin's.
bool read_influences(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                     std::size_t joint_count, Part& part, std::string& problem) {
  const std::size_t n = part.positions.size();
  std::vector<Influences> influences(n);
  for (int set = 0;; ++set) {
    const std::string joints_name = "JOINTS_" + std::to_string(set);
    const std::string weights_name = "WEIGHTS_" + std::to_string(set);
    const int joints_index = attribute(primitive, joints_name);
    const int weights_index = attribute(primitive, weights_name);
    if (joints_index < 0 && weights_index < 0) {
      if (set > 0) break;
      problem = "no JOINTS_0 and WEIGHTS_0 (the primitive is not skinned)";
      return false;
    }
    if (joints_index < 0 || weights_index < 0) {
      problem = "has " + (joints_index < 0 ? weights_name : joints_name) + " but no " +
                (joints_index < 0 ? joints_name : weights_name);
      return false;
    }
    AccessorSpan joints, weights;
    if (!locate(model, joints_index, TINYGLTF_TYPE_VEC4,
                {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                joints, problem)) {
      problem = joints_name + ": " + problem;
      return false;
    }
    if (!locate(model, weights_index, TINYGLTF_TYPE_VEC4,
                {TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE,
                 TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT},
                weights, problem)) {
      problem = weights_name + ": " + problem;
      return false;
    }
    // Integer weights are meant to be normalised; renormalising below makes their scale
    // irrelevant, so an exporter that forgot the flag still gets the right weights.
    if (joints.count != n || weights.count != n) {
      problem = joints_name + " and " + weights_name + " have " + std::to_string(joints.count) +
                " and " + std::to_string(weights.count) + " elements, but POSITION has " +
                std::to_string(n);
      return false;
    }
    for (std::size_t v = 0; v < n; ++v)
      for (int c = 0; c < 4; ++c) {
        float w = float_component(weights, v, c);
        // Exporters write tiny negative rounding errors; anything more is broken.
        if (!std::isfinite(w) || w < -1e-4f) {
          problem = weights_name + ": vertex " + std::to_string(v) +
                    " has a negative or non-finite weight";
          return false;
        }
        if (w <= 0.0f) continue;  // the joint index of a zero weight is never used
        const double joint = raw_component(joints, v, c);
        if (joint >= static_cast<double>(joint_count)) {
          problem = joints_name + ": vertex " + std::to_string(v) + " uses skin joint " +
                    std::to_string(static_cast<long long>(joint)) + ", but the skin has " +
                    std::to_string(joint_count);
          return false;
        }
        influences[v].add(static_cast<std::uint16_t>(joint), w);
      }
  }
  part.joints.resize(n);
  part.weights.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    const Influences& in = influences[v];
    // Summed and divided in double: weights near the float maximum would overflow a float
    // sum to infinity, and dividing by it would leave all four at zero.
    const glm::dvec4 weights(in.weights);
    const double sum = weights.x + weights.y + weights.z + weights.w;
    if (sum > 0.0) {
      part.joints[v] = in.joints;
      part.weights[v] = glm::vec4(weights / sum);
    } else {
      // Every weight zero: the glTF spec forbids it, exporters write it for vertices
      // nobody painted. Bound rigidly to the skin's first joint (the caller warns).
      part.joints[v] = glm::u16vec4(0);
      part.weights[v] = glm::vec4(1.0f, 0.0f, 0.0f, 0.0f);
      ++part.unweighted;
    }
  }
  return true;
}

bool read_indices(const tinygltf::Model& model, const tinygltf::Primitive& primitive, Part& part,
                  std::string& problem) {
  const std::size_t n = part.positions.size();
  if (primitive.indices < 0) {  // no indices: vertices 0, 1, 2 make the first triangle
    if (n % 3 != 0) {
      problem = "without indices, " + std::to_string(n) + " vertices are not whole triangles";
      return false;
    }
    part.indices.resize(n);
    for (std::size_t i = 0; i < n; ++i) part.indices[i] = static_cast<std::uint32_t>(i);
    return true;
  }
  AccessorSpan span;
  if (!locate(model, primitive.indices, TINYGLTF_TYPE_SCALAR,
              {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
               TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT},
              span, problem)) {
    problem = "indices: " + problem;
    return false;
  }
  if (span.count % 3 != 0) {
    problem = "indices: " + std::to_string(span.count) + " indices are not whole triangles";
    return false;
  }
  part.indices.resize(span.count);
  for (std::size_t i = 0; i < span.count; ++i) {
    const double index = raw_component(span, i, 0);
    if (index >= static_cast<double>(n)) {
      problem = "indices: index " + std::to_string(i) + " is " +
                std::to_string(static_cast<long long>(index)) + ", but there are " +
                std::to_string(n) + " vertices";
      return false;
    }
    part.indices[i] = static_cast<std::uint32_t>(index);
  }
  return true;
}

// |largest component| of `v`, or 0 if a component is not finite.
float largest_component(const glm::vec3& v) {
  if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) return 0.0f;
  return std::max(std::fabs(v.x), std::max(std::fabs(v.y), std::fabs(v.z)));
}

// `v` at unit length, or `fallback` if it has no direction (zero or not finite). Divided by
// its largest component first: squaring the components directly overflows to infinity
// past ~1e19 and loses every digit below ~1e-19 (denormals), and both gave normals of the
// wrong length (the fuzzer found both).
glm::vec3 unit_or(const glm::vec3& v, const glm::vec3& fallback) {
  const float largest = largest_component(v);
  if (!(largest > 0.0f)) return fallback;
  const glm::vec3 w = v / largest;  // largest component +-1, length in [1, sqrt(3)]
  return w / glm::length(w);
}

// Normals from the file where they are usable, else smooth ones: each vertex gets the sum
// of its triangles' cross products (so larger triangles weigh more), normalised. Without
// indices no vertex is shared, so those normals come out flat.
bool read_normals(const tinygltf::Model& model, const tinygltf::Primitive& primitive, Part& part,
                  std::string& problem) {
  const std::size_t n = part.positions.size();
  std::vector<glm::vec3> from_file;
  const int index = attribute(primitive, "NORMAL");
  if (index >= 0 && !read_vec3s(model, index, n, from_file, problem)) {
    problem = "NORMAL: " + problem;
    return false;
  }
  part.normals.assign(n, glm::vec3(0.0f));
  bool all_usable = !from_file.empty();
  for (std::size_t v = 0; v < from_file.size(); ++v) {
    // Usable: finite and not (nearly) zero; glTF normals are unit vectors, anything else
    // is recomputed below.
    if (largest_component(from_file[v]) > 1e-6f)
      part.normals[v] = unit_or(from_file[v], glm::vec3(0.0f));
    else
      all_usable = false;
  }
  if (all_usable) return true;

  std::vector<glm::vec3> sums(n, glm::vec3(0.0f));
  for (std::size_t t = 0; t + 2 < part.indices.size(); t += 3) {
    const std::uint32_t a = part.indices[t], b = part.indices[t + 1], c = part.indices[t + 2];
    const glm::vec3 face =
        glm::cross(part.positions[b] - part.positions[a], part.positions[c] - part.positions[a]);
    sums[a] += face;
    sums[b] += face;
    sums[c] += face;
  }
  for (std::size_t v = 0; v < n; ++v) {
    if (part.normals[v] != glm::vec3(0.0f)) continue;  // the file's, usable
    // A vertex on no triangle, or only on degenerate ones: any unit vector will do.
    part.normals[v] = unit_or(sums[v], glm::vec3(0.0f, 1.0f, 0.0f));
  }
  return true;
}

bool read_primitive(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                    std::size_t joint_count, Part& part, std::string& problem) {
  // mode is -1 when the file leaves it out: TRIANGLES by default.
  if (primitive.mode != -1 && primitive.mode != TINYGLTF_MODE_TRIANGLES) {
    problem = "its mode is " + std::to_string(primitive.mode) +
              ", not TRIANGLES (4); only triangles are drawn";
    return false;
  }
  const int position_index = attribute(primitive, "POSITION");
  if (position_index < 0) {
    problem = "no POSITION";
    return false;
  }
  if (!read_vec3s(model, position_index, 0, part.positions, problem)) {
    problem = "POSITION: " + problem;
    return false;
  }
  if (part.positions.size() > UINT32_MAX) {
    problem = "too many vertices";
    return false;
  }
  return read_influences(model, primitive, joint_count, part, problem) &&
         read_indices(model, primitive, part, problem) &&
         read_normals(model, primitive, part, problem);
}

void append(const Part& part, SkinnedMesh& mesh) {
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  mesh.positions.insert(mesh.positions.end(), part.positions.begin(), part.positions.end());
  mesh.normals.insert(mesh.normals.end(), part.normals.begin(), part.normals.end());
  mesh.joints.insert(mesh.joints.end(), part.joints.begin(), part.joints.end());
  mesh.weights.insert(mesh.weights.end(), part.weights.begin(), part.weights.end());
  for (const std::uint32_t i : part.indices) mesh.indices.push_back(base + i);
}

}  // namespace

std::string json_without_meshes(const nlohmann::json& doc) {
  nlohmann::json reduced = doc;
  for (const char* key : {"meshes", "accessors", "animations"}) reduced.erase(key);
  // check_gltf_json has made sure these are arrays of objects.
  const auto drop_from_each = [&reduced](const char* array, const char* key) {
    const auto it = reduced.find(array);
    if (it == reduced.end() || !it->is_array()) return;
    for (nlohmann::json& element : *it)
      if (element.is_object()) element.erase(key);
  };
  drop_from_each("nodes", "mesh");
  drop_from_each("skins", "inverseBindMatrices");
  drop_from_each("bufferViews", "byteStride");
  return reduced.dump();
}

void skinned_meshes_from_model(const tinygltf::Model& model, const Skeleton& skeleton,
                               std::vector<SkinnedMesh>& meshes,
                               std::vector<std::string>& warnings) {
  std::vector<int> joint_of_node(model.nodes.size(), -1);
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const int node = skeleton.source_node[static_cast<std::size_t>(j)];
    if (node >= 0 && static_cast<std::size_t>(node) < joint_of_node.size())
      joint_of_node[static_cast<std::size_t>(node)] = j;
  }
  std::size_t total_vertices = 0, total_indices = 0;
  for (std::size_t i = 0; i < meshes.size(); ++i) {
    total_vertices += meshes[i].positions.size();
    total_indices += meshes[i].indices.size();
  }

  for (std::size_t node_index = 0; node_index < model.nodes.size(); ++node_index) {
    const tinygltf::Node& node = model.nodes[node_index];
    if (node.mesh < 0 || node.skin < 0) continue;  // unskinned meshes are not drawn
    const std::string label = node_label(node_index, model.nodes[node_index].name);
    const auto mesh_index = static_cast<std::size_t>(node.mesh);
    const auto skin_index = static_cast<std::size_t>(node.skin);
    if (mesh_index >= model.meshes.size() || skin_index >= model.skins.size()) {
      warnings.push_back(label + ": its " + (mesh_index >= model.meshes.size() ? "mesh" : "skin") +
                         " index is out of range; the skinned mesh is not drawn");
      continue;
    }
    const tinygltf::Mesh& gltf_mesh = model.meshes[mesh_index];
    const std::string mesh_label = label + ", mesh " + std::to_string(mesh_index);
    try {
      SkinBinding binding;
      std::string problem;
      if (!bind_skin(model, model.skins[skin_index], joint_of_node, binding, problem)) {
        warnings.push_back(label + ", skin " + std::to_string(skin_index) + ": " + problem +
                           "; the skinned mesh is not drawn");
        continue;
      }
      SkinnedMesh mesh;
      mesh.name = !gltf_mesh.name.empty() ? gltf_mesh.name
                  : !node.name.empty()    ? node.name
                                          : "mesh " + std::to_string(mesh_index);
      mesh.node = static_cast<int>(node_index);
      mesh.skin = static_cast<int>(skin_index);
      std::size_t unweighted = 0;
      for (std::size_t p = 0; p < gltf_mesh.primitives.size(); ++p) {
        const std::string where = mesh_label + ", primitive " + std::to_string(p);
        Part part;
        if (!read_primitive(model, gltf_mesh.primitives[p], binding.skeleton_joint.size(), part,
                            problem)) {
          warnings.push_back(where + " is not drawn: " + problem);
          continue;
        }
        if (part.positions.size() > kMaxSkinnedVertices - total_vertices ||
            part.indices.size() > kMaxSkinnedIndices - total_indices) {
          warnings.push_back(where + " is not drawn: the skinned meshes would pass " +
                             std::to_string(kMaxSkinnedVertices) + " vertices or " +
                             std::to_string(kMaxSkinnedIndices) + " indices");
          continue;
        }
        total_vertices += part.positions.size();
        total_indices += part.indices.size();
        unweighted += part.unweighted;
        append(part, mesh);
      }
      if (mesh.positions.empty()) continue;  // every primitive was skipped, with a warning
      if (unweighted > 0)
        warnings.push_back(mesh_label + ": " + std::to_string(unweighted) +
                           " vertices have no joint weight; bound to the skin's first joint");
      mesh.skeleton_joint = std::move(binding.skeleton_joint);
      mesh.inverse_bind = std::move(binding.inverse_bind);
      meshes.push_back(std::move(mesh));
    } catch (const std::bad_alloc&) {
      warnings.push_back(mesh_label + " is not drawn: out of memory");
    }
  }
}

}  // namespace ik
