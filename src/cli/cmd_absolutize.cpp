// urlkit absolutize: an HTML document with every link made absolute (draft
// sections 5 and 6), the rest of it byte for byte as it was.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/base.hpp"
#include "urlkit/html.hpp"

namespace urlkit::cli {
namespace {

struct absolutize_args {
  base_context context;  // the outer layers, as the options give them
  bool keep_same_document = false;
  std::string file;
};

// The bytes of a document read at a time.
constexpr std::size_t chunk = std::size_t{1} << 16;

// Whether `fd` is a regular file, which can be read twice.
bool rereadable(int fd) {
  struct stat st {};
  return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && lseek(fd, 0, SEEK_CUR) == 0;
}

int run_absolutize(const absolutize_args& args) {
  std_streams io;
  // The outer layers (5.1 headers, 5.2, 5.3); the document may add its own
  // BASE (5.1).  Every link depends on them: a bad one ends the run, as bad
  // input (the command line is well formed).
  const base_context& context = args.context;
  result<established_base> outer = establish_base(context);
  if (!outer) {
    return io.fail(exit_failed, base_error_line(context, outer.error()), " (bad base URL)");
  }

  input_file in(args.file);
  if (!in.is_open()) return io.fail(exit_failed, in.error_message());
  const std::string name = args.file == "-" ? std::string("<stdin>") : args.file;
  std::string buffer(chunk, '\0');

  html::absolutize_options options;
  options.keep_same_document = args.keep_same_document;
  // Each link left as it is, as it is read: where it is, and why.
  options.on_link = [&](const html::link& l) {
    if (l.resolved) return;
    const error& e = l.resolved.error();
    io.err << name << ':' << l.where.line << ':' << l.where.column << ": warning: " << l.element
           << ' ' << l.attribute << ": " << e.message()
           << (l.element == "base" ? " (BASE ignored" : " (left as it is") << "; offset "
           << e.offset << " in the URL)";
    io.err.end_line();
  };

  // The document's BASE may follow the links it applies to.  A file is read
  // twice: up to its BASE, then through, written as it is read.  A pipe is
  // read once, the absolutizer holding it until the BASE is found (in a
  // temporary file past a bound: docs/html.md, "Streaming").
  std::optional<html::absolutizer> absolutizer;
  if (rereadable(in.fd())) {
    html::base_finder finder;
    while (!finder.found()) {
      const std::size_t n = in.read(buffer.data(), buffer.size());
      if (n == 0) break;
      if (auto r = finder.write(std::string_view(buffer.data(), n)); !r)
        return io.fail(exit_failed, error_line(name, r.error()));
    }
    if (in.failed()) return io.fail(exit_failed, in.error_message());
    auto found = finder.finish();
    if (!found) return io.fail(exit_failed, error_line(name, found.error()));
    if (lseek(in.fd(), 0, SEEK_SET) != 0) {
      in.set_error(errno);
      return io.fail(exit_failed, in.error_message());
    }
    absolutizer.emplace(*outer, *found, std::move(options));
  } else {
    absolutizer.emplace(*outer, std::move(options));
  }

  const byte_sink out = [&](std::string_view bytes) {
    io.out << bytes;
    if (io.out.buffer().size() >= output::block) io.out.flush();
    return io.out.ok();
  };
  for (;;) {
    const std::size_t n = in.read(buffer.data(), buffer.size());
    if (n == 0) break;
    if (auto r = absolutizer->write(std::string_view(buffer.data(), n), out); !r) {
      // A write to stdout that failed: io.finish() says so.  Anything else
      // (the temporary file that holds a pipe failed, ...) is this run's.
      if (r.error().code == error_code::output_stopped && !io.out.ok()) break;
      return io.fail(exit_failed, error_line(name, r.error()));
    }
  }
  if (in.failed()) return io.fail(exit_failed, in.error_message());
  if (auto r = absolutizer->finish(out);
      !r && !(r.error().code == error_code::output_stopped && !io.out.ok()))
    return io.fail(exit_failed, error_line(name, r.error()));
  return io.finish(exit_ok);
}

}  // namespace

command add_absolutize(CLI::App& parent) {
  auto args = std::make_shared<absolutize_args>();
  CLI::App* app = parent.add_subcommand(
      "absolutize", "Write an HTML document with every link made absolute (to stdout)");
  set_footer(*app,
             "The base is the document's first BASE href (resolved against the outer base when\n"
             "relative, and then written back absolute), else the outer base: Content-Base,\n"
             "Content-Location, --encapsulating, --base (draft section 5). Every URL-valued\n"
             "attribute (docs/html.md lists them) is resolved by draft section 6 and rewritten\n"
             "in place, in its own quoting, its non-ASCII octets escaped (%C3%A9: read alike\n"
             "in any ASCII-compatible encoding); every other byte is left as it was. A link that\n"
             "does not parse or resolve is left as it is and reported on stderr as\n"
             "FILE:LINE:COLUMN: warning: ELEMENT ATTRIBUTE: offset N: message: a warning, not a\n"
             "failure. A bad base URL, a FILE that cannot be read, one in UTF-16 or UTF-32 (a\n"
             "byte order mark, a META charset) and one with a start tag longer than 64 MiB\n"
             "(docs/html.md, Limits) are invalid input. The document streams: FILE is read in\n"
             "pieces and written as it is read (a file twice: up to its BASE, then through; a\n"
             "pipe once, held until its BASE is found, in a temporary file past 4 MiB), so\n"
             "memory does not grow with it; a start tag too long fails the run part-way.");
  app->add_option("--base,--retrieval", args->context.retrieval,
                  "URL the document was retrieved with (draft 5.3)");
  app->add_option("--encapsulating", args->context.encapsulating,
                  "Base URL of the encapsulating entity (draft 5.2)");
  app->add_option("--content-base", args->context.content_base, "Value of the Content-Base header");
  app->add_option("--content-location", args->context.content_location,
                  "Value of the Content-Location header");
  app->add_flag("--keep-same-document", args->keep_same_document,
                "Leave references to the document itself (\"\", \"#name\") as they are");
  app->add_option("FILE", args->file, "The HTML document ('-': standard input)")->required();
  add_show_password_flag(*app);
  return {app, [args] { return run_absolutize(*args); }};
}

}  // namespace urlkit::cli
