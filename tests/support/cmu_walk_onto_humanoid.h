// The CMU walk (../shared/mocap/131_01.bvh) retargeted onto the built-in humanoid by roles,
// and its left leg cleaned up (the feet held where the capture's stood) and solved: what the
// retarget's tests (tests/solvers/rig/test_retarget*.cpp) read.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "io/bvh/bvh_import.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/pose.h"
#include "solvers/rig/contact_joints.h"
#include "solvers/rig/retarget.h"
#include "solvers/scene/motion_analysis.h"
#include "solvers/scene/solver_table.h"

namespace cmu_walk {

struct RoledRig {
  ik::Skeleton skeleton;
  std::vector<ik::JointRole> roles;
  ik::RetargetRig view() const { return {&skeleton, &roles}; }
};

inline RoledRig from_imported(const ik::ImportedRig& rig) { return {rig.skeleton, rig.roles}; }

inline RoledRig from_skeleton(const ik::Skeleton& s) { return {s, ik::recognise_roles(s).joints}; }

inline ik::ImportedRig load_walk() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_bvh_file(std::string(IKSCOPE_SHARED_DIR) + "/mocap/131_01.bvh", ik::BvhOptions{}, rig, error))
      << error;
  return rig;
}

inline ik::ImportedRig load_humanoid() {
  ik::ImportedRig rig;
  std::string error;
  EXPECT_TRUE(ik::import_gltf_file(std::string(IKSCOPE_SOURCE_DIR) + "/assets/humanoid.gltf", rig, error)) << error;
  return rig;
}

// The CMU walk retargeted onto the humanoid: both rigs, the map, the clip and the result.
struct WalkOntoHumanoid {
  ik::ImportedRig walk_rig;
  RoledRig walk, humanoid;
  std::string problem;  // map_by_roles'
  ik::RetargetMap map;
  ik::Clip out;
  const ik::Clip& clip() const { return walk_rig.clips.at(0); }
};

inline WalkOntoHumanoid walk_onto_humanoid() {
  WalkOntoHumanoid w;
  w.walk_rig = load_walk();
  w.walk = from_imported(w.walk_rig);
  w.humanoid = from_imported(load_humanoid());
  w.map = ik::map_by_roles(w.walk.view(), w.humanoid.view(), {}, w.problem);
  if (w.problem.empty() && !w.walk_rig.clips.empty())
    w.out = ik::retarget_clip(w.walk.view(), w.clip(), w.humanoid.view(), w.map, "walk", &w.map.floor_shift);
  return w;
}

// The CMU walk onto the humanoid, its plants carried from the capture, the left leg (thigh
// to ankle) cleaned up on `ground` -- each plant held where the capture's foot stood --
// through DLS, FABRIK, CCD and two-bone (with `orientation`, the foot's orientation in the
// clip is its goal too: the program's default for a foot following the animation).
struct CleanedLeftLeg {
  std::vector<ik::ContactJoint> onto;
  std::vector<ik::FootContacts> target;       // the humanoid's plants
  size_t e = 0;                               // the left ankle's index in `onto`
  std::vector<std::vector<glm::vec3>> stand;  // per contact joint, where the capture stood
  ik::MotionTrack track;
  std::vector<glm::vec3> as_retargeted;  // the left ankle as retargeted
  ik::MotionReport report;
};
inline void clean_up_left_leg(const WalkOntoHumanoid& w, const ik::Ground& ground, CleanedLeftLeg& out,
                              bool orientation = false) {
  ASSERT_EQ(w.problem, "");
  const RoledRig &walk = w.walk, &humanoid = w.humanoid;
  const ik::RetargetMap& map = w.map;
  const ik::Clip& clip = w.clip();
  const float rate = 120.0f;
  const std::vector<ik::ContactJoint> from = ik::find_contact_joints(walk.skeleton, walk.roles);
  out.onto = ik::find_contact_joints(humanoid.skeleton, humanoid.roles);
  const std::vector<ik::FootContacts> source = ik::detect_contacts(walk.skeleton, clip, rate, from, {});
  out.target.assign(out.onto.size(), {});
  for (size_t i = 0; i < out.onto.size(); ++i) out.target[i].joint = out.onto[i].joint;
  EXPECT_EQ(ik::carry_contacts(map, source, out.target), static_cast<int>(out.onto.size()));
  for (const ik::FootContacts& foot : out.target) {
    const int s = map.source_joint[static_cast<size_t>(foot.joint)];
    ASSERT_GE(s, 0);
    const auto from_foot =
        std::find_if(source.begin(), source.end(), [&](const ik::FootContacts& f) { return f.joint == s; });
    ASSERT_NE(from_foot, source.end());
    ASSERT_TRUE(ik::same_contacts({foot}, {ik::FootContacts{foot.joint, from_foot->plants}}));
  }
  ik::Chain leg;
  leg.root = ik::first_joint_with_role(humanoid.roles, ik::Role::thigh, ik::Side::left);
  leg.effector = ik::first_joint_with_role(humanoid.roles, ik::Role::foot, ik::Side::left);
  leg.goal.use_orientation = orientation;
  leg.goal.auto_pole = true;  // as the legs from roles have it (role_chains.h)
  out.e = static_cast<size_t>(std::find_if(out.onto.begin(), out.onto.end(),
                                           [&](const ik::ContactJoint& c) { return c.joint == leg.effector; }) -
                              out.onto.begin());
  ASSERT_LT(out.e, out.onto.size());
  const ik::Pose rest = ik::rest_pose(humanoid.skeleton);
  ASSERT_EQ(ik::track_from_clip(humanoid.skeleton, rest, w.out, leg.effector, rate, 0, out.track), "");
  const int frames = static_cast<int>(out.track.times.size());
  for (const ik::ContactJoint& c : out.onto)
    out.stand.push_back(ik::carried_path(walk.skeleton, clip, map, map.source_joint[static_cast<size_t>(c.joint)],
                                         out.track.times[0], rate, frames));
  out.as_retargeted = out.track.positions;
  ASSERT_TRUE(ik::track_feet(out.track, humanoid.skeleton, out.onto, out.target, glm::vec3(0.0f), leg.effector, true,
                             ground, out.stand));
  ik::MotionOptions options;
  options.solvers = {ik::find_solver("dls"), ik::find_solver("fabrik"), ik::find_solver("ccd"),
                     ik::find_solver("two_bone")};
  ASSERT_EQ(ik::analyse_motion(humanoid.skeleton, leg, rest, out.track, options, out.report), "");
}

}  // namespace cmu_walk
