// urlkit — errors and warnings.
//
// Parsing never throws and never allocates: an error is a small value that
// records where (byte offset), in which rule, what went wrong, and the byte
// found there.  The human message is built only when asked for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include "urlkit/export.hpp"

URLKIT_BEGIN_API
namespace urlkit {

/// The grammar rule (component) an error or warning belongs to.
enum class rule : std::uint8_t {
  reference,  ///< URL-reference as a whole (draft 3)
  scheme,     ///< draft 4.1
  server,     ///< draft 4.3.1
  user,       ///< draft 4.3.1
  password,   ///< draft 4.3.1
  host,       ///< draft 4.3.1 (hostname | hostnumber)
  port,       ///< draft 4.3.1
  path,       ///< draft 4.3.2
  params,     ///< draft 4.3.3
  query,      ///< draft 4.3.4
  fragment,   ///< draft 3
  base,       ///< the base URL given to resolve (draft 5, 6)
  target,     ///< the target URL given to make_relative
  decode,     ///< percent-decoding (draft 2.3)
  encode,     ///< composing a URL from components
  base64,     ///< base64 (RFC 2045 6.8; the forgiving decoder of the data: URL algorithm)
  data,       ///< data: URLs (RFC 2397)
  mime,       ///< URLs in MIME headers (RFC 2017, RFC 2045 parameters)
};

/// The rule's name as its enumerator is spelled ("reference", "port"), as
/// every public enum is named (docs/guide.md, "Names"); empty past the
/// enumeration.  Messages name the rule as the draft does ("URL-reference").
std::string_view to_string(rule r) noexcept;

/// What went wrong.
enum class error_code : std::uint8_t {
  ok = 0,
  invalid_character,     ///< space, control, "<", ">", <"> (never allowed, draft 2.3.3)
  unwise_character,      ///< "{" "}" "|" "\" "^" "[" "]" "`" (strict mode only)
  non_ascii,             ///< an octet >= 0x80 (strict mode only)
  bad_escape,            ///< "%" not followed by two hex digits (strict mode only)
  unexpected_character,  ///< a character the rule does not allow here
  scheme_expected,       ///< an absolute URL was required
  host_expected,         ///< a server with user or port but no host
  bad_host,              ///< host is neither a hostname nor a hostnumber
  bad_port,              ///< port must be digits
  base_not_absolute,     ///< resolve: the base has no scheme
  base_not_generic,      ///< resolve: the base's scheme is registered as opaque (draft 4.2)
  base_undefined,        ///< resolve: empty base and a relative reference
  target_not_absolute,   ///< make_relative: the target has no scheme
  decoded_nul,           ///< decoding produced NUL and the caller refuses it
  decoded_crlf,          ///< decoding produced CR or LF and the caller refuses it
  buffer_too_small,      ///< the caller's buffer cannot hold the result
  scheme_syntax,         ///< a scheme's own production (RFC 1738 section 5) refuses the URL:
                         ///< `production` names it, `detail` says what it expected
  bad_base64,            ///< not base64 (`detail` says why)
  data_syntax,           ///< a data: URL the grammar or the processing refuses (`detail`)
  refused_media_type,    ///< a data: URL of a media type the caller refuses (RFC 2397 6)
  mime_syntax,           ///< a MIME header or parameter that does not parse (`detail`)
  access_type_refused,   ///< RFC 2017 2: the URL retrieves nothing (mailto, news:*, telnet)
  idna,                  ///< a host name IDNA refuses (urlkit/idna.hpp; `detail` is the reason)
  tag_too_large,         ///< an HTML start tag longer than html::max_tag_size: the HTML tools
                         ///< hold a start tag whole, and nothing else
  bad_edit,              ///< html::apply: edits out of order, overlapping or past the end
  url_too_large,         ///< a URL of 4 GiB or more: beyond url_view's 32-bit offsets
  bad_host_escape,       ///< an escape in a host that stands for an octet no host holds: a
                         ///< control octet, a delimiter, space, "%" (both modes; `detail`)
  host_too_long,         ///< a host name label of more than 63 octets, or a name of more than
                         ///< 253 (RFC 1034 3.1, 3.5; strict mode; `detail` says which)
  output_stopped,        ///< the byte_sink a streaming call was writing to returned false
  port_out_of_range,     ///< a port above 65535: digits (draft 4.3.1), but no TCP or UDP port;
                         ///< or a negative number given as one (`detail` says so)
  non_ascii_host,        ///< a host given decoded to a setter holds an octet >= 0x80: a name
                         ///< for IDNA to convert (set_idna_host, urlkit/idna.hpp), never escaped
                         ///< (`detail`, when set, says where it was to go: endpoint_of)
  no_server,             ///< endpoint_of: the URL names no server to connect to (mailto, news,
                         ///< file, data; no "//" or an empty host; `detail` says which)
  no_default_port,       ///< endpoint_of: a scheme the port table (urlkit/ports.hpp) does not
                         ///< hold: its port and its protocol are unknown
  document_encoding,     ///< an HTML document in UTF-16 or UTF-32 (a byte order mark, or a
                         ///< declared charset; `detail` says which): the HTML tools read and
                         ///< write an ASCII-compatible encoding in place
};

/// A parse (or resolve, or decode) failure.
struct error {
  std::size_t offset = 0;                       ///< byte offset into the input
  error_code code = error_code::ok;             ///< what went wrong
  urlkit::rule rule = urlkit::rule::reference;  ///< the component it went wrong in
  unsigned char byte = 0;                       ///< the byte at `offset`, when has_byte
  bool has_byte = false;                        ///< whether `byte` is set (not at the end)
  /// For errors of a scheme's grammar: the production, e.g. "ftp fsegment"
  /// (static storage; null for the generic grammar, where `rule` says it).
  const char* production = nullptr;
  /// For scheme_syntax: what the production expected; for the codes that
  /// say so (bad_base64, data_syntax, idna, ...), the reason (static storage).
  const char* detail = nullptr;
  /// What the offset counts in when it is not the input the function was
  /// given as such: "base" (resolve's base), "target" (make_relative's), a
  /// base layer ("Content-Base", base.hpp), an HTML attribute ("a href").
  /// Static storage; empty for the input itself.
  std::string_view source{};

