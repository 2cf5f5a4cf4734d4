// Everyday poses (everyday_poses.h): the body's measures, the landmarks of each pose, and the
// search for the reachable point nearest a landmark inside the limb's limits.
//
// Index:
//   body_measures                       the frame and measures from the roles
//   Landmarks                           arm_landmarks, leg_landmarks
//   The limb's poses inside its limits  JointSpace (a joint's parameters and ranges), LimbSampler
//   everyday_poses                      the suite
#include "solvers/rig/everyday_poses.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

#include "solvers/anim/pose.h"
#include "solvers/base/transform.h"
#include "solvers/ik/limits.h"
#include "solvers/rig/default_limits.h"

namespace ik {
namespace {

// The rest length of the path from `root` down to `effector` (model space).
float path_rest_length(const Skeleton& skeleton, const std::vector<glm::mat4>& world, int root, int effector) {
  float length = 0.0f;
  for (int j = effector; j != root && j >= 0; j = skeleton.parent[static_cast<size_t>(j)])
    length += glm::length(position_of(world[static_cast<size_t>(j)]) -
                          position_of(world[static_cast<size_t>(skeleton.parent[static_cast<size_t>(j)])]));
  return length;
}

}  // namespace

bool body_measures(const Skeleton& skeleton, const std::vector<JointRole>& roles, BodyMeasures& out) {
  std::vector<glm::mat4> world;
  fk_all(skeleton, rest_pose(skeleton), world);
  const auto at = [&](int j) { return position_of(world[static_cast<size_t>(j)]); };
  const int hips = first_joint_with_role(roles, Role::hips, Side::centre);
  int head = first_joint_with_role(roles, Role::head, Side::centre);
  if (head < 0) head = first_joint_with_role(roles, Role::neck, Side::centre);
  int chest = first_joint_with_role(roles, Role::chest, Side::centre);
  if (hips < 0 || head < 0) return false;
  const Side sides[2] = {Side::left, Side::right};
  for (int s = 0; s < 2; ++s) {
    out.upper_arm[s] = first_joint_with_role(roles, Role::upper_arm, sides[s]);
    out.hand[s] = first_joint_with_role(roles, Role::hand, sides[s]);
    out.thigh[s] = first_joint_with_role(roles, Role::thigh, sides[s]);
    out.foot[s] = first_joint_with_role(roles, Role::foot, sides[s]);
    if (out.upper_arm[s] < 0 || out.hand[s] < 0 || out.thigh[s] < 0 || out.foot[s] < 0) return false;
    out.shoulder[s] = at(out.upper_arm[s]);
    out.hip[s] = at(out.thigh[s]);
    out.arm_length[s] = path_rest_length(skeleton, world, out.upper_arm[s], out.hand[s]);
    out.leg_length[s] = path_rest_length(skeleton, world, out.thigh[s], out.foot[s]);
  }
  character_directions(skeleton, roles, out.forward, out.left);
  out.up = glm::normalize(glm::cross(out.forward, out.left));
  out.hips = at(hips);
  out.head = at(head);
  // The chest: the joint with the role, else the joint the upper arms hang from (by their
  // clavicles), which is where a spine ends.
  if (chest < 0) chest = skeleton.parent[static_cast<size_t>(skeleton.parent[static_cast<size_t>(out.upper_arm[0])])];
  out.chest = chest >= 0 ? at(chest) : 0.5f * (out.hips + out.head);
  out.shoulder_span = glm::length(out.shoulder[0] - out.shoulder[1]);
  return out.shoulder_span > 0.0f && out.arm_length[0] > 0.0f && out.leg_length[0] > 0.0f;
}

namespace {

// ---- Landmarks --------------------------------------------------------------------------

struct Landmark {
  const char* name;
  glm::vec3 position;
};

glm::vec3 unit(const glm::vec3& v) { return glm::normalize(v); }

// s: 0 left, 1 right. Distances near the body in shoulder spans (u), reaches in arm lengths.
std::vector<Landmark> arm_landmarks(const BodyMeasures& b, int s) {
  const float u = b.shoulder_span, a = b.arm_length[s];
  const glm::vec3 f = b.forward, up = b.up, out = s == 0 ? b.left : -b.left;  // `out`: this side
  const glm::vec3 shoulder = b.shoulder[s], other = b.shoulder[1 - s], head = b.head, hips = b.hips;
  const glm::vec3 mid = 0.5f * (b.shoulder[0] + b.shoulder[1]);
  return {
      {"hand to mouth", head + up * 0.15f * u + f * 0.45f * u},
      {"hand to cheek", head + up * 0.2f * u + out * 0.2f * u + f * 0.35f * u},
      {"hand to ear", head + up * 0.25f * u + out * 0.4f * u},
      {"hand on chest", mid - up * 0.3f * u + f * 0.45f * u},
      {"hand on belly", hips + up * 0.55f * u + f * 0.5f * u},
      {"hand on opposite shoulder", other + f * 0.3f * u},
      {"hand on own shoulder", shoulder + f * 0.3f * u - out * 0.1f * u},
      {"hand on hip", hips + out * 0.55f * u + up * 0.1f * u},
      {"hand on opposite hip", hips - out * 0.45f * u + f * 0.35f * u},
      {"hand in front pocket", b.hip[s] - up * 0.3f * u + f * 0.25f * u + out * 0.2f * u},
      {"hand behind the head", head + up * 0.3f * u - f * 0.4f * u},
      {"hand on top of the head", head + up * 0.8f * u},
      {"hand behind the back", hips + up * 0.45f * u - f * 0.45f * u + out * 0.1f * u},
      {"reach forward", shoulder + f * 0.85f * a},
      {"reach forward and down", shoulder + unit(f - up * 0.6f) * 0.85f * a},
      {"reach up", shoulder + up * 0.85f * a},
      {"reach up and forward", shoulder + unit(up + f) * 0.85f * a},
      {"arm down", shoulder - up * 0.9f * a},
      {"reach down and forward", shoulder + unit(f * 0.5f - up) * 0.85f * a},
      {"reach out to the side", shoulder + out * 0.85f * a},
      {"reach out and up", shoulder + unit(out + up) * 0.85f * a},
      {"reach out and down", shoulder + unit(out - up) * 0.85f * a},
      {"reach across the body", shoulder + unit(f - out) * 0.7f * a},
      {"reach across and down", shoulder + unit(f * 0.5f - up - out * 0.6f) * 0.8f * a},
  };
}

std::vector<Landmark> leg_landmarks(const BodyMeasures& b, int s) {
  const float l = b.leg_length[s];
  const glm::vec3 f = b.forward * l, up = b.up * l, out = (s == 0 ? b.left : -b.left) * l, hip = b.hip[s];
  return {
      {"foot forward", hip + f * 0.35f - up * 0.92f},
      {"foot back", hip - f * 0.3f - up * 0.93f},
      {"foot to the side", hip + out * 0.35f - up * 0.92f},
      {"foot across in front", hip - out * 0.25f + f * 0.15f - up * 0.95f},
      {"knee raise", hip + f * 0.45f - up * 0.5f},
      {"high knee raise", hip + f * 0.35f - up * 0.3f},
      {"kneeling", hip - f * 0.45f - up * 0.55f},
      {"foot on a step", hip + f * 0.3f - up * 0.7f},
      {"kick forward", hip + f * 0.65f - up * 0.7f},
      {"heel to buttock", hip - f * 0.3f - up * 0.25f},
      {"squat", hip + f * 0.15f - up * 0.65f},
      {"standing", hip + f * 0.03f - up * 0.98f},
  };
}

// ---- The limb's poses inside its limits -------------------------------------------------

// 2 % of each range is kept clear at both ends: no goal asks for a joint on its limit.
constexpr float kInset = 0.02f;

// One joint of the limb: what its parameters are, and their ranges.
struct JointSpace {
  enum Kind { rest, hinge, cone, ball } kind = rest;
  int joint = -1;
  JointLimits limits;
  float lo[3]{}, hi[3]{};  // hinge: [0]; cone: [2] the twist (the swing is an ellipse); ball: per axis
  float swing[2]{};        // cone: the half angles, inset

