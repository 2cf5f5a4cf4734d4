// The global operator new / delete of a test program that counts allocations
// (allocation_counter.h).
#include "tests/support/allocation_counter.h"

#include <cstdlib>
#include <new>

namespace alloctest {
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
