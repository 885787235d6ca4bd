// The structure of a URL-reference as bit masks, one bit per byte: where its
// delimiters are and which bytes need a rule's look.  The blockwise reading of
// the generic grammar (reference.cpp, parse_blockwise) finds the components
// from these masks, draft-fielding-uri-url-00 section 4.3's outside-in split,
// and runs the X3 rules only on a component that holds a byte to judge:
//
//   URL-reference  =  [ absoluteURL | relativeURL ] [ "#" fragment ]
//   scheme         =  1*( alpha | digit | "+" | "-" | "." )      4.1
//   net_path       =  "//" server [ abs_path ]                    4.3.1: "/" ends it
//   rel_path       =  [ path ] [ ";" parameters ] [ "?" query ]   4.3.2-4.3.4
//
// The text is classified 16 bytes at a time with SSE2 (every x86-64 has it)
// or 32 at a time with AVX2 where the processor has it (blocks::detected),
// into 64-bit words; each kind of byte is one compare (the delimiters), or a
// few range compares (the bytes that need a look: every byte that no
// component after the scheme takes as it is, that is, outside urlchar and
// "#": escapes, space, controls, "<" ">" <">, unwise and national bytes).
// Both give the same masks: test/unit/structure_test.cpp compares them with
// the character table over every byte value, and with each other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "grammar/blocks.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define URLKIT_STRUCTURE 1
#else
#define URLKIT_STRUCTURE 0
#endif

namespace urlkit::grammar::structure {

/// How a URL-reference is read: byte by byte by the X3 grammar alone, or
/// first classified into masks 16 (SSE2) or 32 (AVX2) bytes at a time.
/// `automatic` is what parse_reference uses: AVX2 where the processor has it,
/// for a text the masks hold (1 to max_bytes bytes), else bytes (the SSE2
/// reading measured slower than bytes: reference.cpp).  The others are for
/// the tests and the fuzz target, which compare the readings on the same
/// input; one the processor lacks reads bytes.
enum class reading : unsigned char { automatic, bytes, sse2, avx2 };

/// The longest text the masks hold: 99.8% of the benchmark corpus's URLs
/// are shorter than 128 bytes, and a longer one is read by the X3 rules,
/// whose runs read 32 bytes at a time (blocks::skip_set) anyway.
inline constexpr std::size_t max_words = 4;
inline constexpr std::size_t max_bytes = 64 * max_words;

/// The masks of 64 bytes of text: bit i is byte i of the word.
struct word {
  std::uint64_t slash;  // "/"
  std::uint64_t other;  // the other delimiters: "#" "?" ";" ":" "@"
  std::uint64_t look;   // not urlchar and not "#" (draft 2): a rule must judge it
};

/// The masks of a whole text of 1 to max_bytes bytes: `count` words, no bit
/// at or past the text's end set, except in not_scheme.  Not initialised
/// until classify fills it (clearing 100 bytes cost more than a short parse).
struct masks {
  masks() noexcept {}  // NOLINT(modernize-use-equals-default): no clearing
  word words[max_words];
  /// Bytes of the first 16 that are not scheme characters (4.1), and every
  /// position from the 16th or the text's end on; where the first 16 are all
  /// scheme characters the scheme is left to the X3 rules.
  std::uint32_t not_scheme;
  std::uint32_t size;   // bytes
  std::uint32_t count;  // words
};

#if URLKIT_STRUCTURE

/// The masks of 16 or 32 bytes, as word has them.
struct lanes {
  std::uint32_t slash, other, look;
};

/// The constants of the classifiers, 32 copies of a byte each, read where
/// they are (see opaque): each is then an operand of the instruction that
/// uses it, where a constant the compiler knows is built in a register,
/// three instructions each, on every call.
struct constants {
  struct splat {
    alignas(32) char bytes[32];
  };
  splat slash, hash, question, semicolon, colon, at, bang, two, quote, angle, percent, grave, big_z,
      underscore, small_z, tilde, to_lower, from_a, letters, from_0, digits, plus, hyphen, dot;
};
constexpr constants::splat splat(char c) noexcept {
  constants::splat s{};
  for (char& b : s.bytes) b = c;
  return s;
}
inline constexpr constants splats{splat('/'),
                                  splat('#'),
                                  splat('?'),
                                  splat(';'),
                                  splat(':'),
                                  splat('@'),
                                  splat('!'),
                                  splat(2),
                                  splat('"'),
                                  splat('>'),
                                  splat('%'),
                                  splat('`'),
                                  splat('Z'),
                                  splat('_'),
                                  splat('z'),
                                  splat('~'),
                                  splat(0x20),
                                  splat(static_cast<char>(0x80 - 'a')),
                                  splat(static_cast<char>(-128 + 26)),
                                  splat(static_cast<char>(0x80 - '0')),
                                  splat(static_cast<char>(-128 + 10)),
                                  splat('+'),
                                  splat('-'),
                                  splat('.')};

/// The constants as memory the compiler cannot see into.
inline const constants& opaque() noexcept {
  const constants* c = &splats;
  asm("" : "+r"(c));
  return *c;
}

inline __m128i get16(const constants::splat& s) noexcept {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(s.bytes));
}

