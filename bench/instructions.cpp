// urlkit_instructions: the work of one benchmark row with nothing around it,
// for an instruction counter (valgrind's callgrind, perf stat), whose counts
// do not move with the machine's load as times do.  bench/instructions runs it
// twice (1 and 1 + N passes) and divides the difference by N times the URLs,
// so that loading the corpus cancels out.
//
//   urlkit_instructions parse-lenient|parse-strict|resolve|resolve-reuse PASSES
//   urlkit_instructions parse-boost|parse-ada PASSES   (the peers' parse rows;
//                       parse-ada only when built with URLKIT_BENCH_ADA_DIR)
//   urlkit_instructions generic-SCHEME|view-SCHEME|view-from-url-SCHEME PASSES
//                       (http, https, ftp, mailto, file)
// generic-SCHEME parses the corpus URLs of that scheme; view-SCHEME makes
// the typed view of each from its text, parse_X(text) (the typed-view rows
// of the benchmark); view-from-url-SCHEME makes it from the generic parse,
// parse_reference then parse_X(url_view).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "corpus.hpp"
#include "rows.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/url_view.hpp"

#include <boost/url/parse.hpp>
#ifdef URLKIT_BENCH_HAS_ADA
#include "ada.h"
#endif

namespace {

// How a scheme row reads each URL.
enum class reading { generic, view, view_from_url };

// The generic parse of each URL, or its typed view from its text, or from
// its generic parse: chosen at compile time, so that the loop is the row's
// work alone.
template <reading How, class Parse>
std::size_t run_scheme(const urlkit_bench::url_set& urls, long passes, Parse parse) {
  std::size_t ok = 0;
  for (long p = 0; p < passes; ++p)
    for (std::string_view s : urls.items) {
      if constexpr (How == reading::view) {
        ok += parse(s).has_value();
      } else {
        auto g = urlkit::parse_reference(s);
        if (!g) continue;
        if constexpr (How == reading::view_from_url)
          ok += parse(*g).has_value();
        else
          ++ok;
      }
    }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace urlkit_bench;
  if (argc != 3) {
    std::fprintf(stderr,
                 "usage: urlkit_instructions parse-lenient|parse-strict|resolve|resolve-reuse "
                 "PASSES\n");
    return 2;
  }
  const std::string mode = argv[1];
  const long passes = std::strtol(argv[2], nullptr, 10);
  const std::string dir = corpus_dir();
  std::size_t ok = 0, count = 0;
  if (mode == "parse-lenient" || mode == "parse-strict") {
    static const corpus urls = corpus::load(dir + "/urls.txt");
    const auto m = mode == "parse-strict" ? urlkit::mode::strict : urlkit::mode::lenient;
    count = urls.all().size();
    for (long p = 0; p < passes; ++p)
      for (std::string_view s : urls.all().items) ok += urlkit::parse_reference(s, m).has_value();
  } else if (mode == "parse-boost") {
    static const corpus urls = corpus::load(dir + "/urls.txt");
    count = urls.all().size();
    for (long p = 0; p < passes; ++p)
      for (std::string_view s : urls.all().items)
        ok += boost::urls::parse_uri_reference(boost::urls::string_view(s.data(), s.size()))
                  .has_value();
  } else if (mode == "parse-ada") {
#ifdef URLKIT_BENCH_HAS_ADA
    static const corpus urls = corpus::load(dir + "/urls.txt");
    count = urls.all().size();
    for (long p = 0; p < passes; ++p)
      for (std::string_view s : urls.all().items)
        ok += ada::parse<ada::url_aggregator>(s).has_value();
#else
    std::fprintf(stderr, "urlkit_instructions: built without ada (URLKIT_BENCH_ADA_DIR)\n");
    return 3;
#endif
  } else if (mode == "resolve" || mode == "resolve-reuse") {
    static const corpus relative = corpus::load(dir + "/relative.txt");
    url_set refs = appendix_c_references();
    for (auto r : relative.all().items) refs.add(r);
    const auto base = *urlkit::parse_reference(appendix_c_base);
    std::vector<urlkit::url_view> views;
    for (std::string_view s : refs.items)
      if (auto v = urlkit::parse_reference(s)) views.push_back(*v);
    count = views.size();
    std::string out;
    for (long p = 0; p < passes; ++p)
      for (const auto& v : views) {
        if (mode == "resolve") {
          auto r = urlkit::resolve(base, v);
          ok += r.has_value() && !r->empty();
        } else {
          ok += urlkit::resolve_into(base, v, out).has_value() && !out.empty();
        }
      }
  } else if (mode.starts_with("generic-") || mode.starts_with("view-")) {
    static const corpus urls = corpus::load(dir + "/urls.txt");
    const reading how = mode.starts_with("generic-")         ? reading::generic
                        : mode.starts_with("view-from-url-") ? reading::view_from_url
                                                             : reading::view;
    const std::string scheme = mode.substr(mode.rfind('-') + 1);
    const url_set set = urls.with_scheme(scheme);
    count = set.size();
    auto go = [&](auto parse) {
      switch (how) {
        case reading::generic:
          return run_scheme<reading::generic>(set, passes, parse);
        case reading::view:
          return run_scheme<reading::view>(set, passes, parse);
        case reading::view_from_url:
          break;
      }
      return run_scheme<reading::view_from_url>(set, passes, parse);
    };
    // Made once, as bench/parse_bench.cpp makes it for the timed rows.
    const urlkit::scheme_options options{};
    if (scheme == "http" || scheme == "https")
      ok = go([&](const auto& u) { return urlkit::parse_http(u, options); });
    else if (scheme == "ftp")
      ok = go([&](const auto& u) { return urlkit::parse_ftp(u, options); });
    else if (scheme == "mailto")
      ok = go([&](const auto& u) { return urlkit::parse_mailto(u, options); });
    else if (scheme == "file")
      ok = go([&](const auto& u) { return urlkit::parse_file(u, options); });
    else
      count = 0;
    if (count == 0) {
      std::fprintf(stderr, "urlkit_instructions: no typed view or no URLs for %s\n", mode.c_str());
      return 2;
    }
  } else {
    std::fprintf(stderr, "urlkit_instructions: unknown mode %s\n", mode.c_str());
    return 2;
  }
  std::printf("%zu %zu\n", count, ok);
  return 0;
}
