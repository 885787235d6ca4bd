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

urlkit::result<std::string> relative_one(const urlkit::url_view& base, std::string_view target,
                                         urlkit::specification spec) {
  auto parsed = urlkit::parse_reference(target);
  return parsed ? urlkit::make_relative(base, *parsed, spec)
                : urlkit::result<std::string>(parsed.error());
}

int run_relative(const against_base_args& args) {
  // The base and each target are parsed apart, so that a report says which
  // is bad; either is invalid input (exit 1), as in `urlkit resolve`.
  return run_against_base({.args = args, .input_name = "target", .each = relative_one});
}

}  // namespace

command add_relative(CLI::App& parent) {
  auto args = std::make_shared<against_base_args>();
  CLI::App* app = parent.add_subcommand(
      "relative", "Print the shortest reference from BASE to each TARGET (the reverse of resolve)");
  set_footer(*app,
             "Each reference resolves back to its TARGET (draft-fielding-uri-url-00 section 6;\n"
             "with --spec 3986, RFC 3986 section 5.2, to TARGET without its dot segments).\n"
             "A TARGET that fails is reported on stderr (TARGET:OFFSET: error: MESSAGE) and\n"
             "the run goes on; when the base is at fault, the line names the base:\n"
             "BASE:OFFSET: error: MESSAGE (target: TARGET).\n"
             "Without TARGETs, they are read one per line from stdin, in blocks; with --jobs N\n"
             "on N threads, the output still in input order and byte for byte that of --jobs\n"
             "1. When stderr is a terminal and stdout is not, more than 4 MiB of stdin shows a\n"
             "progress bar on stderr (--no-progress: never).\n"
             "A bad BASE is invalid input (exit status 1), reported before any target is read.");
  app->add_option("BASE", args->base, "The base URL (absolute)")->required();
  app->add_option("TARGET", args->inputs,
                  "The URLs to reach (absolute; default: one per line from stdin)");
  add_batch_options(*app, args->jobs, args->no_progress,
                    "Threads for targets from stdin (default 1; 0: one per core)");
  add_spec_option(*app, args->spec);
  add_show_password_flag(*app);
  return {app, [args] { return run_relative(*args); }};
}

}  // namespace urlkit::cli
