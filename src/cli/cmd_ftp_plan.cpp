// urlkit ftp-plan: the FTP commands an ftp URL stands for (RFC 1738 3.2.2).
#include "scheme_command.hpp"
#include "urlkit/schemes/ftp.hpp"

namespace urlkit::cli {

command add_ftp_plan(CLI::App& parent) {
  return add_scheme_command(
      parent,
      {.name = "ftp-plan",
       .description = "Print the FTP commands an ftp URL stands for, one a line",
       .footer = "RFC 1738 3.2.2: CWD with each <cwd> in turn (an empty one is CWD with a null\n"
                 "argument, printed \"CWD \"), then TYPE A|I and RETR <name>, or NLST <name> for\n"
                 ";type=d. Arguments are decoded: ftp://host/%2Fetc/motd is CWD /etc, RETR motd.\n"
                 "A URL with an empty <name> and no typecode names a directory: NLST.",
       .strict = "Exactly RFC 1738's ftpurl grammar",
       .url = "An ftp URL"},
      urlkit::parse_ftp, [](output& out, const urlkit::ftp_view& f) {
        for (const auto& c : f.plan()) {
          out << c.to_string();
          out.end_line();
        }
      });
}

}  // namespace urlkit::cli
