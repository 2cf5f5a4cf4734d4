#include "app/editor/timeline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/editor/editor.h"
#include "app/editor/feet_cleanup.h"
#include "app/editor/goal_recorder.h"
#include "app/editor/wall_clock.h"
#include "solvers/anim/clip.h"
#include "solvers/anim/clip_playback.h"
#include "solvers/rig/body_reading.h"

namespace app {
namespace {

// `animated` = the current clip at the current time on the rest pose (allocation-free once
// sized: the rest pose is copied over the same number of joints).
void sample_animated(Editor& editor) {
  Timeline& t = editor.timeline;
  const ik::Skeleton& s = editor.document.rig.skeleton;
  if (t.animated.local.size() != s.rest.size()) t.animated = ik::rest_pose(s);
  for (size_t j = 0; j < s.rest.size(); ++j) t.animated.local[j] = s.rest[j];
  if (const ik::Clip* clip = current_clip(editor)) ik::sample_clip(*clip, t.time, t.animated);
  t.cleaning = t.clean_feet;
  if (t.cleaning) lower_hips(editor, t.animated);  // app/editor/feet_cleanup.h
  ik::fk_all(s, t.animated, t.animated_world);
}

void moved(Editor& editor) {
  editor.timeline.time_moved = true;
  sample_animated(editor);
}

// Seconds of wall time since `counter` (0: none yet), at most a quarter of a second: a stall
// (a hung frame) does not jump ahead, and a slow software renderer still plays in real time.
double seconds_since(std::uint64_t counter, std::uint64_t now) {
  if (counter == 0) return 0.0;
  return std::min(0.25, seconds_between(counter, now));
}

// Without a clip: the goal paths' clock runs while some chain follows a path.
void advance_path_clock(Editor& editor) {
  Timeline& t = editor.timeline;
  bool any_path = false;
  for (const ik::Chain& chain : editor.document.chains) any_path = any_path || (chain.enabled && chain.motion == ik::Chain::Motion::path);
  if (!any_path) {
    t.path_counter = 0;
    return;
  }
  const std::uint64_t now = wall_clock_ns();
  t.path_clock += static_cast<float>(seconds_since(t.path_counter, now));
  t.path_counter = now;
}

}  // namespace

const ik::Clip* current_clip(const Editor& editor) {
  const int c = editor.timeline.clip;
  if (!editor.document.has_rig || c < 0 || c >= static_cast<int>(editor.document.rig.clips.size())) return nullptr;
  return &editor.document.rig.clips[static_cast<size_t>(c)];
}

bool has_clips(const Editor& editor) { return editor.document.has_rig && !editor.document.rig.clips.empty(); }

void reset_timeline(Editor& editor) {
  Timeline& t = editor.timeline;
  t.clip = -1;
  t.time = 0.0f;
  t.playing = false;
  t.frame_rate = ik::kDefaultFrameRate;
  t.last_counter = 0;
  t.animated.local.clear();
  if (has_clips(editor))
    select_clip(editor, 0);
  else
    moved(editor);
}

void select_clip(Editor& editor, int index) {
  if (!editor.document.has_rig || index < 0 || index >= static_cast<int>(editor.document.rig.clips.size())) return;
  Timeline& t = editor.timeline;
  const ik::Clip& clip = editor.document.rig.clips[static_cast<size_t>(index)];
  t.clip = index;
  t.time = clip.start;
  t.frame_rate = ik::clip_frame_rate(clip);
  measure_clip_floor(editor);
  moved(editor);
}

void measure_clip_floor(Editor& editor) {
  Timeline& t = editor.timeline;
  t.clip_floor = INFINITY;
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) return;
  const ik::Skeleton& skeleton = editor.document.rig.skeleton;
  ik::Pose pose = ik::rest_pose(skeleton);
  std::vector<glm::mat4> world;  // reused frame to frame
  const int last = ik::last_frame(clip->start, clip->end, t.frame_rate);
  for (int f = 0; f <= last; ++f) {
    ik::sample_clip(*clip, ik::time_of_frame(f, clip->start, t.frame_rate), pose);
    t.clip_floor = std::min(t.clip_floor, ik::lowest_foot_point(skeleton, editor.document.rig.roles, pose, world));
  }
}

