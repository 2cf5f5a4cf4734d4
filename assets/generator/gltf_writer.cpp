#include "assets/generator/gltf_writer.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "assets/generator/bone_mesh.h"
#include "io/gltf/base64.h"
#include "io/json/json_output.h"

namespace rigs {
namespace {

using Json = nlohmann::ordered_json;  // keeps keys in the order written: "asset" first

// glTF enums.
constexpr int kFloat = 5126;
constexpr int kUnsignedByte = 5121;
constexpr int kUnsignedShort = 5123;
constexpr int kUnsignedInt = 5125;
constexpr int kArrayBuffer = 34962;
constexpr int kElementArrayBuffer = 34963;
constexpr int kTriangles = 4;

// The binary data is written straight from GLM types: they must be tightly packed floats
// (and the machine little-endian, as glTF's buffers are; x86 and ARM Linux are).
static_assert(sizeof(glm::vec3) == 12 && sizeof(glm::vec4) == 16 && sizeof(glm::mat4) == 64,
              "GLM types are not tightly packed");

// The shortest decimal that reads back as exactly `value` (io/json/json_output.h, the printer the
// program's files use), with -0.0 written as 0: "0.44" rather than "0.4399999976158142".
double short_number(float value) { return ik::json_float(value) + 0.0; }

Json short_array(const glm::vec3& v) { return Json::array({short_number(v.x), short_number(v.y), short_number(v.z)}); }

// The float's exact value as a double, for accessor min/max, which the glTF validator
// compares with the binary data exactly.
Json exact_array(const glm::vec3& v) {
  return Json::array({static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)});
}

// The binary buffer with its buffer views and accessors, built up side by side.
class BufferBuilder {
 public:
  // Appends `count` elements of `byte_size` bytes each and one buffer view for them (views
  // start on 4-byte boundaries, as vertex attributes require). Returns the view index.
  int add_view(const void* data, size_t count, size_t byte_size, int target) {
    while (bytes_.size() % 4 != 0) bytes_.push_back(0);
    const size_t offset = bytes_.size();
    const auto* p = static_cast<const std::uint8_t*>(data);
    bytes_.insert(bytes_.end(), p, p + count * byte_size);
    Json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", count * byte_size}};
    if (target != 0) view["target"] = target;
    views_.push_back(view);
    return static_cast<int>(views_.size()) - 1;
  }

  int add_accessor(int view, int component_type, size_t count, const char* type) {
    accessors_.push_back({{"bufferView", view}, {"componentType", component_type}, {"count", count}, {"type", type}});
    return static_cast<int>(accessors_.size()) - 1;
  }

  Json& accessor(int index) { return accessors_[static_cast<size_t>(index)]; }
  const Json& accessors() const { return accessors_; }
  const Json& views() const { return views_; }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
  Json views_ = Json::array();
  Json accessors_ = Json::array();
};

// Two-space indented JSON like Json::dump(2), except that an array holding no object or
// array stays on one line: "translation": [0.0, 0.11, 0.0] instead of five lines.
void write_json(const Json& value, int indent, std::string& out) {
  const std::string inner(static_cast<size_t>(indent + 2), ' ');
  const std::string outer(static_cast<size_t>(indent), ' ');
  if (value.is_object() && !value.empty()) {
    out += "{\n";
    size_t k = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++k) {
      out += inner + Json(it.key()).dump() + ": ";
      write_json(it.value(), indent + 2, out);
      out += k + 1 < value.size() ? ",\n" : "\n";
    }
    out += outer + "}";
    return;
  }
  if (value.is_array() && !value.empty()) {
    bool flat = true;
    for (const Json& e : value) flat = flat && !e.is_structured();
    out += flat ? "[" : "[\n";
    for (size_t k = 0; k < value.size(); ++k) {
      if (!flat) out += inner;
      write_json(value[k], indent + 2, out);
      if (k + 1 < value.size()) out += flat ? ", " : ",\n";
    }
    out += flat ? "]" : "\n" + outer + "]";
    return;
  }
  out += value.dump();
}

