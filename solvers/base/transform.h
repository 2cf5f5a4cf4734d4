// Transform: translation, rotation, scale — the local transform of one joint.
//
// Applied to a point p as  T * R * S * p  (scale first, then rotate, then translate),
// the same convention as glTF's node TRS.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace ik {

struct Transform {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // (w, x, y, z), unit length
  glm::vec3 scale{1.0f};
};

// T * R * S as a 4x4 matrix.
glm::mat4 to_matrix(const Transform& t);

// Splits an affine matrix into T, R and S. Shear cannot be represented and is dropped;
// a mirroring matrix (negative determinant) gets a negative X scale. Returns false if
// the matrix is not affine or has a zero or non-finite scale.
bool decompose(const glm::mat4& m, Transform& out);

// True if every component is finite and the scale has no zero component.
bool is_valid(const Transform& t);

}  // namespace ik
