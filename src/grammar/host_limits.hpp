// What a host may stand for once decoded, and how long a host name may be.
// No Spirit here: the generic grammar (host_def.hpp, server_def.hpp) and
// mailto's domain (mailto.cpp) share it.
//
// Escapes.  Lenient mode takes %-escapes in a host (draft 2.3.3; a non-ASCII
// name is often written as escaped UTF-8), and a client decodes them before
// it writes the host into a protocol line ("Host:", a DNS query, connect()).
// So an escape may stand only for what the host could hold as it is:
//
//   - never a control octet (00-1F, 7F): RFC 1738 6 and draft 8 ask that no
//     decoded value end a protocol line ("%0D%0A"), or cut a C string ("%00");
//   - never a delimiter of the server or the URL ("/", "@", ":", "?", "#",
//     "[", "]", "\"): decoded, it names another server than the one written
//     ("evil.example%2F@good.example" is evil.example for whoever decodes
//     first);
//   - nor any other octet no host name holds: space, "%" (a second decoding
//     would read a new escape), the rest of the reserved, unwise and
//     delimiter sets.
//
// What remains, in both modes, is the draft's unreserved set (2.2: alpha,
// digit, "$-_.!~*'(),") and octets >= 0x80 (the escaped UTF-8 of a non-ASCII
// name, for IDNA).  Strict mode refuses every escape in a host (hostname |
// hostnumber has none), but names these refused ones so, at their offset.
//
// Lengths.  RFC 1738 3.1 says a host name is a fully qualified domain name
// "as described in Section 3.5 of RFC 1034", whose limits are: a label of at
// most 63 octets (RFC 1034 3.5, 3.1), a name of at most 255 octets on the
// wire (3.1), which is 253 octets in text form with the final "." of the
// root not counted.  Counted after decoding: an escape is one octet.
#pragma once

#include <cstddef>

#include "urlkit/charset.hpp"
#include "urlkit/error.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::grammar {

/// Whether an escape in a host may stand for `byte` (see above).
constexpr bool host_may_hold_escaped(unsigned char byte) noexcept {
  return byte >= 0x80 || charset::is(charset::unreserved, static_cast<char>(byte));
}

/// The reason an escape in a host that stands for `byte` is refused.
constexpr const char* refused_host_escape_reason(unsigned char byte) noexcept {
  if (byte < 0x20 || byte == 0x7f)
    return "an escaped control octet (%00-%1F, %7F) is refused in a host: decoded, it would end "
           "or cut the protocol line the host is written into (RFC 1738 6, draft 8)";
  if (charset::is(charset::reserved | charset::unwise, static_cast<char>(byte)) || byte == '#')
    return "an escaped delimiter is refused in a host: decoded, it would name another server "
           "than the one written";
  return "this escape is refused in a host: an escape in a host stands only for an unreserved "
         "character or a non-ASCII octet";
}

/// Where a host's text goes wrong, and why (static storage).
struct host_fault {
  const char* at = nullptr;  // null: no fault
  const char* reason = nullptr;
  explicit operator bool() const noexcept { return at != nullptr; }
};

/// The first escape in [first, last) that a host may not hold.
inline host_fault refused_host_escape(const char* first, const char* last) noexcept {
  for (const char* p = first; last - p >= 3; ++p) {
    if (*p != '%' || !charset::is(charset::hex, p[1]) || !charset::is(charset::hex, p[2])) continue;
    const auto byte =
        static_cast<unsigned char>(charset::hex_value(p[1]) * 16 + charset::hex_value(p[2]));
    if (!host_may_hold_escaped(byte)) return {p, refused_host_escape_reason(byte)};
    p += 2;
  }
  return {};
}

inline constexpr std::size_t max_label_octets = 63;  // RFC 1034 3.5, 3.1
inline constexpr std::size_t max_name_octets = 253;  // RFC 1034 3.1: 255 on the wire

/// The first place where the host name [first, last) passes RFC 1034's
/// limits, counted in decoded octets: the start of a label longer than 63
/// octets, or the octet that makes the name longer than 253 (a final "." not
/// counted).  A name of at most 63 bytes passes both, unread.
inline host_fault host_length_fault(const char* first, const char* last) noexcept {
  if (static_cast<std::size_t>(last - first) <= max_label_octets) return {};
  std::size_t name = 0, label = 0;
  const char* label_start = first;
  const char* too_long = nullptr;  // where the name passed 253 octets
  for (const char* p = first; p != last;) {
    const bool escape = *p == '%' && last - p >= 3 && charset::is(charset::hex, p[1]) &&
                        charset::is(charset::hex, p[2]);
    const bool dot = escape ? p[1] == '2' && (p[2] == 'E' || p[2] == 'e') : *p == '.';
    const char* const octet = p;
    p += escape ? 3 : 1;
    if (dot) {
      if (p != last && ++name > max_name_octets && !too_long) too_long = octet;
      label = 0;
      label_start = p;
      continue;
    }
    if (++label > max_label_octets && !(too_long && too_long < label_start))
      return {label_start,
              "a label longer than 63 octets (RFC 1034 3.5, where RFC 1738 3.1 "
              "sends host names)"};
    if (++name > max_name_octets && !too_long) too_long = octet;
  }
  if (too_long)
    return {too_long,
            "a host name longer than 253 octets (RFC 1034 3.1: 255 on the wire), "
            "where RFC 1738 3.1 sends host names"};
  return {};
}

/// RFC 1034's lengths where a scheme's grammar reads a host name: strict
/// mode refuses a name past them (host_too_long, `detail` the reason),
/// lenient mode warns and goes on.  False when refused.
template <class State>
bool check_host_length(State& st, const char* first, const char* last, urlkit::rule r) noexcept {
  const host_fault f = host_length_fault(first, last);
  if (!f) return true;
  if (st.mode == urlkit::mode::strict) {
    st.fail(f.at, urlkit::error_code::host_too_long, r, f.at != last);
    st.err.detail = f.reason;
    return false;
  }
  st.warn(f.at, urlkit::warning_code::host_too_long, r, f.reason);
  return true;
}

}  // namespace urlkit::grammar