  /// "port must be digits", "space is not allowed in a URL; escape it as %20", ...
  std::string message() const;
  /// "offset 14: port must be digits"; with a source, "base: offset 14: port
  /// must be digits".
  std::string to_string() const;
  /// Every field the same.
  friend bool operator==(const error&, const error&) = default;
};

/// What lenient parsing accepted but the strict grammar does not.
enum class warning_code : std::uint8_t {
  unwise_character,      ///< draft 2.3.3 "unwise" set, accepted as data
  non_ascii,             ///< an octet >= 0x80 ("national"), accepted as data
  bad_escape,            ///< "%" not followed by two hex digits, kept literally
  at_in_userinfo,        ///< an "@" that should have been escaped as %40
  colon_in_password,     ///< a ":" in the password that should have been %3A
  hash_in_fragment,      ///< a second "#" (not a urlchar) inside the fragment
  not_a_hostname,        ///< host accepted, but it is neither a hostname nor a hostnumber
  scheme_syntax,         ///< the scheme's own production (RFC 1738 5) refuses this; accepted
  scheme_character,      ///< a character the scheme's production does not allow unescaped
  excluded_character,    ///< space, control, "<", ">", <"> taken as data
                         ///< (parse_options::accept_excluded)
  delimiter_after_host,  ///< a "?" or ";" right after the host ended the server (the
                         ///< draft's server runs to the next "/")
  ipv6_literal,          ///< an IPv6 literal host "[...]" (RFC 2732, beyond RFC 1738)
  hyphen_line_break,     ///< extract: a line break after "-" was ignored (RFC 1738 appendix)
  wrapper_given_up,      ///< extract: the URL lies in a "<URL:" wrapper that was given up
                         ///< (`detail` says why): it may be cut short
  passed_over,           ///< an error that did not stop the whole: what it is about was
                         ///< left out (a base layer that does not win) or left as it is
                         ///< (an HTML link): `cause` and the fields below are the error's
  host_too_long,         ///< a host name label of more than 63 octets, or a name of more than
                         ///< 253 (RFC 1034 3.1, 3.5; `detail` says which)
};

/// What a lenient reading took but the strict grammar does not, or an error
/// passed over: the one warning type of the library (parse, scheme views,
/// data:, extract, base establishment, HTML).
struct warning {
  /// Byte offset in the input, or, when `source` is set, in that value.
  std::size_t offset = 0;
  warning_code code = warning_code::unwise_character;  ///< what was taken
  urlkit::rule rule = urlkit::rule::reference;         ///< the component it is in
  unsigned char byte = 0;                              ///< the byte at `offset`, when has_byte
  bool has_byte = false;  ///< set for passed_over only (the parser's warnings always have one)
  /// For warnings of a scheme's grammar: the production (static storage), else null.
  const char* production = nullptr;
  /// For scheme_syntax: what the production expected; for wrapper_given_up:
  /// why (static storage).
  const char* detail = nullptr;
  /// For passed_over: the error's code.
  error_code cause = error_code::ok;
  /// What the offset counts in when it is not the input given: a base layer
  /// ("Content-Base"), an HTML attribute ("a href").  Static storage.
  std::string_view source{};

