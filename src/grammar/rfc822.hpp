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

constexpr bool is_char(unsigned c) noexcept {
  return c < 0x80;
}
constexpr bool is_ctl(unsigned c) noexcept {
  return c < 0x20 || c == 0x7f;
}
constexpr bool is_special(unsigned c) noexcept {
  for (char s : std::string_view("()<>@,;:\\\".[]"))
    if (static_cast<unsigned char>(s) == c) return true;
  return false;
}
// The classes as predicates for the X3 primitives.
struct char_p {
  constexpr bool operator()(unsigned c) const noexcept { return is_char(c); }
};
/// A character of an atom.
struct atext_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return is_char(c) && !is_special(c) && c != ' ' && !is_ctl(c);
  }
};
struct qtext_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return is_char(c) && c != '"' && c != '\\' && c != '\r';
  }
};
struct dtext_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return is_char(c) && c != '[' && c != ']' && c != '\\' && c != '\r';
  }
};
struct ctext_p {
  constexpr bool operator()(unsigned c) const noexcept {
    return is_char(c) && c != '(' && c != ')' && c != '\\' && c != '\r';
  }
};

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