void set_time(Editor& editor, float time) {
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) return;
  const float clamped = std::isfinite(time) ? std::clamp(time, clip->start, clip->end) : clip->start;
  if (clamped == editor.timeline.time) return;
  editor.timeline.time = clamped;
  moved(editor);
}

void toggle_play(Editor& editor) {
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) return;
  Timeline& t = editor.timeline;
  t.playing = !t.playing;
  t.last_counter = 0;  // the clock starts counting from the next frame
  // Play at the end of a clip that does not loop: from the start again, as media players do.
  if (t.playing && !t.loop && t.time >= clip->end) set_time(editor, clip->start);
}

void step_frame(Editor& editor, int direction) {
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) return;
  Timeline& t = editor.timeline;
  t.playing = false;
  set_time(editor, ik::step_frame(t.time, direction, clip->start, clip->end, t.frame_rate, t.loop));
}

void jump_to_end(Editor& editor, bool end) {
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) return;
  set_time(editor, end ? clip->end : clip->start);
}

void update_timeline(Editor& editor) {
  if (!editor.document.has_rig) return;
  Timeline& t = editor.timeline;
  if (t.animated.local.size() != editor.document.rig.skeleton.rest.size()) moved(editor);
  // The feet's cleanup made again for a new clip or new contacts, or turned on or off: the
  // animated pose again (its hips).
  if ((refresh_feet_cleanup(editor) && t.clean_feet) || t.cleaning != t.clean_feet) moved(editor);
  const ik::Clip* clip = current_clip(editor);
  if (clip == nullptr) advance_path_clock(editor);
  if (clip == nullptr || !t.playing) {
    t.last_counter = 0;
    return;
  }
  const std::uint64_t now = wall_clock_ns();
  if (t.last_counter != 0) {
    const double seconds = seconds_since(t.last_counter, now);
    bool stopped = false;
    const float next =
        ik::advance_time(t.time, static_cast<float>(seconds), t.speed, clip->start, clip->end, t.loop, &stopped);
    if (stopped) t.playing = false;
    if (next != t.time) {
      t.time = next;
      moved(editor);
    }
  }
  t.last_counter = now;
}

void show_animated_pose(Editor& editor) {
  Timeline& t = editor.timeline;
  if (!editor.document.has_rig || !t.time_moved || current_clip(editor) == nullptr) return;
  editor.solve.pose = t.animated;
  t.time_moved = false;
  update_world(editor);
  record_frame(editor);  // a goal following the animation moves with it (goal_recorder.h)
}

bool start_at_clip(Editor& editor, const std::string& clip_name, bool has_time, float time) {
  if (clip_name.empty() && !has_time) return true;
  const std::string file = editor.document.has_rig ? editor.document.rig.path : std::string("(no rig)");
  if (!has_clips(editor)) {
    set_status(editor,
               file + ": has no clips; " + (clip_name.empty() ? "--time" : "--clip '" + clip_name + "'") + " ignored",
               true);
    return false;
  }
  std::string problem;
  int index = 0;
  if (!clip_name.empty()) {
    const auto& clips = editor.document.rig.clips;
    const auto it = std::find_if(clips.begin(), clips.end(), [&](const ik::Clip& c) { return c.name == clip_name; });
    if (it == clips.end()) {
      std::string known;
      for (const ik::Clip& c : clips) known += (known.empty() ? "'" : ", '") + c.name + "'";
      problem = "no clip '" + clip_name + "' (clips: " + known + "); using the first clip";
    } else {
      index = static_cast<int>(it - clips.begin());
    }
  }
  select_clip(editor, index);
  editor.timeline.playing = false;
  const ik::Clip& clip = editor.document.rig.clips[static_cast<size_t>(index)];
  if (has_time) {
    if (!(time >= clip.start && time <= clip.end)) {
      char text[512];
      std::snprintf(text, sizeof(text), "--time %g s is outside clip '%s' (%g to %g s); starting at %g s",
                    static_cast<double>(time), clip.name.c_str(), static_cast<double>(clip.start),
                    static_cast<double>(clip.end), static_cast<double>(clip.start));
      problem += (problem.empty() ? "" : "; ") + std::string(text);
    } else {
      set_time(editor, time);
    }
  }
  if (!problem.empty()) {
    set_status(editor, file + ": " + problem, true);
    return false;
  }
  return true;
}

// ---- The panel -------------------------------------------------------------------------

}  // namespace app
