// The security considerations of RFC 1738 6 / draft 8 that a client applies:
// a port other than the scheme's default, and passwords kept out of displays
// and of the text error reports echo ("The use of URLs containing passwords
// that should be secret is clearly unwise").
#include "urlkit/security.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "core/check_port.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit {

std::size_t masked_text::map(std::size_t offset) const noexcept {
  if (at == std::string::npos || offset < at) return offset;
  if (offset < at + removed) return at;
  return offset - removed + 3;
}

namespace {

// The [first, last) of the password in `input`, or first == npos.
std::pair<std::size_t, std::size_t> password_range(std::string_view input) {
  constexpr auto none = std::pair{std::string_view::npos, std::string_view::npos};
  urlkit::parse_options o;
  o.accept_excluded = true;
  if (auto r = urlkit::parse_reference(input, o)) {
    if (!r->has_password()) return none;
    const auto first = static_cast<std::size_t>(r->encoded_password().data() - input.data());
    return {first, first + r->encoded_password().size()};
  }
  // The input does not parse: read the server as the parser would (from
  // "//" to the next "/" or "#", draft 4.3.1 and 3), userinfo to its last "@".
  std::size_t start = std::string_view::npos;
  if (input.starts_with("//")) {
    start = 2;
  } else if (const auto colon = input.find(':');
             colon != std::string_view::npos && colon > 0 &&
             input.substr(0, colon).find_first_of("/?#") == std::string_view::npos &&
             input.substr(colon + 1, 2) == "//") {
    start = colon + 3;
  }
  if (start == std::string_view::npos) return none;
  std::size_t server_end = input.find_first_of("/#", start);
  if (server_end == std::string_view::npos) server_end = input.size();
  const std::string_view server = input.substr(start, server_end - start);
  std::size_t at = server.rfind('@');
  if (at != std::string_view::npos) {
    at += start;
  } else if (server.find(':') != std::string_view::npos) {
    // "ftp://u:pa/ss@h/": a "/" in the password ends the server early.
    at = input.rfind('@');
    if (at == std::string_view::npos || at < server_end) return none;
  } else {
    return none;
  }
  const std::size_t colon = input.find(':', start);
  if (colon == std::string_view::npos || colon > at) return none;
  return {colon + 1, at};
}

}  // namespace

masked_text mask_password(std::string_view text) {
  masked_text m;
  const auto [first, last] = password_range(text);
  if (first == std::string_view::npos) {
    m.text = text;
    return m;
  }
  m.text.reserve(text.size() + 3);
  m.text.append(text.substr(0, first));
  m.text.append("***");
  m.text.append(text.substr(last));
  m.at = first;
  m.removed = last - first;
  return m;
}

namespace detail {
result<port_check> check_port(const url_view& url,
                              std::optional<std::uint16_t> default_port) noexcept {
  port_check c;
  c.default_port = default_port;
  // Draft E.3: port = *digit, and an empty one is the default port.
  if (!url.has_port() || url.port().empty()) return c;
  // Above 65535: digits (draft 4.3.1), but no TCP port (RFC 793 3.1).
  const auto n = url.port_number();
  if (!n) return n.error();
  c.port = *n;
  c.non_default = !c.default_port || *c.port != *c.default_port;
  c.reserved = c.non_default && *c.port < 1024;
  return c;
}
}  // namespace detail

result<port_check> check_port(const url_view& url) noexcept {
  return detail::check_port(url, url.has_scheme() ? default_port(url.scheme()) : std::nullopt);
}

std::string display_form(const url_view& url) {
  if (!url.has_password()) return url.recompose();
  // Rebuild around the password: everything before it, "***", everything after.
  const std::string_view b = url.buffer();
  const auto pw = static_cast<std::size_t>(url.encoded_password().data() - b.data());
  std::string s = url.recompose();
  s.replace(pw, url.encoded_password().size(), "***");
  return s;
}

}  // namespace urlkit
