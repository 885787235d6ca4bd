// Resolution: every reference of the set against one base, once per
// iteration.  The base and the references are parsed once, before timing, by
// each library into its own parsed form; the timed part is resolution and the
// making of the resolved URL as an owning object:
//   urlkit               resolve(url_view, url_view) -> std::string (new each time)
//   Boost.URL            resolve(url_view, url_view, dest) into a new boost::urls::url
//   urlkit (reuse)       resolve_into(url_view, url_view, std::string&) into one
//                        string reused across calls: no allocation once it has grown
//   Boost.URL (reuse)    the same into one url reused across calls: no allocation
//                        once its capacity suffices
//   uriparser            uriAddBaseUriA -> UriUriA, uriToStringA into a new
//                        std::string, uriFreeUriMembersA
// Only the references that all three libraries parse are used, so that every
// library resolves the same list.
#include <benchmark/benchmark.h>
#include <uriparser/Uri.h>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <boost/url/url_view.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bench_util.hpp"
#include "corpus.hpp"
#include "rows.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit_bench {

namespace {

boost::urls::string_view bsv(std::string_view s) noexcept {
  return {s.data(), s.size()};
}

/// uriparser's parsed references, freed at exit of the run.
struct uriparser_list {
  std::vector<UriUriA> items;
  uriparser_list() = default;
  uriparser_list(const uriparser_list&) = delete;
  uriparser_list& operator=(const uriparser_list&) = delete;
  ~uriparser_list() {
    for (auto& u : items) uriFreeUriMembersA(&u);
  }
};

bool uriparser_parse(std::string_view s, UriUriA& out) {
  const char* error_pos = nullptr;
  return uriParseSingleUriExA(&out, s.data(), s.data() + s.size(), &error_pos) == URI_SUCCESS;
}

/// The references of `refs` that every library parses, each in each library's form.
struct prepared {
  url_set refs;
  std::vector<std::string_view> dropped;
  urlkit::url_view urlkit_base;
  std::vector<urlkit::url_view> urlkit_refs;
  boost::urls::url_view boost_base;
  std::vector<boost::urls::url_view> boost_refs;
  UriUriA uriparser_base{};
  uriparser_list uriparser_refs;

  prepared(std::string_view base, const url_set& all) {
    auto kb = urlkit::parse_reference(base);
    auto bb = boost::urls::parse_uri_reference(bsv(base));
    if (!kb || !bb || !uriparser_parse(base, uriparser_base)) {
      std::fprintf(stderr, "urlkit_bench: a library refuses the base %.*s\n",
                   static_cast<int>(base.size()), base.data());
      std::exit(2);
    }
    urlkit_base = *kb;
    boost_base = *bb;
    for (auto s : all.items) {
      auto k = urlkit::parse_reference(s);
      auto b = boost::urls::parse_uri_reference(bsv(s));
      UriUriA u;
      const bool u_ok = uriparser_parse(s, u);
      if (k && b && u_ok) {
        refs.add(s);
        urlkit_refs.push_back(*k);
        boost_refs.push_back(*b);
        uriparser_refs.items.push_back(u);
      } else {
        if (u_ok) uriFreeUriMembersA(&u);
        dropped.push_back(s);
      }
    }
  }
  /// Resolves every reference with each library, untimed, and tells how
  /// often urlkit's result equals each peer's.  They differ by design where
  /// RFC 1808 and RFC 3986 differ (";x", "../../../g", ...): the figure says
  /// how alike the work being timed is.
  void compare(const std::string& name) const {
    std::size_t same_boost = 0, same_uriparser = 0;
    std::vector<std::string> examples;
    for (std::size_t i = 0; i < refs.size(); ++i) {
      auto k = urlkit::resolve(urlkit_base, urlkit_refs[i]);
      const std::string ours = k ? *k : "(error)";
      boost::urls::url b;
      const bool b_ok = boost::urls::resolve(boost_base, boost_refs[i], b).has_value();
      const std::string theirs = b_ok ? std::string(b.buffer()) : "(error)";
      std::string u = "(error)";
      UriUriA dest;
      if (uriAddBaseUriA(&dest, &uriparser_refs.items[i], &uriparser_base) == URI_SUCCESS) {
        int length = 0;
        if (uriToStringCharsRequiredA(&dest, &length) == URI_SUCCESS) {
          u.resize(static_cast<std::size_t>(length));
          uriToStringA(u.data(), &dest, length + 1, nullptr);
        }
        uriFreeUriMembersA(&dest);
      }
      same_boost += ours == theirs;
      same_uriparser += ours == u;
      if (ours != theirs && examples.size() < 3)
        examples.push_back('"' + std::string(refs.items[i]) + "\" urlkit " + ours + " Boost.URL " +
                           theirs);
    }
    std::fprintf(stderr,
                 "resolve/%s: urlkit's result equals Boost.URL's for %zu and uriparser's for %zu "
                 "of %zu\n",
                 name.c_str(), same_boost, same_uriparser, refs.size());
    for (const auto& e : examples) std::fprintf(stderr, "  e.g. %s\n", e.c_str());
  }

  prepared(const prepared&) = delete;
  prepared& operator=(const prepared&) = delete;
  ~prepared() { uriFreeUriMembersA(&uriparser_base); }
};

void resolve_urlkit(benchmark::State& state, const prepared& p) {
  std::size_t refused = 0;
  for (auto _ : state) {
    refused = 0;
    for (const auto& ref : p.urlkit_refs) {
      auto r = urlkit::resolve(p.urlkit_base, ref);
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
    for (const auto& ref : p.urlkit_refs) {
      auto r = urlkit::resolve_into(p.urlkit_base, ref, dest);
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
    for (const auto& ref : p.boost_refs) {
      boost::urls::url dest;
      auto r = boost::urls::resolve(p.boost_base, ref, dest);
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
    for (const auto& ref : p.boost_refs) {
      auto r = boost::urls::resolve(p.boost_base, ref, dest);
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
    for (const auto& ref : p.uriparser_refs.items) {
      UriUriA dest;
      if (uriAddBaseUriA(&dest, &ref, &p.uriparser_base) != URI_SUCCESS) {
        ++refused;
        continue;
      }
      int length = 0;
      std::string out;
      if (uriToStringCharsRequiredA(&dest, &length) == URI_SUCCESS) {
        out.resize(static_cast<std::size_t>(length));
        // uriToStringA writes a NUL after the text: std::string has room for it.
        uriToStringA(out.data(), &dest, length + 1, nullptr);
      } else {
        ++refused;
      }
      benchmark::DoNotOptimize(out);
      uriFreeUriMembersA(&dest);
    }
  }
  report(state, p.refs, refused);
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
  std::fprintf(stderr, "resolve/%s: %zu references parsed by all three libraries, %zu not",
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
}

}  // namespace urlkit_bench
