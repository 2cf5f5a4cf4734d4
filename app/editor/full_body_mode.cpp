// Full-body mode (full_body_mode.h).
//
// Index: full_body_chain_index, full_body_available,
// enter_full_body_mode, leave_full_body_mode, apply_full_body_settings, goal handles,
// full_body_effectors, full_body_tolerance, effector_errors_per_iteration,
// compare_with_per_chain
#include "app/editor/full_body_mode.h"

#include <chrono>
#include <cmath>
#include <cstdint>

#include "app/editor/full_body_chains.h"
#include "app/editor/goal_handles.h"
#include "app/editor/goal_motion.h"
#include "app/editor/status_colours.h"
#include "solvers/ik/full_body/full_body.h"
#include "solvers/ik/goal_error.h"
#include "solvers/ik/goal_space.h"
#include "solvers/rig/full_body_setup.h"
#include "solvers/rig/suggest_chains.h"
#include "solvers/scene/scene_solve.h"
#include "solvers/scene/solver_table.h"

namespace app {
namespace {

bool is_full_body_chain(const ik::Chain& chain) {
  return chain.solver == ik::find_solver("full_body") && !chain.extra_effectors.empty();
}

// Effector i's goal of chain `c` in model space as the solver is handed it: in the chain's
// goal mode (following the animation: the main goal on the animated hand, each extra on its
// animated joint), a pinned foot the feet's cleanup holds at its place on the ground
// (ik::MotionSources::held).
ik::Goal handed_effector_goal(const Editor& editor, int c, int i) {
  if (i == 0) return handed_goal(editor, c);  // app/editor/goal_motion.h
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const ik::MotionSources held = held_sources(editor);
  const ik::Goal goal = ik::effector_goal_in_model_space(chain, i, editor.solve.world, goal_motion(editor, c));
  return ik::effector_held(&held, chain, i) ? ik::held_goal(held, ik::effector_joint(chain, i), goal) : goal;
}

// Effector i's error from `goal` as the solver measures it (ik::effector_error: distance,
// plus the orientation weight times the angle for an orientation goal); a pin the solve
// raised (`rise`, FullBodyScratch::pin_rise) from where it raised it.
float effector_error(const ik::Chain& chain, int i, ik::Goal goal, const std::vector<glm::mat4>& world,
                     const glm::vec3& rise = glm::vec3(0.0f)) {
  const glm::mat4& m = world[static_cast<size_t>(ik::effector_joint(chain, i))];
  goal.position += rise;
  return ik::effector_error(goal, ik::position_of(m), glm::mat3(m), chain.params.orientation_weight);
}
// ... from the goal the program's solve is handed.
float handed_effector_error(const Editor& editor, int c, int i, const std::vector<glm::mat4>& world,
                            const glm::vec3& rise) {
  return effector_error(editor.document.chains[static_cast<size_t>(c)], i, handed_effector_goal(editor, c, i), world,
                        rise);
}

// How far the program's last full-body solve raised effector i's pin (model space; 0 for
// none).
glm::vec3 pin_rise(const Editor& editor, int i) {
  const std::vector<glm::vec3>& rise = ik::full_body_scratch(editor.solve.workspace).pin_rise;
  return i >= 0 && i < static_cast<int>(rise.size()) ? rise[static_cast<size_t>(i)] : glm::vec3(0.0f);
}

bool holds(const ik::Chain& chain, int i) {
  return i == 0 || extra_effector_holds(chain.extra_effectors[static_cast<size_t>(i - 1)]);
}

// True if the chain's solver takes orientation goals (then a goal with use_orientation has one).
bool solver_takes_orientation(const ik::Chain& chain) {
  return chain.solver >= 0 && chain.solver < ik::solver_count() && ik::solver_table()[chain.solver].orientation_goals;
}

// Which goal handle `handle` is (app/editor/goal_handles.h).
GoalHandleRef handle_ref(const Editor& editor, int handle) {
  return goal_handle_ref(editor.document.chains, full_body_chain_index(editor), handle);
}

}  // namespace

std::string shown_chain_name(const ik::Skeleton& skeleton, const ik::Chain& chain) {
  return is_full_body_chain(chain) ? "Full body" : ik::chain_name(skeleton, chain);
}

int full_body_chain_index(const Editor& editor) {
  for (size_t c = 0; c < editor.document.chains.size(); ++c)
    if (editor.document.chains[c].enabled && is_full_body_chain(editor.document.chains[c])) return static_cast<int>(c);
  return -1;
}

bool full_body_available(const Editor& editor) {
  if (!editor.document.has_rig || editor.solve.world.size() != editor.document.rig.skeleton.rest.size()) return false;
  ik::RigRoles roles;
  roles.joints = editor.document.rig.roles;
  ik::Chain chain;
  return ik::full_body_chain(editor.document.rig.skeleton, roles, editor.solve.world, ik::find_solver("full_body"), chain);
}

bool enter_full_body_mode(Editor& editor) {
  if (!editor.document.has_rig) return false;
  if (full_body_chain_index(editor) >= 0) return true;
  ik::RigRoles roles;
  roles.joints = editor.document.rig.roles;
  ik::Chain body;
  const int solver = ik::find_solver("full_body");
  if (solver < 0 || !ik::full_body_chain(editor.document.rig.skeleton, roles, editor.solve.world, solver, body)) {
    set_status(editor, "full body: this rig has no hand below its hips (no joint roles give a body)", true);
    return false;
  }
  enter_full_body(editor.document.rig.skeleton, body, editor.document.chains, editor.document.full_body.disabled_by_mode);
  // With clips its goals follow the animation, as every chain's does (default_goal_modes): the
  // hand's on the animated hand, the feet's on the animated feet. Pinned where they were, a
  // clip that walks off would leave them behind and drag the body back to them.
  const int fb = static_cast<int>(editor.document.chains.size()) - 1;
  if (has_clips(editor))
    ik::set_goal_mode(editor.document.chains[static_cast<size_t>(fb)], editor.solve.world, goal_motion(editor, fb),
                      ik::GoalMode::follow_animated);
  editor.solve.frame.reset(editor.document.chains.size());
  select_chain(editor, fb);
  editor.history.commit(editor.document.chains, editor.document.full_body);
  set_status(editor,
             has_clips(editor) && !editor.timeline.clean_feet
                 ? "full body: drag a hand, the head or the hips; the feet are pinned to the clip's feet (Clean up "
                   "on the timeline holds them still at its plants; Ctrl+Z leaves)"
                 : "full body: drag a hand, the head or the hips; the feet are pinned (Ctrl+Z leaves)",
             false);
  return true;
}

void leave_full_body_mode(Editor& editor) {
  const int fb = full_body_chain_index(editor);
  if (fb < 0) return;
  leave_full_body(editor.solve.world, fb, editor.document.chains, editor.document.full_body.disabled_by_mode);
  editor.solve.frame.reset(editor.document.chains.size());
  select_chain(editor, editor.document.chains.empty() ? -1 : 0);
  editor.history.commit(editor.document.chains, editor.document.full_body);
  set_status(editor, "per-chain setup again (Ctrl+Z goes back to full body)", false);
}

// The pose the full body keeps what it can of: the clip's (the animated pose under the IK);
// without clips nullptr (the rest pose).
const ik::Pose* full_body_reference(const Editor& editor) {
  const ik::Pose& animated = editor.timeline.animated;
  const bool clip = has_clips(editor) && animated.local.size() == editor.document.rig.skeleton.rest.size();
  return clip ? &animated : nullptr;
}

void apply_full_body_settings(Editor& editor) {
  if (!editor.document.has_rig) return;
  ik::apply_full_body_settings(editor.document.full_body.settings, editor.document.rig.skeleton,
                               editor.document.rig.roles, ik::scratch_of<ik::FullBodyScratch>(editor.solve.workspace),
                               full_body_reference(editor));
}

ik::BodyReading read_body_now(const Editor& editor) {
  return ik::read_body(editor.document.rig.skeleton, editor.document.rig.roles, editor.solve.pose,
                       has_clips(editor) ? editor.timeline.clip_floor : INFINITY, &editor.document.ground);
}

int goal_handle_count(const Editor& editor) {
  const int fb = full_body_chain_index(editor);
  const size_t extra = fb < 0 ? 0 : editor.document.chains[static_cast<size_t>(fb)].extra_effectors.size();
  return static_cast<int>(editor.document.chains.size() + extra);
}

bool goal_handle_shown(const Editor& editor, int chain) {
  if (chain < 0 || chain >= static_cast<int>(editor.document.chains.size())) return false;
  const ik::Chain& c = editor.document.chains[static_cast<size_t>(chain)];
  if (c.enabled) return true;
  // A chain that is off: its pinned goal stays where the user put it (grey); a goal that
  // follows a joint, the clip or a path is hidden -- it would float where that was, apart
  // from the limb the other chains moved (a hand's fingers after the arm's IK).
  return full_body_chain_index(editor) < 0 && ik::goal_mode(c) == ik::GoalMode::pinned;
}

int goal_handle_chain(const Editor& editor, int handle) {
  const GoalHandleRef ref = handle_ref(editor, handle);
  return ref.chain >= 0 ? ref.chain : handle;
}

ik::Goal goal_handle_goal(const Editor& editor, int handle) {
  const GoalHandleRef ref = handle_ref(editor, handle);
  if (ref.extra < 0) return handed_goal(editor, handle);  // every goal mode, held feet (app/editor/goal_motion.h)
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(ref.chain)];
  return body.extra_effectors[static_cast<size_t>(ref.extra)].pinned
             ? handed_effector_goal(editor, ref.chain, ref.extra + 1)  // held feet too
             : extra_effector_handle_goal(body, ref.extra, editor.solve.world, goal_motion(editor, ref.chain));
}

