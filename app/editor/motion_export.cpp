#include "app/editor/motion_export.h"

#include <cmath>

#include "app/editor/feet_cleanup.h"
#include "app/editor/goal_motion.h"
#include "app/editor/rig_file.h"
#include "app/editor/timeline.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/anim/goal_path.h"

namespace app {

namespace {

constexpr float kPathBakeRate = 30.0f;  // frames per second when baking goal paths

// The longest path an enabled chain follows (seconds), and its name; 0 when none does.
float followed_path_length(const Editor& editor, std::string& name) {
  float longest = 0.0f;
  for (int c = 0; c < static_cast<int>(editor.document.chains.size()); ++c) {
    const ik::GoalPath* path = editor.document.chains[static_cast<size_t>(c)].enabled ? followed_path(editor, c) : nullptr;
    if (path == nullptr || !(path->duration() >= longest)) continue;
    longest = path->duration();
    name = path->name;
  }
  return longest;
}

}  // namespace

bool can_bake_motion(const Editor& editor) {
  std::string name;
  return has_clips(editor) || (editor.document.has_rig && followed_path_length(editor, name) > 0.0f);
}

bool bake_motion(Editor& editor, ik::BakedMotion& motion, std::string& error) {
  const int index = editor.timeline.clip;
  const bool clip_bake = editor.document.has_rig && index >= 0 && index < static_cast<int>(editor.document.rig.clips.size());
  std::string path_name;
  const float path_length = editor.document.has_rig ? followed_path_length(editor, path_name) : 0.0f;
  if (!clip_bake && !(path_length > 0.0f)) {
    error = (editor.document.has_rig ? editor.document.rig.path : std::string("ikscope")) +
            ": nothing to bake: the rig has no clip and no goal follows a recorded path";
    return false;
  }
  // What the bake changes, put back afterwards.
  const Timeline timeline = editor.timeline;
  const ik::Pose pose = editor.solve.pose;
  const ik::Workspace workspace = editor.solve.workspace;
  const ik::FrameSolve frame_solve = editor.solve.frame;
  const GoalRecorder recorder = editor.recorder;
  editor.recorder.active = false;  // the bake's frames are not a user's goal motion
  editor.timeline.playing = false;
  refresh_feet_cleanup(editor);  // with Clean up on, the bake holds the feet as playback does

  motion = ik::BakedMotion{};
  if (clip_bake) {
    const ik::Clip& clip = editor.document.rig.clips[static_cast<size_t>(index)];
    motion.name = clip.name.empty() ? "IK" : clip.name + " IK";
    motion.start = clip.start;
    motion.rate = editor.timeline.frame_rate;
    const int last = ik::last_frame(clip.start, clip.end, motion.rate);
    for (int f = 0; f <= last; ++f) {
      set_time(editor, ik::time_of_frame(f, clip.start, motion.rate));
      solve_chains(editor);
      motion.frames.push_back(editor.solve.pose);
    }
  } else {
    // The goal paths from the rest pose, on their clock from 0 to the longest path's end.
    motion.name = path_name.empty() ? "goal paths IK" : path_name + " IK";
    motion.rate = kPathBakeRate;
    editor.solve.pose = ik::rest_pose(editor.document.rig.skeleton);
    const int last = static_cast<int>(std::ceil(path_length * motion.rate - 1e-3f));
    for (int f = 0; f <= last; ++f) {
      editor.timeline.path_clock = ik::time_of_frame(f, 0.0f, motion.rate);
      solve_chains(editor);
      motion.frames.push_back(editor.solve.pose);
    }
  }

  editor.timeline = timeline;
  editor.timeline.time_moved = true;
  editor.solve.pose = pose;
  editor.solve.workspace = workspace;
  editor.solve.frame = frame_solve;
  editor.recorder = recorder;
  update_world(editor);
  return true;
}

bool export_motion(Editor& editor, const std::string& path) {
  ik::BakedMotion motion;
  std::string error;
  if (!exportable_rig(editor.document.rig, error) || !bake_motion(editor, motion, error) ||
      !ik::export_motion_gltf(editor.document.rig.path, editor.document.rig.skeleton, motion, path, error)) {
    set_status(editor, error, true);
    return false;
  }
  set_status(editor,
             "motion exported to " + path + ": clip '" + motion.name + "', " + std::to_string(motion.frames.size()) +
                 " frames at " + std::to_string(static_cast<int>(motion.rate + 0.5f)) + " per second",
             false);
  return true;
}

}  // namespace app
