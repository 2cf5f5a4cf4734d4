#include "tests/soak/soak_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "tests/support/independent_fk.h"

namespace soak {

using iktest::world_position;
namespace {

constexpr float kPi = 3.14159265358979f;

// Bit-for-bit equality (a NaN equals the same NaN; -0 differs from +0).
template <typename T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

bool same_transform(const ik::Transform& a, const ik::Transform& b) {
  return same_bits(a.translation, b.translation) && same_bits(a.rotation, b.rotation) &&
         same_bits(a.scale, b.scale);
}

bool finite(const ik::Transform& t) {
  const float values[] = {t.translation.x, t.translation.y, t.translation.z,
                          t.rotation.w,    t.rotation.x,    t.rotation.y,
                          t.rotation.z,    t.scale.x,       t.scale.y,
                          t.scale.z};
  for (float v : values)
    if (!std::isfinite(v)) return false;
  return true;
}

std::string text(const glm::vec3& v) {
  std::ostringstream out;
  out << "(" << v.x << ", " << v.y << ", " << v.z << ")";
  return out.str();
}

std::string text(const glm::quat& q) {
  std::ostringstream out;
  out << "(w " << q.w << ", " << q.x << ", " << q.y << ", " << q.z << ")";
  return out.str();
}

// Circular distance from `angle` to [lo, hi] (0 inside; a full turn or more holds all).
float distance_to_range(float angle, float lo, float hi) {
  if (hi - lo >= 2.0f * kPi) return 0.0f;
  float d = std::fmod(angle - lo, 2.0f * kPi);
  if (d < 0.0f) d += 2.0f * kPi;
  if (d <= hi - lo) return 0.0f;
  return std::min(d - (hi - lo), 2.0f * kPi - d);
}

// How far (radians) a joint's local rotation lies outside its limits, derived here
// independently of solvers/limits. The offset from rest is q = rest^-1 * local.
//   Hinge: q must turn about the axis only; its swing off the axis is 2 asin |v_perp|
//     (v = q's vector part), its angle 2 atan2(v . axis, w) must lie in [min.x, max.x].
//   Ball: q = Rx(a) Ry(b) Rz(c); with M = mat3(q): sin b = M[2][0], a = atan2(-M[2][1],
//     M[2][2]), c = atan2(-M[1][0], M[0][0]); the other reading (a + pi, pi - b, c + pi)
//     is the same rotation, and the one nearer the limits counts. At the gimbal lock
//     (cos b = 0) a and c are not unique: only b is checked.
float limit_excess(const ik::JointLimits& limits, const glm::quat& rest, const glm::quat& local,
                   std::string& detail) {
  glm::quat q = glm::normalize(glm::inverse(rest) * local);
  if (q.w < 0.0f) q = -q;
  if (limits.hinge) {
    const glm::vec3 axis = glm::normalize(limits.hinge_axis);
    const glm::vec3 v(q.x, q.y, q.z);
    const float off_axis = glm::length(v - axis * glm::dot(v, axis));
    const float swing = 2.0f * std::asin(std::min(off_axis, 1.0f));
    const float angle = 2.0f * std::atan2(glm::dot(v, axis), q.w);
    const float outside = distance_to_range(angle, limits.min.x, limits.max.x);
    std::ostringstream out;
    out << "hinge: swing " << swing << " rad off the axis, angle " << angle << " for ["
        << limits.min.x << ", " << limits.max.x << "]";
    detail = out.str();
    return std::max(swing, outside);
  }
  const glm::mat3 m = glm::mat3_cast(q);
  const float b = std::asin(glm::clamp(m[2][0], -1.0f, 1.0f));
  const float a = std::atan2(-m[2][1], m[2][2]);
  const float c = std::atan2(-m[1][0], m[0][0]);
  const bool gimbal = std::fabs(std::cos(b)) < 1e-3f;
  const glm::vec3 readings[2] = {{a, b, c}, {a + kPi, kPi - b, c + kPi}};
  float best = 1e9f;
  for (const glm::vec3& r : readings) {
    float worst = 0.0f;
    for (int k = 0; k < 3; ++k) {
      if (gimbal && k != 1) continue;
      worst = std::max(worst, distance_to_range(r[k], limits.min[k], limits.max[k]));
    }
    best = std::min(best, worst);
  }
  detail = "ball: XYZ angles " + text(glm::vec3(a, b, c)) + " for min " + text(limits.min) +
           ", max " + text(limits.max);
  return best;
}

// The joints the solve may move: the path from the chain's effector up to its root, and
// the paths from the extra effectors up to the root; or empty if the indices are not a
// chain. The main path (effector first) comes first.
std::vector<int> chain_joints(const ik::Skeleton& skeleton, const ik::Chain& chain) {
  const int n = skeleton.joint_count();
  std::vector<int> joints;
  auto add_path = [&](int from) {
    if (from < 0 || from >= n) return false;
    for (int j = from; j >= 0; j = skeleton.parent[static_cast<size_t>(j)]) {
      if (std::find(joints.begin(), joints.end(), j) == joints.end()) joints.push_back(j);
      if (j == chain.root) return true;
    }
    return false;
  };
  if (chain.root < 0 || chain.root >= n || !add_path(chain.effector)) return {};
  for (const ik::EffectorGoal& e : chain.extra_effectors)
    if (!add_path(e.joint)) return {};
  return joints;
}

bool uniform_scale(const glm::vec3& s) {
  const float x = std::fabs(s.x);
  return std::fabs(std::fabs(s.y) - x) <= 1e-6f * x && std::fabs(std::fabs(s.z) - x) <= 1e-6f * x;
}

void add(std::vector<Violation>& violations, const char* check, const std::string& message) {
  violations.push_back({check, message});
}

}  // namespace

std::string pose_difference(const ik::Pose& a, const ik::Pose& b) {
  if (a.local.size() != b.local.size()) return "the poses have different joint counts";
  for (size_t i = 0; i < a.local.size(); ++i) {
    if (same_transform(a.local[i], b.local[i])) continue;
    const ik::Transform &x = a.local[i], &y = b.local[i];
    return "joint " + std::to_string(i) + ": translation " + text(x.translation) + " -> " +
           text(y.translation) + ", rotation " + text(x.rotation) + " -> " + text(y.rotation) +
           ", scale " + text(x.scale) + " -> " + text(y.scale);
  }
  return "";
}

void check_solve(const SolveRecord& r, std::vector<Violation>& violations) {
  const ik::Skeleton& skeleton = *r.skeleton;
  const ik::Pose& before = *r.before;
  const ik::Pose& after = *r.after;
  const ik::Chain& chain = *r.chain;
  const ik::SolveStatus status = r.result.status;

  if (static_cast<int>(status) > static_cast<int>(ik::SolveStatus::invalid_input)) {
    add(violations, "status", "status " + std::to_string(static_cast<int>(status)));
    return;
  }
  if (status == ik::SolveStatus::invalid_input) {
    const std::string difference = pose_difference(before, after);
    if (!difference.empty())
      add(violations, "untouched", "invalid_input, but the pose changed: " + difference);
    return;
  }
  if (after.local.size() != before.local.size()) {
    add(violations, "pose size", "the solve changed the pose's joint count");
    return;
  }
  if (r.expect_invalid) {
    add(violations, "expected invalid",
        std::string("invalid input accepted: status ") + ik::to_string(status));
    for (size_t i = 0; i < after.local.size(); ++i)
      if (!finite(after.local[i]))
        add(violations, "finite", "joint " + std::to_string(i) + " is not finite");
    return;
  }

  const std::vector<int> joints = chain_joints(skeleton, chain);
  std::vector<std::uint8_t> in_chain(after.local.size(), 0);
  for (int j : joints) in_chain[static_cast<size_t>(j)] = 1;
  const bool scale_solver = r.solver->scale_goal;
  const bool locks = r.locked != nullptr && r.locked->size() == after.local.size();
  const bool reads_limits = ik::reads_param(*r.solver, *ik::find_param("use_limits"));
  const bool moves_root = std::strcmp(r.solver->id, "full_body") == 0;

  for (size_t i = 0; i < after.local.size(); ++i) {
    const ik::Transform& b = before.local[i];
    const ik::Transform& a = after.local[i];
    const std::string joint = "joint " + std::to_string(i);
    if (!finite(a)) {
      add(violations, "finite",
          joint + " is not finite: translation " + text(a.translation) + ", rotation " +
              text(a.rotation) + ", scale " + text(a.scale));
      continue;
    }
    const bool stiff = moves_root && r.stiffness != nullptr && r.stiffness->size() == after.local.size() &&
                       std::isinf((*r.stiffness)[i]);
    // A joint of infinite stiffness holds still (the root's translation has its own setting).
    if (stiff && !same_bits(a.rotation, b.rotation))
      add(violations, "held still", joint + " of infinite stiffness turned: " + pose_difference(ik::Pose{{b}}, ik::Pose{{a}}));
    if (moves_root && static_cast<int>(i) == chain.root && std::isinf(r.root_translation_stiffness) &&
        !same_bits(a.translation, b.translation))
      add(violations, "held still", joint + " (the root) moved with an infinite translation stiffness");
    const bool moved_by_design = in_chain[i] && !(locks && (*r.locked)[i]);
    // The full-body solver moves its root (a free hips): that one translation may change.
    const bool free_root = moves_root && moved_by_design && static_cast<int>(i) == chain.root;
    if (!same_bits(a.translation, b.translation) && !free_root)
      add(violations, "translation",
          joint + " translation " + text(b.translation) + " -> " + text(a.translation));
    if (!moved_by_design && !same_transform(a, b)) {
      add(violations, in_chain[i] ? "locked joint" : "outside the chain",
          joint + " changed: " + pose_difference(ik::Pose{{b}}, ik::Pose{{a}}));
      continue;
    }
    if (scale_solver) {
      if (!same_bits(a.rotation, b.rotation))
        add(violations, "rotation", joint + " rotation changed by the scale solver");
      if (moved_by_design) {
        // The factor on the rest scale: within [min_scale, max_scale] (relative slack).
        const glm::vec3 rest = skeleton.rest[i].scale;
        const glm::vec3 f = a.scale / rest;
        const float lo = chain.params.min_scale, hi = chain.params.max_scale;
        const bool sane = std::isfinite(lo) && std::isfinite(hi) && lo > 0.0f && lo <= hi;
        for (int k = 0; k < 3; ++k)
          if (sane && (f[k] < lo * (1.0f - 1e-5f) || f[k] > hi * (1.0f + 1e-5f)))
            add(violations, "scale range",
                joint + " scale factor " + text(f) + " outside [" + std::to_string(lo) + ", " +
                    std::to_string(hi) + "]");
      }
      continue;
    }
    if (!same_bits(a.scale, b.scale))
      add(violations, "scale", joint + " scale " + text(b.scale) + " -> " + text(a.scale));
    if (moved_by_design) {
      const float length = glm::length(a.rotation);
      if (std::fabs(length - 1.0f) > kUnitRotationSlack)
        add(violations, "unit rotation",
            joint + " rotation " + text(a.rotation) + " has length " + std::to_string(length));
      const ik::JointLimits& limits = skeleton.limits[i];
      if (chain.params.use_limits && reads_limits && limits.enabled) {
        std::string detail;
        const float excess = limit_excess(limits, skeleton.rest[i].rotation, a.rotation, detail);
        if (excess > kLimitSlack)
          add(violations, "limits",
              joint + " is " + std::to_string(excess) + " rad outside its limits (" + detail + ")");
      }
    }
  }

  // Bone lengths by forward kinematics, where no non-uniform scale above the chain makes
  // model-space lengths depend on the rotations.
  std::vector<int> path;  // the main path, effector first
  for (int j : joints) {
    path.push_back(j);
    if (j == chain.root) break;
  }
  bool uniform = !path.empty();
  for (int j = path.empty() ? -1 : path.front(); j >= 0; j = skeleton.parent[static_cast<size_t>(j)])
    uniform = uniform && uniform_scale(after.local[static_cast<size_t>(j)].scale);
  if (!scale_solver && uniform && violations.empty()) {
    float magnitude = 0.0f;
    std::vector<glm::vec3> was, now;
    for (int j : path) {
      was.push_back(world_position(skeleton, before, j));
      now.push_back(world_position(skeleton, after, j));
      magnitude = std::max(magnitude, glm::length(was.back()));
    }
    for (size_t k = 1; k < path.size(); ++k) {
      const float l0 = glm::length(was[k - 1] - was[k]);
      const float l1 = glm::length(now[k - 1] - now[k]);
      magnitude = std::max(magnitude, l0);
      if (std::fabs(l1 - l0) > 1e-4f * l0 + 1e-5f * magnitude)
        add(violations, "bone length",
            "bone " + std::to_string(path[k]) + " -> " + std::to_string(path[k - 1]) +
                ": length " + std::to_string(l0) + " -> " + std::to_string(l1));
    }
  }

  if (!std::isfinite(r.result.error) || r.result.error < 0.0f || r.result.iterations < 0)
    add(violations, "result",
        "error " + std::to_string(r.result.error) + ", iterations " +
            std::to_string(r.result.iterations));
}

}  // namespace soak
