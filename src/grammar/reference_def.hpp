// URL-reference — draft-fielding-uri-url-00 sections 3 and 4.2:
//
//   URL-reference  =  [ absoluteURL | relativeURL ] [ "#" fragment ]
//   absoluteURL    =  generic-URL | opaque-URL
//   generic-URL    =  scheme ":" relativeURL
//   opaque-URL     =  scheme ":" *urlchar
//   relativeURL    =  net_path | abs_path | rel_path
//   net_path       =  "//" server [ abs_path ]
//   abs_path       =  "/"  rel_path
//   rel_path       =  [ path ] [ ";" parameters ] [ "?" query ]
//
// Every reference is split into the components of section 4.3 ("A URL
// reference is parsed into its components from the outside-in"); an opaque
// URL is simply one whose parts the generic split does not give meaning to
// (mailto:, news:), and it splits the same way.  The "/" before the path is
// remembered but not kept in the path (4.3.2).
#pragma once

#include "grammar/path_def.hpp"
#include "grammar/reference_rule.hpp"
#include "grammar/scheme_def.hpp"
#include "grammar/server_def.hpp"

namespace urlkit::grammar {

inline constexpr auto set_absolute_path = [](auto& ctx) {
  detail_access::absolute_path(*state_of(ctx).out) = true;
};

reference_type const reference = "URL-reference";

auto const reference_def = -scheme >> -(x3::lit("//") >> server) >>
                           -x3::lit('/')[set_absolute_path] >> path >> -(';' >> parameters) >>
                           -('?' >> query) >> -('#' >> fragment);

BOOST_SPIRIT_DEFINE(reference)

}  // namespace urlkit::grammar
