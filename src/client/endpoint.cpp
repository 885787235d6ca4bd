// endpoint_of: a URL read as a client connects to it (RFC 1738 3.1 and the
// schemes of section 3).  The target is the typed view's (request_target(),
// request_line(), the ftp fpath), never derived again here; so this unit
// links the scheme grammars, and nothing else of the library calls it.
#include "urlkit/endpoint.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/standard_schemes.hpp"
#include "schemes/support.hpp"
#include "urlkit/decode_view.hpp"
#include "urlkit/detail/ascii.hpp"
#include "urlkit/detail/error_at.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"

namespace urlkit {
namespace {

// The row of the port table for `scheme` (any case), or null.
const scheme_port* port_row(std::string_view scheme) noexcept {
  for (const scheme_port& p : scheme_ports)
    if (detail::ascii::iequals(scheme, p.scheme)) return &p;
  return nullptr;
}

// The offset of `part` (a view into u's buffer) in that buffer.
std::size_t offset_of(const url_view& u, std::string_view part) noexcept {
  return static_cast<std::size_t>(part.data() - u.buffer().data());
}

error no_server(const url_view& u, std::size_t offset, rule r, const char* detail) noexcept {
  error e = detail::error_at(error_code::no_server, r, u.buffer(), offset);
  e.detail = detail;
  return e;
}

// Why a standard scheme without a row in the port table names no server
// (the standard schemes are those of src/core/standard_schemes.hpp).
const char* serverless(std::string_view scheme) noexcept {
  if (detail::ascii::iequals(scheme, "mailto"))
    return "a mailto URL names a mailbox (RFC 1738 3.5)";
  if (detail::ascii::iequals(scheme, "news"))
    return "a news URL is served by the client's own news server (RFC 1738 3.6)";
  if (detail::ascii::iequals(scheme, "file"))
    return "a file URL names a file on a host, with no protocol to reach it (RFC 1738 3.10)";
  if (detail::ascii::iequals(scheme, "data")) return "a data URL holds its data (RFC 2397)";
  return "the scheme's URLs name no server";
}

// A byte of `part` (a view into u's buffer) that must not reach a protocol
// line as it is: space or a control character, which only lenient mode's
// accept_excluded takes (draft 2.3.3); with `spaces` false, only CR, LF and
// NUL.
std::optional<error> raw_refused(const url_view& u, std::string_view part, rule r,
                                 bool spaces) noexcept {
  for (std::size_t i = 0; i < part.size(); ++i) {
    const auto b = static_cast<unsigned char>(part[i]);
    const bool refused = spaces ? b <= 0x20 || b == 0x7f : b == 0 || b == '\r' || b == '\n';
    if (refused)
      return detail::error_at(error_code::invalid_character, r, u.buffer(), offset_of(u, part) + i);
  }
  return std::nullopt;
}

// The user or password, decoded, refused when it would hold CR, LF or NUL:
// the escapes as the typed views refuse them (schemes::refused_escape, RFC
// 1738 6: "CR and LF characters ... should not be unencoded before
// transmission"), and the same bytes as written.
result<std::optional<std::string>> login_part(const url_view& u, bool present, std::string_view raw,
                                              rule r) {
  if (!present) return std::optional<std::string>();
  if (auto e = schemes::refused_escape(u, raw, nullptr, r, true, true)) return *e;
  if (auto e = raw_refused(u, raw, r, false)) return *e;
  return std::optional<std::string>(decode_view(raw).to_string());
}

// Where decoded byte `index` of the host (decoded from `raw`, a view into
// u's buffer) starts in that buffer: an error in the decoded host, moved.
std::size_t host_offset(const url_view& u, std::string_view raw, std::size_t index) noexcept {
  const decode_view d(raw);
  auto it = d.begin();
  for (std::size_t i = 0; i < index && it != d.end(); ++i) ++it;
  const char* at = it == d.end() ? raw.data() + raw.size() : it.encoded_position();
  return static_cast<std::size_t>(at - u.buffer().data());
}

// The host as getaddrinfo() takes it (schemes::connect_host: an IPv6
// literal without its brackets, its zone's "%25" read as "%"), a name
// holding octets >= 0x80 converted by `to_ascii`.
result<std::string> host_of(const url_view& u, host_to_ascii to_ascii) {
  const decode_view decoded = schemes::connect_host(u);
  std::string host = decoded.to_string();
  if (u.host_kind() != host_kind::name) return host;
  std::size_t first = 0;
  while (first < host.size() && static_cast<unsigned char>(host[first]) < 0x80) ++first;
  if (first == host.size()) return host;
  const std::string_view raw = decoded.encoded();
  if (to_ascii == nullptr) {
    error e = detail::error_at(error_code::non_ascii_host, rule::host, u.buffer(),
                               host_offset(u, raw, first));
    e.byte = static_cast<unsigned char>(host[first]);  // the octet, not the "%" of its escape
    e.detail =
        "DNS looks a host name up in its A-label form, which idna::endpoint_of gives "
        "(library urlkit_idna, built with libidn2)";
    return e;
  }
  auto converted = to_ascii(host);
  if (!converted) {
    error e = converted.error();
    const error at =
        detail::error_at(e.code, rule::host, u.buffer(), host_offset(u, raw, e.offset));
    e.offset = at.offset;
    e.byte = at.byte;
    e.has_byte = at.has_byte;
    e.rule = rule::host;
    return e;
  }
  return std::move(*converted);
}

// The scheme's typed view checks `u` and gives the target; the table's
// schemes without a typed view have the generic grammar's check only.
result<std::string> target_of(const url_view& u, const scheme_options& options) {
  const std::string_view s = u.scheme();
  if (detail::ascii::iequals(s, "http") || detail::ascii::iequals(s, "https") ||
      detail::ascii::iequals(s, "ws") || detail::ascii::iequals(s, "wss")) {
    auto v = parse_http(u, options);
    if (!v) return v.error();
    for (std::string_view part : {u.encoded_path(), u.encoded_params(), u.encoded_query()})
      if (auto e = raw_refused(u, part, rule::path, true)) return *e;
    return v->request_target();
  }
  if (detail::ascii::iequals(s, "ftp")) {
    auto v = parse_ftp(u, options);
    if (!v) return v.error();
    if (auto e = raw_refused(u, v->encoded_fpath(), rule::path, true)) return *e;
    return std::string(v->encoded_fpath());
  }
  if (detail::ascii::iequals(s, "gopher")) {
    auto v = parse_gopher(u, options);
    if (!v) return v.error();
    return v->request_line();
  }
  result<void> checked;
  if (detail::ascii::iequals(s, "nntp"))
    checked = schemes::verdict(parse_nntp(u, options));
  else if (detail::ascii::iequals(s, "telnet"))
    checked = schemes::verdict(parse_telnet(u, options));
  else if (detail::ascii::iequals(s, "wais"))
    checked = schemes::verdict(parse_wais(u, options));
  else if (detail::ascii::iequals(s, "prospero"))
    checked = schemes::verdict(parse_prospero(u, options));
  if (!checked) return checked.error();
  if (detail::ascii::iequals(s, "ftps")) {
    // ftp over TLS (RFC 4217): its path is ftp's, with no grammar of its own
    // to check it against here.
    if (auto e = raw_refused(u, u.encoded_path(), rule::path, true)) return *e;
    return std::string(u.encoded_path());
  }
  return std::string();
}

}  // namespace

result<endpoint> endpoint_of(const url_view& url) {
  return endpoint_of(url, scheme_options{url.parsed_mode(), {}});
}

result<endpoint> endpoint_of(const url_view& url, const scheme_options& options,
                             host_to_ascii to_ascii) {
  if (!url.has_scheme())
    return detail::error_at(error_code::scheme_expected, rule::scheme, url.buffer(), 0);
  const std::size_t scheme_at = offset_of(url, url.scheme());
  const std::size_t after_scheme = scheme_at + url.scheme().size() + 1;
  const scheme_port* const row = port_row(url.scheme());
  if (row == nullptr) {
    if (detail::is_standard_scheme(url.scheme()))
      return no_server(url, scheme_at, rule::scheme, serverless(url.scheme()));
    return detail::error_at(error_code::no_default_port, rule::scheme, url.buffer(), scheme_at);
  }
  if (!url.has_server())
    return no_server(url, after_scheme, rule::server, "\"//\" and a host expected (RFC 1738 3.1)");
  if (url.encoded_host().empty())
    return no_server(url, offset_of(url, url.encoded_host()), rule::host, "the host is empty");
  const auto port = url.port_number();
  if (!port) return port.error();

  auto target = target_of(url, options);
  if (!target) return target.error();
  auto host = host_of(url, to_ascii);
  if (!host) return host.error();
  auto user = login_part(url, url.has_user(), url.encoded_user(), rule::user);
  if (!user) return user.error();
  auto password = login_part(url, url.has_password(), url.encoded_password(), rule::password);
  if (!password) return password.error();

  endpoint ep;
  ep.scheme = row->scheme;
  ep.host = std::move(*host);
  ep.port = port->value_or(row->port);
  ep.secure = row->secure;
  ep.target = std::move(*target);
  ep.user = std::move(*user);
  ep.password = std::move(*password);
  return ep;
}

}  // namespace urlkit
