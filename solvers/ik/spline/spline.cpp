// Spline IK (spline.h): the curve sampled, the joints walked along it, the rotations rebuilt.
//
// Index:
//   notes and checks      the one-line notes, spline_points_valid, is_plain_path
//   placing the joints    exit_point, place_on_curve
//   the solve             solve_spline
//   defaults              default_spline_points
#include "solvers/ik/spline/spline.h"

#include <algorithm>
#include <cmath>

#include "solvers/ik/limits.h"
#include "solvers/ik/solver_common.h"

namespace ik {
namespace {

// ---- Notes and checks ---------------------------------------------------------------------

constexpr const char* kNoteBadPoints = "a control point is not a finite point within range, or there are too many";
constexpr const char* kNoteNoLength =
    "the curve has no length (its points coincide with the root): the chain lies straight along its current direction";
constexpr const char* kNoteOffCurve =
    "joint limits (or joints an earlier chain owns) hold part of the chain off the curve";
constexpr const char* kNoteCurveShort = "the curve is shorter than the chain: its end runs straight on past the goal";
constexpr const char* kNoteCurveLong = "the curve is longer than the chain: the chain ends short of the goal";
constexpr const char* kNoteMerged = "coincident control points were merged";

// Joints farther than this fraction of the chain's length from where the curve put them count
// as held off the curve (limits, locked joints, non-uniform scales).
constexpr float kOffCurveFraction = 1e-2f;

bool spline_points_valid(const std::vector<glm::vec3>& points) {
  if (points.size() > static_cast<size_t>(kMaxSplinePoints)) return false;
  for (const glm::vec3& p : points)
    if (!(std::fabs(p.x) <= kMaxGoalCoordinate && std::fabs(p.y) <= kMaxGoalCoordinate &&
          std::fabs(p.z) <= kMaxGoalCoordinate))
      return false;  // NaN fails the comparisons too
  return true;
}

// The rotations can be rebuilt by aim_rigid_path (chain_aim.h): no joint above the effector
// locked or limited, uniform positive scales, a similarity above the root.
bool spline_path_is_free(const Skeleton& skeleton, const Chain& chain, const Pose& pose, const Workspace& ws,
                         const glm::mat4& parent_of_root) {
  for (size_t k = 0; k + 1 < ws.path.size(); ++k) {
    const int j = ws.path[k];
    if (is_locked(ws, j)) return false;
    if (chain.params.use_limits && limits_active(skeleton.limits[static_cast<size_t>(j)])) return false;
    const glm::vec3& scale = pose.local[static_cast<size_t>(j)].scale;
    if (!(scale.x > 0.0f) || scale.y != scale.x || scale.z != scale.x) return false;
  }
  return is_similarity(glm::mat3(parent_of_root));
}

// ---- Placing the joints ---------------------------------------------------------------------

// Where the segment a -> b leaves the sphere of radius `length` about `centre`, given a inside
// (or on) the sphere and b on or outside it: the larger root t of |a + t (b - a) - centre|² =
// length², clamped into [0, 1].
glm::vec3 exit_point(const glm::vec3& a, const glm::vec3& b, const glm::vec3& centre, float length) {
  const glm::vec3 ab = b - a, ca = a - centre;
  const float qa = glm::dot(ab, ab);
  if (!(qa > 1e-30f)) return b;
  const float qb = glm::dot(ca, ab);  // half the linear coefficient
  const float qc = glm::dot(ca, ca) - length * length;
  const float t = (-qb + std::sqrt(std::max(qb * qb - qa * qc, 0.0f))) / qa;
  return a + std::clamp(t, 0.0f, 1.0f) * ab;
}

}  // namespace

bool place_on_curve(const SplinePolyline& curve, const float* lengths, int count, const glm::vec3& fallback_direction,
                    glm::vec3* targets) {
  if (count <= 0) return false;
  const std::vector<glm::vec3>& p = curve.points;
  targets[0] = p.empty() ? glm::vec3(0.0f) : p[0];
  const glm::vec3 beyond = direction_or(curve.end_tangent, direction_or(fallback_direction, glm::vec3(0, 1, 0)));
  const size_t last = p.empty() ? 0 : p.size() - 1;
  size_t piece = 0;             // the walk is on the polyline piece p[piece] -> p[piece + 1] ...
  glm::vec3 at = targets[0];    // ... at this point of it (the joint placed last)
  bool ran_out = p.size() < 2;  // a one-point curve runs out at once
  for (int k = 1; k < count; ++k) {
    const glm::vec3 centre = targets[k - 1];
    const float length = lengths[k];
    if (!ran_out) {
      // The first polyline vertex at or beyond the bone's length from the joint before.
      glm::vec3 from = at;
      while (piece < last && glm::dot(p[piece + 1] - centre, p[piece + 1] - centre) < length * length)
        from = p[++piece];
      if (piece < last) {
        at = exit_point(from, p[piece + 1], centre, length);
        targets[k] = at;
        continue;
      }
      ran_out = true;
      // The curve's end lies inside this bone's sphere: the bone reaches out along the ray
      // from the end on along its tangent, |end + s u - centre| = length, s >= 0.
      const glm::vec3 end = p.empty() ? centre : p[last];
      const glm::vec3 e = end - centre;
      const float b = glm::dot(e, beyond);
      const float s = -b + std::sqrt(std::max(b * b - (glm::dot(e, e) - length * length), 0.0f));
      targets[k] = end + std::max(s, 0.0f) * beyond;
      continue;
    }
    targets[k] = centre + beyond * length;
  }
  return ran_out;
}

SolveResult solve_spline(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& ws, Trace* trace) {
  SolveResult result;
  if (!is_valid_chain(skeleton, chain, pose, ws) || !fill_chain_path(skeleton, chain.root, chain.effector, ws.path))
    return result;
  if (!spline_points_valid(chain.spline_points)) {
    result.note = kNoteBadPoints;
    return result;
  }
  SplineScratch& ss = scratch_of<SplineScratch>(ws);
  use_path_as_tree(ws);
  fill_tree_children(ws.tree_parent, ws.first_child, ws.next_sibling);
  const size_t n = ws.path.size();
  ss.targets.resize(n);
  ss.bone_lengths.resize(n);
  ss.posed_bone_lengths.resize(n);

  const glm::mat4 parent_of_root = parent_world(skeleton, pose, chain.root);
  chain_frames(pose, ws.path, ws.tree_parent, parent_of_root, ws.positions, ws.linear);
  float chain_length = 0.0f;
  ss.bone_lengths[0] = 0.0f;
  for (size_t k = 1; k < n; ++k) {
    ss.bone_lengths[k] = glm::length(ws.positions[k] - ws.positions[k - 1]);
    chain_length += ss.bone_lengths[k];
  }
  const Params& params = chain.params;
  const float tolerance = resolve_tolerance(params, chain_length);
  const glm::vec3 goal = chain.goal.position;
  const float initial_error = glm::length(ws.positions[n - 1] - goal);
  trace_begin(trace, ws.path, pose, initial_error, 1);
  result.iterations = 1;

  // The curve: root, the control points, the goal.
  ss.control.clear();
  ss.control.push_back(ws.positions[0]);
  ss.control.insert(ss.control.end(), chain.spline_points.begin(), chain.spline_points.end());
  ss.control.push_back(goal);
  const int segments = static_cast<int>(ss.control.size()) - 1;
  const int bones = static_cast<int>(n) - 1;
  const int samples = std::min(std::max(kSplineSamplesPerSegment, (2 * bones + segments - 1) / segments), 1024);
  const float merge_distance = std::max(1e-6f * chain_length, 1e-30f);
  sample_spline(ss.control.data(), static_cast<int>(ss.control.size()), samples, merge_distance, ss.merged, ss.curve);
  const bool no_length = ss.curve.points.size() < 2;

  // The joints along it, then the rotations that put them there.
  const bool ran_out = place_on_curve(ss.curve, ss.bone_lengths.data(), static_cast<int>(n),
                                      ws.positions[n - 1] - ws.positions[0], ss.targets.data());
  bool off_curve = false;
  if (n >= 2 && spline_path_is_free(skeleton, chain, pose, ws, parent_of_root)) {
    ss.rigid_aim.resize(n);
    ws.positions[n - 1] = aim_rigid_path(skeleton, ws.path, parent_of_root, ss.targets.data(), pose, ss.rigid_aim);
  } else if (n >= 2) {
    aim_chain_tree(skeleton, ws, params.use_limits, parent_of_root, ss.targets, nullptr, pose, ws.positions,
                   ss.posed_bone_lengths, trace);
    for (size_t k = 1; k < n; ++k)
      off_curve = off_curve || glm::length(ws.positions[k] - ss.targets[k]) > kOffCurveFraction * chain_length;
  }
  result.error = glm::length(ws.positions[n - 1] - goal);
  trace_iteration(trace, pose, result.error);

  if (!std::isfinite(result.error)) {
    result.status = SolveStatus::stalled;
  } else if (result.error <= tolerance) {
    result.status = SolveStatus::reached;
  } else {
    result.status = SolveStatus::unreachable;
    result.note = ran_out ? kNoteCurveShort : kNoteCurveLong;
  }
  // The most telling note first.
  if (off_curve)
    result.note = kNoteOffCurve;
  else if (no_length && n >= 2)
    result.note = kNoteNoLength;
  else if (result.note == nullptr && ss.curve.merged > 0)
    result.note = kNoteMerged;
  return result;
}

// ---- Defaults -------------------------------------------------------------------------------

int default_spline_point_count(int bones) { return std::clamp(bones / 6, 2, 6); }

std::vector<glm::vec3> default_spline_points(const Skeleton& skeleton, const std::vector<glm::mat4>& world, int root,
                                             int effector, int count) {
  std::vector<glm::vec3> points;
  const std::vector<int> path = chain_path(skeleton, root, effector);
  if (path.empty() || count <= 0) return points;
  std::vector<glm::vec3> joints;
  std::vector<float> along{0.0f};  // the length from the root to each joint
  for (int j : path)
    if (j >= 0 && static_cast<size_t>(j) < world.size()) joints.push_back(glm::vec3(world[static_cast<size_t>(j)][3]));
  if (joints.size() != path.size() || joints.size() < 2) return points;  // no bone to lay points along
  for (size_t k = 1; k < joints.size(); ++k) along.push_back(along.back() + glm::length(joints[k] - joints[k - 1]));
  const float total = along.back();
  const bool on_joints = joints.size() >= static_cast<size_t>(count) + 2;
  size_t k = 1;
  size_t taken = 0;  // the joint the last point took (0: the root, never taken)
  for (int i = 1; i <= count; ++i) {
    const float wanted = total * static_cast<float>(i) / static_cast<float>(count + 1);
    while (k + 1 < joints.size() && along[k] < wanted) ++k;  // along[k - 1] < wanted <= along[k]
    if (on_joints) {
      // The interior joint nearest that length (a joint lies on the chain's own bend, a point
      // between two joints on a chord inside it), never one taken already nor the effector.
      size_t nearest = wanted - along[k - 1] < along[k] - wanted ? k - 1 : k;
      const size_t highest = joints.size() - 2 - static_cast<size_t>(count - i);
      nearest = std::min(std::max(nearest, taken + 1), highest);
      points.push_back(joints[nearest]);
      taken = nearest;
      continue;
    }
    const float piece = along[k] - along[k - 1];
    const float t = piece > 0.0f ? std::clamp((wanted - along[k - 1]) / piece, 0.0f, 1.0f) : 0.0f;
    points.push_back(joints[k - 1] + t * (joints[k] - joints[k - 1]));
  }
  return points;
}

}  // namespace ik
