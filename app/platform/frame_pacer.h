// Interactive runs draw at most at the display's refresh rate. open_window asks for a swap
// interval of 1, which waits for the vertical blank where the driver has one; where it has
// none (software OpenGL under Xvfb, a remote X display, vsync forced off in the driver's
// settings) the loop would redraw as fast as it can and keep the cores busy with frames
// nobody sees: the built-in humanoid standing still in a 640x400 window without
// antialiasing under Xvfb ran 180 frames a second on 145 % of two cores; paced, 60 on 56 %
// (2026-12-07). Larger windows under software GL take longer than the interval to draw,
// and are not slowed. The pacer
// sleeps what is left of one refresh interval before the next frame begins; where the swap
// already waited for the display, nothing is left and it does not sleep. Batch runs
// (--frames) are not paced: they go as fast as they can.
#pragma once

#include <chrono>

namespace app {

class FramePacer {
 public:
  // hz: the display's refresh rate; 0 or less: never sleeps.
  explicit FramePacer(double hz = 0.0);

  // Before a frame: sleeps until one refresh interval after the previous frame began (not at
  // all the first time). A frame that ran late starts the count again from now, so late
  // frames are not followed by a burst of unpaced ones.
  void wait();

 private:
  using Clock = std::chrono::steady_clock;
  Clock::duration interval_{};
  Clock::time_point last_begin_{};
  bool started_ = false;
};

}  // namespace app
