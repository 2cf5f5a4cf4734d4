#include "bench/ozz_two_bone.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <random>
#include <vector>

#include "ozz/animation/runtime/ik_two_bone_job.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/simd_quaternion.h"
#include "solvers/anim/skeleton.h"
#include "solvers/base/isa_dispatch.h"
#include "solvers/ik/analytic/analytic.h"
#include "solvers/ik/workspace.h"

namespace ikbench {
namespace {

using ozz::math::Float4x4;
using ozz::math::SimdFloat4;
using ozz::math::SimdQuaternion;

// One limb as ikscope holds it: its own three-joint skeleton (rest pose = the input pose),
// the chain toward the case's goal, and the pose the solve writes.
struct IkscopeLimb {
  ik::Skeleton skeleton;
  ik::Chain chain;
  ik::Pose pose;
  ik::SolveResult result;
};

// The same limb in ozz's types: the input local transforms, the rig's mid_axis, the goal,
// and what the solve writes (the two new local rotations, and `reached`).
struct alignas(16) OzzLimb {
  SimdFloat4 translation[3], rotation[3], scale[3];  // local (the root's: model space)
  SimdFloat4 mid_axis;                               // middle joint's frame, unit
  SimdFloat4 target, pole;                           // model space
  Float4x4 model[3];                                 // for run_ozz_job_only: computed beforehand
  SimdFloat4 new_rotation[2];                        // root's and middle joint's, local
  SimdQuaternion correction[2];                      // run_ozz_job_only's output
  bool reached = false;
};

// What the check needs in double: the translations, the target, the reach.
struct CaseGeometry {
  glm::dvec3 translation[3];
  glm::dvec3 target;
  double l1 = 0.0, l2 = 0.0;
};

glm::vec3 random_unit(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (;;) {
    const glm::vec3 v{u(rng), u(rng), u(rng)};
    const float l = glm::length(v);
    if (l > 0.05f && l <= 1.0f) return v / l;
  }
}

glm::quat random_rotation(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return glm::normalize(glm::quat{n(rng), n(rng), n(rng), n(rng)});
}

SimdFloat4 load(const glm::vec3& v, float w) { return ozz::math::simd_float4::Load(v.x, v.y, v.z, w); }
SimdFloat4 load(const glm::quat& q) { return ozz::math::simd_float4::Load(q.x, q.y, q.z, q.w); }

glm::dquat to_dquat(const SimdFloat4& q) {
  float f[4];
  ozz::math::StorePtrU(q, f);
  return glm::normalize(glm::dquat(f[3], f[0], f[1], f[2]));
}

// Model-space positions of the middle and end joints for the root and middle joints'
// local rotations r0, r1 (scales are 1).
void limb_positions(const CaseGeometry& g, const glm::dquat& r0, const glm::dquat& r1, glm::dvec3& mid,
                    glm::dvec3& end) {
  mid = g.translation[0] + r0 * g.translation[1];
  end = mid + (r0 * r1) * g.translation[2];
}

}  // namespace

struct TwoBonePeers::Data {
  std::vector<IkscopeLimb> ikscope;
  std::vector<OzzLimb> ozz;
  std::vector<CaseGeometry> geometry;
  ik::Workspace workspace;
};

TwoBonePeers::TwoBonePeers(int count, unsigned seed) : data_(std::make_unique<Data>()) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const float min_bend_sine = std::sin(glm::radians(10.0f));
  const float min_pole_sine = std::sin(glm::radians(15.0f));
  data_->ikscope.resize(static_cast<size_t>(count));
  data_->ozz.resize(static_cast<size_t>(count));
  data_->geometry.resize(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    // The limb: a root anywhere, two bones bent 10-170 degrees at rest.
    ik::RawSkeleton raw;
    raw.joints.resize(3);
    const char* names[3] = {"limb_root", "limb_mid", "limb_end"};
    for (int j = 0; j < 3; ++j) {
      raw.joints[static_cast<size_t>(j)].name = names[j];
      raw.joints[static_cast<size_t>(j)].parent = j - 1;
    }
    ik::Transform* rest[3] = {&raw.joints[0].rest, &raw.joints[1].rest, &raw.joints[2].rest};
    glm::vec3 v1, v2;  // the bones in model space
    for (;;) {
      rest[0]->translation = glm::vec3{2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f, 2.0f * unit(rng) - 1.0f};
      rest[0]->rotation = random_rotation(rng);
      const float length1 = 0.2f + 0.8f * unit(rng);
      rest[1]->translation = length1 * random_unit(rng);
      rest[1]->rotation = random_rotation(rng);
      const float length2 = 0.2f + 0.8f * unit(rng);
      rest[2]->translation = length2 * random_unit(rng);
      v1 = rest[0]->rotation * rest[1]->translation;
      v2 = (rest[0]->rotation * rest[1]->rotation) * rest[2]->translation;
      if (glm::length(glm::cross(v1, v2)) >= min_bend_sine * glm::length(v1) * glm::length(v2)) break;
    }
    IkscopeLimb& limb = data_->ikscope[static_cast<size_t>(i)];
    std::string error;
    if (!ik::build_skeleton(raw, limb.skeleton, error) || limb.skeleton.joint_count() != 3) {
      std::fprintf(stderr, "two-bone peers: cannot build limb %d: %s\n", i, error.c_str());
      std::abort();
    }
    limb.pose = ik::rest_pose(limb.skeleton);

    // The goal: a target at a random direction, its distance spanning the limb's range and
    // a little beyond; a pole away from the root-target line.
    const float l1 = glm::length(v1), l2 = glm::length(v2), reach = l1 + l2;
    const float distance =
        (std::fabs(l1 - l2) + 0.05f * reach) + unit(rng) * (1.1f * reach - (std::fabs(l1 - l2) + 0.05f * reach));
    const glm::vec3 direction = random_unit(rng);
    const glm::vec3 target = rest[0]->translation + distance * direction;
    glm::vec3 pole;
    do pole = random_unit(rng);
    while (glm::length(glm::cross(pole, direction)) < min_pole_sine);
    limb.chain.root = 0;
    limb.chain.effector = 2;
    limb.chain.solver = 0;
    limb.chain.goal.position = target;
    limb.chain.goal.pole = pole;
    limb.chain.params.warm_start = false;

    OzzLimb& o = data_->ozz[static_cast<size_t>(i)];
    for (int j = 0; j < 3; ++j) {
      o.translation[j] = load(rest[j]->translation, 1.0f);
      o.rotation[j] = load(rest[j]->rotation);
      o.scale[j] = load(rest[j]->scale, 0.0f);
    }
    // The axis that opens the limb (a positive turn about it opens the angle at the middle
    // joint): v2 x v1, in the middle joint's frame.
    const glm::vec3 opening = glm::normalize(glm::cross(v2, v1));
    o.mid_axis = load(glm::normalize(glm::inverse(rest[0]->rotation * rest[1]->rotation) * opening), 0.0f);
    o.target = load(target, 1.0f);
    o.pole = load(pole, 0.0f);
    o.model[0] = Float4x4::FromAffine(o.translation[0], o.rotation[0], o.scale[0]);
    o.model[1] = o.model[0] * Float4x4::FromAffine(o.translation[1], o.rotation[1], o.scale[1]);
    o.model[2] = o.model[1] * Float4x4::FromAffine(o.translation[2], o.rotation[2], o.scale[2]);

    CaseGeometry& g = data_->geometry[static_cast<size_t>(i)];
    for (int j = 0; j < 3; ++j) g.translation[j] = glm::dvec3(rest[j]->translation);
    g.target = glm::dvec3(target);
    g.l1 = l1;
    g.l2 = l2;
  }
}

