// urlkit — character classes of the URL grammars, as 256-entry tables.
//
// Every character class of draft-fielding-uri-url-00 (sections 1.3, 2) and of
// RFC 1738 section 5 lives here, and nowhere else.  A class is one bit of a
// 32-bit mask; `table[c]` holds, for each byte value c, the classes c belongs
// to.  Composite classes (pchar, uchar, ...) get their own bit so that the hot
// loops test one bit, not an alternation.
//
// Escapes ("%" hex hex) are not a character class: the parsers handle "%"
// themselves, so no class below contains "%".
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "urlkit/export.hpp"

URLKIT_BEGIN_API
/// The character classes of the draft (1.3, 2) and of RFC 1738 section 5, one
/// bit each, and the table of each byte's classes.
namespace urlkit::charset {

/// A set of classes, one bit each.
using mask = std::uint32_t;

// Classes of draft-fielding-uri-url-00 (the generic syntax).
inline constexpr mask alpha = 1u << 0;  ///< 1.3  alpha = lowalpha | hialpha
inline constexpr mask digit = 1u << 1;  ///< 1.3  digit
inline constexpr mask hex = 1u << 2;    ///< 2.3.1 hex = digit | "A".."F" | "a".."f"
inline constexpr mask mark = 1u << 3;   ///< 2.2  mark = "$" "-" "_" "." "!" "~" "*" "'" "(" ")" ","
inline constexpr mask reserved = 1u << 4;    ///< 2.1  reserved = ";" "/" "?" ":" "@" "&" "=" "+"
inline constexpr mask unreserved = 1u << 5;  ///< 2.2  unreserved = alpha | digit | mark
inline constexpr mask control = 1u << 6;     ///< 2.3.3 control = 00-1F, 7F
inline constexpr mask space = 1u << 7;       ///< 2.3.3 space = 20
inline constexpr mask delims = 1u << 8;      ///< 2.3.3 delims = "<" ">" "#" "%" <">
inline constexpr mask unwise = 1u << 9;      ///< 2.3.3 unwise = "{" "}" "|" "\" "^" "[" "]" "`"
inline constexpr mask national =
    1u << 10;  ///< 2.3.3 national: octets 80-FF (every ASCII graphic is classed above)
inline constexpr mask pchar =
    1u << 11;  ///< 2    pchar = uchar | ":" "@" "&" "=" "+"  (without escapes)
inline constexpr mask userchar =
    1u << 12;  ///< 4.3.1 user, password = *( uchar | ";" "?" "&" "=" "+" )
inline constexpr mask paramchar = 1u << 13;  ///< 4.3.3 param = *( pchar | "/" )
inline constexpr mask urlchar = 1u << 14;    ///< 2    urlchar = reserved | unreserved | escaped
inline constexpr mask scheme = 1u << 15;  ///< 4.1  scheme = 1*( alpha | digit | "+" | "-" | "." )
inline constexpr mask hostchar =
    1u << 16;  ///< 4.3.1 alphanum | "-" | "." (what hostname and hostnumber are made of)

inline constexpr mask paramschar = 1u
                                   << 24;  ///< 4.3.3 parameters = param *( ";" param ): param | ";"

// Classes of RFC 1738 section 5 (the scheme-specific grammars), as the
// draft's Appendix E.2 updates them: "The tilde "~" character was added to
// those in the "unreserved" set", so "~" is unreserved here too (RFC 1738
// itself had it national).  They still differ from the draft's in "+",
// which is safe and not reserved.
inline constexpr mask safe1738 = 1u << 17;         ///< safe = "$" "-" "_" "." "+"
inline constexpr mask extra1738 = 1u << 18;        ///< extra = "!" "*" "'" "(" ")" ","
inline constexpr mask national1738 = 1u << 19;     ///< national = "{" "}" "|" "\" "^" "[" "]" "`"
inline constexpr mask punctuation1738 = 1u << 20;  ///< punctuation = "<" ">" "#" "%" <">
inline constexpr mask reserved1738 = 1u << 21;     ///< reserved = ";" "/" "?" ":" "@" "&" "="
inline constexpr mask unreserved1738 = 1u
                                       << 22;  ///< unreserved = alpha | digit | safe | extra | "~"
inline constexpr mask xchar1738 = 1u << 23;    ///< xchar = unreserved | reserved (| escape)
// Composite classes of RFC 1738 section 5's scheme productions (escapes aside):
/// user, password = *[ uchar | ";" | "?" | "&" | "=" ]
inline constexpr mask user1738 = 1u << 25;
/// fsegment (ftp, file), psegment (prospero) = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
inline constexpr mask fsegment1738 = 1u << 26;
/// hsegment, search (http) = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
inline constexpr mask hsegment1738 = 1u << 27;
/// fieldname, fieldvalue (prospero) = *[ uchar | "?" | ":" | "@" | "&" ]
inline constexpr mask fieldchar1738 = 1u << 28;
/// the part of a news article before "@": 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ]
inline constexpr mask article1738 = 1u << 29;
/// A name or a value in a query of name=value pairs (HTML forms'
/// application/x-www-form-urlencoded, which the draft's query = *urlchar
/// carries): urlchar less the separators "&" "=" and "+" (a space there).
inline constexpr mask query_param_char = 1u << 30;
/// hpath (http) = hsegment *[ "/" hsegment ]: since an hsegment may be empty,
/// exactly the strings of hsegment characters and "/".
inline constexpr mask hpath1738 = 1u << 31;

namespace detail {

constexpr bool in(std::string_view set, unsigned c) noexcept {
  for (char s : set)
    if (static_cast<unsigned char>(s) == c) return true;
  return false;
}

constexpr mask classify(unsigned c) noexcept {
  mask m = 0;
  const bool is_alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  const bool is_digit = c >= '0' && c <= '9';
  if (is_alpha) m |= alpha;
  if (is_digit) m |= digit;
  if (is_digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) m |= hex;
  if (in("$-_.!~*'(),", c)) m |= mark;
  if (in(";/?:@&=+", c)) m |= reserved;
  if (is_alpha || is_digit || (m & mark)) m |= unreserved;
  if (c < 0x20 || c == 0x7f) m |= control;
  if (c == 0x20) m |= space;
  if (in("<>#%\"", c)) m |= delims;
  if (in("{}|\\^[]`", c)) m |= unwise;
  if (c >= 0x80) m |= national;
  if ((m & unreserved) || in(":@&=+", c)) m |= pchar;
  if ((m & unreserved) || in(";?&=+", c)) m |= userchar;
  if ((m & pchar) || c == '/') m |= paramchar;
  if ((m & paramchar) || c == ';') m |= paramschar;
  if (m & (unreserved | reserved)) m |= urlchar;
  if (is_alpha || is_digit || in("+-.", c)) m |= scheme;
  if (is_alpha || is_digit || in("-.", c)) m |= hostchar;

  if (in("$-_.+", c)) m |= safe1738;
  if (in("!*'(),", c)) m |= extra1738;
  if (in("{}|\\^[]`", c)) m |= national1738;
  if (in("<>#%\"", c)) m |= punctuation1738;
  if (in(";/?:@&=", c)) m |= reserved1738;
  if (is_alpha || is_digit || (m & (safe1738 | extra1738)) || c == '~') m |= unreserved1738;
  if (m & (unreserved1738 | reserved1738)) m |= xchar1738;
  if ((m & unreserved1738) || in(";?&=", c)) m |= user1738;
  if ((m & unreserved1738) || in("?:@&=", c)) m |= fsegment1738;
  if ((m & unreserved1738) || in(";:@&=", c)) m |= hsegment1738;
  if ((m & unreserved1738) || in("?:@&", c)) m |= fieldchar1738;
  if ((m & unreserved1738) || in(";/?:&=", c)) m |= article1738;
  if ((m & urlchar) && !in("&=+", c)) m |= query_param_char;
  if ((m & hsegment1738) || c == '/') m |= hpath1738;
  return m;
}

constexpr std::array<mask, 256> make_table() noexcept {
  std::array<mask, 256> t{};
  for (unsigned c = 0; c < 256; ++c) t[c] = classify(c);
  return t;
}

}  // namespace detail

/// The table: `table[byte]` is the set of classes `byte` belongs to.
inline constexpr std::array<mask, 256> table = detail::make_table();

/// True when byte `c` is in any of the classes of `m`.
constexpr bool is(mask m, unsigned char c) noexcept {
  return (table[c] & m) != 0;
}
/// The same for a char.
constexpr bool is(mask m, char c) noexcept {
  return is(m, static_cast<unsigned char>(c));
}

/// fpath (ftp, file) = fsegment *[ "/" fsegment ]: since an fsegment may be
/// empty, exactly the strings of fsegment characters and "/".  No bit of its
/// own (all 32 are taken): the draft's paramchar (pchar | "/") adds "/" and
/// nothing fsegment lacks (src/grammar/ftp.cpp proves it byte by byte).
inline constexpr mask fpath1738 = fsegment1738 | paramchar;

/// Value of a hex digit, or -1.
constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// The hex digit of `v & 15`, upper case: the form an escape's digits take
/// when urlkit writes one (draft 2.3.1 allows either case; upper case is what
/// the encoders and normalization write).
constexpr char hex_digit(unsigned v) noexcept {
  return "0123456789ABCDEF"[v & 15];
}

/// True when `s` starts with an escape: "%" hex hex (2.3.1).
constexpr bool starts_with_escape(std::string_view s) noexcept {
  return s.size() >= 3 && s[0] == '%' && is(hex, s[1]) && is(hex, s[2]);
}

}  // namespace urlkit::charset
URLKIT_END_API
