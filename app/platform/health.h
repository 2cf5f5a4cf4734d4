// How a run goes, for --state-out: resident memory and frame times sampled once a second,
// and the time from the process's start to the first frame on screen. A long-session test
// reads them to see memory growth and frame-time drift; the README's start-up figure is
// startup_ms. Cheap enough to stay on: a clock read per frame, a small /proc read per
// second. Without /proc (not Linux) the memory and start-up samples read -1.
#pragma once

#include <array>
#include <chrono>
#include <vector>

namespace app {

// The samples (written by write_state_json, state_dump.h).
struct RunHealth {
  std::vector<long>
      rss_kib_per_second;  // resident memory at the end of each second; -1 without /proc
  // {mean, max} in milliseconds of the frames that ended in each second; a frame's time is
  // the interval from its start to the return of its buffer swap (events, solve, UI,
  // drawing, swap), without the frame pacer's sleep before it (frame_pacer.h).
  std::vector<std::array<double, 2>> frame_ms_per_second;
  // Milliseconds from the process's start (the kernel's start time, 10 ms ticks) to the
  // return of the first frame's buffer swap; -1 if unknown.
  double startup_ms = -1.0;
  long frames = 0;  // frames run (buffer swaps)
};

// Fills a RunHealth: start() before the first frame, frame_begin() as each frame begins
// (after the pacer's wait), frame_done() after its buffer swap. The first frame_done()
// records startup_ms; each time a second has passed, it appends that second's resident
// memory and mean / longest frame.
class HealthSampler {
 public:
  void start();
  void frame_begin();
  void frame_done();
  const RunHealth& samples() const { return health_; }

 private:
  using Clock = std::chrono::steady_clock;
  RunHealth health_;
  Clock::time_point second_start_;  // whole seconds from start(), so sample k stays at second k + 1
  Clock::time_point frame_start_;
  double sum_ms_ = 0.0, max_ms_ = 0.0;
  int frames_ = 0;
  bool first_frame_done_ = false;
};

// Resident memory in KiB (/proc/self/statm); -1 without /proc.
long resident_kib();

// Milliseconds since this process started (/proc/self/stat's start time against
// CLOCK_BOOTTIME), loading the shared libraries included; -1 without /proc.
double ms_since_process_start();

}  // namespace app