  int parameters() const { return kind == rest ? 0 : kind == hinge ? 1 : 3; }

  static JointSpace of(const Skeleton& skeleton, int j) {
    JointSpace space;
    space.joint = j;
    const JointLimits& l = skeleton.limits[static_cast<size_t>(j)];
    space.limits = l;
    const auto inset = [](float min, float max, float& low, float& high) {
      if (!(max - min < kTwoPi)) {
        low = -3.14159265f;
        high = 3.14159265f;
        return;
      }
      const float margin = kInset * (max - min);
      low = min + margin;
      high = max - margin;
    };
    if (!limits_active(l)) return space;  // free (a helper, a twist bone): it stays at rest
    if (l.hinge) {
      space.kind = hinge;
      inset(l.min.x, l.max.x, space.lo[0], space.hi[0]);
    } else if (l.cone) {
      space.kind = cone;
      space.swing[0] = std::min(l.swing.x, 3.1f) * (1.0f - kInset);
      space.swing[1] = std::min(l.swing.y, 3.1f) * (1.0f - kInset);
      inset(l.twist_min, l.twist_max, space.lo[2], space.hi[2]);
    } else {
      space.kind = ball;
      for (int i = 0; i < 3; ++i) inset(l.min[i], l.max[i], space.lo[i], space.hi[i]);
    }
    return space;
  }

