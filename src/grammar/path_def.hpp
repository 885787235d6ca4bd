// path, parameters, query, fragment — draft-fielding-uri-url-00 sections
// 4.3.2, 4.3.3, 4.3.4 and 3:
//
//   path        = fsegment *( "/" segment )
//   fsegment    = 1*pchar
//   segment     =  *pchar
//   parameters  = param *( ";" param )
//   param       = *( pchar | "/" )
//   query       = *urlchar
//   fragment    = *urlchar
//
// Read left to right, the draft's outside-in extraction (fragment at the first
// "#", query at the first "?", params at the first ";") means: the path ends
// at ";", "?" or "#", the parameters at "?" or "#", the query at "#".
//
// Each is read as one run: a path is any run of pchar and "/" (fsegment's
// "1*" aside, below), the parameters any run of pchar, "/" and ";".  The
// rules say the same as "segment % '/'" and "param % ';'", with one loop
// over the bytes instead of one per segment.
//
// The path is allowed to start with an empty segment ("ftp://host//etc/motd",
// RFC 1738 3.2.2): the letter of fsegment would refuse it, yet such a URL is
// an absoluteURL all the same through opaque-URL = scheme ":" *urlchar
// (draft 4.2), so refusing it would refuse RFC 1738's own example.
#pragma once

#include "grammar/primitives.hpp"

namespace urlkit::grammar {

// A second "#" is not a urlchar: strict mode refuses it, lenient mode warns.
struct hash_special {
  int operator()(const char* p, parse_state& st) const noexcept {
    if (*p != '#') return 0;
    return st.tolerate(p, warning_code::hash_in_fragment, error_code::unexpected_character,
                       rule::fragment)
               ? 1
               : -1;
  }
};

template <class Field>
struct set_view {
  Field field;
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    const auto& r = x3::_attr(ctx);
    field(*state_of(ctx).out) =
        std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
  }
};
template <class Field>
set_view(Field) -> set_view<Field>;

inline constexpr auto set_path = set_view{[](url_view& v) { return detail_access::path(v); }};
inline constexpr auto set_params = set_view{[](url_view& v) { return detail_access::params(v); }};
inline constexpr auto set_query = set_view{[](url_view& v) { return detail_access::query(v); }};
inline constexpr auto set_fragment =
    set_view{[](url_view& v) { return detail_access::fragment(v); }};

x3::rule<struct path_class> const path = "path";
x3::rule<struct parameters_class> const parameters = "parameters";
x3::rule<struct query_class> const query = "query";
x3::rule<struct fragment_class> const fragment = "fragment";

// path = fsegment *( "/" segment ), segment = *pchar: pchar and "/" (paramchar).
auto const path_def =
    x3::raw[component_run<rule::path, charset::paramchar, stop_at<';', '?', '#'>>][set_path];
// parameters = param *( ";" param ), param = *( pchar | "/" ): paramchar and ";".
auto const parameters_def =
    x3::raw[component_run<rule::params, charset::paramschar, stop_at<'?', '#'>>][set_params];
auto const query_def =
    x3::raw[component_run<rule::query, charset::urlchar, stop_at<'#'>>][set_query];
auto const fragment_def =
    x3::raw[component_run<rule::fragment, charset::urlchar, stop_at<>, hash_special>][set_fragment];

BOOST_SPIRIT_DEFINE(path, parameters, query, fragment)

}  // namespace urlkit::grammar
