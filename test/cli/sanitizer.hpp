// The sanitizer the CLI under test was built with, and what it does to the
// peak memory of a run: the tests that measure a child's memory allow for it.
// The tsan and asan presets say which (URLKIT_SANITIZER, test/cli/CMakeLists.txt);
// a build configured by hand with -fsanitize=... is told by the compiler's macros.
#pragma once

#include <cstddef>

namespace cli_test {

enum class sanitizer { none, address, thread };
#if defined(URLKIT_SANITIZER_THREAD) || defined(__SANITIZE_THREAD__)
inline constexpr sanitizer built_with = sanitizer::thread;
#elif defined(URLKIT_SANITIZER_ADDRESS) || defined(__SANITIZE_ADDRESS__)
inline constexpr sanitizer built_with = sanitizer::address;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr sanitizer built_with = sanitizer::thread;
#elif __has_feature(address_sanitizer)
inline constexpr sanitizer built_with = sanitizer::address;
#else
inline constexpr sanitizer built_with = sanitizer::none;
#endif
#else
inline constexpr sanitizer built_with = sanitizer::none;
#endif

inline constexpr std::size_t mib = std::size_t{1} << 20;

/// A bound of `bytes` on a release build's peak memory, in KiB, as the
/// sanitizer makes it: AddressSanitizer adds a shadow of an eighth and its
/// quarantine; ThreadSanitizer a shadow of four times and its runtime's own
/// (measured: every peak 4.9 to 5.0 times the release build's).
inline long sanitized_kib(double bytes) {
  if (built_with == sanitizer::address) bytes = bytes * 9 / 8 + 256.0 * mib;
  if (built_with == sanitizer::thread) bytes = bytes * 5 + 256.0 * mib;
  return static_cast<long>(bytes / 1024);
}

/// The size of a batch test's input: a third under a sanitizer, which runs
/// the tool three (ASan) to ten (TSan) times slower.  A third of the
/// smallest (6 MiB) is still eight of the batch driver's 256 KiB pieces, more
/// than the 7 --jobs the tests run: what a race or a stray access needs is
/// threads at once and pieces cut, not megabytes (the release presets read
/// them all).
constexpr std::size_t batch_bytes(std::size_t bytes) {
  return built_with == sanitizer::none ? bytes : bytes / 3;
}

}  // namespace cli_test
