// urlkit resolve: each reference resolved against one base (draft section 6).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct resolve_args {
  std::string base;
  std::vector<std::string> refs;
  unsigned jobs = 1;
  bool no_progress = false;
};

urlkit::result<std::string> resolve_one(const urlkit::url_view& base, std::string_view ref) {
  auto parsed = urlkit::parse_reference(ref);
  return parsed ? urlkit::resolve(base, *parsed) : urlkit::result<std::string>(parsed.error());
}

// "REF: error: offset N: message" (without the line end).
// The reference is shown with its password hidden (docs/security.md).
void append_error(std::string& err, std::string_view ref, const urlkit::error& e) {
  err += mask_password(ref).text;
  err += ": error: ";
  err += describe(e);
}

// Batches of lines, each resolved on its own: the same lines as
// for_each_input reads.
class resolve_job final : public batch_job {
 public:
  explicit resolve_job(const urlkit::url_view& base) : base_(base) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return cut_at_lines(data, at_end);
  }

  void process(std::string_view data, std::uint64_t, batch_result& r) const override {
    r.out.reserve(data.size() + data.size() / 4);
    for_each_line(data, [&](std::string_view ref) {
      urlkit::result<std::string> u = resolve_one(base_, ref);
      if (u) {
        r.out += *u;
        r.out += '\n';
      } else {
        r.failed = true;
        append_error(r.err, ref, u.error());
        r.err += '\n';
      }
    });
  }

 private:
  const urlkit::url_view& base_;
};

int run_resolve(const resolve_args& args) {
  std_streams io;
  // The base is parsed once.  Every reference depends on it, so a bad base
  // ends the run before any reference is read, as a usage error.
  auto base = urlkit::parse_reference(args.base);
  urlkit::error base_error{};
  if (!base) {
    base_error = base.error();
  } else if (!args.base.empty() && !base->has_scheme()) {
    // An empty base is allowed (draft 6 step 1: references must then be absolute).
    base_error = {0, urlkit::error_code::base_not_absolute, urlkit::rule::base};
  }
  if (base_error.code != urlkit::error_code::ok) {
    io.err << "urlkit: bad base URL: " << mask_password(args.base).text
           << ": error: " << describe(base_error);
    io.err.end_line();
    return io.finish(exit_usage);
  }

  const unsigned jobs = effective_jobs(args.jobs);
  progress_meter progress(STDIN_FILENO, args.no_progress || !args.refs.empty());
  if (jobs > 1 && args.refs.empty()) {
    resolve_job job(*base);
    return run_stdin_batches(job, jobs, io, progress);
  }

  int status = exit_ok;
  bool read_ok = for_each_input(args.refs, progress, [&](std::string_view ref) {
    urlkit::result<std::string> r = resolve_one(*base, ref);
    if (r) {
      io.out << *r;
      io.out.end_line();
    } else {
      status = exit_failed;
      progress.hide();
      append_error(io.err.buffer(), ref, r.error());
      io.err.end_line();
    }
  });
  return io.finish(read_ok ? status : exit_failed);
}

}  // namespace

command add_resolve(CLI::App& parent) {
  auto args = std::make_shared<resolve_args>();
  CLI::App* app = parent.add_subcommand(
      "resolve", "Resolve references against a base URL (one absolute URL per line)");
  app->footer(
      "Resolution follows draft-fielding-uri-url-00 section 6. A reference that fails is\n"
      "reported on stderr (REF: error: offset N: message) and the run goes on.\n"
      "References from stdin are read in blocks; with --jobs N they are resolved on N\n"
      "threads, the output still in input order and byte for byte that of --jobs 1.\n"
      "When stderr is a terminal and stdout is not, more than 4 MiB of stdin shows a\n"
      "progress bar on stderr (--no-progress: never).\n"
      "Exit status: 0 all resolved, 1 some reference failed, 2 bad BASE or usage.");
  app->add_option("BASE", args->base, "The base URL (absolute)")->required();
  app->add_option("REF", args->refs, "References to resolve (default: one per line from stdin)");
  app->add_option("--jobs", args->jobs,
                  "Threads for references from stdin (default 1; 0: one per core)")
      ->check(CLI::Range(0u, 1024u));
  app->add_flag("--no-progress", args->no_progress, "No progress bar, even on a terminal");
  return {app, [args] { return run_resolve(*args); }};
}

}  // namespace urlkit::cli