int goal_handle_held_joint(const Editor& editor, int handle) {
  const GoalHandleRef ref = handle_ref(editor, handle);
  if (ref.chain < 0) return -1;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(ref.chain)];
  if (ref.extra < 0) return goal_held(editor, ref.chain) ? chain.effector : -1;
  const ik::MotionSources held = held_sources(editor);
  return ik::effector_held(&held, chain, ref.extra + 1) ? ik::effector_joint(chain, ref.extra + 1) : -1;
}

namespace {

// `goal` moved and turned as far as `handed` is from `own` (a handle shows the held place of
// a foot the cleanup holds, turned to the ground: own = T^-1 handed).
ik::Goal as_own(const ik::Goal& goal, const ik::Goal& own, const ik::Goal& handed) {
  ik::Goal moved = goal;
  moved.position = own.position + (goal.position - handed.position);
  moved.orientation = glm::normalize(own.orientation * glm::conjugate(handed.orientation) * goal.orientation);
  return moved;
}

}  // namespace

void set_goal_handle_goal(Editor& editor, int handle, const ik::Goal& goal) {
  const GoalHandleRef ref = handle_ref(editor, handle);
  if (ref.extra < 0) {  // kept in the chain's own form (an offset for a following goal)
    set_model_goal(editor, handle, as_own(goal, model_goal(editor, handle), handed_goal(editor, handle)));
    return;
  }
  ik::Chain& body = editor.document.chains[static_cast<size_t>(ref.chain)];
  const int i = ref.extra + 1;
  const bool held = goal_handle_held_joint(editor, handle) >= 0;  // turned only, as the drag is refused
  const ik::GoalMotion motion = goal_motion(editor, ref.chain);
  const ik::Goal moved = held ? as_own(goal, ik::effector_goal_in_model_space(body, i, editor.solve.world, motion),
                                       handed_effector_goal(editor, ref.chain, i))
                              : goal;
  set_extra_effector_handle_goal(body, ref.extra, editor.solve.world, motion, moved);
}

