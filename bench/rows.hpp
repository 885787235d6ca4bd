// Registration of the benchmark rows.  Row names are "<group>/<set>/<library>"
// (bench/run pairs them by group and set to print ratios), e.g.
//   parse/all/urlkit_lenient   parse/all/boost_url   parse/all/uriparser
//   parse/scheme:http/urlkit_lenient   parse/scheme:http/urlkit_http_view
//   parse/all/splitter         parse/all/memchr    (the floors)
//   resolve/all/urlkit         resolve/all/boost_url   resolve/all/copy (the floor)
#pragma once

#include <string>

#include "corpus.hpp"

namespace urlkit_bench {

/// Generic parsing of every reference of `set`, by urlkit (lenient, strict)
/// and by the peers.
void register_parse_rows(const std::string& set_name, const url_set& set);

/// The floors over `set`: parse/<set>/splitter (bench/floors.hpp's split,
/// which finds the delimiters and checks nothing) and parse/<set>/memchr
/// (memchr for a byte no reference holds).
void register_floor_rows(const std::string& set_name, const url_set& set);

/// Per-scheme rows: the generic parse of the corpus's URLs of each scheme and,
/// for a scheme with a typed view (http, ftp, mailto, ...), that view's row:
/// parse_<scheme> on the text.  Schemes with under 50 URLs are skipped.
void register_scheme_rows(const corpus& urls);

/// Resolution of each reference of `refs` against one base, by urlkit and the peers.
void register_resolve_rows(const std::string& set_name, std::string_view base, const url_set& refs);
/// resolve/dot_segments/N: N "a/" then N "../" against Appendix C's base, for
/// N from 1,000 to 100,000, with Google Benchmark's complexity fit (the
/// resolver's Step 6 is linear; no test times it).
void register_dot_segment_rows();

/// The references of draft-fielding-uri-url-00 Appendix C (normal and
/// abnormal examples), for base "http://a/b/c/d;p?q".
url_set appendix_c_references();
inline constexpr std::string_view appendix_c_base = "http://a/b/c/d;p?q";

}  // namespace urlkit_bench
