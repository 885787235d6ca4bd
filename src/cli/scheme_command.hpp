// What the one-URL scheme commands (ftp-plan, gopher-line) share: their
// command line (--strict, one URL), and their run: parse the URL with the
// scheme's typed view, warnings on stderr, an error on stderr with exit
// status 1, else print what the view gives.
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli {

template <class Parse, class Print>
int run_scheme_command(const std::string& url, bool strict, Parse&& parse, Print&& print) {
  std_streams io;
  // Reports name the URL with its password hidden (docs/security.md), their
  // offsets in the text shown.
  const urlkit::masked_text shown = shown_url(url);
  // Lenient mode: what the scheme's RFC 1738 grammar would refuse is said on
  // stderr, and the output is still produced.
  auto warn = [&](const urlkit::warning& w) {
    io.err << shown.text << ':' << shown.map(w.offset) << ": warning: " << w.message();
    io.err.end_line();
  };
  urlkit::scheme_options o;
  o.mode = strict ? urlkit::mode::strict : urlkit::mode::lenient;
  o.on_warning = urlkit::make_warning_sink(warn);
  auto v = parse(url, o);
  if (!v) return io.fail(exit_failed, error_line(shown, v.error()));
  print(io.out, *v);
  return io.finish(exit_ok);
}

/// The help of a scheme command: its name and description, its --help
/// footer, and what --strict and the URL argument say.
struct scheme_command_help {
  const char* name;
  const char* description;
  const char* footer;
  const char* strict;
  const char* url;
};

/// Adds a scheme command: --strict, the URL (required) and --show-password;
/// it runs run_scheme_command with `parse` (the view's parse_X) and `print`.
template <class Parse, class Print>
command add_scheme_command(CLI::App& parent, const scheme_command_help& help, Parse parse,
                           Print print) {
  struct arguments {
    bool strict = false;
    std::string url;
  };
  auto args = std::make_shared<arguments>();
  CLI::App* app = parent.add_subcommand(help.name, help.description);
  set_footer(*app, help.footer);
  app->add_flag("--strict", args->strict, help.strict);
  app->add_option("URL", args->url, help.url)->required();
  add_show_password_flag(*app);
  return {app, [args, parse, print] {
            return run_scheme_command(args->url, args->strict, parse, print);
          }};
}

}  // namespace urlkit::cli
