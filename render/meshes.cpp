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

}  // namespace render
