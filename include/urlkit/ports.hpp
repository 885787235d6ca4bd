// urlkit — the default ports of the schemes a client meets: one table, which
// the typed views, the scheme registry and check_port read.
//
// A header of its own, with nothing but constants, so that code that needs a
// default port does not pull in the scheme grammars.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "urlkit/detail/ascii.hpp"
#include "urlkit/export.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// One row of the table: a scheme, its default port, where that is written,
/// and whether a connection to it starts with TLS.
struct scheme_port {
  std::string_view scheme;  ///< lower case
  std::uint16_t port;       ///< the port a URL without one means
  std::string_view source;  ///< the document that says so
  /// Whether the scheme's connection is TLS from its first byte (https, wss,
  /// ftps, ...: the "s" schemes, each on a port of its own); false for a
  /// protocol that is plain or starts TLS itself later, and for ssh and sftp,
  /// which encrypt with their own protocol, not TLS.
  bool secure = false;
};

/// Every scheme whose URLs are server-based ("//" host [":" port]) and whose
/// default port a specification states: RFC 1738's schemes (section 3), then
/// those a client meets today.  The others' ports come from the document that
/// defines the scheme where it names one, else from IANA's Service Name and
/// Transport Protocol Port Number Registry for the service of that name.
inline constexpr std::array<scheme_port, 22> scheme_ports{{
    {"ftp", 21, "RFC 1738 3.2", false},
    {"http", 80, "RFC 1738 3.3", false},
    {"gopher", 70, "RFC 1738 3.4", false},
    {"nntp", 119, "RFC 1738 3.7", false},
    {"telnet", 23, "RFC 1738 3.8", false},
    {"wais", 210, "RFC 1738 3.9", false},
    {"prospero", 1525, "RFC 1738 3.11", false},
    {"https", 443, "RFC 2818; RFC 9110 4.2.2", true},
    {"ws", 80, "RFC 6455 3", false},
    {"wss", 443, "RFC 6455 3", true},
    {"ftps", 990, "IANA port registry (ftps)", true},
    {"nntps", 563, "IANA port registry (nntps)", true},
    {"snews", 563, "IANA port registry (nntps)", true},
    {"imap", 143, "RFC 5092", false},
    {"imaps", 993, "IANA port registry (imaps)", true},
    {"pop", 110, "RFC 2384", false},
    {"ldap", 389, "RFC 4516", false},
    {"ldaps", 636, "IANA port registry (ldaps)", true},
    {"rtsp", 554, "RFC 7826", false},
    {"rtsps", 322, "RFC 7826", true},
    {"ssh", 22, "IANA port registry (ssh)", false},
    {"sftp", 22, "IANA port registry (ssh)", false},
}};

/// The default port of `scheme` (any case) from scheme_ports, or nullopt.
constexpr std::optional<std::uint16_t> default_port(std::string_view scheme) noexcept {
  for (const scheme_port& p : scheme_ports)
    if (detail::ascii::iequals(scheme, p.scheme)) return p.port;
  return std::nullopt;
}

}  // namespace urlkit
URLKIT_END_API
