// urlkit extract: the URLs in free text (RFC 1738 appendix, draft Appendix B),
// one per line, or one JSON object per URL.  The input is read in chunks and
// each URL printed once the chunk that completes it has been read, so any
// size of input runs in bounded memory.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/extract.hpp"

namespace urlkit::cli {
namespace {

struct extract_args {
  bool json = false;
  std::string file;
};

constexpr std::size_t chunk_size = std::size_t{1} << 20;

void write_json(std::string& out, const urlkit::extracted& e) {
  json::object_writer o(out);
  o.string("url", e.url);
  o.number("start", e.start);
  o.number("end", e.end);
  o.string("how", urlkit::to_string(e.how));
  std::string& w = o.raw("warnings");
  w.push_back('[');
  for (std::size_t i = 0; i < e.warnings.size(); ++i) {
    if (i) w.push_back(',');
    json::write_string(w, e.warnings[i]);
  }
  w.push_back(']');
  o.close();
}

int run_extract(const extract_args& args) {
  std_streams io;
  int fd = STDIN_FILENO;
  const bool from_file = !args.file.empty() && args.file != "-";
  if (from_file) {
    fd = ::open(args.file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      io.err << "urlkit: cannot open " << args.file << ": " << std::strerror(errno);
      io.err.end_line();
      return io.finish(exit_usage);
    }
  }

  const urlkit::extractor::sink print = [&](urlkit::extracted& e) {
    if (args.json)
      write_json(io.out.buffer(), e);
    else
      io.out << e.url;
    io.out.end_line();
  };

  urlkit::extractor extractor;
  auto chunk = std::make_unique_for_overwrite<char[]>(chunk_size);
  int status = exit_ok;
  for (;;) {
    const ssize_t n = ::read(fd, chunk.get(), chunk_size);
    if (n > 0) {
      extractor.feed(std::string_view(chunk.get(), static_cast<std::size_t>(n)), print);
      // What this chunk completed goes out now, not when a block fills: a
      // slow producer (a pipe, a terminal) sees each URL as soon as it ends.
      if (!io.out.buffer().empty() && !io.out.flush()) break;
      continue;
    }
    if (n == 0) break;
    if (errno == EINTR) continue;
    io.err << "urlkit: cannot read " << (from_file ? args.file : std::string("standard input"))
           << ": " << std::strerror(errno);
    io.err.end_line();
    status = exit_failed;
    break;
  }
  extractor.finish(print);
  if (from_file) ::close(fd);
  return io.finish(status);
}

}  // namespace

command add_extract(CLI::App& parent) {
  auto args = std::make_shared<extract_args>();
  CLI::App* app = parent.add_subcommand(
      "extract", "Find the URLs in free text (RFC 1738 appendix, draft Appendix B)");
  app->footer(
      "Finds <URL:...> (wrapped), <...> with a scheme (bracketed) and, outside wrappers,\n"
      "URLs of known schemes (bare: the standard schemes, https and data), trimmed of\n"
      "trailing sentence punctuation. White space inside a wrapper is removed; a line\n"
      "break right after '-' joins the lines and adds a warning. Prints one URL per line,\n"
      "or with --json one object per URL: {\"url\",\"start\",\"end\",\"how\",\"warnings\"},\n"
      "start and end the byte offsets of the URL text in the input (end exclusive).\n"
      "Exit status: 0 done (whether or not URLs were found), 1 read error, 2 usage or\n"
      "FILE cannot be opened.");
  app->add_flag("--json", args->json, "One JSON object per URL instead of the URL alone");
  app->add_option("FILE", args->file, "The text to search (default or '-': stdin)");
  return {app, [args] { return run_extract(*args); }};
}

}  // namespace urlkit::cli
