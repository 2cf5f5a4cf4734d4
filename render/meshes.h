// The two meshes every skeleton is drawn with, built once on the CPU (no GL here).
//
// Both are triangle lists in "mesh space"; the renderer draws one instance per bone or
// joint with a matrix that places mesh space in model space (see bone_instances.h).
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

// A unit sphere (radius 1, centred at the origin) as an indexed triangle list; a
// vertex's position is also its outward normal. `rings` >= 2 latitude bands, `segments`
// >= 3 longitude slices; counter-clockwise seen from outside.
struct SphereMesh {
  std::vector<glm::vec3> positions;
  std::vector<std::uint16_t> indices;
};
SphereMesh unit_sphere(int rings, int segments);

}  // namespace render
