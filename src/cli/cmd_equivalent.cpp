// urlkit equivalent: whether two URLs are equivalent (urlkit/normalize.hpp),
// answered by the exit status alone, as `cmp -s` answers.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/normalize.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct equivalent_args {
  std::string a;
  std::string b;
  bool strict = false;
  bool ignore_fragment = false;
};

int run_equivalent(const equivalent_args& args) {
  std_streams io;
  const urlkit::mode m = args.strict ? urlkit::mode::strict : urlkit::mode::lenient;
  const auto a = urlkit::parse_reference(args.a, m);
  const auto b = urlkit::parse_reference(args.b, m);
  // Either may be bad: both are reported.
  for (const auto* r : {&a, &b}) {
    if (*r) continue;
    io.err << error_line(shown_url(r == &a ? args.a : args.b), r->error());
    io.err.end_line();
  }
  if (!a || !b) return io.finish(compare_trouble);
  const bool same = urlkit::equivalent(*a, *b, {args.ignore_fragment});
  return io.finish(same ? compare_same : compare_different);
}

}  // namespace

command add_equivalent(CLI::App& parent) {
  auto args = std::make_shared<equivalent_args>();
  CLI::App* app = parent.add_subcommand(
      "equivalent", "Tell by the exit status whether URLs A and B are equivalent (as cmp does)");
  set_compare_footer(*app,
                     "Equivalent: the same normal form (urlkit normalize shows it). Nothing is\n"
                     "written to stdout; a URL that does not parse is reported on stderr.");
  app->add_option("A", args->a, "A URL")->required();
  app->add_option("B", args->b, "The URL to compare it with")->required();
  app->add_flag("--strict", args->strict,
                "Exactly the grammar: unwise and non-ASCII characters and bad escapes are errors");
  app->add_flag("--ignore-fragment", args->ignore_fragment,
                "Leave the fragments out (they are not part of the URL, draft 3)");
  add_show_password_flag(*app);
  return {app, [args] { return run_equivalent(*args); }};
}

}  // namespace urlkit::cli
