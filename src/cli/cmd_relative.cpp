// urlkit relative: the shortest reference from BASE to TARGET.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/resolve.hpp"
#include "urlkit/security.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct relative_args {
  std::string base;
  std::string target;
};

int run_relative(const relative_args& args) {
  std_streams io;
  // Parsed separately so that the report says which of the two is bad;
  // either is invalid input (exit 1), as in `urlkit resolve`.
  auto base = urlkit::parse_reference(args.base);
  if (!base || !base->has_scheme()) {
    urlkit::error e =
        base ? urlkit::error{0, urlkit::error_code::base_not_absolute, urlkit::rule::base}
             : base.error();
    const masked_text shown = shown_url(args.base);
    io.err << shown.text << ':' << shown.map(e.offset) << ": error: bad base URL: " << e.message();
    io.err.end_line();
    return io.finish(exit_failed);
  }
  auto target = urlkit::parse_reference(args.target);
  auto r =
      target ? urlkit::make_relative(*base, *target) : urlkit::result<std::string>(target.error());
  return print_result(io, r, shown_url(args.target));
}

}  // namespace

command add_relative(CLI::App& parent) {
  auto args = std::make_shared<relative_args>();
  CLI::App* app = parent.add_subcommand(
      "relative", "Print the shortest reference from BASE to TARGET (the reverse of resolve)");
  set_footer(*app, "A bad BASE or TARGET is invalid input, reported on stderr.");
  app->add_option("BASE", args->base, "The base URL (absolute)")->required();
  app->add_option("TARGET", args->target, "The URL to reach (absolute)")->required();
  add_show_password_flag(*app);
  return {app, [args] { return run_relative(*args); }};
}

}  // namespace urlkit::cli
