// urlkit gopher-line: the request line a gopher URL stands for (RFC 1738 3.4).
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "scheme_command.hpp"
#include "urlkit/schemes/gopher.hpp"

namespace urlkit::cli {
namespace {

struct gopher_line_args {
  bool strict = false;
  std::string url;
};

int run_gopher_line(const gopher_line_args& args) {
  return run_scheme_command(
      args.url, args.strict,
      [](const std::string& url, const urlkit::scheme_options& o) {
        return urlkit::parse_gopher(url, o);
      },
      // The bytes a client sends, CRLF included: nothing else on stdout.
      [](output& out, const urlkit::gopher_view& g) { out << g.request_line(); });
}

}  // namespace

command add_gopher_line(CLI::App& parent) {
  auto args = std::make_shared<gopher_line_args>();
  CLI::App* app = parent.add_subcommand(
      "gopher-line", "Print the request line a gopher URL stands for, CRLF included");
  set_footer(*app,
             "RFC 1738 3.4: the decoded selector; then TAB and the search, when the URL has one;\n"
             "then TAB and the gopher+ string, when it has one; then CRLF. Exactly those bytes go\n"
             "to stdout. An encoded CR or LF in the selector or search is refused.");
  app->add_flag("--strict", args->strict, "Exactly RFC 1738's gopherurl grammar");
  app->add_option("URL", args->url, "A gopher URL")->required();
  add_show_password_flag(*app);
  return {app, [args] { return run_gopher_line(*args); }};
}

}  // namespace urlkit::cli
