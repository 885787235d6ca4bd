// urlkit_bench: urlkit against Boost.URL, uriparser and (when built with
// them) ada's main branch and last release, and the floors (a splitter that
// checks nothing, memchr, a copy), in one run, over the corpus made by
// tools/make-corpus.
// Usage: urlkit_bench [benchmark options].
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <utility>

#include "build_info.hpp"
#include "corpus.hpp"
#include "rows.hpp"

int main(int argc, char** argv) {
  using namespace urlkit_bench;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  // Loaded before any row is registered: a missing corpus ends the run here,
  // with the command that makes it.
  const std::string dir = corpus_dir();
  static const corpus urls = corpus::load(dir + "/urls.txt");
  static const corpus relative = corpus::load(dir + "/relative.txt");

  std::fprintf(stderr, "corpus: %zu URLs (%zu bytes), %zu relative references (%zu bytes)\n",
               urls.all().size(), urls.all().bytes, relative.all().size(), relative.all().bytes);
  benchmark::AddCustomContext("corpus_urls", std::to_string(urls.all().size()));
  benchmark::AddCustomContext("corpus_url_bytes", std::to_string(urls.all().bytes));
  benchmark::AddCustomContext("corpus_relative", std::to_string(relative.all().size()));

  // How each library was built (bench/CMakeLists.txt): the ratios compare
  // code, not builds, only where the flags are the same.
  const std::pair<const char*, std::string> build[] = {
      {"build_urlkit",
       std::string("compiled with ") + build_info::flags + " (" + build_info::compiler + ")"},
      {"build_boost_url", build_info::boost_url},
      {"build_uriparser", "prebuilt library (Debian's liburiparser), its own flags"},
      {"build_ada_main", build_info::ada_main},
      {"build_ada_release", build_info::ada_release},
  };
  for (const auto& [key, value] : build) {
    benchmark::AddCustomContext(key, value);
    std::fprintf(stderr, "%s: %s\n", key, value.c_str());
  }
  // Which ada each row set names, short (bench/chart.py labels its bars so).
  if (*build_info::ada_main_describe)
    benchmark::AddCustomContext("ada_main_describe", build_info::ada_main_describe);
  if (*build_info::ada_release_describe)
    benchmark::AddCustomContext("ada_release_describe", build_info::ada_release_describe);

  register_parse_rows("all", urls.all());
  register_floor_rows("all", urls.all());
  register_scheme_rows(urls);

  // The base of Appendix C; the references are the document's own plus the
  // relative hrefs found in installed HTML.
  url_set refs = appendix_c_references();
  for (auto r : relative.all().items) refs.add(r);
  register_resolve_rows("all", appendix_c_base, refs);
  // Without "#f": same-document references are trivial for every resolver
  // and are most of what HTML holds, so they would hide the path merging.
  url_set paths = appendix_c_references();
  for (auto r : relative.relative(false).items) paths.add(r);
  register_resolve_rows("paths", appendix_c_base, paths);
  register_dot_segment_rows();

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
