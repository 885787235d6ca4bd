// urlkit CLI — one base URL and many inputs (against_base.hpp).
#include "against_base.hpp"

#include <unistd.h>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli {
namespace {

// The report of an input that failed, without its line end.  The error names
// what it counts in: the base (its offset in the base, the input named after
// the message, since every input of the run has that base), or the input.
void append_failure(std::string& err, const against_base_run& run, std::string_view input,
                    const urlkit::error& e) {
  if (e.source != "base") {
    append_error_line(err, shown_url(input), e);
    return;
  }
  append_error_line(err, shown_url(run.args.base), e);
  err += " (";
  err += run.input_name;
  err += ": ";
  err += shown_url(input).text;
  err += ')';
}

// Batches of lines, each an input on its own: the same lines as
// for_each_input reads.
class against_base_job final : public batch_job {
 public:
  against_base_job(const against_base_run& run, const urlkit::url_view& base)
      : run_(run), base_(base) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return cut_at_lines(data, at_end);
  }

  void process(std::string_view data, std::uint64_t, batch_result& r) const override {
    r.out.reserve(data.size() + data.size() / 4);
    for_each_line(data, [&](std::string_view input) {
      urlkit::result<std::string> u = run_.each(base_, input, run_.args.spec);
      if (u) {
        r.out += *u;
        r.out += '\n';
      } else {
        r.failed = true;
        append_failure(r.err, run_, input, u.error());
        r.err += '\n';
      }
    });
  }

 private:
  const against_base_run& run_;
  const urlkit::url_view& base_;
};

}  // namespace

urlkit::result<urlkit::url_view> parse_base(std::string_view base, bool empty_allowed) {
  auto parsed = urlkit::parse_reference(base);
  if (parsed && !(empty_allowed && base.empty()) && !parsed->has_scheme())
    return urlkit::error{0, urlkit::error_code::base_not_absolute, urlkit::rule::base};
  return parsed;
}

int run_against_base(const against_base_run& run) {
  std_streams io;
  // The base is parsed once.  Every input depends on it, so a bad base ends
  // the run before any input is read: bad input data, as a bad input is (the
  // command line itself is well formed).
  auto base = parse_base(run.args.base, run.empty_base);
  if (!base) {
    const masked_text shown = shown_url(run.args.base);
    return io.fail(exit_failed, shown.text, ':', shown.map(base.error().offset),
                   ": error: bad base URL: ", base.error().message());
  }

  const unsigned jobs = effective_jobs(run.args.jobs);
  progress_meter progress(STDIN_FILENO, run.args.no_progress || !run.args.inputs.empty());
  if (jobs > 1 && run.args.inputs.empty()) {
    against_base_job job(run, *base);
    return run_stdin_batches(job, jobs, io, progress);
  }

  int status = exit_ok;
  bool read_ok = for_each_input(run.args.inputs, io.out, progress, [&](std::string_view input) {
    urlkit::result<std::string> r = run.each(*base, input, run.args.spec);
    if (r) {
      io.out << *r;
      io.out.end_line();
    } else {
      status = exit_failed;
      progress.hide();
      append_failure(io.err.buffer(), run, input, r.error());
      io.err.end_line();
    }
  });
  return io.finish(read_ok ? status : exit_failed);
}

}  // namespace urlkit::cli
