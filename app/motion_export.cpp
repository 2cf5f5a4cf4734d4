#include "app/motion_export.h"

#include "app/timeline.h"
#include "solvers/clip_playback.h"

namespace app {

bool bake_current_clip(Editor& editor, ik::BakedMotion& motion, std::string& error) {
  const int index = editor.timeline.clip;
  if (!editor.has_rig || index < 0 || index >= static_cast<int>(editor.rig.clips.size())) {
    error = (editor.has_rig ? editor.rig.path : std::string("ikscope")) + ": has no clip to bake";
    return false;
  }
  const ik::Clip& clip = editor.rig.clips[static_cast<size_t>(index)];
  // What the bake changes, put back afterwards.
  const Timeline timeline = editor.timeline;
  const ik::Pose pose = editor.pose;
  const ik::Workspace workspace = editor.workspace;
  const ik::FrameSolve frame_solve = editor.frame_solve;
  const GoalRecorder recorder = editor.recorder;
  editor.recorder.active = false;  // the bake's frames are not a user's goal motion

  motion = ik::BakedMotion{};
  motion.name = clip.name.empty() ? "IK" : clip.name + " IK";
  motion.start = clip.start;
  motion.rate = editor.timeline.frame_rate;
  const int last = ik::last_frame(clip.start, clip.end, motion.rate);
  editor.timeline.playing = false;
  for (int f = 0; f <= last; ++f) {
    set_time(editor, ik::time_of_frame(f, clip.start, motion.rate));
    solve_chains(editor);
    motion.frames.push_back(editor.pose);
  }

  editor.timeline = timeline;
  editor.timeline.time_moved = true;
  editor.pose = pose;
  editor.workspace = workspace;
  editor.frame_solve = frame_solve;
  editor.recorder = recorder;
  update_world(editor);
  return true;
}

bool export_motion(Editor& editor, const std::string& path) {
  ik::BakedMotion motion;
  std::string error;
  if (!bake_current_clip(editor, motion, error) ||
      !ik::export_motion_gltf(editor.rig.path, editor.rig.skeleton, motion, path, error)) {
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
