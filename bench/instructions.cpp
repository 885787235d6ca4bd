// urlkit_instructions: the work of one benchmark row with nothing around it,
// for an instruction counter (valgrind's callgrind, perf stat), whose counts
// do not move with the machine's load as times do.  bench/instructions runs it
// twice (1 and 1 + N passes) and divides the difference by N times the URLs,
// so that loading the corpus cancels out.
//
//   urlkit_instructions parse-lenient|parse-strict|resolve|resolve-reuse PASSES
//   urlkit_instructions parse-boost|parse-ada-main|parse-ada-release PASSES
//                       (the peers' parse rows; an ada only when the build has it,
//                       else exit status 3)
//   urlkit_instructions parse-splitter PASSES   (the floor, bench/floors.hpp)
//   urlkit_instructions resolve-pair|resolve-pair-reuse|resolve-ada-main|resolve-ada-release PASSES
//                       (the resolve/all rows' work: both parses and the resolution,
//                       of the references every library parses)
//   urlkit_instructions generic-SCHEME|view-SCHEME|view-from-url-SCHEME PASSES
//                       (http, https, ftp, mailto, file)
//   urlkit_instructions info   (how the libraries were built, "key: value" lines)
// "resolve" and "resolve-reuse" count the resolution alone, of references
// parsed before counting (of every reference urlkit parses).
// generic-SCHEME parses the corpus URLs of that scheme; view-SCHEME makes
// the typed view of each from its text, parse_X(text) (the typed-view rows
// of the benchmark); view-from-url-SCHEME makes it from the generic parse,
// parse_reference then parse_X(url_view).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ada_peer.hpp"
#include "build_info.hpp"
#include "corpus.hpp"
#include "floors.hpp"
#include "resolve_set.hpp"
#include "rows.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/schemes/ftp.hpp"
#include "urlkit/schemes/http.hpp"
#include "urlkit/schemes/mailto.hpp"
#include "urlkit/url_view.hpp"

#include <boost/url/parse.hpp>

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

// The ada of a mode's name ("...-ada-main"), or nullptr when not built.
const urlkit_bench::ada_peer* ada_of(const std::string& mode) {
  for (const auto& a : urlkit_bench::built_ada_peers())
    if (mode.ends_with(std::string(a.name.substr(a.name.find('_') + 1)))) return a.peer;
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace urlkit_bench;
  if (argc == 2 && std::string_view(argv[1]) == "info") {
    std::printf(
        "build_urlkit: compiled with %s (%s)\nbuild_boost_url: %s\nbuild_ada_main: %s\n"
        "build_ada_release: %s\nada_main_describe: %s\nada_release_describe: %s\n",
        build_info::flags, build_info::compiler, build_info::boost_url, build_info::ada_main,
        build_info::ada_release, build_info::ada_main_describe, build_info::ada_release_describe);
    return 0;
  }
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
  } else if (mode == "parse-ada-main" || mode == "parse-ada-release" ||
             mode == "resolve-ada-main" || mode == "resolve-ada-release") {
    const ada_peer* ada = ada_of(mode);
    if (!ada) {
      std::fprintf(stderr, "urlkit_instructions: built without %s (bench/CMakeLists.txt)\n",
                   mode.c_str() + mode.find("ada"));
      return 3;
    }
    if (mode.starts_with("parse-")) {
      static const corpus urls = corpus::load(dir + "/urls.txt");
      count = urls.all().size();
      // The parse row's pass, as urlkit_bench times it.
      for (long p = 0; p < passes; ++p)
        ok += count - ada->parse_pass(urls.all().items.data(), count);
    } else {
      static const corpus relative = corpus::load(dir + "/relative.txt");
      url_set all = appendix_c_references();
      for (auto r : relative.all().items) all.add(r);
      const url_set refs = references_all_parse(appendix_c_base, all);
      count = refs.size();
      for (long p = 0; p < passes; ++p)
        ok += count - ada->resolve_pass(appendix_c_base, refs.items.data(), count);
    }
  } else if (mode == "parse-splitter") {
    static const corpus urls = corpus::load(dir + "/urls.txt");
    count = urls.all().size();
    // split() refuses nothing: `ok` sums an offset, so that its result is used.
    for (long p = 0; p < passes; ++p)
      for (std::string_view s : urls.all().items) ok += split(s).path_begin != url_split::absent;
  } else if (mode == "resolve-pair" || mode == "resolve-pair-reuse") {
    static const corpus relative = corpus::load(dir + "/relative.txt");
    url_set all = appendix_c_references();
    for (auto r : relative.all().items) all.add(r);
    const url_set refs = references_all_parse(appendix_c_base, all);
    count = refs.size();
    std::string out;
    // Read once: compared in the loop, the mode's std::string was 70
    // instructions a pair that no row does.
    const bool new_string = mode == "resolve-pair";
    // As the resolve/all rows: both parses from the text, then the resolution.
    for (long p = 0; p < passes; ++p)
      for (std::string_view s : refs.items) {
        auto base = urlkit::parse_reference(appendix_c_base);
        auto ref = urlkit::parse_reference(s);
        if (new_string) {
          auto r = urlkit::resolve(*base, *ref);
          ok += r.has_value() && !r->empty();
        } else {
          ok += urlkit::resolve_into(*base, *ref, out).has_value() && !out.empty();
        }
      }
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
    const bool new_string = mode == "resolve";
    for (long p = 0; p < passes; ++p)
      for (const auto& v : views) {
        if (new_string) {
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