bool goal_handle_has_orientation(const Editor& editor, int handle) {
  const GoalHandleRef ref = handle_ref(editor, handle);
  if (ref.chain < 0) return false;
  const ik::Chain& chain = editor.document.chains[static_cast<size_t>(ref.chain)];
  const ik::Goal& goal = ref.extra < 0 ? chain.goal : chain.extra_effectors[static_cast<size_t>(ref.extra)].goal;
  return goal.use_orientation && solver_takes_orientation(chain);
}

int selected_goal_handle(const Editor& editor) {
  return selected_goal_handle(editor.document.chains, full_body_chain_index(editor), editor.selection.chain,
                              editor.selection.extra_effector);
}

void select_goal_handle(Editor& editor, int handle) {
  const GoalHandleRef ref = handle_ref(editor, handle);
  editor.selection.chain = ref.chain;
  editor.selection.extra_effector = ref.extra;
}

void append_extra_goal_handles(const Editor& editor, std::vector<glm::vec3>& points, std::vector<glm::vec4>* colours) {
  const int fb = full_body_chain_index(editor);
  if (fb < 0) return;
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(fb)];
  const float tolerance = full_body_tolerance(editor, fb);
  const int first = static_cast<int>(editor.document.chains.size());
  const int selected = selected_goal_handle(editor);
  for (int k = 0; k < static_cast<int>(body.extra_effectors.size()); ++k) {
    const ik::EffectorGoal& e = body.extra_effectors[static_cast<size_t>(k)];
    points.push_back(goal_handle_goal(editor, first + k).position);
    if (colours == nullptr) continue;
    // The colour vocabulary's (app/editor/status_colours.h): held (pinned or weighted) and
    // within its tolerance green, short amber; holding nothing grey.
    Mark mark = Mark::off;
    if (e.pinned || e.weight > 0.0f)
      mark = handed_effector_error(editor, fb, k + 1, editor.solve.world, pin_rise(editor, k + 1)) <= tolerance
                 ? Mark::reached
                 : Mark::short_of;
    if (first + k == selected) mark = Mark::selected;  // as a selected chain's goal
    if (first + k == editor.selection.hovered_goal) mark = Mark::hovered;
    const glm::vec4 colour = mark_style(mark).colour;
    colours->push_back(colour);
  }
}

