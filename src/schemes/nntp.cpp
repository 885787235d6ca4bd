// nntp URLs: RFC 1738 3.7 (grammar: src/grammar/nntp.cpp).
#include "urlkit/schemes/nntp.hpp"

#include <ostream>

#include "grammar/nntp.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::ostream& operator<<(std::ostream& os, const nntp_view& v) {
  return os << v.buffer();
}

result<nntp_view> nntp_view::from_url(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "nntp", "nntpurl", "the scheme must be \"nntp\""))
    return *e;
  // The group goes into an NNTP GROUP line: an encoded CR or LF would end it
  // early (RFC 1738 6).  Checked before the grammar so that it is reported as
  // such in both modes.  The group runs up to the first "/" of the url-path.
  if (const std::string_view path = grammar::url_path_of(url); path.data() != nullptr)
    if (auto e = schemes::refused_escape(url, path.substr(0, path.find('/')), "nntp group",
                                         rule::path, true))
      return *e;

  grammar::nntp_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_nntp(url, st, parts);
      }))
    return *e;

  return schemes::make_view<nntp_view>(url, schemes::effective_port(url, nntp_view::default_port),
                                       parts.group, parts.article);
}

namespace schemes {

std::shared_ptr<const scheme_handler> make_nntp_handler() {
  return std::make_shared<standard_handler>(
      "nntp", [](const url_view& u, const scheme_options& o) { return verdict(parse_nntp(u, o)); });
}

}  // namespace schemes
}  // namespace urlkit
