// urlkit validate: reports invalid URLs, compiler style (INPUT:OFFSET: error: MESSAGE).
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "command.hpp"
#include "io.hpp"
#include "urlkit/scheme.hpp"
#include "urlkit/url_view.hpp"

namespace urlkit::cli {
namespace {

struct validate_args {
  bool strict = false;
  std::vector<std::string> urls;
};

bool is_control(unsigned char c) {
  return c < 0x20 || c == 0x7f;
}

// On a terminal the input is echoed with its control characters (which the
// grammar rejects anyway) shown as '?', so that they neither move the caret
// nor reach the terminal as commands.  Tabs stay, and the caret line copies
// them, which keeps the columns aligned.
void write_caret(output& out, std::string_view input, std::size_t offset) {
  std::string& b = out.buffer();
  for (unsigned char c : input)
    b.push_back(c != '\t' && is_control(c) ? '?' : static_cast<char>(c));
  out.end_line();
  if (offset > input.size()) offset = input.size();
  for (std::size_t i = 0; i < offset; ++i) {
    unsigned char c = static_cast<unsigned char>(input[i]);
    if (c == '\t')
      b.push_back('\t');
    else if ((c & 0xC0) != 0x80)  // a UTF-8 continuation byte adds no column
      b.push_back(' ');
  }
  b.push_back('^');
  out.end_line();
}

void write_sanitized(output& out, std::string_view input) {
  for (unsigned char c : input) out << (is_control(c) ? '?' : static_cast<char>(c));
}

int run_validate(const validate_args& args) {
  std_streams io;
  const bool terminal = is_terminal(STDOUT_FILENO);
  const urlkit::mode m = args.strict ? urlkit::mode::strict : urlkit::mode::lenient;
  int status = exit_ok;
  bool read_ok = for_each_input(args.urls, [&](std::string_view input) {
    auto r = urlkit::parse_reference(input, m);
    urlkit::result<urlkit::scheme_value> data = urlkit::scheme_value();
    if (r) {
      urlkit::scheme_options so;
      so.mode = m;
      data = urlkit::scheme_registry::standard().describe(*r, so);
      if (data) return;
    }
    status = exit_failed;
    const urlkit::error& e = r ? data.error() : r.error();
    if (terminal)
      write_sanitized(io.out, input);
    else
      io.out << input;
    io.out << ':' << e.offset << ": error: " << e.message();
    io.out.end_line();
    if (terminal) write_caret(io.out, input, e.offset);
  });
  return io.finish(read_ok ? status : exit_failed);
}

}  // namespace

command add_validate(CLI::App& parent) {
  auto args = std::make_shared<validate_args>();
  CLI::App* app = parent.add_subcommand(
      "validate", "Check URLs; report each invalid one as INPUT:OFFSET: error: MESSAGE");
  app->footer(
      "Valid URLs print nothing. On a terminal a caret line marks the offending byte.\n"
      "Known schemes (ftp, http, gopher, mailto, news, nntp, telnet, wais, file, prospero)\n"
      "are also checked against their own RFC 1738 grammar.\n"
      "Warnings of lenient parsing are not reported; --strict turns them into errors.\n"
      "Exit status: 0 all valid, 1 some URL invalid, 2 usage.");
  app->add_flag("--strict", args->strict,
                "Exactly the grammar: unwise and non-ASCII characters and bad escapes are errors");
  app->add_option("URL", args->urls, "URLs to check (default: one per line from stdin)");
  return {app, [args] { return run_validate(*args); }};
}

}  // namespace urlkit::cli
