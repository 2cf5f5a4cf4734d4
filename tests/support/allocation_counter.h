// Counts heap allocations, to check that a solve allocates nothing once its workspace and
// trace have grown to size. Replaces the global operator new / delete (plain, array and
// nothrow forms, all on malloc / free) for the whole test executable, so include it from
// exactly one source file of a test (every tests/test_*.cpp is an executable of its own).
#pragma once

#include <cstdlib>
#include <new>

namespace alloctest {
inline long& allocations() {
  static long count = 0;
  return count;
}
inline void* allocate(std::size_t size) noexcept {
  ++allocations();
  return std::malloc(size == 0 ? 1 : size);
}
}  // namespace alloctest

// Not inlined: GCC would otherwise see free() called on what operator new returned and
// warn of a mismatch (-Wmismatched-new-delete), though here new is malloc underneath.
__attribute__((noinline)) void* operator new(std::size_t size) {
  if (void* p = alloctest::allocate(size)) return p;
  throw std::bad_alloc();
}
__attribute__((noinline)) void* operator new[](std::size_t size) {
  if (void* p = alloctest::allocate(size)) return p;
  throw std::bad_alloc();
}
__attribute__((noinline)) void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return alloctest::allocate(size);
}
__attribute__((noinline)) void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return alloctest::allocate(size);
}
__attribute__((noinline)) void operator delete(void* p) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete[](void* p) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete(void* p, std::size_t) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
__attribute__((noinline)) void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
