// IP-literal — beyond RFC 1738 and the draft, in lenient mode only: RFC 2732's
// IPv6 literal host, validated as RFC 3986 3.2.2 writes it, with RFC 6874's
// zone identifier:
//
//   IP-literal  = "[" IPv6address [ "%25" ZoneID ] "]"
//   IPv6address =                            6( h16 ":" ) ls32
//               /                       "::" 5( h16 ":" ) ls32
//               / [               h16 ] "::" 4( h16 ":" ) ls32
//               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//               / [ *4( h16 ":" ) h16 ] "::"              ls32
//               / [ *5( h16 ":" ) h16 ] "::"              h16
//               / [ *6( h16 ":" ) h16 ] "::"
//   h16         = 1*4HEXDIG
//   ls32        = ( h16 ":" h16 ) / IPv4address
//   IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//   dec-octet   = "25" %x30-35 / "2" %x30-34 DIGIT / "1" 2DIGIT / %x31-39 DIGIT / DIGIT
//   ZoneID      = 1*( unreserved / pct-encoded )
//
// PEG takes the first alternative that matches, so each one must reach the
// end of the address (x3::eoi: the address is parsed alone, without its
// brackets or zone); and "h16 :" in a run of groups must not be the first
// half of a "::" (the lookahead !':').
#pragma once

#include "grammar/primitives.hpp"

namespace urlkit::grammar {

namespace ip {

auto const hexdig = cls<charset::hex>;
auto const digit = cls<charset::digit>;
auto const h16 = x3::repeat(1, 4)[hexdig];
auto const group = h16 >> ':' >> !x3::lit(':');  // "h16 :", not the start of "::"
auto const dec_octet = (x3::lit("25") >> x3::char_('0', '5')) |
                       (x3::lit('2') >> x3::char_('0', '4') >> digit) |
                       (x3::lit('1') >> digit >> digit) | (x3::char_('1', '9') >> digit) | digit;
auto const ipv4address = dec_octet >> '.' >> dec_octet >> '.' >> dec_octet >> '.' >> dec_octet;
auto const ls32 = (ipv4address >> x3::eoi) | (h16 >> ':' >> h16 >> x3::eoi);
template <int N>
auto const head = -(x3::repeat(0, N)[group] >> h16);  // [ *N( h16 ":" ) h16 ]

}  // namespace ip

x3::rule<struct ipv6address_class> const ipv6address = "IPv6address";

auto const ipv6address_def =
    (x3::repeat(6)[ip::group] >> ip::ls32) |
    (x3::lit("::") >> x3::repeat(5)[ip::group] >> ip::ls32) |
    (-ip::h16 >> "::" >> x3::repeat(4)[ip::group] >> ip::ls32) |
    (ip::head<1> >> "::" >> x3::repeat(3)[ip::group] >> ip::ls32) |
    (ip::head<2> >> "::" >> x3::repeat(2)[ip::group] >> ip::ls32) |
    (ip::head<3> >> "::" >> ip::group >> ip::ls32) | (ip::head<4> >> "::" >> ip::ls32) |
    (ip::head<5> >> "::" >> ip::h16 >> x3::eoi) | (ip::head<6> >> "::" >> x3::eoi);

BOOST_SPIRIT_DEFINE(ipv6address)

/// Where an address that ipv6address refused goes wrong, and what was
/// expected there: the group one too many, the second "::", the fifth hex
/// digit, the octet of the IPv4 part, or the end where groups were still
/// expected.  Runs only after the rule failed (the rule is the judge; this
/// only names the byte for the error).
struct ipv6_fault {
  const char* at;
  const char* what;
};

inline ipv6_fault ipv6_fault_in(const char* const a, const char* const end) noexcept {
  constexpr const char* too_many =
      "not an IPv6 address: too many groups (eight 16-bit groups, and \"::\" stands for at "
      "least one)";
  constexpr const char* unexpected =
      "not an IPv6 address: hex digits, ':' or a dotted IPv4 address expected";
  constexpr const char* ipv4 =
      "not an IPv6 address: an IPv4 address in the last 32 bits is four decimal octets 0 to "
      "255, without leading zeros";
  const auto hex = [](char c) { return charset::is(charset::hex, c); };
  const auto digit = [](char c) { return charset::is(charset::digit, c); };
  if (a == end) return {a, "not an IPv6 address: an address expected"};
  int groups = 0;
  const char* colons = nullptr;  // the "::"
  const char* p = a;
  if (*p == ':') {
    if (end - p < 2 || p[1] != ':')
      return {p, "not an IPv6 address: it starts with a group of hex digits or \"::\""};
    colons = p;
    p += 2;
  }
  while (p != end) {
    const char* const g = p;
    while (p != end && hex(*p)) ++p;
    if (p != end && *p == '.') {  // ls32 = IPv4address: the last two groups
      if (groups + 2 > (colons ? 7 : 8)) return {g, too_many};
      const char* q = g;
      for (int i = 0; i < 4; ++i) {
        const char* const o = q;
        int value = 0;
        while (q != end && digit(*q) && q - o < 3) value = value * 10 + (*q++ - '0');
        if (q == o || value > 255 || (q - o > 1 && *o == '0')) return {o, ipv4};
        if (i < 3) {
          if (q == end || *q != '.') return {q, ipv4};
          ++q;
        }
      }
      if (q != end) return {q, ipv4};
      groups += 2;
      p = end;
      break;
    }
    if (p == g) {
      if (p != end && *p == '%')
        return {p, "not an IPv6 address: a zone identifier follows \"%25\" (RFC 6874)"};
      if (p == end || *p == ':')
        return {p, "not an IPv6 address: a group of 1 to 4 hex digits expected"};
      return {p, unexpected};
    }
    if (p - g > 4) return {g + 4, "not an IPv6 address: a group holds 1 to 4 hex digits"};
    if (++groups > (colons ? 7 : 8)) return {g, too_many};
    if (p == end) break;
    if (*p != ':') {
      if (*p == '%')
        return {p, "not an IPv6 address: a zone identifier follows \"%25\" (RFC 6874)"};
      return {p, unexpected};
    }
    if (end - p >= 2 && p[1] == ':') {
      if (colons) return {p, "not an IPv6 address: one \"::\" at most"};
      if (groups > 7) return {p, too_many};
      colons = p;
      p += 2;
      continue;
    }
    if (++p == end) return {p, "not an IPv6 address: a group of 1 to 4 hex digits expected"};
  }
  if (!colons && groups != 8)
    return {end, "not an IPv6 address: eight groups expected, or \"::\" for a run of zeros"};
  return {a, "not an IPv6 address (RFC 3986 3.2.2)"};
}

}  // namespace urlkit::grammar
