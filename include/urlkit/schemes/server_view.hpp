// urlkit — what every typed view of a server-based scheme has: the common
// Internet scheme syntax of RFC 1738 section 3.1,
//
//   //<user>:<password>@<host>:<port>/<url-path>
//
// written once for http (and https, ws, wss), ftp, gopher, nntp, telnet, wais
// and prospero: the generic view, the login, the host, the host to connect to
// and the effective port (server_view::effective_port()).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/schemes/scheme_view.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The base of the server-based typed views (http_view, ftp_view,
/// gopher_view, nntp_view, telnet_view, wais_view, prospero_view): views into
/// the caller's text, which must outlive them.  url() and buffer() are
/// scheme_view's, as on every typed view.
class server_view : public scheme_view {
 public:
  /// The user as written, or nullopt when absent (absent is not empty,
  /// RFC 1738 3.1).  Of these schemes only ftp and telnet take one; the
  /// others' parsers refuse a user.
  std::optional<std::string_view> encoded_user() const noexcept {
    return url().has_user() ? std::optional(url().encoded_user()) : std::nullopt;
  }
  /// The user, decoded; nullopt when absent.
  std::optional<decode_view> user() const noexcept {
    return url().has_user() ? std::optional(url().user()) : std::nullopt;
  }
  /// The password as written, or nullopt when absent.
  std::optional<std::string_view> encoded_password() const noexcept {
    return url().has_password() ? std::optional(url().encoded_password()) : std::nullopt;
  }
  /// The password, decoded; nullopt when absent.
  std::optional<decode_view> password() const noexcept {
    return url().has_password() ? std::optional(url().password()) : std::nullopt;
  }

  /// The host as written (RFC 1738 3.1).
  std::string_view encoded_host() const noexcept { return url().encoded_host(); }
  /// The host, decoded; an IPv6 literal keeps its brackets ("[::1]").
  decode_view host() const noexcept { return url().host(); }
  /// The host to connect to, decoded: host() but for an IPv6 literal
  /// (lenient mode, RFC 2732), which comes without its brackets and with its
  /// zone's "%25" read as the "%" it stands for (RFC 6874): "fe80::1%eth0"
  /// for "[fe80::1%25eth0]", the form getaddrinfo() takes.  A name stays as
  /// decoded (UTF-8 for an internationalized one): connect_ascii_host in
  /// urlkit/idna.hpp gives the A-label form to look up.
  decode_view connect_host() const noexcept;
  /// The effective port: the explicit one, else the scheme's default (also
  /// for an empty port, "h:/": draft E.3, port = *digit).  Not port(): that
  /// name is url_view's, the digits as written (docs/guide.md, "Names").
  std::uint16_t effective_port() const noexcept { return port_; }
  /// Whether a port number is written ("h:/" has none: the default is meant).
  bool has_explicit_port() const noexcept { return !url().port().empty(); }

 protected:
  /// A view of `u` (checked by the scheme's parser) with effective port `port`.
  server_view(const url_view& u, std::uint16_t port) noexcept : scheme_view(u), port_(port) {}
  /// The effective port.
  std::uint16_t port_ = 0;
};

}  // namespace urlkit
URLKIT_END_API
