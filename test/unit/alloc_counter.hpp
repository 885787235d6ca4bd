// Counting the allocations a piece of code makes: the test program replaces
// the global operator new (alloc_test.cpp) and counts while asked to.
#pragma once

#include <cstddef>

namespace urlkit_test {

void start_counting() noexcept;
std::size_t stop_counting() noexcept;

/// The number of operator new calls `f` makes.
template <class F>
std::size_t allocations_of(F&& f) {
  start_counting();
  f();
  return stop_counting();
}

}  // namespace urlkit_test
