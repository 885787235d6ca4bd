// urlkit — command-line front end to the library: parse, resolve, relative,
// validate.  Each subcommand is in its own cmd_*.cpp (see command.hpp).
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "arguments.hpp"
#include "command.hpp"

#ifndef URLKIT_VERSION
#define URLKIT_VERSION "0.1.0"
#endif

int main(int argc, char** argv) {
  using namespace urlkit::cli;

  CLI::App app{
      "Parse, validate and resolve URLs as draft-fielding-uri-url-00 (RFC 1738 and RFC 1808) "
      "defines them.",
      "urlkit"};
  app.set_version_flag("--version", "urlkit " URLKIT_VERSION);
  app.require_subcommand(1);
  set_footer(app,
             "Run 'urlkit COMMAND --help' for the options of a command, 'urlkit --help-all' for\n"
             "those of every command.");
  // As --help, before the command line is checked any further.
  bool help_all_wanted = false;
  app.add_flag_callback(
         "--help-all",
         [&help_all_wanted] {
           help_all_wanted = true;
           throw CLI::Success();
         },
         "Print the help of every command (what the man page shows) and exit")
      ->trigger_on_parse();
  // A usage error quotes arguments as typed, not as protected (arguments.hpp).
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    return without_markers(CLI::FailureMessage::simple(a, e));
  });

  std::vector<command> registered;
  for (add_command_fn add : commands) registered.push_back(add(app));
  // Every URL, name and file name reaches its command byte for byte.
  restore_arguments(app);

  try {
    std::vector<std::string> args = protect_arguments(argc, argv);
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (help_all_wanted) {
      const std::string help = help_all(app);
      std::fwrite(help.data(), 1, help.size(), stdout);
      return std::fflush(stdout) == 0 && !std::ferror(stdout) ? exit_ok : exit_failed;
    }
    // --help and --version exit 0; every other command-line problem is a usage error.
    return app.exit(e) == 0 ? exit_ok : exit_usage;
  }

  try {
    for (const command& c : registered)
      if (c.app->parsed()) return c.run();
  } catch (const std::exception& e) {
    // Only resource exhaustion gets here: per-URL failures are handled by the commands.
    std::fprintf(stderr, "urlkit: %s\n", e.what());
    return exit_failed;
  }
  return exit_usage;
}