Json limits_extras(const RigLimits& l) {
  Json ikscope;
  if (l.kind == RigLimits::Kind::hinge) {
    ikscope["hinge_axis"] = short_array(l.hinge_axis);
    ikscope["min_deg"] = short_number(l.min_deg);
    ikscope["max_deg"] = short_number(l.max_deg);
  } else {
    ikscope["min_deg"] = short_array(l.ball_min_deg);
    ikscope["max_deg"] = short_array(l.ball_max_deg);
  }
  return Json{{"ikscope", ikscope}};
}

Json joint_node(const Rig& rig, size_t i) {
  const RigJoint& j = rig.joints[i];
  Json node;
  node["name"] = j.name;
  Json children = Json::array();
  for (size_t c = i + 1; c < rig.joints.size(); ++c)
    if (rig.joints[c].parent == static_cast<int>(i)) children.push_back(c);
  if (!children.empty()) node["children"] = children;
  if (j.rest.translation != glm::vec3(0.0f)) node["translation"] = short_array(j.rest.translation);
  const glm::quat& q = j.rest.rotation;
  if (q != glm::quat(1.0f, 0.0f, 0.0f, 0.0f))  // glTF order: x, y, z, w
    node["rotation"] = Json::array({short_number(q.x), short_number(q.y), short_number(q.z), short_number(q.w)});
  if (j.limits.kind != RigLimits::Kind::none) node["extras"] = limits_extras(j.limits);
  return node;
}

}  // namespace

