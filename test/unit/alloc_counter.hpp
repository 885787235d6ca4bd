// Counting the allocations a piece of code makes: the test program replaces
// the global operator new (alloc_test.cpp) and counts while asked to: the
// calls, the bytes asked for, and the most bytes live at once.
#pragma once

#include <cstddef>

namespace urlkit_test {

void start_counting() noexcept;
std::size_t stop_counting() noexcept;

/// What the code counted between start_counting() and stop_counting() allocated.
struct allocation_stats {
  std::size_t calls = 0;  // operator new calls
  std::size_t bytes = 0;  // bytes asked for, in all
  /// The most bytes live at once, over what was live at start_counting()
  /// (as malloc_usable_size counts them).  Memory allocated before and freed
  /// while counting lowers the count, so give the code its inputs ready made.
  std::size_t peak_live_bytes = 0;
};
/// The figures of the last counting (call after stop_counting()).
allocation_stats last_counted() noexcept;

/// The number of operator new calls `f` makes.
template <class F>
std::size_t allocations_of(F&& f) {
  start_counting();
  f();
  return stop_counting();
}

/// What `f` allocates.
template <class F>
allocation_stats allocation_stats_of(F&& f) {
  start_counting();
  f();
  stop_counting();
  return last_counted();
}

}  // namespace urlkit_test
