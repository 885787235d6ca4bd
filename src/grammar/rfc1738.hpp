// What the scheme grammars of RFC 1738 section 5 share: the X3 primitive for
// a run of a production's characters, and the common Internet scheme syntax
// (section 3.1) checked against RFC 1738's own classes.
//
// A scheme grammar runs over the components of a URL that the generic parser
// has already split and checked (draft 2.3.3).  What that parse reported in
// lenient mode (unwise and national characters, bad escapes) is not reported
// again; what RFC 1738 refuses although the draft allows it (a reserved
// character a production does not take) is reported here, as a warning in
// lenient mode and an error naming the production in strict mode.  The
// draft's updates to RFC 1738 hold here too (E.2: "~" is unreserved; E.3:
// port = *digit, an empty port meaning the default).
#pragma once

#include "grammar/blocks.hpp"
#include "grammar/host_def.hpp"
#include "grammar/primitives.hpp"

namespace urlkit::grammar {

/// Scans a run of `allowed` characters (and escapes) up to a byte of `stops`.
/// The run is walked with a local pointer (written back once): through the
/// reference, g++ stores it on every byte.  Given `set` (the same classes as
/// `allowed`, blocks::make_byte_set), a processor with AVX2 reads the runs
/// between escapes 32 bytes at a time (blocks::skip_set, over st.begin's
/// text); the byte-at-a-time loops below then start where it stopped.
inline bool scan_1738(const char*& first, const char* last, charset::mask allowed,
                      std::string_view stops, rule r, parse_state& st,
                      const blocks::byte_set* set = nullptr) noexcept {
  using charset::table;
  const char* p = first;
  for (;;) {
    p = blocks::skip_known(p, last, st.begin, set);
    // Four bytes at a time while all four share a class of `allowed` (nearly
    // always: a union's members differ only in a rare byte), then one by one.
    while (last - p >= 4 &&
           (table[static_cast<unsigned char>(p[0])] & table[static_cast<unsigned char>(p[1])] &
            table[static_cast<unsigned char>(p[2])] & table[static_cast<unsigned char>(p[3])] &
            allowed))
      p += 4;
    while (p != last && (table[static_cast<unsigned char>(*p)] & allowed)) ++p;
    if (p == last) break;
    const auto c = static_cast<unsigned char>(*p);
    const charset::mask m = table[c];
    if (stops.find(static_cast<char>(c)) != std::string_view::npos) break;
    if (c == '%') {
      if (last - p >= 3 && charset::is(charset::hex, p[1]) && charset::is(charset::hex, p[2])) {
        p += 3;
        continue;
      }
      if (st.mode == mode::strict) return first = p, st.fail(p, error_code::bad_escape, r);
    } else if (m & (charset::unwise | charset::national)) {
      if (st.mode == mode::strict)
        return first = p, st.fail(p,
                                  (m & charset::national) ? error_code::non_ascii
                                                          : error_code::unwise_character,
                                  r);
    } else if (m & (charset::control | charset::space) || c == '<' || c == '>' || c == '"') {
      return first = p, st.fail(p, error_code::invalid_character, r);
    } else if (!st.tolerate(p, warning_code::scheme_character, error_code::unexpected_character,
                            r)) {
      first = p;
      return false;
    }
    ++p;
  }
  first = p;
  return true;
}

/// X3 primitive: a (possibly empty) run of a production's characters.  The
/// production's name goes into the errors and warnings it reports.
struct run_1738_parser : x3::parser<run_1738_parser> {
  using attribute_type = x3::unused_type;
  static constexpr bool has_attribute = false;

  charset::mask allowed;
  const char* production;
  rule r;
  std::string_view stops;
  blocks::byte_set set;  // `allowed`, for scan_1738's blocks

  constexpr run_1738_parser(charset::mask a, const char* p, rule rl, std::string_view s) noexcept
      : allowed(a), production(p), r(rl), stops(s), set(blocks::make_byte_set(a)) {}

  template <class It, class Ctx, class RCtx, class Attr>
  bool parse(It& first, const It& last, const Ctx& ctx, RCtx&, Attr&) const noexcept {
    parse_state& st = state_of(ctx);
    if (st.failed) return false;
    st.production = production;
    return scan_1738(first, last, allowed, stops, r, st, &set);
  }
};

/// Checks the common Internet scheme syntax of RFC 1738 3.1 on a parsed view:
///   login    = [ user [ ":" password ] "@" ] hostport
///   hostport = host [ ":" port ]
///   user     = *[ uchar | ";" | "?" | "&" | "=" ],  password likewise
///   port     = *digit  (draft E.3; RFC 1738 had digits, at least one)
/// `scheme` names the productions ("ftp" gives "ftp user", ...);
/// `userinfo_allowed` is false for schemes whose production is hostport alone
/// (http, gopher, nntp, wais, prospero: "No user name or password is allowed").
/// The server itself must be present (the production starts with "//").
bool check_login_all(const url_view& u, parse_state& st, const char* const (&names)[5],
                     bool userinfo_allowed);
/// check_login_all, with the common server first: a host alone, without a
/// user, password or port, passes every check (the server is there, no
/// userinfo to refuse or scan, the host is not empty), so it is settled
/// inline, without the call and the productions it names (42 instructions of
/// an https view's 233).
inline bool check_login(const url_view& u, parse_state& st, const char* const (&names)[5],
                        bool userinfo_allowed) {
  if (u.has_server() && !u.has_user() && !u.has_port() && !u.encoded_host().empty()) {
    st.production = nullptr;  // as check_login_all leaves it
    return true;
  }
  return check_login_all(u, st, names, userinfo_allowed);
}

/// Offset helpers: the pointer of a component of `u`, and the end of its buffer.
inline const char* end_of(const url_view& u) noexcept {
  return u.buffer().data() + u.buffer().size();
}

}  // namespace urlkit::grammar
