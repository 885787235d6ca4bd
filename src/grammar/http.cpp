// http — RFC 1738 sections 3.3 and 5:
//
//   httpurl  = "http://" hostport [ "/" hpath [ "?" search ]]
//   hpath    = hsegment *[ "/" hsegment ]
//   hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
//   search   = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
//
// "No user name or password is allowed" (3.3): the production is hostport.
// ";" is an hsegment character, so the hpath spans the generic path and its
// params: the grammar runs over the raw url-path and splits it at the first
// "?".  "Within the <path> and <searchpart> components, "/", ";", "?" are
// reserved": "/" and "?" are not search characters (a second "?" or a "/" in
// the search is a departure, reported like any character the production does
// not take).
#include "grammar/http.hpp"

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const http_names[5] = {"http hostport", "http user", "http password", "http host",
                                   "http port"};

// hpath = hsegment *[ "/" hsegment ] with hsegment = *[ ... ]: an hsegment
// may be empty, so an hpath is any run of hsegment characters and "/"
// (charset::hpath1738), read in one scan rather than segment by segment.  A
// character neither takes is reported as the hsegment's.
constexpr run_1738_parser hpath_run{charset::hpath1738, "http hsegment", rule::path, "?"};
constexpr run_1738_parser search_run{charset::hsegment1738, "http search", rule::query, ""};

x3::rule<struct http_hpath_class> const hpath = "hpath";
x3::rule<struct http_search_class> const search = "search";

auto const hpath_def = hpath_run;
auto const search_def = search_run;

BOOST_SPIRIT_DEFINE(hpath, search)

}  // namespace

bool parse_http(const url_view& u, parse_state& st, http_parts& out) {
  if (!check_login(u, st, http_names, false)) return false;
  std::string_view path = url_path_of(u);
  // "If neither <path> nor <searchpart> is present, the "/" may also be
  // omitted" (3.3).  The generic server runs up to the next "/", so without
  // it nothing follows the hostport but a fragment, or, in lenient mode, a
  // "?" or ";" right after the host that ended the server (the generic parse
  // warned): the search, or an hpath of parameters, follows without a "/".
  bool search_only = false;
  if (path.data() == nullptr) {
    const char* const after = u.encoded_server().data() + u.encoded_server().size();
    if (!u.has_server() || u.absolute_path() || after == url_end(u)) return true;
    path = {after, static_cast<std::size_t>(url_end(u) - after)};
    search_only = *after == '?';
  }
  const char* const first = path.data();
  const char* const last = first + path.size();
  const char* p = first;
  // Without a warning from the generic parse, the path and its params hold
  // only paramschar bytes and escapes, which an hpath takes too: the hpath
  // ends at the query's "?", with no second scan.
  static_assert(draft_class_within(charset::paramschar, charset::hpath1738));
  const bool clean = generic_clean(u);
  bool ok = true;
  if (search_only)
    ;
  else if (clean)
    p = u.has_query() ? u.encoded_query().data() - 1 : last;
  else
    ok = run_rule(hpath, p, last, st);
  st.production = nullptr;
  if (!ok) return false;
  if (!search_only) out.hpath = {first, static_cast<std::size_t>(p - first)};
  if (p == last) return true;

  // p is at the "?" (the only stop hsegment and "/" leave): the search runs
  // to the end of the URL proper.
  const char* const s = ++p;
  out.search = {s, static_cast<std::size_t>(last - s)};
  // A clean query holds only urlchar bytes and escapes; of those a search
  // does not take "/" and "?" alone.
  static_assert(draft_class_within(charset::urlchar, charset::hsegment1738, "/?"));
  if (clean && out.search.find('/') == std::string_view::npos &&
      out.search.find('?') == std::string_view::npos)
    return true;
  if (!run_rule(search, p, last, st)) return false;
  st.production = nullptr;
  return true;
}

}  // namespace urlkit::grammar
