// urlkit_html_oracle_tool: the oracle (oracle.hpp) on one file, as
// `urlkit absolutize` runs the engine: the benchmarks' "gumbo version" peer.
//
//   urlkit_html_oracle_tool [--base URL] [--keep-same-document] FILE
//
// Writes the absolutized document to stdout and each link left as it is to
// stderr (FILE:LINE:COL: warning: ...); exits 0, or 1 with the error (a bad
// base URL, a file that cannot be read, a UTF-16 or UTF-32 document).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "html_oracle/oracle.hpp"
#include "urlkit/base.hpp"
#include "urlkit/html.hpp"

namespace {

int usage() {
  std::cerr << "usage: urlkit_html_oracle_tool [--base URL] [--keep-same-document] FILE\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  urlkit::base_context context;
  urlkit::html::absolutize_options options;
  std::optional<std::string> file;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--base" && i + 1 < argc) {
      context.retrieval = argv[++i];
    } else if (arg == "--keep-same-document") {
      options.keep_same_document = true;
    } else if (!file && (arg == "-" || !arg.starts_with("-"))) {
      file = std::string(arg);
    } else {
      return usage();
    }
  }
  if (!file) return usage();

  const urlkit::result<urlkit::established_base> outer = urlkit::establish_base(context);
  if (!outer) {
    std::cerr << "urlkit_html_oracle_tool: bad base URL: " << outer.error().to_string() << '\n';
    return 1;
  }
  std::string document;
  if (*file == "-") {
    document.assign(std::istreambuf_iterator<char>(std::cin), {});
  } else {
    std::ifstream in(*file, std::ios::binary);
    if (!in) {
      std::cerr << "urlkit_html_oracle_tool: " << *file << ": cannot be read\n";
      return 1;
    }
    document.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto done = urlkit::html::oracle::absolutize(document, *outer, options);
  if (!done) {
    std::cerr << *file << ": error: " << done.error().to_string() << '\n';
    return 1;
  }
  std::fwrite(done->html.data(), 1, done->html.size(), stdout);
  for (const urlkit::html::link& l : done->links) {
    if (l.resolved) continue;
    std::cerr << *file << ':' << l.where.line << ':' << l.where.column << ": warning: " << l.element
              << ' ' << l.attribute << ": " << l.resolved.error().message() << '\n';
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}
