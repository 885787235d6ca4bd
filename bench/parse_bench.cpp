// Parsing: every reference of the corpus, once per iteration.  Timed for each
// library: parse one reference into its parsed form and drop it.
//   urlkit     parse_reference -> url_view (no allocation)
//   Boost.URL  parse_uri_reference -> url_view (no allocation)
//   uriparser  uriParseSingleUriExA -> UriUriA, then uriFreeUriMembersA (it
//              allocates path segments, and freeing them is part of its use)
//   ada_main, ada_release
//              ada::parse<ada::url_aggregator> (WHATWG's URL Standard, one
//              owning buffer), by ada's main branch and its last release,
//              each when the build has it (bench/ada_peer.hpp)
// Per scheme, also urlkit's typed view: parse_X on the text (what a client
// of that scheme calls), e.g. parse_ftp -> ftp_view.
// Over the whole corpus, the floors (bench/floors.hpp):
//   splitter   a one-pass scalar splitter that finds the delimiters and
//              checks nothing
//   memchr     memchr for a byte no reference holds (NUL): each byte read once
#include <benchmark/benchmark.h>
#include <uriparser/Uri.h>

#include <array>
#include <boost/url/parse.hpp>
#include <cstring>
#include <string>
#include <string_view>

#include "ada_peer.hpp"
#include "bench_util.hpp"
#include "corpus.hpp"
#include "floors.hpp"
#include "rows.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/gopher.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/schemes/news.hpp"
#include "urlkit/schemes/nntp.hpp"
#include "urlkit/schemes/prospero.hpp"
#include "urlkit/schemes/telnet.hpp"
#include "urlkit/schemes/wais.hpp"
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

// One pass a call, in ada's shared object (bench/ada_peer.hpp).
void parse_ada(benchmark::State& state, const url_set& set, const ada_peer& ada) {
  std::size_t refused = 0;
  for (auto _ : state) refused = ada.parse_pass(set.items.data(), set.size());
  report(state, set, refused);
}

void parse_splitter(benchmark::State& state, const url_set& set) {
  for (auto _ : state)
    for (auto s : set.items) {
      auto r = split(s);
      benchmark::DoNotOptimize(r);
    }
  report(state, set, 0);
}

void parse_memchr(benchmark::State& state, const url_set& set) {
  for (auto _ : state)
    for (auto s : set.items) {
      const void* r = std::memchr(s.data(), '\0', s.size());
      benchmark::DoNotOptimize(r);
    }
  report(state, set, 0);
}

// Lenient, the default: a client that asks for nothing else.  The row is
// that client's one call, parse_X(text), which makes the generic view and
// the typed one (mailto's common address in one pass, with the same result
// as the generic parse then the view's checks).  `refused` counts the texts
// left without a typed URL; `view_refused`, those of them the generic parse
// accepts (counted once, untimed).  A text the generic parse refuses costs
// the view nothing, so many of those would make the view look cheaper than
// it is: the counters show it.  `Parse` is a typed view's parser, e.g.
// urlkit::parse_ftp.
template <class Url, const auto& Parse>
void parse_view(benchmark::State& state, const url_set& set) {
  const urlkit::scheme_options options{};
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (std::string_view s : set.items) {
      auto typed = Parse(s, options);
      refused += !typed.has_value();
      benchmark::DoNotOptimize(typed);
    }
  }
  std::size_t generic_refused = 0;
  for (std::string_view s : set.items)
    generic_refused += !urlkit::parse_reference(s, urlkit::mode::lenient).has_value();
  report(state, set, refused);
  state.counters["view_refused"] = static_cast<double>(refused - generic_refused);
}

using row_adder = void (*)(const std::string& name, const url_set& set);

template <class Url, const auto& Parse>
void add_view_row(const std::string& name, const url_set& set) {
  add_row(name, [set](benchmark::State& st) { parse_view<Url, Parse>(st, set); });
}

struct scheme_row {
  std::string_view scheme;
  row_adder view;  // nullptr: no typed view
};

}  // namespace

void register_parse_rows(const std::string& set_name, const url_set& set) {
  const std::string prefix = "parse/" + set_name + "/";
  add_row(prefix + "urlkit_lenient",
          [set](benchmark::State& st) { parse_urlkit(st, set, urlkit::mode::lenient); });
  add_row(prefix + "urlkit_strict",
          [set](benchmark::State& st) { parse_urlkit(st, set, urlkit::mode::strict); });
  add_row(prefix + "boost_url", [set](benchmark::State& st) { parse_boost_url(st, set); });
  add_row(prefix + "uriparser", [set](benchmark::State& st) { parse_uriparser(st, set); });
  for (const auto& [name, ada] : built_ada_peers())
    add_row(prefix + std::string(name),
            [set, ada = ada](benchmark::State& st) { parse_ada(st, set, *ada); });
}

void register_floor_rows(const std::string& set_name, const url_set& set) {
  const std::string prefix = "parse/" + set_name + "/";
  add_row(prefix + "splitter", [set](benchmark::State& st) { parse_splitter(st, set); });
  add_row(prefix + "memchr", [set](benchmark::State& st) { parse_memchr(st, set); });
}

void register_scheme_rows(const corpus& urls) {
  // The schemes of RFC 1738 and the draft, and https (most of the corpus),
  // each with the generic rows of its URLs and, when the scheme has a typed
  // view, a row "urlkit_<scheme>_view" that bench/run prints next to them: its
  // ratio to the generic parse of the same URLs is the view's cost.
  static constexpr std::array<scheme_row, 11> schemes{{
      {"http", &add_view_row<urlkit::http_view, urlkit::parse_http>},
      {"https", &add_view_row<urlkit::http_view, urlkit::parse_http>},
      {"ftp", &add_view_row<urlkit::ftp_view, urlkit::parse_ftp>},
      {"mailto", &add_view_row<urlkit::mailto_view, urlkit::parse_mailto>},
      {"file", &add_view_row<urlkit::file_view, urlkit::parse_file>},
      {"news", &add_view_row<urlkit::news_view, urlkit::parse_news>},
      {"gopher", &add_view_row<urlkit::gopher_view, urlkit::parse_gopher>},
      {"telnet", &add_view_row<urlkit::telnet_view, urlkit::parse_telnet>},
      {"nntp", &add_view_row<urlkit::nntp_view, urlkit::parse_nntp>},
      {"wais", &add_view_row<urlkit::wais_view, urlkit::parse_wais>},
      {"prospero", &add_view_row<urlkit::prospero_view, urlkit::parse_prospero>},
  }};
  // Below this, a pass is too short to time against the loop's own overhead.
  constexpr std::size_t min_urls = 50;
  for (const auto& [scheme, view] : schemes) {
    url_set set = urls.with_scheme(scheme);
    if (set.size() < min_urls) continue;
    const std::string set_name = "scheme:" + std::string(scheme);
    register_parse_rows(set_name, set);
    if (view) view("parse/" + set_name + "/urlkit_" + std::string(scheme) + "_view", set);
  }
}

}  // namespace urlkit_bench
