// urlkit relative: the shortest reference from BASE to each TARGET.
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "against_base.hpp"
#include "command.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct relative_args {
  std::string base;
  std::vector<std::string> targets;
  unsigned jobs = 1;
  bool no_progress = false;
};

urlkit::result<std::string> relative_one(const urlkit::url_view& base, std::string_view target) {
  auto parsed = urlkit::parse_reference(target);
  return parsed ? urlkit::make_relative(base, *parsed)
                : urlkit::result<std::string>(parsed.error());
}

int run_relative(const relative_args& args) {
  // The base and each target are parsed apart, so that a report says which
  // is bad; either is invalid input (exit 1), as in `urlkit resolve`.
  against_base_run run;
  run.base = args.base;
  run.input_name = "target";
  run.inputs = &args.targets;
  run.jobs = args.jobs;
  run.no_progress = args.no_progress;
  run.each = relative_one;
  return run_against_base(run);
}

}  // namespace

command add_relative(CLI::App& parent) {
  auto args = std::make_shared<relative_args>();
  CLI::App* app = parent.add_subcommand(
      "relative", "Print the shortest reference from BASE to each TARGET (the reverse of resolve)");
  set_footer(*app,
             "Each reference resolves back to its TARGET (draft-fielding-uri-url-00 section 6).\n"
             "A TARGET that fails is reported on stderr (TARGET:OFFSET: error: MESSAGE) and\n"
             "the run goes on; when the base is at fault, the line names the base:\n"
             "BASE:OFFSET: error: MESSAGE (target: TARGET).\n"
             "Without TARGETs, they are read one per line from stdin, in blocks; with --jobs N\n"
             "on N threads, the output still in input order and byte for byte that of --jobs\n"
             "1. When stderr is a terminal and stdout is not, more than 4 MiB of stdin shows a\n"
             "progress bar on stderr (--no-progress: never).\n"
             "A bad BASE is invalid input (exit status 1), reported before any target is read.");
  app->add_option("BASE", args->base, "The base URL (absolute)")->required();
  app->add_option("TARGET", args->targets,
                  "The URLs to reach (absolute; default: one per line from stdin)");
  app->add_option("--jobs", args->jobs,
                  "Threads for targets from stdin (default 1; 0: one per core)")
      ->check(CLI::Range(0u, 1024u));
  app->add_flag("--no-progress", args->no_progress, "No progress bar, even on a terminal");
  add_show_password_flag(*app);
  return {app, [args] { return run_relative(*args); }};
}

}  // namespace urlkit::cli
