// Counts heap allocations, to check that a solve allocates nothing once its workspace and
// trace have grown to size. Replaces the global operator new / delete for the whole test
// executable, so include it from exactly one source file of a test (every tests/test_*.cpp
// is an executable of its own).
#pragma once

#include <cstdlib>
#include <new>

namespace alloctest {
inline long& allocations() {
  static long count = 0;
  return count;
}
}  // namespace alloctest

// Not inlined: GCC would otherwise see free() called on what operator new returned and
// warn of a mismatch (-Wmismatched-new-delete), though here new is malloc underneath.
__attribute__((noinline)) void* operator new(std::size_t size) {
  ++alloctest::allocations();
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
__attribute__((noinline)) void operator delete(void* p) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete(void* p, std::size_t) noexcept { std::free(p); }
