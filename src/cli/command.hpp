// urlkit CLI — the subcommand registry.
//
// Each subcommand lives in its own cmd_<name>.cpp and exposes one function
// that adds its CLI11 subcommand (options, help) and returns what runs it.
// Adding a command: write cmd_<name>.cpp, declare its add_ function below and
// list it in `commands`.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "urlkit/error.hpp"
#include "urlkit/result.hpp"
#include "urlkit/scheme.hpp"  // mask_password

namespace CLI {
class App;
}

namespace urlkit::cli {

struct std_streams;

/// Exit statuses shared by all commands.
enum exit_status : int {
  exit_ok = 0,
  exit_failed = 1,  // some input was invalid (or output could not be written)
  exit_usage = 2,   // bad command line, or an argument the whole run depends on (a base URL)
};

/// A registered subcommand: its CLI11 app, and what to run once parsed.
struct command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

using add_command_fn = command (*)(CLI::App& parent);

command add_parse(CLI::App& parent);
command add_resolve(CLI::App& parent);
command add_relative(CLI::App& parent);
command add_validate(CLI::App& parent);
command add_ftp_plan(CLI::App& parent);
command add_gopher_line(CLI::App& parent);
command add_data(CLI::App& parent);
command add_mime(CLI::App& parent);
command add_extract(CLI::App& parent);
command add_base(CLI::App& parent);
command add_absolutize(CLI::App& parent);
command add_idna(CLI::App& parent);

inline constexpr add_command_fn commands[] = {
    &add_parse, &add_resolve, &add_relative, &add_validate, &add_ftp_plan,   &add_gopher_line,
    &add_data,  &add_mime,    &add_extract,  &add_base,     &add_absolutize, &add_idna,
};

/// "offset N: message", the error text used on stderr by every command.
std::string describe(const urlkit::error& e);

/// Calls f(std::string_view) for each URL: the arguments if there are any,
/// else each line of stdin.  Returns false when stdin could not be read
/// (after reporting it).
bool for_each_input(const std::vector<std::string>& args,
                    const std::function<void(std::string_view)>& f);

/// Reads a whole file ("-": standard input) into `out`; false on a read
/// error, with errno saying why.
bool read_whole_file(const std::string& path, std::string& out);

/// The result and a newline on stdout, or "<error_prefix>error: offset N:
/// message" on stderr; returns io.finish() of exit_ok or exit_failed.
int print_result(std_streams& io, const urlkit::result<std::string>& r,
                 std::string_view error_prefix);

}  // namespace urlkit::cli