std::vector<EffectorState> full_body_effectors(const Editor& editor, int chain) {
  std::vector<EffectorState> out;
  if (chain < 0 || chain >= static_cast<int>(editor.document.chains.size()) || !editor.document.has_rig) return out;
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(chain)];
  for (int i = 0; i < ik::effector_count(body); ++i) {
    EffectorState s;
    s.joint = ik::effector_joint(body, i);
    if (s.joint < 0 || s.joint >= static_cast<int>(editor.solve.world.size())) continue;
    s.name = editor.document.rig.skeleton.name[static_cast<size_t>(s.joint)];
    s.pinned = ik::effector_pinned(body, i);
    s.weight = ik::effector_weight(body, i);
    s.holds = holds(body, i);
    s.goal = handed_effector_goal(editor, chain, i).position;
    s.position = ik::position_of(editor.solve.world[static_cast<size_t>(s.joint)]);
    const glm::vec3 rise = pin_rise(editor, i);
    s.error = handed_effector_error(editor, chain, i, editor.solve.world, rise);
    s.heel_rise = glm::length(rise);
    out.push_back(s);
  }
  return out;
}

void goal_on_effector(Editor& editor, int c, int i) {
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  const int joint = ik::effector_joint(chain, i);
  if (joint < 0 || joint >= static_cast<int>(editor.solve.world.size())) return;
  const ik::GoalMotion motion = goal_motion(editor, c);
  ik::Goal goal = ik::effector_goal_in_model_space(chain, i, editor.solve.world, motion);
  goal.position = ik::position_of(editor.solve.world[static_cast<size_t>(joint)]);
  ik::set_effector_goal_in_model_space(chain, i, editor.solve.world, motion, goal);
}

float full_body_tolerance(const Editor& editor, int chain) {
  if (chain < 0 || chain >= static_cast<int>(editor.document.chains.size())) return 0.0f;
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(chain)];
  if (!body.params.tolerance_relative) return body.params.tolerance;
  float reach = 0.0f;  // the longest path from the root to an effector, model units
  for (int i = 0; i < ik::effector_count(body); ++i) {
    float length = 0.0f;
    const std::vector<int> path = ik::chain_path(editor.document.rig.skeleton, body.root, ik::effector_joint(body, i));
    for (size_t k = 1; k < path.size(); ++k)
      length += glm::length(ik::position_of(editor.solve.world[static_cast<size_t>(path[k])]) -
                            ik::position_of(editor.solve.world[static_cast<size_t>(path[k - 1])]));
    reach = std::fmax(reach, length);
  }
  return body.params.tolerance * reach;
}

bool effector_errors_per_iteration(const Editor& editor, int chain, const ik::Trace& trace,
                                   std::vector<std::vector<float>>& out) {
  out.clear();
  const size_t n = trace.joints.size();
  if (chain < 0 || chain >= static_cast<int>(editor.document.chains.size()) || n == 0 || trace.poses.size() < n) return false;
  const ik::Chain& body = editor.document.chains[static_cast<size_t>(chain)];
  out.assign(static_cast<size_t>(ik::effector_count(body)), {});
  ik::Pose pose = editor.solve.pose;
  std::vector<glm::mat4> world;
  for (size_t it = 0; (it + 1) * n <= trace.poses.size(); ++it) {
    for (size_t k = 0; k < n; ++k) pose.local[static_cast<size_t>(trace.joints[k])] = trace.poses[it * n + k];
    ik::fk_all(editor.document.rig.skeleton, pose, world);
    for (int i = 0; i < ik::effector_count(body); ++i)
      out[static_cast<size_t>(i)].push_back(handed_effector_error(editor, chain, i, world, pin_rise(editor, i)));
  }
  return true;
}

