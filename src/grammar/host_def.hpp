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
#pragma once

#include "grammar/primitives.hpp"

namespace urlkit::grammar {

inline constexpr charset::mask alphanum_mask = charset::alpha | charset::digit;

x3::rule<struct hostnumber_class> const hostnumber = "hostnumber";
x3::rule<struct domainlabel_class> const domainlabel = "domainlabel";
x3::rule<struct toplabel_class> const toplabel = "toplabel";
x3::rule<struct hostname_class> const hostname = "hostname";
x3::rule<struct host_class> const host = "host";

auto const hostnumber_def = cls_run<charset::digit> >> '.' >> cls_run<charset::digit> >> '.' >>
                            cls_run<charset::digit> >> '.' >> cls_run<charset::digit>;
auto const domainlabel_def = cls_run<alphanum_mask> >> *(+x3::lit('-') >> cls_run<alphanum_mask>);
auto const toplabel_def = cls<charset::alpha> >> -cls_run<alphanum_mask> >>
                          *(+x3::lit('-') >> cls_run<alphanum_mask>);
auto const hostname_def = *(domainlabel >> '.') >> toplabel;
// Each alternative must take the whole host: "1.2.3.4" is a hostnumber,
// "1.2.3.4.5" is neither.
auto const host_def = (hostnumber >> x3::eoi) | (hostname >> x3::eoi);

BOOST_SPIRIT_DEFINE(hostnumber, domainlabel, toplabel, hostname, host)

}  // namespace urlkit::grammar
