// The glTF importer's contract (io/gltf/gltf_import.h, io/gltf/skinned_mesh.h) as
// the fuzz target (fuzz_gltf_import.cpp) and the regression test
// (tests/fuzz/test_fuzz_regressions.cpp) check it, one input at a time. Header only.
//
// An input is a whole file as it would be on disk. It is imported as "fuzz.gltf" (JSON,
// or the .glb path when it starts with the "glTF" magic) and, without the magic, a second
// time as "fuzz.glb", so the .glb header and chunk checks see arbitrary bytes too.
//
//   * failure: `error` is one line starting "<name>: ", and the caller's rig is untouched;
//   * success: the skeleton keeps its invariants (parents first, nested subtrees, finite
//     rest transforms with no zero scale, swing-twist cones with half angles in [0, 180]
//     degrees, ordered twist ranges and unit bone axes), the bounds are finite and ordered, every
//     warning is one line, and every skinned mesh is consistent (per-vertex arrays of one
//     length, indices in range and whole triangles, skin joints that are skeleton joints,
//     joint indices within the skin, weights finite, non-negative and summing to 1, unit
//     normals);
//   * read as a ground (ground_contract_violation): the same one-line error or a mesh of
//     finite heights and unit upward normals.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_ground.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/ground_mesh.h"

