// urlkit validate: reports invalid URLs, compiler style (INPUT:OFFSET: error: MESSAGE).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/security.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct validate_args {
  bool strict = false;
  bool json = false;
  std::vector<std::string> urls;
  unsigned jobs = 1;
  bool no_progress = false;
};

bool is_control(unsigned char c) {
  return c < 0x20 || c == 0x7f;
}

// On a terminal the input is echoed with its control characters (which the
// grammar rejects anyway) shown as '?', so that they neither move the caret
// nor reach the terminal as commands.  Tabs stay, and the caret line copies
// them, which keeps the columns aligned.
void write_caret(std::string& b, std::string_view input, std::size_t offset) {
  for (unsigned char c : input)
    b.push_back(c != '\t' && is_control(c) ? '?' : static_cast<char>(c));
  b.push_back('\n');
  if (offset > input.size()) offset = input.size();
  for (std::size_t i = 0; i < offset; ++i) {
    unsigned char c = static_cast<unsigned char>(input[i]);
    if (c == '\t')
      b.push_back('\t');
    else if ((c & 0xC0) != 0x80)  // a UTF-8 continuation byte adds no column
      b.push_back(' ');
  }
  b.push_back('^');
  b.push_back('\n');
}

void write_sanitized(std::string& b, std::string_view input) {
  for (unsigned char c : input) b.push_back(is_control(c) ? '?' : static_cast<char>(c));
}

// Appends the report of one input (nothing when it is valid, else its lines,
// each with its line end); false when it is invalid.
bool validate_one(std::string_view input, urlkit::mode m, bool terminal, std::string& out) {
  auto r = urlkit::parse_reference(input, m);
  urlkit::result<void> verdict;
  if (r) {
    urlkit::scheme_options so;
    so.mode = m;
    verdict = urlkit::scheme_registry::standard().check(*r, so);
    if (verdict) return true;
  }
  const urlkit::error& e = r ? verdict.error() : r.error();
  // The report shows the input with its password hidden (docs/security.md);
  // OFFSET and the caret point into the text shown.
  const masked_text shown = shown_url(input);
  if (terminal)
    write_sanitized(out, shown.text);
  else
    out += shown.text;
  out += ':';
  out += std::to_string(shown.map(e.offset));
  out += ": error: ";
  out += e.message();
  out += '\n';
  if (terminal) write_caret(out, shown.text, shown.map(e.offset));
  return false;
}

// --json: appends the object of one input and its line end; false when it is
// invalid.  Both verdicts, as the report above: the generic grammar's and the
// scheme's own.  {"input", "ok", "error" (null when valid), "warnings"},
// written as `urlkit parse` writes its objects (json_out.hpp); in lenient
// mode "warnings" lists what was accepted, the generic and the scheme's, in
// input order, and an invalid input's warnings before its error.
bool validate_json(std::string_view input, urlkit::mode m, json::warning_list& warnings,
                   std::string& out) {
  warnings.clear();
  urlkit::parse_options po;
  po.mode = m;
  po.on_warning = urlkit::make_warning_sink(warnings);
  auto r = urlkit::parse_reference(input, po);
  std::optional<urlkit::error> failure;
  if (r) {
    auto verdict = urlkit::scheme_registry::standard().check(*r, {m, po.on_warning});
    if (!verdict) failure = verdict.error();
  } else {
    failure = r.error();
  }
  warnings.settle(0);
  const masked_text shown = r ? shown_url(input, *r) : shown_url(input);
  json::write_lossless(out, [&](std::string& s) {
    json::object_writer o(s);
    o.string("input", shown.text);
    o.boolean("ok", !failure);
    if (failure)
      json::write_error(o.raw("error"), *failure, shown);
    else
      o.null("error");
    json::write_warnings(o, warnings.items, warnings.not_listed, &shown);
    o.close();
  });
  out += '\n';
  return !failure;
}

