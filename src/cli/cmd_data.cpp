// urlkit data: the decoded body of a data: URL on stdout (RFC 2397), or a
// data: URL made of stdin's bytes (--encode).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/schemes/data.hpp"

namespace urlkit::cli {
namespace {

struct data_args {
  bool strict = false;
  bool warnings = false;
  bool encode = false;
  std::string type;
  // Given or not, rather than empty or not: "" is a URL (an invalid one) and
  // a file name (of no file), as typed.
  std::optional<std::string> url;   // the URL, or "-": read it from stdin
  std::optional<std::string> file;  // read the URL from this file
  std::vector<std::string> refuse;
};

constexpr std::size_t piece_size = data_view::default_chunk;

// Reads a file descriptor in pieces; false on a read error (errno kept).
template <class F>
bool read_pieces(int fd, F&& f) {
  auto buf = std::make_unique_for_overwrite<char[]>(piece_size);
  for (;;) {
    const ssize_t n = ::read(fd, buf.get(), piece_size);
    if (n > 0) {
      if (!f(std::string_view(buf.get(), static_cast<std::size_t>(n)))) return true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n == 0;
  }
}

// "WHERE:OFFSET", how a message names the byte at `offset` of the URL.  A
// URL read from a file or stdin is named by the file ("-": stdin), the offset
// counting in what was read.  A URL given as an argument is shown as every
// command shows one (its password hidden, shown_url), a long one cut short,
// but never before the byte the message is about: the offset points into
// the text beside it.
std::string located(const data_args& args, const masked_text& shown, std::size_t offset) {
  if (args.file) return *args.file + ':' + std::to_string(offset);
  if (*args.url == "-") return "-:" + std::to_string(offset);
  const std::size_t at = shown.map(offset);
  std::string text = shown.text;
  if (text.size() > 72) {
    const std::size_t cut = std::max<std::size_t>(60, at + 1);
    if (cut < text.size()) text.replace(cut, std::string::npos, "...");
  }
  return text + ':' + std::to_string(at);
}

int run_encode(const data_args& args, std_streams& io) {
  std::string bytes;
  const bool ok = read_pieces(STDIN_FILENO, [&](std::string_view piece) {
    bytes.append(piece);
    return true;
  });
  if (!ok) {
    io.err << "urlkit: cannot read standard input: " << std::strerror(errno);
    io.err.end_line();
    return io.finish(exit_failed);
  }
  const auto url = make_data_url(bytes, args.type);
  if (!url) {
    // TYPE:OFFSET: error: MESSAGE, the offset in the --type value.
    io.err << error_line(args.type, url.error());
    io.err.end_line();
    return io.finish(exit_failed);
  }
  io.out << *url;
  io.out.end_line();
  return io.finish(exit_ok);
}

int run_data(const data_args& args) {
  std_streams io;
  if (args.encode) return run_encode(args, io);

  const masked_text shown = args.file ? masked_text() : shown_url(*args.url);
  auto warn = [&](const urlkit::warning& w) {
    if (!args.warnings) return;
    io.err << located(args, shown, w.offset) << ": warning: " << w.message();
    io.err.end_line();
  };
  data_options o;
  o.mode = args.strict ? mode::strict : mode::lenient;
  o.on_warning = make_warning_sink(warn);
  o.refused_types = args.refuse;
  auto fail = [&](const urlkit::error& e) {
    io.err << located(args, shown, e.offset) << ": error: " << e.message();
    io.err.end_line();
    return io.finish(exit_failed);
  };
  // The body goes out as it is decoded, a chunk at a time.
  const data_sink sink = [&](std::string_view piece) {
    io.out << piece;
    if (io.out.buffer().size() >= output::block) io.out.flush();
    return io.out.ok();
  };

  if (!args.file && *args.url != "-") {
    // A URL given as an argument is short (the kernel limits one argument to
    // 128 KiB): it is checked whole, so nothing is written when it fails.
    auto d = parse_data(*args.url, o);
    if (!d) return fail(d.error());
    auto n = d->decode_body(sink);
    if (!n) return fail(n.error());
    return io.finish(exit_ok);
  }

  // From stdin or a file: read in pieces, decoded as they come.
  int fd = STDIN_FILENO;
  if (args.file) {
    fd = ::open(args.file->c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      io.err << "urlkit: cannot open " << *args.file << ": " << std::strerror(errno);
      io.err.end_line();
      return io.finish(exit_failed);
    }
  }
  data_url_reader reader(o);
  std::optional<urlkit::error> failed;
  const bool read_ok = read_pieces(fd, [&](std::string_view piece) {
    auto r = reader.write(piece, sink);
    if (!r) failed = r.error();
    return r.has_value() && io.out.ok();
  });
  const int read_errno = errno;
  if (fd != STDIN_FILENO) ::close(fd);
  if (!read_ok) {
    io.err << "urlkit: cannot read " << (args.file ? *args.file : std::string("standard input"))
           << ": " << std::strerror(read_errno);
    io.err.end_line();
    return io.finish(exit_failed);
  }
  if (!failed && io.out.ok()) {
    auto r = reader.finish(sink);
    if (!r) failed = r.error();
  }
  if (failed) return fail(*failed);
  return io.finish(exit_ok);
}

}  // namespace

command add_data(CLI::App& parent) {
  auto args = std::make_shared<data_args>();
  CLI::App* app = parent.add_subcommand(
      "data", "Write the decoded body of a data: URL to stdout, or make a data: URL (--encode)");
  app->footer(
      "The body's bytes go to stdout as they are, nothing else. The URL is read as a URL parser\n"
      "and the data: URL processing read it (RFC 2397, docs/schemes/data.md): leading and\n"
      "trailing spaces and controls are stripped, TAB, CR and LF removed, a \";base64\" body\n"
      "decoded forgivingly, the fragment ignored. With \"-\" or --file the URL is read in pieces\n"
      "and its body written as it is decoded, in bounded memory however long it is (a URL on the\n"
      "command line is limited to 128 KiB by the kernel); a body found bad at its end is then\n"
      "already partly written.\n"
      "--encode reads bytes from stdin and prints a data: URL of them, base64 or %-encoded,\n"
      "whichever is shorter.\n"
      "Exit status: 0 done, 1 not a valid data: URL (or a refused type), 2 usage.");
  app->add_option("URL", args->url, "A data: URL, or - to read it from stdin");
  app->add_option("-f,--file", args->file, "Read the data: URL from this file")
      ->excludes(app->get_option("URL"));
  app->add_flag("--strict", args->strict,
                "Also require RFC 2397's grammar (section 3) and the generic one, exactly");
  app->add_flag("-w,--warnings", args->warnings,
                "List on stderr what a lenient reading accepted that RFC 2397 does not");
  app->add_option("--refuse", args->refuse,
                  "Refuse this media type (type/subtype or type/*; RFC 2397 6); repeatable")
      ->allow_extra_args(false);
  CLI::Option* encode = app->add_flag("--encode", args->encode,
                                      "Read bytes from stdin and print a data: URL of them");
  app->add_option("--type", args->type,
                  "With --encode: the media type to write, read with RFC 2045's grammar "
                  "(type/subtype;name=value, quoted values allowed; default: none, which means "
                  "text/plain;charset=US-ASCII); one that does not fit is an error (exit 1)")
      ->needs(encode);
  encode->excludes(app->get_option("URL"))->excludes(app->get_option("--file"));
  add_show_password_flag(*app);
  app->callback([args] {
    if (!args->encode && !args->url && !args->file)
      throw CLI::RequiredError("URL (or --file, or --encode)");
  });
  return {app, [args] { return run_data(*args); }};
}

}  // namespace urlkit::cli
