// urlkit — percent-encoding per component (draft-fielding-uri-url-00 section 2.3).
//
// Each component has its own allowed set: a byte outside it is written as
// "%" hex hex (upper-case hex digits, RFC 1738 2.2).  Decoding turns every
// escape back into its octet; the caller may ask to be told of, or to refuse,
// encoded NUL, CR and LF (draft section 8: escaped delimiters must not be
// unencoded before transmission).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

#include "urlkit/charset.hpp"
#include "urlkit/export.hpp"
#include "urlkit/result.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The components whose allowed sets differ (draft sections 2 and 4).
enum class component : std::uint8_t {
  scheme,        ///< scheme chars; cannot be escaped: encode() returns it unchanged and
                 ///< url_builder::build() checks it
  user,          ///< *( uchar | ";" | "?" | "&" | "=" | "+" )
  password,      ///< same as user
  host,          ///< alphanum "-" "." (a hostname or hostnumber); other bytes are escaped
  path_segment,  ///< *pchar: "/" ";" "?" are escaped
  path,          ///< pchar and "/": a whole path whose "/" are separators
  param,         ///< *( pchar | "/" ): ";" is escaped
  params,        ///< params with ";" as separators
  query,         ///< *urlchar
  fragment,      ///< *urlchar
  query_param,   ///< a name or value of a name=value query: urlchar less "&" "=" "+"
};

/// "scheme", "path_segment", ...: the enumerator's name, as every public enum
/// is named (docs/guide.md, "Names"); empty past the enumeration.
std::string_view to_string(component c) noexcept;
/// Prints to_string() of `c` (a value outside the enumeration: "component(N)").
std::ostream& operator<<(std::ostream& os, component c);

/// The set of bytes written as themselves in `c`.
charset::mask allowed_set(component c) noexcept;

/// Length of encode(s, c).
std::size_t encoded_size(std::string_view s, component c) noexcept;
/// Writes encode(s, c) to `out` (which holds encoded_size(s, c) bytes); returns the end.
char* encode_to(std::string_view s, component c, char* out) noexcept;
/// Escapes every byte of `s` that `c` does not allow.
std::string encode(std::string_view s, component c);

/// What decode() and decode_to() refuse, and how they read "+".
struct decode_options {
  /// Refuse (error) a "%" not followed by two hex digits; otherwise it is kept literally.
  bool strict = false;
  /// Refuse encoded NUL (%00): error_code::decoded_nul.
  bool reject_nul = false;
  /// Refuse encoded CR or LF (%0D, %0A): error_code::decoded_crlf.
  bool reject_crlf = false;
  /// Decode "+" as a space, as HTML forms write one in a query
  /// (application/x-www-form-urlencoded); "%2B" is then the "+".
  bool plus_as_space = false;
};

/// What decoding a text meets that a caller may want to know of without
/// refusing it (draft 8: escaped NUL, CR, LF; draft 2.3.3: a stray "%"): a
/// report, not a failure, returned by scan_escapes().
struct decode_report {
  bool nul = false;         ///< an encoded NUL (%00)
  bool cr = false;          ///< an encoded CR (%0D)
  bool lf = false;          ///< an encoded LF (%0A)
  bool bad_escape = false;  ///< a "%" not followed by two hex digits (kept by lenient decoding)
  /// Every flag the same.
  friend bool operator==(const decode_report&, const decode_report&) = default;
};

/// What decode(s) meets: the escapes of NUL, CR and LF, and a "%" not
/// followed by two hex digits.  Reads `s` once and decodes nothing: a caller
/// that wants to know before (or instead of) decoding asks this; one that
/// wants them refused sets decode_options::reject_nul, reject_crlf, strict.
decode_report scan_escapes(std::string_view s) noexcept;

/// Length of decode(s): never more than s.size().
std::size_t decoded_size(std::string_view s) noexcept;
/// Decodes `s` into `out`; returns the number of bytes written.  Fails with
/// buffer_too_small when `out` is shorter than decoded_size(s).
result<std::size_t> decode_to(std::string_view s, std::span<char> out,
                              decode_options options = {}) noexcept;
/// Decodes `s` into a new string.
result<std::string> decode(std::string_view s, decode_options options = {});

}  // namespace urlkit
URLKIT_END_API