namespace {

// One solve of `chains` from `start` (a second run timed, so the first's sizing of the
// workspace is not counted); the pose it ends in.
float timed_solve(const Editor& editor, const std::vector<ik::Chain>& chains, const ik::Pose& start, ik::Pose& pose) {
  ik::Workspace workspace;
  const ik::FullBodyScratch& settings = ik::full_body_scratch(editor.solve.workspace);
  ik::FullBodyScratch& body = ik::scratch_of<ik::FullBodyScratch>(workspace);
  body.stiffness = settings.stiffness;
  body.root_translation_stiffness = settings.root_translation_stiffness;
  std::vector<ik::SolveResult> results;
  pose = start;
  ik::solve_scene(editor.document.rig.skeleton, chains, pose, workspace, results);
  pose = start;
  const auto t0 = std::chrono::steady_clock::now();
  ik::solve_scene(editor.document.rig.skeleton, chains, pose, workspace, results);
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<float, std::micro>(t1 - t0).count();
}

// `chain` with `goal` (model space) as a pinned goal: no joint, animation or path to follow.
void pin_goal(ik::Chain& chain, const ik::Goal& goal) {
  chain.goal = goal;
  chain.motion = ik::Chain::Motion::none;
  chain.follow_joint = -1;
  chain.follow_path.clear();
}

}  // namespace

void compare_with_per_chain(Editor& editor) {
  FullBodyComparison& cmp = editor.inspection.full_body_comparison;
  cmp = FullBodyComparison{};
  const int fb = full_body_chain_index(editor);
  if (fb < 0) return;
  apply_full_body_settings(editor);
  const ik::Skeleton& skeleton = editor.document.rig.skeleton;
  ik::Chain body = editor.document.chains[static_cast<size_t>(fb)];
  body.params.warm_start = true;  // both start from the same rest pose
  // Both solve the goals the program's solve is handed now, in model space (the main goal
  // may follow the animation, stored as an offset from the clip's hand; a pinned foot may be
  // held by Clean up).
  for (int i = 1; i < ik::effector_count(body); ++i) ik::effector_goal(body, i) = handed_effector_goal(editor, fb, i);
  pin_goal(body, handed_goal(editor, fb));
  const std::vector<std::uint8_t>& disabled_by_mode = editor.document.full_body.disabled_by_mode;
  std::vector<ik::Chain> per_chain;
  for (size_t c = 0; c < editor.document.chains.size() && c < disabled_by_mode.size(); ++c) {
    if (static_cast<int>(c) == fb || disabled_by_mode[c] == 0) continue;
    ik::Chain chain = editor.document.chains[c];
    chain.enabled = false;
    for (int i = 0; i < ik::effector_count(body); ++i)
      if (holds(body, i) && ik::effector_joint(body, i) == chain.effector) {
        // Pinned in model space, as the full body's goals are above (its own mode may follow
        // the animation, which a solve from rest without the clip would read off the rest pose).
        ik::Goal goal = handed_goal(editor, static_cast<int>(c));
        goal.position = ik::effector_goal(body, i).position;
        pin_goal(chain, goal);
        chain.enabled = true;
      }
    per_chain.push_back(chain);
  }
  const ik::Pose start = ik::rest_pose(skeleton);
  ik::Pose full_pose, chain_pose;
  cmp.full_body_microseconds = timed_solve(editor, {body}, start, full_pose);
  cmp.per_chain_microseconds = timed_solve(editor, per_chain, start, chain_pose);
  std::vector<glm::mat4> full_world, chain_world;
  ik::fk_all(skeleton, full_pose, full_world);
  ik::fk_all(skeleton, chain_pose, chain_world);
  const float tolerance = full_body_tolerance(editor, fb);
  for (int i = 0; i < ik::effector_count(body); ++i) {
    if (!holds(body, i)) continue;
    FullBodyCompareRow row;
    row.name = skeleton.name[static_cast<size_t>(ik::effector_joint(body, i))];
    row.full_body_error = effector_error(body, i, ik::effector_goal(body, i), full_world);
    row.per_chain_error = effector_error(body, i, ik::effector_goal(body, i), chain_world);
    cmp.full_body_reached += row.full_body_error <= tolerance ? 1 : 0;
    cmp.per_chain_reached += row.per_chain_error <= tolerance ? 1 : 0;
    ++cmp.holding;
    cmp.rows.push_back(row);
  }
  cmp.valid = true;
}

}  // namespace app
