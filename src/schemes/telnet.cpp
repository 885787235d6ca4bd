// telnet URLs: RFC 1738 3.8 (grammar: src/grammar/telnet.cpp).
#include "urlkit/schemes/telnet.hpp"

#include <ostream>

#include "grammar/telnet.hpp"
#include "schemes/handlers.hpp"
#include "schemes/support.hpp"

namespace urlkit {

std::ostream& operator<<(std::ostream& os, const telnet_view& v) {
  return os << v.buffer();
}

result<telnet_view> telnet_view::from_url(const url_view& url, const scheme_options& options) {
  if (auto e = schemes::wrong_scheme(url, "telnet", "telneturl", "the scheme must be \"telnet\""))
    return *e;
  grammar::telnet_parts parts;
  if (auto e = schemes::run_grammar(url, options, [&](grammar::parse_state& st) {
        return grammar::parse_telnet(url, st, parts);
      }))
    return *e;

  // The user and password are offered to the user or typed into the login
  // prompt of the session: an encoded CR or LF would end that line early and
  // inject another (draft 8: "CR and LF characters for telnet protocols").
  if (url.has_user())
    if (auto e = schemes::refused_escape(url, url.encoded_user(), "telnet user", rule::user, true))
      return *e;
  if (url.has_password())
    if (auto e = schemes::refused_escape(url, url.encoded_password(), "telnet password",
                                         rule::password, true))
      return *e;

  return schemes::make_view<telnet_view>(
      url, schemes::effective_port(url, telnet_view::default_port), parts.final_slash);
}

namespace schemes {

std::shared_ptr<const scheme_handler> make_telnet_handler() {
  return std::make_shared<standard_handler>(
      "telnet",
      [](const url_view& u, const scheme_options& o) { return verdict(parse_telnet(u, o)); });
}

}  // namespace schemes
}  // namespace urlkit
