// urlkit — base64 (the alphabet and padding of RFC 2045 6.8) and the forgiving
// decoder of the data: URL processing algorithm (the five steps in base64.hpp).
//
// Which inputs fail is exactly what the header's algorithm says: with white
// space removed, the input must be D P, D made of alphabet characters and P
// of "=", where P is empty and |D| mod 4 != 1, or P is "=" and |D| mod 4 = 3,
// or P is "==" and |D| mod 4 = 2.  (Step 2 removes padding only from a length
// that is a multiple of 4, and any "=" that step 2 leaves fails step 4.)
//
// Where a failure is reported is urlkit's choice, since the algorithm only
// says "fail": the error offset is the length of the longest prefix of the
// input that some valid input begins with.  That is the first byte that no
// continuation can repair (a byte outside the alphabet, a character after
// "=", an "=" where no padding fits), or the end of the input when only the
// end shows the failure ("a", "ab=").  A decoder that sees the input in
// chunks knows exactly that much, so decode() and decoder agree for every
// chunking, and the scan is one pass in input order.
//
// Speed: whole groups of four alphabet characters (the bulk of any body) are
// decoded by four table lookups that give the three output bytes already in
// place, eight groups per step with one validity check.  Everything else
// (white space, padding, errors, groups split by white space) goes through a
// scalar state machine, which hands back to the fast path at the next group
// boundary.
#include "urlkit/base64.hpp"
#include "urlkit/charset.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace urlkit::base64 {

