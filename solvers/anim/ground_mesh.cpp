// A ground of triangles (ground_mesh.h): the grid and the lookups.
#include "solvers/anim/ground_mesh.h"

#include <algorithm>
#include <cmath>

namespace ik {
namespace {

// The triangle's height over (x, z) when the point lies over it (barycentric in the
// horizontal plane, edges included), else false.
bool height_over(const glm::vec3* t, float x, float z, float& height) {
  const glm::vec2 a(t[0].x, t[0].z), b(t[1].x, t[1].z), c(t[2].x, t[2].z), p(x, z);
  const float area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
  if (area == 0.0f) return false;
  const float u = ((b.x - p.x) * (c.y - p.y) - (c.x - p.x) * (b.y - p.y)) / area;
  const float v = ((c.x - p.x) * (a.y - p.y) - (a.x - p.x) * (c.y - p.y)) / area;
  const float w = 1.0f - u - v;
  constexpr float kEdge = -1e-6f;  // a point on a shared edge belongs to both
  if (u < kEdge || v < kEdge || w < kEdge) return false;
  height = u * t[0].y + v * t[1].y + w * t[2].y;
  return true;
}

int cell_of(float value, float origin, float size, int cells) {
  const int c = static_cast<int>(std::floor((value - origin) / size));
  return std::clamp(c, 0, cells - 1);
}

// The highest triangle over (x, z), or -1.
int top_triangle(const GroundMesh& mesh, float x, float z, float& height) {
  if (!(x >= mesh.min.x && x <= mesh.max.x && z >= mesh.min.y && z <= mesh.max.y)) return -1;
  const int cx = cell_of(x, mesh.min.x, mesh.cell_size, mesh.cells_x);
  const int cz = cell_of(z, mesh.min.y, mesh.cell_size, mesh.cells_z);
  const size_t cell = static_cast<size_t>(cz) * static_cast<size_t>(mesh.cells_x) + static_cast<size_t>(cx);
  int top = -1;
  for (int k = mesh.cell_first[cell]; k < mesh.cell_first[cell + 1]; ++k) {
    const int t = mesh.cell_triangles[static_cast<size_t>(k)];
    float h = 0.0f;
    if (height_over(&mesh.corners[3 * static_cast<size_t>(t)], x, z, h) && (top < 0 || h > height)) {
      top = t;
      height = h;
    }
  }
  return top;
}

}  // namespace

bool build_ground_mesh(const std::vector<glm::vec3>& corners, GroundMesh& out, std::string& problem) {
  const size_t triangles = corners.size() / 3;
  if (triangles > kMaxGroundTriangles) {
    problem = "has " + std::to_string(triangles) + " triangles; at most " + std::to_string(kMaxGroundTriangles);
    return false;
  }
  GroundMesh mesh;
  mesh.min = glm::vec2(INFINITY);
  mesh.max = glm::vec2(-INFINITY);
  for (size_t t = 0; t < triangles; ++t) {
    const glm::vec3* c = &corners[3 * t];
    for (int k = 0; k < 3; ++k)
      if (!std::isfinite(c[k].x) || !std::isfinite(c[k].y) || !std::isfinite(c[k].z) || std::fabs(c[k].x) > 1e9f ||
          std::fabs(c[k].y) > 1e9f || std::fabs(c[k].z) > 1e9f) {
        problem = "a corner of triangle " + std::to_string(t + 1) + " is not a finite number (or is past 1e9)";
        return false;
      }
    const float area = (c[1].x - c[0].x) * (c[2].z - c[0].z) - (c[2].x - c[0].x) * (c[1].z - c[0].z);
    if (area == 0.0f) continue;  // a wall or a sliver: nothing stands on it
    mesh.corners.insert(mesh.corners.end(), c, c + 3);
    for (int k = 0; k < 3; ++k) {
      mesh.min = glm::min(mesh.min, glm::vec2(c[k].x, c[k].z));
      mesh.max = glm::max(mesh.max, glm::vec2(c[k].x, c[k].z));
    }
  }
  const size_t kept = mesh.corners.size() / 3;
  if (kept == 0) {
    problem = triangles == 0 ? "has no triangles" : "has no triangle that faces up or down (all are walls)";
    return false;
  }
  // About two triangles a cell, square cells, at most 2048 a side.
  const glm::vec2 extent = glm::max(mesh.max - mesh.min, glm::vec2(1e-6f));
  const float cells = std::max(1.0f, static_cast<float>(kept) / 2.0f);
  mesh.cell_size = std::max(std::sqrt(extent.x * extent.y / cells), std::max(extent.x, extent.y) / 2048.0f);
  mesh.cells_x = std::clamp(static_cast<int>(std::ceil(extent.x / mesh.cell_size)), 1, 2048);
  mesh.cells_z = std::clamp(static_cast<int>(std::ceil(extent.y / mesh.cell_size)), 1, 2048);
  const size_t cell_count = static_cast<size_t>(mesh.cells_x) * static_cast<size_t>(mesh.cells_z);
  // Each triangle in every cell its horizontal bounds touch: count, then fill.
  std::vector<int> count(cell_count + 1, 0);
  auto each_cell = [&](size_t t, auto&& visit) {
    const glm::vec3* c = &mesh.corners[3 * t];
    const float lo_x = std::min({c[0].x, c[1].x, c[2].x}), hi_x = std::max({c[0].x, c[1].x, c[2].x});
    const float lo_z = std::min({c[0].z, c[1].z, c[2].z}), hi_z = std::max({c[0].z, c[1].z, c[2].z});
    const int x0 = cell_of(lo_x, mesh.min.x, mesh.cell_size, mesh.cells_x);
    const int x1 = cell_of(hi_x, mesh.min.x, mesh.cell_size, mesh.cells_x);
    const int z0 = cell_of(lo_z, mesh.min.y, mesh.cell_size, mesh.cells_z);
    const int z1 = cell_of(hi_z, mesh.min.y, mesh.cell_size, mesh.cells_z);
    for (int z = z0; z <= z1; ++z)
      for (int x = x0; x <= x1; ++x)
        visit(static_cast<size_t>(z) * static_cast<size_t>(mesh.cells_x) + static_cast<size_t>(x));
  };
  for (size_t t = 0; t < kept; ++t) each_cell(t, [&](size_t cell) { ++count[cell + 1]; });
  for (size_t k = 1; k <= cell_count; ++k) count[k] += count[k - 1];
  mesh.cell_first = count;
  mesh.cell_triangles.assign(static_cast<size_t>(count[cell_count]), 0);
  for (size_t t = 0; t < kept; ++t)
    each_cell(t, [&](size_t cell) { mesh.cell_triangles[static_cast<size_t>(count[cell]++)] = static_cast<int>(t); });
  out = std::move(mesh);
  return true;
}

float ground_mesh_height(const GroundMesh& mesh, float x, float z, bool* hit) {
  float height = 0.0f;
  const bool over = top_triangle(mesh, x, z, height) >= 0;
  if (hit != nullptr) *hit = over;
  return over ? height : 0.0f;
}

glm::vec3 ground_mesh_normal(const GroundMesh& mesh, float x, float z) {
  float height = 0.0f;
  const int t = top_triangle(mesh, x, z, height);
  if (t < 0) return {0.0f, 1.0f, 0.0f};
  const glm::vec3* c = &mesh.corners[3 * static_cast<size_t>(t)];
  const glm::vec3 n = glm::normalize(glm::cross(c[1] - c[0], c[2] - c[0]));
  return n.y < 0.0f ? -n : n;
}

std::size_t ground_mesh_triangles(const GroundMesh& mesh) { return mesh.corners.size() / 3; }

}  // namespace ik
