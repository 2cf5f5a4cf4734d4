// The bone mesh every skeleton is drawn with, built once on the CPU (no GL here).
//
// A triangle list in "mesh space"; the renderer draws one instance per bone with a
// matrix that places mesh space in model space (see bone_instances.h). Joints need no
// mesh: each is an eye-facing square whose fragments ray-trace a sphere (shaders/joint.*).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

namespace render {

// Where the octahedral bone is widest, as a fraction of its length from the head, and
// its half-width there as a fraction of its length (Blender's octahedral bone: 0.1, 0.1).
constexpr float kBoneWaist = 0.1f;
constexpr float kBoneHalfWidth = 0.1f;

// One vertex of the octahedron. Each face has its own three vertices so the fragment
// shader can shade it flat and draw its edges: `barycentric` is (1,0,0), (0,1,0) or
// (0,0,1) at the face's corners, so min(barycentric) is 0 exactly on an edge.
struct BoneVertex {
  glm::vec3 position;
  glm::vec3 barycentric;
};

// The unit octahedral bone: head at the origin, tail at (0, 1, 0), and the four waist
// corners at (+-1, kBoneWaist, 0) and (0, kBoneWaist, +-1). 8 faces, 24 vertices,
// counter-clockwise seen from outside.
std::vector<BoneVertex> octahedron_bone();

}  // namespace render
