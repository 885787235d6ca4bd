// urlkit idna: host names to their A-label form and back (IDNA2008, RFC 5891,
// with UTS #46 non-transitional processing and UseSTD3ASCIIRules;
// urlkit/idna.hpp).  Built without
// libidn2 (URLKIT_IDNA off), the command is still listed, and says so.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#ifdef URLKIT_HAS_IDNA
#include "urlkit/idna.hpp"
#endif

namespace urlkit::cli {
namespace {

struct idna_args {
  std::vector<std::string> names;
};

int run_idna(const idna_args& args, bool to_ascii) {
#ifdef URLKIT_HAS_IDNA
  // NAME:OFFSET: error: IDNA: REASON
  return print_each(args.names, shown_as::given, [&](std::string_view name) {
    return to_ascii ? urlkit::to_ascii_host(name) : urlkit::to_unicode_host(name);
  });
#else
  (void)args;
  (void)to_ascii;
  std_streams io;
  return io.fail(exit_usage,
                 "urlkit: IDNA support was not built (urlkit was configured without libidn2: "
                 "URLKIT_IDNA=OFF)");
#endif
}

}  // namespace

command add_idna(CLI::App& parent) {
  auto args = std::make_shared<idna_args>();
  CLI::App* app = parent.add_subcommand(
      "idna", "Convert host names to their A-label (xn--) form and back (IDNA2008, UTS #46)");
  app->require_subcommand(1);
  set_footer(
      *app,
      "IDNA2008 (RFC 5891) with UTS #46 processing, non-transitional and with\n"
      "UseSTD3ASCIIRules: names are mapped (lower case), normalized (NFC) and validated.\n"
      "Non-transitional: \"faß\" stays faß (xn--fa-hia), the name IDNA2008 registers, not\n"
      "\"fass\". STD3 rules: a label holds letters, digits and \"-\" only once mapped, as a\n"
      "URL's hostname does (RFC 1738 3.1), so \"_\" is refused. IDNA2008's validity applies\n"
      "on top of UTS #46 (RFC 5892): a symbol such as U+2615 is refused.\n"
      "One line per name on stdout; a name that does not convert is reported\n"
      "on stderr as NAME:OFFSET: error: IDNA: REASON, OFFSET that of the label at fault.");

  CLI::App* ascii = app->add_subcommand(
      "to-ascii", "Print each name's A-label form, as DNS looks it up (UTS #46 ToASCII)");
  ascii->add_option("NAME", args->names, "Host names, UTF-8 (default: one per line from stdin)");
  CLI::App* unicode = app->add_subcommand(
      "to-unicode", "Print each name's Unicode form, A-labels decoded (UTS #46 ToUnicode)");
  unicode->add_option("NAME", args->names,
                      "Host names, UTF-8 or A-labels (default: one per line from stdin)");
  set_footer(*ascii, "");
  set_footer(
      *unicode,
      "The name is validated as to-ascii validates it: an A-label that does not decode to a\n"
      "valid U-label (xn--a) is an error.");

  return {app, [args, ascii] { return run_idna(*args, ascii->parsed()); }};
}

}  // namespace urlkit::cli
