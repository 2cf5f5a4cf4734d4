#include "render/meshes.h"

#include <algorithm>
#include <cmath>

namespace render {

std::vector<BoneVertex> octahedron_bone() {
  const glm::vec3 head(0.0f, 0.0f, 0.0f);
  const glm::vec3 tail(0.0f, 1.0f, 0.0f);
  // The waist corners in counter-clockwise order seen from the tail (looking down -Y):
  // +X, -Z, -X, +Z.
  const glm::vec3 waist[4] = {{1.0f, kBoneWaist, 0.0f},
                              {0.0f, kBoneWaist, -1.0f},
                              {-1.0f, kBoneWaist, 0.0f},
                              {0.0f, kBoneWaist, 1.0f}};
  const glm::vec3 corner_a(1.0f, 0.0f, 0.0f);
  const glm::vec3 corner_b(0.0f, 1.0f, 0.0f);
  const glm::vec3 corner_c(0.0f, 0.0f, 1.0f);
  std::vector<BoneVertex> vertices;
  vertices.reserve(24);
  for (int i = 0; i < 4; ++i) {
    const glm::vec3& w0 = waist[i];
    const glm::vec3& w1 = waist[(i + 1) % 4];
    // Upper face (towards the tail): tail, w0, w1 is counter-clockwise seen from
    // outside (its normal (w0 - tail) x (w1 - tail) points away from the bone's axis).
    vertices.push_back({tail, corner_a});
    vertices.push_back({w0, corner_b});
    vertices.push_back({w1, corner_c});
    // Lower face (towards the head): the opposite turn.
    vertices.push_back({head, corner_a});
    vertices.push_back({w1, corner_b});
    vertices.push_back({w0, corner_c});
  }
  return vertices;
}

SphereMesh unit_sphere(int rings, int segments) {
  rings = std::max(rings, 2);
  segments = std::max(segments, 3);
  SphereMesh mesh;
  constexpr float kPi = 3.14159265f;
  // Vertex (ring r, segment s): polar angle pi * r / rings from +Y, azimuth
  // 2 pi * s / segments; the seam repeats segment 0 so every quad has its own corners.
  for (int r = 0; r <= rings; ++r) {
    const float polar = kPi * static_cast<float>(r) / static_cast<float>(rings);
    for (int s = 0; s <= segments; ++s) {
      const float azimuth = 2.0f * kPi * static_cast<float>(s) / static_cast<float>(segments);
      mesh.positions.emplace_back(std::sin(polar) * std::cos(azimuth), std::cos(polar),
                                  -std::sin(polar) * std::sin(azimuth));
    }
  }
  const int row = segments + 1;
  for (int r = 0; r < rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      const auto top_left = static_cast<std::uint16_t>(r * row + s);
      const auto top_right = static_cast<std::uint16_t>(r * row + s + 1);
      const auto bottom_left = static_cast<std::uint16_t>((r + 1) * row + s);
      const auto bottom_right = static_cast<std::uint16_t>((r + 1) * row + s + 1);
      // Azimuth grows clockwise seen from +Y (the -sin above), so top_left, bottom_left,
      // bottom_right turns counter-clockwise seen from outside. The pole rows would give
      // degenerate triangles; skip them.
      if (r != 0) mesh.indices.insert(mesh.indices.end(), {top_left, bottom_left, top_right});
      if (r != rings - 1)
        mesh.indices.insert(mesh.indices.end(), {top_right, bottom_left, bottom_right});
    }
  }
  return mesh;
}

}  // namespace render
