// urlkit — the security considerations of RFC 1738 section 6 and draft
// section 8 that a client applies to a parsed URL: ports other than the
// scheme's default, and passwords kept out of displays and logs.  A header of
// its own, apart from the scheme layer: it needs only the generic view and
// the table of default ports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/ports.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

class scheme_registry;

/// RFC 1738 section 6, draft section 8: "Caution should be used when using
/// any URL which specifies a port number other than the default for the
/// protocol, especially when it is a number within the reserved space."
/// What check_port found: a report, not a failure.
struct port_check {
  /// The explicit port, if any (an empty one, ":" without digits, is the
  /// default one, draft E.3: none).
  std::optional<std::uint16_t> port;
  std::optional<std::uint16_t> default_port;  ///< the scheme's default, if any
  bool non_default = false;                   ///< an explicit port other than the scheme's default
  bool reserved = false;                      ///< ... and below 1024
  /// True when a client should ask before connecting: non_default.
  bool unsafe() const noexcept { return non_default; }
  /// Every member the same.
  friend bool operator==(const port_check&, const port_check&) = default;
};
/// Checks the port of `url` against its scheme's default port in the one
/// table of urlkit/ports.hpp.  Fails only for a port that is no port at all,
/// above 65535 (url_view::port_number()'s error_code::port_out_of_range): no
/// client can connect to it.
result<port_check> check_port(const url_view& url) noexcept;
/// The same against the default ports of `registry`'s handlers (a scheme of
/// your own), the table for a scheme the registry does not know.
result<port_check> check_port(const url_view& url, const scheme_registry& registry) noexcept;

/// The URL for display, with any password replaced by "***" (RFC 1738 6:
/// "The use of URLs containing passwords that should be secret is clearly
/// unwise").  Everything else is as written.
std::string display_form(const url_view& url);

/// Text as an error report may echo it: its password, if it has one,
/// replaced by "***" (RFC 1738 6), so that the report can be pasted anywhere.
/// `at` and `removed` say what was replaced (at == npos: nothing).
struct masked_text {
  std::string text;                    ///< The text, its password masked.
  std::size_t at = std::string::npos;  ///< Where the "***" is in `text`.
  std::size_t removed = 0;             ///< How many bytes of password it replaced.
  /// Where byte `offset` of the original is in `text` (a byte of the
  /// password: the start of the "***").
  std::size_t map(std::size_t offset) const noexcept;
};

/// Masks the password of `text`, which need not be a valid URL (the reports
/// that echo it are about invalid ones).  The password is the parser's when
/// `text` parses (lenient mode, excluded characters taken as data); else the
/// text after the first ":" of what follows "//" (at the start, or after the
/// scheme) up to the last "@" of the server, or of the whole text when the
/// server has a ":" and no "@" (a "/" in the password).  That guess hides
/// more rather than less.
masked_text mask_password(std::string_view text);

}  // namespace urlkit
URLKIT_END_API
