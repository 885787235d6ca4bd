// telnet URLs: RFC 1738 3.8 (grammar: src/grammar/telnet.cpp).
#include "urlkit/schemes/telnet.hpp"

#include "grammar/telnet.hpp"
#include "schemes/support.hpp"

namespace urlkit {

result<telnet_view> telnet_view::from_url(const url_view& url, const scheme_options& options) {
  grammar::telnet_parts parts;
  if (auto e = schemes::checked_parts<"telnet", grammar::parse_telnet>(url, options, parts))
    return *e;
  // The user and password are offered to the user or typed into the login
  // prompt of the session: an encoded CR or LF would end that line early and
  // inject another (draft 8: "CR and LF characters for telnet protocols").
  if (auto e = schemes::refused_in_login<"telnet">(url)) return *e;

  return schemes::make_view<telnet_view>(
      url, schemes::effective_port(url, telnet_view::default_port), parts.final_slash);
}

}  // namespace urlkit