inline std::uint32_t bits16(__m128i m) noexcept {
  return static_cast<std::uint32_t>(_mm_movemask_epi8(m));
}

inline __m128i load16(const char* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

/// 16 bytes (SSE2).
inline lanes classify16(__m128i v, const constants& k) noexcept {
  const auto eq = [&](const constants::splat& c) { return _mm_cmpeq_epi8(v, get16(c)); };
  lanes out;
  out.slash = bits16(eq(k.slash));
  out.other =
      bits16(_mm_or_si128(_mm_or_si128(eq(k.hash), eq(k.question)),
                          _mm_or_si128(eq(k.semicolon), _mm_or_si128(eq(k.colon), eq(k.at)))));
  // Outside urlchar and "#": as signed bytes, below "!" is a control, the
  // space or a byte >= 0x80; then <">, "%", "<", ">", "[" to "^", "`",
  // "{" to "}" and DEL ("~" is unreserved, draft Appendix E.2).  v | 2 is
  // <"> only for " " and <">, ">" only for "<" and ">".
  const __m128i low = _mm_cmpgt_epi8(get16(k.bang), v);
  const __m128i or2 = _mm_or_si128(v, get16(k.two));
  const __m128i quote_angle =
      _mm_or_si128(_mm_cmpeq_epi8(or2, get16(k.quote)), _mm_cmpeq_epi8(or2, get16(k.angle)));
  const __m128i percent_grave = _mm_or_si128(eq(k.percent), eq(k.grave));
  const __m128i brackets =
      _mm_and_si128(_mm_cmpgt_epi8(v, get16(k.big_z)), _mm_cmpgt_epi8(get16(k.underscore), v));
  const __m128i braces = _mm_andnot_si128(eq(k.tilde), _mm_cmpgt_epi8(v, get16(k.small_z)));
  out.look = bits16(_mm_or_si128(_mm_or_si128(low, quote_angle),
                                 _mm_or_si128(percent_grave, _mm_or_si128(brackets, braces))));
  return out;
}

/// The bytes of the 16 that are not scheme characters (alpha, digit, "+",
/// "-", ".": draft 4.1), one bit each, and every bit from the 16th on.
inline std::uint32_t not_scheme16(__m128i v, const constants& k) noexcept {
  // A range test is one signed compare once the range starts at -128.
  const __m128i lower = _mm_or_si128(v, get16(k.to_lower));
  const __m128i alpha = _mm_cmpgt_epi8(get16(k.letters), _mm_add_epi8(lower, get16(k.from_a)));
  const __m128i digit = _mm_cmpgt_epi8(get16(k.digits), _mm_add_epi8(v, get16(k.from_0)));
  const __m128i marks = _mm_or_si128(
      _mm_cmpeq_epi8(v, get16(k.plus)),
      _mm_or_si128(_mm_cmpeq_epi8(v, get16(k.hyphen)), _mm_cmpeq_epi8(v, get16(k.dot))));
  return ~bits16(_mm_or_si128(_mm_or_si128(alpha, digit), marks));
}

inline void put(word& w, const lanes& l, unsigned shift) noexcept {
  w.slash |= std::uint64_t{l.slash} << shift;
  w.other |= std::uint64_t{l.other} << shift;
  w.look |= std::uint64_t{l.look} << shift;
}

inline lanes shifted(lanes l, unsigned by) noexcept {
  l.slash >>= by;
  l.other >>= by;
  l.look >>= by;
  return l;
}

/// A text of fewer than 16 bytes, copied into 16 zero bytes: the loads then
/// never read past the text (the zeros' bits are cleared; a zero byte is no
/// scheme character, so not_scheme marks the end already).
inline void classify_short(const char* text, std::uint32_t size, masks& m) noexcept {
  alignas(16) char copy[16] = {};
  std::memcpy(copy, text, size);
  const constants& k = opaque();
  const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(copy));
  const lanes l = classify16(v, k);
  const std::uint64_t keep = (std::uint64_t{1} << size) - 1;
  m.words[0] = word{l.slash & keep, l.other & keep, l.look & keep};
  m.not_scheme = not_scheme16(v, k);
  m.size = size;
  m.count = 1;
}

