// File > Export motion: the motion with the IK on top, baked frame by frame and written as
// a glTF clip (io/gltf/gltf_motion_export.h) that ikscope, Blender and other clients play.
//
//   * A rig with clips: the current clip, at every frame of its rate from its start to its
//     last frame, each frame starting from the animated pose as playback does after the time
//     moves. The clip is named "<clip> IK".
//   * A rig without clips whose goals follow recorded paths: the paths on the timeline's
//     path clock, at 30 frames per second from 0 to the end of the longest followed path,
//     from the rest pose and warm-started frame to frame as their replay is. The clip is
//     named "<path> IK" (the longest path's name).
//
// Either way the bake runs the program's own per-frame step (app::solve_chains: goals
// resolved for the frame, every enabled chain solved and blended by its IK weight; with the
// timeline's Clean up on, the feet held at their plants and the hips lowered, as playback
// does: app/editor/feet_cleanup.h). The
// editor's timeline, pose, solver state and goal recorder are as they were afterwards (a
// recording goes on, without the bake's frames).
#pragma once

#include <string>

#include "app/editor/editor.h"
#include "io/gltf/gltf_motion_export.h"

namespace app {

// True if there is something to bake: a clip, or an enabled chain following a goal path.
bool can_bake_motion(const Editor& editor);

// The motion baked as above. False with `error` set (one line naming the rig) when there is
// nothing to bake.
bool bake_motion(Editor& editor, ik::BakedMotion& motion, std::string& error);

// Bakes and writes `path` (.gltf or .glb, never the source); reports in the status line.
bool export_motion(Editor& editor, const std::string& path);

}  // namespace app
