// Clip playback maths: a clip's frame rate (read from its key times), seconds <-> frames on
// that rate, the play clock advanced by a frame's wall time (speed, loop or stop at the
// end), and one-frame steps. Pure functions of numbers, so the timeline panel, the command
// line and the tests share them; the panel itself is app/editor/timeline.h.
//
// Times are in the clip's own time line (seconds, clip.start to clip.end, solvers/anim/clip.h).
// Frame 0 is at clip.start; frame f at start + f / rate. A time between two frames belongs
// to the earlier one (frame_at floors, with a small tolerance so that a time computed as
// start + f / rate is frame f and not f - 1).
//
// Does not: sample the clip (clip.h), solve or blend (ik_blend.h), keep any state.
#pragma once

#include "solvers/anim/clip.h"

namespace ik {

// The rate a clip is shown at when its keys say nothing (fewer than two keys in every
// channel, or intervals that give a rate outside [kMinFrameRate, kMaxFrameRate]).
inline constexpr float kDefaultFrameRate = 30.0f;
inline constexpr float kMinFrameRate = 1.0f;
inline constexpr float kMaxFrameRate = 1000.0f;

// The clip's frame rate in frames per second: 1 / the most common interval between
// consecutive keys over all its channels (intervals grouped to 10 microseconds, so float
// noise in exported times does not split a group; on a tie the shorter interval wins).
// A rate within 0.5 % of a whole number is rounded to it (an exporter's 1/30 s stored
// as float gives 29.9999...). kDefaultFrameRate when the keys give no usable rate.
// Allocates (it sorts the intervals): call it once per clip, not per frame.
float clip_frame_rate(const Clip& clip);

// The frame `time` falls in (frame 0 at `start`); negative before start.
int frame_at(float time, float start, float rate);

// The time of frame `frame`.
float time_of_frame(int frame, float start, float rate);

// The last frame of a clip running from `start` to `end`: frame_at(end).
int last_frame(float start, float end, float rate);

// The play clock: `time` advanced by `seconds` of wall time at `speed` (1 = real time),
// inside [start, end]. Looping, a time past the end wraps around to the start (by the
// clip's duration); not looping it stops at `end` and `*stopped` (if given) is set to true.
// A clip of zero duration stays at `start`. Non-finite input leaves `time` at `start`.
float advance_time(float time, float seconds, float speed, float start, float end, bool loop, bool* stopped = nullptr);

// One frame forward (`direction` > 0) or back (< 0) from `time`, onto the frame grid: the
// next frame after the one `time` is in; back, the start of `time`'s frame if `time` is
// past it, else the frame before. Forward from the last frame goes to `end` (which may lie
// between two frames); from `end` it wraps to `start` when looping, else stays. Back from
// `start` wraps to `end` when looping, else stays.
float step_frame(float time, int direction, float start, float end, float rate, bool loop);

}  // namespace ik
