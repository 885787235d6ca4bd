// urlkit mime: URLs in MIME headers (RFC 2017) — encode a URL as the quoted
// URL-parameter, decode one, or take the URL out of a message/external-body
// Content-Type field.
#include <cstddef>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/mime.hpp"
#include "urlkit/security.hpp"

namespace urlkit::cli {
namespace {

struct mime_args {
  std::string input;
  std::size_t first_line_used = 0;
};

// The result and a newline on stdout, or "INPUT:OFFSET: error: MESSAGE" on
// stderr, INPUT with the password of its URL hidden and on one line.
int print(const urlkit::result<std::string>& r, std::string_view input) {
  std_streams io;
  masked_text shown = shown_field(input);
  shown.text = one_line(shown.text);
  return print_result(io, r, shown);
}

}  // namespace

command add_mime(CLI::App& parent) {
  auto args = std::make_shared<mime_args>();
  CLI::App* app = parent.add_subcommand(
      "mime", "URLs in MIME headers (RFC 2017): encode, decode, or read a Content-Type field");
  app->require_subcommand(1);
  set_footer(*app, "The error of an invalid input goes to stderr.");

  CLI::App* enc = app->add_subcommand(
      "encode",
      "Print the RFC 2017 URL-parameter of a URL: quoted, words of at most 40 characters");
  set_footer(
      *enc,
      "RFC 2017 3.1: SPACE, CTLs, <\">, \"\\\" and 8-bit octets are escaped as %XX (existing\n"
      "escapes are kept), the URL is cut into words of at most 40 characters, and the\n"
      "words are separated by a SPACE or, where a line would pass 76 characters, by a\n"
      "fold: CRLF and a SPACE, written as they would go into the header. The escaped\n"
      "URL must parse as an absolute URL.");
  enc->add_option("URL", args->input, "An absolute URL")->required();
  enc->add_option("--first-line-used", args->first_line_used,
                  "Characters of the header line before the parameter (default 0)");
  add_show_password_flag(*enc);

  CLI::App* dec = app->add_subcommand("decode", "Print the URL an RFC 2017 URL-parameter carries");
  set_footer(*dec,
             "RFC 2017 3.1: the enclosing quotes (required) and all linear white space (SPACE,\n"
             "TAB, folds) are removed; what remains must parse as an absolute URL.");
  dec->add_option("PARAM", args->input, "A quoted URL-parameter")->required();
  add_show_password_flag(*dec);

  CLI::App* hdr = app->add_subcommand(
      "header", "Print the URL of a message/external-body; access-type=URL Content-Type field");
  set_footer(*hdr,
             "The field body, with or without \"Content-Type:\" (any case); RFC 2045 5.1\n"
             "parameters in any order, folds and comments allowed. Refused: another type, an\n"
             "access-type other than URL, no URL parameter, and URLs that retrieve nothing\n"
             "(mailto, telnet, news:*; RFC 2017 2).");
  hdr->add_option("VALUE", args->input, "A Content-Type field (body)")->required();
  add_show_password_flag(*hdr);

  return {app, [args, enc, dec] {
            if (enc->parsed())
              return print(urlkit::encode_url_parameter_checked(args->input, args->first_line_used),
                           args->input);
            if (dec->parsed()) return print(urlkit::decode_url_parameter(args->input), args->input);
            return print(urlkit::url_from_external_body(args->input), args->input);
          }};
}

}  // namespace urlkit::cli