/// Classifies a text of 16 to max_bytes bytes, 16 bytes at a time (SSE2).
/// A last block of k < 16 bytes is read as the 16 bytes that end at the
/// text's end, its bits moved down: nothing is read past either end.
inline void classify_sse2(const char* text, std::uint32_t size, masks& m) noexcept {
  const constants& k = opaque();
  m.size = size;
  m.count = (size + 63) / 64;
  m.not_scheme = not_scheme16(load16(text), k);
  for (std::uint32_t i = 0; i < m.count; ++i) {
    word w{0, 0, 0};
    const std::uint32_t first = 64 * i;
    const std::uint32_t last = size - first < 64 ? size : first + 64;
    for (std::uint32_t o = first; o < last; o += 16) {
      const std::uint32_t left = size - o;
      put(w,
          left >= 16 ? classify16(load16(text + o), k)
                     : shifted(classify16(load16(text + size - 16), k), 16 - left),
          o - first);
    }
    m.words[i] = w;
  }
}

#if URLKIT_BLOCKS

URLKIT_BLOCKS_TARGET inline __m256i get32(const constants::splat& s) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(s.bytes));
}

URLKIT_BLOCKS_TARGET inline std::uint32_t bits32(__m256i m) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(m));
}

URLKIT_BLOCKS_TARGET inline __m256i equal32(__m256i v, const constants::splat& c) noexcept {
  return _mm256_cmpeq_epi8(v, get32(c));
}

/// 32 bytes (AVX2); the bytes needing a look are a byte set
/// (blocks::in_set32's nibble tables) of urlchar and "#", complemented.
URLKIT_BLOCKS_TARGET inline lanes classify32(__m256i v, const constants& k) noexcept {
  static constexpr blocks::byte_set clean = [] {
    blocks::byte_set s = blocks::make_byte_set(charset::urlchar);
    const unsigned hash = '#';
    s.lo[hash & 15] |= static_cast<std::uint8_t>(1u << (hash >> 4));
    s.lo[16 + (hash & 15)] = s.lo[hash & 15];
    return s;
  }();
  lanes out;
  out.slash = bits32(equal32(v, k.slash));
  out.other = bits32(
      _mm256_or_si256(_mm256_or_si256(equal32(v, k.hash), equal32(v, k.question)),
                      _mm256_or_si256(equal32(v, k.semicolon),
                                      _mm256_or_si256(equal32(v, k.colon), equal32(v, k.at)))));
  out.look = ~blocks::in_set32(v, clean);
  return out;
}

