// Bytes classified 32 at a time (AVX2), for the primitives that read a
// whole short token in one step instead of a byte at a time: one mask bit per
// byte, then the token's structure is a few operations on the masks.  AVX2 is
// asked of the processor when the library starts (blocks::detected); where
// it is missing, or on other processors, the primitives' callers keep to the
// byte-at-a-time rules, which accept the same strings.
#pragma once

#include <cstdint>

#include "urlkit/charset.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define URLKIT_BLOCKS 1
#define URLKIT_BLOCKS_TARGET __attribute__((target("avx2,bmi,bmi2,lzcnt")))
#else
#define URLKIT_BLOCKS 0
#define URLKIT_BLOCKS_TARGET
#endif

namespace urlkit::grammar::blocks {

/// The classes of a text of up to 63 bytes, one bit per byte (bit i: the
/// i-th byte); no bit at or past the text's end is set.
struct masks {
  std::uint64_t alnum = 0;            // RFC 1738 5: alpha | digit (ASCII)
  std::uint64_t dot = 0;              // "."
  std::uint64_t hyphen = 0;           // "-"
  std::uint64_t plus_underscore = 0;  // "+" or "_"
};

/// A set of ASCII bytes as two 16-entry tables, each twice (one copy per
/// 16-byte lane of a 256-bit register): byte b is in the set when
/// lo[b & 15] & hi[b >> 4] is not zero.  hi gives each of the eight ASCII
/// rows (b >> 4 = 0..7) its own bit and lo says which rows hold the column,
/// so any set of ASCII bytes is exact; a byte >= 0x80 is in no set.
struct byte_set {
  alignas(32) std::uint8_t lo[32];
  alignas(32) std::uint8_t hi[32];
};

/// The ASCII bytes of the classes `allowed` (charset::table): the bytes a
/// byte-at-a-time scan for `allowed` goes past.
constexpr byte_set make_byte_set(charset::mask allowed) noexcept {
  byte_set s{};
  for (unsigned b = 0; b < 0x80; ++b)
    if (charset::table[b] & allowed) {
      s.lo[b & 15] |= static_cast<std::uint8_t>(1u << (b >> 4));
      s.lo[16 + (b & 15)] = s.lo[b & 15];
    }
  for (unsigned row = 0; row < 8; ++row)
    s.hi[row] = s.hi[16 + row] = static_cast<std::uint8_t>(1u << row);
  return s;
}

#if URLKIT_BLOCKS

/// Whether this processor runs classify (AVX2 and BMI2, with the operating
/// system's support for the AVX registers).
inline bool detect() noexcept {
  __builtin_cpu_init();
  // (An int in g++, a bool in clang.)
  return static_cast<bool>(__builtin_cpu_supports("avx2")) &&
         static_cast<bool>(__builtin_cpu_supports("bmi")) &&
         static_cast<bool>(__builtin_cpu_supports("bmi2"));
}

/// Whether this processor runs classify: asked once, when the library
/// starts.  (Until then, as in another library's start-up code, it reads
/// false, and the callers read a byte at a time.)
inline const bool detected = detect();

/// The constants of classify32: 32 copies of a byte each.
struct constants {
  struct splat {
    alignas(32) char bytes[32];
  };
  splat to_lower, from_a, from_0, letters, digits, dot, hyphen, plus, underscore;
};
constexpr constants::splat splat(char c) noexcept {
  constants::splat s{};
  for (char& b : s.bytes) b = c;
  return s;
}
inline constexpr constants splats{splat(0x20),
                                  splat(static_cast<char>(0x80 - 'a')),
                                  splat(static_cast<char>(0x80 - '0')),
                                  splat(static_cast<char>(-128 + 26)),
                                  splat(static_cast<char>(-128 + 10)),
                                  splat('.'),
                                  splat('-'),
                                  splat('+'),
                                  splat('_')};

/// The constants as memory the compiler cannot see into: each is then an
/// operand that an instruction reads where it is, where a constant the
/// compiler knows is built in a register, three instructions each.
inline const constants& opaque_splats() noexcept {
  const constants* c = &splats;
  asm("" : "+r"(c));
  return *c;
}

URLKIT_BLOCKS_TARGET inline __m256i load(const constants::splat& s) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(s.bytes));
}

URLKIT_BLOCKS_TARGET inline std::uint32_t bits(__m256i m) noexcept {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(m));
}

