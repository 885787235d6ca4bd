// Parsing: every reference of the corpus, once per iteration.  Timed for each
// library: parse one reference into its parsed form and drop it.
//   urlkit     parse_reference -> url_view (no allocation)
//   Boost.URL  parse_uri_reference -> url_view (no allocation)
//   uriparser  uriParseSingleUriExA -> UriUriA, then uriFreeUriMembersA (it
//              allocates path segments, and freeing them is part of its use)
#include <benchmark/benchmark.h>
#include <uriparser/Uri.h>

#include <array>
#include <boost/url/parse.hpp>
#include <string>
#include <string_view>

#include "bench_util.hpp"
#include "corpus.hpp"
#include "rows.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit_bench {

namespace {

void parse_urlkit(benchmark::State& state, const url_set& set, urlkit::mode mode) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (auto s : set.items) {
      auto r = urlkit::parse_reference(s, mode);
      refused += !r.has_value();
      benchmark::DoNotOptimize(r);
    }
  }
  report(state, set, refused);
}

void parse_boost_url(benchmark::State& state, const url_set& set) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (auto s : set.items) {
      auto r = boost::urls::parse_uri_reference(boost::urls::string_view(s.data(), s.size()));
      refused += !r.has_value();
      benchmark::DoNotOptimize(r);
    }
  }
  report(state, set, refused);
}

void parse_uriparser(benchmark::State& state, const url_set& set) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (auto s : set.items) {
      UriUriA uri;
      const char* error_pos = nullptr;
      const int rc = uriParseSingleUriExA(&uri, s.data(), s.data() + s.size(), &error_pos);
      if (rc == URI_SUCCESS) {
        benchmark::DoNotOptimize(uri);
        uriFreeUriMembersA(&uri);
      } else {
        // On failure uriparser has already freed what it allocated.
        ++refused;
      }
    }
  }
  report(state, set, refused);
}

}  // namespace

void register_parse_rows(const std::string& set_name, const url_set& set) {
  const std::string prefix = "parse/" + set_name + "/";
  add_row(prefix + "urlkit_lenient",
          [set](benchmark::State& st) { parse_urlkit(st, set, urlkit::mode::lenient); });
  add_row(prefix + "urlkit_strict",
          [set](benchmark::State& st) { parse_urlkit(st, set, urlkit::mode::strict); });
  add_row(prefix + "boost_url", [set](benchmark::State& st) { parse_boost_url(st, set); });
  add_row(prefix + "uriparser", [set](benchmark::State& st) { parse_uriparser(st, set); });
}

void register_scheme_rows(const corpus& urls) {
  // The schemes RFC 1738 and the draft name, with their own syntax.  A typed
  // view of a scheme adds its row here, next to the generic parse of the same
  // URLs, e.g.
  //   add_row("parse/scheme:http/urlkit_http_view", ...)
  // and bench/run prints its ratio to the peers of that set.
  static constexpr std::array schemes{"http", "https", "ftp", "mailto", "file", "news"};
  // Below this, a pass is too short to time against the loop's own overhead.
  constexpr std::size_t min_urls = 50;
  for (std::string_view scheme : schemes) {
    url_set set = urls.with_scheme(scheme);
    if (set.size() < min_urls) continue;
    register_parse_rows("scheme:" + std::string(scheme), set);
  }
}

}  // namespace urlkit_bench
