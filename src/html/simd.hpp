// Whether the processor has AVX2, asked once when the library starts, as
// src/grammar/blocks.hpp does for the URL grammar: the whole-document scans
// of urlkit::html (base_tag_scan's look for "<base", the tokenizer's count
// of lines) read 32 bytes at a time where it has, 16 with SSE2 (every
// x86-64) where it has not, a byte at a time elsewhere; every way finds
// the same.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define URLKIT_HTML_AVX2 1
#define URLKIT_HTML_AVX2_TARGET __attribute__((target("avx2,popcnt")))
#else
#define URLKIT_HTML_AVX2 0
#endif

namespace urlkit::html::detail {

#if URLKIT_HTML_AVX2
/// Whether the processor runs AVX2 and POPCNT (and the operating system
/// keeps the AVX registers).
inline bool detect_avx2() noexcept {
  __builtin_cpu_init();
  // (An int in g++, a bool in clang.)
  return static_cast<bool>(__builtin_cpu_supports("avx2")) &&
         static_cast<bool>(__builtin_cpu_supports("popcnt"));
}
/// Asked when the library starts; until then (another library's start-up
/// code) false, and the scans read 16 bytes at a time.
inline const bool has_avx2 = detect_avx2();
#endif

}  // namespace urlkit::html::detail
