// gopher — RFC 1738 sections 3.4 and 5:
//
//   gopherurl      = "gopher://" hostport [ / [ gtype [ selector
//                    [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//   gtype          = xchar
//   selector       = *xchar
//   gopher+_string = *xchar
//
// "Within the <gopher-path>, no characters are reserved" (3.4): every xchar
// (unreserved, reserved, escape) may stand anywhere, so the gopher-path is the
// raw url-path ("?" and ";" included) and the generic query and params are
// part of it.  The BNF leaves <search> undefined; it is read as *xchar like
// its neighbours.  The gopher type is the first xchar (one character or one
// escape); the selector runs to the first "%09", the search to the second,
// and the gopher+ string is the rest: it may itself hold "%09" (and
// "%0D%0A"), as 3.4.9's electronic-form strings do.
#include "grammar/gopher.hpp"

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const gopher_names[5] = {"gopher hostport", "gopher user", "gopher password",
                                     "gopher host", "gopher port"};

/// The raw part of [first, last) before the first "%09" ("%" "0" "9": no
/// letters, so no case to ignore).  A "%" can never be one of an escape's two
/// hex digits, so a plain search finds escapes only, never text inside one.
std::string_view up_to_tab(const char* first, const char* last) noexcept {
  const std::string_view s{first, static_cast<std::size_t>(last - first)};
  return s.substr(0, s.find("%09"));
}

bool check_part(std::string_view part, const char* production, rule r, parse_state& st) noexcept {
  st.production = production;
  const char* p = part.data();
  const bool ok = scan_1738(p, part.data() + part.size(), charset::xchar1738, {}, r, st);
  st.production = nullptr;
  return ok;
}

}  // namespace

bool parse_gopher(const url_view& u, parse_state& st, gopher_parts& out) {
  if (!check_login(u, st, gopher_names, false)) return false;
  const std::string_view path = url_path_of(u);
  out.gopher_path = path;
  // "The entire <gopher-path> may also be empty, in which case the delimiting
  // "/" is also optional and the <gophertype> defaults to "1"" (3.4).
  if (path.empty()) return true;
  const char* const first = path.data();
  const char* const last = first + path.size();

  // gtype = xchar: one escape, or one character.
  const char* p = first;
  const std::size_t glen = charset::starts_with_escape(path) ? 3 : 1;
  out.gtype = {p, glen};
  if (!check_part(out.gtype, "gopher gtype", rule::path, st)) return false;
  if (glen == 3) {
    const int v = charset::hex_value(p[1]) * 16 + charset::hex_value(p[2]);
    if (v == 0x09 || v == 0x0A || v == 0x0D) {
      st.production = "gopher gtype";
      return st.fail_syntax(p, st.end, rule::path,
                            "the gopher type cannot be TAB, LF or CR (%09, %0A, %0D): they "
                            "delimit Gopher protocol fields and lines (RFC 1436)");
    }
  }
  p += glen;

  out.selector = up_to_tab(p, last);
  if (!check_part(out.selector, "gopher selector", rule::path, st)) return false;
  p += out.selector.size();
  if (p == last) return true;

  p += 3;  // "%09"
  out.search = up_to_tab(p, last);
  if (!check_part(out.search, "gopher search", rule::path, st)) return false;
  p += out.search.size();
  if (p == last) return true;

  p += 3;  // "%09"
  out.gopher_plus = {p, static_cast<std::size_t>(last - p)};
  return check_part(out.gopher_plus, "gopher+_string", rule::path, st);
}

}  // namespace urlkit::grammar
