// scheme — draft-fielding-uri-url-00 section 4.1 (RFC 1738 section 2.1):
//
//   scheme  =  1*( alpha | digit | "+" | "-" | "." )
//
// "If the reference contains a colon ":" after the first character and before
// any characters not allowed as part of a scheme name, the scheme of the URL is
// the substring of characters up to, but not including, the first colon."
// So a scheme is a run of at least one scheme character directly followed by
// ":"; anything else leaves the reference relative.  The action sits on the
// whole committed group (run and colon), so a backtrack leaves nothing behind.
#pragma once

#include "grammar/primitives.hpp"

namespace urlkit::grammar {

inline constexpr auto set_scheme = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  detail_access::scheme(*state_of(ctx).out) =
      std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()) - 1);
};

x3::rule<struct scheme_class> const scheme = "scheme";
auto const scheme_def = x3::raw[cls_run<charset::scheme> >> ':'][set_scheme];

BOOST_SPIRIT_DEFINE(scheme)

}  // namespace urlkit::grammar
