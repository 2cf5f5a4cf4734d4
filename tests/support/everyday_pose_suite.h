// The everyday-pose suite (solvers/rig/everyday_poses.h) on the generated rigs of
// role_chain_rigs.h, as the program opens a rig: roles recognised, default limits from the
// roles on, chains from the roles, position goals only. Shared by the suite's test and its
// benchmark (free of the test framework).
#pragma once

#include <string>
#include <vector>

#include "solvers/anim/pose.h"
#include "solvers/ik/limits.h"
#include "solvers/ik/workspace.h"
#include "solvers/rig/default_limits.h"
#include "solvers/rig/everyday_poses.h"
#include "solvers/rig/role_chains.h"
#include "solvers/scene/solver_table.h"
#include "tests/support/role_chain_rigs.h"

namespace suite {

// Iterations a solve may take: the goal dropped at once, about six frames of the default 16.
constexpr int kMaxIterations = 100;

struct Rig {
  std::string name;
  ik::Skeleton skeleton;          // with the default limits from its roles
  std::vector<ik::Chain> chains;  // from the roles (solver unset)
  std::vector<ik::EverydayPose> poses;
};

inline Rig make_rig(const std::string& name, ik::Skeleton skeleton) {
  Rig rig;
  rig.name = name;
  const ik::RigRoles roles = ik::recognise_roles(skeleton);
  skeleton.limits = ik::default_limits_from_roles(skeleton, roles.joints);
  rig.chains = ik::chains_from_roles(skeleton, roles.joints, ik::rest_pose(skeleton), 0);
  rig.poses = ik::everyday_poses(skeleton, roles.joints);
  rig.skeleton = std::move(skeleton);
  return rig;
}

// One rig per naming convention and rest pose.
inline std::vector<Rig> rigs() {
  std::vector<Rig> out;
  out.push_back(make_rig("Mixamo T-pose", rigs::mixamo()));
  out.push_back(make_rig("Mixamo A-pose", rigs::mixamo("mixamorig:", true)));
  out.push_back(make_rig("Unreal mannequin", rigs::unreal_mannequin()));
  out.push_back(make_rig("Rigify", rigs::rigify()));
  return out;
}

// The solvers whose row reads the joint-limit parameter (solver_table.h) and that search for
// a pose reaching the goal. Spline IK (family curve) reads the limits too but lays the chain
// along the curve its control points give: without a curve drawn for the pose there is
// nothing of it to judge here (tests/solvers/ik/spline tests it).
inline std::vector<int> limit_solvers() {
  std::vector<int> out;
  const ik::ParamInfo* limits = ik::find_param("use_limits");
  for (int s = 0; s < ik::solver_count(); ++s)
    if (limits != nullptr && ik::reads_param(ik::solver_table()[s], *limits) &&
        ik::solver_table()[s].family != ik::SolverFamily::curve)
      out.push_back(s);
  return out;
}

// The chain for a pose: the rig's chain from its limb root to its effector, with the
// pose's goal (position only) and `solver`, started from rest. False if the rig has no such
// chain.
inline bool chain_for(const Rig& rig, const ik::EverydayPose& pose, int solver, ik::Chain& out) {
  for (const ik::Chain& c : rig.chains) {
    if (c.root != pose.root || c.effector != pose.effector) continue;
    out = c;
    out.solver = solver;
    out.goal.position = pose.goal;
    out.goal.use_orientation = false;
    out.params.use_limits = true;
    out.params.warm_start = false;
    out.params.max_iterations = kMaxIterations;
    return true;
  }
  return false;
}

// When `solver` cannot take the pose's chain at all (an analytic solver for another number
// of bones): the table's one-line advice; else empty.
inline std::string not_applicable(const Rig& rig, const ik::EverydayPose& pose, int solver) {
  return ik::bone_count_advice(ik::solver_table()[solver], rig.skeleton, pose.root, pose.effector);
}

struct Outcome {
  ik::SolveResult result;
  float distance = 0.0f;  // effector to goal, by forward kinematics of the pose written
  bool inside_limits = true;
  bool reached = false;  // status reached and distance within the tolerance (+1 %)
};

inline Outcome solve(const Rig& rig, const ik::EverydayPose& pose, const ik::Chain& chain, ik::Pose& scratch,
                     ik::Workspace& ws) {
  scratch = ik::rest_pose(rig.skeleton);
  Outcome o;
  o.result = ik::solver_table()[chain.solver].solve(rig.skeleton, chain, scratch, ws, nullptr);
  std::vector<glm::mat4> world;
  ik::fk_all(rig.skeleton, scratch, world);
  o.distance = glm::length(ik::position_of(world[static_cast<size_t>(pose.effector)]) - pose.goal);
  for (int j = pose.effector; j >= pose.root; j = rig.skeleton.parent[static_cast<size_t>(j)])
    o.inside_limits = o.inside_limits && ik::within_limits(rig.skeleton.limits[static_cast<size_t>(j)],
                                                           rig.skeleton.rest[static_cast<size_t>(j)].rotation,
                                                           scratch.local[static_cast<size_t>(j)].rotation, 1e-3f);
  const float tolerance = ik::resolve_tolerance(chain.params, pose.limb_length);
  o.reached = o.result.status == ik::SolveStatus::reached && o.distance <= tolerance * 1.01f + 1e-6f;
  return o;
}

}  // namespace suite
