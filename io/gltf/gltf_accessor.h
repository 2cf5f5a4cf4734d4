// Reading glTF accessors safely: every index, type, component type and byte range is
// checked before a byte is read, because tinygltf hands them over unchecked. Used by the
// mesh reader (gltf_mesh.cpp) and the clip reader (gltf_clips.cpp).
#pragma once

#include <tiny_gltf.h>

#include <cstddef>
#include <initializer_list>
#include <string>

namespace ik {

// One accessor's elements, located and range-checked: component c of element i is the
// `component_bytes` bytes at data + i * stride + c * component_bytes.
struct AccessorSpan {
  const unsigned char* data = nullptr;
  std::size_t count = 0;
  std::size_t stride = 0;
  int component_type = 0;
  std::size_t component_bytes = 0;
  int components = 0;
  bool normalized = false;
};

// "accessor 7", for messages.
std::string accessor_label(int index);

// Locates accessor `index`, which must be of `type` (TINYGLTF_TYPE_*) with one of
// `component_types`, and checks that all its elements lie inside its bufferView and the
// bufferView inside its buffer's data. Sparse accessors are refused. On failure returns
// false and sets `problem` ("accessor 3 is VEC3, not VEC4").
bool locate(const tinygltf::Model& model, int index, int type, std::initializer_list<int> component_types,
            AccessorSpan& span, std::string& problem);

// Component c of element i as stored: integers as their value, not normalised.
double raw_component(const AccessorSpan& s, std::size_t i, int c);

// Component c of element i as a float, integers normalised when the accessor says so
// (glTF: unsigned n-bit x -> x / (2^n - 1); signed x -> max(x / (2^(n-1) - 1), -1)).
float float_component(const AccessorSpan& s, std::size_t i, int c);

}  // namespace ik