/// The classes of the 32 bytes `v`, one bit each: alnum, dot, hyphen,
/// plus_underscore.
URLKIT_BLOCKS_TARGET inline void classify32(__m256i v, const constants& k,
                                            std::uint32_t out[4]) noexcept {
  // A range test is one signed compare once the range is moved to start at
  // -128; letters are v | 0x20 in 'a'..'z' (only ASCII letters land there).
  const __m256i lower = _mm256_or_si256(v, load(k.to_lower));
  const __m256i alpha = _mm256_cmpgt_epi8(load(k.letters), _mm256_add_epi8(lower, load(k.from_a)));
  const __m256i digit = _mm256_cmpgt_epi8(load(k.digits), _mm256_add_epi8(v, load(k.from_0)));
  const __m256i plus_underscore =
      _mm256_or_si256(_mm256_cmpeq_epi8(v, load(k.plus)), _mm256_cmpeq_epi8(v, load(k.underscore)));
  out[0] = bits(_mm256_or_si256(alpha, digit));
  out[1] = bits(_mm256_cmpeq_epi8(v, load(k.dot)));
  out[2] = bits(_mm256_cmpeq_epi8(v, load(k.hyphen)));
  out[3] = bits(plus_underscore);
}

/// Classifies [first, last), 1 to 63 bytes, 32 at a time; only when
/// detected.  Reads only within [text, last): a text of up to 32 bytes is
/// read as the 32-byte block that ends at `last`, loading only the 4-byte
/// words that hold one of its bytes (the first may start up to 3 bytes
/// before `first`); a longer one as the 32 bytes from `first` and the 32 that
/// end at `last`.  False (nothing classified) when [first, last) is empty or
/// longer than 63 bytes, or fewer than 3 bytes of the text precede `first`.
URLKIT_BLOCKS_TARGET inline bool classify(const char* first, const char* last, const char* text,
                                          masks& out) noexcept {
  const auto n = static_cast<unsigned>(last - first);
  if (last <= first || n > 63 || first - text < 3) return false;
  const constants& k = opaque_splats();
  std::uint32_t lo[4];
  if (n <= 32) {
    // Word i of the block holds bytes [4i, 4i + 4) of it; the text starts at
    // byte 32 - n.  A word is loaded when it ends after that.
    const __m256i word_ends = _mm256_setr_epi32(4, 8, 12, 16, 20, 24, 28, 32);
    const __m256i wanted =
        _mm256_cmpgt_epi32(word_ends, _mm256_set1_epi32(static_cast<int>(32 - n)));
    classify32(_mm256_maskload_epi32(reinterpret_cast<const int*>(last - 32), wanted), k, lo);
    const unsigned shift = 32 - n;
    out.alnum = lo[0] >> shift;
    out.dot = lo[1] >> shift;
    out.hyphen = lo[2] >> shift;
    out.plus_underscore = lo[3] >> shift;
    return true;
  }
  std::uint32_t hi[4];
  classify32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(first)), k, lo);
  classify32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(last - 32)), k, hi);
  const unsigned shift = 64 - n;  // the last block's bits from byte 32 on
  out.alnum = lo[0] | std::uint64_t{hi[0] >> shift} << 32;
  out.dot = lo[1] | std::uint64_t{hi[1] >> shift} << 32;
  out.hyphen = lo[2] | std::uint64_t{hi[2] >> shift} << 32;
  out.plus_underscore = lo[3] | std::uint64_t{hi[3] >> shift} << 32;
  return true;
}

/// Whether the `n` bytes (0 < n < 64) from bit `at` of `b`, the classes of
/// a text of which `first` is byte `at`, all of them letters, digits, "-"
/// and ".", and the byte after them none of those, are a hostname (RFC 1738
/// 5): labels that start and end with an alphadigit, joined by ".", the last
/// one starting with a letter.  A hostnumber is not one: the `host` rule
/// reads it.
inline bool is_hostname(const masks& b, unsigned at, unsigned n, const char* first) noexcept {
  const std::uint64_t in_run = (std::uint64_t{1} << n) - 1;
  // Each label's first and last byte (the bytes after and before each ".",
  // the run's first and last) must be alphadigits: so no label is empty.
  const std::uint64_t dots = (b.dot >> at) & in_run;
  const std::uint64_t starts = (dots << 1) | 1;
  const std::uint64_t edges = starts | (dots >> 1) | (std::uint64_t{1} << (n - 1));
  // (Bit n, set by a "." last, stands for the byte after the run: no
  // alphadigit.)
  if ((edges & ~(b.alnum >> at)) != 0) return false;
  const auto top = 63 - static_cast<unsigned>(__builtin_clzll(starts));  // the last label
  return charset::is(charset::alpha, first[top]);                        // is a toplabel
}