namespace fuzzcheck {

// The names an input is imported under.
inline std::vector<std::string> import_names(const std::uint8_t* data, std::size_t size) {
  const bool has_magic = size >= 4 && std::memcmp(data, "glTF", 4) == 0;
  if (has_magic) return {"fuzz.gltf"};
  return {"fuzz.gltf", "fuzz.glb"};
}

namespace detail {

inline bool is_one_line(const std::string& text) {
  return !text.empty() && text.find('\n') == std::string::npos && text.find('\r') == std::string::npos;
}

inline bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

inline std::string skeleton_problem(const ik::Skeleton& s) {
  const int n = s.joint_count();
  if (n <= 0) return "a loaded rig has no joints";
  const std::size_t count = static_cast<std::size_t>(n);
  if (s.subtree_end.size() != count || s.rest.size() != count || s.name.size() != count ||
      s.is_added_tip.size() != count || s.limits.size() != count || s.source_node.size() != count ||
      s.raw_index.size() != count)
    return "skeleton arrays differ in size";
  for (int i = 0; i < n; ++i) {
    const std::string joint = "joint " + std::to_string(i) + ": ";
    const int p = s.parent[static_cast<std::size_t>(i)];
    if (p >= i || p < -1) return joint + "its parent does not come first";
    const int end = s.subtree_end[static_cast<std::size_t>(i)];
    if (end <= i || end > n) return joint + "subtree end out of range";
    if (p >= 0 && end > s.subtree_end[static_cast<std::size_t>(p)]) return joint + "subtree not nested in its parent's";
    const ik::Transform& rest = s.rest[static_cast<std::size_t>(i)];
    if (!finite3(rest.translation) || !finite3(rest.scale) || !std::isfinite(rest.rotation.w) ||
        !std::isfinite(rest.rotation.x) || !std::isfinite(rest.rotation.y) || !std::isfinite(rest.rotation.z))
      return joint + "non-finite rest transform";
    if (rest.scale.x == 0.0f || rest.scale.y == 0.0f || rest.scale.z == 0.0f) return joint + "zero rest scale";
    const ik::JointLimits& limits = s.limits[static_cast<std::size_t>(i)];
    if (limits.enabled && limits.cone) {
      constexpr float kHalfTurn = 3.14159275f;  // pi rounded up: a 180 degree cone is allowed
      if (!(limits.swing.x >= 0.0f && limits.swing.x <= kHalfTurn && limits.swing.y >= 0.0f &&
            limits.swing.y <= kHalfTurn))
        return joint + "a cone half angle outside [0, 180] degrees";
      if (!(limits.twist_min <= limits.twist_max)) return joint + "a twist range with min > max";
      if (!finite3(limits.bone_axis) || !(std::fabs(glm::length(limits.bone_axis) - 1.0f) <= 1e-4f))
        return joint + "a cone bone axis that is not a unit vector";
      const glm::quat& m = limits.cone_middle;
      if (!(std::fabs(glm::dot(m, m) - 1.0f) <= 1e-4f)) return joint + "a cone middle that is not a unit quaternion";
    }
  }
  return "";
}

inline std::string mesh_problem(const ik::SkinnedMesh& m, int joint_count) {
  const std::size_t vertices = m.positions.size();
  const std::string mesh = "mesh '" + m.name + "': ";
  if (m.normals.size() != vertices || m.joints.size() != vertices || m.weights.size() != vertices)
    return mesh + "per-vertex arrays differ in length";
  if (m.indices.size() % 3 != 0) return mesh + "indices are not whole triangles";
  for (std::uint32_t index : m.indices)
    if (index >= vertices) return mesh + "vertex index out of range";
  if (m.inverse_bind.size() != m.skeleton_joint.size()) return mesh + "not one inverse bind matrix per skin joint";
  for (int joint : m.skeleton_joint)
    if (joint < 0 || joint >= joint_count) return mesh + "a skin joint is not a skeleton joint";
  for (std::size_t v = 0; v < vertices; ++v) {
    const std::string vertex = mesh + "vertex " + std::to_string(v) + ": ";
    const glm::vec4& w = m.weights[v];
    for (int k = 0; k < 4; ++k) {
      if (!std::isfinite(w[k]) || w[k] < 0.0f) return vertex + "weight negative or not finite";
      // Skinning reads all four joints' matrices (render/skinning.cpp), weighted or not.
      if (m.joints[v][k] >= m.skeleton_joint.size()) return vertex + "joint index past the skin";
    }
    const float sum = w.x + w.y + w.z + w.w;
    if (!(std::fabs(sum - 1.0f) <= 1e-3f)) return vertex + "weights sum to " + std::to_string(sum) + ", not 1";
    const float length = glm::length(m.normals[v]);
    if (!(std::fabs(length - 1.0f) <= 1e-3f)) return vertex + "normal of length " + std::to_string(length) + ", not 1";
  }
  return "";
}

// A clip the importer kept: every channel meets the sampling contract, the time range is
// ordered, and sampling at its ends, in the middle and outside gives a finite pose.
inline std::string clip_problem(const ik::Clip& clip, const ik::Skeleton& skeleton) {
  const std::string label = "clip '" + clip.name + "': ";
  if (clip.channels.empty()) return label + "kept with no channel";
  for (const ik::ClipChannel& c : clip.channels) {
    const std::string problem = ik::check_channel(c, skeleton.joint_count());
    if (!problem.empty()) return label + "kept a bad channel: " + problem;
  }
  for (const ik::JointFrame& f : clip.frames)
    if (f.joint < 0 || f.joint >= skeleton.joint_count()) return label + "joint frame out of range";
  if (!std::isfinite(clip.start) || !std::isfinite(clip.end) || clip.start > clip.end)
    return label + "time range not finite and ordered";
  ik::Pose pose = ik::rest_pose(skeleton);
  for (const float t : {clip.start - 1.0f, clip.start, 0.5f * (clip.start + clip.end), clip.end, clip.end + 1.0f}) {
    ik::sample_clip(clip, t, pose);
    for (const ik::Transform& local : pose.local)
      if (!finite3(local.translation) || !finite3(local.scale) || !std::isfinite(local.rotation.w) ||
          !std::isfinite(local.rotation.x) || !std::isfinite(local.rotation.y) || !std::isfinite(local.rotation.z))
        return label + "sampling gave a non-finite transform";
  }
  return "";
}

}  // namespace detail

// Imports the input as `name` (external files looked up in `base_dir`) and returns the
// first broken promise, or "" if the importer kept its contract.
inline std::string import_contract_violation(const std::uint8_t* data, std::size_t size, const std::string& name,
                                             const std::string& base_dir) {
  ik::ImportedRig rig;
  rig.path = "untouched";
  std::string error;
  if (!ik::import_gltf_memory(data, size, name, base_dir, rig, error)) {
    if (!detail::is_one_line(error) || error.rfind(name + ": ", 0) != 0)
      return "error is not one line \"" + name + ": <problem>\": " + error;
    if (rig.path != "untouched" || rig.skeleton.joint_count() != 0 || !rig.warnings.empty() || !rig.meshes.empty() ||
        !rig.clips.empty() || !rig.roles.empty())
      return "a failed import changed the caller's rig: " + error;
    return "";
  }
  if (rig.path != name) return "rig.path is '" + rig.path + "', not the name given";
  std::string problem = detail::skeleton_problem(rig.skeleton);
  if (!problem.empty()) return problem;
  if (!detail::finite3(rig.bounds_min) || !detail::finite3(rig.bounds_max) || rig.bounds_min.x > rig.bounds_max.x ||
      rig.bounds_min.y > rig.bounds_max.y || rig.bounds_min.z > rig.bounds_max.z)
    return "bounds not finite and ordered";
  for (const std::string& warning : rig.warnings)
    if (!detail::is_one_line(warning)) return "a warning is not one line: " + warning;
  for (const ik::SkinnedMesh& mesh : rig.meshes) {
    problem = detail::mesh_problem(mesh, rig.skeleton.joint_count());
    if (!problem.empty()) return problem;
  }
  for (const ik::Clip& clip : rig.clips) {
    problem = detail::clip_problem(clip, rig.skeleton);
    if (!problem.empty()) return problem;
  }
  // Every role in range and no single role held twice (solvers/rig/rig_roles.h).
  if (rig.roles.size() != static_cast<std::size_t>(rig.skeleton.joint_count())) return "not one role per joint";
  problem = ik::roles_problem(rig.skeleton, rig.roles);
  if (!problem.empty()) return "roles: " + problem;
  return "";
}

// The same file read as a ground (io/gltf/gltf_ground.h): an error is one line starting
// "<name>: " and leaves the caller's ground alone; a ground is a mesh with triangles whose
// heights are finite everywhere (sampled across its bounds and beyond) and whose normals
// are unit and face up.
inline std::string ground_contract_violation(const std::uint8_t* data, std::size_t size, const std::string& name,
                                             const std::string& base_dir) {
  ik::Ground ground{ik::GroundKind::ramp, 15.0f};
  std::string error;
  if (!ik::read_ground_memory(data, size, name, base_dir, ground, error)) {
    if (!detail::is_one_line(error) || error.rfind(name + ": ", 0) != 0)
      return "ground error is not one line \"" + name + ": <problem>\": " + error;
    if (ground.kind != ik::GroundKind::ramp || ground.mesh) return "a failed ground read changed the caller's ground";
    return "";
  }
  if (ground.kind != ik::GroundKind::mesh || !ground.mesh || ik::ground_mesh_triangles(*ground.mesh) == 0)
    return "a ground read without its triangles";
  const ik::GroundMesh& mesh = *ground.mesh;
  for (int i = -1; i <= 8; ++i)
    for (int k = -1; k <= 8; ++k) {
      const float x = mesh.min.x + (mesh.max.x - mesh.min.x) * static_cast<float>(i) / 7.0f;
      const float z = mesh.min.y + (mesh.max.y - mesh.min.y) * static_cast<float>(k) / 7.0f;
      const glm::vec3 n = ik::ground_normal(ground, x, z);
      if (!std::isfinite(ik::ground_height(ground, x, z)) || !detail::finite3(n) ||
          std::fabs(glm::length(n) - 1.0f) > 1e-3f || n.y < 0.0f)
        return "a ground height or normal that is not finite, unit and up";
    }
  return "";
}

// The BVH importer's contract (io/bvh/bvh_import.h), for fuzz_bvh_import.cpp: the same
// promises as the glTF importer's, where an error is "<name>:<line>: <problem>" or
// "<name>: <problem>", and a loaded rig has a path, notes that are one line each, and a
// clip whose channels keep the sampling contract. Read with the units guessed, and in
// centimetres with Z up (the options' other paths).
inline std::string bvh_contract_violation(const std::string& text, const std::string& name = "fuzz.bvh") {
  ik::BvhOptions z_up;
  z_up.units = ik::BvhUnits::centimetres;
  z_up.z_up = true;
  for (const ik::BvhOptions& options : {ik::BvhOptions{}, z_up}) {
    ik::ImportedRig rig;
    rig.path = "untouched";
    std::string error;
    if (!ik::import_bvh_text(text, name, options, rig, error)) {
      if (!detail::is_one_line(error) || error.rfind(name + ":", 0) != 0)
        return "error is not one line \"" + name + ":<line>: <problem>\": " + error;
      if (rig.path != "untouched" || rig.skeleton.joint_count() != 0 || !rig.clips.empty() || !rig.notes.empty())
        return "a failed import changed the caller's rig: " + error;
      continue;
    }
    if (rig.path != name) return "rig.path is '" + rig.path + "', not the name given";
    std::string problem = detail::skeleton_problem(rig.skeleton);
    if (!problem.empty()) return problem;
    if (!detail::finite3(rig.bounds_min) || !detail::finite3(rig.bounds_max)) return "bounds not finite";
    for (const std::string& line : rig.notes)
      if (!detail::is_one_line(line)) return "a note is not one line: " + line;
    for (const std::string& line : rig.warnings)
      if (!detail::is_one_line(line)) return "a warning is not one line: " + line;
    if (rig.clips.size() > 1) return "more than one clip";
    for (const ik::Clip& clip : rig.clips) {
      problem = detail::clip_problem(clip, rig.skeleton);
      if (!problem.empty()) return problem;
    }
    if (rig.roles.size() != static_cast<std::size_t>(rig.skeleton.joint_count())) return "not one role per joint";
    problem = ik::roles_problem(rig.skeleton, rig.roles);
    if (!problem.empty()) return "roles: " + problem;
  }
  return "";
}

}  // namespace fuzzcheck
