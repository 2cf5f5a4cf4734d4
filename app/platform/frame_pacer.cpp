#include "app/platform/frame_pacer.h"

#include <thread>

namespace app {

FramePacer::FramePacer(double hz) {
  if (hz > 0.0) interval_ = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / hz));
}

void FramePacer::wait() {
  if (interval_ == Clock::duration::zero()) return;
  const Clock::time_point now = Clock::now();
  if (!started_) {
    started_ = true;
    last_begin_ = now;
    return;
  }
  const Clock::time_point due = last_begin_ + interval_;
  if (now < due) {
    std::this_thread::sleep_until(due);
    last_begin_ = due;
  } else {
    last_begin_ = now;
  }
}

}  // namespace app
