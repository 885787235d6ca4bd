// urlkit gopher-line: the request line a gopher URL stands for (RFC 1738 3.4).
#include "scheme_command.hpp"
#include "urlkit/schemes/gopher.hpp"

namespace urlkit::cli {

command add_gopher_line(CLI::App& parent) {
  return add_scheme_command(
      parent,
      {.name = "gopher-line",
       .description = "Print the request line a gopher URL stands for, CRLF included",
       .footer =
           "RFC 1738 3.4: the decoded selector; then TAB and the search, when the URL has one;\n"
           "then TAB and the gopher+ string, when it has one; then CRLF. Exactly those bytes go\n"
           "to stdout. An encoded CR or LF in the selector or search is refused.",
       .strict = "Exactly RFC 1738's gopherurl grammar",
       .url = "A gopher URL"},
      urlkit::parse_gopher,
      // The bytes a client sends, CRLF included: nothing else on stdout.
      [](output& out, const urlkit::gopher_view& g) { out << g.request_line(); });
}

}  // namespace urlkit::cli
