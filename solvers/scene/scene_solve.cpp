#include "solvers/scene/scene_solve.h"

#include <algorithm>
#include <chrono>
#include <cstddef>

#include "solvers/ik/goal_space.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/solver_table.h"

namespace ik {
namespace {

using Clock = std::chrono::steady_clock;

float microseconds_since(Clock::time_point start) {
  return std::chrono::duration<float, std::micro>(Clock::now() - start).count();
}

bool solves_scale(const Chain& chain) {
  return chain.solver >= 0 && chain.solver < solver_count() &&
         solver_table()[chain.solver].scale_goal;
}

// True if `joint` is a joint at or below `root` (walking up the parents; a parent's index is
// always smaller, skeleton.h).
bool at_or_below(const Skeleton& skeleton, int joint, int root) {
  const int n = skeleton.joint_count();
  if (root < 0 || root >= n || joint < 0 || joint >= n) return false;
  while (joint > root) joint = skeleton.parent[static_cast<size_t>(joint)];
  return joint == root;
}

// Marks the joints on the way from `joint` up to `root` (both included) and every ancestor of
// `root`: for a `joint` below `root`, simply everything from `joint` up to the skeleton's root.
void lock_up_from(const Skeleton& skeleton, int joint, Workspace& ws) {
  for (; joint >= 0; joint = skeleton.parent[static_cast<size_t>(joint)])
    ws.locked[static_cast<size_t>(joint)] = 1;
}

// Marks the chain's joints (the paths from its root to its effector and to each extra
// effector: the chain's tree, fill_chain_tree) and every ancestor of its root as owned --
// nothing if an effector is not below the root. Walks the parent links directly: the tree
// itself is not needed, only which joints it holds.
void lock_chain(const Skeleton& skeleton, const Chain& chain, Workspace& ws) {
  if (!at_or_below(skeleton, chain.effector, chain.root)) return;
  for (const EffectorGoal& e : chain.extra_effectors)
    if (!at_or_below(skeleton, e.joint, chain.root)) return;
  // The main effector's own rotation moves nothing a position goal asks for: a later chain
  // may turn it (a clavicle chain ends at the upper arm, from which the arm chain starts).
  // With an orientation goal, or extra effectors (which may hang below it), it is owned.
  const bool owns_effector = chain.goal.use_orientation || !chain.extra_effectors.empty();
  const int effector_parent = skeleton.parent[static_cast<size_t>(chain.effector)];
  lock_up_from(skeleton, owns_effector || chain.effector == chain.root ? chain.effector : effector_parent, ws);
  for (const EffectorGoal& e : chain.extra_effectors) lock_up_from(skeleton, e.joint, ws);
}

// True if motion->held holds a goal of `chain` (effector_held), with the held goals written
// into `solving` (first a copy of `chain` when `copy`).
bool hold_goals(const Chain& chain, const MotionSources* motion, Chain& solving, bool copy) {
  bool any = false;
  for (int i = 0; i < effector_count(chain); ++i) any = any || effector_held(motion, chain, i);
  if (!any) return false;
  if (copy) solving = chain;
  for (int i = 0; i < effector_count(chain); ++i)
    if (effector_held(motion, chain, i))
      effector_goal(solving, i) = held_goal(*motion, effector_joint(chain, i), effector_goal(solving, i));
  return true;
}

// solve_scene's loop; with `chain_microseconds` (sized to the chains) each chain's solve is
// timed into its entry.
void solve_in_order(const Skeleton& skeleton, const std::vector<Chain>& chains, Pose& pose,
                    Workspace& workspace, std::vector<SolveResult>& results,
                    std::vector<Trace>* traces, float* chain_microseconds, const MotionSources* motion) {
  results.assign(chains.size(), SolveResult{});
  if (traces != nullptr) traces->resize(chains.size());
  const size_t joint_count = static_cast<size_t>(skeleton.joint_count());
  if (pose.local.size() != joint_count) return;
  workspace.locked.assign(joint_count, 0);
  scene_solve_order(chains, workspace.order);

  for (size_t i = 0; i < workspace.order.size(); ++i) {
    const int index = workspace.order[i];
    const Chain& chain = chains[static_cast<size_t>(index)];
    if (chain.solver < 0 || chain.solver >= solver_count()) continue;  // stays invalid_input
    // A following or aim goal is made from the pose as solved so far (goal_space.h): the
    // chain owning the followed joint has an earlier effector and has already run.
    const Chain* solving = &chain;
    if (goal_is_derived(chain)) {
      workspace.solving_chain = chain;
      const Pose* animated = motion != nullptr ? motion->animated : nullptr;
      const GoalPath* path = motion != nullptr && motion->paths != nullptr &&
                                     static_cast<size_t>(index) < motion->paths->size()
                                 ? (*motion->paths)[static_cast<size_t>(index)]
                                 : nullptr;
      const float time = motion != nullptr ? motion->time : 0.0f;
      if (!solving_goals(skeleton, pose, chain, workspace.solving_chain, animated, path, time))
        continue;  // invalid_input
      solving = &workspace.solving_chain;
    }
    if (hold_goals(chain, motion, workspace.solving_chain, solving != &workspace.solving_chain))
      solving = &workspace.solving_chain;
    workspace.chain_slot = index;
    Trace* trace = traces != nullptr ? &(*traces)[static_cast<size_t>(index)] : nullptr;
    const Clock::time_point start =
        chain_microseconds != nullptr ? Clock::now() : Clock::time_point{};
    const SolveResult r = solve_chain(solver_table()[chain.solver], skeleton, *solving, pose, workspace, trace);
    if (chain_microseconds != nullptr) chain_microseconds[index] = microseconds_since(start);
    results[static_cast<size_t>(index)] = r;
    if (r.status != SolveStatus::invalid_input && !solves_scale(chain))
      lock_chain(skeleton, *solving, workspace);
  }
  std::fill(workspace.locked.begin(), workspace.locked.end(), 0);
}

}  // namespace

bool effector_held(const MotionSources* motion, const Chain& chain, int i) {
  if (motion == nullptr || motion->held == nullptr || motion->held_goals == nullptr) return false;
  if (i > 0 && !effector_pinned(chain, i)) return false;  // an unpinned foot is the user's to drag
  const int joint = effector_joint(chain, i);
  const size_t j = static_cast<size_t>(joint);
  return joint >= 0 && j < motion->held->size() && j < motion->held_goals->size() && (*motion->held)[j] != 0;
}

Goal held_goal(const MotionSources& motion, int joint, Goal goal) {
  const size_t j = static_cast<size_t>(joint);
  goal.position = (*motion.held_goals)[j];
  if (motion.held_turns != nullptr && j < motion.held_turns->size())
    goal.orientation = (*motion.held_turns)[j] * goal.orientation;
  return goal;
}

void scene_solve_order(const std::vector<Chain>& chains, std::vector<int>& order) {
  order.clear();
  for (size_t i = 0; i < chains.size(); ++i)
    if (chains[i].enabled) order.push_back(static_cast<int>(i));
  const auto before = [&](int a, int b) {
    const Chain& ca = chains[static_cast<size_t>(a)];
    const Chain& cb = chains[static_cast<size_t>(b)];
    const bool sa = solves_scale(ca), sb = solves_scale(cb);
    if (sa != sb) return sa;  // scale chains first
    return ca.effector < cb.effector;
  };
  // A stable insertion sort: std::stable_sort asks for a temporary buffer (an allocation
  // every frame), and a scene has tens of chains, not thousands.
  for (size_t i = 1; i < order.size(); ++i) {
    const int moving = order[i];
    size_t k = i;
    for (; k > 0 && before(moving, order[k - 1]); --k) order[k] = order[k - 1];
    order[k] = moving;
  }
}

void solve_scene(const Skeleton& skeleton, const std::vector<Chain>& chains, Pose& pose,
                 Workspace& workspace, std::vector<SolveResult>& results,
                 std::vector<Trace>* traces, const MotionSources* motion) {
  solve_in_order(skeleton, chains, pose, workspace, results, traces, nullptr, motion);
}

void FrameSolve::reset(size_t chain_count) {
  results.assign(chain_count, SolveResult{});
  traces.assign(chain_count, Trace{});
  last_work.assign(chain_count, Trace{});
  chain_microseconds.assign(chain_count, 0.0f);
  microseconds = 0.0f;
}

void FrameSolve::erase_chain(size_t chain) {
  auto erase = [chain](auto& entries) {
    if (chain < entries.size()) entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(chain));
  };
  erase(results);
  erase(traces);
  erase(last_work);
  erase(chain_microseconds);
}

void solve_frame(const Skeleton& skeleton, const std::vector<Chain>& chains, int inspected_chain,
                 Pose& pose, Workspace& workspace, FrameSolve& frame, const MotionSources* motion) {
  const Clock::time_point start = Clock::now();
  const size_t n = chains.size();
  frame.traces.resize(n);
  for (size_t i = 0; i < n; ++i)
    frame.traces[i].record_poses = static_cast<int>(i) == inspected_chain;
  frame.chain_microseconds.assign(n, 0.0f);
  solve_in_order(skeleton, chains, pose, workspace, frame.results, &frame.traces,
                 frame.chain_microseconds.data(), motion);
  frame.last_work.resize(n);
  for (size_t i = 0; i < n; ++i)
    if (frame.traces[i].error.size() > 1) frame.last_work[i] = frame.traces[i];
  frame.microseconds = microseconds_since(start);
}

}  // namespace ik
