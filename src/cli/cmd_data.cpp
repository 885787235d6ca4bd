// urlkit data: the decoded body of a data: URL on stdout (RFC 2397), or a
// data: URL made of stdin's bytes (--encode).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/detail/temp_file.hpp"
#include "urlkit/schemes/data.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli {
namespace {

struct data_args {
  bool strict = false;
  bool warnings = false;
  bool encode = false;
  bool base64 = false;   // --encode: base64 whatever its size
  bool percent = false;  // --encode: percent-encoding whatever its size
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

bool write_to_file(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// --encode: the bytes of stdin (or --file) as a data: URL, written as they
// are read, in bounded memory.  The shorter encoding can only be told once
// every byte has been seen, so the bytes are read twice: a file (stdin
// included) from where it was, anything else (a pipe) from a copy in an
// unnamed temporary file.  --base64 and --percent need one reading.
int run_encode(const data_args& args, std_streams& io) {
  auto failed = [&](const std::string& what, int err) {
    return io.fail(exit_failed, "urlkit: ", what, ": ", std::strerror(err));
  };
  // The type is checked before any input is read.
  {
    std::string header;
    auto w = data_url_writer::to_string(header, args.type, data_encoding::percent);
    if (!w) {
      // TYPE:OFFSET: error: MESSAGE, the offset in the --type value.
      return io.fail(exit_failed, error_line(args.type, w.error()));
    }
  }
  input_file in(args.file ? *args.file : std::string("-"));
  auto cannot_read = [&](int err) {
    in.set_error(err);
    return io.fail(exit_failed, in.error_message());
  };
  if (!in.is_open()) return cannot_read(in.error());
  const int fd = in.fd();
  int spool = -1;
  auto close_spool = [&] {
    if (spool >= 0) ::close(spool);
  };

  data_encoding encoding = args.base64 ? data_encoding::base64 : data_encoding::percent;
  int from = fd;
  if (!args.base64 && !args.percent) {
    data_body_measure measure;
    struct stat st {};
    const off_t start =
        ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? ::lseek(fd, 0, SEEK_CUR) : -1;
    std::string spool_dir;
    if (start < 0) {
      spool = urlkit::detail::unnamed_temp_file(spool_dir);
      if (spool < 0) {
        return failed("cannot make a temporary file in " + spool_dir, errno);
      }
    }
    bool spooled = true;
    const bool read_ok = read_pieces(fd, [&](std::string_view piece) {
      measure.add(piece);
      spooled = spool < 0 || write_to_file(spool, piece);
      return spooled;
    });
    if (!read_ok || !spooled) {
      const int err = errno;
      close_spool();
      return read_ok ? failed("cannot write a temporary file in " + spool_dir, err)
                     : cannot_read(err);
    }
    if ((spool >= 0 ? ::lseek(spool, 0, SEEK_SET) : ::lseek(fd, start, SEEK_SET)) < 0) {
      const int err = errno;
      close_spool();
      return cannot_read(err);
    }
    encoding = measure.shorter();
    if (spool >= 0) from = spool;
  }

  // The URL goes out as it is encoded, a chunk at a time.
  const byte_sink sink = [&](std::string_view piece) {
    io.out << piece;
    if (io.out.buffer().size() >= output::block) io.out.flush();
    return io.out.ok();
  };
  auto writer = data_url_writer::to_sink(sink, args.type, encoding);  // the type was checked
  const bool read_ok =
      read_pieces(from, [&](std::string_view piece) { return writer->write(piece); });
  const int err = errno;
  close_spool();
  if (!read_ok) return cannot_read(err);
  if (writer->finish()) io.out.end_line();
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
    return io.fail(exit_failed, located(args, shown, e.offset), ": error: ", e.message());
  };
  // The body goes out as it is decoded, a chunk at a time.
  const byte_sink sink = [&](std::string_view piece) {
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
  input_file in(args.file ? *args.file : std::string("-"));
  if (!in.is_open()) return io.fail(exit_failed, in.error_message());
  data_url_reader reader(o);
  std::optional<urlkit::error> failed;
  const bool read_ok = read_pieces(in.fd(), [&](std::string_view piece) {
    auto r = reader.write(piece, sink);
    if (!r) failed = r.error();
    return r.has_value() && io.out.ok();
  });
  if (!read_ok) {
    in.set_error(errno);
    return io.fail(exit_failed, in.error_message());
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
  set_footer(
      *app,
      "The body's bytes go to stdout as they are, nothing else. The URL is read as a URL parser\n"
      "and the data: URL processing read it (RFC 2397, docs/schemes/data.md): leading and\n"
      "trailing spaces and controls are stripped, TAB, CR and LF removed, a \";base64\" body\n"
      "decoded forgivingly, the fragment ignored. With \"-\" or --file the URL is read in pieces\n"
      "and its body written as it is decoded, in bounded memory however long it is (a URL on the\n"
      "command line is limited to 128 KiB by the kernel); a body found bad at its end is then\n"
      "already partly written.\n"
      "--encode reads bytes from stdin (or --file) and prints a data: URL of them, base64 or\n"
      "%-encoded, whichever is shorter, as it reads them, in bounded memory. To know which is\n"
      "shorter it reads the bytes twice: a file again, a pipe from a copy in $TMPDIR (or /tmp);\n"
      "--base64 or --percent choose, and read once.\n"
      "A URL of a refused type, and a --type value that is not a media type, are invalid input.");
  app->add_option("URL", args->url, "A data: URL, or - to read it from stdin");
  app->add_option("-f,--file", args->file,
                  "Read the data: URL from this file (with --encode: the bytes to encode)")
      ->excludes(app->get_option("URL"));
  app->add_flag("--strict", args->strict,
                "Also require RFC 2397's grammar (section 3) and the generic one, exactly");
  app->add_flag("-w,--warnings", args->warnings,
                "List on stderr what a lenient reading accepted that RFC 2397 does not");
  app->add_option("--refuse", args->refuse,
                  "Refuse this media type (type/subtype or type/*; RFC 2397 6); repeatable")
      ->allow_extra_args(false);
  CLI::Option* encode = app->add_flag(
      "--encode", args->encode, "Read bytes from stdin (or --file) and print a data: URL of them");
  app->add_option("--type", args->type,
                  "With --encode: the media type to write, read with RFC 2045's grammar "
                  "(type/subtype;name=value, quoted values allowed; default: none, which means "
                  "text/plain;charset=US-ASCII); one that does not fit is an error (exit 1)")
      ->needs(encode);
  CLI::Option* base64 =
      app->add_flag("--base64", args->base64,
                    "With --encode: write base64, whatever its size (the bytes are read once)")
          ->needs(encode);
  app->add_flag("--percent", args->percent,
                "With --encode: write %-encoding, whatever its size (the bytes are read once)")
      ->needs(encode)
      ->excludes(base64);
  encode->excludes(app->get_option("URL"));
  add_show_password_flag(*app);
  app->callback([args] {
    if (!args->encode && !args->url && !args->file)
      throw CLI::RequiredError("URL (or --file, or --encode)");
  });
  return {app, [args] { return run_data(*args); }};
}

}  // namespace urlkit::cli
