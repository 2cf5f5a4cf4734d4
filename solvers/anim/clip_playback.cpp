// Index: clip_frame_rate (the most common key interval) -> frames and times -> the play
// clock (advance_time) -> one-frame steps (step_frame).
#include "solvers/anim/clip_playback.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ik {
namespace {

// How far (in frames) a time may sit before a frame and still count as on it: float times
// such as start + 7 / 30 land a hair below the exact frame.
constexpr double kFrameTolerance = 1e-3;

// Key intervals are grouped in steps of 10 microseconds.
constexpr double kIntervalGroup = 1e-5;

}  // namespace

float clip_frame_rate(const Clip& clip) {
  std::vector<std::int64_t> intervals;
  for (const ClipChannel& channel : clip.channels)
    for (size_t k = 1; k < channel.times.size(); ++k) {
      const double dt = static_cast<double>(channel.times[k]) - static_cast<double>(channel.times[k - 1]);
      if (dt > 0.0 && std::isfinite(dt) && dt <= 1.0 / kMinFrameRate)
        intervals.push_back(std::llround(dt / kIntervalGroup));
    }
  if (intervals.empty()) return kDefaultFrameRate;
  std::sort(intervals.begin(), intervals.end());
  std::int64_t best = intervals[0];
  size_t best_count = 0;
  for (size_t i = 0; i < intervals.size();) {
    size_t j = i;
    while (j < intervals.size() && intervals[j] == intervals[i]) ++j;
    if (j - i > best_count) {  // strictly more: on a tie the shorter interval (seen first) stays
      best = intervals[i];
      best_count = j - i;
    }
    i = j;
  }
  if (best <= 0) return kDefaultFrameRate;
  double rate = 1.0 / (static_cast<double>(best) * kIntervalGroup);
  const double whole = std::round(rate);
  if (whole > 0.0 && std::abs(rate - whole) <= 0.005 * whole) rate = whole;
  if (!(rate >= kMinFrameRate && rate <= kMaxFrameRate)) return kDefaultFrameRate;
  return static_cast<float>(rate);
}

int frame_at(float time, float start, float rate) {
  const double frames = (static_cast<double>(time) - static_cast<double>(start)) * static_cast<double>(rate);
  if (!std::isfinite(frames)) return 0;
  return static_cast<int>(std::floor(std::clamp(frames + kFrameTolerance, -2e9, 2e9)));
}

float time_of_frame(int frame, float start, float rate) {
  return static_cast<float>(static_cast<double>(start) + static_cast<double>(frame) / static_cast<double>(rate));
}

int last_frame(float start, float end, float rate) { return frame_at(end, start, rate); }

float advance_time(float time, float seconds, float speed, float start, float end, bool loop, bool* stopped) {
  const float duration = end - start;
  if (!std::isfinite(time) || !std::isfinite(seconds) || !std::isfinite(speed) || !(duration > 0.0f)) return start;
  const double t = static_cast<double>(time) + static_cast<double>(seconds) * static_cast<double>(speed);
  if (t <= static_cast<double>(end) && t >= static_cast<double>(start)) return static_cast<float>(t);
  if (!loop) {
    if (stopped != nullptr) *stopped = true;
    return t > static_cast<double>(end) ? end : start;
  }
  double wrapped = std::fmod(t - static_cast<double>(start), static_cast<double>(duration));
  if (wrapped < 0.0) wrapped += static_cast<double>(duration);
  return static_cast<float>(static_cast<double>(start) + wrapped);
}

float step_frame(float time, int direction, float start, float end, float rate, bool loop) {
  if (!std::isfinite(time)) return start;
  const float close = static_cast<float>(kFrameTolerance) / rate;  // "on" a frame, in seconds
  if (direction > 0) {
    if (time >= end - close) return loop ? start : end;
    return std::min(time_of_frame(frame_at(time, start, rate) + 1, start, rate), end);
  }
  if (direction < 0) {
    if (time <= start + close) return loop ? end : start;
    if (time > end) return end;
    const int frame = frame_at(time, start, rate);
    const float frame_time = time_of_frame(frame, start, rate);
    return std::max(time - frame_time > close ? frame_time : time_of_frame(frame - 1, start, rate), start);
  }
  return time;
}

}  // namespace ik
