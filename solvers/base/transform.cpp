#include "solvers/base/transform.h"

#include <cmath>

namespace ik {

glm::mat4 to_matrix(const Transform& t) {
  glm::mat4 m = glm::mat4_cast(t.rotation);
  m[0] *= t.scale.x;
  m[1] *= t.scale.y;
  m[2] *= t.scale.z;
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
}

static bool finite3(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool decompose(const glm::mat4& m, Transform& out) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!std::isfinite(m[c][r])) return false;
  // Affine: the last row is (0, 0, 0, 1).
  const float eps = 1e-6f;
  if (std::fabs(m[0][3]) > eps || std::fabs(m[1][3]) > eps || std::fabs(m[2][3]) > eps ||
      std::fabs(m[3][3] - 1.0f) > eps)
    return false;

  glm::vec3 x(m[0]), y(m[1]), z(m[2]);
  glm::vec3 s(glm::length(x), glm::length(y), glm::length(z));
  if (!(s.x > 0.0f && s.y > 0.0f && s.z > 0.0f)) return false;
  x /= s.x;
  y /= s.y;
  z /= s.z;
  // Mirroring: flip one axis so the remaining basis is a proper rotation.
  if (glm::dot(glm::cross(x, y), z) < 0.0f) {
    s.x = -s.x;
    x = -x;
  }
  // Gram-Schmidt so a slightly sheared or noisy basis still gives a unit quaternion.
  y = glm::normalize(y - x * glm::dot(x, y));
  z = glm::cross(x, y);
  out.translation = glm::vec3(m[3]);
  out.rotation = glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
  out.scale = s;
  return true;
}

bool is_valid(const Transform& t) {
  const glm::quat& q = t.rotation;
  if (!finite3(t.translation) || !finite3(t.scale)) return false;
  if (!(std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z)))
    return false;
  return t.scale.x != 0.0f && t.scale.y != 0.0f && t.scale.z != 0.0f;
}

}  // namespace ik
