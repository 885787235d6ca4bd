// Messages for errors and warnings, built only when asked for.  They never
// quote a component's text, so a password cannot leak into a log through them;
// and in the password they do not even show the byte at fault, only its kind
// (RFC 1738 6: "The use of URLs containing passwords that should be secret is
// clearly unwise"; a log line must not give away part of one either).
#include <cstdio>
#include <ostream>

#include "urlkit/error.hpp"

#include "urlkit/charset.hpp"
#include "urlkit/detail/names.hpp"

namespace urlkit {

std::string_view to_string(rule r) noexcept {
  switch (r) {
    case rule::reference:
      return "reference";
    case rule::scheme:
      return "scheme";
    case rule::server:
      return "server";
    case rule::user:
      return "user";
    case rule::password:
      return "password";
    case rule::host:
      return "host";
    case rule::port:
      return "port";
    case rule::path:
      return "path";
    case rule::params:
      return "params";
    case rule::query:
      return "query";
    case rule::fragment:
      return "fragment";
    case rule::base:
      return "base";
    case rule::target:
      return "target";
    case rule::decode:
      return "decode";
    case rule::encode:
      return "encode";
    case rule::base64:
      return "base64";
    case rule::data:
      return "data";
    case rule::mime:
      return "mime";
  }
  return {};
}

namespace {

// "'|'" for a printable byte, "0x0A" otherwise.
std::string show(unsigned char b) {
  char buf[16];
  if (b > 0x20 && b < 0x7f)
    std::snprintf(buf, sizeof buf, "'%c'", b);
  else
    std::snprintf(buf, sizeof buf, "0x%02X", b);
  return buf;
}

std::string escaped(unsigned char b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%%%02X", b);
  return buf;
}

// Whether a message about byte `b` of a password must not say which byte it
// is.  ':' and '@' are the login's own delimiters, which the warnings
// colon_in_password and at_in_userinfo name anyway: they are still shown.
bool hidden(rule r, unsigned char b) {
  return r == rule::password && b != ':' && b != '@';
}

// What kind of byte `b` is, without saying which: for messages about a byte
// of a password.
std::string kind_of(unsigned char b) {
  if (b == ' ') return "space";
  if (b < 0x20 || b == 0x7f) return "control character";
  if (b >= 0x80) return "non-ASCII octet";
  if (charset::is(charset::unwise, b)) return "unwise character";
  // No "national character": the one such byte of RFC 1738 (2.2) a password
  // could hold, "~", is unreserved since the draft's E.2.
  if (charset::is(charset::reserved, b)) return "reserved character";
  return "character";
}

// A rule as messages name it: as the draft spells it, "URL-reference" for the
// reference as a whole (draft 3), its own name (to_string) for the others.
std::string_view spelled(rule r) noexcept {
  return r == rule::reference ? std::string_view("URL-reference") : to_string(r);
}

// The byte as show() writes it, or only its kind in a password.
std::string show_in(rule r, unsigned char b) {
  return hidden(r, b) ? kind_of(b) : show(b);
}

// " 'x'" (a space and show()), or nothing in a password.
std::string which(rule r, unsigned char b) {
  return hidden(r, b) ? std::string() : " " + show(b);
}

// The escape of the byte, or "%XX" in a password (the hex digits are the byte).
std::string escaped_in(rule r, unsigned char b) {
  return hidden(r, b) ? std::string("%XX") : escaped(b);
}

std::string prefixed(const char* production, rule r, const std::string& text) {
  std::string s = production ? std::string(production) : std::string(spelled(r));
  s += ": ";
  s += text;
  return s;
}

}  // namespace

std::string error::message() const {
  switch (code) {
    case error_code::ok:
      return "no error";
    case error_code::invalid_character: {
      if (!has_byte) return prefixed(production, rule, "invalid character");
      std::string what = byte == ' '                   ? std::string("space")
                         : hidden(rule, byte)          ? kind_of(byte)
                         : byte < 0x20 || byte == 0x7f ? "control character " + show(byte)
                                                       : show(byte);
      // A host refuses the escapes of these bytes too (bad_host_escape): no
      // escape to advise.
      if (rule == urlkit::rule::host)
        return prefixed(production, rule, what + " is not allowed in a host, escaped or not");
      return prefixed(
          production, rule,
          what + " is not allowed in a URL (escape it as " + escaped_in(rule, byte) + ")");
    }
    case error_code::unwise_character:
      return prefixed(production, rule,
                      "unwise character" + which(rule, byte) + " must be escaped as " +
                          escaped_in(rule, byte) + " (strict mode)");
    case error_code::non_ascii:
      return prefixed(production, rule,
                      "octet" + which(rule, byte) + " is not US-ASCII and must be escaped as " +
                          escaped_in(rule, byte) + " (strict mode)");
    case error_code::bad_escape:
      return prefixed(production, rule,
                      "'%' must be followed by two hex digits (write a literal '%' as %25)");
    case error_code::unexpected_character:
      // A composer's own reason (url_builder, url's setters).
      if (detail != nullptr && production == nullptr) return prefixed(production, rule, detail);
      if (!has_byte) return prefixed(production, rule, "unexpected end");
      if (rule == urlkit::rule::host)
        return prefixed(production, rule,
                        show(byte) + (charset::is(charset::reserved, byte)
                                          ? " is not allowed in a host (the server runs up "
                                            "to the next '/')"
                                          : " is not allowed in a hostname"));
      if (production != nullptr)
        return prefixed(production, rule,
                        show_in(rule, byte) + " must be escaped as " + escaped_in(rule, byte) +
                            " (RFC 1738 5)");
      if (rule == urlkit::rule::user || rule == urlkit::rule::password ||
          rule == urlkit::rule::fragment)
        return prefixed(production, rule,
                        show_in(rule, byte) + " must be escaped as " + escaped_in(rule, byte));
      return prefixed(production, rule, show_in(rule, byte) + " is not allowed here");
    case error_code::scheme_expected:
      return "scheme expected: an absolute URL starts with <scheme>\":\"";
    case error_code::host_expected:
      return "host expected: a server with a user or a port must name a host";
    case error_code::bad_host:
      return "host must be a hostname or a hostnumber (four dot-separated digit groups)";
    case error_code::bad_port:
      return "port must be digits";
    case error_code::base_not_absolute:
      return "base URL must be absolute (start with a scheme)";
    case error_code::base_not_generic:
      return "base URL is opaque: its scheme's URLs are not in the generic syntax (draft 4.2), "
             "so relative references cannot be resolved against it";
    case error_code::base_undefined:
      return "base URL is undefined (empty) and the reference is relative";
    case error_code::target_not_absolute:
      return "target URL must be absolute (start with a scheme)";
    case error_code::decoded_nul:
      return prefixed(production, rule, "encoded NUL (%00) refused");
    case error_code::decoded_crlf:
      return prefixed(production, rule,
                      "encoded " + std::string(detail ? detail : "CR or LF") + " refused");
    case error_code::buffer_too_small:
      return "output buffer too small";
    case error_code::scheme_syntax:
      return prefixed(production, rule, detail ? detail : "does not match the production");
    case error_code::bad_base64:
      return prefixed(production, rule, detail ? detail : "not base64");
    case error_code::data_syntax:
      return prefixed(production, rule, detail ? detail : "not a data: URL");
    case error_code::refused_media_type:
      return prefixed(production, rule, detail ? detail : "the media type is refused (RFC 2397 6)");
    case error_code::mime_syntax:
      return prefixed(production, rule, detail ? detail : "does not parse");
    case error_code::access_type_refused:
      return prefixed(production, rule,
                      detail ? detail
                             : "the URL access-type is only for URLs that retrieve something "
                               "(RFC 2017 2)");
    case error_code::tag_too_large:
      return "an HTML start tag longer than " + std::string(detail ? detail : "the limit") +
             " bytes: the HTML tools hold a start tag whole (docs/html.md, \"Limits\")";
    case error_code::port_out_of_range:
      return prefixed(production, rule,
                      detail ? detail
                             : "port must be at most 65535 (a TCP or UDP port is 16 bits, RFC 793 "
                               "3.1)");
    case error_code::document_encoding:
      return "an HTML document in " + std::string(detail ? detail : "UTF-16 or UTF-32") +
             ": the HTML tools read and write an ASCII-compatible encoding (UTF-8, ISO-8859-1, "
             "...) byte for byte; convert the document to UTF-8 first";
    case error_code::output_stopped:
      if (detail) return detail;
      return "the output stopped taking bytes (its sink returned false)";
    case error_code::bad_edit:
      return "edits must be in order, disjoint and within the document";
    case error_code::url_too_large:
      return "a URL of 4 GiB or more is beyond a URL view (its offsets are 32-bit)";
    case error_code::bad_host_escape:
      return prefixed(production, rule, detail ? detail : "this escape is refused in a host");
    case error_code::host_too_long:
      return prefixed(
          production, rule,
          std::string(detail ? detail : "host name too long (RFC 1034 3.1)") + " (strict mode)");
    case error_code::non_ascii_host:
      if (detail)  // where the name was to go: endpoint_of
        return prefixed(production, rule,
                        "octet" + which(rule, byte) + " is not US-ASCII: " + detail);
      return prefixed(production, rule,
                      "octet" + which(rule, byte) +
                          " is not US-ASCII: a host name (RFC 1738 3.1) is ASCII, and an "
                          "internationalized one is set with set_idna_host (urlkit/idna.hpp), "
                          "which writes its A-label form");
    case error_code::no_server:
      return prefixed(production, rule,
                      "no server to connect to: " +
                          std::string(detail ? detail : "the URL names none (RFC 1738 3.1)"));
    case error_code::no_default_port:
      return prefixed(production, rule,
                      "the scheme is not in the port table (urlkit/ports.hpp): its port and its "
                      "protocol are unknown, so there is no endpoint to connect to");
    case error_code::idna:
      return "IDNA: " + std::string(detail ? detail : "not a valid internationalized host name");
  }
  return "unknown error";
}

namespace {
// "SOURCE: offset N: " or "offset N: ".
std::string located(std::string_view source, std::size_t offset) {
  std::string s;
  if (!source.empty()) {
    s = source;
    s += ": ";
  }
  s += "offset ";
  s += std::to_string(offset);
  s += ": ";
  return s;
}
}  // namespace

std::string error::to_string() const {
  return located(source, offset) + message();
}

urlkit::error warning::error() const noexcept {
  urlkit::error e;
  e.offset = offset;
  e.code = cause;
  e.rule = rule;
  e.byte = byte;
  e.has_byte = has_byte;
  e.production = production;
  e.detail = detail;
  e.source = source;
  return e;
}

warning passed_over(const error& e, std::string_view source) noexcept {
  warning w;
  w.offset = e.offset;
  w.code = warning_code::passed_over;
  w.rule = e.rule;
  w.byte = e.byte;
  w.has_byte = e.has_byte;
  w.production = e.production;
  w.detail = e.detail;
  w.cause = e.code;
  w.source = source.empty() ? e.source : source;
  return w;
}

std::string warning::to_string() const {
  return located(source, offset) + message();
}

std::string warning::message() const {
  auto where = [this] { return production ? std::string(production) : std::string(spelled(rule)); };
  switch (code) {
    case warning_code::unwise_character:
      return "unwise character" + which(rule, byte) + " in " + where() + " (should be escaped as " +
             escaped_in(rule, byte) + ")";
    case warning_code::non_ascii:
      return "non-ASCII octet" + which(rule, byte) + " in " + where() + " (should be escaped as " +
             escaped_in(rule, byte) + ")";
    case warning_code::bad_escape:
      return "'%' not followed by two hex digits in " + where() + ", kept as it is (should be %25)";
    case warning_code::at_in_userinfo:
      return "'@' in " + where() + " (should be escaped as %40)";
    case warning_code::colon_in_password:
      return "':' in password (should be escaped as %3A)";
    case warning_code::hash_in_fragment:
      return "'#' in fragment (should be escaped as %23)";
    case warning_code::not_a_hostname:
      return "host is neither a hostname nor a hostnumber (RFC 1738 3.1)";
    case warning_code::ipv6_literal:
      return "IPv6 literal: RFC 2732, beyond RFC 1738";
    case warning_code::host_too_long:
      return where() + ": " + std::string(detail ? detail : "host name too long (RFC 1034 3.1)");
    case warning_code::hyphen_line_break:
      return "line break after '-': the hyphen may or may not be part of the URL";
    case warning_code::passed_over:
      return error().message();
    case warning_code::wrapper_given_up:
      return std::string("in a <URL: wrapper that was given up (") + (detail ? detail : "no '>'") +
             "): the URL may be cut short";
    case warning_code::delimiter_after_host:
      return show(byte) +
             " right after the host: the server ends there (the draft's server runs up to the "
             "next '/': write \"host/" +
             show(byte).substr(1, 1) + "...\")";
    case warning_code::scheme_syntax:
      return where() + ": " + std::string(detail ? detail : "does not match the production") +
             " (accepted)";
    case warning_code::excluded_character:
      return (byte == ' '                   ? std::string("space")
              : hidden(rule, byte)          ? kind_of(byte)
              : byte < 0x20 || byte == 0x7f ? "control character " + show(byte)
                                            : show(byte)) +
             " in " + where() + " taken as data (should be escaped as " + escaped_in(rule, byte) +
             ")";
    case warning_code::scheme_character:
      return show_in(rule, byte) + " in " + where() +
             " (RFC 1738 section 5: should be escaped as " + escaped_in(rule, byte) + ")";
  }
  return "warning";
}

std::ostream& operator<<(std::ostream& os, const error& e) {
  return os << e.to_string();
}

std::ostream& operator<<(std::ostream& os, const warning& w) {
  return os << w.to_string();
}

std::string_view to_string(error_code c) noexcept {
  switch (c) {
#define URLKIT_NAME(x) \
  case error_code::x:  \
    return #x;
    URLKIT_NAME(ok)
    URLKIT_NAME(invalid_character)
    URLKIT_NAME(unwise_character)
    URLKIT_NAME(non_ascii)
    URLKIT_NAME(bad_escape)
    URLKIT_NAME(unexpected_character)
    URLKIT_NAME(scheme_expected)
    URLKIT_NAME(host_expected)
    URLKIT_NAME(bad_host)
    URLKIT_NAME(bad_port)
    URLKIT_NAME(base_not_absolute)
    URLKIT_NAME(base_not_generic)
    URLKIT_NAME(base_undefined)
    URLKIT_NAME(target_not_absolute)
    URLKIT_NAME(decoded_nul)
    URLKIT_NAME(decoded_crlf)
    URLKIT_NAME(buffer_too_small)
    URLKIT_NAME(scheme_syntax)
    URLKIT_NAME(bad_base64)
    URLKIT_NAME(data_syntax)
    URLKIT_NAME(refused_media_type)
    URLKIT_NAME(mime_syntax)
    URLKIT_NAME(access_type_refused)
    URLKIT_NAME(idna)
    URLKIT_NAME(tag_too_large)
    URLKIT_NAME(bad_edit)
    URLKIT_NAME(url_too_large)
    URLKIT_NAME(bad_host_escape)
    URLKIT_NAME(host_too_long)
    URLKIT_NAME(output_stopped)
    URLKIT_NAME(port_out_of_range)
    URLKIT_NAME(non_ascii_host)
    URLKIT_NAME(no_server)
    URLKIT_NAME(no_default_port)
    URLKIT_NAME(document_encoding)
#undef URLKIT_NAME
  }
  return {};
}

std::string_view to_string(warning_code c) noexcept {
  switch (c) {
#define URLKIT_NAME(x)  \
  case warning_code::x: \
    return #x;
    URLKIT_NAME(unwise_character)
    URLKIT_NAME(non_ascii)
    URLKIT_NAME(bad_escape)
    URLKIT_NAME(at_in_userinfo)
    URLKIT_NAME(colon_in_password)
    URLKIT_NAME(hash_in_fragment)
    URLKIT_NAME(not_a_hostname)
    URLKIT_NAME(scheme_syntax)
    URLKIT_NAME(scheme_character)
    URLKIT_NAME(excluded_character)
    URLKIT_NAME(delimiter_after_host)
    URLKIT_NAME(ipv6_literal)
    URLKIT_NAME(hyphen_line_break)
    URLKIT_NAME(wrapper_given_up)
    URLKIT_NAME(passed_over)
    URLKIT_NAME(host_too_long)
#undef URLKIT_NAME
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, error_code c) {
  return detail::print_name(os, c, "error_code");
}

std::ostream& operator<<(std::ostream& os, warning_code c) {
  return detail::print_name(os, c, "warning_code");
}

std::ostream& operator<<(std::ostream& os, rule r) {
  return detail::print_name(os, r, "rule");
}

}  // namespace urlkit
