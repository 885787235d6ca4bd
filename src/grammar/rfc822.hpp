// RFC 822 section 3.3 lexical classes, shared by the mailto addr-spec grammar
// (on decoded octets) and the MIME header grammars (on raw bytes):
//
//   CHAR          = <any ASCII character>                    ; (  0-177,  0.-127.)
//   CTL           = <any ASCII control character and DEL>    ; (  0- 37,  0.- 31.) and 177
//   specials      = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> / "." / "[" / "]"
//   atom          = 1*<any CHAR except specials, SPACE and CTLs>
//   qtext         = <any CHAR excepting <">, "\" & CR, and including linear-white-space>
//   dtext         = <any CHAR excluding "[", "]", "\" & CR, & including linear-white-space>
//   ctext         = <any CHAR excluding "(", ")", "\" & CR, & including linear-white-space>
//
// Each class takes an octet value (0-255); anything above 127 is no CHAR.
#pragma once

#include <string_view>

#include "grammar/config.hpp"

namespace urlkit::grammar::rfc822 {

// The classes as one 256-entry table of bits (one lookup per octet), built
// at compile time from the definitions above.
namespace bits {
inline constexpr unsigned char char_ = 1, ctl = 2, special = 4, atext = 8, qtext = 16, dtext = 32,
                               ctext = 64;
}

constexpr bool is_special_octet(unsigned c) noexcept {
  for (char s : std::string_view("()<>@,;:\\\".[]"))
    if (static_cast<unsigned char>(s) == c) return true;
  return false;
}

struct class_table {
  unsigned char bits[256] = {};
  constexpr class_table() noexcept {
    for (unsigned c = 0; c < 256; ++c) {
      const bool chr = c < 0x80;
      const bool ctl = c < 0x20 || c == 0x7f;
      unsigned char b = 0;
      if (chr) b |= bits::char_;
      if (ctl) b |= bits::ctl;
      if (is_special_octet(c)) b |= bits::special;
      if (chr && !is_special_octet(c) && c != ' ' && !ctl) b |= bits::atext;
      if (chr && c != '"' && c != '\\' && c != '\r') b |= bits::qtext;
      if (chr && c != '[' && c != ']' && c != '\\' && c != '\r') b |= bits::dtext;
      if (chr && c != '(' && c != ')' && c != '\\' && c != '\r') b |= bits::ctext;
      this->bits[c] = b;
    }
  }
};
inline constexpr class_table table{};

/// Whether octet `c` (0-255) is in every class of `mask`.
constexpr bool in(unsigned c, unsigned char mask) noexcept {
  return (table.bits[c & 0xff] & mask) == mask;
}

constexpr bool is_char(unsigned c) noexcept {
  return in(c, bits::char_);
}
constexpr bool is_ctl(unsigned c) noexcept {
  return in(c, bits::ctl);
}
constexpr bool is_special(unsigned c) noexcept {
  return in(c, bits::special);
}
// The classes as predicates for the X3 primitives.
struct char_p {
  constexpr bool operator()(unsigned c) const noexcept { return in(c, bits::char_); }
};
/// A character of an atom.
struct atext_p {
  constexpr bool operator()(unsigned c) const noexcept { return in(c, bits::atext); }
};
struct qtext_p {
  constexpr bool operator()(unsigned c) const noexcept { return in(c, bits::qtext); }
};
struct dtext_p {
  constexpr bool operator()(unsigned c) const noexcept { return in(c, bits::dtext); }
};
struct ctext_p {
  constexpr bool operator()(unsigned c) const noexcept { return in(c, bits::ctext); }
};

static_assert(in('a', bits::atext) && !in('.', bits::atext) && !in(' ', bits::atext) &&
              !in(0x7f, bits::atext) && !in(0x80, bits::char_) && in('"', bits::special) &&
              in('\t', bits::qtext) && !in('\r', bits::dtext) && in('[', bits::ctext));

/// X3 primitive: the end of the input.  Failing, it notes `expected` where it
/// stands in the reach record the context holds under ReachTag.
template <class ReachTag>
struct end_parser : x3::parser<end_parser<ReachTag>> {
  using attribute_type = x3::unused_type;

  const char* expected;
  constexpr explicit end_parser(const char* e) noexcept : expected(e) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    if (first == last) return true;
    x3::get<ReachTag>(ctx).note(first, expected);
    return false;
  }
};

}  // namespace urlkit::grammar::rfc822
