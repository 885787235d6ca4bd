// urlkit extract: the URLs in free text (RFC 1738 appendix, draft Appendix B),
// one per line, or one JSON object per URL.  The input is read in chunks and
// each URL printed once the chunk that completes it has been read, so any
// size of input runs in bounded memory.  With --jobs N the text is cut into
// batches at line ends that no URL can span (see extract_cut) and scanned on
// N threads.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/extract.hpp"
#include "urlkit/scheme.hpp"

namespace urlkit::cli {
namespace {

struct extract_args {
  bool json = false;
  std::optional<std::string> file;  // "" is a file name (of no file), as typed
  unsigned jobs = 1;
  bool no_progress = false;
};

constexpr std::size_t chunk_size = std::size_t{1} << 20;

// Options whose sink collects each URL's warnings in `w`: the extractor
// delivers them right before the URL.  `w` must outlive the extractor.
urlkit::extract_options collecting(json::warning_list& w) noexcept {
  urlkit::extract_options o;
  o.on_warning = urlkit::make_warning_sink(w);
  // Each scheme's own check, so that what extract finds, validate accepts.
  o.registry = &urlkit::scheme_registry::standard();
  return o;
}

void write_json_object(std::string& out, const urlkit::extracted& e,
                       const json::warning_list& warnings) {
  json::object_writer o(out);
  o.string("url", e.url);
  o.number("start", e.start);
  o.number("end", e.end);
  o.string("how", urlkit::to_string(e.how));
  json::write_warnings(o, warnings.items, warnings.not_listed + e.warnings_not_delivered);
  o.close();
}

// The URL (JSON or the URL alone), its warnings' offsets moved by `shift`
// (the start of the part the extractor scanned); they are then done with.
void write_url(std::string& out, const urlkit::extracted& e, json::warning_list& warnings,
               std::uint64_t shift, bool json) {
  if (json) {
    warnings.settle(shift);
    json::write_lossless(out, [&](std::string& s) { write_json_object(s, e, warnings); });
  } else {
    out += e.url;
  }
  warnings.clear();
}

// The same, as a line.
void append_url(std::string& out, const urlkit::extracted& e, json::warning_list& warnings,
                std::uint64_t shift, bool json) {
  write_url(out, e, warnings, shift, json);
  out += '\n';
}

class extract_job final : public batch_job {
 public:
  explicit extract_job(bool json) : json_(json) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return urlkit::extract_cut(data, at_end);
  }

  void process(std::string_view data, std::uint64_t offset, batch_result& r) const override {
    json::warning_list warnings;
    urlkit::extractor x(collecting(warnings));
    const urlkit::extractor::sink keep = [&](urlkit::extracted& e) {
      e.shift(offset);
      append_url(r.out, e, warnings, offset, json_);
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
      serial_.emplace(collecting(serial_warnings_));
      serial_base_ = offset;
    }
    const urlkit::extractor::sink keep = [&](urlkit::extracted& e) {
      e.shift(serial_base_);
      append_url(r.out, e, serial_warnings_, serial_base_, json_);
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
  json::warning_list serial_warnings_;  // serial_'s; outlives it
  std::optional<urlkit::extractor> serial_;
  std::uint64_t serial_base_ = 0;
};

int run_extract(const extract_args& args) {
  std_streams io;
  input_file in(args.file ? *args.file : std::string("-"));
  // A file that cannot be opened is an input that cannot be read, as one
  // that fails halfway: the command line is well formed.
  if (!in.is_open()) return io.fail(exit_failed, in.error_message());
  const int fd = in.fd();
  progress_meter progress(fd, args.no_progress);

  const unsigned jobs = effective_jobs(args.jobs);
  if (jobs > 1) {
    extract_job job(args.json);
    batch_options opts;
    opts.jobs = jobs;
    batch_outcome r = run_batches(fd, job, opts, io, &progress);
    progress.hide();
    if (r.read_error) {
      in.set_error(r.read_error);
      return io.fail(exit_failed, in.error_message());
    }
    return io.finish(exit_ok);
  }

  json::warning_list warnings;
  const urlkit::extractor::sink print = [&](urlkit::extracted& e) {
    write_url(io.out.buffer(), e, warnings, 0, args.json);
    io.out.end_line();
  };

  urlkit::extractor extractor(collecting(warnings));
  auto chunk = std::make_unique_for_overwrite<char[]>(chunk_size);
  int status = exit_ok;
  std::uint64_t done = 0;
  for (;;) {
    const std::size_t n = in.read(chunk.get(), chunk_size);
    if (n > 0) {
      extractor.feed(std::string_view(chunk.get(), n), print);
      // What this chunk completed goes out now, not when a block fills: a
      // slow producer (a pipe, a terminal) sees each URL as soon as it ends.
      if (!io.out.buffer().empty()) io.out.flush();
      // A failed write (end_line() may have met it) ends the reading: the
      // rest would be scanned for nothing.
      if (!io.out.ok()) break;
      done += n;
      progress.update(done);
      continue;
    }
    if (in.failed()) {
      progress.hide();
      in.report(io.err);
      status = exit_failed;
    }
    break;
  }
  extractor.finish(print);
  progress.hide();
  return io.finish(status);
}

}  // namespace

command add_extract(CLI::App& parent) {
  auto args = std::make_shared<extract_args>();
  CLI::App* app = parent.add_subcommand(
      "extract", "Find the URLs in free text (RFC 1738 appendix, draft Appendix B)");
  set_footer(
      *app,
      "Finds <URL:...> (wrapped), <...> with a scheme (bracketed) and, outside wrappers,\n"
      "URLs of known schemes (bare: the standard schemes, https and data), trimmed of\n"
      "trailing sentence punctuation. A bracketed or bare URL has \"//\" after its scheme\n"
      "or is one its known scheme's grammar accepts (not File::Spec, FILE:LINE, <xs:all>),\n"
      "and a bracketed one no white space before its ':'. White space inside a wrapper\n"
      "is removed (inside <URL:...> empty lines too); a line break right after '-' joins\n"
      "the lines and adds a warning, and so does a URL in a <URL: wrapper that was given\n"
      "up (no '>' within 1 MiB, say): it may be cut short. Prints one URL per line, or\n"
      "with --json one object per URL: {\"url\",\"start\",\"end\",\"how\",\"warnings\"},\n"
      "start and end the byte offsets of the URL text in the input (end exclusive).\n"
      "With --jobs N the text is cut at line ends no URL can span and scanned on N threads;\n"
      "the output is byte for byte that of --jobs 1. When stderr is a terminal and stdout\n"
      "is not, input of more than 4 MiB shows a progress bar on stderr (--no-progress: never).\n"
      "Finding no URL is a success; a FILE that cannot be read is invalid input.");
  app->add_flag("--json", args->json, "One JSON object per URL instead of the URL alone");
  app->add_option("FILE", args->file, "The text to search (default or '-': stdin)");
  add_batch_options(*app, args->jobs, args->no_progress, "Threads (default 1; 0: one per core)");
  return {app, [args] { return run_extract(*args); }};
}

}  // namespace urlkit::cli
