// urlkit — http URLs (RFC 1738 section 3.3; grammar in section 5), and the
// schemes that share their syntax: https (RFC 2818 2.4, RFC 9110 4.2.2), ws
// and wss (RFC 6455 3).
//
//   http://<host>:<port>/<path>?<searchpart>
//
// https, ws and wss differ from http in their default port (443, 80, 443)
// and in being secure (TLS); a ws or wss URI has no fragment ("#" "MUST be
// escaped as %23", RFC 6455 3).
//
// "No user name or password is allowed."  The <path> is an HTTP selector and
// the <searchpart> a query string; both are optional, and "if neither <path>
// nor <searchpart> is present, the "/" may also be omitted".  The <path>
// (RFC 1738's hpath) spans the generic path and its params: ";" is an
// hsegment character.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/schemes/server_view.hpp"
#include "urlkit/schemes/view_parser.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// An http, https, ws or wss URL, checked: views into the caller's text
/// (which must outlive it) and the port.  Parsing one allocates nothing.
class http_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  http_view() noexcept : server_view({}, *urlkit::default_port("http")) {}

  /// The scheme's default port (urlkit/ports.hpp): 80 for http and ws
  /// ("If :<port> is omitted, the port defaults to 80", 3.3), 443 for https
  /// and wss.
  std::uint16_t default_port() const noexcept { return default_port_; }
  /// Whether the scheme is https or wss: the connection uses TLS.
  bool secure() const noexcept { return secure_; }
  /// Whether the scheme is ws or wss (RFC 6455 3).
  bool websocket() const noexcept { return websocket_; }

  /// Whether the "/" after the hostport is present (then the hpath is, maybe empty).
  bool has_hpath() const noexcept { return hpath_.data() != nullptr; }
  /// The hpath as written, after the "/" and up to the "?": "b/c;p" for
  /// "http://a/b/c;p?q", "" for "http://a/" and for "http://a".  Named by
  /// RFC 1738 5's production, not path(): the hpath holds the ";" params,
  /// which url_view::path() (draft 4.3.2) leaves out.
  std::string_view encoded_hpath() const noexcept { return hpath_; }
  /// The hpath, decoded.
  decode_view hpath() const noexcept { return decode_view(hpath_); }
  /// Whether a "?" introduces a search part (present and empty for "http://a/?").
  bool has_search() const noexcept { return search_.data() != nullptr; }
  /// The search part as written, after the "?", up to the fragment.
  std::string_view encoded_search() const noexcept { return search_; }
  /// The search part, decoded (%XX only: "+" stays "+").
  decode_view search() const noexcept { return decode_view(search_); }

  /// The hpath's hsegments (segments.hpp): "b" and "c;p" for "b/c;p"
  /// (url_view::segments() gives "b" and "c"); none for an empty or absent
  /// hpath, as for every path.  Allocates nothing.
  segments_view hsegments() const noexcept { return segments_view(hpath_); }
  /// The Request-URI a client sends to the server (raw, still encoded):
  /// "/" hpath [ "?" search ]; "/" when the path is absent.
  std::string request_target() const;

 private:
  friend struct view_parser<http_view>;
  // parse_http's checks (src/schemes/http.cpp).
  static result<http_view> from_url(const url_view& url, const scheme_options& options);
  // parse_http(string): the generic parse written in place inside the result.
  static result<http_view> from_string(std::string_view s, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<http_view>;
  http_view(const url_view& u, std::uint16_t port, std::uint16_t default_port, bool secure,
            bool websocket, std::string_view hpath, std::string_view search) noexcept
      : server_view(u, port),
        default_port_(default_port),
        secure_(secure),
        websocket_(websocket),
        hpath_(hpath),
        search_(search) {}
  std::uint16_t default_port_ = *urlkit::default_port("http");
  bool secure_ = false;
  bool websocket_ = false;
  std::string_view hpath_{};
  std::string_view search_{};
};

/// Checks an http, https, ws or wss URL against RFC 1738's httpurl (the
/// scheme name aside).  A user name or password is an error in strict mode
/// and a warning in lenient mode; so is a fragment of a ws or wss URI.
/// parse_http(url) checks a parsed URL; parse_http(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<http_view> parse_http{};

}  // namespace urlkit
URLKIT_END_API