std::string gltf_text(const Rig& rig) {
  // Model space in metres: the joints' rest matrices under the armature's scale.
  const glm::mat4 armature = glm::scale(glm::mat4(1.0f), glm::vec3(rig.unit_scale));
  std::vector<glm::mat4> world = world_rest_matrices(rig);
  for (glm::mat4& m : world) m = armature * m;
  const SkinnedMesh mesh = make_bone_mesh(rig, world);
  const size_t joint_count = rig.joints.size();
  const size_t vertex_count = mesh.positions.size();

  BufferBuilder buffer;
  // POSITION, with the min/max the specification requires.
  glm::vec3 lo = mesh.positions.front(), hi = mesh.positions.front();
  for (const glm::vec3& p : mesh.positions) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  const int position = buffer.add_accessor(
      buffer.add_view(mesh.positions.data(), vertex_count, sizeof(glm::vec3), kArrayBuffer), kFloat, vertex_count,
      "VEC3");
  buffer.accessor(position)["min"] = exact_array(lo);
  buffer.accessor(position)["max"] = exact_array(hi);
  const int normal = buffer.add_accessor(
      buffer.add_view(mesh.normals.data(), vertex_count, sizeof(glm::vec3), kArrayBuffer), kFloat, vertex_count,
      "VEC3");

  // JOINTS_0: unsigned bytes while the joint indices fit, else unsigned shorts.
  int joints = -1;
  if (joint_count <= 256) {
    std::vector<std::array<std::uint8_t, 4>> small;
    for (const auto& j : mesh.joints)
      small.push_back({static_cast<std::uint8_t>(j[0]), static_cast<std::uint8_t>(j[1]),
                       static_cast<std::uint8_t>(j[2]), static_cast<std::uint8_t>(j[3])});
    joints = buffer.add_accessor(buffer.add_view(small.data(), vertex_count, 4, kArrayBuffer), kUnsignedByte,
                                 vertex_count, "VEC4");
  } else {
    joints = buffer.add_accessor(buffer.add_view(mesh.joints.data(), vertex_count, 8, kArrayBuffer),
                                 kUnsignedShort, vertex_count, "VEC4");
  }
  const int weights = buffer.add_accessor(
      buffer.add_view(mesh.weights.data(), vertex_count, sizeof(glm::vec4), kArrayBuffer),
      kFloat, vertex_count, "VEC4");

  // Indices: unsigned shorts while the vertex indices fit.
  int indices = -1;
  if (vertex_count <= 65535) {
    std::vector<std::uint16_t> small(mesh.indices.begin(), mesh.indices.end());
    indices = buffer.add_accessor(buffer.add_view(small.data(), small.size(), 2, kElementArrayBuffer),
                                  kUnsignedShort, small.size(), "SCALAR");
  } else {
    indices = buffer.add_accessor(
        buffer.add_view(mesh.indices.data(), mesh.indices.size(), 4, kElementArrayBuffer), kUnsignedInt,
        mesh.indices.size(), "SCALAR");
  }

  // Inverse bind matrices: model space -> each joint's rest space. affineInverse keeps
  // the last row exactly (0, 0, 0, 1), which the validator checks.
  std::vector<glm::mat4> inverse_bind(joint_count);
  for (size_t i = 0; i < joint_count; ++i) inverse_bind[i] = glm::affineInverse(world[i]);
  const int ibm = buffer.add_accessor(buffer.add_view(inverse_bind.data(), joint_count, sizeof(glm::mat4), 0),
                                      kFloat, joint_count, "MAT4");

  Json doc;
  doc["asset"] = {{"version", "2.0"}, {"generator", "ikscope make_rigs"}};
  doc["scene"] = 0;

  Json nodes = Json::array();
  Json scene_nodes = Json::array();
  Json skin_joints = Json::array();
  Json root_joints = Json::array();
  for (size_t i = 0; i < joint_count; ++i) {
    nodes.push_back(joint_node(rig, i));
    skin_joints.push_back(i);
    if (rig.joints[i].parent < 0) root_joints.push_back(i);
  }
  const Json skeleton_root = root_joints[0];
  if (rig.unit_scale == 1.0f) {
    scene_nodes = root_joints;
  } else {
    nodes.push_back({{"name", "Armature"}, {"children", root_joints}, {"scale", short_array(glm::vec3(rig.unit_scale))}});
    scene_nodes.push_back(nodes.size() - 1);
  }
  // The skinned mesh's node sits at the scene root with no transform, as the
  // specification asks: skinned vertices are placed by the joints alone.
  nodes.push_back({{"name", rig.name + "_mesh"}, {"mesh", 0}, {"skin", 0}});
  scene_nodes.push_back(nodes.size() - 1);

  doc["scenes"] = Json::array({{{"name", rig.name}, {"nodes", scene_nodes}}});
  doc["nodes"] = nodes;
  doc["skins"] = Json::array(
      {{{"name", rig.name}, {"inverseBindMatrices", ibm}, {"skeleton", skeleton_root}, {"joints", skin_joints}}});
  Json attributes = {{"POSITION", position}, {"NORMAL", normal}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}};
  doc["meshes"] = Json::array(
      {{{"name", rig.name},
        {"primitives", Json::array({{{"attributes", attributes}, {"indices", indices}, {"material", 0}, {"mode", kTriangles}}})}}});
  const Json base_color = {short_number(rig.color.r), short_number(rig.color.g), short_number(rig.color.b), 1.0};
  doc["materials"] = Json::array(
      {{{"name", rig.name},
        {"pbrMetallicRoughness", {{"baseColorFactor", base_color}, {"metallicFactor", 0.0}, {"roughnessFactor", 0.7}}}}});
  doc["accessors"] = buffer.accessors();
  doc["bufferViews"] = buffer.views();
  doc["buffers"] = Json::array(
      {{{"byteLength", buffer.bytes().size()},
        {"uri", "data:application/octet-stream;base64," +
                    ik::base64_encode(std::string(buffer.bytes().begin(), buffer.bytes().end()))}}});
  std::string text;
  write_json(doc, 0, text);
  return text + "\n";
}

}  // namespace rigs
