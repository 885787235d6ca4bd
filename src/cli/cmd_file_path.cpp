// urlkit file-url and file-path: file names to file URLs and back (RFC 1738
// 3.10; Windows names as RFC 8089 appendix E maps them).  The conversions are
// the library's (urlkit/schemes/file.hpp); these commands only read and print.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/schemes/file.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli {
namespace {

struct file_path_args {
  bool windows = false;
  std::vector<std::string> inputs;
  urlkit::path_style style() const {
    return windows ? urlkit::path_style::windows : urlkit::path_style::posix;
  }
};

// One line per input on stdout; a failed one as INPUT:OFFSET: error: MESSAGE
// on stderr, the run going on (exit 1 at the end).
int run_file_url(const file_path_args& args) {
  // A file name is no URL: echoed as given, as idna echoes a host name.
  return print_each(args.inputs, shown_as::given, [&](std::string_view path) {
    return urlkit::file_url_from_path(path, args.style());
  });
}

int run_file_path(const file_path_args& args) {
  return print_each(args.inputs, shown_as::url, [&](std::string_view url) {
    return urlkit::path_from_file_url(url, args.style());
  });
}

void add_style_flag(CLI::App& app, file_path_args& args) {
  app.add_flag("--windows", args.windows,
               "Windows names (C:\\x, \\\\server\\share\\x; RFC 8089 appendix E) instead of POSIX");
}

}  // namespace

command add_file_url(CLI::App& parent) {
  auto args = std::make_shared<file_path_args>();
  CLI::App* app = parent.add_subcommand(
      "file-url", "Print the file URL of each absolute file name (RFC 1738 3.10)");
  set_footer(
      *app,
      "Each name's segments are escaped as path segments (\"?\", \"#\", \"%\", space are data).\n"
      "POSIX: /a b gives file:///a%20b. --windows: C:\\x gives file:///C:/x and\n"
      "\\\\server\\share\\x gives file://server/share/x (\"/\" separates names as \"\\\" does).\n"
      "A relative name, or one with NUL, is reported on stderr as NAME:OFFSET: error: MESSAGE.");
  add_style_flag(*app, *args);
  app->add_option("PATH", args->inputs, "File names (default: one per line from stdin)");
  return {app, [args] { return run_file_url(*args); }};
}

command add_file_path(CLI::App& parent) {
  auto args = std::make_shared<file_path_args>();
  CLI::App* app =
      parent.add_subcommand("file-path", "Print the file name each file URL names (RFC 1738 3.10)");
  set_footer(
      *app,
      "POSIX: the host must be \"\" or localhost; an encoded NUL or \"/\" is refused.\n"
      "--windows: file:///C:/x, file:/C:/x and file:C:/x give C:\\x; file://server/share/x,\n"
      "file:////server/share/x and file://///server/share/x give \\\\server\\share\\x. A\n"
      "drive letter not in A-Z, an encoded NUL, \"/\" or \"\\\" in a name are refused.\n"
      "Each failed URL is reported on stderr as URL:OFFSET: error: MESSAGE.");
  add_style_flag(*app, *args);
  app->add_option("URL", args->inputs, "File URLs (default: one per line from stdin)");
  add_show_password_flag(*app);
  return {app, [args] { return run_file_path(*args); }};
}

}  // namespace urlkit::cli