/// The bytes of `v` that are in `s`, one bit each.
URLKIT_BLOCKS_TARGET inline std::uint32_t in_set32(__m256i v, const byte_set& s) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  const __m256i column = _mm256_and_si256(v, nibble);
  const __m256i row = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
  const __m256i hit = _mm256_and_si256(
      _mm256_shuffle_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(s.lo)), column),
      _mm256_shuffle_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(s.hi)), row));
  return ~bits(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
}

/// The end of the run of bytes of `s` that starts at `first` (at most
/// `last`); only when detected.  Reads only within [text, last), as classify
/// does: a run of up to 32 bytes is read as the block that ends at `last`
/// (whose first word may start up to 3 bytes before `first`), a longer one
/// 32 bytes at a time, its tail as the 32 bytes that end at `last`.  Where it
/// cannot read so (a short text with fewer than 3 bytes before `first`) it
/// returns `first`, and the caller goes on a byte at a time.
URLKIT_BLOCKS_TARGET inline const char* skip_set(const char* first, const char* last,
                                                 const char* text, const byte_set& s) noexcept {
  const auto n = static_cast<std::size_t>(last - first);
  if (n == 0) return first;
  if (n <= 32) {
    if (first - text < 3) return first;
    const __m256i word_ends = _mm256_setr_epi32(4, 8, 12, 16, 20, 24, 28, 32);
    const __m256i wanted =
        _mm256_cmpgt_epi32(word_ends, _mm256_set1_epi32(static_cast<int>(32 - n)));
    const std::uint64_t in =
        in_set32(_mm256_maskload_epi32(reinterpret_cast<const int*>(last - 32), wanted), s) >>
        (32 - n);
    // The first byte not in the set; none in [first, last) gives n.
    return first + _tzcnt_u64(~in);
  }
  const char* p = first;
  for (; last - p >= 32; p += 32) {
    const std::uint32_t in = in_set32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), s);
    if (in != UINT32_MAX) return p + _tzcnt_u32(~in);
  }
  if (p == last) return p;
  // The tail, fewer than 32 bytes, as the last 32 bytes of the run's text.
  const auto tail = static_cast<unsigned>(last - p);
  const std::uint64_t in =
      in_set32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(last - 32)), s) >> (32 - tail);
  return p + _tzcnt_u64(~in);
}

/// Whether [first, last), 1 to 32 bytes of a text [text, text + size) of at
/// least 32 bytes, is a hostname (is_hostname): read as the one 32-byte
/// block of the text that holds it, the one that starts at `first` or the
/// one that ends at the text's end; only when detected.
URLKIT_BLOCKS_TARGET inline bool hostname_in_block(const char* text, std::size_t size,
                                                   const char* first, const char* last) noexcept {
  const auto n = static_cast<unsigned>(last - first);
  const auto offset = static_cast<std::size_t>(first - text);
  if (n == 0 || n > 32 || size < 32) return false;
  const std::size_t start = offset + 32 <= size ? offset : size - 32;
  std::uint32_t bits[4];
  classify32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(text + start)), opaque_splats(),
             bits);
  const auto at = static_cast<unsigned>(offset - start);
  masks b;
  b.alnum = bits[0];
  b.dot = bits[1];
  b.hyphen = bits[2];
  const std::uint64_t all = ((std::uint64_t{1} << n) - 1) << at;
  return ((b.alnum | b.dot | b.hyphen) & all) == all && is_hostname(b, at, n, first);
}

#endif

/// Where a byte-at-a-time scan for the bytes of `s` may start from `first`:
/// past the run skip_set reads where the processor has AVX2 (blocks::detected)
/// and `s` is given, else `first` itself.  The scans of the generic grammar
/// (scan_run) and of RFC 1738's (scan_1738) begin each stretch here.
inline const char* skip_known(const char* first, const char* last, const char* text,
                              const byte_set* s) noexcept {
#if URLKIT_BLOCKS
  if (s != nullptr && detected) return skip_set(first, last, text, *s);
#else
  (void)last;
  (void)text;
  (void)s;
#endif
  return first;
}

}  // namespace urlkit::grammar::blocks
