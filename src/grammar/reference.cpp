// The one translation unit that compiles the X3 grammar (it pays for the
// Spirit headers once) and the entry point the rest of the library calls.
#include "grammar/reference.hpp"
#include "grammar/reference_def.hpp"

namespace urlkit::grammar {

BOOST_SPIRIT_INSTANTIATE(reference_type, iterator_type, context_type)

reference_type const& reference_rule() {
  return reference;
}

bool parse(std::string_view s, parse_state& st) noexcept {
  const char* first = s.data();
  const char* const last = first + s.size();
  auto ctx = x3::make_context<state_tag>(st);
  x3::unused_type unused;
  const bool ok = reference.parse(first, last, ctx, unused, unused);
  if (st.failed) return false;
  // The grammar has no way to stop early without recording why; if it ever
  // did, say where rather than return a truncated view.
  if (!ok || first != last)
    return st.fail(first, error_code::unexpected_character, rule::reference, first != last);
  return true;
}

namespace {

// The delimiter that would end component `r` early in a URL, and how to
// write it as data (draft 2.2: a reserved character used as data is escaped).
bool delimiter_error(parse_state& st, const char* at, rule r) noexcept {
  const bool had = st.failed;
  st.fail(at, error_code::unexpected_character, r);
  if (had) return false;
  switch (*at) {
    case '/':
      st.err.detail = "'/' would end the server here: escape it as %2F";
      break;
    case ':':
      st.err.detail = r == rule::host
                          ? "':' would start the port: an IPv6 address is written in brackets "
                            "(\"[::1]\", RFC 2732)"
                          : "':' would end the user here: escape it as %3A";
      break;
    case '@':
      st.err.detail = "'@' would end the user information here: escape it as %40";
      break;
    case ';':
      st.err.detail = "';' would start the parameters (draft 4.3.3): escape it as %3B";
      break;
    case '?':
      st.err.detail = "'?' would start the query (draft 4.3.4): escape it as %3F";
      break;
    case '#':
      st.err.detail = "'#' would start the fragment (draft 3): escape it as %23";
      break;
    default:
      break;
  }
  return false;
}

// Runs `subject` over all of [first, last); a stop short of the end is the
// delimiter's error.
template <class Subject, class Ctx>
bool whole(const Subject& subject, const char* first, const char* last, const Ctx& ctx, rule r) {
  parse_state& st = state_of(ctx);
  const char* p = first;
  x3::unused_type unused;
  if (!subject.parse(p, last, ctx, unused, unused) || st.failed) {
    if (!st.failed) st.fail(p, error_code::unexpected_character, r, p != last);
    return false;
  }
  return p == last || delimiter_error(st, p, r);
}

}  // namespace

bool parse_component(rule r, std::string_view value, parse_state& st) noexcept {
  url_view scratch;  // where the rules' actions write; only its warning count is read
  detail_access::set_buffer(scratch, value);
  st.out = &scratch;
  st.begin = value.data();
  st.end = value.data() + value.size();
  const char* const first = st.begin;
  const char* const last = st.end;
  auto ctx = x3::make_context<state_tag>(st);
  switch (r) {
    case rule::user:
      return whole(user, first, last, ctx, r);
    case rule::password:
      return whole(password, first, last, ctx, r);
    case rule::port: {
      // port = *digit (draft 4.3.1): any other byte is "port must be digits".
      const char* p = first;
      if (parse_whole(port, p, last, ctx)) return true;
      st.failed = false;
      st.err = {};
      return st.fail(p, error_code::bad_port, r, p != last);
    }
    case rule::path:
      return whole(path, first, last, ctx, r);
    case rule::params:
      return whole(parameters, first, last, ctx, r);
    case rule::query:
      return whole(query, first, last, ctx, r);
    case rule::fragment:
      return whole(fragment, first, last, ctx, r);
    case rule::host: {
      if (first == last) return true;  // file:///x: present and empty
      if (*first == '[') {
        if (st.mode == mode::strict)
          return literal_error(st, first,
                               "an IPv6 literal is RFC 2732's, beyond RFC 1738 and the draft: "
                               "lenient mode takes it");
        const char* const end = ip_literal(first, last, ctx);
        if (end == nullptr) return false;
        return end == last ||
               literal_error(st, end, "the IPv6 literal is the whole host (RFC 2732)");
      }
      // The bytes that end a host in a URL, before the host rule sees them.
      for (const char* p = first; p != last; ++p)
        if (*p == ':' || *p == '@' || *p == '/' || *p == '?' || *p == '#' || *p == ';')
          return delimiter_error(st, p, r);
      return check_host(first, last, ctx);
    }
    default:
      return st.fail(first, error_code::unexpected_character, r, first != last);
  }
}

}  // namespace urlkit::grammar
