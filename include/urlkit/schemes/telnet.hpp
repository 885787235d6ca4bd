// urlkit — telnet URLs (RFC 1738 section 3.8; grammar in section 5).
//
//   telnet://<user>:<password>@<host>:<port>/
//
// "This URL does not designate a data object, but rather an interactive
// service" (3.8): a host and port to connect to, and a user name and password
// that "are advisory only: clients accessing a telnet URL merely advise the
// user of the suggested username and password".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/server_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// A telnet URL, checked: the generic view of the caller's text (which must
/// outlive it) and the port.  Parsing one allocates nothing.
class telnet_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  telnet_view() noexcept : server_view({}, default_port) {}
  /// "If :<port> is omitted, the port defaults to 23" (3.8).
  static constexpr std::uint16_t default_port = *urlkit::default_port("telnet");

  // user() and password() (server_view): "The :<password> can be omitted,
  // as well as the whole <user>:<password> part" (3.8).
  /// Whether the final "/" was written ("The final "/" character may be omitted").
  bool has_final_slash() const noexcept { return final_slash_; }

 private:
  friend struct view_parser<telnet_view>;
  // parse_telnet's checks (src/schemes/telnet.cpp).
  static result<telnet_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<telnet_view>;
  telnet_view(const url_view& u, std::uint16_t port, bool final_slash) noexcept
      : server_view(u, port), final_slash_(final_slash) {}
  bool final_slash_ = false;
};

/// Checks a telnet URL against RFC 1738's telneturl.
/// Anything after the final "/" is an error in strict mode and a warning in
/// lenient mode (it is then ignored).  A decoded user or password holding CR
/// or LF is refused in both modes: it would inject a line into the telnet
/// session (RFC 1738 6, draft 8, which names telnet).  Allocates nothing.
/// parse_telnet(url) checks a parsed URL; parse_telnet(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<telnet_view> parse_telnet{};

}  // namespace urlkit
URLKIT_END_API
