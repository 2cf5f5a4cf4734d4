// --state-out: the program's state as JSON, for end-to-end tests and scripts.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "app/editor.h"
#include "app/viewport.h"

namespace app {

struct WindowMetrics {
  int window_width = 0, window_height = 0;            // screen coordinates
  int framebuffer_width = 0, framebuffer_height = 0;  // pixels (HiDPI: larger)
};

// How the run went, one sample per second of the main loop (main.cpp fills it), so a
// long-session test can see memory growth and frame-time drift.
struct RunHealth {
  std::vector<long> rss_kib_per_second;  // resident memory at the end of each second; -1 without /proc
  // {mean, max} in milliseconds of the frames that ended in each second; a frame's time is
  // the interval from its start to the next frame's start (events, solve, UI, drawing, swap).
  std::vector<std::array<double, 2>> frame_ms_per_second;
  // Milliseconds from the process's start (the kernel's start time, 10 ms ticks) to the
  // return of the first frame's buffer swap; -1 if unknown.
  double startup_ms = -1.0;
};

// Writes (atomically) the rig path, joint names, parents, model-space positions,
// window-pixel and framebuffer-pixel projections, camera, status line, whether chains are
// being solved, and the run's health samples ("rss_kib_per_second", "frame_ms_per_second",
// "startup_ms").
bool write_state_json(const Editor& editor, const ViewportArea& area, const WindowMetrics& metrics,
                      const RunHealth& health, const std::string& path, std::string& error);

}  // namespace app
