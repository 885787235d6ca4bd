// prospero URLs: RFC 1738 3.11 (grammar: src/grammar/prospero.cpp).
#include "urlkit/schemes/prospero.hpp"

#include "grammar/prospero.hpp"
#include "schemes/support.hpp"

namespace urlkit {

namespace {

// The hsoname and the fields go into Prospero commands, which are lines of
// text separated by LF (CR and CRLF accepted as well): an encoded CR or LF
// would end the command early (RFC 1738 6, draft 8).  NUL is "the only
// character that cannot be quoted" in the protocol: the server would cut the
// name short and serve another object.  Both are errors at the "%" of the
// escape, in either mode.
std::optional<error> refused_in_token(const url_view& u, std::string_view raw,
                                      const char* production, rule r) noexcept {
  return schemes::refused_escape(u, raw, production, r, true, true);
}

}  // namespace

result<prospero_view> prospero_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::prospero_parts parts;
  if (auto e = schemes::checked_parts<"prospero", grammar::parse_prospero>(url, options, parts))
    return *e;
  if (auto e = refused_in_token(url, parts.ppath, "prospero psegment", rule::path)) return *e;
  // In URL order: each name, then its value.
  for (prospero_fieldspec f : prospero_fieldspecs(parts.fields)) {
    if (auto e = refused_in_token(url, f.encoded_name(), "prospero fieldname", rule::params))
      return *e;
    if (auto e = refused_in_token(url, f.encoded_value(), "prospero fieldvalue", rule::params))
      return *e;
  }

  return schemes::make_view<prospero_view>(
      url, schemes::effective_port(url, prospero_view::default_port), parts.ppath, parts.fields);
}

}  // namespace urlkit
