// urlkit — prospero URLs (RFC 1738 section 3.11; grammar in section 5).
//
//   prospero://<host>:<port>/<hsoname>;<field>=<value>
//
// "The <hsoname> is the host-specific object name in the Prospero protocol,
// suitably encoded.  This name is opaque and interpreted by the Prospero
// server."  The optional fields "serve to identify the target of the URL.
// For example, the OBJECT-VERSION field can be specified to identify a
// specific version of an object" (3.11).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/scheme.hpp"

namespace urlkit {

/// One ";<field>=<value>" of a prospero URL, decoded.
struct prospero_field {
  std::string name;
  std::string value;
  friend bool operator==(const prospero_field&, const prospero_field&) = default;
};

class prospero_view {
 public:
  /// "If :<port> is omitted, the port defaults to 1525" (3.11).
  static constexpr std::uint16_t default_port = 1525;

  /// The generic view the prospero URL was parsed from.
  const url_view& url() const noexcept { return url_; }

  /// The decoded host of the Prospero directory server.
  std::string host() const;
  /// The host to connect to, decoded: host() but for an IPv6 literal
  /// (lenient mode, RFC 2732), which comes without its brackets and with its
  /// zone's "%25" read as the "%" it stands for (RFC 6874): "fe80::1%eth0"
  /// for "[fe80::1%25eth0]", the form getaddrinfo() takes.
  std::string connect_host() const;
  /// The effective port: explicit, else 1525 (also for an empty port,
  /// "h:/": draft E.3, port = *digit).
  std::uint16_t port() const noexcept { return port_; }
  /// Whether a port number is written ("h:/" has none: the default is meant).
  bool has_explicit_port() const noexcept { return !url_.port().empty(); }

  /// The decoded <hsoname>: the whole ppath, slashes included ("no
  /// significance may be assumed" of them).  prospero://host.dom//pros/name
  /// has the hsoname "/pros/name" (3.11).
  const std::string& hsoname() const noexcept { return hsoname_; }
  /// The raw ppath (still escaped).
  std::string_view ppath() const noexcept { return ppath_; }
  /// The decoded fields, in URL order.
  const std::vector<prospero_field>& fields() const noexcept { return fields_; }

 private:
  friend result<prospero_view> parse_prospero(const url_view&, const scheme_options&);
  url_view url_;
  std::uint16_t port_ = default_port;
  std::string_view ppath_{};
  std::string hsoname_;
  std::vector<prospero_field> fields_;
};

/// Checks a prospero URL against RFC 1738's prosperourl and decodes its
/// parts.  A user name or password is a strict error and a lenient warning
/// ("No username or password is allowed", 3.11).  An encoded CR, LF or NUL
/// in the hsoname or a field is refused in both modes: Prospero requests are
/// lines of text, and NUL is the one byte the protocol cannot quote.
result<prospero_view> parse_prospero(const url_view& url, const scheme_options& options = {});
/// Parses `s` (which must outlive the result) and checks it as above.
result<prospero_view> parse_prospero(std::string_view s, const scheme_options& options = {});
/// Deleted: the view would point into a string about to be destroyed.
template <detail::temporary_string S>
result<prospero_view> parse_prospero(S&& s, const scheme_options& options = {}) = delete;

}  // namespace urlkit
