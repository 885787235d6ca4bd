// urlkit resolve: each reference resolved against one base (draft section 6,
// or RFC 3986 5.2 with --spec 3986), or by both side by side (--compare).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "against_base.hpp"
#include "batch.hpp"
#include "command.hpp"
#include "io.hpp"
#include "json_out.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/security.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct resolve_args : against_base_args {  // the references are the inputs
  bool pairs = false;
  bool compare = false;
  const CLI::Option* base_option = nullptr;  // whether BASE was given ("" is a base)
};

urlkit::result<std::string> resolve_one(const urlkit::url_view& base, std::string_view ref,
                                        urlkit::specification spec) {
  auto parsed = urlkit::parse_reference(ref);
  return parsed ? urlkit::resolve(base, *parsed, spec)
                : urlkit::result<std::string>(parsed.error());
}

// --compare: one JSON object a reference, {"base", "reference", "rfc1808",
// "rfc3986", "differ"}, each result the resolved URL or, where it fails, the
// error object of every command's JSON (json::write_error), its offset in
// the base or the reference as its source says.  "differ": the two are not
// the same URL, or one fails and the other does not.  `base` is the base's
// parse (or its error, which then is each side's).
void append_comparison(std::string& out, std::string_view base_text,
                       const urlkit::result<urlkit::url_view>& base, std::string_view ref) {
  urlkit::result<std::string> side[2] = {std::string(), std::string()};
  const urlkit::specification specs[2] = {urlkit::specification::rfc1808,
                                          urlkit::specification::rfc3986};
  auto parsed = urlkit::parse_reference(ref);
  for (int i = 0; i < 2; ++i) {
    if (!base) {
      urlkit::error e = base.error();
      e.source = "base";
      side[i] = e;
    } else {
      side[i] = parsed ? urlkit::resolve(*base, *parsed, specs[i])
                       : urlkit::result<std::string>(parsed.error());
    }
  }
  const bool differ = side[0].has_value() != side[1].has_value() ||
                      (side[0] && *side[0] != *side[1]) ||
                      (!side[0] && side[0].error().to_string() != side[1].error().to_string());
  const masked_text shown_base = shown_url(base_text);
  const masked_text shown_ref = shown_url(ref);
  json::write_lossless(out, [&](std::string& o) {
    json::object_writer w(o);
    w.string("base", shown_base.text);
    w.string("reference", shown_ref.text);
    for (int i = 0; i < 2; ++i) {
      const std::string_view key = i == 0 ? "rfc1808" : "rfc3986";
      if (side[i]) {
        w.string(key, *side[i]);
      } else {
        const urlkit::error& e = side[i].error();
        json::write_error(w.raw(key), e, e.source == "base" ? shown_base : shown_ref);
      }
    }
    w.boolean("differ", differ);
    w.close();
  });
}

urlkit::result<std::string> compare_one(const urlkit::url_view& base, std::string_view ref,
                                        urlkit::specification /*both*/) {
  std::string line;
  append_comparison(line, base.buffer(), base, ref);
  return line;
}

// --pairs: each line is "BASE<TAB>REFERENCE", a link list as a crawler
// writes it, the page's URL before each of its links.  A line resolves on its
// own; the base of the line before is kept parsed, as a page's links come
// together.  Not copyable: the parsed base views base_.
class pair_resolver {
 public:
  pair_resolver(urlkit::specification spec, bool compare) : spec_(spec), compare_(compare) {}
  pair_resolver(const pair_resolver&) = delete;
  pair_resolver& operator=(const pair_resolver&) = delete;

  // Appends the resolved URL to `out`, or to `err` the line (passwords
  // hidden) and what is wrong with it, offsets counted from the start of the
  // line as shown; neither with a line end.  False for the latter.
  bool resolve(std::string_view line, std::string& out, std::string& err) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) {
      const std::string shown = shown_url(line).text;
      err += shown;
      err += ':' + std::to_string(shown.size()) +
             ": error: a tab expected between the base URL and the reference";
      return false;
    }
    const std::string_view base = line.substr(0, tab);
    const std::string_view ref = line.substr(tab + 1);
    if (!base_ || base != base_text_) {
      base_text_.assign(base);
      base_.emplace(parse_base(base_text_, true));
    }
    if (compare_) {
      append_comparison(out, base_text_, *base_, ref);
      return true;
    }
    urlkit::error e;
    bool in_base = false;
    if (!*base_) {
      e = base_->error();
      in_base = true;
    } else if (auto r = resolve_one(**base_, ref, spec_)) {
      out += *r;
      return true;
    } else {
      e = r.error();
      // The resolver's own complaints about the base (not absolute, opaque,
      // empty) count in the base; the reference's from its start.
      in_base = e.source == "base";
    }
    const masked_text shown_base = shown_url(base);
    const masked_text shown_ref = shown_url(ref);
    err += shown_base.text;
    err += '\t';
    err += shown_ref.text;
    const std::size_t offset =
        in_base ? shown_base.map(e.offset) : shown_base.text.size() + 1 + shown_ref.map(e.offset);
    err += ':' + std::to_string(offset) + ": error: ";
    if (in_base && e.rule != urlkit::rule::base) err += "bad base URL: ";
    err += e.message();
    return false;
  }

 private:
  urlkit::specification spec_;
  bool compare_;
  std::string base_text_;
  std::optional<urlkit::result<urlkit::url_view>> base_;  // of base_text_
};

