// nntp URLs: RFC 1738 3.7 (grammar: src/grammar/nntp.cpp).
#include "urlkit/schemes/nntp.hpp"

#include "grammar/nntp.hpp"
#include "schemes/support.hpp"

namespace urlkit {

result<nntp_view> nntp_view::from_url(const url_view& url, const scheme_options& options) {
  // The group goes into an NNTP GROUP line: an encoded CR or LF would end it
  // early (RFC 1738 6).  Checked before the grammar so that it is reported as
  // such in both modes.  The group runs up to the first "/" of the url-path.
  auto refused_in_group = [&]() -> std::optional<error> {
    const std::string_view path = grammar::url_path_of(url);
    if (path.data() == nullptr) return std::nullopt;
    return schemes::refused_escape(url, path.substr(0, path.find('/')), "nntp group", rule::path,
                                   true);
  };
  grammar::nntp_parts parts;
  if (auto e = schemes::checked_parts<"nntp", grammar::parse_nntp>(url, options, parts,
                                                                   refused_in_group))
    return *e;

  return schemes::make_view<nntp_view>(url, schemes::effective_port(url, nntp_view::default_port),
                                       parts.group, parts.article);
}

}  // namespace urlkit