TwoBonePeers::~TwoBonePeers() = default;

int TwoBonePeers::size() const { return static_cast<int>(data_->ozz.size()); }

void TwoBonePeers::solve_ikscope(int i) {
  IkscopeLimb& limb = data_->ikscope[static_cast<size_t>(i)];
  limb.result = ik::solve_two_bone(limb.skeleton, limb.chain, limb.pose, data_->workspace, nullptr);
}

void TwoBonePeers::solve_ozz(int i) {
  OzzLimb& o = data_->ozz[static_cast<size_t>(i)];
  // The forward kinematics ozz leaves to its caller (LocalToModelJob's work for 3 joints).
  const Float4x4 start = Float4x4::FromAffine(o.translation[0], o.rotation[0], o.scale[0]);
  const Float4x4 mid = start * Float4x4::FromAffine(o.translation[1], o.rotation[1], o.scale[1]);
  const Float4x4 end = mid * Float4x4::FromAffine(o.translation[2], o.rotation[2], o.scale[2]);
  SimdQuaternion start_correction, mid_correction;
  ozz::animation::IKTwoBoneJob job;
  job.target = o.target;
  job.pole_vector = o.pole;
  job.mid_axis = o.mid_axis;
  job.start_joint = &start;
  job.mid_joint = &mid;
  job.end_joint = &end;
  job.start_joint_correction = &start_correction;
  job.mid_joint_correction = &mid_correction;
  job.reached = &o.reached;
  job.Run();
  // The corrections into the local rotations (ozz's sample: local * correction).
  o.new_rotation[0] = (SimdQuaternion{o.rotation[0]} * start_correction).xyzw;
  o.new_rotation[1] = (SimdQuaternion{o.rotation[1]} * mid_correction).xyzw;
}

