#include "tests/soak/soak_rigs.h"

#include <algorithm>
#include <cmath>

#include "tests/support/independent_fk.h"

namespace soak {

using iktest::world_matrix;
using iktest::world_position;

ik::Transform base_transform(BaseStyle style, Rng& rng) {
  ik::Transform t;
  if (style == BaseStyle::identity) return t;
  const glm::vec3 direction = rng.direction();  // drawn first: operand order is unspecified
  t.translation = direction * rng.uniform(0.0f, 5.0f);
  t.rotation = rng.rotation(kPi);
  switch (style) {
    case BaseStyle::rigid:
      t.scale = glm::vec3(rng.uniform(0.5f, 2.0f));
      break;
    case BaseStyle::non_uniform:
      t.scale = {rng.uniform(0.3f, 3.0f), rng.uniform(0.3f, 3.0f), rng.uniform(0.3f, 3.0f)};
      break;
    case BaseStyle::mirrored:
      t.scale = glm::vec3(rng.uniform(0.5f, 2.0f));
      t.scale[rng.integer(0, 2)] *= -1.0f;
      break;
    case BaseStyle::extreme_scale:
      t.scale = glm::vec3(rng.chance(0.5f) ? rng.log_uniform(1e-4f, 1e-2f) : rng.log_uniform(1e2f, 1e4f));
      break;
    case BaseStyle::identity:
      break;
  }
  return t;
}

ik::JointLimits make_limits(LimitStyle style, Rng& rng) {
  ik::JointLimits l;
  if (style == LimitStyle::none) return l;
  l.enabled = true;
  l.hinge = rng.chance(0.5f);
  l.hinge_axis = rng.direction();
  for (int a = 0; a < 3; ++a) {
    switch (style) {
      case LimitStyle::random:
        l.min[a] = rng.uniform(-1.5f, 0.0f);
        l.max[a] = rng.uniform(0.0f, 1.5f);
        break;
      case LimitStyle::tight:
        if (rng.chance(0.5f)) {
          l.min[a] = l.max[a] = 0.0f;
        } else {
          l.min[a] = -rng.log_uniform(1e-4f, 0.05f);
          l.max[a] = rng.log_uniform(1e-4f, 0.05f);
        }
        break;
      case LimitStyle::frozen_off_rest:
        l.min[a] = l.max[a] = rng.uniform(-1.0f, 1.0f);
        break;
      case LimitStyle::none:
        break;
    }
  }
  return l;
}

Rig build_rig(const RigPlan& plan, Rng& rng) {
  ik::RawSkeleton raw;
  const int first = plan.root_is_base ? 0 : 1;
  const int last = first + plan.chain_joints - 1;
  raw.joints.resize(static_cast<size_t>(last) + 1);
  for (int i = 0; i <= last; ++i) {
    ik::RawJoint& j = raw.joints[static_cast<size_t>(i)];
    j.name = i == last ? "j_end" : "j" + std::to_string(i);
    j.parent = i - 1;
    if (i == 0) {
      j.rest = base_transform(plan.base, rng);
    } else if (i == first) {
      j.rest.translation = glm::vec3(0.1f, 0.2f, -0.1f) + rng.direction() * 0.1f;
      j.rest.rotation = rng.rotation(kPi);
    } else {
      const float length = plan.wild_lengths ? rng.log_uniform(1e-3f, 1e3f) : rng.uniform(0.3f, 1.5f);
      j.rest.translation = plan.colinear ? glm::vec3(0.0f, length, 0.0f) : rng.direction() * length;
      j.rest.rotation = plan.colinear ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : rng.rotation(0.8f);
    }
    if (i >= first && (plan.limits != LimitStyle::random || rng.chance(0.7f))) j.limits = make_limits(plan.limits, rng);
  }
  for (int k = 0; k < plan.zero_bones; ++k)
    raw.joints[static_cast<size_t>(rng.integer(first + 1, last))].rest.translation = glm::vec3(0.0f);
  if (plan.branch) {
    const int attach = rng.integer(first, std::max(first, last - 1));
    const int count = rng.integer(1, 2);
    for (int k = 0; k < count; ++k) {
      ik::RawJoint j;
      j.name = k == count - 1 ? "b_end" : "b" + std::to_string(k);
      j.parent = k == 0 ? attach : static_cast<int>(raw.joints.size()) - 1;
      const glm::vec3 direction = rng.direction();
      j.rest.translation = direction * rng.uniform(0.3f, 1.5f);
      j.rest.rotation = rng.rotation(0.8f);
      raw.joints.push_back(j);
    }
  }

  Rig rig;
  std::string error;
  if (!ik::build_skeleton(raw, rig.skeleton, error)) {
    std::fprintf(stderr, "soak: a generated rig does not build: %s\n", error.c_str());
    std::abort();
  }
  // build_skeleton may reorder joints (depth first); find ours by their raw index.
  std::vector<int> built(raw.joints.size(), -1);
  for (int i = 0; i < rig.skeleton.joint_count(); ++i) {
    const int r = rig.skeleton.raw_index[static_cast<size_t>(i)];
    if (r >= 0) built[static_cast<size_t>(r)] = i;
  }
  for (int i = first; i <= last; ++i) rig.chain.push_back(built[static_cast<size_t>(i)]);
  if (plan.branch) rig.branch_tip = built.back();
  return rig;
}

// ---- Poses ------------------------------------------------------------------------------

glm::quat xyz(const glm::vec3& a) {
  return glm::angleAxis(a.x, glm::vec3(1, 0, 0)) * glm::angleAxis(a.y, glm::vec3(0, 1, 0)) *
         glm::angleAxis(a.z, glm::vec3(0, 0, 1));
}

// A pose of the chain within its limits (free joints turn up to `free_angle` from rest);
// with `ignore_limits`, every joint turns freely (a goal the limits may not allow).
ik::Pose random_pose(const Rig& rig, const ik::Pose& from, Rng& rng, bool ignore_limits, float free_angle) {
  ik::Pose pose = from;
  for (int j : rig.chain) {
    const ik::JointLimits& l = rig.skeleton.limits[static_cast<size_t>(j)];
    glm::quat offset;
    if (!l.enabled || ignore_limits) {
      offset = rng.rotation(free_angle);
    } else if (l.hinge) {
      offset = glm::angleAxis(rng.uniform(l.min.x, l.max.x), glm::normalize(l.hinge_axis));
    } else {
      offset = xyz({rng.uniform(l.min.x, l.max.x), rng.uniform(l.min.y, l.max.y), rng.uniform(l.min.z, l.max.z)});
    }
    pose.local[static_cast<size_t>(j)].rotation = rig.skeleton.rest[static_cast<size_t>(j)].rotation * offset;
  }
  return pose;
}

// Sum of the chain's model-space bone lengths in `pose` (its reach, under uniform scales).
float reach_of(const Rig& rig, const ik::Pose& pose) {
  float reach = 0.0f;
  for (size_t k = 1; k < rig.chain.size(); ++k)
    reach += glm::length(world_position(rig.skeleton, pose, rig.chain[k]) -
                         world_position(rig.skeleton, pose, rig.chain[k - 1]));
  return reach;
}

glm::quat model_rotation(const ik::Skeleton& skeleton, const ik::Pose& pose, int joint) {
  const glm::mat4 m = world_matrix(skeleton, pose, joint);
  glm::mat3 r(m);
  for (int c = 0; c < 3; ++c) r[c] = glm::normalize(r[c]);
  if (glm::determinant(r) < 0.0f) r[0] = -r[0];
  return glm::normalize(glm::quat_cast(r));
}

}  // namespace soak