class resolve_pairs_job final : public batch_job {
 public:
  resolve_pairs_job(urlkit::specification spec, bool compare) : spec_(spec), compare_(compare) {}

  std::size_t cut(std::string_view data, bool at_end) const override {
    return cut_at_lines(data, at_end);
  }

  void process(std::string_view data, std::uint64_t, batch_result& r) const override {
    r.out.reserve(data.size());
    pair_resolver resolver(spec_, compare_);
    for_each_line(data, [&](std::string_view line) {
      if (resolver.resolve(line, r.out, r.err)) {
        r.out += '\n';
      } else {
        r.failed = true;
        r.err += '\n';
      }
    });
  }

 private:
  urlkit::specification spec_;
  bool compare_;
};

int run_resolve_pairs(const resolve_args& args) {
  std_streams io;
  const unsigned jobs = effective_jobs(args.jobs);
  progress_meter progress(STDIN_FILENO, args.no_progress);
  if (jobs > 1) {
    resolve_pairs_job job(args.spec, args.compare);
    return run_stdin_batches(job, jobs, io, progress);
  }
  int status = exit_ok;
  pair_resolver resolver(args.spec, args.compare);
  bool read_ok = for_each_input({}, io.out, progress, [&](std::string_view line) {
    if (resolver.resolve(line, io.out.buffer(), io.err.buffer())) {
      io.out.end_line();
    } else {
      status = exit_failed;
      progress.hide();
      io.err.end_line();
    }
  });
  return io.finish(read_ok ? status : exit_failed);
}

int run_resolve(const resolve_args& args) {
  if (args.pairs) return run_resolve_pairs(args);
  if (args.base_option->count() == 0) {
    std_streams io;
    return io.fail(exit_usage, "urlkit resolve: BASE is required (or --pairs)");
  }
  // The base may be empty (draft 6 step 1): absolute references resolve alone.
  return run_against_base({.args = args,
                           .empty_base = true,
                           .input_name = "reference",
                           .each = args.compare ? compare_one : resolve_one});
}

}  // namespace

command add_resolve(CLI::App& parent) {
  auto args = std::make_shared<resolve_args>();
  CLI::App* app = parent.add_subcommand(
      "resolve", "Resolve references against a base URL (one absolute URL per line)");
  set_footer(*app,
             "Resolution follows draft-fielding-uri-url-00 section 6 (RFC 1808's algorithm), or\n"
             "with --spec 3986 RFC 3986 section 5.2. --compare resolves by both and writes one\n"
             "JSON object a reference: {\"base\", \"reference\", \"rfc1808\", \"rfc3986\",\n"
             "\"differ\"}, a result that fails given as its error object (\"code\", \"offset\",\n"
             "\"message\"); its exit status is 0 unless BASE is bad. A reference that fails is\n"
             "reported on stderr (REF:OFFSET: error: MESSAGE) and the run goes on; when the\n"
             "base is at fault (an opaque base with a relative reference), the line names the\n"
             "base: BASE:OFFSET: error: MESSAGE (reference: REF).\n"
             "References from stdin are read in blocks; with --jobs N they are resolved on N\n"
             "threads, the output still in input order and byte for byte that of --jobs 1.\n"
             "When stderr is a terminal and stdout is not, more than 4 MiB of stdin shows a\n"
             "progress bar on stderr (--no-progress: never).\n"
             "With --pairs, BASE is not given: each line of stdin is BASE<TAB>REFERENCE (a link\n"
             "list), resolved against its own base; a bad base fails its line only, reported as\n"
             "BASE<TAB>REF:OFFSET: error: MESSAGE, OFFSET counted from the start of the line\n"
             "as shown (passwords hidden).\n"
             "A bad BASE is invalid input (exit status 1), reported before any reference is read.");
  CLI::Option* base = app->add_option("BASE", args->base, "The base URL (absolute)");
  CLI::Option* refs = app->add_option("REF", args->inputs,
                                      "References to resolve (default: one per line from stdin)");
  args->base_option = base;
  app->add_flag("--pairs", args->pairs,
                "Read BASE<TAB>REFERENCE lines from stdin, each with its own base")
      ->excludes(base)
      ->excludes(refs);
  add_batch_options(*app, args->jobs, args->no_progress,
                    "Threads for references from stdin (default 1; 0: one per core)");
  add_spec_option(*app, args->spec);
  app->add_flag("--compare", args->compare,
                "Resolve by RFC 1808 and RFC 3986 both: one JSON object a reference, with "
                "\"differ\"")
      ->excludes("--spec");
  add_show_password_flag(*app);
  return {app, [args] { return run_resolve(*args); }};
}

}  // namespace urlkit::cli
