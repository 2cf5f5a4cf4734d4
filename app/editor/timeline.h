// The timeline: which of the rig's clips plays, where in it, how fast, and the panel along
// the bottom of the window that shows and edits it (app/ui/timeline_panel.h: clip list, play
// / pause, loop, speed, scrub bar, one-frame steps, time in seconds and frames).
//
// Each frame, before the solve, update_timeline advances the clock (while playing, by the
// wall time since the last frame times the speed) and samples the clip into `animated`;
// the solve then runs on top of it and blends by each chain's IK weight
// (ik::solve_animated_frame, solvers/scene/ik_blend.h, which also says what the warm start starts
// from). A rig without clips keeps `animated` at rest, the panel is one line ("no clips")
// and the program behaves as before.
//
// The clock maths (frame rate from the key times, steps, loop) is library code:
// solvers/anim/clip_playback.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/editor/feet_cleanup.h"
#include "app/editor/foot_contacts.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/pose.h"

namespace app {

struct Editor;

struct Timeline {
  int clip = -1;      // index into editor.document.rig.clips; -1 = the rig has none
  float time = 0.0f;  // seconds, in the clip's own time line (clip.start .. clip.end)
  bool playing = false;
  bool loop = true;          // at the end: wrap to the start (else stop there)
  float speed = 1.0f;        // times real time, kMinSpeed .. kMaxSpeed
  float frame_rate = 30.0f;  // of `clip`, frames per second (ik::clip_frame_rate)
  ik::Pose animated;         // the clip at `time` on the rest pose; the rest pose without a clip
  // The lowest the clip stands the feet (ik::lowest_foot_point over its frames): where its
  // floor is, for the body's reading (measure_clip_floor); INFINITY without a clip or feet.
  float clip_floor = INFINITY;
  std::vector<glm::mat4> animated_world;  // model transforms of `animated` (goals following it)
  // The time or the clip changed since the last solve: the next solve starts from
  // `animated` (else it continues from the last frame's pose).
  bool time_moved = true;
  std::uint64_t last_counter = 0;  // wall_clock_ns() at the last advance; 0 = none
  // A rig without clips: the clock goal paths replay on (seconds since a chain began to
  // follow one; each path loops on its own duration), running while some chain follows a
  // path. With a clip, paths follow the clip's time instead (app/editor/goal_motion.h).
  float path_clock = 0.0f;
  std::uint64_t path_counter = 0;  // wall_clock_ns() at the path clock's last advance; 0 = none
  // The foot contacts' rows under the scrub bar and their markers in the viewport
  // (app/ui/contact_rows.h); the contacts as they were when a plant's edit began, and the
  // plant whose end is being dragged (foot -1: none).
  bool show_contacts = false;
  // "Clean up feet": the planted feet held while the clip plays (app/editor/feet_cleanup.h),
  // and the Motion panel's analysis cleaned the same way; `cleaning` is whether the
  // animated pose was last sampled with it.
  bool clean_feet = false;
  bool cleaning = false;
  PlaybackCleanup cleanup;
  ContactsState contacts_before_edit;
  int dragged_contact_foot = -1, dragged_contact_plant = -1;
  bool dragged_contact_end = false;
};

inline constexpr float kMinSpeed = 0.1f;
inline constexpr float kMaxSpeed = 2.0f;

bool has_clips(const Editor& editor);

// The clip the timeline shows, or nullptr (no rig, or a rig without clips).
const ik::Clip* current_clip(const Editor& editor);

// A rig was opened: its first clip at its start, paused (no clip: `animated` at rest).
void reset_timeline(Editor& editor);

// Timeline::clip_floor for the shown clip, sampled on its frame grid: on every change of
// the clip (select_clip does it; a clip made again in place calls it).
void measure_clip_floor(Editor& editor);

// Clip `index` at its start; play / pause, loop and speed stay. Out of range: nothing.
void select_clip(Editor& editor, int index);

// Moves to `time` (clamped into the clip), as a scrub does.
void set_time(Editor& editor, float time);

// Space / K, the Play button.
void toggle_play(Editor& editor);

// One frame forward (direction > 0) or back (J / L, arrows); pauses.
void step_frame(Editor& editor, int direction);

// Home (false) / End (true).
void jump_to_end(Editor& editor, bool end);

// Per frame, before the solve: the clock and `animated`.
void update_timeline(Editor& editor);

// While solving is paused: a clip that moved shows its animated pose (without IK).
void show_animated_pose(Editor& editor);

// --clip NAME and --time SECONDS (empty name: the first clip; has_time false: its start):
// the rig at that clip and time, paused. A name the rig does not have or a time outside
// the clip gives one message naming the file and the clip, and the first clip / the
// clip's start is used instead. Returns false if there was such a message.
bool start_at_clip(Editor& editor, const std::string& clip_name, bool has_time, float time);


}  // namespace app
