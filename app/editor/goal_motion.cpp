#include "app/editor/goal_motion.h"

#include <cstdio>

#include "app/editor/editor.h"
#include "io/gltf/gltf_import.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/pose.h"

namespace app {
namespace {

const ik::Chain* chain_at(const Editor& editor, int c) {
  return c >= 0 && c < static_cast<int>(editor.document.chains.size()) ? &editor.document.chains[static_cast<size_t>(c)] : nullptr;
}

bool animated_world_fits(const Editor& editor) {
  return editor.document.has_rig && editor.timeline.animated_world.size() == editor.document.rig.skeleton.rest.size();
}

// The chain's recorded paths, as indices into editor.document.goal_paths.
std::vector<size_t> paths_of(const Editor& editor, int c) {
  std::vector<size_t> out;
  for (size_t i = 0; i < editor.document.goal_paths.size(); ++i)
    if (editor.document.goal_paths[i].chain == c) out.push_back(i);
  return out;
}

}  // namespace

float goal_path_time(const Editor& editor) {
  const int clip = editor.timeline.clip;
  if (!editor.document.has_rig) return 0.0f;
  if (clip < 0 || clip >= static_cast<int>(editor.document.rig.clips.size())) return editor.timeline.path_clock;
  return editor.timeline.time - editor.document.rig.clips[static_cast<size_t>(clip)].start;
}

const ik::GoalPath* followed_path(const Editor& editor, int c) {
  const ik::Chain* chain = chain_at(editor, c);
  if (chain == nullptr || chain->motion != ik::Chain::Motion::path) return nullptr;
  for (const ik::SessionGoalPath& entry : editor.document.goal_paths)
    if (entry.chain == c && entry.path.name == chain->follow_path) return &entry.path;
  return nullptr;
}

ik::GoalMotion goal_motion(const Editor& editor, int c) {
  ik::GoalMotion motion;
  if (animated_world_fits(editor)) motion.animated_world = &editor.timeline.animated_world;
  motion.path = followed_path(editor, c);
  motion.time = goal_path_time(editor);
  return motion;
}

ik::Goal model_goal(const Editor& editor, int c) {
  const ik::Chain* chain = chain_at(editor, c);
  if (chain == nullptr) return {};
  return ik::goal_in_model_space(*chain, editor.solve.world, goal_motion(editor, c));
}

ik::MotionSources held_sources(const Editor& editor) {
  ik::MotionSources sources;
  if (!editor.timeline.clean_feet || !has_clips(editor)) return sources;
  sources.held = &editor.solve.held;
  sources.held_goals = &editor.solve.held_goals;
  sources.held_turns = &editor.solve.held_turns;
  return sources;
}

bool goal_held(const Editor& editor, int c) {
  const ik::Chain* chain = chain_at(editor, c);
  const ik::MotionSources held = held_sources(editor);
  return chain != nullptr && chain->enabled && ik::effector_held(&held, *chain, 0);
}

ik::Goal handed_goal(const Editor& editor, int c) {
  const ik::Goal goal = model_goal(editor, c);
  return goal_held(editor, c) ? ik::held_goal(held_sources(editor), chain_at(editor, c)->effector, goal) : goal;
}

void set_model_goal(Editor& editor, int c, const ik::Goal& goal) {
  if (chain_at(editor, c) == nullptr) return;
  const ik::GoalMotion motion = goal_motion(editor, c);
  ik::set_goal_in_model_space(editor.document.chains[static_cast<size_t>(c)], editor.solve.world, motion, goal);
}

void choose_goal_mode(Editor& editor, int c, ik::GoalMode mode, int joint, const std::string& path) {
  if (chain_at(editor, c) == nullptr) return;
  ik::GoalMotion motion = goal_motion(editor, c);
  ik::set_goal_mode(editor.document.chains[static_cast<size_t>(c)], editor.solve.world, motion, mode, joint, path);
  editor.history.commit(editor.document.chains);
}

void default_goal_modes(Editor& editor) {
  if (!has_clips(editor)) return;
  for (size_t c = 0; c < editor.document.chains.size(); ++c)
    ik::set_goal_mode(editor.document.chains[c], editor.solve.world, goal_motion(editor, static_cast<int>(c)),
                      ik::GoalMode::follow_animated);
}

void extras_from_session_version_1(const ik::ImportedRig& rig, std::vector<ik::Chain>& chains) {
  ik::Pose animated = ik::rest_pose(rig.skeleton);
  if (!rig.clips.empty()) ik::sample_clip(rig.clips.front(), rig.clips.front().start, animated);
  std::vector<glm::mat4> world;
  ik::fk_all(rig.skeleton, animated, world);
  for (ik::Chain& chain : chains) {
    if (chain.motion != ik::Chain::Motion::animated) continue;
    for (int i = 1; i < ik::effector_count(chain); ++i) {
      const ik::Goal saved = ik::effector_goal(chain, i);  // model space
      ik::set_effector_goal_in_model_space(chain, i, world, ik::GoalMotion{}, saved);
    }
  }
}

void resolve_followed_paths(Editor& editor) {
  // Paths of chains that were removed have nothing to follow them: dropped.
  const int chain_count = static_cast<int>(editor.document.chains.size());
  for (size_t i = editor.document.goal_paths.size(); i-- > 0;)
    if (editor.document.goal_paths[i].chain >= chain_count)
      editor.document.goal_paths.erase(editor.document.goal_paths.begin() + static_cast<std::ptrdiff_t>(i));
  editor.solve.chain_paths.resize(editor.document.chains.size());
  for (int c = 0; c < chain_count; ++c) editor.solve.chain_paths[static_cast<size_t>(c)] = followed_path(editor, c);
}

std::vector<size_t> chain_goal_paths(const Editor& editor, int c) { return paths_of(editor, c); }

bool rename_goal_path(Editor& editor, size_t i, const std::string& name) {
  ik::SessionGoalPath& entry = editor.document.goal_paths[i];
  const int c = entry.chain;
  bool taken = name.empty();
  for (size_t k : paths_of(editor, c)) taken = taken || (k != i && editor.document.goal_paths[k].path.name == name);
  if (taken) {
    set_status(editor, "a path needs a name no other path of this chain has", true);
    return false;
  }
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];  // following it: keeps following it
  if (chain.motion == ik::Chain::Motion::path && chain.follow_path == entry.path.name) chain.follow_path = name;
  entry.path.name = name;
  editor.history.commit(editor.document.chains);
  return true;
}

void delete_goal_path(Editor& editor, size_t i) {
  const ik::SessionGoalPath& entry = editor.document.goal_paths[i];
  const int c = entry.chain;
  ik::Chain& chain = editor.document.chains[static_cast<size_t>(c)];
  if (ik::goal_mode(chain) == ik::GoalMode::follow_path && chain.follow_path == entry.path.name)
    choose_goal_mode(editor, c, ik::GoalMode::pinned);
  set_status(editor, "deleted goal path '" + entry.path.name + "'", false);
  editor.document.goal_paths.erase(editor.document.goal_paths.begin() + static_cast<std::ptrdiff_t>(i));
}

}  // namespace app
