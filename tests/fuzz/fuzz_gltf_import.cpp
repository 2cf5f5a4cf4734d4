// libFuzzer target over the glTF importer (ik::import_gltf_memory).
//
// Each input is a whole file, exactly as it would be on disk, so any file (a seed, a
// crash artifact, a user's broken .glb) is a reproducer as it stands:
//   * it is imported as "fuzz.gltf": JSON, or the .glb path when it starts with the
//     "glTF" magic;
//   * unless it starts with the magic, it is imported a second time as "fuzz.glb", so
//     the .glb header and chunk checks see arbitrary bytes too.
// External buffers (uri "x.bin") are looked up in IKSCOPE_FUZZ_BASE_DIR (the fuzz run
// copies the samples' .bin files there); without it, in a folder that does not exist.
//
// Besides crashes, leaks, ASan and UBSan reports, the importer's contract is checked
// (a violation aborts, so libFuzzer keeps the input):
//   * failure: `error` is one line starting "<name>: ", and the caller's rig is untouched;
//   * success: the skeleton keeps its invariants (parents first, subtrees contiguous,
//     finite rest transforms with non-zero scale), the bounds are finite and ordered,
//     every warning is one line, and every skinned mesh is consistent (skinned_mesh.h:
//     per-vertex arrays of one length, indices in range and whole triangles, skin joints
//     that are skeleton joints, weights non-negative summing to 1, unit normals).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <glm/glm.hpp>
#include <string>

#include "app/import/gltf_import.h"

namespace {

std::string g_base_dir = "/nonexistent-ikscope-fuzz-base-dir";

void contract_violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "importer contract violated: %s\n%s\n", what, detail.c_str());
  std::abort();
}

bool is_one_line(const std::string& text) {
  return !text.empty() && text.find('\n') == std::string::npos &&
         text.find('\r') == std::string::npos;
}

bool finite3(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

void check_skeleton(const ik::Skeleton& s) {
  const int n = s.joint_count();
  if (n <= 0) contract_violated("a loaded rig has no joints", "");
  const size_t count = static_cast<size_t>(n);
  if (s.subtree_end.size() != count || s.rest.size() != count || s.name.size() != count ||
      s.is_added_tip.size() != count || s.limits.size() != count ||
      s.source_node.size() != count || s.raw_index.size() != count)
    contract_violated("skeleton arrays differ in size", "");
  for (int i = 0; i < n; ++i) {
    const int p = s.parent[static_cast<size_t>(i)];
    if (p >= i || p < -1) contract_violated("parent does not come first", std::to_string(i));
    const int end = s.subtree_end[static_cast<size_t>(i)];
    if (end <= i || end > n) contract_violated("subtree end out of range", std::to_string(i));
    // DFS order: a child's subtree lies inside its parent's.
    if (p >= 0 && end > s.subtree_end[static_cast<size_t>(p)])
      contract_violated("subtree not nested in its parent's", std::to_string(i));
    const ik::Transform& rest = s.rest[static_cast<size_t>(i)];
    if (!finite3(rest.translation) || !finite3(rest.scale) || !std::isfinite(rest.rotation.w) ||
        !std::isfinite(rest.rotation.x) || !std::isfinite(rest.rotation.y) ||
        !std::isfinite(rest.rotation.z))
      contract_violated("non-finite rest transform", std::to_string(i));
    if (rest.scale.x == 0.0f || rest.scale.y == 0.0f || rest.scale.z == 0.0f)
      contract_violated("zero rest scale", std::to_string(i));
  }
}

void check_mesh(const ik::SkinnedMesh& m, int joint_count) {
  const size_t vertices = m.positions.size();
  const std::string name = "mesh '" + m.name + "'";
  if (m.normals.size() != vertices || m.joints.size() != vertices || m.weights.size() != vertices)
    contract_violated("per-vertex arrays differ in length", name);
  if (m.indices.size() % 3 != 0) contract_violated("indices are not whole triangles", name);
  for (std::uint32_t index : m.indices)
    if (index >= vertices) contract_violated("vertex index out of range", name);
  if (m.inverse_bind.size() != m.skeleton_joint.size())
    contract_violated("one inverse bind matrix per skin joint expected", name);
  for (int joint : m.skeleton_joint)
    if (joint < 0 || joint >= joint_count) contract_violated("skin joint is not a skeleton joint", name);
  for (size_t v = 0; v < vertices; ++v) {
    const glm::vec4& w = m.weights[v];
    for (int k = 0; k < 4; ++k) {
      if (!std::isfinite(w[k]) || w[k] < 0.0f) contract_violated("weight negative or not finite", name);
      // Skinning reads all four joints' matrices (render/skinning.cpp), weighted or not.
      if (m.joints[v][k] >= m.skeleton_joint.size())
        contract_violated("joint index past the skin's joints", name);
    }
    if (std::fabs(w.x + w.y + w.z + w.w - 1.0f) > 1e-3f)
      contract_violated("weights do not sum to 1", name + ", vertex " + std::to_string(v));
    const float normal_length = glm::length(m.normals[v]);
    if (!(std::fabs(normal_length - 1.0f) <= 1e-3f))
      contract_violated("normal not of unit length",
                        name + ", vertex " + std::to_string(v) + ", length " +
                            std::to_string(normal_length));
  }
}

void import_and_check(const uint8_t* data, size_t size, const std::string& name) {
  ik::ImportedRig rig;
  rig.path = "untouched";
  std::string error;
  const bool ok = ik::import_gltf_memory(data, size, name, g_base_dir, rig, error);
  if (!ok) {
    if (!is_one_line(error) || error.rfind(name + ": ", 0) != 0)
      contract_violated("error is not one line \"<name>: <problem>\"", error);
    if (rig.path != "untouched" || rig.skeleton.joint_count() != 0 || !rig.warnings.empty() ||
        !rig.meshes.empty())
      contract_violated("a failed import changed the caller's rig", error);
    return;
  }
  if (rig.path != name) contract_violated("rig.path is not the name given", rig.path);
  check_skeleton(rig.skeleton);
  if (!finite3(rig.bounds_min) || !finite3(rig.bounds_max) ||
      rig.bounds_min.x > rig.bounds_max.x || rig.bounds_min.y > rig.bounds_max.y ||
      rig.bounds_min.z > rig.bounds_max.z)
    contract_violated("bounds not finite and ordered", "");
  for (const std::string& warning : rig.warnings)
    if (!is_one_line(warning)) contract_violated("warning is not one line", warning);
  for (const ik::SkinnedMesh& mesh : rig.meshes) check_mesh(mesh, rig.skeleton.joint_count());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("IKSCOPE_FUZZ_BASE_DIR")) g_base_dir = dir;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  import_and_check(data, size, "fuzz.gltf");
  const bool has_magic = size >= 4 && std::memcmp(data, "glTF", 4) == 0;
  if (!has_magic) import_and_check(data, size, "fuzz.glb");
  return 0;
}
