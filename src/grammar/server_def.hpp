// server — draft-fielding-uri-url-00 section 4.3.1 (RFC 1738 section 3.1):
//
//   server         = [ [ user [ ":" password ] "@" ] hostport ]
//   user           = *[ uchar | ";" | "?" | "&" | "=" | "+" ]
//   password       = *[ uchar | ";" | "?" | "&" | "=" | "+" ]
//   hostport       = host [ ":" port ]
//   port           = *digit
//
// "If the remaining reference begins with a double-slash "//", then the
// substring of characters after the double-slash and up to, but not
// including, the next slash "/" character is the server component."  The
// fragment was cut off before (draft 3), so "#" ends the server as well.
//
// The server is delimited first, then split: the user information runs to
// the last "@" (an "@" inside it must be escaped; lenient mode warns and
// carries on), the host to the first ":" after it, the port is the rest.
// Each part is then parsed by its own rule over exactly its characters.
#pragma once

#include <array>

#include "grammar/host_def.hpp"
#include "grammar/host_limits.hpp"
#include "grammar/ip_literal_def.hpp"

namespace urlkit::grammar {

// An "@" in the user information must be written %40 (draft 4.3.1).
template <rule R>
struct at_special {
  int operator()(const char* p, parse_state& st) const noexcept {
    if (*p != '@') return 0;
    return st.tolerate(p, warning_code::at_in_userinfo, error_code::unexpected_character, R) ? 1
                                                                                             : -1;
  }
};
// In the password, a ":" must be written %3A as well.
struct password_special {
  int operator()(const char* p, parse_state& st) const noexcept {
    if (*p == ':')
      return st.tolerate(p, warning_code::colon_in_password, error_code::unexpected_character,
                         rule::password)
                 ? 1
                 : -1;
    return at_special<rule::password>{}(p, st);
  }
};

x3::rule<struct user_class> const user = "user";
x3::rule<struct password_class> const password = "password";
x3::rule<struct port_class> const port = "port";

auto const user_def =
    component_run<rule::user, charset::userchar, stop_at<':'>, at_special<rule::user>>;
auto const password_def =
    component_run<rule::password, charset::userchar, stop_at<>, password_special>;
auto const port_def = -cls_run<charset::digit>;

BOOST_SPIRIT_DEFINE(user, password, port)

/// An error in an IP-literal (or a bracket around one) at `at`, saying what was expected.
inline bool literal_error(parse_state& st, const char* at, const char* detail) noexcept {
  const bool had = st.failed;
  st.fail(at, error_code::unexpected_character, rule::host, at != st.end);
  if (!had) st.err.detail = detail;
  return false;
}

/// Records a fault of host_limits.hpp as an error of `code` in the host.
inline bool host_error(parse_state& st, const host_fault& f, error_code code) noexcept {
  const bool had = st.failed;
  st.fail(f.at, code, rule::host);
  if (!had) st.err.detail = f.reason;
  return false;
}

/// RFC 1034's limits on a host name (host_limits.hpp): strict mode refuses
/// a name past them, lenient mode warns.
inline bool check_host_length(parse_state& st, const char* first, const char* last) noexcept {
  const host_fault f = host_length_fault(first, last);
  if (!f) return true;
  if (st.mode == mode::strict) return host_error(st, f, error_code::host_too_long);
  st.warn(f.at, warning_code::host_too_long, rule::host, f.reason);
  return true;
}

/// Checks a non-empty host.  Strict mode: hostname | hostnumber, exactly.
/// Lenient mode: any unreserved characters and escapes are taken, with a
/// warning that the host is not a hostname; unwise and national characters
/// and bad escapes are warned about as everywhere else.  In both modes an
/// escape stands only for what a host may hold (host_limits.hpp), no control
/// octet is taken as data (not even with accept_excluded), and a name is
/// held to RFC 1034's lengths.
template <class Ctx>
bool check_host(const char* first, const char* last, const Ctx& ctx) {
  parse_state& st = state_of(ctx);
  const char* p = first;
  // The common host: a hostname or hostnumber.  Lengths are read only past
  // 63 bytes, so this costs one comparison.
  if (parse_whole(host, p, last, ctx)) return check_host_length(st, first, last);
  p = first;
  // An escape the host may not hold is the error, unless a byte before it
  // is one already (the first error in the input is the one reported).
  const host_fault refused = refused_host_escape(first, last);
  const char* const scan_end = refused ? refused.at : last;
  if (st.mode == mode::strict) {
    if (!scan_run(p, scan_end, charset::hostchar, rule::host, st, stop_at<>{}, no_special{}))
      return false;
    if (refused) return host_error(st, refused, error_code::bad_host_escape);
    return st.fail(first, error_code::bad_host, rule::host);
  }
  // "[" and "]" are unwise (draft 2.2), but since RFC 2732 they delimit an
  // IPv6 literal that is the whole host: inside a name they would make
  // another host for every client that reads literals ("h[::1]").
  for (const char* b = first; b != scan_end; ++b)
    if (*b == '[' || *b == ']')
      return literal_error(st, b,
                           "'[' and ']' belong to an IPv6 literal, which is the whole host "
                           "(RFC 2732)");
  st.warn(first, warning_code::not_a_hostname, rule::host);
  // A control octet or space is never host data: accept_excluded takes
  // excluded characters elsewhere, not here.
  const bool accept_excluded = st.accept_excluded;
  st.accept_excluded = false;
  const bool ok = scan_run(p, scan_end, charset::hostchar | charset::unreserved, rule::host, st,
                           stop_at<>{}, no_special{});
  st.accept_excluded = accept_excluded;
  if (!ok) return false;
  if (refused) return host_error(st, refused, error_code::bad_host_escape);
  return check_host_length(st, first, last);
}

/// Lenient mode: "[" IPv6address [ "%25" ZoneID ] "]" at [first, last), which
/// starts with "["; returns the end of the literal (after its "]"), or
/// nullptr after recording the error at the offending byte.
template <class Ctx>
const char* ip_literal(const char* first, const char* last, const Ctx& ctx) {
  parse_state& st = state_of(ctx);
  const char* const close = std::find(first, last, ']');
  if (close == last)
    return literal_error(st, last, "']' expected to close the IPv6 literal"), nullptr;
  const char* const a = first + 1;
  const std::string_view inside(a, static_cast<std::size_t>(close - a));
  const std::size_t zone = inside.find("%25");
  const char* const address_end = zone == std::string_view::npos ? close : a + zone;
  const char* p = a;
  if (!parse_whole(ipv6address, p, address_end, ctx)) {
    const ipv6_fault f = ipv6_fault_in(a, address_end);
    return literal_error(st, f.at, f.what), nullptr;
  }
  if (zone != std::string_view::npos) {  // RFC 6874: ZoneID = 1*( unreserved / pct-encoded )
    const char* z = address_end + 3;
    if (z == close)
      return literal_error(st, z, "a zone identifier expected after \"%25\""), nullptr;
    while (z != close) {
      if (charset::is(charset::unreserved, *z)) {
        ++z;
      } else if (charset::starts_with_escape({z, static_cast<std::size_t>(close - z)})) {
        // Decoded, the zone goes where the host goes (connect_host): the
        // same escapes are refused as in a name.
        if (const host_fault f = refused_host_escape(z, z + 3))
          return host_error(st, f, error_code::bad_host_escape), nullptr;
        z += 3;
      } else {
        return literal_error(st, z,
                             "a zone identifier holds unreserved characters and escapes "
                             "(RFC 6874)"),
               nullptr;
      }
    }
  }
  st.warn(first, warning_code::ipv6_literal, rule::host);
  return close + 1;
}

// What the server's one pass looks for (server_parser): its end, "@", ":",
// and the "?" and ";" that lenient mode may end it at.
inline constexpr unsigned char mark_end = 1, mark_at = 2, mark_colon = 3, mark_delim = 4;
inline constexpr auto server_marks = [] {
  std::array<unsigned char, 256> t{};
  t['/'] = t['#'] = mark_end;
  t['@'] = mark_at;
  t[':'] = mark_colon;
  t['?'] = t[';'] = mark_delim;
  return t;
}();

/// What the server's one pass finds: its end (the next "/", or the "#" of
/// the fragment, or the input's end), its last "@", and after that "@" the
/// first ":" (the host's end) and the first "?" or ";" not at the host's
/// start (where lenient mode ends the server, parse_server); null if none.
struct server_marks_found {
  const char* end = nullptr;
  const char* at = nullptr;
  const char* colon = nullptr;
  const char* delim = nullptr;
};

/// The byte-at-a-time pass: a byte that is none of the marks costs one table
/// lookup.  (The blockwise reading, reference.cpp, finds the same from its
/// masks.)
inline server_marks_found find_server_marks(const char* s, const char* last) noexcept {
  server_marks_found m;
  const char* e = s;
  const char* host_start = s;
  for (; e != last; ++e) {
    const unsigned char k = server_marks[static_cast<unsigned char>(*e)];
    if (k == 0) continue;
    if (k == mark_end) break;
    if (k == mark_at) {
      m.at = e;
      host_start = e + 1;
      m.colon = m.delim = nullptr;
    } else if (k == mark_colon) {
      if (!m.colon) m.colon = e;
    } else if (!m.delim && e != host_start) {
      m.delim = e;
    }
  }
  m.end = e;
  return m;
}

/// A host_known for those who know nothing of the host.
struct host_unknown {
  bool operator()(const char*, const char*) const noexcept { return false; }
};

/// The server that starts at `s`, given its marks: delimited, split and each
/// part checked by its rule.  `next` is set to where the reference goes on.
/// `host_known(first, last)`: true when the caller has already seen that the
/// host [first, last) is a hostname (the blockwise reading's masks), whose
/// check then has nothing to say.
template <class Ctx, class HostKnown = host_unknown>
[[gnu::always_inline]] inline bool parse_server(const char* s, server_marks_found mk, const char* last, const Ctx& ctx,
                  const char*& next, HostKnown host_known = {}) {
  parse_state& st = state_of(ctx);
  url_view& out = *st.out;
  const char* e = mk.end;
  const char* const at = mk.at;
  const char* colon = mk.colon;
  const char* const delim = mk.delim;
  detail_access::server(out) = {s, static_cast<std::size_t>(e - s)};
  // Lenient mode only: a "?" or ";" right after the host ends the server
  // ("http://example.com?foo=bar", in countless documents), with a warning.
  // The draft's server runs to the next "/" (4.3.1), so strict mode goes on
  // and refuses it in the host; inside the user information, where the
  // draft allows both, they stay (only those after the last "@" count).
  // After a host: "http://;x" has none, and stays the host's error.
  if (delim && st.mode == mode::lenient) {
    st.warn(delim, warning_code::delimiter_after_host, rule::server);
    e = delim;
    detail_access::server(out) = {s, static_cast<std::size_t>(e - s)};
    if (colon && colon > e) colon = nullptr;
  }
  const char* hp = s;
  if (at) {
    const char* p = s;
    x3::unused_type unused;
    if (!user.parse(p, at, ctx, unused, unused)) return false;
    detail_access::user(out) = {s, static_cast<std::size_t>(p - s)};
    if (p != at) {  // stopped at ":"
      const char* pw = ++p;
      if (!parse_whole(password, p, at, ctx)) return false;
      detail_access::password(out) = {pw, static_cast<std::size_t>(at - pw)};
    }
    hp = at + 1;
  }

  const char* he = hp;
  if (hp != e && *hp == '[') {
    if (st.mode == mode::strict)
      return literal_error(st, hp,
                           "an IPv6 literal is RFC 2732's, beyond RFC 1738 and the draft: "
                           "lenient mode takes it");
    he = ip_literal(hp, e, ctx);
    if (he == nullptr) return false;
    if (he != e && *he != ':')
      return literal_error(st, he,
                           "':' and a port, or the end of the server, expected after "
                           "the IPv6 literal");
    detail_access::host(out) = {hp, static_cast<std::size_t>(he - hp)};
  } else {
    he = colon ? colon : e;
    detail_access::host(out) = {hp, static_cast<std::size_t>(he - hp)};
  }
  if (hp == he) {
    // server = [ [ userinfo "@" ] hostport ]: all of it may be absent
    // ("file:///"), but user or port without a host is not a server.
    if (at || he != e) return st.fail(hp, error_code::host_expected, rule::host, hp != last);
  } else if (*hp != '[' && !host_known(hp, he) && !check_host(hp, he, ctx)) {
    return false;
  }
  if (he != e) {
    const char* q = he + 1;
    detail_access::port(out) = {q, static_cast<std::size_t>(e - q)};
    if (!parse_whole(port, q, e, ctx)) return st.fail(q, error_code::bad_port, rule::port);
  }
  next = e;
  return true;
}

struct server_parser : x3::parser<server_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const {
    if (state_of(ctx).failed) return false;
    return parse_server(first, find_server_marks(first, last), last, ctx, first);
  }
};

x3::rule<struct server_class> const server = "server";
auto const server_def = server_parser{};

BOOST_SPIRIT_DEFINE(server)

}  // namespace urlkit::grammar
