// host — draft-fielding-uri-url-00 section 4.3.1 (RFC 1738 sections 3.1, 5):
//
//   host         = hostname | hostnumber
//   hostname     = *( domainlabel "." ) toplabel
//   domainlabel  = alphanum | alphanum *( alphanum | "-" ) alphanum
//   toplabel     = alpha | alpha *( alphanum | "-" ) alphanum
//   hostnumber   = 1*digit "." 1*digit "." 1*digit "." 1*digit
//
// A label starts and ends with an alphanumeric and may hold "-" inside:
// written as runs of alphanumerics joined by runs of "-".  The rightmost label
// never starts with a digit, which is what tells a hostname from a hostnumber.
//
// Read as written, *( domainlabel "." ) toplabel reads the last label twice
// (as a domainlabel that no "." follows, then as the toplabel).  A label that
// starts with a digit is never the last one, and one that starts with a
// letter may be: so a hostname is read, each label once, as groups of
// digit-led labels ending in a letter-led one, joined by ".":
//
//   hostname     = 1#( *( digitlabel "." ) toplabel )   ; 1# joined by "."
//   digitlabel   = digit [ *( alphanum | "-" ) alphanum ]
//
// which is the same set of strings (any run of labels whose last one starts
// with a letter splits into such groups in one way).
#pragma once

#include "grammar/primitives.hpp"

namespace urlkit::grammar {

inline constexpr charset::mask alphanum_mask = charset::alpha | charset::digit;

x3::rule<struct hostnumber_class> const hostnumber = "hostnumber";
x3::rule<struct digitlabel_class> const digitlabel = "domainlabel";
x3::rule<struct toplabel_class> const toplabel = "toplabel";
x3::rule<struct hostname_class> const hostname = "hostname";
x3::rule<struct host_class> const host = "host";

auto const hostnumber_def = cls_run<charset::digit> >> '.' >> cls_run<charset::digit> >> '.' >>
                            cls_run<charset::digit> >> '.' >> cls_run<charset::digit>;
// What follows a label's first character.
auto const label_rest = -cls_run<alphanum_mask> >> *(+x3::lit('-') >> cls_run<alphanum_mask>);
auto const digitlabel_def = cls<charset::digit> >> label_rest;
auto const toplabel_def = cls<charset::alpha> >> label_rest;
auto const hostname_def = (*(digitlabel >> '.') >> toplabel) % '.';
// Each alternative must take the whole host: "1.2.3.4" is a hostnumber,
// "1.2.3.4.5" is neither.
auto const host_def = (hostnumber >> x3::eoi) | (hostname >> x3::eoi);

BOOST_SPIRIT_DEFINE(hostnumber, digitlabel, toplabel, hostname, host)

}  // namespace urlkit::grammar
