#include "app/editor/inspection.h"

#include <chrono>

#include "app/editor/goal_motion.h"
#include "app/editor/motion_batch.h"
#include "app/editor/spline_edits.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/goal_space.h"
#include "solvers/ik/spline/spline.h"
#include "solvers/ik/workspace.h"
#include "solvers/scene/goal_reading.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

void ghost_of(const ik::Skeleton& s, const std::vector<glm::mat4>& world, const std::vector<int>& joints,
              GhostPose& out) {
  out.bone_segments.clear();
  out.joints.clear();
  for (size_t k = 0; k < joints.size(); ++k) {
    const int j = joints[k];
    out.joints.push_back(ik::position_of(world[static_cast<size_t>(j)]));
    const int p = s.parent[static_cast<size_t>(j)];
    // A bone belongs to the ghost when both its ends are chain joints.
    for (size_t m = 0; m < k; ++m)
      if (joints[m] == p) {
        out.bone_segments.push_back(ik::position_of(world[static_cast<size_t>(p)]));
        out.bone_segments.push_back(ik::position_of(world[static_cast<size_t>(j)]));
      }
  }
}

// The pose with the chain joints of `trace` set from its iteration `iteration`.
bool pose_at_iteration(const Editor& editor, const ik::Trace& trace, int iteration, ik::Pose& pose) {
  const size_t n = trace.joints.size();
  if (n == 0 || iteration < 0 || (static_cast<size_t>(iteration) + 1) * n > trace.poses.size()) return false;
  pose = editor.solve.pose;
  for (size_t k = 0; k < n; ++k)
    pose.local[static_cast<size_t>(trace.joints[k])] = trace.poses[static_cast<size_t>(iteration) * n + k];
  return true;
}

}  // namespace

void solve_from_rest(Editor& editor) {
  reset_pose(editor);
  solve_chains(editor);
  const int c = editor.selection.chain;
  editor.inspection.explicit_solve_chain = -1;
  if (c < 0 || c >= static_cast<int>(editor.solve.frame.traces.size())) return;
  editor.inspection.explicit_solve_chain = c;
  editor.inspection.explicit_solve_trace = editor.solve.frame.traces[static_cast<size_t>(c)];
  editor.inspection.explicit_solve_chains = editor.document.chains;
}

const ik::Trace* inspected_trace(const Editor& editor, int c, bool* is_explicit) {
  if (is_explicit) *is_explicit = false;
  if (c < 0) return nullptr;
  if (c == editor.inspection.explicit_solve_chain && same_chains(editor.document.chains, editor.inspection.explicit_solve_chains)) {
    if (is_explicit) *is_explicit = true;
    return &editor.inspection.explicit_solve_trace;
  }
  if (c >= static_cast<int>(editor.solve.frame.last_work.size())) return nullptr;
  return &editor.solve.frame.last_work[static_cast<size_t>(c)];
}

bool ghost_at_iteration(const Editor& editor, const ik::Trace& trace, int iteration, GhostPose& out) {
  ik::Pose pose;
  if (!pose_at_iteration(editor, trace, iteration, pose)) return false;
  std::vector<glm::mat4> world;
  ik::fk_all(editor.document.rig.skeleton, pose, world);
  ghost_of(editor.document.rig.skeleton, world, trace.joints, out);
  return true;
}

std::vector<glm::vec3> effector_trail(const Editor& editor, int chain, const ik::Trace& trace) {
  std::vector<glm::vec3> trail;
  if (chain < 0 || chain >= static_cast<int>(editor.document.chains.size()) || trace.joints.empty()) return trail;
  const int effector = editor.document.chains[static_cast<size_t>(chain)].effector;
  const int iterations = static_cast<int>(trace.poses.size() / trace.joints.size());
  ik::Pose pose;
  std::vector<glm::mat4> world;
  for (int i = 0; i < iterations; ++i) {
    if (!pose_at_iteration(editor, trace, i, pose)) break;
    ik::fk_all(editor.document.rig.skeleton, pose, world);
    trail.push_back(ik::position_of(world[static_cast<size_t>(effector)]));
  }
  return trail;
}

std::vector<glm::vec3> clamped_joints(const Editor& editor) {
  std::vector<glm::vec3> points;
  for (size_t c = 0; c < editor.solve.frame.last_work.size() && c < editor.document.chains.size(); ++c) {
    if (!editor.document.chains[c].enabled) continue;
    const ik::Trace& t = editor.solve.frame.last_work[c];
    for (size_t k = 0; k < t.clamped.size() && k < t.joints.size(); ++k)
      if (t.clamped[k]) points.push_back(ik::position_of(editor.solve.world[static_cast<size_t>(t.joints[k])]));
  }
  return points;
}

bool open_comparison(Editor& editor, const std::string& chain_name) {
  const int c = pick_motion_chain(editor.document.rig, editor.document.chains, chain_name, -1);
  if (c < 0) {
    set_status(editor,
               chain_name.empty() ? "--compare: the rig has no enabled chain"
                                  : "--chain '" + chain_name + "': the rig has no such chain",
               true);
    return false;
  }
  select_chain(editor, c);
  editor.inspection.compare_requested = true;
  return true;
}

