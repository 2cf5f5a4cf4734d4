// Rigs and goals for the solver benchmarks (header only; fixed seeds).
#pragma once

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "solvers/chain.h"
#include "solvers/pose.h"
#include "solvers/skeleton.h"

namespace ikbench {

// A chain of `joints` joints, unit bones along each parent's +Y, the rest pose bent by
// `bend` radians per joint about an axis near X (the last joint is "*_end": no tip added).
// Joint 0 is the chain root, joints - 1 the effector.
inline ik::Skeleton chain(int joints, float bend = 0.25f) {
  ik::RawSkeleton raw;
  raw.joints.resize(static_cast<size_t>(joints));
  const glm::vec3 axis = glm::normalize(glm::vec3(1.0f, 0.0f, 0.35f));
  for (int i = 0; i < joints; ++i) {
    ik::RawJoint& j = raw.joints[static_cast<size_t>(i)];
    j.name = i + 1 == joints ? "chain_end" : "chain" + std::to_string(i);
    j.parent = i - 1;
    j.rest.translation = i == 0 ? glm::vec3(0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
    j.rest.rotation = glm::angleAxis(bend, axis);
  }
  ik::Skeleton s;
  std::string error;
  if (!ik::build_skeleton(raw, s, error)) std::abort();
  return s;
}

inline glm::vec3 random_unit(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (;;) {
    const glm::vec3 v(u(rng), u(rng), u(rng));
    const float l = glm::length(v);
    if (l > 0.05f && l <= 1.0f) return v / l;
  }
}

// Goals the chain can reach: the effector of random poses (each joint turned from rest by
// up to `max_angle` about a random axis).
inline std::vector<glm::vec3> reachable_goals(const ik::Skeleton& s, int root, int effector,
                                              int count, unsigned seed, float max_angle = 1.2f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> angle(-max_angle, max_angle);
  std::vector<glm::vec3> goals;
  std::vector<glm::mat4> world;
  for (int i = 0; i < count; ++i) {
    ik::Pose pose = ik::rest_pose(s);
    for (int j = effector; j >= root; j = s.parent[static_cast<size_t>(j)])
      pose.local[static_cast<size_t>(j)].rotation =
          s.rest[static_cast<size_t>(j)].rotation * glm::angleAxis(angle(rng), random_unit(rng));
    ik::fk_all(s, pose, world);
    goals.push_back(ik::position_of(world[static_cast<size_t>(effector)]));
  }
  return goals;
}

}  // namespace ikbench