namespace {

// RFC 2045 6.8, Table 1.
constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// ---- the scalar path's byte classes ------------------------------------------

// 0-63: the value of an alphabet character; then the other classes.
constexpr std::uint8_t c_space = 64;  // ASCII white space: TAB LF FF CR SPACE (step 1)
constexpr std::uint8_t c_pad = 65;    // "="
constexpr std::uint8_t c_bad = 66;    // anything else, including every byte >= 0x80

constexpr std::array<std::uint8_t, 256> make_classes() {
  std::array<std::uint8_t, 256> t{};
  for (auto& v : t) v = c_bad;
  for (std::uint8_t i = 0; i < 64; ++i) t[static_cast<unsigned char>(alphabet[i])] = i;
  for (unsigned char c : {'\t', '\n', '\f', '\r', ' '}) t[c] = c_space;
  t['='] = c_pad;
  return t;
}
constexpr std::array<std::uint8_t, 256> classes = make_classes();

// ---- the fast path's tables ----------------------------------------------------

// Character i of a group (0-3) looked up in table i gives its bits already
// shifted into the output bytes, in a 32-bit word whose first three bytes in
// memory are the group's three output bytes.  A byte outside the alphabet
// (white space and "=" included) sets the fourth byte instead, so OR-ing the
// words of many groups and testing that byte checks them all at once.
constexpr std::uint32_t in_byte(unsigned i, std::uint32_t v) {
  return std::endian::native == std::endian::little ? v << (8 * i) : v << (8 * (3 - i));
}
constexpr std::uint32_t invalid = in_byte(3, 0xff);

constexpr std::array<std::uint32_t, 256> make_lookup(unsigned position) {
  std::array<std::uint32_t, 256> t{};
  for (unsigned c = 0; c < 256; ++c) {
    const std::uint32_t v = classes[c];
    if (v >= 64) {
      t[c] = invalid;
      continue;
    }
    // 4 x 6 bits -> 3 x 8 bits (RFC 2045 6.8): aaaaaabb bbbbcccc ccdddddd
    switch (position) {
      case 0:
        t[c] = in_byte(0, v << 2);
        break;
      case 1:
        t[c] = in_byte(0, v >> 4) | in_byte(1, (v & 0x0f) << 4);
        break;
      case 2:
        t[c] = in_byte(1, v >> 2) | in_byte(2, (v & 0x03) << 6);
        break;
      default:
        t[c] = in_byte(2, v);
        break;
    }
  }
  return t;
}
alignas(64) constexpr std::array<std::uint32_t, 256> lookup0 = make_lookup(0);
alignas(64) constexpr std::array<std::uint32_t, 256> lookup1 = make_lookup(1);
alignas(64) constexpr std::array<std::uint32_t, 256> lookup2 = make_lookup(2);
alignas(64) constexpr std::array<std::uint32_t, 256> lookup3 = make_lookup(3);

inline std::uint32_t group(const unsigned char* p) noexcept {
  return lookup0[p[0]] | lookup1[p[1]] | lookup2[p[2]] | lookup3[p[3]];
}

inline void store4(char* o, std::uint32_t w) noexcept {
  std::memcpy(o, &w, 4);
}

// Decodes whole groups of four alphabet characters from `p` while there are
// any; returns where the first group that is not one begins (or the last 0-3
// bytes).  Writes up to one byte past the groups' output, never past `oend`.
const unsigned char* decode_groups(const unsigned char* p, const unsigned char* end, char*& o,
                                   char* oend) noexcept {
  constexpr int n = 8;  // groups per step: 32 input bytes, 24 output bytes
  while (end - p >= 4 * n && oend - o >= 3 * n + 1) {
    std::uint32_t w[n];
    std::uint32_t all = 0;
    // Unrolled also at -O2 (g++ 12 leaves these loops rolled otherwise, and
    // keeps w[] in memory).
#pragma GCC unroll 8
    for (int i = 0; i < n; ++i) {
      w[i] = group(p + 4 * i);
      all |= w[i];
    }
    // Stored before the check: a bad group's word is overwritten later, and
    // the stores stay inside the output (each overlaps the next by one byte).
#pragma GCC unroll 8
    for (int i = 0; i < n; ++i) store4(o + 3 * i, w[i]);
    if (all & invalid) [[unlikely]] {
      int i = 0;
      while (!(w[i] & invalid)) ++i;
      p += 4 * i;
      o += 3 * i;
      return p;
    }
    p += 4 * n;
    o += 3 * n;
  }
  while (end - p >= 4) {
    const std::uint32_t w = group(p);
    if (w & invalid) return p;
    if (oend - o >= 4) {
      store4(o, w);
    } else {
      char b[4];
      store4(b, w);
      std::memcpy(o, b, 3);
    }
    p += 4;
    o += 3;
  }
  return p;
}

// ---- errors ----------------------------------------------------------------------

// Why the input fails; also kept in a failed decoder (see decoder::update).
enum class why : unsigned {
  byte,           // a byte outside the alphabet and white space
  after_padding,  // a character after "="
  pad_position,   // "=" after 0 or 1 characters of a group
  pad_excess,     // "===", or "==" after 3 characters
  pad_short,      // "ab=": a final group of 2 characters padded with one "="
  length,         // the characters are one more than a multiple of 4 (step 3)
};

// "'!' is not a base64 character", one static text per byte (error::detail is
// static storage), spelt as error.cpp shows bytes: 'c' or 0xHH.
struct byte_text {
  char text[80];
};
constexpr std::array<byte_text, 256> make_byte_texts() {
  std::array<byte_text, 256> t{};
  for (unsigned b = 0; b < 256; ++b) {
    char* s = t[b].text;
    auto put = [&s](const char* x) {
      while (*x) *s++ = *x++;
    };
    if (b > 0x20 && b < 0x7f) {
      *s++ = '\'';
      *s++ = static_cast<char>(b);
      *s++ = '\'';
    } else {
      put("0x");
      *s++ = charset::hex_digit(b >> 4);
      *s++ = charset::hex_digit(b);
    }
    put(" is not a base64 character");
    // The alphabet of RFC 4648 5 ("base64url"), which the data: URL algorithm
    // does not accept either.
    if (b == '-' || b == '_') put(" (the URL-safe alphabet is not accepted)");
    // Step 1 removes only TAB, LF, FF, CR and SPACE.
    if (b == 0x0b) put(" (vertical tab is not white space here)");
    *s = '\0';
  }
  return t;
}
constexpr std::array<byte_text, 256> byte_texts = make_byte_texts();

error base64_error(std::size_t offset, why w, unsigned char byte) noexcept {
  error e;
  e.offset = offset;
  e.code = error_code::bad_base64;
  e.rule = rule::base64;
  e.has_byte = w != why::pad_short && w != why::length;
  e.byte = e.has_byte ? byte : 0;
  switch (w) {
    case why::byte:
      e.detail = byte_texts[byte].text;
      break;
    case why::after_padding:
      e.detail = "'=' may only end the input";
      break;
    case why::pad_position:
      e.detail = "'=' may only pad a final group of 2 or 3 characters";
      break;
    case why::pad_excess:
      e.detail = "too many '=': padding only fills the final group up to 4 characters";
      break;
    case why::pad_short:
      e.detail = "a final group of 2 characters takes '==' or no padding";
      break;
    case why::length:
      e.detail = "the input (without white space) is one more than a multiple of 4";
      break;
  }
  return e;
}

error too_small(std::size_t offset) noexcept {
  error e;
  e.offset = offset;
  e.code = error_code::buffer_too_small;
  e.rule = rule::base64;
  return e;
}

// ---- the state machine -----------------------------------------------------------

struct state {
  std::uint32_t bits = 0;  // the current group's characters, 6 bits each
  unsigned pending = 0;    // characters in the current group (0-3)
  unsigned padding = 0;    // "=" seen
};

struct failure {
  std::size_t offset;  // in the bytes given to run()
  why reason;
  unsigned char byte;
};

// Decodes [begin, end) on from `s` into `o` (room for the input's whole
// groups: max_decoded_size(end - begin) bytes, including what `s` holds).
// False on an error, with `f` set.
bool run(const unsigned char* begin, const unsigned char* end, char*& o, char* oend, state& s,
         failure& f) noexcept {
  const unsigned char* p = begin;
  std::uint32_t bits = s.bits;
  unsigned pending = s.pending;
  unsigned padding = s.padding;
  while (p != end) {
    if (pending == 0 && padding == 0) {
      p = decode_groups(p, end, o, oend);
      if (p == end) break;
    }
    const unsigned char c = *p;
    const unsigned k = classes[c];
    if (k < 64) {
      if (padding != 0) {
        f = {static_cast<std::size_t>(p - begin), why::after_padding, c};
        return false;
      }
      bits = bits << 6 | k;
      if (++pending == 4) {
        o[0] = static_cast<char>(bits >> 16);
        o[1] = static_cast<char>(bits >> 8);
        o[2] = static_cast<char>(bits);
        o += 3;
        bits = 0;
        pending = 0;
      }
    } else if (k == c_pad) {
      // Step 2 removes "=" or "==" that bring the length to a multiple of 4.
      if (pending < 2 || pending + padding >= 4) {
        f = {static_cast<std::size_t>(p - begin), pending < 2 ? why::pad_position : why::pad_excess,
             c};
        return false;
      }
      ++padding;
    } else if (k == c_bad) {
      f = {static_cast<std::size_t>(p - begin), why::byte, c};
      return false;
    }  // else white space: step 1 removes it
    ++p;
  }
  s = {bits, pending, padding};
  return true;
}

// The end of the input: step 3 and the rest of step 2, then step 5's final
// group of 2 or 3 characters (the bits left over are dropped).
bool finish_state(state& s, char*& o, failure& f) noexcept {
  if (s.pending == 1) {
    f = {0, why::length, 0};
    return false;
  }
  if (s.padding != 0 && s.pending + s.padding != 4) {
    f = {0, why::pad_short, 0};
    return false;
  }
  if (s.pending == 2) {
    *o++ = static_cast<char>(s.bits >> 4);
  } else if (s.pending == 3) {
    *o++ = static_cast<char>(s.bits >> 10);
    *o++ = static_cast<char>(s.bits >> 2);
  }
  s = {};
  return true;
}

const unsigned char* bytes(std::string_view s) noexcept {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// ---- encoding --------------------------------------------------------------------

// Two output characters for each 12 bits of input.
constexpr std::array<char, 2 * 4096> make_pairs() {
  std::array<char, 2 * 4096> t{};
  for (unsigned v = 0; v < 4096; ++v) {
    t[2 * v] = alphabet[v >> 6];
    t[2 * v + 1] = alphabet[v & 63];
  }
  return t;
}
alignas(64) constexpr std::array<char, 2 * 4096> pairs = make_pairs();

inline void encode_group(const unsigned char* p, char* o) noexcept {
  const std::uint32_t v = std::uint32_t{p[0]} << 16 | std::uint32_t{p[1]} << 8 | p[2];
  std::memcpy(o, &pairs[2 * (v >> 12)], 2);
  std::memcpy(o + 2, &pairs[2 * (v & 0xfff)], 2);
}

}  // namespace

result<std::size_t> decode_to(std::string_view in, std::span<char> out) noexcept {
  if (out.size() < max_decoded_size(in.size())) return too_small(0);
  state s;
  failure f{};
  char* o = out.data();
  const auto* b = bytes(in);
  if (!run(b, b + in.size(), o, out.data() + out.size(), s, f))
    return base64_error(f.offset, f.reason, f.byte);
  if (!finish_state(s, o, f)) return base64_error(in.size(), f.reason, f.byte);
  return static_cast<std::size_t>(o - out.data());
}

result<std::string> decode(std::string_view in) {
  std::string s(max_decoded_size(in.size()), '\0');
  auto n = decode_to(in, s);
  if (!n) return n.error();
  s.resize(*n);
  return s;
}

char* encode_to(std::string_view in, char* out) noexcept {
  const unsigned char* p = bytes(in);
  const unsigned char* end = p + in.size();
  while (end - p >= 12) {
    encode_group(p, out);
    encode_group(p + 3, out + 4);
    encode_group(p + 6, out + 8);
    encode_group(p + 9, out + 12);
    p += 12;
    out += 16;
  }
  for (; end - p >= 3; p += 3, out += 4) encode_group(p, out);
  // RFC 2045 6.8: a final 8 or 16 bits give 2 or 3 characters and "==" or "=".
  if (end - p == 1) {
    const unsigned v = p[0];
    *out++ = alphabet[v >> 2];
    *out++ = alphabet[(v & 0x03) << 4];
    *out++ = '=';
    *out++ = '=';
  } else if (end - p == 2) {
    const unsigned v = unsigned{p[0]} << 8 | p[1];
    *out++ = alphabet[v >> 10];
    *out++ = alphabet[(v >> 4) & 63];
    *out++ = alphabet[(v & 0x0f) << 2];
    *out++ = '=';
  }
  return out;
}

std::string encode(std::string_view in) {
  std::string s(encoded_size(in.size()), '\0');
  encode_to(in, s.data());
  return s;
}

// A failed decoder keeps its error instead of a state: consumed_ holds the
// offset, pending_ the reason and bits_ the byte, so that every later call
// returns the same error.  After finish() the decoder is back at a group
// boundary, with consumed_ kept: finishing twice adds nothing.
result<std::size_t> decoder::update(std::string_view chunk, std::span<char> out) noexcept {
  if (failed_)
    return base64_error(consumed_, static_cast<why>(pending_), static_cast<unsigned char>(bits_));
  // Nothing is consumed: the caller may retry with a large enough buffer.
  if (out.size() < max_decoded_size(chunk.size())) return too_small(consumed_);
  state s{bits_, pending_, padding_};
  failure f{};
  char* o = out.data();
  const auto* b = bytes(chunk);
  if (!run(b, b + chunk.size(), o, out.data() + out.size(), s, f)) {
    failed_ = true;
    consumed_ += f.offset;
    pending_ = static_cast<unsigned>(f.reason);
    bits_ = f.byte;
    return base64_error(consumed_, f.reason, f.byte);
  }
  consumed_ += chunk.size();
  bits_ = s.bits;
  pending_ = s.pending;
  padding_ = s.padding;
  return static_cast<std::size_t>(o - out.data());
}

result<std::size_t> decoder::finish(std::span<char> out) noexcept {
  if (failed_)
    return base64_error(consumed_, static_cast<why>(pending_), static_cast<unsigned char>(bits_));
  if (out.size() < 3) return too_small(consumed_);
  state s{bits_, pending_, padding_};
  failure f{};
  char* o = out.data();
  if (!finish_state(s, o, f)) {
    failed_ = true;
    pending_ = static_cast<unsigned>(f.reason);
    bits_ = f.byte;
    return base64_error(consumed_, f.reason, f.byte);
  }
  bits_ = s.bits;
  pending_ = s.pending;
  padding_ = s.padding;
  return static_cast<std::size_t>(o - out.data());
}

}  // namespace urlkit::base64
