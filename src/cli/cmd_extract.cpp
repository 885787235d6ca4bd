// urlkit extract: the URLs in free text (RFC 1738 appendix, draft Appendix B),
// one per line, or one JSON object per URL.  The input is read in chunks and
// each URL printed once the chunk that completes it has been read, so any
// size of input runs in bounded memory.  With --jobs N the text is cut into
// batches at line ends that no URL can span (see extract_cut) and scanned on
// N threads.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/extract.hpp"

namespace urlkit::cli {
namespace {

struct extract_args {
  bool json = false;
  std::string file;
  unsigned jobs = 1;
  bool no_progress = false;
};

constexpr std::size_t chunk_size = std::size_t{1} << 20;

void write_json_object(std::string& out, const urlkit::extracted& e) {
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

void write_json(std::string& out, const urlkit::extracted& e) {
  json::write_lossless(out, [&](std::string& s) { write_json_object(s, e); });
}

// ---- batches ----------------------------------------------------------------
//
// A batch is scanned by an extractor of its own, so a cut must be a point
// where the scanner over the whole input holds nothing: every URL, wrapper
// and candidate that starts before it has ended before it, and what follows
// is read as if the input began there.  Right after a line feed that is so
// when (see src/extract.cpp and docs/extract.md) both of these hold:
//
//  - no bare URL goes on past it: the line feed ends an empty line (only
//    white space between it and the line break before it), which ends every
//    bare URL, the hyphen rule included; or the last byte before it other
//    than white space is not "-", so no bare URL goes on by the hyphen rule
//    (any other bare URL, and the scan of a word, end at white space); and
//  - no wrapper is open: a wrapper open at the cut started at the last "<"
//    before it (a "<" ends the wrapper before it), so it is enough that this
//    "<" is followed by white space or ">" (not a wrapper), or by a ">" or
//    <"> before the cut (the wrapper ended), or is more than max_length bytes
//    before the cut (the scanner gave it up), or that there is no "<" since
//    the start of the batch.  After an empty line it is also enough that the
//    "<" is not followed by "URL:": an empty line gives up a bare "<...>",
//    while inside "<URL:...>" it is white space like any other.  (A "<URL:"
//    given up leaves a warning on the bare URLs that start in it; by then the
//    wrapper has ended before the cut, so none starts after it.)
//
// The byte before the cut is then a line feed, which no scheme name
// continues, as at the start of the input.  Cutting there is exact: the
// batches give the URLs of one pass over the whole input, with the offsets
// of each batch's start added.

bool is_ws(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// True when d[lt] is the "<" of "<URL:" (any case).
bool opens_url_wrapper(std::string_view d, std::size_t lt) noexcept {
  if (d.size() - lt < 5) return false;
  for (std::size_t i = 0; i < 4; ++i) {
    const char c = d[lt + 1 + i];
    const char l = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    if (l != "url:"[i]) return false;
  }
  return true;
}

// The longest prefix of `d` that ends at such a point; 0 when there is none.
// Each byte is looked at a bounded number of times.
std::size_t extract_cut(std::string_view d, bool at_end) noexcept {
  if (at_end) return d.size();
  constexpr std::size_t npos = std::string_view::npos;
  static const std::size_t max_length = urlkit::extract_options{}.max_length;
  std::size_t lt = npos;      // the last "<" before the line feed, once `known`
  std::size_t closed = npos;  // where the wrapper at lt ends for sure, if before the line feed
  bool known = false;
  std::size_t lf = d.rfind('\n');
  while (lf != npos) {
    // Back from the line feed over white space other than LF.
    std::size_t q = lf;
    while (q > 0 && d[q - 1] != '\n' && is_ws(d[q - 1])) --q;
    const bool empty_line = q > 0 && d[q - 1] == '\n';
    if (empty_line || q == 0 || d[q - 1] != '-') {
      // No "<" between lt and the last line feed looked at: lt stays the
      // last one before this line feed.
      if (!known || (lt != npos && lt > lf)) {
        lt = d.rfind('<', lf);
        known = true;
        closed = npos;
        if (lt != npos) {
          if (is_ws(d[lt + 1]) || d[lt + 1] == '>') {
            closed = lt;  // not a wrapper
          } else {
            closed = d.substr(lt + 1, lf - lt - 1).find_first_of(">\"");
            if (closed != npos) closed += lt + 1;
          }
        }
      }
      if (lt == npos || closed < lf || lf - lt > max_length + 1 ||
          (empty_line && !opens_url_wrapper(d, lt)))
        return lf + 1;
      // The wrapper at lt may be open at every line feed after it: look
      // before it.
      known = false;
      lf = lt;
    }
    lf = lf == 0 ? npos : d.rfind('\n', lf - 1);
  }
  return 0;
}

// Moves an extracted URL `by` bytes further into the input: its ranges, and
// the "offset N" of its warnings (extractor warnings all start so).
void shift(urlkit::extracted& e, std::uint64_t by) {
  if (by == 0) return;
  e.start += by;
  e.end += by;
  e.outer_start += by;
  e.outer_end += by;
  constexpr std::string_view prefix = "offset ";
  for (std::string& w : e.warnings) {
    if (w.compare(0, prefix.size(), prefix) != 0) continue;
    std::uint64_t n = 0;
    const char* first = w.data() + prefix.size();
    const char* last = w.data() + w.size();
    auto [p, ec] = std::from_chars(first, last, n);
    if (ec != std::errc() || p == first) continue;
    char digits[24];
    auto r = std::to_chars(digits, digits + sizeof digits, n + by);
    w.replace(prefix.size(), static_cast<std::size_t>(p - first), digits,
              static_cast<std::size_t>(r.ptr - digits));
  }
}

void append_url(std::string& out, const urlkit::extracted& e, bool json) {
  if (json)
    write_json(out, e);
  else
    out += e.url;
  out += '\n';
}

class extract_job final : public batch_job {
 public:
  explicit extract_job(bool json) : json_(json) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return extract_cut(data, at_end);
  }

  void process(std::string_view data, std::uint64_t offset, batch_result& r) const override {
    urlkit::extractor x;
    const urlkit::extractor::sink keep = [&](urlkit::extracted& e) {
      shift(e, offset);
      append_url(r.out, e, json_);
    };
    x.feed(data, keep);
    x.finish(keep);
  }

  bool has_serial() const override { return true; }

  // A stretch with no cut (say, every line ending in "-"): one extractor,
  // fed in order, until it holds nothing at the end of a line.
  serial_step serial(std::string_view data, std::uint64_t offset, bool at_end,
                     batch_result& r) override {
    if (!serial_) {
      serial_.emplace();
      serial_base_ = offset;
    }
    const urlkit::extractor::sink keep = [&](urlkit::extracted& e) {
      shift(e, serial_base_);
      append_url(r.out, e, json_);
    };
    if (at_end) {
      serial_->feed(data, keep);
      serial_->finish(keep);
      serial_.reset();
      return {data.size(), true};
    }
    const std::size_t lf = data.rfind('\n');
    const std::size_t upto = lf == std::string_view::npos ? data.size() : lf + 1;
    serial_->feed(data.substr(0, upto), keep);
    // Nothing held after a line feed: the scanner is back in plain text, with
    // everything before reported (finish() then adds nothing).
    if (lf != std::string_view::npos && serial_->pending() == 0) {
      serial_->finish(keep);
      serial_.reset();
      return {upto, true};
    }
    serial_->feed(data.substr(upto), keep);
    return {data.size(), false};
  }

 private:
  bool json_;
  std::optional<urlkit::extractor> serial_;
  std::uint64_t serial_base_ = 0;
};

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
  const std::string input_name = from_file ? args.file : std::string("standard input");
  progress_meter progress(fd, args.no_progress);

  const unsigned jobs = effective_jobs(args.jobs);
  if (jobs > 1) {
    extract_job job(args.json);
    batch_options opts;
    opts.jobs = jobs;
    batch_outcome r = run_batches(fd, job, opts, io, &progress);
    progress.hide();
    int status = exit_ok;
    if (r.read_error) {
      io.err << "urlkit: cannot read " << input_name << ": " << std::strerror(r.read_error);
      io.err.end_line();
      status = exit_failed;
    }
    if (from_file) ::close(fd);
    return io.finish(status);
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
  std::uint64_t done = 0;
  for (;;) {
    const ssize_t n = ::read(fd, chunk.get(), chunk_size);
    if (n > 0) {
      extractor.feed(std::string_view(chunk.get(), static_cast<std::size_t>(n)), print);
      // What this chunk completed goes out now, not when a block fills: a
      // slow producer (a pipe, a terminal) sees each URL as soon as it ends.
      if (!io.out.buffer().empty() && !io.out.flush()) break;
      done += static_cast<std::size_t>(n);
      progress.update(done);
      continue;
    }
    if (n == 0) break;
    if (errno == EINTR) continue;
    progress.hide();
    io.err << "urlkit: cannot read " << input_name << ": " << std::strerror(errno);
    io.err.end_line();
    status = exit_failed;
    break;
  }
  extractor.finish(print);
  progress.hide();
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
      "trailing sentence punctuation. White space inside a wrapper is removed (inside\n"
      "<URL:...> empty lines too); a line break right after '-' joins the lines and adds\n"
      "a warning, and so does a URL in a <URL: wrapper that was given up (no '>' within\n"
      "1 MiB, say): it may be cut short. Prints one URL per line, or with --json one\n"
      "object per URL: {\"url\",\"start\",\"end\",\"how\",\"warnings\"}, start and end the\n"
      "byte offsets of the URL text in the input (end exclusive).\n"
      "With --jobs N the text is cut at line ends no URL can span and scanned on N threads;\n"
      "the output is byte for byte that of --jobs 1. When stderr is a terminal and stdout\n"
      "is not, input of more than 4 MiB shows a progress bar on stderr (--no-progress: never).\n"
      "Exit status: 0 done (whether or not URLs were found), 1 read error, 2 usage or\n"
      "FILE cannot be opened.");
  app->add_flag("--json", args->json, "One JSON object per URL instead of the URL alone");
  app->add_option("FILE", args->file, "The text to search (default or '-': stdin)");
  app->add_option("--jobs", args->jobs, "Threads (default 1; 0: one per core)")
      ->check(CLI::Range(0u, 1024u));
  app->add_flag("--no-progress", args->no_progress, "No progress bar, even on a terminal");
  return {app, [args] { return run_extract(*args); }};
}

}  // namespace urlkit::cli
