// File > Export motion: the current clip with the IK on top, baked at every frame of the
// clip's rate and written as a glTF clip (io/gltf_motion_export.h) that ikscope, Blender
// and other clients play.
//
// The bake runs the program's own per-frame step (app::solve_chains: the clip sampled at
// the frame's time, every enabled chain solved on it and blended by its IK weight), frame
// after frame from the clip's start to its last frame, each frame starting from the
// animated pose as playback does after the time moves; goals driven by motion follow the
// animation or their paths at each frame's time (app/goal_motion.h). The editor's timeline,
// pose, solver state and goal recorder are as they were afterwards (a recording goes on,
// without the bake's frames). The clip is named "<clip> IK".
#pragma once

#include <string>

#include "app/editor.h"
#include "io/gltf_motion_export.h"

namespace app {

// The current clip baked as above. False with `error` set (one line) when the rig has no
// clip to bake.
bool bake_current_clip(Editor& editor, ik::BakedMotion& motion, std::string& error);

// Bakes and writes `path` (.gltf or .glb, never the source); reports in the status line.
bool export_motion(Editor& editor, const std::string& path);

}  // namespace app