  // Pulls p into the ranges (a cone's swing radially into its ellipse).
  void clamp(float* p) const {
    if (kind == cone) {
      const float ru = p[0] / swing[0], rv = p[1] / swing[1], r2 = ru * ru + rv * rv;
      if (r2 > 1.0f) {
        const float shrink = 1.0f / std::sqrt(r2);
        p[0] *= shrink;
        p[1] *= shrink;
      }
      p[2] = std::min(hi[2], std::max(lo[2], p[2]));
      return;
    }
    for (int i = 0; i < parameters(); ++i) p[i] = std::min(hi[i], std::max(lo[i], p[i]));
  }

  // The offset from rest (limits.h's conventions).
  glm::quat offset(const float* p) const {
    switch (kind) {
      case hinge:
        return glm::angleAxis(p[0], hinge_axis(limits));
      case cone: {
        SwingTwist angles;
        angles.swing = glm::vec2(p[0], p[1]);
        angles.twist = p[2];
        return from_swing_twist(limits, angles);
      }
      case ball:
        return from_xyz_angles(glm::vec3(p[0], p[1], p[2]));
      default:
        return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    }
  }
};

// Uniform floats from a fixed generator, the same on every standard library.
class Uniform {
 public:
  explicit Uniform(std::uint32_t seed) : engine_(seed) {}
  float operator()(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(engine_() >> 8) * (1.0f / 16777216.0f);
  }

 private:
  std::mt19937 engine_;
};

class LimbSampler {
 public:
  LimbSampler(const Skeleton& skeleton, const std::vector<glm::mat4>& rest_world, int root, int effector)
      : skeleton_(skeleton), effector_(effector) {
    for (int j = skeleton.parent[static_cast<size_t>(effector)]; j >= root;
         j = skeleton.parent[static_cast<size_t>(j)]) {
      joints_.insert(joints_.begin(), JointSpace::of(skeleton, j));
      if (j == root) break;
    }
    const int above = skeleton.parent[static_cast<size_t>(root)];
    const glm::mat4 base = above >= 0 ? rest_world[static_cast<size_t>(above)] : glm::mat4(1.0f);
    base_linear_ = glm::mat3(base);
    base_origin_ = glm::vec3(base[3]);
    for (const JointSpace& js : joints_) count_ += js.parameters();
  }

  // The reachable point nearest `landmark`: the best of random poses, refined.
  glm::vec3 nearest(const glm::vec3& landmark, std::uint32_t seed, float reach, std::vector<glm::quat>& local) const {
    Uniform uniform(seed);
    std::vector<float> best(static_cast<size_t>(count_), 0.0f), trial(best);
    float best_distance = distance(best, landmark);
    for (int i = 0; i < 3000; ++i) {
      random_parameters(uniform, trial);
      const float d = distance(trial, landmark);
      if (d < best_distance) best_distance = d, best.swap(trial);
    }
    float step = 0.3f;  // radians
    for (int i = 0; i < 3000 && best_distance > 1e-4f * reach; ++i, step *= 0.998f) {
      trial = best;
      for (float& p : trial) p += step * (uniform(-1.0f, 1.0f) + uniform(-1.0f, 1.0f));
      clamp(trial);
      const float d = distance(trial, landmark);
      if (d < best_distance) best_distance = d, best.swap(trial);
    }
    return effector_position(best, &local);
  }

