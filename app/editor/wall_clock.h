// The program's wall clock for playback, goal paths and recording: a steady clock in
// nanoseconds. A reading is never 0, so the structs that keep one use 0 for "none yet".
#pragma once

#include <chrono>
#include <cstdint>

namespace app {

inline std::uint64_t wall_clock_ns() {
  const auto since_epoch = std::chrono::steady_clock::now().time_since_epoch();
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch).count();
  return static_cast<std::uint64_t>(ns) | 1u;  // never 0; a nanosecond is below every use
}

// Seconds from one reading to a later one.
inline double seconds_between(std::uint64_t earlier, std::uint64_t later) {
  return static_cast<double>(later - earlier) * 1e-9;
}

}  // namespace app