void TwoBonePeers::run_ozz_job_only(int i) {
  OzzLimb& o = data_->ozz[static_cast<size_t>(i)];
  ozz::animation::IKTwoBoneJob job;
  job.target = o.target;
  job.pole_vector = o.pole;
  job.mid_axis = o.mid_axis;
  job.start_joint = &o.model[0];
  job.mid_joint = &o.model[1];
  job.end_joint = &o.model[2];
  job.start_joint_correction = &o.correction[0];
  job.mid_joint_correction = &o.correction[1];
  job.reached = &o.reached;
  job.Run();
}

const char* TwoBonePeers::ozz_instruction_set() {
#if defined(OZZ_SIMD_AVX2) && defined(OZZ_SIMD_FMA)
  return "AVX2 + FMA";
#elif defined(OZZ_SIMD_AVX)
  return "AVX";
#elif defined(OZZ_SIMD_SSE4_1)
  return "SSE4.1";
#elif defined(OZZ_SIMD_SSE2)
  return "SSE2";
#else
  return "scalar reference";
#endif
}

const char* TwoBonePeers::ikscope_instruction_set() {
  return ik::cpu_has_avx2_fma() ? "AVX2 + FMA (run-time dispatch)" : "SSE2";
}

TwoBonePeerCheck TwoBonePeers::check() {
  TwoBonePeerCheck c;
  c.cases = size();
  int out_of_reach = 0;
  for (int i = 0; i < c.cases; ++i) {
    solve_ikscope(i);
    solve_ozz(i);
    const CaseGeometry& g = data_->geometry[static_cast<size_t>(i)];
    const IkscopeLimb& limb = data_->ikscope[static_cast<size_t>(i)];
    const OzzLimb& o = data_->ozz[static_cast<size_t>(i)];
    glm::dvec3 mid_ikscope, end_ikscope, mid_ozz, end_ozz;
    limb_positions(g, glm::normalize(glm::dquat(limb.pose.local[0].rotation)),
                   glm::normalize(glm::dquat(limb.pose.local[1].rotation)), mid_ikscope, end_ikscope);
    limb_positions(g, to_dquat(o.new_rotation[0]), to_dquat(o.new_rotation[1]), mid_ozz, end_ozz);
    const double reach = g.l1 + g.l2;
    const double distance = glm::length(g.target - g.translation[0]);
    // The nearest the end can come: on the target, or (out of reach) straight toward it.
    const double least_miss = std::max(0.0, distance - reach);
    out_of_reach += distance > reach;
    c.largest_mid_gap = std::max(c.largest_mid_gap, glm::length(mid_ikscope - mid_ozz) / reach);
    c.largest_end_gap = std::max(c.largest_end_gap, glm::length(end_ikscope - end_ozz) / reach);
    c.largest_ikscope_miss =
        std::max(c.largest_ikscope_miss, (glm::length(end_ikscope - g.target) - least_miss) / reach);
    c.largest_ozz_miss = std::max(c.largest_ozz_miss, (glm::length(end_ozz - g.target) - least_miss) / reach);
    // Reached or not, away from the ends of the range where a tolerance decides it.
    const double shortest = std::fabs(g.l1 - g.l2);
    const bool clear = std::fabs(distance - reach) > 0.01 * reach && std::fabs(distance - shortest) > 0.01 * reach;
    if (clear && (limb.result.status == ik::SolveStatus::reached) != o.reached) ++c.reached_disagreements;
  }
  c.passed = c.cases > 0 && c.largest_mid_gap <= kTolerance && c.largest_end_gap <= kTolerance &&
             c.largest_ikscope_miss <= kTolerance && c.largest_ozz_miss <= kTolerance && c.reached_disagreements == 0;
  char text[512];
  std::snprintf(text, sizeof text,
                "two-bone, ikscope against ozz IKTwoBoneJob, %d cases (%d out of reach): largest gap between the "
                "two sides' middle joints %.2g and end joints %.2g, largest miss of the target ikscope %.2g, "
                "ozz %.2g (fractions of the reach; allowed %.0e); %d reached/unreached disagreements: %s",
                c.cases, out_of_reach, c.largest_mid_gap, c.largest_end_gap, c.largest_ikscope_miss, c.largest_ozz_miss,
                kTolerance, c.reached_disagreements, c.passed ? "PASSED" : "FAILED");
  c.text = text;
  return c;
}

}  // namespace ikbench
