// The shared solver machinery declared in solver_common.h, in the header's order.
//
// Index:
//   Validation                      is_valid_chain
//   The chain's joints              fill_chain_path, fill_chain_tree, fill_tree_children,
//                                   find_in_sorted
//   Frames                          parent_world, chain_frames (on four-float registers,
//                                   simd_math.h), is_similarity, path_length, max_stretch,
//                                   reach_upper_bound
//   Tolerance and warm start        apply_start_pose
//   Vectors, rotations, the bump    any_perpendicular, direction_or, rotation_between,
//                                   nearly_colinear, bump_colinear_path
//   Trace                           trace_begin, trace_iteration
#include "solvers/ik/solver_common.h"
#include "solvers/ik/workspace.h"

#include <algorithm>

namespace ik {

// ---- Validation -----------------------------------------------------------------------

bool is_valid_chain(const Skeleton& skeleton, const Chain& chain, const Pose& pose,
                    const Workspace& workspace) {
  const int n = skeleton.joint_count();
  if (static_cast<int>(pose.local.size()) != n) return false;
  if (!workspace.locked.empty() && static_cast<int>(workspace.locked.size()) != n) return false;
  auto in_range = [n](int j) { return j >= 0 && j < n; };
  if (!in_range(chain.root) || !in_range(chain.effector)) return false;
  auto below_root = [&](int j) {
    return in_range(j) && j >= chain.root &&
           j < skeleton.subtree_end[static_cast<size_t>(chain.root)];
  };
  if (!below_root(chain.effector) || !is_valid_goal(chain.goal)) return false;
  for (const EffectorGoal& e : chain.extra_effectors)
    if (!below_root(e.joint) || !is_valid_goal(e.goal) || !is_finite(e.weight) || e.weight < 0.0f)
      return false;
  // The transforms the solve reads: every joint from an effector up to the root, and the
  // root's ancestors (O(chain + depth), not the whole pose).
  auto valid_up_to = [&](int from, int stop) {
    for (int j = from; j > stop; j = skeleton.parent[static_cast<size_t>(j)])
      if (!is_valid_transform(pose.local[static_cast<size_t>(j)])) return false;
    return true;
  };
  if (!valid_up_to(chain.effector, chain.root) || !valid_up_to(chain.root, -1)) return false;
  for (const EffectorGoal& e : chain.extra_effectors)
    if (!valid_up_to(e.joint, chain.root)) return false;
  return true;
}

// ---- The chain's joints ---------------------------------------------------------------

bool fill_chain_path(const Skeleton& skeleton, int root, int effector, std::vector<int>& path) {
  path.clear();
  const int n = skeleton.joint_count();
  if (root < 0 || effector < 0 || root >= n || effector >= n) return false;
  for (int j = effector; j >= root; j = skeleton.parent[static_cast<size_t>(j)]) {
    path.push_back(j);
    if (j == root) {
      std::reverse(path.begin(), path.end());
      return true;
    }
  }
  path.clear();  // walked past the root: DFS order puts an ancestor at a smaller index
  return false;
}

bool fill_chain_tree(const Skeleton& skeleton, const Chain& chain, std::vector<int>& joints,
                     std::vector<int>& tree_parent) {
  tree_parent.clear();
  if (!fill_chain_path(skeleton, chain.root, chain.effector, joints)) return false;
  if (!chain.extra_effectors.empty()) {
    // Append each extra effector's path up to the root, then sort and drop duplicates.
    for (const EffectorGoal& e : chain.extra_effectors) {
      int j = e.joint;
      while (j > chain.root) {
        joints.push_back(j);
        j = skeleton.parent[static_cast<size_t>(j)];
      }
      if (j != chain.root) {
        joints.clear();
        return false;
      }
    }
    std::sort(joints.begin(), joints.end());
    joints.erase(std::unique(joints.begin(), joints.end()), joints.end());
  }
  tree_parent.resize(joints.size());
  tree_parent[0] = -1;
  if (chain.extra_effectors.empty()) {  // a path: each joint's parent is the one before it
    for (size_t k = 1; k < joints.size(); ++k) tree_parent[k] = static_cast<int>(k) - 1;
    return true;
  }
  for (size_t k = 1; k < joints.size(); ++k)
    tree_parent[k] = find_in_sorted(joints, skeleton.parent[static_cast<size_t>(joints[k])]);
  return true;
}

void use_path_as_tree(Workspace& ws) {
  const size_t n = ws.path.size();
  ws.tree_parent.resize(n);
  for (size_t k = 0; k < n; ++k) ws.tree_parent[k] = static_cast<int>(k) - 1;
  ws.positions.resize(n);
  ws.linear.resize(n);
}

void fill_tree_children(const std::vector<int>& tree_parent, std::vector<int>& first_child,
                        std::vector<int>& next_sibling) {
  const size_t n = tree_parent.size();
  first_child.assign(n, -1);
  next_sibling.assign(n, -1);
  // Walking down from the last node and pushing each onto its parent's list leaves the
  // lists in ascending order.
  for (size_t k = n; k-- > 1;) {
    const int t = tree_parent[k];
    next_sibling[k] = first_child[static_cast<size_t>(t)];
    first_child[static_cast<size_t>(t)] = static_cast<int>(k);
  }
}

int find_in_sorted(const std::vector<int>& joints, int joint) {
  const auto it = std::lower_bound(joints.begin(), joints.end(), joint);
  return (it != joints.end() && *it == joint) ? static_cast<int>(it - joints.begin()) : -1;
}

// ---- Frames ---------------------------------------------------------------------------

glm::mat4 parent_world(const Skeleton& skeleton, const Pose& pose, int joint) {
  // world(parent) = local(a_top) * ... * local(a_1) * local(parent): walking up, each
  // ancestor multiplies from the left, so no stack is needed.
  glm::mat4 world(1.0f);
  for (int a = skeleton.parent[static_cast<size_t>(joint)]; a >= 0;
       a = skeleton.parent[static_cast<size_t>(a)])
    world = to_matrix(pose.local[static_cast<size_t>(a)]) * world;
  return world;
}

namespace {

// chain_frames' arithmetic on four-float registers (simd_math.h): a frame as its three
// columns and its position, one register each (lane 3 unused), so a column of parent * R is
// three broadcasts, three multiplies and two adds instead of nine scalar multiplies and six
// adds. The floats are read one at a time (load3_by_float): the frames were just stored
// by store3, and a solver may have just written the transforms.
struct PackedFrame {
  simd::Float4 column[3];
  simd::Float4 position;
};

inline PackedFrame load_frame(const glm::mat3& linear, const glm::vec3& position) {
  using simd::load3_by_float;
  return {{load3_by_float(&linear[0][0]), load3_by_float(&linear[1][0]), load3_by_float(&linear[2][0])},
          load3_by_float(&position[0])};
}

// frame.linear * (x, y, z).
inline simd::Float4 times(const PackedFrame& frame, float x, float y, float z) {
  using namespace simd;  // NOLINT: written in the vocabulary
  return add(add(mul(frame.column[0], splat(x)), mul(frame.column[1], splat(y))), mul(frame.column[2], splat(z)));
}

// The child's frame: position = parent position + parent * t; linear = parent * R(q) * S,
// with R(q)'s columns as in glm::mat3_cast.
inline PackedFrame child_frame(const PackedFrame& parent, const Transform& local) {
  const glm::quat& q = local.rotation;
  const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  const glm::vec3& s = local.scale;
  PackedFrame child;
  child.position = simd::add(parent.position, times(parent, local.translation.x, local.translation.y,
                                                    local.translation.z));
  child.column[0] = times(parent, s.x * (1.0f - 2.0f * (yy + zz)), s.x * (2.0f * (xy + wz)), s.x * (2.0f * (xz - wy)));
  child.column[1] = times(parent, s.y * (2.0f * (xy - wz)), s.y * (1.0f - 2.0f * (xx + zz)), s.y * (2.0f * (yz + wx)));
  child.column[2] = times(parent, s.z * (2.0f * (xz + wy)), s.z * (2.0f * (yz - wx)), s.z * (1.0f - 2.0f * (xx + yy)));
  return child;
}

inline void store_frame(const PackedFrame& frame, glm::mat3& linear, glm::vec3& position) {
  simd::store3(&linear[0][0], frame.column[0]);
  simd::store3(&linear[1][0], frame.column[1]);
  simd::store3(&linear[2][0], frame.column[2]);
  simd::store3(&position[0], frame.position);
}

}  // namespace

void chain_frames(const Pose& pose, const std::vector<int>& joints,
                  const std::vector<int>& tree_parent, const glm::mat4& parent_of_root,
                  std::vector<glm::vec3>& positions, std::vector<glm::mat3>& linear,
                  bool last_position_only) {
  const PackedFrame root_parent =
      load_frame(glm::mat3(parent_of_root), glm::vec3(parent_of_root[3]));
  PackedFrame previous = root_parent;  // the frame of joints[k - 1], kept in registers
  const size_t full = joints.size() - (last_position_only && !joints.empty() ? 1 : 0);
  auto parent_of = [&](size_t k) {
    const int tp = tree_parent[k];
    return tp < 0 ? root_parent
                  : static_cast<size_t>(tp) + 1 == k
                        ? previous
                        : load_frame(linear[static_cast<size_t>(tp)], positions[static_cast<size_t>(tp)]);
  };
  for (size_t k = 0; k < full; ++k) {
    previous = child_frame(parent_of(k), pose.local[static_cast<size_t>(joints[k])]);
    store_frame(previous, linear[k], positions[k]);
  }
  if (full < joints.size()) {  // the last joint's position: parent position + parent * t
    const PackedFrame parent = parent_of(full);
    const glm::vec3& t = pose.local[static_cast<size_t>(joints[full])].translation;
    simd::store3(&positions[full][0], simd::add(parent.position, times(parent, t.x, t.y, t.z)));
  }
}

bool is_similarity(const glm::mat3& linear, float tolerance) {
  const float n0 = glm::dot(linear[0], linear[0]);
  const float n1 = glm::dot(linear[1], linear[1]);
  const float n2 = glm::dot(linear[2], linear[2]);
  if (!(n0 > 0.0f)) return false;
  const float limit = tolerance * n0;
  return std::fabs(n1 - n0) <= limit && std::fabs(n2 - n0) <= limit &&
         std::fabs(glm::dot(linear[0], linear[1])) <= limit &&
         std::fabs(glm::dot(linear[0], linear[2])) <= limit &&
         std::fabs(glm::dot(linear[1], linear[2])) <= limit;
}

float path_length(const std::vector<glm::vec3>& positions, const std::vector<int>& tree_parent,
                  int last) {
  float length = 0.0f;
  for (int k = last; tree_parent[static_cast<size_t>(k)] >= 0;
       k = tree_parent[static_cast<size_t>(k)])
    length += glm::length(positions[static_cast<size_t>(k)] -
                          positions[static_cast<size_t>(tree_parent[static_cast<size_t>(k)])]);
  return length;
}

float max_stretch(const glm::mat3& linear) {
  // Power iteration on M = transpose(L) L, whose largest eigenvalue is the squared largest
  // singular value. Starting from a mix of all axes avoids starting orthogonal to it.
  const glm::mat3 m = glm::transpose(linear) * linear;
  glm::vec3 v = glm::normalize(glm::vec3(1.0f, 0.7f, 0.4f));
  float eigenvalue = 0.0f;
  for (int i = 0; i < 32; ++i) {
    const glm::vec3 w = m * v;
    const float len = glm::length(w);
    if (!(len > 0.0f)) break;
    eigenvalue = len;
    v = w / len;
  }
  // The iteration approaches from below; a relative margin keeps this an upper bound.
  return std::sqrt(eigenvalue) * (1.0f + 1e-4f);
}

float reach_upper_bound(const Pose& pose, const std::vector<int>& path,
                        const glm::mat4& parent_of_root) {
  float stretch = max_stretch(glm::mat3(parent_of_root));
  float reach = 0.0f;
  for (size_t k = 0; k < path.size(); ++k) {
    const Transform& local = pose.local[static_cast<size_t>(path[k])];
    if (k > 0) reach += stretch * glm::length(local.translation);
    const glm::vec3 s = glm::abs(local.scale);
    stretch *= std::max(s.x, std::max(s.y, s.z));
  }
  return reach;
}

// ---- Tolerance and warm start ---------------------------------------------------------

void apply_start_pose(const Skeleton& skeleton, const Params& params, const Workspace& workspace,
                      const std::vector<int>& joints, Pose& pose) {
  if (params.warm_start) return;
  for (int j : joints)
    if (!is_locked(workspace, j))
      pose.local[static_cast<size_t>(j)].rotation = skeleton.rest[static_cast<size_t>(j)].rotation;
}

// ---- Vectors, rotations and the colinear bump ----------------------------------------

glm::vec3 any_perpendicular(const glm::vec3& v) {
  // Cross with the basis axis least aligned with v: never parallel to it.
  const glm::vec3 a = glm::abs(v);
  const glm::vec3 axis = (a.x <= a.y && a.x <= a.z) ? glm::vec3(1, 0, 0)
                         : (a.y <= a.z)             ? glm::vec3(0, 1, 0)
                                                    : glm::vec3(0, 0, 1);
  return direction_or(glm::cross(v, axis), glm::vec3(1, 0, 0));
}

glm::vec3 direction_or(const glm::vec3& v, const glm::vec3& fallback) {
  const float len2 = glm::dot(v, v);
  if (!(len2 > 1e-30f) || !std::isfinite(len2)) return fallback;
  return v * (1.0f / std::sqrt(len2));
}

glm::quat rotation_between(const glm::vec3& from, const glm::vec3& to,
                           const glm::vec3& half_turn_axis) {
  // For unit a, b: q = normalize(1 + a.b, a x b) is the rotation by the angle between them
  // about a x b (half-angle identities). Scaling by |from||to| avoids two square roots.
  const float from2 = glm::dot(from, from);
  const float norm = std::sqrt(from2 * glm::dot(to, to));
  if (!(norm > 1e-30f)) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  const float real = norm + glm::dot(from, to);
  if (real <= 1e-6f * norm) {
    // Opposite: any axis perpendicular to `from` works; prefer the caller's.
    glm::vec3 axis = half_turn_axis - from * (glm::dot(half_turn_axis, from) / from2);
    axis = direction_or(axis, any_perpendicular(from));
    return glm::quat(0.0f, axis.x, axis.y, axis.z);
  }
  const glm::vec3 c = glm::cross(from, to);
  return glm::normalize(glm::quat(real, c.x, c.y, c.z));
}

bool nearly_colinear(const glm::vec3& a, const glm::vec3& b, float sin_tolerance) {
  const glm::vec3 c = glm::cross(a, b);
  return glm::dot(c, c) <= sin_tolerance * sin_tolerance * glm::dot(a, a) * glm::dot(b, b);
}

bool bump_colinear_path(glm::vec3* positions, int count, const glm::vec3& goal,
                        const glm::vec3& pole, float fraction) {
  if (count < 3) return false;  // one bone turns freely; nothing to bend
  const glm::vec3 base = positions[0];
  glm::vec3 line = positions[count - 1] - base;
  for (int k = 1; k < count && !(glm::dot(line, line) > 0.0f); ++k) line = positions[k] - base;
  if (!(glm::dot(line, line) > 0.0f)) return false;  // every joint at one point
  for (int k = 1; k < count; ++k)
    if (!nearly_colinear(positions[k] - base, line)) return false;
  if (!nearly_colinear(goal - base, line)) return false;
  const glm::vec3 side = direction_or(pole - line * (glm::dot(pole, line) / glm::dot(line, line)),
                                      any_perpendicular(line));
  for (int k = 1; k < count - 1; ++k)
    positions[k] += side * (fraction * glm::length(positions[k] - positions[k - 1]));
  return true;
}

// ---- Trace ----------------------------------------------------------------------------

namespace {
void append_pose(Trace& trace, const Pose& pose) {
  for (int j : trace.joints) trace.poses.push_back(pose.local[static_cast<size_t>(j)]);
}
}  // namespace

void trace_begin(Trace* trace, const std::vector<int>& joints, const Pose& pose, float error,
                 int max_iterations) {
  if (trace == nullptr) return;
  trace->clear();
  trace->joints = joints;
  trace->clamped.assign(joints.size(), 0);
  const size_t entries = static_cast<size_t>(std::max(max_iterations, 0)) + 1;
  trace->error.reserve(entries);
  trace->error.push_back(error);
  if (trace->record_poses) {
    trace->poses.reserve(entries * joints.size());
    append_pose(*trace, pose);
  }
}

void trace_iteration(Trace* trace, const Pose& pose, float error) {
  if (trace == nullptr) return;
  trace->error.push_back(error);
  if (trace->record_poses) append_pose(*trace, pose);
}

}  // namespace ik