URLKIT_BLOCKS_TARGET inline lanes classify32(const char* p, const constants& k) noexcept {
  return classify32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), k);
}

/// A text of 1 to 32 bytes as one 32-byte register (AVX2): its first 16
/// bytes in the low lane and the 16 that end at its end in the high lane
/// (they overlap when it is shorter than 32), or, under 16 bytes, a copy in
/// 16 zero bytes and zeros above.  One classification then serves both
/// halves, and the scheme's bytes (4.1) come from the same register: two
/// SSE2 classifications of 16 bytes took twice the instructions.
[[gnu::always_inline]] URLKIT_BLOCKS_TARGET inline __m256i load_under32(
    const char* text, std::uint32_t size) noexcept {
  if (size >= 16)
    return _mm256_inserti128_si256(_mm256_castsi128_si256(load16(text)), load16(text + size - 16),
                                   1);
  alignas(16) char copy[16] = {};
  std::memcpy(copy, text, size);
  return _mm256_zextsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(copy)));
}

/// The masks of a text of 1 to 31 bytes, read as load_under32 reads it.
/// Its own function, apart from classify_from32: sharing that one's frame
/// (the registers and the 32-byte alignment its loops need) cost a short
/// text 19 instructions, a fifth of its classification.
[[gnu::noinline]] URLKIT_BLOCKS_TARGET inline void classify_under32(const char* text,
                                                                    std::uint32_t size,
                                                                    masks& m) noexcept {
  static constexpr blocks::byte_set scheme = blocks::make_byte_set(charset::scheme);
  const __m256i v = load_under32(text, size);
  const lanes l = classify32(v, opaque());
  if (size >= 16) {
    // The high lane's bytes start at size - 16; the bytes both lanes hold
    // have the same bits.
    const unsigned at = size - 16;
    const auto join = [at](std::uint32_t bits) {
      return std::uint64_t{bits & 0xffffu} | std::uint64_t{bits >> 16} << at;
    };
    m.words[0] = word{join(l.slash), join(l.other), join(l.look)};
  } else {
    // The copy's zeros, and the high lane, are none of the text.
    const std::uint32_t keep = (std::uint32_t{1} << size) - 1;
    m.words[0] = word{l.slash & keep, l.other & keep, l.look & keep};
  }
  // A zero byte is no scheme character: not_scheme marks a short text's end.
  m.not_scheme = ~blocks::in_set32(v, scheme) | 0xffff0000u;
  m.size = size;
  m.count = 1;
}

/// Classifies a text of 32 to max_bytes bytes, 32 bytes at a time (AVX2).
/// A last block of fewer than 32 bytes is read as the 32 that end at the
/// text's end, its bits moved down.
URLKIT_BLOCKS_TARGET inline void classify_from32(const char* text, std::uint32_t size,
                                                 masks& m) noexcept {
  const constants& k = opaque();
  m.size = size;
  m.not_scheme = not_scheme16(load16(text), k);
  if (size <= 64) {
    // One word, straight: two blocks that may overlap, the second the one
    // that ends at the text's end, its bits moved up to where its bytes are.
    m.count = 1;
    const lanes a = classify32(text, k);
    const lanes b = classify32(text + size - 32, k);
    const unsigned at = size - 32;
    m.words[0] = word{a.slash | std::uint64_t{b.slash} << at,
                      a.other | std::uint64_t{b.other} << at, a.look | std::uint64_t{b.look} << at};
    return;
  }
  m.count = (size + 63) / 64;
  for (std::uint32_t i = 0; i < m.count; ++i) {
    word w{0, 0, 0};
    const std::uint32_t first = 64 * i;
    const std::uint32_t last = size - first < 64 ? size : first + 64;
    for (std::uint32_t o = first; o < last; o += 32) {
      const std::uint32_t left = size - o;
      put(w,
          left >= 32 ? classify32(text + o, k)
                     : shifted(classify32(text + size - 32, k), 32 - left),
          o - first);
    }
    m.words[i] = w;
  }
}

