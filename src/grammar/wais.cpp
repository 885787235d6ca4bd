// wais — RFC 1738 sections 3.9 and 5:
//
//   waisurl      = waisdatabase | waisindex | waisdoc
//   waisdatabase = "wais://" hostport "/" database
//   waisindex    = "wais://" hostport "/" database "?" search
//   waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
//   database     = *uchar
//   wtype        = *uchar
//   wpath        = *uchar
//
// Section 5 uses <search> in waisindex without defining it among the wais
// productions; the only definition in section 5 is http's, which is taken:
//
//   search       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
//
// The three forms share the prefix "/" database and differ by the byte after
// it ("?", "/" or the end), so the grammar is that prefix followed by an
// optional "?" search or "/" wtype "/" wpath.  uchar excludes every reserved
// character: "/" inside the wpath (the WAIS document-id "should be treated
// opaquely", 3.9, and is "encoded as necessary") and "?" inside the search are
// strict errors and lenient warnings, like any reserved character a
// production does not take.
#include "grammar/wais.hpp"

#include <utility>

#include <boost/fusion/include/std_pair.hpp>

#include "grammar/rfc1738.hpp"
#include "grammar/scheme_parse.hpp"

namespace urlkit::grammar {

namespace {

const char* const wais_names[5] = {"wais hostport", "wais user", "wais password", "wais host",
                                   "wais port"};

constexpr run_1738_parser database_run{charset::unreserved1738, "wais database", rule::path, "?/"};
constexpr run_1738_parser search_run{charset::hsegment1738, "wais search", rule::query, ""};
constexpr run_1738_parser wtype_run{charset::unreserved1738, "wais wtype", rule::path, "/"};
constexpr run_1738_parser wpath_run{charset::unreserved1738, "wais wpath", rule::path, ""};

x3::rule<struct wais_database_class> const database = "database";
x3::rule<struct wais_search_class> const search = "search";
x3::rule<struct wais_wtype_class> const wtype = "wtype";
x3::rule<struct wais_wpath_class> const wpath = "wpath";
// "/" wtype "/" wpath, as one attribute: its action runs only once all of it matched.
using range = boost::iterator_range<const char*>;
x3::rule<struct wais_doc_class, std::pair<range, range>> const doc = "waisdoc";

auto const database_def = database_run;
auto const search_def = search_run;
auto const wtype_def = wtype_run;
auto const wpath_def = wpath_run;
auto const doc_def = '/' >> x3::raw[wtype] >> '/' >> x3::raw[wpath];

BOOST_SPIRIT_DEFINE(database, search, wtype, wpath, doc)

std::string_view view_of(const range& r) noexcept {
  return {r.begin(), static_cast<std::size_t>(r.end() - r.begin())};
}

}  // namespace

bool parse_wais(const url_view& u, parse_state& st, wais_parts& out) {
  out = {};
  if (!check_login(u, st, wais_names, false)) return false;
  const std::string_view path = url_path_of(u);
  if (path.data() == nullptr) {
    // No "/" database.  database = *uchar may be empty, so "wais://host/" is a
    // waisdatabase with an empty name: lenient mode reads "wais://host" as that.
    const char* at = u.encoded_server().data() + u.encoded_server().size();
    st.production = "waisdatabase";
    if (!st.tolerate_syntax(at, rule::path,
                            "\"/\" database expected (waisdatabase = \"wais://\" hostport \"/\" "
                            "database, RFC 1738 5)"))
      return false;
    st.production = nullptr;
    out.database = std::string_view(at, 0);  // present and empty
    return true;
  }
  const char* const first = path.data();
  const char* const last = first + path.size();
  const char* p = first;

  // Actions sit on groups that cannot fail after them, so no value is left
  // behind by a branch that backtracks.
  auto const set_database = [&out](auto& ctx) { out.database = view_of(x3::_attr(ctx)); };
  auto const set_search = [&out](auto& ctx) { out.search = view_of(x3::_attr(ctx)); };
  auto const set_doc = [&out](auto& ctx) {
    out.wtype = view_of(x3::_attr(ctx).first);
    out.wpath = view_of(x3::_attr(ctx).second);
  };
  auto const waisurl =
      x3::raw[database][set_database] >> -(('?' >> x3::raw[search][set_search]) | doc[set_doc]);

  const bool ok = run_rule(waisurl, p, last, st);
  st.production = nullptr;
  if (!ok) return false;
  if (p == last) return true;

  // database stops at "?" or "/", search and wpath run to the end: what is
  // left is "/" wtype without the "/" wpath of waisdoc.  Lenient mode reads it
  // as a document with an empty wpath (wtype's characters were checked).
  st.production = "waisdoc";
  if (!st.tolerate_syntax(last, rule::path,
                          "\"/\" wpath expected after the wtype (waisdoc = \"wais://\" hostport "
                          "\"/\" database \"/\" wtype \"/\" wpath, RFC 1738 5)"))
    return false;
  st.production = nullptr;
  out.wtype = {p + 1, static_cast<std::size_t>(last - p - 1)};
  out.wpath = std::string_view(last, 0);  // present and empty
  return true;
}

}  // namespace urlkit::grammar
