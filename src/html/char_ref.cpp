// Character references in attribute values (char_ref.hpp): HTML's
// "character reference state" as gumbo 0.10.1 implements it
// (src/char_ref.rl, consume_char_ref; src/tokenizer.c,
// handle_char_ref_in_attr_value_state).
#include "char_ref.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>

namespace urlkit::html::detail {

namespace {

/// One named character reference: `name` without its ";".
struct named_reference {
  std::string_view name;
  std::string_view value;  ///< UTF-8
  bool legacy;             ///< also recognised without ";"
};

#include "entities.inc"

/// The first 8 bytes of `name`, big-endian, padded with 0: keys compare as
/// the names do (no name holds a 0), so the search compares integers, and
/// two names of at most 8 bytes are the same exactly when their keys are.
constexpr std::uint64_t key_of(std::string_view name) noexcept {
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < 8; ++i)
    key = key << 8 | (i < name.size() ? static_cast<unsigned char>(name[i]) : 0U);
  return key;
}

constexpr std::size_t row_count = std::size(named_references);

struct name_keys {
  std::uint64_t key[row_count];
};

constexpr name_keys make_keys() {
  name_keys k{};
  for (std::size_t i = 0; i < row_count; ++i) k.key[i] = key_of(named_references[i].name);
  return k;
}

constexpr name_keys keys = make_keys();

/// The row of `name` (ASCII letters and digits, at least one), or nullptr.
const named_reference* find_name(std::string_view name) noexcept {
  const auto c = static_cast<unsigned char>(name[0]);
  std::size_t k = 0;
  if (c >= 'A' && c <= 'Z')
    k = c - 'A';
  else if (c >= 'a' && c <= 'z')
    k = 26 + (c - 'a');
  else
    return nullptr;  // every name begins with a letter
  const std::uint64_t key = key_of(name);
  const std::uint64_t* const last = keys.key + first_row[k + 1];
  for (const std::uint64_t* it = std::lower_bound(keys.key + first_row[k], last, key);
       it != last && *it == key; ++it) {
    const named_reference& r = named_references[it - keys.key];
    if (name.size() <= 8 ? r.name.size() == name.size() : r.name == name) return &r;
  }
  return nullptr;
}

/// ASCII letters and digits, as a table: the loop over a name's characters
/// is the decoder's busiest: one load, not three range tests.
constexpr struct alnum_table {
  bool is[256] = {};
  constexpr alnum_table() {
    for (int c = 0; c < 256; ++c)
      is[c] = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }
} alnum;

bool is_ascii_alnum(char c) noexcept {
  return alnum.is[static_cast<unsigned char>(c)];
}

/// The value of `c` as a digit of base 10 or 16, or -1.
int digit_value(char c, bool hex) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (hex && c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (hex && c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::uint32_t c, std::string& out) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    const char s[2] = {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
    out.append(s, 2);
  } else if (c < 0x10000) {
    const char s[3] = {static_cast<char>(0xE0 | (c >> 12)),
                       static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
                       static_cast<char>(0x80 | (c & 0x3F))};
    out.append(s, 3);
  } else {
    const char s[4] = {
        static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
        static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
    out.append(s, 4);
  }
}

/// How many bytes gumbo's input reader takes as the one character at `p`
/// (src/utf8.c, read_char): CR LF is one; a valid UTF-8 sequence is one; an
/// invalid one ends before the byte that shows it invalid, or is its first
/// byte alone.  A sequence cut by the end of the value ends there (the
/// closing quote shows it invalid).
std::size_t character_width(const char* p, const char* end) noexcept {
  const auto b = static_cast<unsigned char>(*p);
  if (b == '\r') return end - p > 1 && p[1] == '\n' ? 2 : 1;
  if (b < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 1;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 2;
    if (b == 0xE0) lo = 0xA0;  // overlong
    if (b == 0xED) hi = 0x9F;  // surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 3;
    if (b == 0xF0) lo = 0x90;  // overlong
    if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 1;
  }
  for (std::size_t k = 1; k <= n; ++k) {
    if (p + k == end) return k;
    const auto d = static_cast<unsigned char>(p[k]);
    if (d < lo || d > hi) return k;
    lo = 0x80;
    hi = 0xBF;
  }
  return n + 1;
}

/// HTML's "numeric character reference end state" replacements for 0x80 to
/// 0x9F: the windows-1252 characters, or the code point itself where
/// windows-1252 has none.
constexpr std::uint16_t windows_1252[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

/// The numeric reference at `amp` ("&#"), appended to `out`; returns where
/// the text after it begins.
const char* numeric_reference(const char* amp, const char* end, std::string& out) {
  const char* p = amp + 2;
  const bool hex = p != end && (*p == 'x' || *p == 'X');
  if (hex) ++p;
  if (p == end || digit_value(*p, hex) < 0) {
    out.push_back('&');  // no digits: not a reference, "&#" and "&#x" stay as written
    return amp + 1;
  }
  // gumbo reads the number into an int and lets it wrap, however long it
  // is: the same as unsigned 32-bit arithmetic, read back as signed.
  std::uint32_t number = 0;
  for (int d = 0; p != end && (d = digit_value(*p, hex)) >= 0; ++p)
    number = number * (hex ? 16U : 10U) + static_cast<std::uint32_t>(d);
  if (p != end && *p == ';') ++p;
  const auto c = static_cast<std::int32_t>(number);
  if (c == 0) {
    append_utf8(0xFFFD, out);
  } else if (c >= 0x80 && c <= 0x9F) {
    append_utf8(windows_1252[c - 0x80], out);
  } else if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) {
    append_utf8(0xFFFD, out);
  } else if (c == -1) {
    // -1 is gumbo's "no character": its tokenizer writes the "&" and, not
    // reading the current character again as it does after a reference,
    // drops the character after this one.
    out.push_back('&');
    if (p != end) p += character_width(p, end);
  } else if (c < 0) {
    // gumbo's UTF-8 writer takes a number below 0 for ASCII: its lowest byte.
    // A 0 byte ends the value gumbo gives (GumboAttribute::value is a C
    // string): the rest of the value is not read.
    if ((number & 0xFF) == 0) return end;
    out.push_back(static_cast<char>(number & 0xFF));
  } else {
    append_utf8(number, out);  // controls and noncharacters too: gumbo keeps them
  }
  return p;
}

/// The named reference at `amp`, appended to `out`; returns where the text
/// after it begins.
const char* named_reference_at(const char* amp, const char* end, std::string& out) {
  const char* name = amp + 1;
  const char* run = name;
  while (run != end && is_ascii_alnum(*run)) ++run;
  const auto length = static_cast<std::size_t>(run - name);
  // The longest name that matches: the whole run with ";", else the longest
  // legacy name the run begins with.
  if (length > 0 && length <= longest_name && run != end && *run == ';') {
    if (const named_reference* r = find_name({name, length})) {
      out.append(r->value);
      return run + 1;
    }
  }
  for (std::size_t k = std::min(length, longest_legacy_name); k > 0; --k) {
    const named_reference* r = find_name({name, k});
    if (r == nullptr || !r->legacy) continue;
    // In an attribute value, a name without ";" followed by "=" or a letter
    // or digit is left as written (a URL's "?a=1&copy=2").
    const char* after = name + k;
    if (after != end && (*after == '=' || is_ascii_alnum(*after))) break;
    out.append(r->value);
    return after;
  }
  out.push_back('&');
  return amp + 1;
}

const char* find(const char* p, const char* end, char c) noexcept {
  const void* at = std::memchr(p, c, static_cast<std::size_t>(end - p));
  return at != nullptr ? static_cast<const char*>(at) : end;
}

}  // namespace

void decode_attribute_value(std::string_view written, std::string& out) {
  if (written.empty()) return;
  const char* p = written.data();
  const char* const end = p + written.size();
  // The next "&" and CR, each found once: a value without either costs two
  // memchr and one append.
  const char* amp = find(p, end, '&');
  const char* cr = find(p, end, '\r');
  for (;;) {
    const char* next = std::min(amp, cr);
    out.append(p, static_cast<std::size_t>(next - p));
    if (next == end) return;
    if (next == cr) {
      out.push_back('\n');
      p = cr + 1;
      if (p != end && *p == '\n') ++p;
    } else if (amp + 1 != end && amp[1] == '#') {
      p = numeric_reference(amp, end, out);
    } else {
      p = named_reference_at(amp, end, out);
    }
    if (amp < p) amp = find(p, end, '&');
    if (cr < p) cr = find(p, end, '\r');
  }
}

}  // namespace urlkit::html::detail
