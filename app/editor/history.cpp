#include "app/editor/history.h"

#include "solvers/scene/solver_table.h"

namespace app {
namespace {

// Compared field by field: the structs have padding, so their bytes are not comparable.
bool same_goal(const ik::Goal& a, const ik::Goal& b) {
  return a.position == b.position && a.use_orientation == b.use_orientation && a.orientation == b.orientation &&
         a.pole == b.pole && a.up == b.up && a.scale == b.scale && a.use_pole == b.use_pole &&
         a.pole_target == b.pole_target && a.pole_twist == b.pole_twist && a.auto_pole == b.auto_pole;
}

}  // namespace

bool same_chains(const std::vector<ik::Chain>& a, const std::vector<ik::Chain>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const ik::Chain& x = a[i];
    const ik::Chain& y = b[i];
    if (x.root != y.root || x.effector != y.effector || x.solver != y.solver || x.enabled != y.enabled ||
        !same_goal(x.goal, y.goal) || !ik::same_params(x.params, y.params) ||
        x.extra_effectors.size() != y.extra_effectors.size() || x.group != y.group ||
        x.follow_joint != y.follow_joint || x.aim != y.aim || x.aim_axis != y.aim_axis)
      return false;
    if (x.ik_weight != y.ik_weight) return false;  // the IK weight (solvers/scene/ik_blend.h)
    if (x.motion != y.motion || x.follow_path != y.follow_path) return false;  // goal modes (goal_space.h)
    if (x.spline_points != y.spline_points) return false;                      // spline IK's control points
    for (size_t k = 0; k < x.extra_effectors.size(); ++k) {
      const ik::EffectorGoal& e = x.extra_effectors[k];
      const ik::EffectorGoal& f = y.extra_effectors[k];
      if (e.joint != f.joint || e.weight != f.weight || e.pinned != f.pinned || !same_goal(e.goal, f.goal))
        return false;
    }
  }
  return true;
}

bool same_limits(const LimitsState& a, const LimitsState& b) {
  if (a.limits.size() != b.limits.size() || a.edited != b.edited) return false;
  for (size_t j = 0; j < a.limits.size(); ++j) {
    const ik::JointLimits& x = a.limits[j];
    const ik::JointLimits& y = b.limits[j];
    if (x.enabled != y.enabled || x.hinge != y.hinge || x.hinge_axis != y.hinge_axis || x.min != y.min ||
        x.max != y.max || x.cone != y.cone || x.bone_axis != y.bone_axis || x.cone_middle != y.cone_middle ||
        x.swing != y.swing || x.twist_min != y.twist_min || x.twist_max != y.twist_max)
      return false;
  }
  return true;
}

void History::reset(const std::vector<ik::Chain>& current, const FullBodyState& full_body) {
  undo_.clear();
  redo_.clear();
  committed_ = Snapshot{current, LimitsState{}, full_body, ContactsState{}, false};
}

void History::commit(const std::vector<ik::Chain>& current) { commit(current, committed_.full_body); }

void History::commit(const std::vector<ik::Chain>& current, const FullBodyState& full_body) {
  if (same_chains(current, committed_.chains) && same_full_body_state(full_body, committed_.full_body)) return;
  undo_.push_back(committed_);
  redo_.clear();
  committed_.chains = current;
  committed_.full_body = full_body;
}

void History::commit_limits(const std::vector<ik::Chain>& current, const LimitsState& before,
                            const LimitsState& after) {
  if (committed_.limits.limits.empty()) committed_.limits = before;
  if (same_chains(current, committed_.chains) && same_limits(after, committed_.limits)) return;
  undo_.push_back(committed_);
  redo_.clear();
  committed_.chains = current;
  committed_.limits = after;
}

void History::commit_contacts(const std::vector<ik::Chain>& current, const ContactsState& before,
                              const ContactsState& after) {
  if (!committed_.contacts_known) {
    committed_.contacts = before;
    committed_.contacts_known = true;
  }
  if (same_chains(current, committed_.chains) && same_contacts_state(after, committed_.contacts)) return;
  undo_.push_back(committed_);
  redo_.clear();
  committed_.chains = current;
  committed_.contacts = after;
}

void History::commit_ground(const std::vector<ik::Chain>& current, const ik::Ground& before, const ik::Ground& after) {
  if (!committed_.ground_known) {
    committed_.ground = before;
    committed_.ground_known = true;
  }
  if (same_chains(current, committed_.chains) && ik::same_ground(after, committed_.ground)) return;
  undo_.push_back(committed_);
  redo_.clear();
  committed_.chains = current;
  committed_.ground = after;
}

void History::commit_motions(const std::vector<ik::Chain>& current, const std::vector<ik::RetargetOptions>& before,
                             const std::vector<ik::RetargetOptions>& after) {
  if (!committed_.motions_known) {
    committed_.motions = before;
    committed_.motions_known = true;
  }
  if (same_chains(current, committed_.chains) && after == committed_.motions) return;
  undo_.push_back(committed_);
  redo_.clear();
  committed_.chains = current;
  committed_.motions = after;
}

namespace {

// Moves `from`'s last snapshot into `committed` (which goes onto `to`) and hands it out.
bool step(std::vector<ik::Chain>& current, LimitsState* limits, FullBodyState* full_body, ContactsState* contacts,
          ik::Ground* ground, std::vector<ik::RetargetOptions>* motions, std::vector<History::Snapshot>& from,
          std::vector<History::Snapshot>& to, History::Snapshot& committed) {
  if (from.empty()) return false;
  // An edit still in progress (not committed) is dropped with the undo.
  to.push_back(committed);
  committed = from.back();
  from.pop_back();
  current = committed.chains;
  if (limits != nullptr && !committed.limits.limits.empty() && committed.limits.limits.size() == limits->limits.size())
    *limits = committed.limits;
  if (full_body != nullptr) *full_body = committed.full_body;
  if (contacts != nullptr && committed.contacts_known) *contacts = committed.contacts;
  if (ground != nullptr && committed.ground_known) *ground = committed.ground;
  if (motions != nullptr && committed.motions_known && committed.motions.size() == motions->size())
    *motions = committed.motions;
  return true;
}

}  // namespace

bool History::undo(std::vector<ik::Chain>& current, LimitsState* limits, FullBodyState* full_body,
                   ContactsState* contacts, ik::Ground* ground, std::vector<ik::RetargetOptions>* motions) {
  return step(current, limits, full_body, contacts, ground, motions, undo_, redo_, committed_);
}

bool History::redo(std::vector<ik::Chain>& current, LimitsState* limits, FullBodyState* full_body,
                   ContactsState* contacts, ik::Ground* ground, std::vector<ik::RetargetOptions>* motions) {
  return step(current, limits, full_body, contacts, ground, motions, redo_, undo_, committed_);
}

}  // namespace app
