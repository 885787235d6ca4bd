// urlkit — URLs in MIME headers: the URL access-type of message/external-body
// (RFC 2017), with the Content-Type parameter syntax of RFC 2045 5.1.
//
//   Content-Type: message/external-body; access-type=URL;
//    URL="ftp://ftp.example.com/pub/a/very/long/pa
//    th/that/is/split/into/words/of/at/most/f orty/characters/file.tar.gz"
//
// RFC 2017 3.1:  URL-parameter := <"> URL-word *(*LWSP-char URL-word) <">
//                URL-word := token   ; Must not exceed 40 characters in length
//
// A URL-word is read as the text of a quoted-string (qtext), not as an RFC
// 1521 token: every URL has a ":", a tspecial, and RFC 2017's own example
// carries "/" too.  So a URL-word is 1*<any US-ASCII CHAR except SPACE, CTLs,
// <"> and "\">: exactly what RFC 2017 3.1 step (1) leaves unescaped.
//
// Nothing here throws except on allocation failure.  See docs/mime.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"
#include "urlkit/result.hpp"
#include "urlkit/url_view.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The longest line encode_url_parameter writes, CRLF not counted: the limit
/// MIME sets for encoded lines (RFC 2045 6.7 (5), 6.8; RFC 2047 2).
inline constexpr std::size_t mime_line_limit = 76;
/// The longest URL-word (RFC 2017 3.1).
inline constexpr std::size_t mime_url_word_limit = 40;

/// RFC 2017 3.1 step (1): escapes SPACE, CTLs, <">, "\" and 8-bit octets as
/// "%" HEX HEX (RFC 1738 2.2, upper-case digits).  Every other byte, "%"
/// included, is left alone, so text that is already escaped is unchanged
/// ("a different representation of the original URL", not a second encoding).
std::string escape_for_url_parameter(std::string_view url);

/// RFC 2017 3.1 steps (1) to (3): the quoted URL-parameter of `url`, ready to
/// follow "URL=" in a header.  The escaped URL is cut into URL-words of at
/// most 40 characters, separated by one SPACE when the next word fits on the
/// line, else by a fold (CRLF SPACE, RFC 822 3.1.1), so that no line is longer
/// than 76 characters.  `first_line_used`: how many characters of the header
/// line come before the parameter ("Content-Type: ...; URL=").  When fewer
/// than three columns remain there, the parameter starts with a fold (RFC 822
/// allows linear white space between "=" and the quoted-string).
/// Does not check that `url` is a URL: see encode_url_parameter_checked.
std::string encode_url_parameter(std::string_view url, std::size_t first_line_used = 0);

/// encode_url_parameter, after checking that the escaped URL parses as an
/// absolute URL (parse_absolute, lenient mode), so that decode_url_parameter
/// gives it back.  An error's offset is one in `url`.
result<std::string> encode_url_parameter_checked(std::string_view url,
                                                 std::size_t first_line_used = 0);

/// RFC 2017 3.1 extraction: removes the enclosing quotes (required) and all
/// linear white space (SPACE, TAB, and folds: CRLF, or a bare LF, followed by
/// SPACE or TAB); what remains is the URL, which must parse as an absolute URL
/// (parse_absolute, lenient mode).  Linear white space is also allowed around
/// the quotes and just inside them, and one line end may follow.  Words longer
/// than 40 characters are accepted.  Errors (rule::mime, offsets in `param`):
/// mime_syntax for an unescaped <"> or "\" inside, a CTL or 8-bit octet, a
/// line break that is not part of a fold, no URL-word; otherwise
/// parse_absolute's own error, its offset moved to where that byte is in `param`.
result<std::string> decode_url_parameter(std::string_view param);

/// The URL carried by a Content-Type field of type message/external-body with
/// access-type URL (RFC 2017 3; RFC 2045 5.1 parameter syntax, RFC 822 folds
/// and comments).  `header_value` is the field body, with or without the
/// leading "Content-Type:" (any case).  Type, subtype, attribute names and the
/// access-type value are case-insensitive; parameters come in any order.
/// Errors (offsets in `header_value`):
///   mime_syntax          the field does not parse, is not Content-Type, the
///                        type is not message/external-body, the access-type
///                        is missing or not URL, a parameter is repeated, the
///                        URL parameter is missing;
///   access_type_refused  the URL retrieves nothing (RFC 2017 2): mailto,
///                        telnet, news:* (all groups);
///   parse_absolute's     the URL is not an absolute URL.
result<std::string> url_from_external_body(std::string_view header_value);

/// RFC 2017 2: "This access type is only intended for use with URLs that
/// actually retrieve something."  False for mailto, telnet, and news:*.
bool retrieves_something(const url_view& url);

}  // namespace urlkit
URLKIT_END_API
