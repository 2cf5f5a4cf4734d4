// The program's full-body settings outside the chains: how stiff each joint role is, how
// much the hips resist sliding and whether the body keeps its balance -- the full-body
// solver's settings (FullBodyScratch,
// solvers/ik/full_body/full_body.h) per role instead of per joint. The program keeps them beside the
// chain list and treats them like a chain edit: undone and redone (app/editor/history.h),
// counted as unsaved, and saved in the session's "full_body" section
// (io/session/session_full_body.h). They live here, with the files, because the session, the undo
// history and the program all need this one type.
//
// Adding a setting: a member with its default, and one line in for_each_full_body_setting.
// Saving, loading (with its check and message), undo and "unsaved" all go through that
// line: a float or a role table needs a range, a bool needs none.
//
// Header only, so app/core (the undo history) can use it without linking io.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "solvers/ik/full_body/full_body.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/rig_roles.h"

namespace ik {

// Roles are a small enum (rig_roles.h): one stiffness per role, index = Role.
inline constexpr int kRoleSlots = static_cast<int>(Role::twist) + 1;
using RoleStiffness = std::array<float, kRoleSlots>;

// The stiffness the panel's sliders and a session accept: above 0, as the solver needs,
// and within what a logarithmic slider shows.
inline constexpr float kMinStiffness = 0.1f;
inline constexpr float kMaxStiffness = 100.0f;

// role_stiffness (full_body_setup.h) for each role.
inline RoleStiffness default_role_stiffness() {
  RoleStiffness stiffness{};
  for (int r = 0; r < kRoleSlots; ++r) {
    JointRole role;
    role.role = static_cast<Role>(r);
    stiffness[static_cast<std::size_t>(r)] = role_stiffness(role);
  }
  return stiffness;
}

struct FullBodySettings {
  // Per Role, kMinStiffness..kMaxStiffness.
  RoleStiffness role_stiffness = default_role_stiffness();
  // FullBodyScratch::root_translation_stiffness, within the same bounds.
  float root_translation_stiffness = 4.0f;
  // FullBodyScratch::balance: the centre of mass kept over the pinned feet. On in the
  // program, so a hand reaching forward bends the spine and keeps the hips back.
  bool balance = true;
  // FullBodyScratch::heels_rise: the pinned feet stand on the ground, and a heel rises where
  // the ankle cannot stand its foot level. On in the program (full body pins the feet where
  // they stand).
  bool heels_rise = true;
  // FullBodyScratch::knees_over_toes: each pinned foot's knee turned to point where its toes
  // do, as far as the hip and the ankle allow. On in the program.
  bool knees_over_toes = true;
  // FullBodyScratch::reference_pull, 0..1: each frame the joints the goals leave free go this
  // fraction of the way back to the clip's pose (or the rest pose). On in the program, so a
  // body crouched for a reach stands up again when the reach comes back.
  float reference_pull = 0.1f;
  // FullBodyScratch::hanging_joints: the upper arms (by role), so a free arm hangs as the
  // body bends. On in the program.
  bool free_arms_hang = true;
};

// A setting's bounds, inclusive.
struct SettingRange {
  float min = 0.0f;
  float max = 0.0f;
};

// Calls visit(key, member, range) for every setting, where `key` is its name in the
// session's "full_body" section and `member` a pointer to it in FullBodySettings (a bool
// gets no range: visit(key, member)). Writers, readers and comparisons are generic lambdas
// over this list.
template <typename Visit>
void for_each_full_body_setting(Visit&& visit) {
  visit("role_stiffness", &FullBodySettings::role_stiffness, SettingRange{kMinStiffness, kMaxStiffness});
  visit("hips_translation_stiffness", &FullBodySettings::root_translation_stiffness,
        SettingRange{kMinStiffness, kMaxStiffness});
  visit("balance", &FullBodySettings::balance);
  visit("heels_rise", &FullBodySettings::heels_rise);
  visit("knees_over_toes", &FullBodySettings::knees_over_toes);
  visit("pull_to_pose", &FullBodySettings::reference_pull, SettingRange{0.0f, 1.0f});
  visit("free_arms_hang", &FullBodySettings::free_arms_hang);
}

// True if every setting is equal (what undo and "unsaved" compare).
inline bool same_full_body_settings(const FullBodySettings& a, const FullBodySettings& b) {
  bool same = true;
  for_each_full_body_setting([&](const char*, auto member, auto...) { same = same && a.*member == b.*member; });
  return same;
}

// The solver's per-joint stiffness (FullBodyScratch::stiffness) from the settings: joint j
// gets its role's (roles[j]; a joint past the end of `roles` counts as having none).
// Allocation-free once `stiffness` has joint_count entries.
inline void fill_joint_stiffness(const FullBodySettings& settings, const std::vector<JointRole>& roles,
                                 std::size_t joint_count, std::vector<float>& stiffness) {
  stiffness.resize(joint_count);
  for (std::size_t j = 0; j < joint_count; ++j) {
    const Role role = j < roles.size() ? roles[j].role : Role::none;
    stiffness[j] = settings.role_stiffness[static_cast<std::size_t>(role)];
  }
}

// The settings into the full-body solver's scratch (FullBodyScratch, solvers/ik/full_body/full_body.h)
// for `skeleton` with `roles`: per-joint stiffness, the hips' translation stiffness, the
// balance, the segment masses from the roles, the upper arms as the joints that hang when
// free (free_arms_hang), and the pose the balance keeps
// and the pull toward it (`reference_pose`: the animated pose under the IK, kept alive by the
// caller; nullptr: the rest pose). What the program does before every solve. Allocation-free once the
// scratch has held this skeleton.
inline void apply_full_body_settings(const FullBodySettings& settings, const Skeleton& skeleton,
                                     const std::vector<JointRole>& roles, FullBodyScratch& scratch,
                                     const Pose* reference_pose = nullptr) {
  fill_joint_stiffness(settings, roles, skeleton.rest.size(), scratch.stiffness);
  scratch.root_translation_stiffness = settings.root_translation_stiffness;
  scratch.balance = settings.balance;
  scratch.heels_rise = settings.heels_rise;
  scratch.knees_over_toes = settings.knees_over_toes;
  scratch.reference_pull = settings.reference_pull;
  scratch.hanging_joints.clear();
  for (std::size_t j = 0; j < roles.size() && j < skeleton.rest.size(); ++j)
    if (settings.free_arms_hang && roles[j].role == Role::upper_arm)
      scratch.hanging_joints.push_back(static_cast<int>(j));
  fill_full_body_masses(skeleton, roles, scratch.segment_mass);
  scratch.reference_pose = reference_pose;
}

}  // namespace ik
