// urlkit — what a network client needs to connect, in one call: the scheme,
// the host to look up, the effective port, whether the connection is TLS, and
// what the protocol sends once connected (RFC 1738 3.1 and the schemes of
// section 3).
//
// endpoint_of checks the URL against its scheme's own grammar (the typed
// views of <urlkit/schemes/NAME.hpp>) and takes the target from the typed
// view, so it links the scheme grammars: it has a header and a translation
// unit of its own, and a program that only parses or resolves does not pay
// for it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme_options.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// Where and how a client connects for a URL, and what it sends first.
/// Owning: it outlives the URL's text.
struct endpoint {
  /// The scheme, in lower case ("https" for "HTTPS://h/"; RFC 1738 2.1:
  /// scheme names are case-insensitive).
  std::string scheme;
  /// The host in the form getaddrinfo() takes: a name, a hostnumber
  /// ("10.0.0.1"), or an IPv6 address without its brackets and with its
  /// zone ("fe80::1%eth0" for "[fe80::1%25eth0]", RFC 6874 2).  Decoded;
  /// a name is ASCII (its A-label form for idna::endpoint_of).
  std::string host;
  /// The effective port: the explicit one, else the scheme's default from
  /// the one table (urlkit/ports.hpp); an empty port ("h:/") is the default
  /// (draft E.3).
  std::uint16_t port = 0;
  /// Whether the connection is TLS from its first byte (https, wss, ftps,
  /// ...: scheme_port::secure).
  bool secure = false;
  /// What the protocol sends once connected, still %-escaped where the
  /// protocol takes the URL's text:
  /// - http, https, ws, wss: the request target, "/" hpath [ "?" search ]
  ///   (http_view::request_target());
  /// - gopher: the whole request line, selector [ TAB search [ TAB gopher+
  ///   string ] ] and its CRLF, decoded (gopher_view::request_line()): send it
  ///   as it is;
  /// - ftp: the fpath as written, without ";type=" (ftp_view::encoded_fpath(),
  ///   relative to the login directory, RFC 1738 3.2.2); the commands it
  ///   stands for are parse_ftp's ftp_view::plan(); ftps: the path as
  ///   written (url_view::encoded_path());
  /// - empty for the other schemes (nntp, telnet, wais, prospero, imap,
  ///   ldap, ...): their requests are built from their parts (the typed
  ///   views' for RFC 1738's schemes).
  std::string target;
  /// The user, decoded; nullopt when the URL has none (absent is not empty,
  /// RFC 1738 3.1: "ftp://@host/" has an empty user).
  std::optional<std::string> user;
  /// The password, decoded; nullopt when the URL has none.
  std::optional<std::string> password;

  /// Every member the same.
  friend bool operator==(const endpoint&, const endpoint&) = default;
};

/// Converts a decoded host name holding octets >= 0x80 (UTF-8) to the ASCII
/// form DNS looks up, or says why it cannot: to_ascii_host
/// (urlkit/idna.hpp) is one.  An error's offset counts in `host`.
using host_to_ascii = result<std::string> (*)(std::string_view host);

/// The endpoint of `url`, checked against its scheme's grammar in the mode
/// `url` was parsed in (url_view::parsed_mode()), its scheme's warnings
/// dropped.  See the overload below for what it checks.
result<endpoint> endpoint_of(const url_view& url);

/// The endpoint of `url`: for the schemes of the port table
/// (urlkit/ports.hpp) with a server ("//" host, RFC 1738 3.1).  A scheme
/// with a typed view (http, https, ws, wss, ftp, gopher, nntp, telnet, wais,
/// prospero) is checked by its parse_NAME in `options` (its warnings to
/// options.on_warning), which gives the target; the table's other schemes
/// (ftps, imap, ldap, ssh, ...) by the generic grammar only.  A host name
/// holding octets >= 0x80 (lenient mode) is given to `to_ascii`; without one
/// it is an error, since DNS cannot look it up as it is.
///
/// Errors:
/// - scheme_expected: a relative reference (no scheme);
/// - no_server: a scheme without a server (mailto, news, file, data: its
///   RFC in `detail`), or a URL of a table scheme without "//" or with an
///   empty host;
/// - no_default_port: a scheme the port table does not hold ("foo://h/"):
///   neither its port nor its protocol is known;
/// - port_out_of_range: a port above 65535 (url_view::port_number());
/// - the scheme's parse_NAME error (scheme_syntax, decoded_crlf, ...);
/// - non_ascii_host: a host name holding octets >= 0x80 and no `to_ascii`
///   (idna::endpoint_of in urlkit_idna converts it); `to_ascii`'s own
///   error, its offset moved to the host in `url`;
/// - decoded_crlf, decoded_nul: a user or password that decodes to CR, LF
///   or NUL, which would end a protocol line early (RFC 1738 6, draft 8).
///
/// Allocates the endpoint's strings; throws nothing but std::bad_alloc (the
/// library's rule, docs/guide.md "The error model").
result<endpoint> endpoint_of(const url_view& url, const scheme_options& options,
                             host_to_ascii to_ascii = nullptr);

}  // namespace urlkit
URLKIT_END_API
