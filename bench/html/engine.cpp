// urlkit_html_engine: urlkit::html's engine alone over the corpus, the
// documents held in memory: what `urlkit absolutize` does with a file it
// takes whole (base_tag_scan, find_base_href where "<base" is seen, then an
// absolutizer told the base, warnings of links left as they are counted),
// without the files, so that its CPU time is the engine's.  On a shared
// machine the CPU time of a run moves with the machine's load, a slow
// stretch counting as much as the work (docs/performance.md, "HTML:
// absolutize"): the repetitions, one after the other in one process, show
// how much; their minimum is the engine's cost with the least of it.
//
//   urlkit_html_engine LIST REPETITIONS
//
// LIST: lines "BASE<TAB>PATH", each document and the base its place gives
// (bench/html/measure.py writes the corpus's, with the manifest's bases).
// Prints "bytes N" (the documents' bytes), "written N" (the output's bytes
// of one repetition), "left N" (the links left as they are, of one), then
// "cpu S" for each repetition (CPU seconds of this process).
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "urlkit/base.hpp"
#include "urlkit/html.hpp"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct document {
  urlkit::established_base outer;
  std::string text;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: urlkit_html_engine LIST REPETITIONS\n";
    return 2;
  }
  const int repetitions = std::atoi(argv[2]);
  std::ifstream list(argv[1]);
  std::vector<document> documents;
  std::size_t bytes = 0;
  for (std::string line; std::getline(list, line);) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    urlkit::base_context context;
    context.retrieval = line.substr(0, tab);
    auto outer = urlkit::establish_base(context);
    std::ifstream in(line.substr(tab + 1), std::ios::binary);
    if (!outer || !in) {
      std::cerr << "urlkit_html_engine: cannot read " << line.substr(tab + 1) << "\n";
      return 1;
    }
    document d{std::move(*outer),
               std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>())};
    bytes += d.text.size();
    documents.push_back(std::move(d));
  }
  std::printf("bytes %zu\n", bytes);
  for (int r = 0; r < repetitions; ++r) {
    std::size_t written = 0, left = 0;
    const urlkit::byte_sink sink = [&written](std::string_view b) {
      written += b.size();
      return true;
    };
    const double start = cpu_seconds();
    for (const document& d : documents) {
      urlkit::html::base_tag_scan scan;
      scan.write(d.text);
      std::optional<urlkit::html::base_href> found;
      if (scan.seen()) {
        auto base = urlkit::html::find_base_href(d.text);
        if (base) found = std::move(*base);
      }
      urlkit::html::absolutize_options options;
      options.only_left_as_is = true;
      options.on_link = [&left](const urlkit::html::link& l) { left += l.resolved ? 0 : 1; };
      urlkit::html::absolutizer a(d.outer, found, std::move(options));
      if (!a.write(d.text, sink) || !a.finish(sink)) {
        std::cerr << "urlkit_html_engine: a document failed\n";
        return 1;
      }
    }
    const double cpu = cpu_seconds() - start;
    if (r == 0) std::printf("written %zu\nleft %zu\n", written, left);
    std::printf("cpu %.4f\n", cpu);
  }
  return 0;
}