class validate_job final : public batch_job {
 public:
  validate_job(urlkit::mode mode, bool terminal, bool json)
      : mode_(mode), terminal_(terminal), json_(json) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return cut_at_lines(data, at_end);
  }

  void process(std::string_view data, std::uint64_t, batch_result& r) const override {
    json::warning_list warnings;
    for_each_line(data, [&](std::string_view input) {
      const bool ok = json_ ? validate_json(input, mode_, warnings, r.out)
                            : validate_one(input, mode_, terminal_, r.out);
      if (!ok) r.failed = true;
    });
  }

 private:
  urlkit::mode mode_;
  bool terminal_;
  bool json_;
};

int run_validate(const validate_args& args) {
  std_streams io;
  const bool terminal = is_terminal(STDOUT_FILENO);
  const urlkit::mode m = args.strict ? urlkit::mode::strict : urlkit::mode::lenient;
  const unsigned jobs = effective_jobs(args.jobs);
  progress_meter progress(STDIN_FILENO, args.no_progress || !args.urls.empty());
  if (jobs > 1 && args.urls.empty()) {
    validate_job job(m, terminal, args.json);
    return run_stdin_batches(job, jobs, io, progress);
  }

  int status = exit_ok;
  json::warning_list warnings;
  bool read_ok = for_each_input(args.urls, io.out, progress, [&](std::string_view input) {
    std::string& out = io.out.buffer();
    if (args.json) {
      if (!validate_json(input, m, warnings, out)) status = exit_failed;
      out.pop_back();
      io.out.end_line();
      return;
    }
    if (!validate_one(input, m, terminal, out)) {
      status = exit_failed;
      // The report ends with its line end: let the stream write it out now
      // when it is line buffered, or when its block is full.
      out.pop_back();
      io.out.end_line();
    }
  });
  return io.finish(read_ok ? status : exit_failed);
}

// The schemes whose own grammar is checked, listed from the registry that
// checks them, so that the help names every one.
std::string known_schemes() {
  std::string names;
  for (std::string_view name : urlkit::scheme_registry::standard().names()) {
    if (!names.empty()) names += ", ";
    names += name;
  }
  return wrapped("Known schemes (" + names +
                 ") are also checked against their own grammar (RFC 1738 5, RFC 2397).");
}

}  // namespace

command add_validate(CLI::App& parent) {
  auto args = std::make_shared<validate_args>();
  CLI::App* app = parent.add_subcommand(
      "validate", "Check URLs; report each invalid one as INPUT:OFFSET: error: MESSAGE");
  set_footer(
      *app,
      "Valid URLs print nothing. On a terminal a caret line marks the offending byte.\n" +
          known_schemes() +
          "Warnings of lenient parsing are not reported (--json lists them); --strict turns\n"
          "them into errors.\n"
          "--json writes one object per input, valid or not, as parse writes its objects (the\n"
          "same JSON contract): {\"input\", \"ok\", \"error\": null or {\"code\", \"offset\",\n"
          "\"shown_offset\", \"message\"}, \"warnings\": [{\"code\", \"offset\", "
          "\"shown_offset\",\n"
          "\"message\"}]}; \"ok\" is false when either grammar refuses the URL.\n"
          "URLs from stdin are read in blocks; with --jobs N they are checked on N threads, the\n"
          "output in input order and byte for byte that of --jobs 1. When stderr is a terminal\n"
          "and stdout is not, more than 4 MiB of stdin shows a progress bar on stderr.");
  app->add_flag("--strict", args->strict,
                "Exactly the grammar: unwise and non-ASCII characters and bad escapes are errors");
  app->add_flag("--json", args->json,
                "One JSON object per input, valid or not, with its error and warnings");
  app->add_option("URL", args->urls, "URLs to check (default: one per line from stdin)");
  add_batch_options(*app, args->jobs, args->no_progress,
                    "Threads for URLs from stdin (default 1; 0: one per core)");
  add_show_password_flag(*app);
  return {app, [args] { return run_validate(*args); }};
}

}  // namespace urlkit::cli
