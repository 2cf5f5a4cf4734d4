// Counts heap allocations, to check that a solve allocates nothing once its workspace and
// trace have grown to size. allocation_counter.cpp replaces the global operator new / delete
// (plain, array and nothrow forms, all on malloc / free) for the whole test program: tests/
// CMakeLists.txt compiles it into each folder program with a source that includes this
// header, and only into those.
#pragma once

#include <cstddef>

namespace alloctest {
inline long& allocations() {
  static long count = 0;
  return count;
}
}  // namespace alloctest