std::vector<ComparisonRun> compare_solvers(const Editor& editor) {
  std::vector<ComparisonRun> runs;
  const int c = editor.selection.chain;
  if (!editor.document.has_rig || c < 0 || c >= static_cast<int>(editor.document.chains.size())) return runs;
  const ik::Skeleton& s = editor.document.rig.skeleton;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const std::vector<int> path = ik::chain_path(s, chain.root, chain.effector);
  if (path.empty()) return runs;
  const int bones = static_cast<int>(path.size()) - 1;

  ik::Pose start = editor.solve.pose;
  for (int j : path) start.local[static_cast<size_t>(j)] = s.rest[static_cast<size_t>(j)];
  ik::Workspace workspace;
  std::vector<glm::mat4> world;
  for (int k = 0; k < ik::solver_count(); ++k) {
    const ik::SolverInfo& info = ik::solver_table()[k];
    if (info.scale_goal || (info.exact_bones > 0 && info.exact_bones != bones)) continue;
    ComparisonRun run;
    run.solver = k;
    ik::Chain trial = chain;
    trial.solver = k;
    // A following, animated, path or aim goal as the scene solve would hand it over, the extra
    // effectors' too (solvers/ik/goal_space.h).
    if (ik::goal_is_derived(chain)) {
      const ik::Pose* animated =
          editor.timeline.animated.local.size() == start.local.size() ? &editor.timeline.animated : nullptr;
      if (!ik::solving_goals(s, start, chain, trial, animated, followed_path(editor, c), goal_path_time(editor)))
        return runs;
      trial.follow_joint = -1;
      trial.aim = false;
    }
    // A chain that has no control points yet gets those picking the spline solver would give it
    // (app/editor/spline_edits.h), so its row shows a curve through the pose, not a straight line.
    if (info.family == ik::SolverFamily::curve && trial.spline_points.empty())
      trial.spline_points = ik::default_spline_points(s, editor.solve.world, chain.root, chain.effector,
                                                      ik::default_spline_point_count(bones));
    trial.params.warm_start = true;  // from `start`, the same for every solver
    ik::Pose pose = start;
    ik::Trace trace;
    const auto t0 = std::chrono::steady_clock::now();
    run.result = ik::solve_chain(info, s, trial, pose, workspace, &trace);
    const auto t1 = std::chrono::steady_clock::now();
    run.microseconds = std::chrono::duration<float, std::micro>(t1 - t0).count();
    run.errors = trace.error;
    ik::fk_all(s, pose, world);
    ghost_of(s, world, path, run.ghost);
    if (!chain.aim) run.reading = ik::read_goal(s, pose, world, trial, info);
    runs.push_back(std::move(run));
  }
  return runs;
}

bool selected_chain_readout(const Editor& editor, ik::JacobianReadout& out) {
  const int c = editor.selection.chain;
  if (!editor.document.has_rig || c < 0 || c >= static_cast<int>(editor.document.chains.size())) return false;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  if (chain.solver < 0 || chain.solver >= ik::solver_count()) return false;
  if (ik::solver_table()[chain.solver].family != ik::SolverFamily::jacobian) return false;
  ik::Workspace workspace;  // scratch only: the editor's holds per-chain simulation state
  return ik::jacobian_readout(editor.document.rig.skeleton, chain, editor.solve.pose, workspace, out);
}

ik::GoalReading chain_goal_reading(const Editor& editor, int c) {
  if (!editor.document.has_rig || c < 0 || c >= static_cast<int>(editor.document.chains.size())) return {};
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  // An aim chain's goal is a point to look at, not one to reach: nothing to read apart.
  if (chain.solver < 0 || chain.solver >= ik::solver_count() || chain.aim) return {};
  const ik::Skeleton& s = editor.document.rig.skeleton;
  if (editor.solve.world.size() != static_cast<size_t>(s.joint_count())) return {};
  ik::Chain solved = chain;
  solved.goal = handed_goal(editor, c);
  return ik::read_goal(s, editor.solve.pose, editor.solve.world, solved, ik::solver_table()[chain.solver]);
}

bool goal_parts_per_iteration(const Editor& editor, int c, const ik::Trace& trace, std::vector<float>& position,
                              std::vector<float>& orientation) {
  position.clear();
  orientation.clear();
  if (!editor.document.has_rig || c < 0 || c >= static_cast<int>(editor.document.chains.size()) || trace.joints.empty())
    return false;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  if (chain.solver < 0 || chain.solver >= ik::solver_count() || chain.aim || !chain.goal.use_orientation ||
      !ik::solver_table()[chain.solver].orientation_goals)
    return false;
  const ik::Goal goal = handed_goal(editor, c);
  const size_t effector = static_cast<size_t>(chain.effector);
  const int iterations = static_cast<int>(trace.poses.size() / trace.joints.size());
  ik::Pose pose;
  std::vector<glm::mat4> world;
  for (int i = 0; i < iterations && pose_at_iteration(editor, trace, i, pose); ++i) {
    ik::fk_all(editor.document.rig.skeleton, pose, world);
    position.push_back(glm::length(ik::position_of(world[effector]) - goal.position));
    const glm::vec3 turn =
        ik::rotation_vector_between(ik::rotation_of(glm::mat3(world[effector])), glm::normalize(goal.orientation));
    orientation.push_back(chain.params.orientation_weight * glm::length(turn));
  }
  return !position.empty();
}

}  // namespace app
