#include "io/gltf/gltf_accessor.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace ik {
namespace {

std::size_t bytes_of_component(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return 4;
    default:
      return 0;  // INT and DOUBLE are not glTF 2.0 accessor types
  }
}

const char* component_type_name(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
      return "BYTE";
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return "UNSIGNED_BYTE";
    case TINYGLTF_COMPONENT_TYPE_SHORT:
      return "SHORT";
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return "UNSIGNED_SHORT";
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
      return "UNSIGNED_INT";
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return "FLOAT";
    default:
      return "an unknown component type";
  }
}

int components_of_type(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return 1;
    case TINYGLTF_TYPE_VEC2:
      return 2;
    case TINYGLTF_TYPE_VEC3:
      return 3;
    case TINYGLTF_TYPE_VEC4:
      return 4;
    case TINYGLTF_TYPE_MAT4:
      return 16;
    default:
      return 0;  // MAT2 and MAT3 (column padding rules) are never read here
  }
}

const char* type_name(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return "SCALAR";
    case TINYGLTF_TYPE_VEC2:
      return "VEC2";
    case TINYGLTF_TYPE_VEC3:
      return "VEC3";
    case TINYGLTF_TYPE_VEC4:
      return "VEC4";
    case TINYGLTF_TYPE_MAT2:
      return "MAT2";
    case TINYGLTF_TYPE_MAT3:
      return "MAT3";
    case TINYGLTF_TYPE_MAT4:
      return "MAT4";
    default:
      return "an unknown type";
  }
}

// glTF data is little-endian, as is every machine ikscope runs on; memcpy because the
// spec's alignment rules are not checked (and a misaligned load would be undefined).
template <typename T>
T load(const unsigned char* p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

}  // namespace

std::string accessor_label(int index) { return "accessor " + std::to_string(index); }

// Locates accessor `index`, which must be of `type` with one of `component_types`, and
// checks that all its elements lie inside its bufferView and the bufferView inside its
// buffer's data. On failure returns false and sets `problem`.
bool locate(const tinygltf::Model& model, int index, int type,
            std::initializer_list<int> component_types, AccessorSpan& span, std::string& problem) {
  if (index < 0 || static_cast<std::size_t>(index) >= model.accessors.size()) {
    problem = accessor_label(index) + " is out of range (the file has " +
              std::to_string(model.accessors.size()) + " accessors)";
    return false;
  }
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(index)];
  const std::string label = accessor_label(index);
  if (a.type != type) {
    problem = label + " is " + type_name(a.type) + ", not " + type_name(type);
    return false;
  }
  bool allowed = false;
  for (const int t : component_types) allowed = allowed || a.componentType == t;
  if (!allowed) {
    problem = label + " has components of type " + component_type_name(a.componentType) +
              ", which this attribute does not allow";
    return false;
  }
  if (a.sparse.isSparse) {
    problem = label + " is sparse, which ikscope does not read";
    return false;
  }
  if (a.bufferView < 0 || static_cast<std::size_t>(a.bufferView) >= model.bufferViews.size()) {
    problem = label + " has no valid bufferView";
    return false;
  }
  const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
  if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size()) {
    problem = "bufferView " + std::to_string(a.bufferView) + " has no valid buffer";
    return false;
  }
  const std::vector<unsigned char>& data =
      model.buffers[static_cast<std::size_t>(view.buffer)].data;
  if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset) {
    problem = "bufferView " + std::to_string(a.bufferView) + " runs past the end of the " +
              std::to_string(data.size()) + " bytes of buffer " + std::to_string(view.buffer);
    return false;
  }
  const int components = components_of_type(a.type);
  const std::size_t component_bytes = bytes_of_component(a.componentType);
  const std::size_t element_bytes = component_bytes * static_cast<std::size_t>(components);
  const std::size_t stride = view.byteStride == 0 ? element_bytes : view.byteStride;
  if (stride < element_bytes) {
    problem = "bufferView " + std::to_string(a.bufferView) + " has a byteStride of " +
              std::to_string(stride) + ", less than one element of " + label + " (" +
              std::to_string(element_bytes) + " bytes)";
    return false;
  }
  if (a.count == 0) {
    problem = label + " has no elements";
    return false;
  }
  // The last element ends at byteOffset + (count - 1) * stride + element_bytes, which must
  // not pass byteLength; written so that nothing can overflow.
  const std::size_t length = view.byteLength;
  if (a.byteOffset > length || element_bytes > length - a.byteOffset ||
      a.count - 1 > (length - a.byteOffset - element_bytes) / stride) {
    problem = label + ": " + std::to_string(a.count) + " elements from byte " +
              std::to_string(a.byteOffset) + " (stride " + std::to_string(stride) +
              ") run past the end of bufferView " + std::to_string(a.bufferView) + " (" +
              std::to_string(length) + " bytes)";
    return false;
  }
  span.data = data.data() + view.byteOffset + a.byteOffset;
  span.count = a.count;
  span.stride = stride;
  span.component_type = a.componentType;
  span.component_bytes = component_bytes;
  span.components = components;
  span.normalized = a.normalized;
  return true;
}

// Component c of element i as stored: integers as their value, not normalised.
double raw_component(const AccessorSpan& s, std::size_t i, int c) {
  const unsigned char* p = s.data + i * s.stride + static_cast<std::size_t>(c) * s.component_bytes;
  switch (s.component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
      return load<std::int8_t>(p);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return load<std::uint8_t>(p);
    case TINYGLTF_COMPONENT_TYPE_SHORT:
      return load<std::int16_t>(p);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return load<std::uint16_t>(p);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
      return load<std::uint32_t>(p);
    default:
      return load<float>(p);
  }
}

// Component c of element i as a float, integers normalised when the accessor says so
// (glTF: unsigned n-bit x -> x / (2^n - 1); signed x -> max(x / (2^(n-1) - 1), -1)).
float float_component(const AccessorSpan& s, std::size_t i, int c) {
  const double v = raw_component(s, i, c);
  if (!s.normalized) return static_cast<float>(v);
  switch (s.component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
      return static_cast<float>(std::max(v / 127.0, -1.0));
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return static_cast<float>(v / 255.0);
    case TINYGLTF_COMPONENT_TYPE_SHORT:
      return static_cast<float>(std::max(v / 32767.0, -1.0));
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return static_cast<float>(v / 65535.0);
    default:
      return static_cast<float>(v);
  }
}

}  // namespace ik
