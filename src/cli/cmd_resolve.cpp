// urlkit resolve: each reference resolved against one base (draft section 6).
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct resolve_args {
  std::string base;
  std::vector<std::string> refs;
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
    io.err << "urlkit: bad base URL: " << args.base << ": error: " << describe(base_error);
    io.err.end_line();
    return io.finish(exit_usage);
  }

  int status = exit_ok;
  bool read_ok = for_each_input(args.refs, [&](std::string_view ref) {
    auto parsed = urlkit::parse_reference(ref);
    urlkit::result<std::string> r =
        parsed ? urlkit::resolve(*base, *parsed) : urlkit::result<std::string>(parsed.error());
    if (r) {
      io.out << *r;
      io.out.end_line();
    } else {
      status = exit_failed;
      io.err << ref << ": error: " << describe(r.error());
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
      "Exit status: 0 all resolved, 1 some reference failed, 2 bad BASE or usage.");
  app->add_option("BASE", args->base, "The base URL (absolute)")->required();
  app->add_option("REF", args->refs, "References to resolve (default: one per line from stdin)");
  return {app, [args] { return run_resolve(*args); }};
}

}  // namespace urlkit::cli