 private:
  void clamp(std::vector<float>& p) const {
    float* at = p.data();
    for (const JointSpace& js : joints_) {
      js.clamp(at);
      at += js.parameters();
    }
  }

  void random_parameters(Uniform& uniform, std::vector<float>& p) const {
    float* at = p.data();
    for (const JointSpace& js : joints_) {
      if (js.kind == JointSpace::cone) {
        // Uniform over the ellipse of swings, then the twist.
        const float r = std::sqrt(uniform(0.0f, 1.0f)), phi = uniform(-3.14159265f, 3.14159265f);
        at[0] = js.swing[0] * r * std::cos(phi);
        at[1] = js.swing[1] * r * std::sin(phi);
        at[2] = uniform(js.lo[2], js.hi[2]);
      } else {
        for (int i = 0; i < js.parameters(); ++i) at[i] = uniform(js.lo[i], js.hi[i]);
      }
      at += js.parameters();
    }
  }

  // The frames as a linear part and an origin, not 4x4 products: the search reads 6,000
  // poses per goal, and in the sanitizer build (whose tests generate the suite three times)
  // the 4x4 products were half its time (21.7 -> 9.5 s; optimised, the same 0.57 s).
  glm::vec3 effector_position(const std::vector<float>& p, std::vector<glm::quat>* local) const {
    glm::mat3 linear = base_linear_;
    glm::vec3 origin = base_origin_;
    const float* at = p.data();
    if (local != nullptr) local->clear();
    for (const JointSpace& js : joints_) {
      const Transform& rest = skeleton_.rest[static_cast<size_t>(js.joint)];
      const glm::quat rotation = glm::normalize(rest.rotation * js.offset(at));
      at += js.parameters();
      if (local != nullptr) local->push_back(rotation);
      origin += linear * rest.translation;
      glm::mat3 turn = glm::mat3_cast(rotation);
      for (int c = 0; c < 3; ++c) turn[c] *= rest.scale[c];
      linear = linear * turn;
    }
    return origin + linear * skeleton_.rest[static_cast<size_t>(effector_)].translation;
  }

  float distance(const std::vector<float>& p, const glm::vec3& landmark) const {
    return glm::length(effector_position(p, nullptr) - landmark);
  }

  const Skeleton& skeleton_;
  int effector_;
  std::vector<JointSpace> joints_;  // root .. the effector's parent
  glm::mat3 base_linear_{1.0f};     // the root's parent at rest (model space): linear part
  glm::vec3 base_origin_{0.0f};     // ... and origin
  int count_ = 0;
};

}  // namespace

std::vector<EverydayPose> everyday_poses(const Skeleton& skeleton, const std::vector<JointRole>& roles) {
  std::vector<EverydayPose> poses;
  BodyMeasures body;
  if (!body_measures(skeleton, roles, body)) return poses;
  std::vector<glm::mat4> rest_world;
  fk_all(skeleton, rest_pose(skeleton), rest_world);
  std::uint32_t seed = 1;
  for (const Limb limb : {Limb::arm, Limb::leg}) {
    for (int s = 0; s < 2; ++s) {
      const int root = limb == Limb::arm ? body.upper_arm[s] : body.thigh[s];
      const int effector = limb == Limb::arm ? body.hand[s] : body.foot[s];
      const float length = limb == Limb::arm ? body.arm_length[s] : body.leg_length[s];
      const LimbSampler sampler(skeleton, rest_world, root, effector);
      for (const Landmark& landmark : limb == Limb::arm ? arm_landmarks(body, s) : leg_landmarks(body, s)) {
        EverydayPose pose;
        pose.name = landmark.name;
        pose.limb = limb;
        pose.side = s == 0 ? Side::left : Side::right;
        pose.root = root;
        pose.effector = effector;
        pose.landmark = landmark.position;
        pose.limb_length = length;
        pose.goal = sampler.nearest(landmark.position, seed++, length, pose.local);
        pose.landmark_distance = glm::length(pose.goal - pose.landmark);
        poses.push_back(std::move(pose));
      }
    }
  }
  return poses;
}

}  // namespace ik
