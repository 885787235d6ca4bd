// Where the next byte `c` of a short part of a URL is: the "%" of an escape
// (draft 2.3.3: escaped = "%" hex hex) in the parts a typed view checks
// (schemes/support.hpp), the "." of a dot segment in a path being resolved
// (resolve.cpp, draft 4 Step 6).  Those parts are a few dozen bytes, and
// there a call of memchr cost more time than the search itself
// (docs/performance.md, "What each technique buys", gives the timings).
// Inline, 16 bytes at a time with SSE2 (every x86-64), a byte at a time
// elsewhere and below 16 bytes; the same answer as
// std::string_view::find(c, from) in every case.  (The HTML tokenizer keeps
// its own search, 32 bytes inline and then memchr, for text that may run
// long: on it this one executed more instructions.)
#pragma once

#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace urlkit::detail {

/// The offset of the first `c` of `s` at or after `from`, or npos.
inline std::size_t find_byte(std::string_view s, char c, std::size_t from = 0) noexcept {
  const char* p = s.data();
  const std::size_t n = s.size();
  std::size_t i = from;
#if defined(__SSE2__)
  if (n >= 16) {
    const __m128i splat = _mm_set1_epi8(c);
    const auto hits = [&](std::size_t at) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
      return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, splat)));
    };
    for (; i + 16 <= n; i += 16)
      if (const unsigned m = hits(i); m != 0) return i + static_cast<unsigned>(__builtin_ctz(m));
    if (i >= n) return std::string_view::npos;
    // The last bytes, as the 16 that end at the part's end: nothing is read
    // outside it; the bits of bytes before `i` are shifted out.
    const std::size_t left = n - i;
    if (const unsigned m = hits(n - 16) >> (16 - left); m != 0)
      return i + static_cast<unsigned>(__builtin_ctz(m));
    return std::string_view::npos;
  }
#endif
  for (; i < n; ++i)
    if (p[i] == c) return i;
  return std::string_view::npos;
}

}  // namespace urlkit::detail
