// urlkit ftp-plan: the FTP commands an ftp URL stands for (RFC 1738 3.2.2).
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/schemes/ftp.hpp"

namespace urlkit::cli {
namespace {

struct ftp_plan_args {
  bool strict = false;
  std::string url;
};

int run_ftp_plan(const ftp_plan_args& args) {
  std_streams io;
  // Lenient mode: what RFC 1738 would refuse is said on stderr, and the plan
  // is still printed.
  auto warn = [&](const urlkit::warning& w) {
    io.err << args.url << ':' << w.offset << ": warning: " << w.message();
    io.err.end_line();
  };
  urlkit::scheme_options o;
  o.mode = args.strict ? urlkit::mode::strict : urlkit::mode::lenient;
  o.on_warning = urlkit::make_warning_sink(warn);
  auto f = urlkit::parse_ftp(args.url, o);
  if (!f) {
    io.err << args.url << ": error: " << describe(f.error());
    io.err.end_line();
    return io.finish(exit_failed);
  }
  for (const auto& c : f->plan()) {
    io.out << c.to_string();
    io.out.end_line();
  }
  return io.finish(exit_ok);
}

}  // namespace

command add_ftp_plan(CLI::App& parent) {
  auto args = std::make_shared<ftp_plan_args>();
  CLI::App* app =
      parent.add_subcommand("ftp-plan", "Print the FTP commands an ftp URL stands for, one a line");
  app->footer(
      "RFC 1738 3.2.2: CWD with each <cwd> in turn (an empty one is CWD with a null\n"
      "argument, printed \"CWD \"), then TYPE A|I and RETR <name>, or NLST <name> for\n"
      ";type=d. Arguments are decoded: ftp://host/%2Fetc/motd is CWD /etc, RETR motd.\n"
      "A URL with an empty <name> and no typecode names a directory: NLST.\n"
      "Exit status: 0 done, 1 not a valid ftp URL, 2 usage.");
  app->add_flag("--strict", args->strict, "Exactly RFC 1738's ftpurl grammar");
  app->add_option("URL", args->url, "An ftp URL")->required();
  return {app, [args] { return run_ftp_plan(*args); }};
}

}  // namespace urlkit::cli
