// urlkit — media types: the tokens of RFC 2045 5.1, and the MIME type record
// that the data: URL processing produces (RFC 2397 says "<mediatype> is an
// Internet media type specification (with optional parameters.)").
//
// RFC 2045 5.1:
//   token    := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
//   tspecials := "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <">
//                "/" / "[" / "]" / "?" / "="
//
// parse_mime_type() is the "parse a MIME type" algorithm of the WHATWG MIME
// Sniffing standard, the one the data: URL conformance files test (its token
// is HTTP's: RFC 2045's minus "{" and "}"); mime_type::to_string() is its
// serialization.
// See docs/schemes/data.md for the one place where urlkit follows the
// conformance files rather than today's text of that algorithm.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The tokens of RFC 2045 5.1 (and HTTP's).
namespace mime {

/// RFC 2045 5.1 tspecials.
constexpr bool is_tspecial(unsigned char c) noexcept {
  for (char t : std::string_view("()<>@,;:\\\"/[]?=", 15))
    if (c == static_cast<unsigned char>(t)) return true;
  return false;
}
/// A character of an RFC 2045 5.1 token: US-ASCII, not SPACE, a CTL or a tspecial.
constexpr bool is_token_char(unsigned char c) noexcept {
  return c > 0x20 && c < 0x7f && !is_tspecial(c);
}
/// An RFC 2045 token (non-empty).
constexpr bool is_token(std::string_view s) noexcept {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_token_char(static_cast<unsigned char>(c))) return false;
  return true;
}
/// An HTTP token code point (RFC 7230 3.2.6 tchar): what "parse a MIME type"
/// takes in a type, subtype and parameter name.
constexpr bool is_http_token_char(unsigned char c) noexcept {
  return is_token_char(c) && c != '{' && c != '}';
}

}  // namespace mime

/// A parsed media type.  Type, subtype and parameter names are ASCII lower
/// case; values are as written (a quoted-string's text, unquoted).  Parameters
/// keep their order; a name appears once (the first occurrence wins).
struct mime_type {
  std::string type;     ///< Lower case ("text").
  std::string subtype;  ///< Lower case ("plain").
  /// Name (lower case) and value pairs, in order.
  std::vector<std::pair<std::string, std::string>> parameters;

  /// "type/subtype".
  std::string essence() const;
  /// The value of parameter `name` (lower case), or nullptr.
  const std::string* parameter(std::string_view name) const noexcept;
  /// The serialization: type "/" subtype, then ";" name "=" value for each
  /// parameter, a value that is empty or not all HTTP token characters written
  /// as a quoted-string ("\" before each <"> and "\").
  std::string to_string() const;

  /// Same type, subtype and parameters in the same order.
  friend bool operator==(const mime_type&, const mime_type&) = default;
};

/// "parse a MIME type".  Errors: error_code::mime_syntax, rule::mime, with the
/// offset in `s` and a detail (a missing or non-token type or subtype); bad
/// parameters are dropped, not errors, as the algorithm drops them.
result<mime_type> parse_mime_type(std::string_view s);

}  // namespace urlkit
URLKIT_END_API
