#include "app/core/history.h"


namespace app {
namespace {

// Compared field by field: the structs have padding, so their bytes are not comparable.
bool same_goal(const ik::Goal& a, const ik::Goal& b) {
  return a.position == b.position && a.use_orientation == b.use_orientation &&
         a.orientation == b.orientation && a.pole == b.pole && a.up == b.up && a.scale == b.scale &&
         a.use_pole == b.use_pole && a.pole_target == b.pole_target && a.pole_twist == b.pole_twist;
}

bool same_params(const ik::Params& a, const ik::Params& b) {
  return a.max_iterations == b.max_iterations && a.tolerance == b.tolerance &&
         a.tolerance_relative == b.tolerance_relative && a.lambda == b.lambda &&
         a.finite_difference == b.finite_difference && a.fd_step == b.fd_step &&
         a.max_step_angle == b.max_step_angle && a.use_limits == b.use_limits &&
         a.warm_start == b.warm_start && a.orientation_weight == b.orientation_weight &&
         a.gravity == b.gravity && a.mass == b.mass && a.damping == b.damping &&
         a.time_step == b.time_step && a.substep == b.substep &&
         a.constraint_iterations == b.constraint_iterations && a.min_scale == b.min_scale &&
         a.max_scale == b.max_scale;
}

}  // namespace

bool same_chains(const std::vector<ik::Chain>& a, const std::vector<ik::Chain>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const ik::Chain& x = a[i];
    const ik::Chain& y = b[i];
    if (x.root != y.root || x.effector != y.effector || x.solver != y.solver ||
        x.enabled != y.enabled || !same_goal(x.goal, y.goal) || !same_params(x.params, y.params) ||
        x.extra_effectors.size() != y.extra_effectors.size() || x.group != y.group ||
        x.follow_joint != y.follow_joint || x.aim != y.aim || x.aim_axis != y.aim_axis)
      return false;
    if (x.ik_weight != y.ik_weight) return false;  // the IK weight (solvers/ik_blend.h)
    if (x.motion != y.motion || x.follow_path != y.follow_path) return false;  // goal modes (goal_space.h)
    for (size_t k = 0; k < x.extra_effectors.size(); ++k) {
      const ik::EffectorGoal& e = x.extra_effectors[k];
      const ik::EffectorGoal& f = y.extra_effectors[k];
      if (e.joint != f.joint || e.weight != f.weight || !same_goal(e.goal, f.goal)) return false;
    }
  }
  return true;
}

void History::reset(const std::vector<ik::Chain>& current) {
  undo_.clear();
  redo_.clear();
  committed_ = current;
}

void History::commit(const std::vector<ik::Chain>& current) {
  if (same_chains(current, committed_)) return;
  undo_.push_back(committed_);
  redo_.clear();
  committed_ = current;
}

bool History::undo(std::vector<ik::Chain>& current) {
  if (undo_.empty()) return false;
  // An edit still in progress (not committed) is dropped with the undo.
  redo_.push_back(committed_);
  committed_ = undo_.back();
  undo_.pop_back();
  current = committed_;
  return true;
}

bool History::redo(std::vector<ik::Chain>& current) {
  if (redo_.empty()) return false;
  undo_.push_back(committed_);
  committed_ = redo_.back();
  redo_.pop_back();
  current = committed_;
  return true;
}

}  // namespace app
