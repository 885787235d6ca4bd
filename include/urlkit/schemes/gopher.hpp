// urlkit — gopher URLs (RFC 1738 section 3.4; grammar in section 5).
//
//   gopher://<host>:<port>/<gopher-path>
//   <gopher-path> = <gophertype><selector>
//                 | <gophertype><selector>%09<search>
//                 | <gophertype><selector>%09<search>%09<gopher+_string>
//
// "Within the <gopher-path>, no characters are reserved."  An empty
// gopher-path (with or without its "/") has gopher type "1" and an empty
// selector: the server's top-level directory.
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

/// A gopher URL, checked: views into the caller's text (which must outlive
/// it), the port and the gopher type.  Parsing one allocates nothing; each
/// decoded part is made when asked for.
class gopher_view : public server_view {
 public:
  /// An empty view (what a failed result holds).
  gopher_view() noexcept : server_view({}, default_port) {}
  /// "If :<port> is omitted, the port defaults to 70" (3.4).
  static constexpr std::uint16_t default_port = *urlkit::default_port("gopher");

  /// The gopher-path as written, after the "/" (type, selector, "%09"s and
  /// all); null data when the "/" is omitted.
  std::string_view encoded_gopher_path() const noexcept { return gopher_path_; }
  /// The gopher-path, decoded: the gopher type and the selector, then a TAB
  /// and the search, and a TAB and the gopher+ string, when present; empty
  /// when the "/" is omitted.
  decode_view gopher_path() const noexcept { return decode_view(gopher_path_); }

  /// The gopher type, decoded: the first character of the gopher-path, or '1'
  /// when the gopher-path is empty.
  char gopher_type() const noexcept { return type_; }
  /// The selector, decoded: may be empty (the top-level directory).  It never
  /// holds TAB, CR or LF.
  decode_view selector() const noexcept { return decode_view(selector_); }
  /// The selector as written: after the gopher type, up to the first "%09".
  std::string_view encoded_selector() const noexcept { return selector_; }
  /// The search string, decoded (after the first "%09"), or nullopt.  It
  /// never holds TAB, CR or LF.
  std::optional<decode_view> search() const noexcept;
  /// The search string as written, or nullopt.
  std::optional<std::string_view> encoded_search() const noexcept;
  /// The gopher+ string, decoded (after the second "%09"), or nullopt.  It
  /// may hold TAB, CR and LF: an electronic form's string is a coded copy of
  /// the lines a client sends (3.4.9).
  std::optional<decode_view> gopher_plus() const noexcept;
  /// The gopher+ string as written (it may hold "%09"), or nullopt.
  std::optional<std::string_view> encoded_gopher_plus() const noexcept;

  /// The exact bytes a client sends once connected (3.4, 3.4.2, 3.4.3):
  ///   selector CRLF
  ///   selector TAB search CRLF
  ///   selector TAB search TAB gopher+_string CRLF
  /// except that a gopher+ string already ending in CRLF (3.4.9's filled-in
  /// electronic forms end with ".%0D%0A", the end of their data block) is
  /// sent as it is, without a second CRLF.
  std::string request_line() const;

 private:
  friend struct view_parser<gopher_view>;
  // parse_gopher's checks (src/schemes/gopher.cpp).
  static result<gopher_view> from_url(const url_view& url, const scheme_options& options);
  // Built in place inside its result (schemes::make_view), once its checks passed.
  friend class result<gopher_view>;
  gopher_view(const url_view& u, std::uint16_t port, std::string_view gopher_path, char type,
              std::string_view selector, std::string_view search,
              std::string_view gopher_plus) noexcept
      : server_view(u, port),
        gopher_path_(gopher_path),
        type_(type),
        selector_(selector),
        search_(search),
        gopher_plus_(gopher_plus) {}
  std::string_view gopher_path_{};
  char type_ = '1';
  std::string_view selector_{};
  std::string_view search_{};       // null data when absent
  std::string_view gopher_plus_{};  // null data when absent
};

/// Checks a gopher URL against RFC 1738's gopherurl and splits its gopher-path.
/// A user name or password is an error in strict mode and a warning in
/// lenient mode.  Refused in both modes, with the offset of the escape:
/// an encoded CR or LF (%0D, %0A) in the selector or the search ("Gopher
/// selector strings are a sequence of octets which may contain any octets
/// except 09 hexadecimal (US-ASCII HT or tab) 0A hexadecimal (US-ASCII
/// character LF), and 0D (US-ASCII character CR)", 3.4: sent, they would end
/// the request line early, RFC 1738 6), and a gopher type that is an encoded
/// TAB, CR or LF.  The gopher+ string may hold CR and LF (3.4.9).  Allocates
/// nothing.
/// parse_gopher(url) checks a parsed URL; parse_gopher(s) parses `s` first
/// (which must outlive the result).  The calls are view_parser's.
inline constexpr view_parser<gopher_view> parse_gopher{};

}  // namespace urlkit
URLKIT_END_API
