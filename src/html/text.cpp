// Positions, escaping and edits for the absolutizer.
#include "text.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "urlkit/html.hpp"

namespace urlkit::html {

namespace detail {

bool fits_unquoted(std::string_view value) noexcept {
  if (value.empty()) return false;
  // Every value written back unquoted is looked through (rustdoc writes its
  // many "href=#12" so): 16 bytes at a time, one table look-up a byte after.
  static constexpr std::array<bool, 256> stops = [] {
    std::array<bool, 256> t{};
    for (const char c : {'\t', '\n', '\f', '\r', ' ', '"', '\'', '=', '<', '>', '`'})
      t[static_cast<unsigned char>(c)] = true;
    return t;
  }();
  const char* p = value.data();
  const std::size_t n = value.size();
  std::size_t i = 0;
#if defined(__SSE2__)
  // The eleven stops, each compared exactly (VT, among the white space of
  // C, is not HTML's).
  const auto eq = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i hits =
        _mm_or_si128(_mm_or_si128(_mm_or_si128(eq(v, '\t'), eq(v, '\n')),
                                  _mm_or_si128(eq(v, '\f'), eq(v, '\r'))),
                     _mm_or_si128(_mm_or_si128(_mm_or_si128(eq(v, ' '), eq(v, '"')),
                                               _mm_or_si128(eq(v, '\''), eq(v, '='))),
                                  _mm_or_si128(_mm_or_si128(eq(v, '<'), eq(v, '>')), eq(v, '`'))));
    if (_mm_movemask_epi8(hits) != 0) return false;
  }
#endif
  for (; i < n; ++i)
    if (stops[static_cast<unsigned char>(p[i])]) return false;
  return true;
}

}  // namespace detail

position position_of(std::string_view document, std::size_t offset) noexcept {
  offset = std::min(offset, document.size());
  position p{offset, 1, 1};
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (document[i] == '\n' ||
        (document[i] == '\r' && (i + 1 == document.size() || document[i + 1] != '\n'))) {
      ++p.line;
      line_start = i + 1;
    }
  }
  p.column = offset - line_start + 1;
  return p;
}

result<std::string> apply(std::string_view original, std::span<const edit> edits) {
  std::size_t size = original.size();
  std::size_t last = 0;
  for (const edit& e : edits) {
    if (e.begin < last || e.end < e.begin || e.end > original.size()) {
      error bad{};
      bad.code = error_code::bad_edit;
      bad.offset = e.begin;
      return bad;
    }
    last = e.end;
    size = size - (e.end - e.begin) + e.text.size();
  }
  std::string out;
  out.reserve(size);
  std::size_t at = 0;
  for (const edit& e : edits) {
    out.append(original.substr(at, e.begin - at));
    out.append(e.text);
    at = e.end;
  }
  out.append(original.substr(at));
  return out;
}

}  // namespace urlkit::html
