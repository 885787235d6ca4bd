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

}  // namespace urlkit::grammar
