// Resolution: every reference of the set against one base, once per
// iteration.  Timed, for each reference and each library: the parse of the
// base and of the reference from their text, resolution, and the making of
// the resolved URL as an owning object.  Both parses are timed because ada
// cannot leave them out (it resolves while parsing the reference, against a
// parsed base), and every row does the same work:
//   urlkit               parse_reference twice, resolve -> std::string (new each time)
//   Boost.URL            parse_uri_reference twice, resolve into a new boost::urls::url
//   urlkit (reuse)       parse_reference twice, resolve_into one std::string reused
//                        across calls: no allocation once it has grown
//   Boost.URL (reuse)    the same into one url reused across calls: no allocation
//                        once its capacity suffices
//   uriparser            uriParseSingleUriExA twice, uriAddBaseUriA, uriToStringA into
//                        a new std::string, uriFreeUriMembersA of the three
//   ada_main, ada_release
//                        ada::parse<ada::url_aggregator>(base), then
//                        ada::parse<ada::url_aggregator>(ref, &base): a new URL
//                        owning its text; ada's main branch and its last
//                        release, each when built (bench/ada_peer.hpp)
//   copy                 the floor: the base's and the reference's bytes copied
//                        into one std::string reused across calls
// Only the references that every library parses are used, so that every
// library resolves the same list.
#include <benchmark/benchmark.h>
#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <boost/url/url_view.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ada_peer.hpp"
#include "bench_util.hpp"
#include "corpus.hpp"
#include "resolve_set.hpp"
#include "rows.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit_bench {

namespace {

boost::urls::string_view bsv(std::string_view s) noexcept {
  return {s.data(), s.size()};
}

bool uriparser_parse(std::string_view s, UriUriA& out) {
  const char* error_pos = nullptr;
  return uriParseSingleUriExA(&out, s.data(), s.data() + s.size(), &error_pos) == URI_SUCCESS;
}

/// uriparser's resolution of `ref` against `base` as a new string, or
/// nullopt; frees what it allocated.
std::optional<std::string> uriparser_resolve(std::string_view base, std::string_view ref) {
  UriUriA b;
  if (!uriparser_parse(base, b)) return std::nullopt;
  std::optional<std::string> out;
  UriUriA r;
  if (uriparser_parse(ref, r)) {
    UriUriA dest;
    if (uriAddBaseUriA(&dest, &r, &b) == URI_SUCCESS) {
      int length = 0;
      if (uriToStringCharsRequiredA(&dest, &length) == URI_SUCCESS) {
        out.emplace(static_cast<std::size_t>(length), '\0');
        // uriToStringA writes a NUL after the text: std::string has room for it.
        uriToStringA(out->data(), &dest, length + 1, nullptr);
      }
      uriFreeUriMembersA(&dest);
    }
    uriFreeUriMembersA(&r);
  }
  uriFreeUriMembersA(&b);
  return out;
}

/// The references of `refs` that every library parses.
struct prepared {
  std::string_view base;
  std::vector<std::string_view> dropped;  // before refs: its constructor fills it
  url_set refs;
  std::vector<named_ada_peer> adas = built_ada_peers();

  prepared(std::string_view base_text, const url_set& all)
      : base(base_text), refs(references_all_parse(base_text, all, &dropped)) {}
  /// Resolves every reference with each library, untimed, and tells how
  /// often urlkit's result equals each peer's.  They differ by design where
  /// RFC 1808 and RFC 3986 differ (";x", "../../../g", ...), and more from
  /// ada, which follows WHATWG's URL Standard: the figure says how alike the
  /// work being timed is.
  void compare(const std::string& name) const {
    std::size_t same_boost = 0, same_uriparser = 0;
    std::vector<std::size_t> same_ada(adas.size());
    std::vector<std::string> examples;
    const auto kb = *urlkit::parse_reference(base);
    const auto bb = *boost::urls::parse_uri_reference(bsv(base));
    std::string href;
    for (auto s : refs.items) {
      auto k = urlkit::resolve(kb, *urlkit::parse_reference(s));
      const std::string ours = k ? *k : "(error)";
      boost::urls::url b;
      const bool b_ok =
          boost::urls::resolve(bb, *boost::urls::parse_uri_reference(bsv(s)), b).has_value();
      const std::string theirs = b_ok ? std::string(b.buffer()) : "(error)";
      same_boost += ours == theirs;
      same_uriparser += ours == uriparser_resolve(base, s).value_or("(error)");
      for (std::size_t i = 0; i < adas.size(); ++i)
        same_ada[i] += adas[i].peer->resolve(base, s, href) && ours == href;
      if (ours != theirs && examples.size() < 3)
        examples.push_back('"' + std::string(s) + "\" urlkit " + ours + " Boost.URL " + theirs);
    }
    std::fprintf(stderr,
                 "resolve/%s: urlkit's result equals Boost.URL's for %zu, uriparser's for %zu",
                 name.c_str(), same_boost, same_uriparser);
    for (std::size_t i = 0; i < adas.size(); ++i)
      std::fprintf(stderr, ", %.*s's for %zu", static_cast<int>(adas[i].name.size()),
                   adas[i].name.data(), same_ada[i]);
    std::fprintf(stderr, " of %zu\n", refs.size());
    for (const auto& e : examples) std::fprintf(stderr, "  e.g. %s\n", e.c_str());
  }
};

void resolve_urlkit(benchmark::State& state, const prepared& p) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (auto s : p.refs.items) {
      auto base = urlkit::parse_reference(p.base);
      auto ref = urlkit::parse_reference(s);
      auto r = urlkit::resolve(*base, *ref);
      refused += !r.has_value();
      benchmark::DoNotOptimize(r);
    }
  }
  report(state, p.refs, refused);
}

