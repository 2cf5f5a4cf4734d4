#include "app/platform/health.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace app {

void HealthSampler::start() {
  second_start_ = Clock::now();
  frame_start_ = second_start_;
}

void HealthSampler::frame_begin() { frame_start_ = Clock::now(); }

void HealthSampler::frame_done() {
  if (!first_frame_done_) {
    health_.startup_ms = ms_since_process_start();
    first_frame_done_ = true;
  }
  const Clock::time_point now = Clock::now();
  const double ms = std::chrono::duration<double, std::milli>(now - frame_start_).count();
  sum_ms_ += ms;
  max_ms_ = std::max(max_ms_, ms);
  ++frames_;
  ++health_.frames;
  const Clock::duration second = std::chrono::seconds(1);
  if (now - second_start_ < second) return;
  health_.rss_kib_per_second.push_back(resident_kib());
  health_.frame_ms_per_second.push_back({sum_ms_ / frames_, max_ms_});
  // Whole seconds from the start, so sample k stays at second k + 1 over a long run; after
  // a frame longer than a second, start counting again from now.
  second_start_ += second;
  if (now - second_start_ >= second) second_start_ = now;
  sum_ms_ = max_ms_ = 0.0;
  frames_ = 0;
}

// /proc/self/statm's second field, in pages.
long resident_kib() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return -1;
  long total_pages = 0, resident_pages = 0;
  const bool read = std::fscanf(f, "%ld %ld", &total_pages, &resident_pages) == 2;
  std::fclose(f);
  return read ? resident_pages * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

// CLOCK_BOOTTIME now minus the start time the kernel keeps in /proc/self/stat (field 22, in
// clock ticks since boot, usually 10 ms). Unlike a clock read in main(), this includes
// loading the shared libraries.
double ms_since_process_start() {
  std::FILE* file = std::fopen("/proc/self/stat", "r");
  if (file == nullptr) return -1.0;
  char text[1024];
  const size_t length = std::fread(text, 1, sizeof text - 1, file);
  std::fclose(file);
  text[length] = '\0';
  // Fields after the command name (which may hold spaces) start at field 3.
  const char* p = std::strrchr(text, ')');
  if (p == nullptr) return -1.0;
  unsigned long long start_ticks = 0;
  int field = 2;
  for (const char* token = std::strtok(const_cast<char*>(p + 1), " "); token != nullptr;
       token = std::strtok(nullptr, " "))
    if (++field == 22) {
      start_ticks = std::strtoull(token, nullptr, 10);
      break;
    }
  timespec now{};
  if (field != 22 || clock_gettime(CLOCK_BOOTTIME, &now) != 0) return -1.0;
  const double now_s = static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
  return 1000.0 *
         (now_s - static_cast<double>(start_ticks) / static_cast<double>(sysconf(_SC_CLK_TCK)));
}

}  // namespace app
