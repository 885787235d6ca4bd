// find_base_href and base_finder: the document's first BASE href (draft 5.1,
// Appendix D), as the absolutizer takes it, read as a stream that stops at
// it.
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "simd.hpp"
#include "stream.hpp"
#include "text.hpp"
#include "urlkit/html.hpp"

namespace urlkit::html {

using namespace detail;

struct base_finder::impl {
  base_reader reader;
  std::string prefix;  // the first bytes, until the encoding is known
  bool encoding_known = false;
  std::optional<urlkit::error> error;

  result<void> feed(std::string_view piece) {
    if (!reader.found() && !reader.write(piece)) return tag_too_large_at(reader.failed_at());
    return {};
  }

  result<void> begin() {
    encoding_known = true;
    if (auto e = refused_encoding(prefix)) return *e;
    std::string p;
    p.swap(prefix);
    return feed(p);
  }
};

base_finder::base_finder() : impl_(std::make_unique<impl>()) {}
base_finder::~base_finder() = default;
base_finder::base_finder(base_finder&&) noexcept = default;
base_finder& base_finder::operator=(base_finder&&) noexcept = default;

result<void> base_finder::write(std::string_view piece) {
  impl& m = *impl_;
  if (m.error) return *m.error;
  result<void> r;
  if (!m.encoding_known && m.prefix.empty() && piece.size() >= encoding_prescan) {
    // The first piece holds the whole prescan: read where it is.
    m.encoding_known = true;
    if (auto e = refused_encoding(piece)) {
      m.error = *e;
      return *e;
    }
    r = m.feed(piece);
  } else if (!m.encoding_known) {
    m.prefix.append(piece);
    if (m.prefix.size() < encoding_prescan) return {};
    r = m.begin();
  } else {
    r = m.feed(piece);
  }
  if (!r) m.error = r.error();
  return r;
}

bool base_finder::found() const noexcept {
  return impl_->reader.found();
}

result<std::optional<base_href>> base_finder::finish() {
  impl& m = *impl_;
  if (m.error) return *m.error;
  if (!m.encoding_known) {
    if (auto r = m.begin(); !r) {
      m.error = r.error();
      return r.error();
    }
  }
  if (!m.reader.found()) m.reader.finish();
  return m.reader.base();
}

namespace {

// Whether `s` (at least 5 bytes) begins with "<base", ASCII case ignored.
bool base_tag_at(const char* s) noexcept {
  return s[0] == '<' && (s[1] | 0x20) == 'b' && (s[2] | 0x20) == 'a' && (s[3] | 0x20) == 's' &&
         (s[4] | 0x20) == 'e';
}

#if URLKIT_HTML_AVX2
// The SSE2 loop below, 32 places at a time: from `p` to where fewer than 37
// bytes are left; `seen` set where "<base" is found.
URLKIT_HTML_AVX2_TARGET const char* scan_avx2(const char* p, const char* end, bool& seen) noexcept {
  const __m256i lt = _mm256_set1_epi8('<');
  const __m256i b = _mm256_set1_epi8('b');
  const __m256i case_bit = _mm256_set1_epi8(0x20);
  while (end - p >= 37) {  // 32 places, and 5 bytes from the last
    const __m256i here = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i next = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1));
    auto bits = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_and_si256(
        _mm256_cmpeq_epi8(here, lt), _mm256_cmpeq_epi8(_mm256_or_si256(next, case_bit), b))));
    while (bits != 0) {
      if (base_tag_at(p + __builtin_ctz(bits))) {
        seen = true;
        return p;
      }
      bits &= bits - 1;
    }
    p += 32;
  }
  return p;
}
#endif

}  // namespace

void base_tag_scan::write(std::string_view piece) noexcept {
  if (seen_ || piece.empty()) return;
  // A "<base" cut between pieces starts in the last 4 bytes before this
  // piece: they and this piece's first 4 bytes.
  char window[8] = {};
  std::memcpy(window, tail_, tail_size_);
  const std::size_t more = std::min<std::size_t>(4, piece.size());
  std::memcpy(window + tail_size_, piece.data(), more);
  for (std::size_t i = 0; i < tail_size_ && i + 5 <= tail_size_ + more; ++i) {
    if (base_tag_at(window + i)) {
      seen_ = true;
      return;
    }
  }
  const char* p = piece.data();
  const char* const end = p + piece.size();
#if URLKIT_HTML_AVX2
  if (has_avx2) {
    p = scan_avx2(p, end, seen_);
    if (seen_) return;
  }
#endif
#if defined(__SSE2__)
  // 16 places at a time: a "<" followed by "b" or "B" (most documents have
  // a "<" every few dozen bytes, and no BASE), each such place then read.
  const __m128i lt = _mm_set1_epi8('<');
  const __m128i b = _mm_set1_epi8('b');
  const __m128i case_bit = _mm_set1_epi8(0x20);
  while (end - p >= 21) {  // 16 places, and 5 bytes from the last
    const __m128i here = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1));
    auto bits = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpeq_epi8(here, lt), _mm_cmpeq_epi8(_mm_or_si128(next, case_bit), b))));
    while (bits != 0) {
      if (base_tag_at(p + __builtin_ctz(bits))) {
        seen_ = true;
        return;
      }
      bits &= bits - 1;
    }
    p += 16;
  }
#endif
  while (end - p >= 5) {
    const void* lt = std::memchr(p, '<', static_cast<std::size_t>(end - p - 4));
    if (lt == nullptr) break;
    p = static_cast<const char*>(lt);
    if (base_tag_at(p)) {
      seen_ = true;
      return;
    }
    ++p;
  }
  // The last 4 bytes of the stream.
  if (piece.size() >= 4) {
    std::memcpy(tail_, end - 4, 4);
    tail_size_ = 4;
  } else {
    const std::size_t keep = std::min<std::size_t>(tail_size_, 4 - piece.size());
    std::memmove(tail_, tail_ + tail_size_ - keep, keep);
    std::memcpy(tail_ + keep, piece.data(), piece.size());
    tail_size_ = keep + piece.size();
  }
}

result<std::optional<base_href>> find_base_href(std::string_view document) {
  base_finder f;
  if (auto r = f.write(document); !r) return r.error();
  return f.finish();
}

}  // namespace urlkit::html