/// Classifies a text of 1 to max_bytes bytes with AVX2; only when
/// blocks::detected.  Each size has its own function, called from here (no
/// AVX2 code of its own, so that it is inlined into its callers).
inline void classify_avx2(const char* text, std::uint32_t size, masks& m) noexcept {
  if (size < 32)
    classify_under32(text, size, m);
  else
    classify_from32(text, size, m);
}

#endif  // URLKIT_BLOCKS

#endif  // URLKIT_STRUCTURE

/// Classifies `text` (1 to max_bytes bytes) as `how` says (automatic: AVX2
/// if the processor has it, else SSE2; the tests ask), if this processor
/// can: false (nothing classified) for `bytes`, for a size out of range, or
/// where the reading asked for is missing.
inline bool classify(const char* text, std::size_t size, reading how, masks& m) noexcept {
#if URLKIT_STRUCTURE
  if (size == 0 || size > max_bytes || how == reading::bytes) return false;
  const auto n = static_cast<std::uint32_t>(size);
#if URLKIT_BLOCKS
  const bool avx2 = how != reading::sse2 && blocks::detected;
#else
  const bool avx2 = false;
#endif
  if (how == reading::avx2 && !avx2) return false;
  if (avx2) {
#if URLKIT_BLOCKS
    classify_avx2(text, n, m);
#endif
  } else if (n < 16) {
    classify_short(text, n, m);
  } else {
    classify_sse2(text, n, m);
  }
  return true;
#else
  (void)text;
  (void)size;
  (void)how;
  (void)m;
  return false;
#endif
}

// The walk's questions to the masks.  Each takes byte positions.  `One`:
// the text is one word (up to 64 bytes, 90% of real URLs), and each
// question is a few operations on one mask.

/// The first byte at or after `from` whose bit is set in the word masks
/// `pick(word)` gives, or the text's size if none.
template <bool One, class Pick>
inline std::uint32_t first_from(const masks& m, std::uint32_t from, Pick pick) noexcept {
  if (from >= m.size || from >= max_bytes) return m.size;
  if constexpr (One) {
    const std::uint64_t bits = pick(m.words[0]) & (~std::uint64_t{0} << from);
    return bits != 0 ? static_cast<std::uint32_t>(__builtin_ctzll(bits)) : m.size;
  } else {
    std::uint32_t i = from / 64;
    std::uint64_t bits = pick(m.words[i]) & (~std::uint64_t{0} << (from % 64));
    while (bits == 0) {
      if (++i >= m.count || i >= max_words) return m.size;
      bits = pick(m.words[i]);
    }
    return 64 * i + static_cast<std::uint32_t>(__builtin_ctzll(bits));
  }
}

/// Whether a bit of `pick` is set in [first, last).
template <bool One, class Pick>
inline bool any_in(const masks& m, std::uint32_t first, std::uint32_t last, Pick pick) noexcept {
  return first < last && first_from<One>(m, first, pick) < last;
}

/// The first byte at or after `from` that is one of the other delimiters
/// (word::other) and that `wanted(byte)` accepts, or the text's size: the
/// delimiters of a kind are found by visiting those of the other kinds
/// before them, a few in a URL.
template <bool One, class Wanted>
inline std::uint32_t first_other(const masks& m, const char* text, std::uint32_t from,
                                 Wanted wanted) noexcept {
  const auto other = [](const word& w) { return w.other; };
  for (std::uint32_t p = first_from<One>(m, from, other); p < m.size;
       p = first_from<One>(m, p + 1, other))
    if (wanted(text[p])) return p;
  return m.size;
}

}  // namespace urlkit::grammar::structure