void resolve_urlkit_reuse(benchmark::State& state, const prepared& p) {
  std::size_t refused = 0;
  std::string dest;
  for (auto _ : state) {
    refused = 0;
    for (auto s : p.refs.items) {
      auto base = urlkit::parse_reference(p.base);
      auto ref = urlkit::parse_reference(s);
      auto r = urlkit::resolve_into(*base, *ref, dest);
      refused += !r.has_value();
      benchmark::DoNotOptimize(dest);
    }
  }
  report(state, p.refs, refused);
}

void resolve_boost_url(benchmark::State& state, const prepared& p) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (auto s : p.refs.items) {
      auto base = boost::urls::parse_uri_reference(bsv(p.base));
      auto ref = boost::urls::parse_uri_reference(bsv(s));
      boost::urls::url dest;
      auto r = boost::urls::resolve(*base, *ref, dest);
      refused += !r.has_value();
      benchmark::DoNotOptimize(dest);
    }
  }
  report(state, p.refs, refused);
}

void resolve_boost_url_reuse(benchmark::State& state, const prepared& p) {
  std::size_t refused = 0;
  boost::urls::url dest;
  for (auto _ : state) {
    refused = 0;
    for (auto s : p.refs.items) {
      auto base = boost::urls::parse_uri_reference(bsv(p.base));
      auto ref = boost::urls::parse_uri_reference(bsv(s));
      auto r = boost::urls::resolve(*base, *ref, dest);
      refused += !r.has_value();
      benchmark::DoNotOptimize(dest);
    }
  }
  report(state, p.refs, refused);
}

void resolve_uriparser(benchmark::State& state, const prepared& p) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (auto s : p.refs.items) {
      auto out = uriparser_resolve(p.base, s);
      refused += !out.has_value();
      benchmark::DoNotOptimize(out);
    }
  }
  report(state, p.refs, refused);
}

// One pass a call, in ada's shared object (bench/ada_peer.hpp).
void resolve_ada(benchmark::State& state, const prepared& p, const ada_peer& ada) {
  std::size_t refused = 0;
  for (auto _ : state) refused = ada.resolve_pass(p.base, p.refs.items.data(), p.refs.size());
  report(state, p.refs, refused);
}

// The floor of a resolution into a reused string: the two texts' bytes
// copied into it, nothing read or decided.
void resolve_copy(benchmark::State& state, const prepared& p) {
  std::string dest;
  for (auto _ : state)
    for (auto s : p.refs.items) {
      dest.assign(p.base);
      dest.append(s);
      benchmark::DoNotOptimize(dest);
    }
  report(state, p.refs, 0);
}

}  // namespace

void register_dot_segment_rows() {
  benchmark::RegisterBenchmark(
      "resolve/dot_segments",
      [](benchmark::State& st) {
        const auto n = static_cast<std::size_t>(st.range(0));
        std::string ref;
        for (std::size_t i = 0; i < n; ++i) ref += "a/";
        for (std::size_t i = 0; i < n; ++i) ref += "../";
        ref += "g";
        const auto base = *urlkit::parse_reference(appendix_c_base);
        const auto r = *urlkit::parse_reference(ref);
        for (auto _ : st) benchmark::DoNotOptimize(urlkit::resolve(base, r));
        st.SetComplexityN(static_cast<benchmark::IterationCount>(n));
        st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * ref.size()));
      })
      ->RangeMultiplier(10)
      ->Range(1'000, 100'000)
      ->Complexity(benchmark::oN);
}

void register_resolve_rows(const std::string& set_name, std::string_view base,
                           const url_set& refs) {
  // Lives as long as the rows that use it, i.e. the whole run.
  auto p = std::make_shared<const prepared>(base, refs);
  std::fprintf(stderr, "resolve/%s: %zu references parsed by every library, %zu not",
               set_name.c_str(), p->refs.size(), p->dropped.size());
  for (std::size_t i = 0; i < p->dropped.size() && i < 5; ++i)
    std::fprintf(stderr, "%s \"%.*s\"", i ? "," : ":", static_cast<int>(p->dropped[i].size()),
                 p->dropped[i].data());
  std::fprintf(stderr, "\n");
  p->compare(set_name);
  const std::string prefix = "resolve/" + set_name + "/";
  add_row(prefix + "urlkit", [p](benchmark::State& st) { resolve_urlkit(st, *p); });
  add_row(prefix + "urlkit_reuse", [p](benchmark::State& st) { resolve_urlkit_reuse(st, *p); });
  add_row(prefix + "boost_url", [p](benchmark::State& st) { resolve_boost_url(st, *p); });
  add_row(prefix + "boost_url_reuse",
          [p](benchmark::State& st) { resolve_boost_url_reuse(st, *p); });
  add_row(prefix + "uriparser", [p](benchmark::State& st) { resolve_uriparser(st, *p); });
  for (const auto& [name, ada] : p->adas)
    add_row(prefix + std::string(name),
            [p, ada = ada](benchmark::State& st) { resolve_ada(st, *p, *ada); });
  add_row(prefix + "copy", [p](benchmark::State& st) { resolve_copy(st, *p); });
}

}  // namespace urlkit_bench
