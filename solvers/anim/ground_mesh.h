// A ground made of triangles (a glTF mesh: io/gltf/gltf_ground.h), as solvers/anim/ground.h
// uses it: the height of its top surface over a point of the horizontal plane, and the
// surface's normal there. Model space, +Y up.
//
// The triangles are bucketed in a uniform grid over their horizontal bounds (about
// two triangles per cell), so a height is the few triangles of one cell: a crowd of a
// thousand characters asks four thousand heights a frame. Where several triangles lie over
// a point (a bridge over a floor, both faces of a slab) the highest wins: the feet stand on
// top. Outside every triangle there is no mesh ground: the plane y = 0, as the flat ground.
#pragma once

#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace ik {

inline constexpr std::size_t kMaxGroundTriangles = 2000000;  // more is refused (memory, load time)

struct GroundMesh {
  std::vector<glm::vec3> corners;  // three per triangle
  glm::vec2 min{0.0f}, max{0.0f};  // horizontal bounds (x, z)
  int cells_x = 1, cells_z = 1;
  float cell_size = 1.0f;
  std::vector<int> cell_first;  // per cell, its first entry in cell_triangles; one more at the end
  std::vector<int> cell_triangles;
};

// The mesh of `corners` (three per triangle). False with `problem` ("has no triangles",
// "a corner is not a finite number", "has 3000000 triangles; at most 2000000") and `out`
// untouched when it cannot be a ground. Triangles seen edge on from above are kept out
// (they hold no point).
bool build_ground_mesh(const std::vector<glm::vec3>& corners, GroundMesh& out, std::string& problem);

// The top surface's height over (x, z), with `hit` set; 0 and `hit` false outside.
float ground_mesh_height(const GroundMesh& mesh, float x, float z, bool* hit = nullptr);

// The top triangle's unit normal over (x, z), facing up; +Y outside.
glm::vec3 ground_mesh_normal(const GroundMesh& mesh, float x, float z);

std::size_t ground_mesh_triangles(const GroundMesh& mesh);

}  // namespace ik