  /// For passed_over: the error it stands for (its source included).
  urlkit::error error() const noexcept;

  /// "unwise character '|' in path (should be escaped as %7C)"; for
  /// passed_over the error's message: "port must be digits".
  std::string message() const;
  /// "offset 9: unwise character '|' in path (should be escaped as %7C)";
  /// with a source, "retrieval: offset 7: port must be digits".
  std::string to_string() const;
  /// Every field the same.
  friend bool operator==(const warning&, const warning&) = default;
};

/// An error passed over, as a warning (code passed_over); `source` names what
/// its offset counts in (static storage; empty: the error's own source).
warning passed_over(const error& e, std::string_view source = {}) noexcept;

/// Receives warnings: the one way the library delivers them, from the
/// `noexcept`, allocation-free parse to extraction, base establishment, HTML
/// and the url setters.  Called on the caller's thread, during the call that
/// raises the warning; must not throw.
///
/// Order: each layer reports in input order, and layers report one after the
/// other, the inner first: the generic grammar (url_view.hpp), then a scheme's
/// own (parse_http and the other typed views), so that a scheme warning at
/// offset 7 can follow a generic one at offset 15.  Sort by offset for input
/// order (the CLI does).
struct warning_sink {
  /// Called with `context` and each warning; null: warnings are dropped.
  void (*fn)(void* context, const warning& w) noexcept = nullptr;
  /// Passed to `fn` as it is.
  void* context = nullptr;
  /// Passes `w` on to `fn`, if set.
  void operator()(const warning& w) const noexcept {
    if (fn) fn(context, w);
  }
  /// Whether a function is set.
  explicit operator bool() const noexcept { return fn != nullptr; }
};

/// Receives bytes a piece at a time, in order (a decoded data: body, a
/// data: URL being written, a rewritten HTML document); returns false to
/// stop: the call that was writing then stops too.  The one sink of bytes.
using byte_sink = std::function<bool(std::string_view)>;

/// Makes a warning_sink that calls `f(const warning&)`; `f` must outlive the
/// calls that are given the sink, and must not throw (a throw ends the program).
template <class F>
warning_sink make_warning_sink(F& f) noexcept {
  return {[](void* c, const warning& w) noexcept { (*static_cast<F*>(c))(w); }, &f};
}

/// The name of a code as its enumerator is spelled ("bad_port", "unwise_character"),
/// as operator<< prints it: stable, for output that programs read (`urlkit parse`'s
/// JSON "code"); empty past the enumeration.
std::string_view to_string(error_code c) noexcept;
/// The name of a warning code as its enumerator is spelled ("non_ascii"), as
/// operator<< prints it: stable, for output that programs read; empty past
/// the enumeration.
std::string_view to_string(warning_code c) noexcept;

/// Stream output, for logs and test frameworks: an error or warning prints as
/// "offset N: message"; enums print their names, a value outside the
/// enumeration its number ("error_code(40)").
std::ostream& operator<<(std::ostream& os, const error& e);
/// Prints `w` as "offset N: message" (warning::to_string()).
std::ostream& operator<<(std::ostream& os, const warning& w);
/// Prints the code's name ("bad_port").
std::ostream& operator<<(std::ostream& os, error_code c);
/// Prints the code's name ("unwise_character").
std::ostream& operator<<(std::ostream& os, warning_code c);
/// Prints to_string() of `r`.
std::ostream& operator<<(std::ostream& os, rule r);

}  // namespace urlkit
URLKIT_END_API
