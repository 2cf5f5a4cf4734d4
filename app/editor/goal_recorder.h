// Recording a goal's motion as a timed goal path (solvers/anim/goal_path.h): the Record button in
// the timeline, or T. While recording, every frame appends the selected chain's goal in model
// space (as the user drags it, or as it moves during playback in any goal mode) at the
// seconds since the recording began (wall time, times the playback speed while a clip plays,
// so the path replays in step with the clip). Stopping keeps the path on that chain under a
// new name ("take 1", "take 2", ...) in editor.document.goal_paths, which the session saves; a chain
// then follows it by choosing "follows path" (app/editor/goal_motion.h). A recording of fewer than
// two samples is dropped with a message.
#pragma once

#include <cstdint>
#include <string>

#include "solvers/anim/goal_path.h"

namespace app {

struct Editor;

struct GoalRecorder {
  bool active = false;
  int chain = -1;                  // the chain whose goal is recorded
  ik::GoalPath path;               // the samples so far (named when it stops)
  double seconds = 0.0;            // recorded time so far
  std::uint64_t last_counter = 0;  // wall_clock_ns() at the last sample; 0 = none yet
};

// Starts recording the selected chain's goal (a message if no chain is selected), or stops
// and keeps the path.
void toggle_recording(Editor& editor);

// Per frame, after the solve: one sample while recording. Stops (keeping what was recorded)
// if the chain went away.
void record_frame(Editor& editor);

// "take N" with the smallest N that chain `chain` has no path of.
std::string new_take_name(const Editor& editor, int chain);

}  // namespace app
