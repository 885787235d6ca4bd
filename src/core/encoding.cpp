// urlkit — percent-encoding per component (draft-fielding-uri-url-00 section 2.3).
#include "urlkit/encoding.hpp"

#include <array>
#include <cstdint>

#include "urlkit/detail/error_at.hpp"
#include "urlkit/detail/names.hpp"

namespace urlkit {

namespace {

// The character class of each component (draft sections 2 and 4).
constexpr charset::mask class_of(component c) noexcept {
  switch (c) {
    case component::scheme:
      return charset::scheme;  // 4.1
    case component::user:
    case component::password:
      return charset::userchar;  // 4.3.1 *( uchar | ";" | "?" | "&" | "=" | "+" )
    case component::host:
      return charset::hostchar;  // 4.3.1 hostname | hostnumber are made of alphanum "-" "."
    case component::path_segment:
      return charset::pchar;  // 4.3.2 segment = *pchar
    case component::path:     // pchar | "/": a whole path, whose "/" are separators
    case component::param:    // 4.3.3 param = *( pchar | "/" )
      return charset::paramchar;
    case component::params:
      return charset::paramschar;  // 4.3.3 parameters = param *( ";" param )
    case component::query:
    case component::fragment:
      return charset::urlchar;  // 4.3.4 query = *urlchar, 3 fragment = *urlchar
    case component::query_param:
      return charset::query_param_char;  // urlchar less the pairs' "&" "=" "+"
  }
  return 0;
}

// "%" is the escape indicator and must always be escaped (2.3.2).
static_assert(!charset::is(charset::scheme | charset::userchar | charset::hostchar |
                               charset::paramschar | charset::urlchar | charset::query_param_char,
                           '%'),
              "no component writes '%' as itself");

}  // namespace

charset::mask allowed_set(component c) noexcept {
  return class_of(c);
}

// A scheme cannot be escaped: "%" is not a scheme character (4.1), so an escape
// would only make it invalid.  encode() leaves a scheme as it is, and whoever
// composes a URL validates it instead (url_builder::build does).
std::size_t encoded_size(std::string_view s, component c) noexcept {
  if (c == component::scheme) return s.size();
  const charset::mask m = class_of(c);
  std::size_t n = s.size();
  for (const char ch : s)
    if (!charset::is(m, ch)) n += 2;
  return n;
}

char* encode_to(std::string_view s, component c, char* out) noexcept {
  if (c == component::scheme) {
    for (const char ch : s) *out++ = ch;
    return out;
  }
  const charset::mask m = class_of(c);
  for (const char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if (charset::is(m, b)) {
      *out++ = ch;
    } else {
      *out++ = '%';
      *out++ = charset::hex_digit(b >> 4);
      *out++ = charset::hex_digit(b);
    }
  }
  return out;
}

std::string encode(std::string_view s, component c) {
  std::string out(encoded_size(s, c), '\0');
  encode_to(s, c, out.data());
  return out;
}

// Decoding scans escapes exactly as decode_to does, so the two always agree on
// which "%" start an escape (a "%" not followed by two hex digits is one byte).
std::size_t decoded_size(std::string_view s) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++n) i += charset::starts_with_escape(s.substr(i)) ? 3 : 1;
  return n;
}

namespace {

error decode_error(std::string_view s, std::size_t at, error_code code) noexcept {
  return detail::error_at(code, rule::decode, s, at);
}

}  // namespace

decode_report scan_escapes(std::string_view s) noexcept {
  decode_report r;
  for (std::size_t i = s.find('%'); i != std::string_view::npos; i = s.find('%', i + 1)) {
    if (!charset::starts_with_escape(s.substr(i))) {
      r.bad_escape = true;  // 2.3.3: kept literally by lenient decoding
      continue;
    }
    // Section 8: the escaped delimiters a protocol must not see unencoded.
    switch (charset::hex_value(s[i + 1]) * 16 + charset::hex_value(s[i + 2])) {
      case '\0':
        r.nul = true;
        break;
      case '\r':
        r.cr = true;
        break;
      case '\n':
        r.lf = true;
        break;
      default:
        break;
    }
    i += 2;
  }
  return r;
}

// Writes as it goes: on failure `out` holds the bytes decoded before the error.
result<std::size_t> decode_to(std::string_view s, std::span<char> out,
                              decode_options options) noexcept {
  std::size_t o = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    char byte = s[i];
    std::size_t step = 1;
    if (byte == '%') {
      if (charset::starts_with_escape(s.substr(i))) {
        byte = static_cast<char>(charset::hex_value(s[i + 1]) * 16 + charset::hex_value(s[i + 2]));
        step = 3;
        // Section 8: an escaped delimiter (NUL, CR, LF) must not reach a
        // protocol unencoded; the caller decides (scan_escapes() tells).
        if (byte == '\0' && options.reject_nul) return decode_error(s, i, error_code::decoded_nul);
        if ((byte == '\r' || byte == '\n') && options.reject_crlf) {
          error e = decode_error(s, i, error_code::decoded_crlf);
          e.detail = byte == '\r' ? "CR (%0D)" : "LF (%0A)";  // the byte at offset is the "%"
          return e;
        }
      } else if (options.strict) {
        // 2.3.3 robustness: kept literally unless the caller wants the BNF only.
        return decode_error(s, i, error_code::bad_escape);
      }
    } else if (byte == '+' && options.plus_as_space) {
      byte = ' ';
    }
    if (o == out.size()) return decode_error(s, i, error_code::buffer_too_small);
    out[o++] = byte;
    i += step;
  }
  return o;
}

result<std::string> decode(std::string_view s, decode_options options) {
  std::string out(decoded_size(s), '\0');
  auto n = decode_to(s, out, options);
  if (!n) return n.error();
  out.resize(*n);
  return out;
}

std::string_view to_string(component c) noexcept {
  switch (c) {
#define URLKIT_NAME(x) \
  case component::x:   \
    return #x;
    URLKIT_NAME(scheme)
    URLKIT_NAME(user)
    URLKIT_NAME(password)
    URLKIT_NAME(host)
    URLKIT_NAME(path_segment)
    URLKIT_NAME(path)
    URLKIT_NAME(param)
    URLKIT_NAME(params)
    URLKIT_NAME(query)
    URLKIT_NAME(fragment)
    URLKIT_NAME(query_param)
#undef URLKIT_NAME
  }
  return {};
}

std::ostream& operator<<(std::ostream& os, component c) {
  return detail::print_name(os, c, "component");
}

}  // namespace urlkit
