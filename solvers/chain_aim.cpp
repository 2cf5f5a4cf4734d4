#include "solvers/chain_aim.h"

#include "solvers/limits.h"
#include "solvers/solver_common.h"

namespace ik {

glm::quat rotation_maximising(const glm::mat3& a, const glm::quat& start) {
  // <a, Q> = sum_j dot(q_j, a_j) over columns. Turning Q by a small rotation w changes it
  // by dot(w, sum_j q_j x a_j), so sum_j q_j x a_j is the ascent direction; dividing by
  // sum_j dot(q_j, a_j) gives a Newton-like step (Mueller, Bender, Chentanez, Macklin,
  // "A Robust Method to Extract the Rotational Part of Deformations", 2016).
  glm::quat q = start;
  for (int iteration = 0; iteration < 32; ++iteration) {
    const glm::mat3 r = glm::mat3_cast(q);
    const glm::vec3 ascent =
        glm::cross(r[0], a[0]) + glm::cross(r[1], a[1]) + glm::cross(r[2], a[2]);
    const float scale =
        std::fabs(glm::dot(r[0], a[0]) + glm::dot(r[1], a[1]) + glm::dot(r[2], a[2])) + 1e-9f;
    const glm::vec3 omega = ascent / scale;
    const float angle = glm::length(omega);
    if (!(angle > 1e-7f)) break;
    q = glm::normalize(glm::angleAxis(angle, omega / angle) * q);
  }
  return q;
}

namespace {

// The rotation (in the parent's frame, applied before the rest rotation) for a joint
// with several tree children: best match of the rest bone directions to the wanted ones.
glm::quat branch_rotation(const Workspace& ws, const Pose& pose, const Transform& local,
                          const glm::quat& rest_rotation, const glm::mat3& to_parent_frame,
                          const glm::vec3& position, const std::vector<glm::vec3>& targets,
                          const float* child_weights, int first_child) {
  glm::mat3 a(0.0f);
  glm::quat start(1.0f, 0.0f, 0.0f, 0.0f);
  float heaviest = -1.0f;
  for (int c = first_child; c >= 0; c = ws.next_sibling[static_cast<size_t>(c)]) {
    const float w = child_weights != nullptr ? child_weights[c] : 1.0f;
    const glm::vec3 from =
        rest_rotation *
        (local.scale *
         pose.local[static_cast<size_t>(ws.path[static_cast<size_t>(c)])].translation);
    const glm::vec3 to = to_parent_frame * (targets[static_cast<size_t>(c)] - position);
    const glm::vec3 u = direction_or(from, glm::vec3(0.0f));
    const glm::vec3 d = direction_or(to, glm::vec3(0.0f));
    a += glm::outerProduct(d, u) * w;  // outerProduct(d, u) = d * transpose(u)
    if (w > heaviest && glm::dot(u, u) > 0.0f && glm::dot(d, d) > 0.0f) {
      heaviest = w;
      start = rotation_between(u, d);
    }
  }
  return rotation_maximising(a, start);
}

}  // namespace

void aim_chain_tree(const Skeleton& skeleton, Workspace& workspace, bool use_limits,
                    const glm::mat4& parent_of_root, const std::vector<glm::vec3>& targets,
                    const float* child_weights, Pose& pose, std::vector<glm::vec3>& positions,
                    std::vector<float>& lengths, Trace* trace) {
  const std::vector<int>& joints = workspace.path;
  const std::vector<int>& tree_parent = workspace.tree_parent;
  const std::vector<int>& first_child = workspace.first_child;
  std::vector<glm::mat3>& linear = workspace.linear;
  const glm::mat3 root_parent_linear(parent_of_root);
  const glm::vec3 root_parent_position(parent_of_root[3]);

  for (size_t k = 0; k < joints.size(); ++k) {
    const size_t j = static_cast<size_t>(joints[k]);
    Transform& local = pose.local[j];
    const int t = tree_parent[k];
    const glm::mat3& parent_linear = t < 0 ? root_parent_linear : linear[static_cast<size_t>(t)];
    const glm::vec3 parent_position =
        t < 0 ? root_parent_position : positions[static_cast<size_t>(t)];
    positions[k] = parent_position + parent_linear * local.translation;
    lengths[k] = t < 0 ? 0.0f : glm::length(positions[k] - parent_position);

    const int c = first_child[k];
    if (c >= 0 && !is_locked(workspace, static_cast<int>(j))) {
      const glm::quat& rest_rotation = skeleton.rest[j].rotation;
      // Model-space offsets -> the parent's frame, where the local rotation acts. The
      // inverse (not the transpose) keeps directions right under non-uniform scale.
      const glm::mat3 to_parent_frame = glm::inverse(parent_linear);
      glm::quat turn;
      if (workspace.next_sibling[static_cast<size_t>(c)] < 0) {
        const glm::vec3 from =
            rest_rotation *
            (local.scale *
             pose.local[static_cast<size_t>(joints[static_cast<size_t>(c)])].translation);
        turn = rotation_between(from,
                                to_parent_frame * (targets[static_cast<size_t>(c)] - positions[k]));
      } else {
        turn = branch_rotation(workspace, pose, local, rest_rotation, to_parent_frame, positions[k],
                               targets, child_weights, c);
      }
      local.rotation = turn * rest_rotation;
      if (use_limits && clamp_to_limits(skeleton.limits[j], rest_rotation, local.rotation))
        trace_clamped(trace, static_cast<int>(k));
    }
    glm::mat3 m = parent_linear * glm::mat3_cast(local.rotation);
    m[0] *= local.scale.x;
    m[1] *= local.scale.y;
    m[2] *= local.scale.z;
    linear[k] = m;
  }
}

}  // namespace ik
