// urlkit ftp-plan: the FTP commands an ftp URL stands for (RFC 1738 3.2.2).
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "scheme_command.hpp"
#include "urlkit/schemes/ftp.hpp"

namespace urlkit::cli {
namespace {

struct ftp_plan_args {
  bool strict = false;
  std::string url;
};

int run_ftp_plan(const ftp_plan_args& args) {
  return run_scheme_command(
      args.url, args.strict,
      [](const std::string& url, const urlkit::scheme_options& o) {
        return urlkit::parse_ftp(url, o);
      },
      [](output& out, const urlkit::ftp_view& f) {
        for (const auto& c : f.plan()) {
          out << c.to_string();
          out.end_line();
        }
      });
}

}  // namespace

command add_ftp_plan(CLI::App& parent) {
  auto args = std::make_shared<ftp_plan_args>();
  CLI::App* app =
      parent.add_subcommand("ftp-plan", "Print the FTP commands an ftp URL stands for, one a line");
  set_footer(*app,
             "RFC 1738 3.2.2: CWD with each <cwd> in turn (an empty one is CWD with a null\n"
             "argument, printed \"CWD \"), then TYPE A|I and RETR <name>, or NLST <name> for\n"
             ";type=d. Arguments are decoded: ftp://host/%2Fetc/motd is CWD /etc, RETR motd.\n"
             "A URL with an empty <name> and no typecode names a directory: NLST.");
  app->add_flag("--strict", args->strict, "Exactly RFC 1738's ftpurl grammar");
  app->add_option("URL", args->url, "An ftp URL")->required();
  add_show_password_flag(*app);
  return {app, [args] { return run_ftp_plan(*args); }};
}

}  // namespace urlkit::cli
