// A ground read from a glTF file (gltf_ground.h): the scene's nodes walked with their
// transforms, each triangle primitive's corners read through the checked accessors.
#include "io/gltf/gltf_ground.h"

#include <filesystem>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <memory>
#include <new>
#include <vector>

#include "io/files/file_paths.h"
#include "io/gltf/gltf_accessor.h"
#include "io/gltf/gltf_model_load.h"
#include "solvers/anim/ground_mesh.h"

namespace ik {
namespace {

constexpr int kMaxNodeDepth = 1024;

glm::dmat4 node_local(const tinygltf::Node& node) {
  if (node.matrix.size() == 16) return glm::make_mat4(node.matrix.data());
  glm::dmat4 m(1.0);
  if (node.translation.size() == 3) m = glm::translate(m, glm::make_vec3(node.translation.data()));
  if (node.rotation.size() == 4)
    m *= glm::mat4_cast(
        glm::normalize(glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2])));
  if (node.scale.size() == 3) m = glm::scale(m, glm::make_vec3(node.scale.data()));
  return m;
}

struct Reader {
  const tinygltf::Model& model;
  std::vector<glm::vec3> corners;
  std::vector<char> visited;
  std::string problem;

  // One primitive's triangles, moved by `world`.
  bool add_primitive(const tinygltf::Primitive& primitive, const glm::dmat4& world, const std::string& where) {
    if (primitive.mode != -1 && primitive.mode != TINYGLTF_MODE_TRIANGLES) return true;  // not triangles
    const auto position = primitive.attributes.find("POSITION");
    if (position == primitive.attributes.end()) return true;
    AccessorSpan points;
    if (!locate(model, position->second, TINYGLTF_TYPE_VEC3, {TINYGLTF_COMPONENT_TYPE_FLOAT}, points, problem)) {
      problem = where + ": POSITION: " + problem;
      return false;
    }
    std::vector<std::size_t> order;
    if (primitive.indices < 0) {
      for (std::size_t i = 0; i + 2 < points.count; i += 3) order.insert(order.end(), {i, i + 1, i + 2});
    } else {
      AccessorSpan indices;
      if (!locate(model, primitive.indices, TINYGLTF_TYPE_SCALAR,
                  {TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                   TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT},
                  indices, problem)) {
        problem = where + ": indices: " + problem;
        return false;
      }
      for (std::size_t i = 0; i + 2 < indices.count; ++i) {
        if (i % 3 != 0) continue;
        for (std::size_t k = 0; k < 3; ++k) {
          const double index = raw_component(indices, i + k, 0);
          if (index >= static_cast<double>(points.count)) {
            problem = where + ": index " + std::to_string(i + k) + " is " +
                      std::to_string(static_cast<long long>(index)) + ", but there are " +
                      std::to_string(points.count) + " vertices";
            return false;
          }
          order.push_back(static_cast<std::size_t>(index));
        }
      }
    }
    if (corners.size() / 3 + order.size() / 3 > kMaxGroundTriangles) {
      problem = "has more than " + std::to_string(kMaxGroundTriangles) + " triangles";
      return false;
    }
    for (std::size_t i : order) {
      const glm::dvec4 p(float_component(points, i, 0), float_component(points, i, 1), float_component(points, i, 2),
                         1.0);
      corners.push_back(glm::vec3(world * p));
    }
    return true;
  }

  bool add_node(int index, const glm::dmat4& parent, int depth) {
    if (index < 0 || index >= static_cast<int>(model.nodes.size()) || visited[static_cast<size_t>(index)]) return true;
    if (depth > kMaxNodeDepth) {
      problem = "nodes nest deeper than " + std::to_string(kMaxNodeDepth);
      return false;
    }
    visited[static_cast<size_t>(index)] = 1;
    const tinygltf::Node& node = model.nodes[static_cast<size_t>(index)];
    const glm::dmat4 world = parent * node_local(node);
    if (node.mesh >= 0 && node.mesh < static_cast<int>(model.meshes.size())) {
      const tinygltf::Mesh& mesh = model.meshes[static_cast<size_t>(node.mesh)];
      for (size_t p = 0; p < mesh.primitives.size(); ++p)
        if (!add_primitive(mesh.primitives[p], world,
                           "mesh " + std::to_string(node.mesh) + " primitive " + std::to_string(p)))
          return false;
    }
    for (int child : node.children)
      if (!add_node(child, world, depth + 1)) return false;
    return true;
  }
};

bool read_model(const tinygltf::Model& model, const std::string& source, Ground& out, std::string& problem) {
  Reader reader{model, {}, std::vector<char>(model.nodes.size(), 0), {}};
  std::vector<int> roots;
  const int scene = model.defaultScene >= 0 ? model.defaultScene : model.scenes.empty() ? -1 : 0;
  if (scene >= 0 && scene < static_cast<int>(model.scenes.size())) {
    roots = model.scenes[static_cast<size_t>(scene)].nodes;
  } else {  // no scene: every node no other node holds
    std::vector<char> child(model.nodes.size(), 0);
    for (const tinygltf::Node& n : model.nodes)
      for (int c : n.children)
        if (c >= 0 && c < static_cast<int>(child.size())) child[static_cast<size_t>(c)] = 1;
    for (size_t i = 0; i < child.size(); ++i)
      if (!child[i]) roots.push_back(static_cast<int>(i));
  }
  for (int root : roots)
    if (!reader.add_node(root, glm::dmat4(1.0), 0)) {
      problem = reader.problem;
      return false;
    }
  auto mesh = std::make_shared<GroundMesh>();
  if (!build_ground_mesh(reader.corners, *mesh, problem)) return false;
  Ground ground;
  ground.kind = GroundKind::mesh;
  ground.mesh = std::move(mesh);
  ground.source = source;
  out = std::move(ground);
  return true;
}

}  // namespace

bool read_ground_memory(const unsigned char* data, std::size_t size, const std::string& name,
                        const std::string& base_dir, Ground& out, std::string& error) {
  std::string problem;
  bool ok = false;
  try {
    tinygltf::Model model;
    nlohmann::json doc;
    std::vector<std::string> warnings;
    ok = load_gltf_model(data, size, name, base_dir, model, doc, warnings, problem) &&
         read_model(model, name, out, problem);
  } catch (const std::bad_alloc&) {
    problem = "out of memory";
  } catch (const std::exception& e) {
    problem = std::string("could not be read (") + e.what() + ")";
  }
  if (!ok) error = gltf_error_line(name, "not a ground: " + problem);
  return ok;
}

bool read_ground_file(const std::string& path, Ground& out, std::string& error) {
  std::vector<unsigned char> bytes;
  std::string problem;
  if (!read_gltf_bytes(path, bytes, problem)) {
    error = gltf_error_line(path, problem);
    return false;
  }
  const std::string absolute = absolute_path(path);
  return read_ground_memory(bytes.data(), bytes.size(), absolute,
                            std::filesystem::path(absolute).parent_path().string(), out, error);
}

bool read_ground_spec(const std::string& spec, Ground& out, std::string& error) {
  return is_ground_file(spec) ? read_ground_file(spec, out, error) : parse_ground(spec, out, error);
}

}  // namespace ik
